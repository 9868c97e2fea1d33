"""Slots: the one thing a statement sets, so that a later value can supersede an earlier one.

``slot_of("I moved to Berlin", "en") == ("residence", "berlin")``: "I live in Turin" fills the
same slot with another value, so the later statement supersedes the earlier (extraction upsert
and compression both ask). A slot holds one value at a time for one person: where one person
can have many (tools, children, tickets) the slot name carries what tells them apart
("tool:vs code" is what the user uses *in place of* VS Code; "count:kid" how many kids).
Patterns are English first, with residence, job and employer in it/es/fr/de/pt too.
"""

from __future__ import annotations

import re
from functools import lru_cache

from kore_pipeline.rules import GRAMMARS
from kore_pipeline.text import endings, swaps
from kore_pipeline.text.fact_guard import NUMBER_WORDS, plain
from kore_pipeline.text.habit_verbs import NAME_OF
from kore_pipeline.text.literals import LiteralFilter, case_fold
from kore_pipeline.text.names import AFTER_NAME
from kore_pipeline.text.owned import car_name, owned_slot, phone_name
from kore_pipeline.text.places import place_prefix
from kore_pipeline.text.slot_hints import HINT_STARTS
from kore_pipeline.text.slot_rules import FLAGS, LANGUAGE_NAMES, RULES

Slot = tuple[str, str]
"""(slot name, value), both lower case."""

ENDING_ONLY_PREFIX = "habit:"
"""Slots one may hold several values of at once that only a statement ending one replaces
("I play tennis" and "I play chess"; "I don't play tennis anymore" ends the first)."""

SWAP_PREFIX = "tool:"
"""The slot of what replaced a thing: ``tool:vs code`` is what one uses in place of VS Code,
``tool:corsa`` the car bought in place of the Corsa."""
ENDED_PREFIX = "ended:"
"""The slot of a thing given up or sold, said without a habit verb (``ended:cafe``)."""
GONE_PREFIX = "gone:"
"""The slot of one who died, by name (``gone:nibbles``): it ends the names it held."""
NAMED_SLOTS = ("habit:%", "tool:%", "has:%", "owns:%", "car", "phone", "employer", "hobby",
               "learning")
"""Slots (LIKE patterns) a thing given up or replaced ends when their value names it word
for word: "Cambié el Clio por un Hyundai" ends "Tengo un Renault Clio" (``has:renault clio``),
"I've packed in the squash" ends "I play squash" (``habit:play``)."""

CHANGE_ONLY_SLOTS = frozenset({"fan", "learning"})
"""Slots a person may fill with several values at once: a later value replaces an earlier one
only when its statement says it changed (:func:`states_change`)."""

_SINGULAR = {"children": "kid", "child": "kid", "kids": "kid", "grandchildren": "grandchild"}
_SAME_NAME = {"puppy": "dog", "kitten": "cat", "favorite": "favourite", "get up": "wake up",
              "go to sleep": "go to bed", "cane": "dog", "perro": "dog", "perra": "dog",
              "perrita": "dog", "perrito": "dog", "chien": "dog", "chienne": "dog", "hund": "dog",
              "hundin": "dog", "cachorro": "dog", "cachorra": "dog", "cao": "dog",
              "cadela": "dog", "gatto": "cat", "gatta": "cat", "gato": "cat", "gata": "cat",
              "chat": "cat", "chatte": "cat", "katze": "cat", "kater": "cat"}
"""Slot names said two ways: a puppy's name is the dog's, "get up" is "wake up"."""
_SAME_DIET = {"everything": "omnivore", "anything": "omnivore", "meat": "omnivore",
              "chicken": "omnivore", "beef": "omnivore", "pork": "omnivore", "fish": "pescatarian",
              "steak": "omnivore", "burger": "omnivore", "bacon": "omnivore", "vlees": "omnivore",
              "vis": "pescatarian"}
"""Diets said by what one eats: "I eat everything" is an omnivore's."""
_LANGUAGE_NAME = re.compile(LANGUAGE_NAMES, FLAGS)
_DIET_STEMS = (("végétal", "vegan"), ("vegetal", "vegan"), ("vegan", "vegan"), ("végan", "vegan"),
               ("veget", "vegetarian"), ("végét", "vegetarian"), ("pesc", "pescatarian"),
               ("carne", "omnivore"), ("viande", "omnivore"), ("fleisch", "omnivore"),
               ("crudist", "raw"), ("flexitarier", "flexitarian"))
