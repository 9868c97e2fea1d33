"""Literal prefilter for many regexes: which of them can match a text at all, in one scan.

From each compiled pattern's parse tree, :func:`required_literals` takes a set of literal
strings one of which every match must contain (the most selective such set, e.g. ``{"prefer",
"like", "love", "enjoy", "adore"}`` for "I (really) prefer|like|..."), or None when it
finds none. :class:`LiteralFilter` looks for all those strings in one Aho-Corasick scan of
the case-folded text and tells which patterns may match; a pattern whose literals are absent
cannot match, so skipping it changes no result (patterns without literals always run).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from re import _casefix, _constants, _parser  # type: ignore[attr-defined]
from typing import Any

import ahocorasick

__all__ = ["LiteralFilter", "WordStarts", "case_fold", "required_literal_sets", "required_literals"]

_MAX_SET = 256
_MAX_CLASS = 6


def _fold_table() -> dict[int, str]:
    """sre's extra case equivalences (``ı``~``i``, ``ſ``~``s`` ...) to one representative."""
    table: dict[int, str] = {0x130: "i"}  # "İ": sre's simple lower case, not str.lower's "i̇"
    for key, others in _casefix._EXTRA_CASES.items():
        group = {chr(key), *(chr(o) for o in others)}
        table[key] = min(group)
    return table


_FOLD = _fold_table()


def case_fold(text: str) -> str:
    """Lower case as IGNORECASE matching sees it (a superset of its equivalences)."""
    if text.isascii():
        return text.lower()
    return text.translate(_FOLD).lower().translate(_FOLD)


Literals = frozenset[str] | None


def _better(a: Literals, b: Literals) -> Literals:
    """The more selective of two requirement sets (longest shortest string, then fewer)."""
    if a is None:
        return b
    if b is None:
        return a
    ka, kb = (min(map(len, a)), -len(a)), (min(map(len, b)), -len(b))
    return a if ka >= kb else b


def _product(sets: list[frozenset[str]]) -> Literals:
    size = 1
    for s in sets:
        size *= len(s)
    if size > _MAX_SET:
        return None
    return frozenset("".join(p) for p in itertools.product(*sets))


_SPACE = [(_constants.IN, [(_constants.CATEGORY, _constants.CATEGORY_SPACE)])]
_SPACES = re.compile(r"\s+")


def _exact(op: Any, av: Any) -> Literals:
    r"""The strings a node matches when it matches only literal text, else None. A run of
    white space (``\s+``) is one space: the filter scans texts with their runs so collapsed,
    so "je\s+vais" requires "je vais", not just "je"."""
    if op in (_constants.MAX_REPEAT, _constants.MIN_REPEAT, _constants.POSSESSIVE_REPEAT) \
            and av[0] >= 1 and list(av[2]) == _SPACE:
        return frozenset({" "})
    if op is _constants.LITERAL:
        return frozenset({case_fold(chr(av))})
    if op is _constants.IN:
        if len(av) <= _MAX_CLASS and all(o is _constants.LITERAL for o, _ in av):
            return frozenset(case_fold(chr(v)) for _, v in av)
        return None
    if op is _constants.SUBPATTERN:
        return _exact_seq(av[3])
    if op is _constants.BRANCH:
        out: set[str] = set()
        for seq in av[1]:
            got = _exact_seq(seq)
            if got is None:
                return None
            out |= got
        return frozenset(out) if len(out) <= _MAX_SET else None
    return None


def _exact_seq(seq: Any) -> Literals:
    sets = []
    for op, av in seq:
        got = _exact(op, av)
        if got is None:
            return None
        sets.append(got)
    return _product(sets) if sets else None


def _required(op: Any, av: Any) -> Literals:
    """Literals one of which any match of this node contains (None: no such set known)."""
    if op in (_constants.SUBPATTERN,):
        return _required_seq(av[3])
    if op is _constants.ASSERT and av[0] == 1:  # positive lookahead: matched right here
        return _required_seq(av[1])
    if op in (_constants.MAX_REPEAT, _constants.MIN_REPEAT, _constants.POSSESSIVE_REPEAT):
        return _required_seq(av[2]) if av[0] >= 1 else None
    if op is _constants.BRANCH:
        out: set[str] = set()
        for seq in av[1]:
            got = _required_seq(seq)
            if got is None:
                return None
            out |= got
        return frozenset(out) if len(out) <= _MAX_SET else None
    return _exact(op, av)


def _alternatives(op: Any, av: Any) -> list[Any] | None:
    """The alternatives of a group or branch node, each a sequence (None: no such node)."""
    if op is _constants.SUBPATTERN:
        inner = av[3]
        return _alternatives(*inner[0]) if len(inner) == 1 else [inner]
    if op is _constants.BRANCH:
        return list(av[1])
    return None


def _after_run(run: Literals, op: Any, av: Any) -> Literals:
    """Literals of a literal run followed by a group: the run joined to each alternative's
    leading literal text ("I" + "(?:'m|m|\\s+am)" -> "i'm", "im", or "am" of the last),
    so a group that makes a spelling optional keeps a selective requirement."""
    alts = _alternatives(op, av)
    if run is None or alts is None:
        return None
    out: set[str] = set()
    for seq in alts:
        lead: list[frozenset[str]] = []
        for o, a in seq:
            got = _exact(o, a)
            if got is None:
                break
            lead.append(got)
        if lead:
            joined = _product([run, *lead])
        elif seq and _alternatives(*seq[0]) is not None:  # a group first: join into it
            joined = _after_run(run, *seq[0])
        else:
            joined = _required_seq(seq)
        if joined is None:
            return None
        out |= joined
    return frozenset(out) if len(out) <= _MAX_SET else None


