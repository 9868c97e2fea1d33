"""The fact engine: language-agnostic matching of the grammars' triggers over a text.

The rules are data, one grammar per language in :mod:`kore_pipeline.rules` (its rules, each
with examples, and its word lists); nothing here branches on a language. Text is NFC-normalised
and every apostrophe variant (’ ʼ ‘ ＇) becomes ``'``; it is split into sentences (at stops,
line breaks and emoji between thoughts), sentences into clauses (at ";", contrasts, and joins
before a new subject), and each clause is matched against every grammar's triggers, the text's
own language winning ties. A trigger's fact runs from the trigger to the next trigger or the
next clause boundary ("but", "because", ";" ...), then loses its filler ("a lot", "too",
articles) and trailing punctuation. A list closed by "and"/"or" ("I like A, B and C") gives one
fact per item; placeholders ("[name]"), anaphora ("that book") and vague or stock phrases ("do
those things", "happy to help") give none. Questions (but what a sentence states before its
question: "I'm vegan, any ideas?"), sarcasm and hypotheticals ("if I were ...") yield nothing.
A clause may state several facts of one kind ("I have two kids, I have a dog named Rex"): each
trigger that starts after the last one's match gives its own. In a text of its own language a
trigger also reads its words typed without accents (:mod:`.spelling`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache, partial

from kore_pipeline.extract.chat import chat_regex, dropped_subject, standard_spelling
from kore_pipeline.extract.spelling import accent_optional
from kore_pipeline.rules import GRAMMARS, words_of_every
from kore_pipeline.rules.shape import ORG_VALUE, Grammar, Kind
from kore_pipeline.text.language import stopword_scores
from kore_pipeline.text.literals import LiteralFilter, WordStarts, case_fold
from kore_pipeline.text.names import is_name_here
from kore_pipeline.text.normalize import fold
from kore_pipeline.text.owned import needs_context, never_alone
from kore_pipeline.text.places import fold as plain_fold
from kore_pipeline.text.slots import kin_name, rule_slot

# The words the engine trims from a fact or refuses as one, of every grammar (a fact's words
# may be of another language than its trigger: "I love the caffè molto")
LEADING_FILLER = words_of_every("leading_fillers")
TRAILING_FILLER = words_of_every("trailing_fillers")
TIME_FILLER = words_of_every("time_words")
PRONOUN_FACTS = frozenset(words_of_every("pronoun_facts"))
LIST_STOPS = frozenset(words_of_every("clause_openers"))
LIST_DEPENDENT = frozenset(words_of_every("list_dependents"))
VAGUE_WORDS = frozenset(words_of_every("vague_words"))
ANAPHORA = frozenset(words_of_every("anaphora"))
JUNK_FACTS = "|".join(g.junk_facts for g in GRAMMARS.values() if g.junk_facts)

__all__ = [
    "CATEGORIES", "LANGUAGES", "MAX_FACT_CHARS", "MIN_FACT_CHARS", "Fact", "extract_facts",
    "guess_language", "is_informative", "is_smalltalk", "normalize_text", "split_sentences",
]

MIN_FACT_CHARS = 3
MAX_FACT_CHARS = 500
LANGUAGES = tuple(GRAMMARS)
CATEGORIES = tuple(k.value for k in Kind)


@dataclass(frozen=True)
class Fact:
    """One fact stated by the speaker."""

    category: str   # "preference" | "decision" | "habit" | "profile"
    fact: str       # object of the statement, trimmed: "caffè ristretto"
    content: str    # the clause as said (normalised apostrophes): "I prefer caffè ristretto"
    polarity: str   # "+" normally, "-" for negative preferences and "never" habits
    language: str   # "en" | "it" | "es" | "fr" | "de" | "pt"
    trigger: str = field(default="", compare=False)
    """The name of the rule that found it ("en.profile.residence.live")."""
    slot: tuple[str, str] | None = field(default=None, compare=False)
    """(slot, value) when its rule names the slot and its pattern a ``value`` group: what it
    sets, read by the rule itself ("our new flat in Porto" -> ("residence", "porto"))."""


@dataclass(frozen=True)
class _Pattern:
    ident: str
    lang: str
    category: str
    polarity: str
    slot: str | None
    rx: re.Pattern[str]
    bare: re.Pattern[str]
    """The same trigger with its accents optional (:func:`spelling.accent_optional`): read in
    a text of its own language only, where "demenage" is "déménagé"; in another language's
    text a bare spelling is often a word of that language (Spanish "usaré", Italian "usare")."""


_FLAGS = re.IGNORECASE | re.UNICODE


def _compiled(grammar: Grammar, source: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    source = chat_regex(source) if grammar.chat_spelling else source
    rx = re.compile(source, _FLAGS)
    bare = accent_optional(source)
    return rx, (rx if bare == source else re.compile(bare, _FLAGS))


_PATTERNS: tuple[_Pattern, ...] = tuple(
    _Pattern(r.name, g.code, r.kind, r.polarity, r.slot, *_compiled(g, r.pattern))
    for g in GRAMMARS.values()
    for r in g.rules
)
_FILTER = LiteralFilter([p.bare for p in _PATTERNS])
"""Which triggers can match a clause: most clauses hold the literals of a few (or none)."""


def _alts(words: tuple[str, ...] | list[str]) -> str:
    return "|".join(sorted(words, key=len, reverse=True))


_WORD_END = r"(?:(?<=')|(?!\w))"  # end of a word, also right after an apostrophe ("qu'")


_BOUNDARY_RX = {
    g.code: re.compile(r";|\s[-–—]\s|,?\s+(?:" + _alts(g.boundaries) + ")" + _WORD_END
                       + g.boundary_extra, _FLAGS)
    for g in GRAMMARS.values()
}
_HYPO_RX = {g.code: re.compile(r"\b(?:" + _alts(g.hypothetical) + r")\b", _FLAGS)
            for g in GRAMMARS.values()}
_PUNCT = r"""[\s.,;:!?…"“”«»„'`(\[\-–—*_~]"""
_LEAD_RX = {lang: re.compile(rf"(?:{_PUNCT}+|(?:{_alts(LEADING_FILLER)})\s+|"
                             rf"(?:{_alts(GRAMMARS[lang].articles)})(?:\s+|(?<=')))", _FLAGS)
            for lang in GRAMMARS}
_FILL_RX = re.compile(rf"(?:{_PUNCT}|\s|\b(?:{_alts(LEADING_FILLER)})\b)*", _FLAGS)
_STRIP = " ,;:-–—"
_LIST_CONJ = {g.code: re.compile(r"\s*\b(?:" + _alts(g.list_conjunctions) + r")\b\s*", _FLAGS)
              for g in GRAMMARS.values()}
_JUNK_RX = re.compile(JUNK_FACTS, _FLAGS)
_PLACEHOLDER = re.compile(r"[\[\]]|^\W*\([\w' ,]*\)\W*$")
_TRAIL_RX = re.compile(r"(?:[^\w+#%)\]]+|\s+(?:" + _alts(TRAILING_FILLER) + "))$", _FLAGS)
_TIME = r"(?-i:" + _alts(TIME_FILLER) + ")"  # lower case only: "Apocalypse Now" is a title
_TIME_TAIL = re.compile(r"(?:[\s,]+" + _TIME + ")+$", _FLAGS)
"""When a fact holds, not what it is: "Mets fan now" states "Mets fan" (the content keeps it)."""
_TIME_WORDS = frozenset(re.findall(r"[^\W\d_]+", " ".join(TIME_FILLER)))
"""Every word of a time phrase: a fact whose last word is none of them ends in none (a fast
first test)."""
_TIME_AFTER = re.compile(r"(?:,?\s+" + _TIME + r"(?!\w))+", _FLAGS)
"""A time phrase right after a fact's span: its content keeps it."""
_CLITICS = r"(?:(?:mi|ti|ci|vi|si|lo|la|li|le|ne|me|te|se|nos|os|o|a)\s+)?"


def _maybe(rx: str, make: Callable[[str], str] = lambda x: x) -> re.Pattern[str] | None:
    return re.compile(make(rx), _FLAGS) if rx else None


_NEGATED_BEFORE = {g.code: _maybe(g.negated_before, lambda neg: r"(?:^|[\s(\"'«“])(?:" + neg
                                  + r")\s+" + _CLITICS + "$") for g in GRAMMARS.values()}
"""A positive trigger said right after the language's "not" ("Non sono vegetariana", "No vivo
en Madrid", "Não sou casado"): the statement says the opposite, and gives no fact, as "I'm
not a vegetarian" gives none. Not after "No," (an answer: "No, soy vegetariano")."""
_NEGATION_HEAD = {g.code: _maybe(g.negation_head) for g in GRAMMARS.values()}
_NEGATION_TAIL = {g.code: _maybe(g.negation_tail) for g in GRAMMARS.values()}
_HABIT_NOT = {g.code: _maybe(g.habit_negation) for g in GRAMMARS.values()}
"""A habit said with a "not" after its verb (German "Ich rauche nicht", "Ich trinke keinen
Kaffee"): a "never" habit, as "I don't smoke" is."""

_ABBREV = {"e.g.", "i.e.", "etc.", "mr.", "mrs.", "ms.", "dr.", "vs.", "approx.", "sr.", "sra.",
           "z.b.", "p.es.", "ca.", "st.", "no.", "nr.", "prof.", "ecc.", "cf."}
_EMOJI = "\u2600-\u27bf\U0001f300-\U0001faff"
"""Pictographs: in a chat an emoji between two thoughts ends the first ("moved to leeds 🎉
loving it") as a full stop would."""
_SENT_SPLIT = re.compile(rf"(?<=[.!?…{_EMOJI}])[\"')\]»”\ufe0f]*\s+|\s*\n+\s*")
_HAS_EMOJI = re.compile(f"[{_EMOJI}]")
_LAUGHS = tuple(dict.fromkeys(w for g in GRAMMARS.values() for w in g.laughs))
_LAUGH = re.compile(r"(?<!\S)(?:" + "|".join(
    re.escape(w) + f"(?:{re.escape(w[-2:])})*{re.escape(w[-1])}*" for w in _LAUGHS)
    + r")[!.]*(?=\s+\w)", _FLAGS)
"""A chat laugh followed by more words: it ends its sentence ("… esse frio kkk dicas …")."""


def _laugh_ends(text: str) -> list[int]:
    """Where a laugh that is a word of its own ends, with more words after it."""
    lower = text.lower()  # a substring test first: a few times cheaper than the regex
    if not any(laugh in lower for laugh in _LAUGHS):
        return []
    return [m.end() for m in _LAUGH.finditer(text)]
_CONTRASTS = tuple(dict.fromkeys(w for g in GRAMMARS.values() for w in g.contrasts))
"""The contrastive conjunctions a clause ends before, of every language."""
_JOINS = tuple(dict.fromkeys(w for g in GRAMMARS.values() for w in g.joins))
"""The conjunctions a clause ends before when a new subject follows."""
_SUBJECTS = tuple(dict.fromkeys(w for g in GRAMMARS.values() for w in g.clause_subjects))
_CLAUSE_EXTRA = "".join(g.clause_extra for g in GRAMMARS.values())


def _clause_split(contrasts: tuple[str, ...]) -> re.Pattern[str]:
    """Splits a sentence into clauses: at ";", before one of ``contrasts``, and before a join
    ("and / so / e / y / et / und") followed by a new subject (not after "me": "me and my gf
    are …" is one subject)."""
    return re.compile(  # every split starts at a space, ";" or ",": test that first
        r"(?=[\s;,])(?:\s*;\s*"
        r"|,?\s+(?=(?:" + "|".join(contrasts) + r")\b)" + _CLAUSE_EXTRA +
        r"|(?<!\bme),?\s+(?:" + "|".join(_JOINS) + r")\s+(?=(?:" + "|".join(_SUBJECTS) + ")))",
        _FLAGS)


_CLAUSE_SPLIT = {g.code: _clause_split(tuple(w for w in _CONTRASTS if w not in g.not_contrasts))
                 for g in GRAMMARS.values()}
"""Per text language: French "ma" is "my" ("j'adore ma voiture"), not the Italian "but"."""
_CLAUSE_WORDS = WordStarts(tuple(w.split("(", 1)[0] for w in (*_CONTRASTS, *_JOINS)))
"""The words :data:`_CLAUSE_SPLIT` splits before, each a whole word after a space."""


def _may_split(sent: str) -> bool:
    """Whether :data:`_CLAUSE_SPLIT` can split ``sent``: it has a ";" or a clause word."""
    return ";" in sent or _CLAUSE_WORDS.any_whole(case_fold(sent))


# After a comma, a long tail or one of these words starts a new thought, not a list item.
_COMMA_TAIL_WORDS = 4
_COMMA_STARTER_TEXT = (
    "so which because since then as that it's that's this nobody not never starting with in "
    "unless if and especially c'est donc parce car è quindi perché mai non che es porque pero "
    "ist weil denn é então nunca mas don't dont though tbh honestly lol haha loving im ive its "
    "thats ngl btw"
)
_COMMA_STARTERS = frozenset(_COMMA_STARTER_TEXT.split())
_END_PUNCT = ".!?…;:"  # "…, honestly." starts a new thought as "…, honestly, …" does
_LIST_STOPS = _COMMA_STARTERS | LIST_STOPS
# ... but a tail naming what came before stays with it: "two kids, aged 4 and 7".
_NAMING_TAIL = frozenset({"aged", "named", "called"})
_EN_QUESTION = re.compile(
    r"^(?:(?:so|and|but|ok|okay|well),?\s+)?(?:(?:what|which|why|how|where|who|when)\s+)?"
    r"(?:do|does|did|should|would|could|can|shall|will|is|are|am|was|were|have|has)\s+"
    r"(?:you|i|we|they|he|she|it|there)\b",
    _FLAGS,
)
_WORD = re.compile(r"[\w']+", re.UNICODE)
_PLEASANTRY = re.compile(
    r"^(?:(?:hi|hello|hey|hiya|yo|good\s+(?:morning|afternoon|evening|night)|thanks|thank\s+you|"
    r"thx|ty|cheers|ok|okay|k|sure|great|cool|nice|perfect|awesome|got\s+it|sounds\s+good|yes|"
    r"yeah|yep|no|nope|bye|goodbye|see\s+you|ciao|grazie|salve|buongiorno|buonasera|perfetto|"
    r"va\s+bene|hola|gracias|vale|adiós|bonjour|salut|merci|d'accord|hallo|danke|tschüss|olá|"
    r"obrigad[oa]|tchau|valeu|lol|haha|wow)(?:\s+(?:so|very)\s+much|\s+a\s+lot|\s+again|"
    r"\s+mille|\s+tante|\s+for\s+(?:all\s+)?(?:the|your|this|that)\s+\w+)?"
    r"""(?:[\s,.!?…:;()\-"']+|$))+""",
    _FLAGS,
)


@lru_cache(maxsize=8192)
def normalize_text(text: str) -> str:
    """NFC-normalise and turn every apostrophe variant into ``'`` (:func:`textnorm.fold`)."""
    return fold(text)


def split_sentences(text: str) -> list[str]:
    """Split on sentence punctuation followed by space, and on line breaks.

    Terminal punctuation stays with its sentence (a trailing ``?`` marks a question);
    common abbreviations ("e.g.", "Dr.") do not end a sentence. Empty pieces are dropped.
    Cached per text: extraction and importance split the same message.
    """
    return list(_sentences(text))


@lru_cache(maxsize=8192)
def _sentences(text: str) -> tuple[str, ...]:
    """Split on sentence punctuation followed by space, and on line breaks.

    Terminal punctuation stays with its sentence (a trailing ``?`` marks a question);
    common abbreviations ("e.g.", "Dr.") do not end a sentence. Empty pieces are dropped.
    """
    body = text.strip()
    laughs = _laugh_ends(text)
    if "\n" not in body and not any(stop in body[:-1] for stop in ".!?…") and (
            body.isascii() or not _HAS_EMOJI.search(body, 0, len(body) - 1)) and not laughs:
        return (body,) if body else ()  # no stop but at the end: one sentence
    for end in reversed(laughs):
        text = f"{text[:end]}\n{text[end:]}"
    return _split_at_stops(text)


def _split_at_stops(text: str) -> tuple[str, ...]:
    """:func:`_sentences` the long way: split, strip, rejoin after abbreviations."""
    out: list[str] = []
    for piece in _SENT_SPLIT.split(text):
        piece = piece.strip()
        if not piece:
            continue
        if out and out[-1].rsplit(None, 1)[-1].lower() in _ABBREV:
            out[-1] = f"{out[-1]} {piece}"
        else:
            out.append(piece)
    return tuple(out)


def guess_language(text: str, default: str = "en") -> str:
    """Best-guess language of a short text from stopword counts (``default`` when none)."""
    best, score = stopword_scores(text)
    return best if score else default


def clear_caches() -> None:
    """Forget the per-text caches of this module."""
    normalize_text.cache_clear()
    _sentences.cache_clear()
    _content_words.cache_clear()
    _sentence_facts.cache_clear()


@lru_cache(maxsize=8192)
def _content_words(text: str) -> int:
    body = normalize_text(text).strip()
    m = _PLEASANTRY.match(body)
    if m:
        body = body[m.end():]
    return len(_WORD.findall(body))


def is_informative(text: str, min_words: int = 6) -> bool:
    """False for greetings, thanks, acknowledgements and turns shorter than ``min_words``.

    Leading pleasantries ("Thanks!", "Hi,", "ok") do not count towards ``min_words``.
    """
    return _content_words(text) >= min_words


def is_smalltalk(text: str) -> bool:
    """True when ``text`` is (almost) only a greeting, thanks or acknowledgement."""
    norm = normalize_text(text).strip()
    return bool(_PLEASANTRY.match(norm)) and _content_words(norm) < 3


# "Can you keep your replies short from now on?": a standing request, not a question.
_STANDING_REQUEST = re.compile(
    r"^(?:(?:please|and|also|ok|okay|so),?\s+)*(?:can|could|would|will)\s+you\s+(?:please\s+)?"
    r"(?!tell\b|explain\b|help\b|check\b|find\b|show\b)[^?]{2,150}?,?\s+(?:from\s+now\s+on|"
    r"going\s+forward|in\s+(?:the\s+)?future|from\s+here\s+on(?:\s+out)?)\s*(?:please\s*)?\?*$",
    _FLAGS)


def _is_question(sentence: str) -> bool:
    s = sentence.strip()
    if s.endswith("?") or s.startswith("¿") or _EN_QUESTION.match(s):
        return not _STANDING_REQUEST.match(s)
    return False


_TRAIL_KEEP = "+#%)]"  # with the word characters: what a fact may end with
_TRAIL_LAST_WORDS = frozenset(case_fold(re.split(r"\\s\+", f)[-1]) for f in TRAILING_FILLER)


def _may_trail(sent: str, start: int, end: int) -> bool:
    """Whether :data:`_TRAIL_RX` can match at the end of ``sent[start:end]``: it ends with a
    character a fact does not end with, or its last word is the last word of a filler."""
    last = sent[end - 1]
    if not (last.isalnum() or last == "_" or last in _TRAIL_KEEP):
        return True
    i = end - 1
    while i > start and (sent[i - 1].isalnum() or sent[i - 1] == "_"):
        i -= 1
    return case_fold(sent[i:end]) in _TRAIL_LAST_WORDS


def _trim(sent: str, start: int, end: int, lang: str) -> tuple[int, int]:
    """Shrink [start, end) past leading filler/articles and trailing filler/punctuation."""
    lead = _LEAD_RX[lang]
    while start < end:
        m = lead.match(sent, start, end)
        if not m or m.end() == start or end - m.end() < MIN_FACT_CHARS:
            break
        start = m.end()
    while start < end and _may_trail(sent, start, end):
        m = _TRAIL_RX.search(sent, start, end)
        if not m or m.start() == end:
            break
        end = m.start()
    return start, end


def _is_digit_comma(sent: str, i: int) -> bool:
    """A comma inside a number ("2,500"), which separates nothing."""
    return 0 < i < len(sent) - 1 and sent[i - 1].isdigit() and sent[i + 1].isdigit()


def _next_comma(sent: str, start: int, end: int) -> int:
    """Position of the next separating comma in [start, end), or -1."""
    pos = sent.find(",", start, end)
    while pos != -1 and _is_digit_comma(sent, pos):
        pos = sent.find(",", pos + 1, end)
    return pos


def _comma_cut(sent: str, start: int, end: int) -> int:
    """End of an open fact at the first comma that starts a new thought rather than a list item."""
    pos = _next_comma(sent, start, end)
    while pos != -1:
        nxt = _next_comma(sent, pos + 1, end)
        words = sent[pos + 1: nxt if nxt != -1 else end].split()
        first = words[0].lower().rstrip(_END_PUNCT) if words else ""
        if pos > start and words and first not in _NAMING_TAIL and (
            len(words) >= _COMMA_TAIL_WORDS or first in _COMMA_STARTERS
        ):
            return pos
        pos = nxt
    return end


def _list_spans(sent: str, start: int, end: int, lang: str) -> list[tuple[int, int]]:
    """Items of a list closed by "and"/"or" ("A, B, and C" or "A, B and C"), else one span.

    A comma piece that opens with a subject or a new-thought word ends the list; a long
    piece is an item only when the list is closed by a conjunction further on.
    """
    cuts = [start] + [i + 1 for i in range(start, end)
                      if sent[i] == "," and not _is_digit_comma(sent, i)] + [end + 1]
    segs = [(a, b - 1) for a, b in zip(cuts, cuts[1:], strict=False)]
    conj = _LIST_CONJ[lang]
    heads = [conj.match(sent, a, b) for a, b in segs]
    close = next((i for i in range(1, len(segs)) if heads[i]), None)
    items = [segs[0]]
    for i, (a, b) in enumerate(segs[1:], 1):
        h = heads[i] if i == close else None
        words = sent[h.end() if h else a: b].split()
        if not words or words[0].lower() in _LIST_STOPS or words[0].lower() in LIST_DEPENDENT:
            break
        if h:
            return [*items, (h.end(), b)]
        if len(words) >= _COMMA_TAIL_WORDS and close is None and not conj.search(sent, a, b):
            break
        items.append((a, b))
    if len(items) > 1 and close is None:
        last = list(conj.finditer(sent, *items[-1]))
        if last and last[-1].start() > items[-1][0]:
            a, b = items.pop()
            return [*items, (a, last[-1].start()), (last[-1].end(), b)]
    return [(start, _comma_cut(sent, start, end))]


def _is_junk(raw: str, fact: str) -> bool:
    """Placeholders ("[name]"), anaphora ("that book", "it there") and vague or stock phrases."""
    words = _WORD.findall(raw.lower())
    return (bool(_PLACEHOLDER.search(raw)) or not words or set(words) <= VAGUE_WORDS
            or (words[0] in ANAPHORA and len(words) <= 3) or bool(_JUNK_RX.match(fact)))


def _cut(fact: str) -> str:
    if len(fact) > MAX_FACT_CHARS:
        head = fact[: MAX_FACT_CHARS + 1]
        space = head.rfind(" ")
        fact = head[:space] if space >= MIN_FACT_CHARS else fact[:MAX_FACT_CHARS]
    return fact.strip(" ,;:-–—")


class _Lazy:
    """A value computed on first call, then kept."""

    __slots__ = ("_make", "_value")

    def __init__(self, make: Callable[[], str]) -> None:
        self._make, self._value = make, ""

    def __call__(self) -> str:
        if not self._value:
            self._value = self._make()
        return self._value


_OPEN_QUOTES, _CLOSE_QUOTES = "“«„", "”»“"
_MAY_QUOTE = re.compile(r"[\"“”«»„]|(?:^|[\s:(])'\w")
_SINGLE_OPEN = re.compile(r"(?:^|(?<=[\s:(]))'(?=\w)")
_SINGLE_CLOSE = re.compile(r"(?<=[\w.!?…])'(?=$|[\s.,;:!?)])")


def _quoted_spans(text: str) -> list[tuple[int, int]]:
    """Where a sentence quotes someone ("can you translate "I live in Berlin"", lyrics, a
    story's line): spans between a pair of quotation marks ("…", “…”, «…», „…“); a quotation
    mark left open quotes nothing. A single quote opens after a space or colon and closes
    after a word ("translate: 'vivo a napoli'"), so an apostrophe ("i'm", "po'") is none."""
    spans: list[tuple[int, int]] = []
    start: int | None = None
    single: int | None = None
    for i, ch in enumerate(text):
        if ch == "'":
            if single is None and _SINGLE_OPEN.match(text, i):
                single = i
            elif single is not None and _SINGLE_CLOSE.match(text, i):
                spans.append((single, i))
                single = None
        elif ch == '"':
            if start is None:
                start = i
            else:
                spans.append((start, i))
                start = None
        elif ch in _OPEN_QUOTES and start is None:
            start = i
        elif ch in _CLOSE_QUOTES and start is not None:
            spans.append((start, i))
            start = None
    return spans


def _clause_facts(sent: str, guess: Callable[[], str], doc_lang: str,
                  quoted: list[tuple[int, int]]) -> list[Fact]:
    """Facts of one clause; ``guess()`` (the sentence's language) breaks ties between two
    languages' triggers at one place, so it is only computed when there are two languages.
    A trigger that starts inside ``quoted`` (spans of the clause) is someone else's words."""
    found = []
    for p in map(_PATTERNS.__getitem__, _FILTER.candidates(case_fold(sent))):
        for m in (p.bare if p.lang == doc_lang else p.rx).finditer(sent):
            if m.end() > m.start() and not any(a <= m.start() < b for a, b in quoted) \
                    and _value_read(p, m):
                found.append((m.start(), False, -(m.end() - m.start()), p, m))
    if not found:
        return []
    if len({c[3].lang for c in found}) > 1:
        lang = guess()
        found = [(a, p.lang != lang, c, p, m) for a, _, c, p, m in found]
    # leftmost, then the text's language, then longest; at a tie a routine ("I swim three
    # times a week") is a habit before it is what one does ("I swim")
    found.sort(key=lambda c: (*c[:3], c[3].category != "habit"))
    chosen: list[tuple[_Pattern, re.Match[str]]] = []
    for _, _, _, p, m in found:
        if not chosen or m.start() >= chosen[-1][1].end():
            chosen.append((p, m))
    facts: list[Fact] = []
    for i, (p, m) in enumerate(chosen):
        if _HYPO_RX[p.lang].search(sent, 0, m.start()):
            continue
        if p.polarity == "+" and (neg := _NEGATED_BEFORE[p.lang]) is not None \
                and neg.search(sent, 0, m.start()):
            continue
        limit = chosen[i + 1][1].start() if i + 1 < len(chosen) else len(sent)
        if m.groupdict().get("fact") is not None:
            spans = [m.span("fact")]
        else:
            b = _BOUNDARY_RX[p.lang].search(sent, m.end(), limit)
            spans = _list_spans(sent, m.end(), b.start() if b else limit, p.lang)
            if len(spans) > 1 and p.ident in _ONE_VALUE:
                spans = spans[:1]  # one lives in one place: "vivo em lisboa, ali em alvalade"
        prefix = None
        if len(spans) > 1:  # "I like to " + each item
            fill = _FILL_RX.match(sent, m.end(), spans[0][1])
            prefix = sent[m.start(): fill.end() if fill else m.end()].strip()
        got = [f for j, span in enumerate(spans)
               if (f := _span_fact(sent, p, m, span, prefix if j else None))]
        facts.extend(got)
    return facts


def _slot_words(fact: str, value: str) -> str:
    """The words of ``fact`` its slot value was read from ("old golf" -> "golf", "denver i
    barely" -> "denver"), or ``fact`` when the value is not its words (a diet's English name)."""
    folded = plain_fold(fact)
    found = re.search(r"(?<!\w)" + re.escape(value) + r"(?!\w)", folded)
    if found is None or len(folded) != len(fact):
        return fact
    return fact[found.start(): found.end()]


_CAR_CONTEXT = {g.code: re.compile(r"\b(?:" + _alts(g.car_context) + r")", _FLAGS)
                for g in GRAMMARS.values() if g.car_context}


def _value_read(p: _Pattern, m: re.Match[str]) -> bool:
    """Whether a match's slot value is one: a lower-case word where a name goes is a name only
    as far as the slot reads it ("since moving to denver"; not "living in the moment"), so a
    match whose value the slot does not read is no match (another rule may read the words)."""
    if p.slot is None or not (value := m.groupdict().get("value")):
        return True
    if p.slot == "name" and m.groupdict().get("name") and m.start("value") >= m.end("name") \
            and not m.string[m.end("name"):m.start("value")].strip() \
            and not is_name_here(value, m.string[m.end("value"):], p.lang):
        return False  # "my wife priya keeps" names her; "my wife really likes" names no one
    slot = rule_slot(p.slot, value)
    if slot is None or p.slot != "owned_here":
        return slot is not None
    # the pattern starts the value at a make or model (rules.shape.OWNED_HERE); a name that is
    # mostly another word counts only in a sentence about a car
    if never_alone(slot[1]):
        return False
    context = _CAR_CONTEXT.get(p.lang)
    return not needs_context(slot[1]) or (context is not None
                                         and context.search(m.string) is not None)


def _span_fact(sent: str, p: _Pattern, m: re.Match[str], span: tuple[int, int],
               prefix: str | None) -> Fact | None:
    """The fact of one trigger match over ``span`` (the whole object, or one list item)."""
    polarity, (start, end) = p.polarity, span
    head, tail = _NEGATION_HEAD[p.lang], _NEGATION_TAIL[p.lang]
    start, end = _trim(sent, start, end, p.lang)
    said_end = end
    if head and (h := head.match(sent, start, end)):
        start, polarity = h.end(), "-"
    if tail and (t := tail.search(sent, start, end)):
        end, polarity = t.start(), "-"
    start, end = _trim(sent, start, end, p.lang)
    core = sent[start:end]
    groups = m.groupdict()
    when = groups.get("when") or ""
    parts = [groups.get("pre") or "", core, when[:1].lower() + when[1:]]
    fact = _cut(" ".join(" ".join(parts).split()))
    if fact and fact.rsplit(None, 1)[-1] in _TIME_WORDS:
        fact = _TIME_TAIL.sub("", fact).rstrip(_STRIP)
    if len(fact) < MIN_FACT_CHARS or fact.lower() in PRONOUN_FACTS or not core.strip() \
            or _is_junk(sent[span[0]:said_end], fact):
        return None
    if prefix is not None:  # later list item: "I like to" + "run a dog obedience school"
        content = f"{prefix} {sent[span[0]:said_end].strip(_STRIP)}"
    else:
        end = max(said_end, m.end())
        when = _TIME_AFTER.match(sent, end)  # "I'm a Mets fan" + " now": the clause says it
        content = sent[m.start(): when.end() if when else end].strip()
    if p.category == "habit" and polarity == "+" and (no := _HABIT_NOT[p.lang]) is not None \
            and no.search(fact):
        polarity = "-"
    value = groups.get("value")
    slot = rule_slot(p.slot, value, groups.get("name")) \
        if value and p.slot is not None else None
    if slot is not None and value and m.span("value") == m.span("fact"):
        # the words the slot read (:func:`_value_read`): "denver i barely cook" -> "denver"
        said = _slot_words(fact, slot[1])
        if said != fact:
            fact = said
            content = content[: content.find(fact) + len(fact)] if fact in content else content
    return Fact(p.category, fact, content, polarity, p.lang, p.ident, slot)


_TOPIC_SLOTS = {"residence": "residence", "employer": "employer", "job": "job", "diet": "diet",
                "relationship": "relationship", "health": "health", "allergy": "allergy",
                "car": "car"}
"""A rule's topic (``<lang>.profile.<topic>…``) that says which slot its fact's words fill."""
_RULE_TOPIC_SLOT = {
    r.name: r.slot or _TOPIC_SLOTS[r.name.split(".")[2]] for g in GRAMMARS.values()
    for r in g.rules if r.kind == Kind.PROFILE and "(?P<value>" not in r.pattern
    and "_or_" not in r.name  # a rule of two topics ("occupation_or_our_home") fills neither
    and (r.slot in _TOPIC_SLOTS.values() or r.name.split(".")[2] in _TOPIC_SLOTS)}


_SINGLE_SLOTS = frozenset({"residence", "employer", "job", "relationship", "car", "phone", "age"})
_ONE_VALUE = frozenset(
    r.name for g in GRAMMARS.values() for r in g.rules
    if (r.slot or _RULE_TOPIC_SLOT.get(r.name) or r.name.split(".")[2]) in _SINGLE_SLOTS)
"""Rules of a slot that holds one value at a time: a list after them is no list of values
("vivo em lisboa, ali para os lados de alvalade": one residence)."""


_WORK_AT = {g.code: re.compile(r"(?:^|\s)(?:" + _alts(g.work_at) + r")\s*$", _FLAGS)
            for g in GRAMMARS.values() if g.work_at}
_EMPLOYER = re.compile(ORG_VALUE, _FLAGS)


def _employer(fact: Fact) -> tuple[str, str] | None:
    """The employer a work fact names after its language's word for where one works
    (:attr:`Grammar.work_at`: "trabalho no nubank", "je travaille chez l'Oréal depuis un an"
    -> employer: nubank, l'oréal); None when its object follows no such word."""
    rx, at = _WORK_AT.get(fact.language), fact.content.find(fact.fact)
    if rx is None or at <= 0 or not rx.search(fact.content, 0, at):
        return None
    stop = GRAMMARS[fact.language].stopwords
    words: list[str] = []
    for word in fact.fact.split(",")[0].split()[:3]:
        if word.casefold() in stop or any(ch.isdigit() for ch in word):
            break
        words.append(word)
    m = _EMPLOYER.match(" ".join(words))
    return rule_slot("employer", m.group("value")) if words and m else None


def topic_slot(fact: Fact) -> tuple[str, str] | None:
    """The slot a profile fact fills by its rule's topic, its words the value ("de.profile.
    residence.wohne" + "leipzig" -> residence: leipzig), when nothing else read one: so what
    a person is lasts (durable slots) and a later value supersedes it. None for a negative
    fact or a rule of another topic."""
    if fact.polarity == "-":
        return None
    if fact.trigger.split(".")[2:3] in (["family"], ["family_name"], ["pet"]):
        return kin_name(fact.content)  # "mein bruder felix" -> name:brother
    slot = _RULE_TOPIC_SLOT.get(fact.trigger)
    if slot is not None:
        return rule_slot(slot, fact.fact)
    return _employer(fact) if fact.trigger.split(".")[2:3] == ["work"] else None


def extract_facts(text: str, language: str | None = None) -> list[Fact]:
    """All facts in ``text``, in order of appearance.

    ``language`` (a code of :data:`LANGUAGES`, e.g. the message's detected language) is the
    text's language: its patterns win where two languages' triggers start at one place.
    Without it the text's language is guessed from stopwords.

    Sentences are split into clauses at ";" and contrastive conjunctions ("but", "ma",
    "pero", "mais", "aber" ...); each trigger of a clause gives its facts.
    """
    if not text or not text.strip():
        return []
    norm = normalize_text(text)
    doc_lang = language if language in GRAMMARS else guess_language(norm)
    out: list[Fact] = []
    for sent in _sentences(norm):
        out.extend(_sentence_facts(sent, doc_lang))
    return out


_DROPPED_AT = {g.code: re.compile(g.dropped_subject_at, _FLAGS)
               for g in GRAMMARS.values() if g.dropped_subject_at and g.subject}


def _dropped_i_at(text: str, lang: str) -> tuple[int, str] | None:
    """Where a chat sentence dropped its subject and which ("I", "I'm", "ich"), else None
    (English: :data:`chat.DROPPED_SUBJECT`; another language: its grammar's
    ``dropped_subject_at``)."""
    grammar = GRAMMARS.get(lang)
    if grammar is None:
        return None
    if grammar.dropped_subject:
        return dropped_subject(text)
    rx = _DROPPED_AT.get(lang)
    m = rx.match(text) if rx is not None else None
    return (m.end(), grammar.subject) if m else None


def with_subject(text: str, lang: str) -> str:
    """``text`` with the subject an English chat sentence dropped put back ("Moved to Berlin"
    -> "I Moved to Berlin", "allergic to cats" -> "I'm allergic to cats"); other text as it
    is. Slots read facts this way."""
    got = _dropped_i_at(text, lang)
    if got is None:
        return text
    at, subject = got
    return f"{text[:at]}{subject} {text[at:]}"


def slot_text(content: str, lang: str) -> str:
    """What the slots read of a fact's content: its dropped subject put back
    (:func:`with_subject`) and, in English, chat spellings in their standard form ("im a
    teacher" -> "i'm a teacher")."""
    text = with_subject(content, lang)
    grammar = GRAMMARS.get(lang)
    return standard_spelling(text) if grammar is not None and grammar.chat_spelling else text


def _dropped_i_facts(sent: str, doc_lang: str) -> tuple[Fact, ...] | None:
    """Facts of an English sentence that drops its subject (:data:`chat.DROPPED_SUBJECT`),
    read as if it said it; their content stays as said. None when the sentence is no such
    one."""
    got = _dropped_i_at(sent, doc_lang)
    if got is None:
        return None
    at, subject = got
    said, head = sent[at:], f"{subject} "
    facts = _sentence_facts(f"{sent[:at]}{head}{said}", doc_lang)
    return tuple(replace(f, content=f.content[len(head):]) if f.content.startswith(head)
                 and said.startswith(f.content[len(head):]) else f for f in facts)


_SARCASM_MARKS = ("\U0001f644", "\U0001f612", "\U0001f643", "\U0001f3b5",
                  "\U0001f3b6")  # 🙄 😒 🙃 🎵 🎶
"""Marks that a sentence is not the speaker's own statement: it means the opposite ("i just
LOVE being stuck in traffic 🙄"; also with a trailing "/s"), or it is sung ("🎶 i'm gonna live
forever 🎶"). Such a sentence states no fact."""


_SARCASM = {g.code: re.compile(g.sarcasm, _FLAGS) for g in GRAMMARS.values() if g.sarcasm}


def _is_sarcastic(sent: str, lang: str) -> bool:
    """An eye-roll or unamused face in the sentence, a trailing "/s", or a cue of its
    language's grammar ("oh great, I just love …")."""
    if any(mark in sent for mark in _SARCASM_MARKS) or sent.rstrip(" .!").endswith(" /s"):
        return True
    cue = _SARCASM.get(lang)
    return cue is not None and cue.search(sent) is not None


_QUESTION_WORDS = frozenset(w for g in GRAMMARS.values() for w in g.question_words)
_QUESTION_CUT = re.compile(r",\s+|\s+[-–—]\s+")


def _said_before_question(sent: str, lang: str) -> str | None:
    """The statement a chat question follows in its sentence ("just moved to porto, any tips
    for a dentist?" -> "just moved to porto"; "ive lived in leeds for 6 yrs and i still havent
    found a curry place??" -> "ive lived in leeds for 6 yrs"), or None: the part before the
    last comma, dash or clause break, unless it is itself a question ("can you help, I'm
    stuck?") or a hypothetical."""
    cut = max((m.start() for m in _QUESTION_CUT.finditer(sent)), default=0)
    if _may_split(sent):
        split = _CLAUSE_SPLIT.get(lang, _CLAUSE_SPLIT["en"])
        cut = max(cut, max((m.start() for m in split.finditer(sent) if m.end() > m.start()),
                           default=0))
    if not cut or (_MAY_QUOTE.search(sent) and any(a < cut < b for a, b in _quoted_spans(sent))):
        return None  # a cut inside a quote: "come si dice 'abito a milano e lavoro …'?"
    said = sent[:cut].strip()
    first = said.split(None, 1)[0].lower().strip("¿¡\"'(") if said else ""
    if not said or said.startswith("¿") or first in _QUESTION_WORDS \
            or _EN_QUESTION.match(said) or len(said.split()) < 2:
        return None
    return said


@lru_cache(maxsize=32768)
def _sentence_facts(sent: str, doc_lang: str) -> tuple[Fact, ...]:
    """Facts of one sentence of a text in ``doc_lang``: cached, as sentences recur across
    messages ("I love that!", "I'm a teacher.")."""
    if _is_sarcastic(sent, doc_lang):
        return ()
    if _is_question(sent):
        said = _said_before_question(sent, doc_lang)
        return _sentence_facts(said, doc_lang) if said else ()
    dropped = _dropped_i_facts(sent, doc_lang)
    if dropped is not None:
        return dropped
    guess = _Lazy(partial(guess_language, sent, default=doc_lang))
    out: list[Fact] = []
    split = _CLAUSE_SPLIT.get(doc_lang, _CLAUSE_SPLIT["en"])
    quoted = _quoted_spans(sent) if _MAY_QUOTE.search(sent) else []
    at = 0
    for i, clause in enumerate(split.split(sent) if _may_split(sent) else (sent,)):
        clause = clause.strip()
        if not clause:
            continue
        # a later clause may drop its subject too: "…, but moved to Leeds", "… and then moved"
        later = _dropped_i_facts(clause, doc_lang) if i else None
        if later is not None:
            out.extend(later)
            continue
        if quoted:
            at = max(sent.find(clause, at), 0)
            inside = [(a - at, b - at) for a, b in quoted if b > at and a < at + len(clause)]
        out.extend(_clause_facts(clause, guess, doc_lang, inside if quoted else []))
    return tuple(out)