"""The other languages' diets by their English name: "vegetariana" -> "vegetarian"."""


_OUT_OF_WORK = frozenset({"unemployed", "out of work", "between jobs", "jobless"})
_STATUS_STEMS = (("broke up", "single"), ("broken up", "single"), ("split up", "single"),
                 ("seeing", "in a relationship"), ("single", "single"), ("solter", "single"),
                 ("célibataire", "single"),
                 ("ledig", "single"), ("lasciat", "single"), ("lo dejamos", "single"),
                 ("rompimos", "single"), ("quitt", "single"), ("casad", "married"),
                 ("casam", "married"), ("casá", "married"), ("casé", "married"),
                 ("sposat", "married"), ("mari", "married"), ("verheiratet", "married"),
                 ("geheiratet", "married"), ("divor", "divorced"), ("geschieden", "divorced"),
                 ("scheiden", "divorced"), ("separ", "separated"), ("sépar", "separated"),
                 ("getrennt", "separated"), ("fidanzat", "in a relationship"),
                 ("en couple", "in a relationship"), ("en pareja", "in a relationship"),
                 ("namorando", "in a relationship"), ("vergeben", "in a relationship"),
                 ("pacs", "in a relationship"), ("prometid", "engaged"), ("fianc", "engaged"),
                 ("verlobt", "engaged"), ("comprometimos", "engaged"), ("noiv", "engaged"),
                 ("vedov", "widowed"), ("viud", "widowed"), ("viúv", "widowed"),
                 ("veu", "widowed"), ("verwitwet", "widowed"), ("dumped", "single"),
                 ("left", "single"), ("broke up with", "single"), ("terminei", "single"),
                 ("casar", "married"), ("getrouwd", "married"), ("gescheiden", "divorced"),
                 ("verloofd", "engaged"), ("vrijgezel", "single"), ("weduw", "widowed"))
"""The other languages' relationship statuses by their English name."""


def _status(value: str) -> str:
    """One name per relationship status in every language: "soltero" -> "single"."""
    folded = plain(value).casefold()
    return next((name for stem, name in _STATUS_STEMS if folded.startswith(plain(stem))),
                folded)


def _diet(value: str) -> str:
    """One name per diet in every language: "I eat everything" and "Ich esse wieder
    Fleisch" are an omnivore's, "vegetariana" and "Vegetarierin" a vegetarian's."""
    folded = plain(value).casefold()
    if folded in _SAME_DIET:
        return _SAME_DIET[folded]
    return next((name for stem, name in _DIET_STEMS if folded.startswith(plain(stem))), value)


def _clean(value: str) -> str:
    value = plain(value).replace("’", "'").strip(" .,'\"")
    return re.sub(r"\s+", " ", value)


def _count(value: str) -> str | None:
    word = value.casefold()
    if word.isdigit():
        return str(int(word))
    return str(NUMBER_WORDS[word]) if word in NUMBER_WORDS else None


def _money(value: str) -> str:
    """"2,500 euros" -> "2500 eur", "$1.5k" -> "1.5k usd": one spelling per amount."""
    value = value.replace(" ", "")
    marks = (("€", "eur"), ("eur", "eur"), ("$", "usd"), ("dollar", "usd"), ("usd", "usd"),
             ("£", "gbp"), ("pound", "gbp"), ("gbp", "gbp"))
    currency = next((code for mark, code in marks if mark in value), "")
    amount = re.sub(r"[^\d.,k]", "", value)
    if re.fullmatch(r"\d{1,3}(?:[.,]\d{3})+", amount):
        amount = re.sub(r"[.,]", "", amount)
    return f"{amount} {currency}".strip()


_HAS_DIGIT = re.compile(r"\d")
_CLAUSE_END = re.compile(r"[,;.!?]|\s(?:aber|und|doch|sondern)\s|$")


