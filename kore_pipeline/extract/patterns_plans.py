"""Trigger rows of plans and intentions: what someone means to do, a ``decision``.

"I'm going to start a pottery class", "I plan to run the Berlin marathon", "I intend to
finish my thesis", "I want to learn to surf", "I need to renew my passport before June",
"I'll sell my old bike next month", "my goal is to read fifty books"; "voy a empezar a
correr", "ho intenzione di iscrivermi", "je compte vendre ma voiture", "ich habe vor, …
zu laufen", "pretendo mudar de emprego". Chat spellings come with the English rows ("im
gonna …", "i wanna …", "gotta …": :mod:`.chat`).

Most such words also say what one is about to do or say *in the conversation* ("I'm going
to be honest", "I'll let you know", "I want to ask you something", "I have to go", "je vais
bien", "quiero decir", "ich muss los"): those verbs never start a plan here
(:data:`_NOT_PLAN_EN` and each language's list), nor does a verb with only a pronoun for
object ("I'll do it", "I'm going to try"). "will" and "need/have to" are the loosest: they
count only with a plan's verb or a time to come in the clause ("I'll start learning Spanish",
"I'll sell my old bike next month"). A plan said in a question, after "if", or about
someone else gives nothing, as every trigger.

Rows are ``(category, polarity, regex)`` as in ``patterns_lang.TABLE``; appended after the
third round's rows, so what an earlier row reads at the same place and length stays its.
"""

from __future__ import annotations

from kore_pipeline.extract.trigger_parts import DEC, Row
from kore_pipeline.extract.trigger_parts import any_of as _any

_ADV_EN = (r"(?:\s+(?:really|definitely|finally|seriously|actually|also|just|still|"
           r"totally|probably|hopefully|eventually|soon))?")
_NOT_PLAN_EN = (
    r"(?!" + _any(
        r"the a an my our your his her their this that these those some it them so something "
        r"anything bed school work church "
        r"college university class town lunch dinner breakfast gym \w+'s "
        r"[\w-]+\s+(?:school|college|university) enjoy love like "
        r"be say tell ask\s+(?:you|u|if|whether|why|what|how|about|a\s+question) admit agree add "
        r"mention point confess thank know see hear "
        r"try\b(?=\s*(?:[,.!?]|$|again|harder|it\b|that\b|this\b)) "
        r"think wonder check let leave head sleep bed cry die scream faint explode miss "
        r"lose(?!\s+(?:weight|some\s+weight|[\w.]+\s+(?:kilos?|kgs?|pounds|lbs|stone))\b) "
        r"talk chat text message reply answer respond look keep hug wait guess bet need "
        r"have\s+(?:to|a\s+look|a\s+think|a\s+go|fun|a\s+nap) "
        r"get\s+going get\s+back get\s+some\s+sleep go\s+(?:now|home|to\s+bed|to\s+sleep|back"
        r"\s+to\s+sleep|out\s+now|for\s+now) go\b(?=\s*(?:[,.!?]|$)) run\b(?=\s*(?:[,.!?]|$)) "
        r"do\s+(?:my\s+best|that|this|it|so|the\s+same) make\s+(?:sure|it|this|that) "
        r"take\s+(?:a\s+look|care|a\s+nap|it|that|this) give\s+(?:it|you|that) share "
        r"remember forget stop\s+(?:there|here|now) call\s+(?:you|it|him|her) send\s+you "
        r"show\s+you pass tag kill join\s+in") + r"\b)"
    r"(?!\w+\s+(?:it|that|this|them|you|him|her|tomorrow|today|later|again|soon|"
    r"(?:next|this)\s+\w+)\s*(?:[.,!?]|$))"
    r"(?![^.;!?]*\b(?:now|in\s+a\s+(?:bit|minute|sec|second|moment|while)|tonight|later\s+today|"
    r"this\s+(?:afternoon|evening|morning))\b)"
    r"(?=(?-i:[a-z])[a-z]+\s+\w)")
