"""Offline language detection of messages and memories (py3langid, model bundled in the wheel).

Extraction has a grammar of facts for a few languages (:data:`PATTERN_LANGUAGES`, read from
:data:`kore_pipeline.rules.LANGUAGES`). A text in Latin script is classified among those only
(a short Portuguese sentence is not taken for Galician); a text mostly in another script
(Chinese, Russian ...) is classified among all 97 languages of the model, so its code is still
recorded. Measured on the 312 hand-written
sentences of the parallel set: 311 right (docs/multilingual.md).
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import Any

from kore_pipeline.rules import GRAMMARS, LANGUAGES

PATTERN_LANGUAGES = LANGUAGES
"""Languages with a grammar of facts (:mod:`kore_pipeline.rules`)."""

_LETTER = re.compile(r"[^\W\d_]", re.UNICODE)
_LATIN = re.compile(r"[A-Za-z\u00C0-\u024F]")


@cache
def _identifier(restricted: bool) -> Any:
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    ident = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=False)
    if restricted:
        ident.set_languages(list(PATTERN_LANGUAGES))
    return ident


# Plainly English: ASCII text whose words are at least a third common English words (two
# or more) and none a function word of the other five languages. The model is not asked.
_EN_TEXT = (
    "the and you i i'm i've i'll i'd my me is are was were be been have has had with that this "
    "it it's what do does don't did your we they he she of to for at on but just like not can "
    "will would so how about from there their them our all very really too much if when which "
    "who any some been being an or yes that's you're they're we're he's she's there's i'd "
    "hi hello hey oh yeah thanks thank nice meet great good love name always wanted want "
    "think know going sounds sound awesome cool wow sure one more")
_EN_WORDS = frozenset(_EN_TEXT.split())
_OTHER_TEXT = (
    "de la le les il lo gli el los las et est une und ich die der das nicht ist mit ein eine "
    "que qui pas je tu nous vous sont sono ho mi ti si ne che di per non una um uma eu os não "
    "com para por del al y e o es en und zu auf ja sie wir du")
_OTHER_WORDS = frozenset(_OTHER_TEXT.split())
_EN_MIN_WORDS = 2
_ASCII_WORD = re.compile(r"[A-Za-z']+")


def _plainly_english(text: str) -> bool:
    words = _ASCII_WORD.findall(text.lower())
    if not _OTHER_WORDS.isdisjoint(words):
        return False
    hits = len(list(filter(_EN_WORDS.__contains__, words)))
    return hits >= _EN_MIN_WORDS and hits * 3 >= len(words)


# Greetings, thanks and farewells said alone ("Hello!", "Merci", "Buenos días"): too short
# for the model ("Hello" came out Italian, "Hola" German, "Merci" Spanish). A text of at
# most three words, each a word of these lists and all of one language only, is that one.
_SHORT_TEXT = {
    "en": "hello hi hey hiya thanks thank you thx ty bye goodbye cheers morning evening night "
          "good great cool nice awesome welcome sorry please yes yeah yep nope okay sure lol",
    "it": "ciao salve grazie mille buongiorno buonasera buonanotte arrivederci prego scusa "
          "scusami sì certo va bene perfetto ottimo",
    "es": "hola gracias muchas buenos buenas días dias tardes noches adiós adios chao vale "
          "perdón perdon sí claro genial",
    "fr": "bonjour bonsoir salut merci beaucoup bonne nuit journée au revoir oui pardon "
          "d'accord génial super",
    "de": "hallo moin servus danke schön schoen guten morgen tag abend tschüss tschuss bitte "
          "ja genau klar super",
    "pt": "olá ola oi obrigado obrigada bom boa dia tarde noite tchau valeu sim claro "
          "desculpa",
}
_SHORT_WORDS: dict[str, frozenset[str]] = {}
for _lang, _text in _SHORT_TEXT.items():
    for _word in _text.split():
        _SHORT_WORDS[_word] = _SHORT_WORDS.get(_word, frozenset()) | {_lang}
_SHORT_MAX_WORDS = 3
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?", re.UNICODE)


def _short_text_language(text: str) -> str | None:
    """The one language of a greeting or thanks said alone (:data:`_SHORT_TEXT`), else None."""
    words = _WORD.findall(text.lower())
    if not words or len(words) > _SHORT_MAX_WORDS:
        return None
    langs: frozenset[str] | None = None
    for word in words:
        these = _SHORT_WORDS.get(word)
        if these is None:
            return None
        langs = these if langs is None else langs & these
    return next(iter(langs)) if langs is not None and len(langs) == 1 else None


_STOP_LANGS = tuple(GRAMMARS)
_WORD_LANGS: dict[str, tuple[int, ...]] = {}
for _i, _stops in enumerate(g.stopwords for g in GRAMMARS.values()):
    for _w in _stops:
        _WORD_LANGS[_w] = (*_WORD_LANGS.get(_w, ()), _i)
_ELISIONS = tuple((i, frozenset(g.elisions)) for i, g in enumerate(GRAMMARS.values())
                  if g.elisions)
_HINTS = tuple((i, g.letter_hints) for i, g in enumerate(GRAMMARS.values()) if g.letter_hints)
_STOP_WORD = re.compile(r"[\w']+", re.UNICODE)


def _scores(text: str, letters: bool = True) -> list[int]:
    scores = [0] * len(_STOP_LANGS)
    for w in [w.lower() for w in _STOP_WORD.findall(text)]:
        langs = _WORD_LANGS.get(w, ())
        for i in langs:
            scores[i] += 1
        for i, elided in _ELISIONS:
            if w[:2] in elided and i not in langs:
                scores[i] += 1
    if letters and not text.isascii():
        lower = text.lower()
        for i, chars in _HINTS:
            scores[i] += sum(lower.count(c) for c in chars)
    return scores


def stopword_scores(text: str) -> tuple[str, int]:
    """Each grammar's stopwords, elisions ("j'") and letters in ``text``, counted: the first
    best language and its count ("en", 0 when none)."""
    scores = _scores(text)
    best_score = max(scores)
    if best_score <= 0:
        return "en", 0
    return _STOP_LANGS[scores.index(best_score)], best_score


_FEW_WORDS = 5
"""A text this short is told by its stopwords when they name one language alone: the model
is unsure of two words ("bin single" came out Italian). Letters do not count here: a name
carries its own ("Tengo un Citroën")."""


def _few_words_language(text: str) -> str | None:
    words = _STOP_WORD.findall(text)
    if len(words) > _FEW_WORDS:
        return None
    scores = _scores(text, letters=False)
    best = max(scores)
    if best <= 0 or scores.count(best) > 1:
        return None
    if best >= 2:
        return _STOP_LANGS[scores.index(best)]
    # one stopword alone decides only a text of three words or fewer, and only a word of
    # three letters or more ("bin single"; not "a" or "à", words of several languages)
    lang = scores.index(best)
    hits = [w for w in words if lang in _WORD_LANGS.get(w.lower(), ())]
    return _STOP_LANGS[lang] if len(words) <= 3 and hits and len(hits[0]) >= 3 else None


def detect_language(text: str | None) -> str | None:
    """ISO 639-1 code of ``text`` (None when it has no letters at all).

    Plainly English ASCII text (:func:`_plainly_english`) and a greeting or thanks said alone
    (:func:`_short_text_language`) are known without the model; other text is classified by
    py3langid, results cached per text.
    """
    if not text:
        return None
    if len(text) <= 40 and (short := _short_text_language(text)) is not None:
        return short
    if len(text) <= 60 and (few := _few_words_language(text)) is not None:
        return few
    if text.isascii():
        if not _ASCII_LETTER.search(text):
            return None
        if _plainly_english(text):
            return "en"
    return _classify(text)


_ASCII_LETTER = re.compile(r"[A-Za-z]")


@lru_cache(maxsize=65536)
def _classify(text: str) -> str | None:
    letters = _LETTER.findall(text)
    if not letters:
        return None
    latin = len(_LATIN.findall("".join(letters)))
    restricted = latin * 2 >= len(letters)
    code, _score = _identifier(restricted).classify(text)
    return str(code)


def clear_cache() -> None:
    """Forget the cached classifications."""
    _classify.cache_clear()


def pattern_language(language: str | None, default: str = "en") -> str:
    """The pattern table to use for a detected language (``default`` when it has none)."""
    return language if language in PATTERN_LANGUAGES else default