def _negated(lang: str, text: str, start: int) -> bool:
    """Whether the clause of ``text`` from ``start`` holds the language's "not" said after the
    verb (:attr:`Grammar.clause_negation`: German "keinen Kaffee", "nicht"; "nicht mehr", an
    ending, is read before the rules)."""
    clause = _CLAUSE_END.search(text, start)
    return _CLAUSE_NOT[lang].search(text, start, clause.start() if clause else len(text)) \
        is not None


_ANY_JOB = re.compile(r"\s*(?:I|we)\s+(?:(?:my|our)\s+(?:old\s+|current\s+|day\s+)?job|working)"
                      r"\b", FLAGS)
"""The ending of a job with no employer a slot can read: "I quit my job (at amazon)"."""
_RULE_FILTER = LiteralFilter([rx for _, _, rx in RULES])
"""Which rules can match a text (their literals are in it)."""
_RULES_OF: dict[str, tuple[int, ...]] = {
    lang: tuple(i for i, rule in enumerate(RULES) if rule[0] == lang)
    for lang in dict.fromkeys(rule[0] for rule in RULES)}
"""Each language's rules, by index in :data:`RULES` (in order)."""


def slot_of(text: str, language: str | None = "en") -> Slot | None:
    """The (slot, value) ``text`` sets, or None; tried in the text's language, then English.

    A negated statement ("It's not true that I live in Turin") sets no slot.
    """
    folded = case_fold(text)
    start = 0 if _HAS_DIGIT.search(text) else HINT_STARTS.first(folded)
    if start < 0:
        return None
    swapped = swaps.replacement(text, folded, language)
    if swapped is not None:  # "I traded in the Corsa for a Kia": what replaced the Corsa
        return (f"{SWAP_PREFIX}{swapped[0]}", swapped[1])
    gone = swaps.gone_name(text, folded, language)
    if gone is not None:  # "Nibbles died in the spring": the names it held end
        return (f"{GONE_PREFIX}{gone}", endings.ended_value(gone))
    # "I'm no longer vegan", "I stopped drinking coffee": the slot of "I'm vegan", "I drink
    # coffee", value "not vegan", "not coffee"
    ended = endings.ended_statements(text, folded, language)
    said = next((s for s in map(lambda p: _slot_of(p, language), ended) if s is not None), None)
    if ended and (then := _then_slot(text, language)) is not None \
            and (said is None or said[0] == then[0]):
        return then  # "I quit Deloitte and joined Fernway": the new value, not the ending
    if said is not None:
        return (said[0], endings.ended_value(said[1]))
    if ended and _ANY_JOB.match(ended[0]):  # "I quit my job": whatever the employer was
        return ("employer", endings.ended_value(endings.NO_OBJECT))
    if (thing := swaps.ended_thing(text, folded, language)) is not None:
        # "J'ai arrêté le café", "ho venduto la Panda": whatever named it ends
        then = _then_slot(text, language) or (None if ended else _slot_of(text, language))
        if then is not None and thing not in then[1]:  # "I left Initech and joined Spotify"
            return then
        return (f"{ENDED_PREFIX}{thing}", endings.ended_value(thing))
    return None if ended else _slot_of(text, language)


_THEN = re.compile(r"(?:,|;|\s+(?:and|y|e|et|und)\b)\s*(?:(?:now|then|ahora|agora|adesso|ora|"
                   r"maintenant|jetzt)\s+)?", FLAGS)
"""Where an ending's next clause begins ("I quit Deloitte *and* joined Fernway")."""


def _then_slot(text: str, language: str | None) -> Slot | None:
    """The slot a clause after an ending sets with a value of its own (not another ending)."""
    for m in _THEN.finditer(text):
        rest = text[m.end():]
        if rest and endings.ended_statements(rest, case_fold(rest), language) == [] \
                and (said := _slot_of(rest, language)) is not None:
            return said
    return None