"""Not a plan: what one says or does in the conversation, a place one goes to, a verb with only
a pronoun or a time, a verb alone ("I'm going to try."), a name ("I'm going to Italy"), or what one
does now ("I'm going to go for a walk in a bit"). A plan's verb has something after it."""
_LATER_EN = (r"(?=[^.;!?]*?\b(?:"
            r"next\s+(?:week|weekend|month|year|spring|summer|autumn|fall|winter|term|semester|"
            r"january|february|march|april|may|june|july|august|september|october|november|"
            r"december|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|"
            r"this\s+(?:year|spring|summer|autumn|fall|winter|weekend)|"
            r"(?:in|by|before)\s+(?:january|february|march|april|june|july|august|september|"
            r"october|november|december|the\s+new\s+year|\d{4}|a\s+(?:few\s+)?(?:weeks?|"
            r"months?|years?)))\b)")
"""A time to come in the clause ("next month", "before June", "this summer")."""
_SOON_EN = _LATER_EN.replace("(?:", "(?:tomorrow|", 1)
"""The same, or tomorrow: a thing one needs to do tomorrow is a plan, one will do is chat."""
_PLAN_VERB_EN = _any(
    r"start begin quit stop sell buy move learn finish join apply retire travel visit study "
    r"switch sign\s+up take\s+up enrol enroll train save open launch build renovate "
    r"repaint adopt get\s+(?:married|engaged|divorced) run\s+(?:a|the|my) cut\s+down "
    r"give\s+up") + r"\b"
"""Verbs of a life plan, which make "I'll …" a plan without a time ("I'll start running")."""
_NOT_SAID = (r"(?<!maybe )(?<!perhaps )(?<!might )(?<!what )(?<!whatever )(?<!where )"
             r"(?<!how )(?<!if )(?<!whether )(?<!when )")
"""A hedge or a question word right before: "maybe I'll …", "what I want to do"."""
_WE_I = _NOT_SAID + r"\b(?:I|we)"

EN: list[Row] = [
    # "I'm going to start a pottery class", "we're gonna move", "im definitely going to …"
    (DEC, "+", _WE_I + r"(?:'m|'re|\s+am|\s+are)" + _ADV_EN + r"\s+going\s+to\s+" + _NOT_PLAN_EN),
    # "I plan to run the marathon", "I'm planning on taking a gap year", "I intend to …"
    (DEC, "+", _WE_I + _ADV_EN + r"\s+(?:plan|intend|aim|mean)\s+(?:to|on)\s+" + _NOT_PLAN_EN
               + r"|" + _WE_I + r"(?:'m|'re|\s+am|\s+are)" + _ADV_EN + r"\s+(?:planning|"
               r"intending|aiming|hoping)\s+(?:to|on)\s+" + _NOT_PLAN_EN),
    # "I want to learn to surf", "i wanna get a tattoo", "I'd really like to learn Italian"
    (DEC, "+", _NOT_SAID + r"\bI" + _ADV_EN + r"\s+want\s+to\s+" + _NOT_PLAN_EN),
    # "I need to renew my passport before June", "I have to get my car serviced next week"
    (DEC, "+", _NOT_SAID + r"\bI" + _ADV_EN + r"(?:\s+need\s+to|\s+have\s+to|'ve\s+got\s+to|"
               r"\s+have\s+got\s+to|\s+gotta)\s+"
               + _NOT_PLAN_EN + r"(?:(?=" + _PLAN_VERB_EN + r")|" + _SOON_EN + r")"),
    # "I'll start learning Spanish", "we will sell the house next year"
    (DEC, "+", _WE_I + r"(?:'ll|\s+will)" + _ADV_EN + r"\s+" + _NOT_PLAN_EN
               + r"(?:(?=" + _PLAN_VERB_EN + r")|" + _LATER_EN + r")"),
    # "my goal this year is to read fifty books", "our plan is to retire at 55"
    (DEC, "+", r"\b(?:my|our)\s+(?:main\s+|big\s+|new\s+)?(?:goal|plan|aim|resolution|new\s+year's"
               r"\s+resolution)(?:\s+for\s+(?:this|next)\s+\w+|\s+(?:this|next)\s+\w+)?\s+"
               r"is\s+to\s+" + _NOT_PLAN_EN),
]

