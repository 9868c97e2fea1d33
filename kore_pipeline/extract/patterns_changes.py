"""Trigger rows of issue 19u (a memory states what is true now, in every language we read),
appended to each language's table after the third round's rows.

In it/es/fr/de/pt: habits said with a first-person habit verb ("Fumo un pacchetto al
giorno", "Je bois du café", "Ich spiele Handball") and the statements that end them or any
other fact ("ho smesso di fumare", "ya no soy vegetariano", "je ne fume plus", "ich rauche
nicht mehr", "deixei de beber"), eating meat again, an age just reached ("ho compiuto 38
anni"), a move with a time in between ("wir sind letzten Sommer nach Leipzig gezogen",
"mudei-me para o Porto"). The slots (:mod:`kore_pipeline.text.slots`) read what each sets.

Rows are ``(category, polarity, regex)`` as in ``patterns_lang.TABLE``.
"""

from __future__ import annotations

from kore_pipeline.extract.trigger_parts import CAP as _CAP
from kore_pipeline.extract.trigger_parts import HAB, PROF, Row
from kore_pipeline.text.endings import CONSUMED
from kore_pipeline.text.habit_verbs import DO, SUBJECT, first_persons
from kore_pipeline.text.slot_rules import DIET_OTHER_RULES, RELATIONSHIP_OTHER
from kore_pipeline.text.slot_rules_now import NOW_RULES
from kore_pipeline.text.swaps import ENDED_PATTERNS, GONE_PATTERNS, SWAP_PATTERNS

_TAIL = {  # an ending's fact runs to the end of its clause
    lang: r"[^.;!?,]{0,80}?)(?=\s*(?:[.;!?,]|$)|\s+(?:" + words + r")\b)"
    for lang, words in (("it", r"perché|ma|però|quindi|e\s+(?:ora|adesso)"),
                        ("es", r"porque|pero|así\s+que|y\s+ahora"),
                        ("fr", r"parce|mais|donc|et\s+maintenant"),
                        ("de", r"weil|aber|also|und\s+jetzt"),
                        ("pt", r"porque|mas|então|e\s+agora"))}
_CLITIC = r"(?:(?:lo|la|li|le|ne|mi|ci|ti|me|te|se)\s+)?"
_CONSUMED = "|".join(sorted(CONSUMED, key=len, reverse=True))
"""What one drinks, eats or smokes ("coffee", "sugar"): what "I've cut out …" can name."""


def _habit(lang: str) -> Row:
    """A first-person habit verb followed by what, how often or since when (not by a word of
    taste: "ich esse lieber Fisch" is a preference, the taste rows')."""
    verbs = first_persons(lang, DO) + (r"|fais(?=\s+(?:du\s|de\s+la\s|de\s+l'|des\s))"
                                       if lang == "fr" else "")
    return (HAB, "+", SUBJECT[lang] + r"(?P<pre>" + verbs + r")\b\s+"
            r"(?!(?:viel\s+|eher\s+)?(?:lieber|gerne?|volentieri|volontiers|plutôt)\b)(?P<fact>\w"
            + _TAIL[lang])