def _required_seq(seq: Any, found: list[frozenset[str]] | None = None) -> Literals:
    """The most selective requirement of a sequence; each one it weighed goes to ``found``."""
    best: Literals = None
    run: list[frozenset[str]] = []

    def weigh(got: Literals) -> None:
        nonlocal best
        if got is not None and found is not None:
            found.append(got)
        best = _better(best, got)

    def close() -> None:
        nonlocal run
        while run:
            got = _product(run)
            if got is not None:
                weigh(got)
                break
            run = run[1:]  # too many combinations: drop the head and try the rest
        run = []

    for op, av in seq:
        exact = _exact(op, av)
        if exact is not None:
            run.append(exact)
            continue
        if run:
            weigh(_after_run(_product(run), op, av))
        close()
        weigh(_required(op, av))
    close()
    return best


def required_literals(rx: re.Pattern[str]) -> Literals:
    """Literal strings (case-folded) one of which every match of ``rx`` contains, or None."""
    tree = _parser.parse(rx.pattern, rx.flags)
    got = _required_seq(tree)
    return got if got and all(got) else None


def required_literal_sets(rx: re.Pattern[str]) -> list[frozenset[str]]:
    """Up to two requirements every match of ``rx`` meets, the most selective first (that of
    :func:`required_literals`), then the best one sharing none of its strings ("i'm", "im",
    "i am" and then " a", " an"): a text must hold a string of each. Empty: none known."""
    found: list[frozenset[str]] = []
    _required_seq(_parser.parse(rx.pattern, rx.flags), found)
    usable = sorted({f for f in found if f and all(f)},
                    key=lambda f: (min(map(len, f)), -len(f), sorted(f)), reverse=True)
    if not usable:
        return []
    first = usable[0]
    second = next((f for f in usable[1:] if not any(a in b or b in a for a in f for b in first)),
                  None)
    return [first] if second is None else [first, second]


class LiteralFilter:
    """Which of ``patterns`` may match a text: one case-folded scan for all their literals.

    The scan is an Aho-Corasick automaton (``pyahocorasick``, C): every occurrence of every
    literal, overlapping ones included, in one pass over the text. A pattern has up to two
    requirements (:func:`required_literal_sets`); each literal carries, as one integer, the
    bits of the patterns whose first requirement it meets and, shifted past those, of the
    patterns whose second one it meets. A candidate has its first bit hit and its second
    (if it has one) too: a few integer operations, whatever the number of patterns.
    """

    def __init__(self, patterns: Sequence[re.Pattern[str]]) -> None:
        self.always: list[int] = []
        self.count = n = len(patterns)
        by_literal: dict[str, int] = {}
        self._two = 0
        for i, rx in enumerate(patterns):
            sets = required_literal_sets(rx)
            if not sets:
                self.always.append(i)
            for k, lits in enumerate(sets):
                bit = 1 << (i + k * n)
                for lit in lits:
                    by_literal[lit] = by_literal.get(lit, 0) | bit
            if len(sets) > 1:
                self._two |= 1 << i
        self.literals = frozenset(by_literal)
        self._always_mask = sum(1 << i for i in self.always)
        self._first = (1 << n) - 1
        self._automaton: Any = None
        if by_literal:
            self._automaton = ahocorasick.Automaton()
            for lit, mask in by_literal.items():
                self._automaton.add_word(lit, mask)
            self._automaton.make_automaton()

    def candidates(self, folded: str) -> list[int]:
        """Indexes (ascending) of the patterns that may match the case-folded text."""
        hit = 0
        if self._automaton is not None:
            if "  " in folded or not folded.isprintable():  # a run, or a space other than " "
                folded = _SPACES.sub(" ", folded)
            for _end, bits in self._automaton.iter(folded):
                hit |= bits
        second = hit >> self.count
        mask = (hit & self._first & (~self._two | second)) | self._always_mask
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out


class WordStarts:
    """Where the first of some strings starts at the start of a word (after no word character
    or at the text's start), in one Aho-Corasick scan of the case-folded text.

    A prefilter for a pattern ``\\b(?:alt|alt...)`` whose every alternative begins with one of
    the strings (``"mud"`` for ``mud\\w*``, ``"fianc"`` for ``fianc[ée]e?``): no such start, no
    match; the pattern can be searched from the first start on (``case_fold`` keeps positions).
    """

    def __init__(self, prefixes: Sequence[str]) -> None:
        if not prefixes or not all(prefixes):
            raise ValueError("WordStarts needs non-empty prefixes")
        self._automaton = ahocorasick.Automaton()
        for p in prefixes:
            folded = case_fold(p)
            self._automaton.add_word(folded, len(folded))
        self._automaton.make_automaton()

    def first(self, folded: str) -> int:
        """The smallest position where a prefix starts a word of ``folded``, else -1."""
        best = -1
        for end, size in self._automaton.iter(folded):
            start = end - size + 1
            if (best < 0 or start < best) and (start == 0 or not _is_word_char(folded[start - 1])):
                best = start
        return best


    def any_whole(self, folded: str) -> bool:
        """Whether a prefix occurs in ``folded`` as a whole word (no word character around)."""
        size = len(folded)
        for end, length in self._automaton.iter(folded):
            start = end - length + 1
            if (start == 0 or not _is_word_char(folded[start - 1])) and \
                    (end + 1 == size or not _is_word_char(folded[end + 1])):
                return True
        return False


def _is_word_char(ch: str) -> bool:
    r"""``\w`` of a ``str`` pattern: alphanumeric or underscore."""
    return ch.isalnum() or ch == "_"
