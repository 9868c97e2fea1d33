"""Trigger rows of the second coverage round (issue 13 item 4), appended to each language's
table of :mod:`kore_pipeline.extract.patterns_lang` after its other rows (so a fact's
``trigger`` tells them apart): sleep and schedule, shifts and working pattern, comparatives,
"I'd prefer", standing requests ("Please use metric units"), obligations of diet and health
("I have to avoid caffeine"), favourites wording ("my go-to drink is"), needs and time
constraints, and relatives' and pets' names in es/fr/de/pt; plus :data:`NOT_REFUSAL`, the
guard that keeps "I prefer not to answer that" from being a preference.

Rows are ``(category, polarity, regex)`` as in ``patterns_lang.TABLE``.
"""

from __future__ import annotations

from kore_pipeline.extract.trigger_parts import DEC, HAB, PREF, PROF, Row
from kore_pipeline.extract.trigger_parts import any_of as _any

# Not a refusal to answer after a preference verb: "I prefer not to answer that", "I'd prefer
# to keep that private", "Preferisco non rispondere", "Je préfère ne pas en parler".
_TELL_EN = _any(r"answer say tell talk discuss comment share disclose reveal go\s+into "
                r"get\s+into elaborate specify mention speak respond reply")
NOT_REFUSAL: dict[str, str] = {
    "en": (r"(?!\s+(?:not\s+to|to\s+not)\s+" + _TELL_EN + r"\b|\s+to\s+keep\s+(?:that|it|this|"
           r"those|these|my\s+\w+)\s+(?:private|to\s+myself|personal|confidential|secret)\b)"),
    "it": r"(?!\s+non\s+(?:rispondere|dirlo|dire|parlarne|commentare|rivelarlo|risponderti)\b)",
    "es": r"(?!\s+no\s+(?:responder|contestar|decirlo|decir|hablar|comentar)\w*)",
    "fr": r"(?!\s+ne\s+pas\s+(?:répondre|le\s+dire|dire|en\s+parler|parler|commenter)\b)",
    "de": (r"(?!\s+(?:nicht|nichts)\s+(?:dazu\s+|darüber\s+)?(?:sagen|reden|sprechen|"
           r"antworten)\b)"),
    "pt": r"(?!\s+não\s+(?:responder|dizer|falar|comentar)\w*)",
}

_HOUR_EN = (r"(?:about\s+|around\s+)?(?:\d|noon|midnight|half|one|two|three|four|five|six|"
            r"seven|eight|nine|ten|eleven|twelve)")
_DAY_EN = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_ONE_OFF_EN = (r"(?![^;!?]*\b(?:tomorrow|tonight|today|this\s+(?:morning|afternoon|evening|week|"
               r"weekend|time)|next\s+\w+|right\s+now)\b)")
_OBJ_PRONOUN = r"(?!(?:it|that|this|them|him|her|you|those|these|one)\b)"

