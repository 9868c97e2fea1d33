"""Token estimates without a tokenizer: one token per CJK character, a quarter per other."""

from __future__ import annotations

import math
import re

CJK = re.compile(
    "[\u1100-\u11ff\u2e80-\u2fdf\u2ff0-\u2fff\u3000-\u303f\u3040-\u30ff\u3100-\u312f"
    "\u3130-\u318f\u3190-\u31ff\u3200-\u32ff\u3300-\u33ff\u3400-\u4dbf\u4e00-\u9fff"
    "\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef"
    "\U00020000-\U0003134f]"
)
"""Han ideographs (incl. extensions and compatibility forms), kana, Hangul, CJK
punctuation/symbols and full-width forms."""


def char_counts(text: str) -> tuple[int, int]:
    """(CJK characters, other characters) of ``text``."""
    cjk = len(CJK.findall(text))
    return cjk, len(text) - cjk


def tokens_of(cjk: int, other: int) -> int:
    """Estimated tokens of ``cjk`` CJK and ``other`` other characters."""
    return cjk + math.ceil(other / 4)


def estimate_tokens(text: str) -> int:
    """Estimated tokens of ``text``: one per CJK character, plus ceil(other characters / 4).

    CJK means Han ideographs (incl. extensions and compatibility forms), kana, Hangul,
    CJK punctuation/symbols and full-width forms; every other character (Latin, digits,
    spaces, newlines, emoji ...) counts a quarter token, rounded up over the whole text.
    ``estimate_tokens("") == 0``. The estimate is additive over characters before rounding,
    so appending text never lowers it.
    """
    return tokens_of(*char_counts(text))