EN: list[Row] = [
    # habits the older rows leave out: "I smoke about ten a day", "I run marathons", "I drink
    # a lot of energy drinks" (what a later "I gave up smoking in the new year" ends)
    (HAB, "+", r"\b(?:I|we)(?:\s+(?:still|also|usually|often|really|actually|sometimes)){0,2}\s+"
               r"(?=(?:smoke|vape|drink|run(?!\s+(?:a|an|my|our|the)\b)|jog)\b(?!\s+(?:it|that|"
               r"this|them|out|into|over|away|late|low|up|for|to|across|through|by|off)\b))"),
    # a thing cut out: "I've cut out alcohol", "I cut out sugar last year" (the slots read
    # it as the ending of "I drink alcohol", "I eat sugar": text/endings)
    (HAB, "+", r"\b(?:I|we)(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|completely\s+|totally\s+)?"
               r"(?P<pre>cut\s+out)\s+(?P<fact>(?:(?:my|all|most)\s+)?(?:" + _CONSUMED + r")\b"
               r"[^.;!?,]{0,60}?)(?=\s*(?:[.;!?,]|$)|\s+(?:because|but|so|since|and)\b)"),
    # transitions stated without an ending word: "We got married in May", "Luke and I broke
    # up", "I'm seeing someone", "I'm unemployed", "We live just outside Cardiff"
    (PROF, "+", r"\b(?:I|we)(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+)?"
                r"(?P<pre>got)\s+(?P<fact>married|engaged|divorced)\b"),
    (PROF, "+", r"\b(?:I|we|me\s+and\s+" + _CAP + r"\w+)(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|"
                r"finally\s+)?(?P<fact>broke\s+up|broken\s+up|split\s+up|separated)\b(?!\s+(?:a|an|the|it|that|"
                r"this|them|into|my|our|his|her|their)\b)"),
    (PROF, "+", r"\bI(?:'m|\s+am)\s+(?:now\s+)?(?P<pre>seeing)\s+(?=(?:someone|somebody|"
                r"a\s+(?:guy|girl|man|woman))\b(?!\s+(?:about|for|at|on|in|to|tomorrow|today|"
                r"next|this)\b))"),
    (PROF, "+", r"\bI(?:'m|\s+am)\s+(?:currently\s+|still\s+|now\s+)?(?P<fact>unemployed|"
                r"out\s+of\s+work|between\s+jobs|jobless)\b"),
    (PROF, "+", r"\bwe\s+(?:now\s+)?live\s+(?:just\s+)?(?:outside(?:\s+of)?|near|close\s+to)\s+"
                r"(?=" + _CAP + ")"),
]
IT: list[Row] = [
    _habit("it"),
    (HAB, "+", r"\b(?:io\s+)?(?P<fact>non\s+" + _CLITIC + r"\w+\s+più\b(?!\s+(?:di|che)\b)"
               + _TAIL["it"]),
    (HAB, "+", r"\b(?P<fact>(?:ho|avevo)\s+(?:(?:appena|già|finalmente|ormai|del\s+tutto)\s+)?"
               r"smesso\s+(?:di|d')\s*\w+" + _TAIL["it"]),
    (PROF, "+", r"\b(?:ho\s+)?(?P<pre>ricominciato\s+a\s+mangiare)\s+(?=(?:la\s+)?carne\b)"),
    (PROF, "+", r"\bho\s+(?:appena\s+)?(?P<pre>compiuto)\s+(?P<fact>\d{1,3}\s+anni)\b"),
]
ES: list[Row] = [
    _habit("es"),
    (HAB, "+", r"\b(?P<fact>ya\s+no\s+\w+" + _TAIL["es"]),
    (HAB, "+", r"\b(?:yo\s+)?(?P<fact>no\s+" + _CLITIC + r"\w+\s+más\b(?!\s+(?:que|de)\b)"
               + _TAIL["es"]),
    (HAB, "+", r"\b(?P<fact>(?:dejé|he\s+dejado)\s+de\s+\w+" + _TAIL["es"]),
    (PROF, "+", r"\b(?P<pre>(?:volví|he\s+vuelto)\s+a\s+comer)\s+(?=carne\b)"),
    (PROF, "+", r"\b(?:ya\s+|acabo\s+de\s+)?(?P<pre>cumplí|he\s+cumplido)\s+(?P<fact>\d{1,3})"
                r"(?:\s+años)?\b"),
]
FR: list[Row] = [
    _habit("fr"),
    (HAB, "+", r"\b(?P<fact>je\s+(?:ne\s+|n')\w+\s+plus\b(?!\s+(?:que|qu')\b)" + _TAIL["fr"]),
    (HAB, "+", r"\b(?P<fact>j'ai\s+(?:(?:complètement|enfin|déjà|définitivement)\s+)?"
               r"(?:arrêté|cessé)\s+(?:de\s+|d')\w+" + _TAIL["fr"]),
    (PROF, "+", r"\bj'ai\s+(?P<pre>eu)\s+(?P<fact>\d{1,3}\s+ans)\b"),
]
DE: list[Row] = [
    _habit("de"),
    (HAB, "+", r"\b(?P<fact>ich\s+\w+\s+(?:[\w-]+\s+){0,4}?(?:nicht|kein(?:e|en|er|es)?\s+"
               r"[\w-]+)\s+mehr\b" + _TAIL["de"]),
    (HAB, "+", r"\b(?P<fact>ich\s+habe\s+(?:[\w-]+\s+){0,3}?(?:mit\s+(?:dem\s+|der\s+)?"
               r"[\w-]+\s+)?aufgehört(?:,?\s+(?:[\w-]+\s+){0,3}?zu\s+\w+)?" + _TAIL["de"]),
    (PROF, "+", r"\b(?:ich\s+bin|wir\s+sind)\s+(?:[\w-]+\s+){1,3}?nach\s+(?=" + _CAP +
                r"[^.;!?]{0,30}?\bgezogen\b)"),
    (PROF, "+", r"\b(?P<pre>ich\s+bin)\s+(?:gerade\s+|gestern\s+|jetzt\s+)?(?P<fact>\d{1,3})"
                r"\s+geworden\b"),
]
PT: list[Row] = [
    _habit("pt"),
    (HAB, "+", r"\b(?:eu\s+)?(?P<fact>não\s+" + _CLITIC + r"\w+\s+mais\b(?!\s+(?:que|de|do|da)"
               r"\b)" + _TAIL["pt"]),
    (HAB, "+", r"\b(?P<fact>já\s+não\s+\w+" + _TAIL["pt"]),
    (HAB, "+", r"\b(?P<fact>(?:deixei|parei|larguei)\s+de\s+\w+" + _TAIL["pt"]),
    (PROF, "+", r"\b(?P<pre>voltei\s+a\s+comer)\s+(?=carne\b)"),
    (PROF, "+", r"\b(?:mudei-me|me\s+mudei|mudámo-nos|mudamo-nos)\s+para\b"),
    (PROF, "+", r"\b(?P<pre>fiz|completei)\s+(?P<fact>\d{1,3}\s+anos)\b"),
]

