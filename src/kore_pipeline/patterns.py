"""Multilingual regex fact patterns: preferences, decisions, habits and profile facts.

Text is NFC-normalised and every apostrophe variant (’ ʼ ‘ ＇) becomes ``'``; it is
split into sentences, and each sentence is matched against the trigger patterns of
:mod:`kore_pipeline.patterns_lang` (one table per language and category, compiled
once at import). A trigger's fact runs from the trigger to the next trigger or the
next clause boundary ("but", "because", ";" ...), then loses its filler
("a lot", "too", articles) and trailing punctuation. Questions and hypotheticals
("if I were ...") yield nothing; one sentence yields at most one fact per category.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from kore_pipeline.patterns_lang import (
    ARTICLES,
    BOUNDARIES,
    CATEGORIES,
    HYPOTHETICAL,
    LEADING_FILLER,
    LETTER_HINTS,
    PRONOUN_FACTS,
    STOPWORDS,
    TABLE,
    TRAILING_FILLER,
)

__all__ = [
    "CATEGORIES", "LANGUAGES", "MAX_FACT_CHARS", "MIN_FACT_CHARS", "Fact", "extract_facts",
    "guess_language", "is_informative", "is_smalltalk", "normalize_text", "split_sentences",
]

MIN_FACT_CHARS = 3
MAX_FACT_CHARS = 500
LANGUAGES = tuple(TABLE)


@dataclass(frozen=True)
class Fact:
    """One fact stated by the speaker."""

    category: str   # "preference" | "decision" | "habit" | "profile"
    fact: str       # object of the statement, trimmed: "caffè ristretto"
    content: str    # the clause as said (normalised apostrophes): "I prefer caffè ristretto"
    polarity: str   # "+" normally, "-" for negative preferences and "never" habits
    language: str   # "en" | "it" | "es" | "fr" | "de" | "pt"


@dataclass(frozen=True)
class _Pattern:
    lang: str
    category: str
    polarity: str
    rx: re.Pattern[str]


_FLAGS = re.IGNORECASE | re.UNICODE
_PATTERNS: tuple[_Pattern, ...] = tuple(
    _Pattern(lang, cat, pol, re.compile(rx, _FLAGS))
    for lang, rows in TABLE.items()
    for cat, pol, rx in rows
)


def _alts(words: tuple[str, ...] | list[str]) -> str:
    return "|".join(sorted(words, key=len, reverse=True))


def _word_end() -> str:
    # end of a word, also right after a trailing apostrophe ("qu'", "l'")
    return r"(?:(?<=')|(?!\w))"


_BOUNDARY_RX = {
    lang: re.compile(r";|\s[-–—]\s|,?\s+(?:" + _alts(words) + ")" + _word_end() + extra, _FLAGS)
    for lang, (words, extra) in BOUNDARIES.items()
}
_HYPO_RX = {
    lang: re.compile(r"\b(?:" + _alts(w) + r")\b", _FLAGS) for lang, w in HYPOTHETICAL.items()
}
_PUNCT = r"""[\s.,;:!?…"“”«»„'`(\[\-–—*_~]"""
_LEAD_RX = {
    lang: re.compile(
        rf"(?:{_PUNCT}+|(?:{_alts(LEADING_FILLER)})\s+|(?:{_alts(ARTICLES[lang])})(?:\s+|(?<=')))",
        _FLAGS,
    )
    for lang in TABLE
}
_TRAIL_RX = re.compile(
    r"(?:[^\w+#%)\]]+|\s+(?:" + _alts(TRAILING_FILLER) + "))$", _FLAGS
)
_NEGATION_TAIL = {"de": re.compile(r"\s+nicht$", _FLAGS)}
_NEGATION_HEAD = {"fr": re.compile(r"pas\s+(?:d'|de\s+)?", _FLAGS)}

_APOSTROPHES = str.maketrans({c: "'" for c in "\u2019\u02bc\u2018\uff07\u2032"})
_ABBREV = {"e.g.", "i.e.", "etc.", "mr.", "mrs.", "ms.", "dr.", "vs.", "approx.", "sr.", "sra.",
           "z.b.", "p.es.", "ca.", "st.", "no.", "nr.", "prof.", "ecc.", "cf."}
_SENT_SPLIT = re.compile(r"(?<=[.!?…])[\"')\]»”]*\s+|\s*\n+\s*")
_CLAUSE_SPLIT = re.compile(
    r"\s*;\s*|,?\s+(?=(?:but|however|whereas|ma|però|pero|mais|aber|sondern|mas|porém)\b)"
    r"|,?\s+(?:and|so|e|y|et|und)\s+(?=(?:(?-i:I)\b|(?-i:I)'|we\b|my\b|io\b|ho\b|sono\b|lavoro\b|"
    r"vivo\b|abito\b|preferisco\b|non\s+mi\b|yo\b|tengo\b|soy\b|trabajo\b|prefiero\b|"
    r"no\s+me\b|me\s+llamo\b|je\b|j'|ich\b|wir\b|eu\b|tenho\b|sou\b|moro\b|trabalho\b|"
    r"prefiro\b|não\s+gosto\b))",
    _FLAGS,
)
# After a comma, a long tail or one of these words starts a new thought, not a list item.
_COMMA_TAIL_WORDS = 4
_COMMA_STARTER_TEXT = (
    "so which because since then as that it's that's this nobody not never starting with in "
    "unless if and especially c'est donc parce car è quindi perché mai non che es porque pero "
    "ist weil denn é então nunca mas"
)
_COMMA_STARTERS = frozenset(_COMMA_STARTER_TEXT.split())
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


def normalize_text(text: str) -> str:
    """NFC-normalise and turn every apostrophe variant into ``'``."""
    return unicodedata.normalize("NFC", text).translate(_APOSTROPHES)


def split_sentences(text: str) -> list[str]:
    """Split on sentence punctuation followed by space, and on line breaks.

    Terminal punctuation stays with its sentence (a trailing ``?`` marks a question);
    common abbreviations ("e.g.", "Dr.") do not end a sentence. Empty pieces are dropped.
    """
    out: list[str] = []
    for piece in _SENT_SPLIT.split(text):
        piece = piece.strip()
        if not piece:
            continue
        if out and out[-1].rsplit(None, 1)[-1].lower() in _ABBREV:
            out[-1] = f"{out[-1]} {piece}"
        else:
            out.append(piece)
    return out


def _language_scores(text: str) -> tuple[str, int]:
    words = [w.lower() for w in _WORD.findall(text)]
    best, best_score = "en", 0
    lower = text.lower()
    for lang, stops in STOPWORDS.items():
        score = sum(1 for w in words if w in stops or (lang == "fr" and w[:2] in {"j'", "d'"}))
        score += sum(lower.count(c) for c in LETTER_HINTS.get(lang, ""))
        if score > best_score:
            best, best_score = lang, score
    return best, best_score


def guess_language(text: str, default: str = "en") -> str:
    """Best-guess language of a short text from stopword counts (``default`` when none)."""
    best, score = _language_scores(text)
    return best if score else default


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


def _is_question(sentence: str) -> bool:
    s = sentence.strip()
    return s.endswith("?") or s.startswith("¿") or bool(_EN_QUESTION.match(s))


def _trim(sent: str, start: int, end: int, lang: str) -> tuple[int, int]:
    """Shrink [start, end) past leading filler/articles and trailing filler/punctuation."""
    lead = _LEAD_RX[lang]
    while start < end:
        m = lead.match(sent, start, end)
        if not m or m.end() == start or end - m.end() < MIN_FACT_CHARS:
            break
        start = m.end()
    while start < end:
        m = _TRAIL_RX.search(sent, start, end)
        if not m or m.start() == end:
            break
        end = m.start()
    return start, end


def _comma_cut(sent: str, start: int, end: int) -> int:
    """End of an open fact at the first comma that starts a new thought rather than a list item."""
    pos = sent.find(",", start, end)
    while pos != -1:
        nxt = sent.find(",", pos + 1, end)
        words = sent[pos + 1: nxt if nxt != -1 else end].split()
        if pos > start and words and (
            len(words) >= _COMMA_TAIL_WORDS or words[0].lower() in _COMMA_STARTERS
        ):
            return pos
        pos = nxt
    return end


def _cut(fact: str) -> str:
    if len(fact) > MAX_FACT_CHARS:
        head = fact[: MAX_FACT_CHARS + 1]
        space = head.rfind(" ")
        fact = head[:space] if space >= MIN_FACT_CHARS else fact[:MAX_FACT_CHARS]
    return fact.strip(" ,;:-–—")


def _clause_facts(sent: str, guess: str) -> list[Fact]:
    found = []
    for p in _PATTERNS:
        for m in p.rx.finditer(sent):
            if m.end() > m.start():
                found.append((m.start(), p.lang != guess, -(m.end() - m.start()), p, m))
    found.sort(key=lambda c: c[:3])
    chosen: list[tuple[_Pattern, re.Match[str]]] = []
    for _, _, _, p, m in found:
        if not chosen or m.start() >= chosen[-1][1].end():
            chosen.append((p, m))
    facts: list[Fact] = []
    seen: set[str] = set()
    for i, (p, m) in enumerate(chosen):
        if p.category in seen or _HYPO_RX[p.lang].search(sent, 0, m.start()):
            continue
        limit = chosen[i + 1][1].start() if i + 1 < len(chosen) else len(sent)
        groups = m.groupdict()
        if groups.get("fact") is not None:
            start, end = m.span("fact")
        else:
            start, end = m.end(), limit
            b = _BOUNDARY_RX[p.lang].search(sent, start, end)
            if b:
                end = b.start()
            end = _comma_cut(sent, start, end)
        polarity = p.polarity
        head, tail = _NEGATION_HEAD.get(p.lang), _NEGATION_TAIL.get(p.lang)
        start, end = _trim(sent, start, end, p.lang)
        said_end = end
        if head and (h := head.match(sent, start, end)):
            start, polarity = h.end(), "-"
        if tail and (t := tail.search(sent, start, end)):
            end, polarity = t.start(), "-"
        start, end = _trim(sent, start, end, p.lang)
        core = sent[start:end]
        when = groups.get("when") or ""
        parts = [groups.get("pre") or "", core, when[:1].lower() + when[1:]]
        fact = _cut(" ".join(" ".join(parts).split()))
        if len(fact) < MIN_FACT_CHARS or fact.lower() in PRONOUN_FACTS or not core.strip():
            continue
        content = sent[m.start(): max(said_end, m.end())].strip()
        facts.append(Fact(p.category, fact, content, polarity, p.lang))
        seen.add(p.category)
    return facts


def extract_facts(text: str) -> list[Fact]:
    """All facts in ``text``, in order of appearance.

    Sentences are split into clauses at ";" and contrastive conjunctions ("but", "ma",
    "pero", "mais", "aber" ...); a clause yields at most one fact per category.
    """
    if not text or not text.strip():
        return []
    norm = normalize_text(text)
    doc_lang = guess_language(norm)
    out: list[Fact] = []
    for sent in split_sentences(norm):
        if _is_question(sent):
            continue
        guess = guess_language(sent, default=doc_lang)
        for clause in _CLAUSE_SPLIT.split(sent):
            if clause.strip():
                out.extend(_clause_facts(clause.strip(), guess))
    return out
