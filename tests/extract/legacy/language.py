"""Offline language detection of messages and memories (py3langid, model bundled in the wheel).

Extraction and importance have patterns for six languages (:data:`PATTERN_LANGUAGES`). A text
in Latin script is classified among those six only (a short Portuguese sentence is not taken
for Galician); a text mostly in another script (Chinese, Russian ...) is classified among all
97 languages of the model, so its code is still recorded. Measured on the 312 hand-written
sentences of the parallel set: 311 right (docs/multilingual.md).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

PATTERN_LANGUAGES = ("en", "it", "es", "fr", "de", "pt")
"""Languages with extraction and importance patterns."""

_LETTER = re.compile(r"[^\W\d_]", re.UNICODE)
_LATIN = re.compile(r"[A-Za-z\u00C0-\u024F]")


@cache
def _identifier(restricted: bool) -> Any:
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    ident = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=False)
    if restricted:
        ident.set_languages(list(PATTERN_LANGUAGES))
    return ident


def detect_language(text: str | None) -> str | None:
    """ISO 639-1 code of ``text`` (None when it has no letters at all)."""
    letters = _LETTER.findall(text or "")
    if not letters:
        return None
    latin = sum(1 for c in letters if _LATIN.match(c))
    restricted = latin * 2 >= len(letters)
    code, _score = _identifier(restricted).classify(text)
    return str(code)


def pattern_language(language: str | None, default: str = "en") -> str:
    """The pattern table to use for a detected language (``default`` when it has none)."""
    return language if language in PATTERN_LANGUAGES else default