@lru_cache(maxsize=8192)
def _slot_of(text: str, language: str | None) -> Slot | None:
    langs = [language or "en"] + ([] if language == "en" else ["en"])
    may_match = frozenset(_RULE_FILTER.candidates(case_fold(text)))
    if not may_match:
        return None
    for lang in langs:
        for i in _RULES_OF.get(lang, ()):
            if i not in may_match:
                continue
            _, slot, pattern = RULES[i]
            m = pattern.search(text)
            if m is None:
                continue
            said = m.group("value")
            neg = _NEG_OF.get(lang, _NEG)
            if neg.search(text[max(0, m.start() - 25): m.start("value") if said else m.end()]):
                continue
            value = _clean(said or "")
            if slot == "habit" and lang in _CLAUSE_NOT and _negated(lang, text, m.start()):
                continue  # "Ich trinke keinen Kaffee", "Ich rauche nicht": as "I don't smoke"
            name = m.groupdict().get("name")
            if slot == "habit":  # "I run" (no object) is ended by "I don't run anymore"
                verb = re.sub(r"\s+", " ", _clean(name or "").casefold())
                return (f"habit:{NAME_OF.get(verb, verb)}", value.casefold() or endings.NO_OBJECT)
            if not value:
                continue
            if slot == "residence" and value[:1].islower():  # "we live in leipzig now"
                value = place_prefix(value) or ""
                if not value:
                    continue
            if slot == "retired":  # "I retired": whatever the job was
                return ("job", endings.ended_value(endings.NO_OBJECT))
            if slot == "has":  # "Tengo un Renault Clio": one of many things one has
                return (f"has:{value.casefold()}", value.casefold())
            if slot == "count":
                count = _count(value)
                if count is None:
                    continue
                noun = _clean(name or "")
                noun = _SINGULAR.get(noun, noun[:-1] if noun.endswith("s") else noun)
                return (f"count:{noun}", count)
            if slot == "tool" and name is None:
                return (f"tool:{value}", value)
            if slot == "tool" and _LANGUAGE_NAME.fullmatch(name or ""):
                return ("learning", value)  # "I switched from Japanese to Korean"
            if slot == "diet":
                value = _diet(value)
            if slot == "relationship":
                value = _status(value)
            if slot == "employer" and value.casefold() in _OUT_OF_WORK:
                value = endings.ended_value(endings.NO_OBJECT)  # "I'm unemployed"
            if slot == "budget":
                value = _money(value)
            if name:
                name = _clean(name).casefold()
                name = _SAME_NAME.get(name, name)
            return (f"{slot}:{name}" if name else slot, value)
    return None


_KIN_EN: dict[str, str] = {
    word: english.strip() for g in GRAMMARS.values() for part in g.kin.split(";") if part.strip()
    for english, words in [part.split(":")] for word in words.split()}
"""Family and pets in the grammars' languages by their English name (each grammar's ``kin``),
so that a name is the same slot whatever the language it was said in ("mi perro se llama
Toby": ``name:dog``)."""


_KIN_ENGLISH = ("wife husband partner boyfriend girlfriend fiance fiancee son daughter kid baby "
                "brother sister mother father mum mom dad grandmother grandfather grandma grandpa "
                "cousin uncle aunt nephew niece dog cat puppy kitten rabbit parrot horse hamster")
_KIN_WORDS = sorted({*_KIN_EN, *_KIN_ENGLISH.split(), *_SAME_NAME}, key=len, reverse=True)
_NAMING = (r"(?:se\s+llama[n]?|si\s+chiama(?:no)?|s['’]appelle(?:nt)?|hei(?:ß|ss)t|heet|"
           r"se\s+chama|chama-se|is\s+called|is\s+named|called|named|['’]s\s+name\s+is)")
_KIN_NAME = re.compile(r"\b(?P<kin>" + "|".join(map(re.escape, _KIN_WORDS)) + r")\b"
                       r"(?P<naming>\s+" + _NAMING + r")?[\s,:]+(?P<name>[^\W\d_][\w'’-]*)",
                       FLAGS)
_NOT_NAMES = frozenset(
    "is è est ist es é and e y et und en has ha a hat tiene tem heeft was lives vive vit wohnt "
    "woont mora who che que qui der die das also too anche también aussi auch também ook now ora "
    "adesso ahora maintenant jetzt agora nu just still always never the il el le lo la o de het "
    "loves ama adore liebt gosta works lavora trabaja travaille arbeitet trabalha werkt says dice "
    "dit sagt diz zegt wants vuole quiere veut will quer wil got gets had have my mio mia mi ma "
    "mon mein meine meu minha mijn and or oder ou o of di del von van do da, too".replace(",", "")
    .split())