EN: list[Row] = [
    # sleep and schedule: "I go to bed at 11pm", "I wake up early"
    (HAB, "+", r"\bI(?:\s+(?:now|still|also|generally|mostly))?\s+(?P<pre>go\s+to\s+(?:bed|sleep)|"
               r"get\s+to\s+bed|fall\s+asleep|"
               r"wake\s+up|get\s+up|turn\s+in|start\s+work|finish\s+work|leave\s+work)(?=\s+(?:at|around|by|before|after|"
               r"about|between)\s+" + _HOUR_EN + r"|\s+(?:early|late|at\s+dawn)\b)" + _ONE_OFF_EN),
    # working pattern: "I work night shifts", "I work from home", "I work weekends"
    (PROF, "+", r"\bI(?:\s+(?:also|currently|still|now|mostly|usually|often))?\s+"
                r"(?:work|am\s+working|'m\s+working)\s+(?=(?:the\s+|a\s+)?(?:night|early|late|"
                r"morning|evening|afternoon|day|graveyard|overnight|weekend|double|split|"
                r"rotating|\d+[- ]hour|twelve[- ]hour)\s+shifts?\b|(?:nights|weekends|"
                r"from\s+home|remotely|overnight|shifts|two\s+jobs|three\s+jobs|"
                r"\d+\s+hours\s+a)\b)"),
    # comparatives: "I'd pick Vim over Emacs any day", "I always choose tea over coffee"
    (PREF, "+", r"\bI(?:(?:'d|\s+would|'ll|\s+will)(?:\s+(?:always|much|still))?\s+(?:pick|"
                r"choose|take|go\s+for|opt\s+for|vote\s+for)|(?:\s+(?:always|usually))?\s+"
                r"(?:pick|choose|go\s+for|opt\s+for|vote\s+for))\s+(?=" + _OBJ_PRONOUN +
                r"[^.;!?]{1,60}?\s+over\s+(?!(?:the\s+)?(?:weekend|phone|years?|summer|winter|"
                r"holidays?|past|course|there|here|it|that|this|time|internet|radio|top|"
                r"edge|moon)\b)\w)"),
    # "I'd prefer X", "I would prefer not to drive" (not a refusal to answer)
    (PREF, "+", r"\bI(?:'d|\s+would)\s+(?:much\s+|really\s+|honestly\s+)?prefer\b"
                + NOT_REFUSAL["en"] + r"(?!\s+(?:it|that|if)\b)"),
    # standing requests: "Please use metric units", "Please reply in Spanish"
    (DEC, "+", r"^(?:(?:also|and|oh|so|ok|okay),?\s+)?please,?\s+(?:just\s+)?(?=(?:use|"
               r"avoid|stick\s+to|default\s+to|format|spell|cc|bcc|"
               r"(?:reply|respond|answer|write|talk|speak)\s+(?:to\s+me\s+)?(?:only\s+)?"
               r"(?:in|briefly|concisely|formally|informally|casually)|"
               r"keep\s+(?:(?:your|the|all|my)\s+)?(?:answers|responses|replies|messages|"
               r"emails|summaries|explanations)\s+(?:short|brief|concise|simple|under|below)|"
               r"refer\s+to\s+me\s+as|address\s+me\s+as|stop\s+\w+ing)\b(?!\s+(?:it|this|that|"
               r"these|those|them|the\s+(?:following|attached|above|same|one))\b))"
               r"(?P<fact>[^.;!?]{2,150}?)(?=\s*[.;!?]|,?\s+(?:but|because|since|unless|so)\b"
               r"|,\s|$)"),
    # obligations of diet and health ("I have to avoid caffeine", "I'm not allowed to eat
    # sugar") and time constraints ("I must be home by 6pm on weekdays"): one row, so the
    # literal scan runs it once for "have"/"need"/"must"
    (PROF, "+", r"\bI(?:\s+(?:really|also|still|now))?(?:\s+have\s+to|\s+need\s+to|\s+must|"
                r"'ve\s+got\s+to|\s+have\s+got\s+to|(?:'m|\s+am)\s+supposed\s+to)\s+"
                r"(?:(?:strictly|always|really|completely)\s+)?(?=(?:avoid|stay\s+away\s+from|"
                r"steer\s+clear\s+of|cut\s+out|cut\s+back\s+on|stay\s+off|keep\s+off)\s+"
                + _OBJ_PRONOUN + r"\w)"
                r"|\bI(?:'m|\s+am)\s+not\s+(?:allowed|supposed|permitted)\s+to\s+(?=(?:eat|drink|"
                r"have|take|consume|lift|drive)\s+" + _OBJ_PRONOUN + r"\w)"
                r"|\bI(?:\s+(?:always|usually|also|still))?(?:\s+must|\s+have\s+to|\s+need\s+to|"
                r"'ve\s+got\s+to|\s+have\s+got\s+to)\s+" + _ONE_OFF_EN + r"(?=(?:be|get|leave|"
                r"finish|pick\s+up|drop\s+off|start|stop|arrive|go\s+to\s+bed)\b[^.;!?]{0,40}?"
                r"\b(?:by|before|until|till|no\s+later\s+than)\s+(?:\d|noon|midnight|one|two|"
                r"three|four|five|six|seven|eight|nine|ten|eleven|twelve|" + _DAY_EN + r"))"),
    # favourites wording: "My go-to drink is", "my editor of choice is", "my guilty pleasure is"
    (PREF, "+", r"\bmy\s+(?:(?:absolute|current|all[- ]time)\s+)?(?:go-to|goto|comfort|"
                r"guilty\s+pleasure|[\w-]+\s+of\s+choice|usual\s+(?:order|drink|coffee|"
                r"breakfast|snack|spot|haunt))(?:\s+[\w'\-]{1,20}){0,2}?\s+(?:is|are)\b"),
    # needs: "I need a wheelchair-accessible venue", "I need a quiet place to work"
    (PROF, "+", r"\bI(?:\s+(?:always|really|also|still))?\s+(?:need|require)\s+(?!(?:(?:a|an|"
                r"the|some)\s+)?(?:[\w-]+\s+)?(?:moment|minute|second|break|day|night|time|"
                r"word|weekend|holiday|nap)\b)(?=(?:(?:a|an|"
                r"the|some)\s+)?(?:[\w-]+\s+){0,2}?(?:[\w]+-(?:accessible|friendly|free|proof|"
                r"floor)|wheelchair|accessible|step-free|ground[- ]floor|elevator|quiet\s+(?:place|"
                r"room|space|spot|area|table|environment|office|hotel|corner|seat)|"
                r"halal|kosher|vegan|vegetarian|aisle\s+seats?|window\s+seats?|hearing\s+aids?|"
                r"glasses|insulin|inhaler|(?:\d+|six|seven|eight|nine|ten)\s+hours\s+of\s+"
                r"sleep)\b)"),
]

