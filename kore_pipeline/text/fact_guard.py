"""Fact guard: whether two similar texts state different facts (never to be merged).

Sentence embeddings are nearly blind to digits and to "not": "my flight is at 10:30" and "…at
11:30" have a cosine above 0.95. Compression asks :func:`fact_difference` before merging a
pair; any answer other than None keeps both memories (or lets the later supersede the
earlier, see :mod:`kore_pipeline.text.slots`). Four kinds of difference are told apart,
cheaply and without a model:

- ``number``: the multisets of numbers differ (digits, with thousands separators folded:
  1,500 = 1500; number words of en/it/es/fr/de/pt: "two kids" = "2 kids"; versions, ids, times
  and dates all reduce to their numbers), or, of two or more distinct numbers, one changed the
  word beside it: "room 12 on floor 3" / "room 3 on floor 12" (each number is compared with
  its neighbouring words; a stopword or no word beside it is no evidence either way);
- ``date``: the weekdays or months named differ (en/it/es/fr/de/pt);
- ``negation``: one text has a negation word and the other has none (presence, not parity:
  Italian "non … mai", Spanish "no … nunca" are one negation);
- ``entity``: each text has a capitalised word (a name, place, product) the other lacks.

A paraphrase keeps all four ("React 19 supports server components natively" / "React
version 19 has built-in server component support"), so it still merges.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from kore_pipeline.text.normalize import fold
from kore_pipeline.text.stopwords import is_stopword

KINDS = ("number", "date", "negation", "entity")

_NUMBER_WORDS_TEXT = {
    "en": "zero one two three four five six seven eight nine ten eleven twelve thirteen "
          "fourteen fifteen sixteen seventeen eighteen nineteen twenty",
    "it": "zero uno due tre quattro cinque sei sette otto nove dieci undici dodici",
    "es": "cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce",
    "fr": "zéro un deux trois quatre cinq six sept huit neuf dix onze douze",
    "de": "null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf",
    "pt": "zero um dois três quatro cinco seis sete oito nove dez onze doze",
}
_EXTRA_NUMBER_WORDS = {"thirty": 30, "forty": 40, "fifty": 50, "hundred": 100,
                       "thousand": 1000, "dozen": 12, "una": 1, "une": 1, "uma": 1,
                       "duas": 2, "ein": 1, "eine": 1, "zwo": 2, "couple": 2}
# Words that are also articles or pronouns in some language are left out ("un", "uno", "sei",
# "one" of "one of my favourite" stays: in facts it is mostly a count).
_AMBIGUOUS = {"un", "una", "une", "uma", "um", "ein", "eine", "sei", "null", "once", "dos"}


def plain(text: str) -> str:
    """Case-folded, apostrophes unified, accents off: "Lunedì" -> "lunedi"."""
    if text.isascii():
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", fold(text).casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _number_words() -> dict[str, int]:
    out: dict[str, int] = {}
    for words in _NUMBER_WORDS_TEXT.values():
        for value, word in enumerate(words.split()):
            out.setdefault(plain(word), value)
    for word, value in _EXTRA_NUMBER_WORDS.items():
        out.setdefault(word, value)
    return {w: v for w, v in out.items() if w not in _AMBIGUOUS}


NUMBER_WORDS = _number_words()
_CALENDAR_TEXT = (
    "monday tuesday wednesday thursday friday saturday sunday "
    "january february march april may june july august september october november december "
    "lunedi martedi mercoledi giovedi venerdi sabato domenica gennaio febbraio marzo aprile "
    "maggio giugno luglio agosto settembre ottobre novembre dicembre "
    "lunes martes miercoles jueves viernes sabado domingo enero febrero abril mayo junio julio "
    "agosto septiembre octubre noviembre diciembre "
    "lundi mardi mercredi jeudi vendredi samedi dimanche janvier fevrier mars avril mai juin "
    "juillet aout septembre octobre novembre decembre "
    "montag dienstag mittwoch donnerstag freitag samstag sonntag januar februar marz juni juli "
    "oktober dezember "
    "segunda terca quarta quinta sexta janeiro fevereiro marco maio junho julho setembro "
    "outubro novembro dezembro "
    "mon tue wed thu fri sat sun jan feb mar apr jun jul aug sep sept oct nov dec"
)
_CASED = {"may", "mar", "sat", "sun", "mon", "mai", "sept", "marco", "jan"}
CALENDAR = frozenset(_CALENDAR_TEXT.split()) - _CASED
"""Weekday and month names, folded (accents off). English "may", "sun"… are ordinary words."""
_CALENDAR_CASED = frozenset(_CASED - {"marco"})
"""Calendar words counted only when capitalised ("in May", not "I may"; French "mai" is
also Italian "never"; "Marco" is a name, Portuguese "março" is matched unfolded)."""

_NEGATIONS = frozenset("""
not no never nothing nobody none neither nor cannot without dont doesnt didnt isnt arent wasnt
werent wont wouldnt cant couldnt shouldnt hasnt havent hadnt
non mai niente nessuno nessuna senza nunca nada nadie ningun ninguna sin tampoco
ne pas jamais rien personne aucun aucune sans
nicht nie niemals nichts kein keine keinen keiner keinem ohne
nao nem nenhum nenhuma sem
""".split())  # noqa: SIM905 - a word list reads best as text
"""Negation words of en/it/es/fr/de/pt, folded, apostrophes removed."""
NEGATION_WORDS = _NEGATIONS

_TOKEN = re.compile(r"[^\W_]+(?:['’][^\W_]+)*", re.UNICODE)
_GROUPED = re.compile(r"^\d{1,3}(?:[.,]\d{3})+$")
_SENTENCE_END = frozenset(".!?;:\n")
_COMMON_INITIAL = frozenset("""
yesterday today tomorrow tonight now then also maybe usually always never sometimes often
really finally recently lately still later soon just again once anyway actually honestly
chose went got made took had did saw came found gave told felt left kept began bought brought
thought met ran wrote spent sent built lost paid sold won ate drank drove flew knew read said
has have owns loves likes prefers enjoys hates wants needs uses works goes drinks eats speaks
""".split())  # noqa: SIM905 - a word list reads best as text
"""Sentence-initial words that are not names ("Chose X" / "Picked X" say the same); other
sentence-initial verbs are recognised by their ending (-ed, -ing, -ly, -es)."""
_VERB_ENDING = re.compile(r"(?:ed|ing|ly|es)$")


@dataclass(frozen=True)
class FactSignature:
    """What of a text a paraphrase must keep."""

    numbers: tuple[str, ...]
    calendar: frozenset[str]
    negated: bool
    capitalised: frozenset[str]
    """Capitalised words (folded), sentence-initial function words left out."""
    words: frozenset[str]
    """Every word (folded), to tell a renamed entity from one said in lower case."""
    beside: tuple[tuple[str, frozenset[str]], ...] = ()
    """Each number with the content words right before and after its occurrences."""


def _norm_number(raw: str) -> str:
    if _GROUPED.match(raw):  # 1,500 / 1.500 -> 1500
        return str(int(re.sub(r"[.,]", "", raw)))
    if re.fullmatch(r"\d+", raw):
        return str(int(raw))
    return raw.replace(",", ".")


@lru_cache(maxsize=8192)
def signature(text: str) -> FactSignature:
    """The numbers, calendar words, polarity and capitalised words of ``text``."""
    numbers = [_norm_number(m.group(0)) for m in re.finditer(r"\d+(?:[.,]\d+)*", text)]
    calendar: set[str] = set()
    capitalised: set[str] = set()
    words: set[str] = set()
    negations = 0
    prev_end = 0
    for m in _TOKEN.finditer(text):
        raw = m.group(0)
        gap, prev_end = text[prev_end : m.start()], m.end()
        initial = m.start() == len(gap) or not _SENTENCE_END.isdisjoint(gap)
        if raw[0].isdigit():
            continue
        word = plain(raw).replace("’", "'")
        bare = word.replace("'", "")
        words.add(word)
        if bare in NUMBER_WORDS:
            numbers.append(str(NUMBER_WORDS[bare]))
        day = bare[:-1] if bare.endswith("s") and bare[:-1] in CALENDAR else bare
        if day in CALENDAR or (day in _CALENDAR_CASED and raw[0].isupper()) \
                or fold(raw).casefold() == "março":
            calendar.add(day[:3])
            continue  # a weekday or month is compared as a date, not as a name
        if bare in _NEGATIONS or word.endswith("n't"):
            negations += 1
        common = initial and (is_stopword(word) or bare in _NEGATIONS
                              or bare in _COMMON_INITIAL or _VERB_ENDING.search(bare))
        if raw[0].isupper() and word not in ("i", "i'm", "i've", "i'd", "i'll") and not common:
            capitalised.add(word)
    return FactSignature(numbers=tuple(sorted(numbers)), calendar=frozenset(calendar),
                         negated=negations > 0, capitalised=frozenset(capitalised),
                         words=frozenset(words), beside=_numbers_beside(text))


_NUMBER_OR_WORD = re.compile(r"\d+(?:[.,]\d+)*|[^\W\d_]+(?:['’][^\W\d_]+)*", re.UNICODE)


def _numbers_beside(text: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """Each number of ``text`` with the words next to it (the nearest word on each side,
    other numbers skipped: "10:30" is one place; stopwords add nothing)."""
    tokens: list[tuple[str | None, str]] = []  # (number or None, folded word)
    for m in _NUMBER_OR_WORD.finditer(text):
        raw = m.group(0)
        word = plain(raw).replace("’", "'")
        if raw[0].isdigit():
            tokens.append((_norm_number(raw), word))
        else:
            bare = word.replace("'", "")
            tokens.append((str(NUMBER_WORDS[bare]) if bare in NUMBER_WORDS else None, word))
    beside: dict[str, set[str]] = {}
    for pos, (number, _word) in enumerate(tokens):
        if number is None:
            continue
        near = beside.setdefault(number, set())
        for step in (-1, 1):
            at = pos + step
            while 0 <= at < len(tokens) and tokens[at][0] is not None:
                at += step
            if 0 <= at < len(tokens) and not is_stopword(tokens[at][1]):
                near.add(tokens[at][1])
    return tuple(sorted((n, frozenset(w)) for n, w in beside.items()))


def _numbers_moved(sa: FactSignature, sb: FactSignature) -> bool:
    """Whether, of two or more distinct numbers, one lost every word beside it to another."""
    if len(sa.beside) < 2:
        return False
    near_b = dict(sb.beside)
    return any(words and near_b.get(n) and words.isdisjoint(near_b[n])
               for n, words in sa.beside)


def fact_difference(a: str, b: str) -> str | None:
    """The kind of fact in which ``a`` and ``b`` differ (one of :data:`KINDS`), or None.

    None means the guard sees no reason not to merge them (a paraphrase, or a restatement).
    """
    sa, sb = signature(a), signature(b)
    if Counter(sa.numbers) != Counter(sb.numbers) or _numbers_moved(sa, sb):
        return "number"
    if sa.calendar != sb.calendar:
        return "date"
    if sa.negated != sb.negated:
        return "negation"
    only_a = {w for w in sa.capitalised - sb.capitalised if w not in sb.words}
    only_b = {w for w in sb.capitalised - sa.capitalised if w not in sa.words}
    if only_a and only_b:  # one name in place of another
        return "entity"
    return None