def kin_name(content: str) -> Slot | None:
    """The name of a relative or a pet a family fact gives, whatever its language: "mein
    bruder felix" -> ("name:brother", "felix"), "onze kat heet Mientje" -> ("name:cat",
    "mientje"). A lower-case word is a name only after a naming verb or where a name ends
    (a comma, "and", "is"): "mi hermano vive en Quito" names no one."""
    for m in _KIN_NAME.finditer(content):
        name = m.group("name").strip("'’")
        folded = name.casefold()
        if len(name) < 2 or folded in _NOT_NAMES or folded in _KIN_EN or folded in _SAME_NAME \
                or not (name[:1].isupper() or m.group("naming")
                        or AFTER_NAME.match(content, m.end())):
            continue
        kin = m.group("kin").casefold()
        kin = _SAME_NAME.get(kin, kin)
        return (f"name:{_SAME_NAME.get(_KIN_EN.get(kin, kin), _KIN_EN.get(kin, kin))}",
                plain(folded))
    return None


_THING_SLOTS = ("has:", "owns:", "tool:")


def as_owned(slot: Slot | None) -> Slot | None:
    """A slot of a thing one has, owns or switched to that names a car or a phone, as the
    ``car`` or ``phone`` slot ("ho una Panda": has:panda -> car: panda; "traded the golf for a
    model 3": tool:golf -> car: model 3), so the one said last supersedes the one before;
    another slot as it is."""
    if slot is None:
        return None
    if slot[0] in ("car", "phone") or slot[0].startswith(_THING_SLOTS):
        owned = owned_slot(slot[1])
        if owned is not None and (slot[0] not in ("car", "phone") or owned[0] == slot[0]):
            return owned
    return slot


def rule_slot(slot: str, said: str, name: str | None = None) -> Slot | None:
    """The slot a grammar rule's ``value`` group read (``rules.Rule.slot``), its value cleaned
    as :func:`slot_of` cleans its own: a lower-case residence only as far as it names a known
    place, diets and relationship statuses by their English names; with ``name`` (whose it
    is: "dog", "moglie") the slot is ``slot:name`` ("name:dog"). None when nothing is left."""
    if name:
        key = re.sub(r"\s+", " ", _clean(name).casefold())
        key = _SAME_NAME.get(key, key)
        if key.endswith(("hund", "-mix")):  # a German breed: "dackel-mix", "schäferhund"
            key = "dog"
        slot = f"{slot}:{_KIN_EN.get(key, key)}"
    value = _clean(said)
    if slot == "residence" and value[:1].islower():
        value = place_prefix(value) or ""
    if not value:
        return None
    if slot == "car":
        return ("car", car) if (car := car_name(value)) else None
    if slot == "phone":
        return ("phone", phone) if (phone := phone_name(value)) else None
    if slot in ("owned", "owned_here"):  # a car or a phone, by the name said
        return owned_slot(value)
    if slot == "diet":
        value = _diet(value)
    elif slot == "relationship":
        value = _status(value)
    elif slot in ("health", "allergy") and not name:  # one may have several: one slot each
        slot = f"{slot}:{value.casefold()}"
    return (slot, value.casefold())


def clear_cache() -> None:
    """Forget the cached slots."""
    _slot_of.cache_clear()


_NEG_WORDS = ("not never don't don’t doesn't didn't didn’t no\\s+longer non no nicht kein não nao "
              "jamais jamás pas nunca")
_NEG = re.compile(r"\b(?:" + "|".join(_NEG_WORDS.split()) + r")\b", FLAGS)
_NEG_OF = {g.code: re.compile(r"\b(?:" + "|".join(w for w in _NEG_WORDS.split()
                                                  if w not in g.negation_lookalikes) + r")\b",
                              FLAGS)
           for g in GRAMMARS.values() if g.negation_lookalikes}
"""Per language, the "not" words but those that are its ordinary words (Portuguese "no")."""
_CLAUSE_NOT = {g.code: re.compile(g.clause_negation, FLAGS)
               for g in GRAMMARS.values() if g.clause_negation}