IT: list[Row] = [
    (HAB, "+", r"\b(?:io\s+)?(?P<pre>vado\s+a\s+(?:letto|dormire)|mi\s+sveglio|mi\s+alzo|"
               r"mi\s+corico|mi\s+addormento|esco\s+di\s+casa|inizio\s+a\s+lavorare|"
               r"finisco\s+di\s+lavorare)(?=\s+(?:alle|all'|verso\s+(?:le|l')|intorno\s+alle|"
               r"prima\s+delle|dopo\s+le|a\s+mezzanotte|presto|tardi)|\s+all')"),
]

ES: list[Row] = [
    (HAB, "+", r"\b(?:yo\s+)?(?P<pre>me\s+acuesto|me\s+levanto|me\s+despierto|"
               r"me\s+voy\s+a\s+(?:la\s+cama|dormir)|entro\s+a\s+trabajar|salgo\s+de\s+trabajar|"
               r"empiezo\s+a\s+trabajar)(?=\s+(?:a\s+las?|sobre\s+las|hacia\s+las|"
               r"antes\s+de\s+las|después\s+de\s+las|a\s+medianoche|temprano|tarde)\b)"),
    (PROF, "+", r"\b(?P<pre>mis?\s+" + _any(
        r"esposo esposa marido mujer novio novia pareja hij[oa]s? madre padre mamá papá "
        r"herman[oa]s? abuel[oa] perr[oa] gat[oa] mascota jefe jefa mejor\s+amig[oa]")
     + r"\s+se\s+llaman?)\b(?=\s+\w)"),
]

FR: list[Row] = [
    (HAB, "+", r"\bje\s+(?P<pre>me\s+couche|me\s+lève|me\s+réveille|vais\s+(?:me\s+coucher|"
               r"au\s+lit|dormir)|commence\s+(?:le\s+travail|à\s+travailler)|"
               r"finis\s+(?:le\s+travail|de\s+travailler))(?=\s+(?:à|vers|avant|après|tôt|"
               r"tard)(?!\w))"),
    (PROF, "+", r"\b(?P<pre>(?:mon|ma|mes)\s+" + _any(
        r"mari femme époux épouse compagnon compagne copain copine fils fille enfants frère "
        r"sœur soeur mère père maman papa chien chienne chat chatte patron patronne "
        r"meilleure?\s+amie?") + r"\s+s'appell(?:e|ent))(?=\s+\w)"),
]

DE: list[Row] = [
    (HAB, "+", r"\bich\s+(?P<pre>stehe|gehe|wache|lege\s+mich|fange|höre)\s+(?=(?:um|gegen|"
               r"vor|nach|ab)\s+(?:\d|halb|Mitternacht|ein|zwei|drei|vier|fünf|sechs|sieben|"
               r"acht|neun|zehn|elf|zwölf)[^.;!?]{0,30}?\b(?:auf|ins\s+Bett|schlafen|"
               r"zu\s+Bett|an|mit\s+der\s+Arbeit)\b)"),
    (PROF, "+", r"\b(?P<pre>(?:mein|meine)\s+" + _any(
        r"Mann Frau Ehemann Ehefrau Partner(?:in)? Freund(?:in)? Sohn Tochter Kinder Bruder "
        r"Schwester Mutter Vater Mama Papa Hund Katze Kater Chef(?:in)?")
     + r"\s+hei(?:ß|ss)(?:t|en))\b(?=\s+\w)"),
]

PT: list[Row] = [
    (HAB, "+", r"\b(?:eu\s+)?(?P<pre>acordo|levanto-me|me\s+levanto|deito-me|me\s+deito|"
               r"vou\s+(?:dormir|para\s+a\s+cama|deitar-me))(?=\s+(?:às|à|por\s+volta\s+das|"
               r"antes\s+das|depois\s+das|cedo|tarde)(?!\w))"),
    (PROF, "+", r"\b(?P<pre>(?:meu|minha|meus|minhas)\s+" + _any(
        r"marido esposa esposo mulher namorad[oa] filh[oa]s? mãe pai irmão irmã irmãos irmãs "
        r"avó avô cachorro cão gat[oa] chefe melhor\s+amig[oa]")
     + r"\s+(?:se\s+chamam?|chamam?-se))(?=\s+\w)"),
]

MORE_ROWS: dict[str, list[Row]] = {"en": EN, "it": IT, "es": ES, "fr": FR, "de": DE, "pt": PT}