# Other languages: the verb after the head is an infinitive (a clitic may follow it).
_INF_IT = r"(?=\w+(?:are|ere|ire|rre)\b|\w+(?:ar|er|ir|rr)(?:mi|ti|ci|vi|si|lo|la|li|le|ne)\b)"
_NOT_IT = r"(?!(?:essere|dire|sapere|ammettere|chiedere|ringraziare|scappare|vedere|andare)\b)"
_INF_ES = r"(?=\w+(?:ar|er|ir)(?:me|te|se|nos|lo|la|los|las|le)?\b)"
_NOT_ES = r"(?!(?:ser|estar|decir|ver|saber|admitir|preguntar|irme|dormir|pensarlo)\b)"
_INF_FR = r"(?=(?:m'|me\s+|nous\s+|y\s+)?\w+(?:er|ir|re|oir)\b)"
_NOT_FR = r"(?!(?:être|dire|voir|savoir|avouer|partir|y\s+aller|demander|dormir|réfléchir)\b)"
_INF_PT = r"(?=\w+(?:ar|er|ir|or)(?:-me|-se|-lo|-la)?\b)"
_NOT_PT = r"(?!(?:ser|estar|dizer|ver|saber|admitir|perguntar|pensar|ir)\b(?!\s+(?:a|à|ao|para)\b))"

IT: list[Row] = [
    (DEC, "+", r"\b(?:io\s+)?(?:ho|abbiamo)\s+(?:intenzione|in\s+programma|in\s+mente)\s+di\s+"
               + _NOT_IT + _INF_IT
               + r"|\b(?:io\s+)?(?:voglio|vorrei|devo|dobbiamo|vogliamo)\s+(?:proprio\s+|"
               r"assolutamente\s+)?" + _NOT_IT + _INF_IT),
]

ES: list[Row] = [
    (DEC, "+", r"\b(?:yo\s+)?(?:voy|vamos)\s+a\s+" + _NOT_ES + _INF_ES
               + r"|\b(?:yo\s+)?(?:pienso|planeo|quiero|tengo\s+que|tengo\s+pensado|"
               r"pensamos|queremos|tenemos\s+que)\s+" + _NOT_ES + _INF_ES),
]

FR: list[Row] = [
    (DEC, "+", r"\b(?:je\s+(?:vais|compte|veux|dois|prévois\s+de)|nous\s+(?:allons|comptons|"
               r"voulons|devons)|j'ai\s+l'intention\s+de|on\s+va)\s+" + _NOT_FR + _INF_FR),
]

DE: list[Row] = [
    (DEC, "+", r"\b(?:ich|wir)\s+(?:werde|werden|will|wollen|muss|müssen|plane|planen)\s+"
               r"(?!(?:los|nicht|es|das|mal\s+sehen|sehen|sagen|zugeben|gestehen|gehen)\b)"
               r"(?=[^.;!?]*?\w+(?:en|ern|eln)\s*(?:[.;!?,]|$))"
               r"|\b(?:ich|wir)\s+(?:habe|haben)\s+vor,?\s+(?=[^.;!?]*?\bzu\s+\w+en\b)"),
]

PT: list[Row] = [
    (DEC, "+", r"\b(?:eu\s+)?(?:vou|vamos|pretendo|pretendemos|quero|queremos|planejo|"
               r"tenho\s+(?:que|de)|temos\s+(?:que|de))\s+" + _NOT_PT + _INF_PT),
]

PLAN_ROWS: dict[str, list[Row]] = {"en": EN, "it": IT, "es": ES, "fr": FR, "de": DE, "pt": PT}