def supersedes(old: Slot | None, new: Slot | None) -> bool:
    """Whether a statement setting ``new`` replaces one setting ``old``: same slot, other
    value; an ending ("not coffee") replaces only what it ends (:func:`.endings.ends`), and
    a habit (``habit:play``: tennis, chess) replaces only its own ending ("I smoke again")
    and is replaced only by an ending."""
    if old is None or new is None or old[0] != new[0] or old[1] == new[1]:
        return False
    if endings.is_ending(new[1]):
        return endings.ends(old[1], new[1])
    if not new[0].startswith(ENDING_ONLY_PREFIX):
        return True
    return endings.is_ending(old[1]) and endings.ends(new[1], old[1])  # "I smoke again"


_CHANGE = re.compile(r"\b(?:now|nowadays|these\s+days|any\s?more|no\s+longer|instead|"
                     r"switched|changed|gave\s+up|given\s+up|cut\s+out|stopped|quit|anymore|become|"
                     r"became)\b", FLAGS)
"""Words saying a statement replaces what held before."""


_PARTNERS = ("boyfriend", "girlfriend", "partner", "fiance", "fiancee", "wife", "husband")
_ENDS_PARTNER = {"single": _PARTNERS, "divorced": _PARTNERS, "separated": _PARTNERS,
                 "widowed": _PARTNERS,
                 "married": ("boyfriend", "girlfriend", "fiance", "fiancee")}
"""What a relationship status ends of the named people: "I'm single" ends "my boyfriend
is Luke", "we got married" ends "my girlfriend is Ana" (she is a wife now)."""


def also_ends(slot: Slot) -> list[tuple[str, str | None]]:
    """The other slots (a SQL LIKE pattern, and the value, None: any) a statement setting
    ``slot`` ends: a relationship status ends the names of partners it rules out, and
    "switched from tennis to padel" / "padel instead of tennis" (``tool:tennis``) ends the
    habit of tennis ("I play tennis")."""
    name, value = slot
    if name == "relationship":
        return [(f"name:{who}", None) for who in _ENDS_PARTNER.get(value, ())]
    if name.startswith(SWAP_PREFIX) and not endings.is_ending(value):
        return [(f"{ENDING_ONLY_PREFIX}%", name[len(SWAP_PREFIX):])]
    if name.startswith(ENDED_PREFIX) and name[len(ENDED_PREFIX):] in endings.ALCOHOL:
        # "Mit dem Alkohol habe ich aufgehört" ends "Ich trinke jeden Abend ein Bier"
        return [("habit:drink", drink) for drink in (endings.NO_OBJECT, *sorted(endings.ALCOHOL))]
    return []


def thing_ended(slot: Slot) -> tuple[str, tuple[str, ...]] | None:
    """The thing a statement setting ``slot`` gives up or replaces ("cafe" of
    ``ended:cafe``, "corsa" of ``tool:corsa``), and the slots (LIKE patterns) whose memories
    naming it, word for word, end with it: :data:`NAMED_SLOTS`; a name of one who died
    (``gone:``) ends the names it held ("my hamster is called Nibbles")."""
    name, value = slot
    if name.startswith(ENDED_PREFIX) and name[len(ENDED_PREFIX):]:
        return name[len(ENDED_PREFIX):], NAMED_SLOTS
    if name.startswith(SWAP_PREFIX) and name[len(SWAP_PREFIX):] and not endings.is_ending(value):
        return name[len(SWAP_PREFIX):], NAMED_SLOTS
    if name.startswith(GONE_PREFIX) and name[len(GONE_PREFIX):]:
        return name[len(GONE_PREFIX):], ("name:%",)
    return None


def states_change(text: str) -> bool:
    """Whether ``text`` says it replaces what held before ("now", "these days", "instead",
    "switched", "gave up" ...)."""
    return _CHANGE.search(text) is not None


def may_replace(slot: str, later_text: str) -> bool:
    """Whether the later of two statements giving ``slot`` different values may supersede
    the earlier: always, but for :data:`CHANGE_ONLY_SLOTS` only when it says it changed."""
    return slot not in CHANGE_ONLY_SLOTS or states_change(later_text)


def replaces(old: Slot | None, new: Slot | None, new_text: str) -> bool:
    """Whether a statement ``new_text`` setting ``new`` supersedes one setting ``old``: another
    value of the same slot, and for :data:`CHANGE_ONLY_SLOTS` a statement of change."""
    return supersedes(old, new) and new is not None and may_replace(new[0], new_text)