_CAR_VERBS = {"it": r"(?:io\s+)?guido", "es": r"(?:yo\s+)?(?:conduzco|manejo)",
              "fr": r"je\s+conduis", "de": r"ich\s+fahre", "pt": r"(?:eu\s+)?(?:dirijo|conduzo)"}
CAR_ARTICLES = r"(?:una?|une?|einen|ein|eine|uma?)"
"""A car driven: "Ich fahre (jetzt) einen Skoda", "guido una Fiat" (the slot ``car``)."""
for _lang, _verb in _CAR_VERBS.items():
    {"it": IT, "es": ES, "fr": FR, "de": DE, "pt": PT}[_lang].append(
        (PROF, "+", r"\b" + _verb + r"\s+(?:(?:jetzt|nun|ora|adesso|ahora|maintenant|agora)\s+)?"
                    + CAR_ARTICLES + r"\s+(?=" + _CAP + ")"))

CHANGE_ROWS: dict[str, list[Row]] = {"en": EN, "it": IT, "es": ES, "fr": FR, "de": DE, "pt": PT}
for _lang, _patterns in RELATIONSHIP_OTHER.items():  # "je suis en couple", "ci siamo lasciati"
    CHANGE_ROWS[_lang].extend((PROF, "+", p.replace("(?P<value>", "(?P<fact>"))
                              for p in _patterns)

# Issue 20u: a thing replaced ("Cambié el Clio por un Hyundai"), given up without its verb
# ("J'ai arrêté le café", "I left Barclays"), what is true now said with a colloquial verb,
# by becoming or by going back ("je bosse chez Airbus", "Virei advogada", "ho ripreso a
# mangiare la carne"), a named thing had, and the other languages' diets: each statement a
# fact, its clause as said, which the slots read (text/swaps.py, text/slot_rules_now.py).
_SAID = "".join(rf"(?<!\b{w}\s)" for w in ("non", "no", "not", "não", "nao", "ne", "nicht", "nie",
                                          "mai", "never", "nunca", "jamais"))
"""Not right after a negation ("Non mangio carne", "Não estou trabalhando na Ambev")."""
for _lang, _patterns in SWAP_PATTERNS.items():
    CHANGE_ROWS[_lang].extend((PROF, "+", f"{_SAID}(?P<fact>{p})") for p in _patterns)
for _lang, _patterns in ENDED_PATTERNS.items():
    CHANGE_ROWS[_lang].extend((HAB, "+", f"{_SAID}(?P<fact>{p})") for p in _patterns)
for _lang, _patterns in GONE_PATTERNS.items():
    CHANGE_ROWS[_lang].extend((PROF, "+", f"{_SAID}(?P<fact>{p})") for p in _patterns)
for _lang, _slot, _pattern in [*NOW_RULES, *((lang, "diet", p) for lang, p in DIET_OTHER_RULES)]:
    # a pet's name: the other rows read it ("Tengo un perro, Toby"), but for one adopted
    # ("adoptamos una perrita, Canela"; English: the row below, its fact the pet and name)
    if _slot != "name" or (_lang != "en" and "ado" in _pattern):
        CHANGE_ROWS[_lang].append((PROF, "+", _SAID + _pattern.replace("(?P<value>", "(?P<fact>")))
EN.append((PROF, "+", r"\b(?:I|we)(?:'ve|\s+have)\s+(?:now\s+|just\s+)?got\s+(?:a|an)\s+"
                      r"(?:new\s+)?(?=(?:dog|cat|puppy|kitten|rabbit|bunny|hamster|guinea\s+pig|"
                      r"parrot|budgie|tortoise|turtle|horse|pony|ferret)\s+(?:called|named)\s+"
                      + _CAP + ")"))
