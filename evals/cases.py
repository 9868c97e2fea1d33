"""The hand-written case lists of ``evals/cases/`` as typed records.

Every list is a JSON Lines file, one case a line (``evals/cases/README.md`` says who wrote
each and whether rules were tuned on it):

* statements (``coverage-*.jsonl``, ``unseen-statements.jsonl``): ``{"text", "lang",
  "expect": "fact", "kind", "phrase", "class"}`` (a positive: the text must yield a fact of
  category ``kind`` whose clause holds ``phrase``; ``class`` optional) or ``{"text", "lang",
  "expect": "none", "why"}`` (a negative: no fact at all; ``why`` optional);
* update pairs (``updates-*.jsonl``, ``unseen-updates.jsonl``): ``{"earlier", "later",
  "lang", "thing", "new", "old", "question", "wording"}``, ``wording`` one of
  :data:`WORDINGS`.

A field a list adds (e.g. ``durable``) is kept in the record's ``extra``. A line that is no
JSON object, lacks a field or has one of the wrong type raises :class:`CaseFileError` naming
the file and line.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CASES_DIR = Path(__file__).resolve().parent / "cases"
"""The checkout's case lists."""
UNSEEN_STATEMENTS = "unseen-statements.jsonl"
UNSEEN_UPDATES = "unseen-updates.jsonl"
NON_UPDATE = "non-update"
WORDINGS = ("explicit", "implicit", NON_UPDATE)
"""A change said with a word that says so, one said in passing, and no change at all."""
EXPECTS = ("fact", "none")
CATEGORIES = ("preference", "decision", "habit", "profile")

_STATEMENT_FIELDS = ("text", "lang", "expect", "kind", "phrase", "class", "why")
_UPDATE_FIELDS = ("earlier", "later", "lang", "thing", "new", "old", "question", "wording")


class CaseFileError(ValueError):
    """A case file line that is not a case of its file's schema."""


@dataclass(frozen=True)
class Statement:
    """A positive (``expect`` "fact": ``kind`` and ``phrase`` set) or a negative ("none")."""

    text: str
    lang: str
    expect: str
    kind: str = ""
    phrase: str = ""
    statement_class: str = ""
    """The ``class`` field: what kind of statement it is, for figures by class."""
    why: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def positive(self) -> bool:
        return self.expect == "fact"


@dataclass(frozen=True)
class UpdatePair:
    """An earlier statement and a later one that changes it (or, ``non-update``, does not)."""

    earlier: str
    later: str
    lang: str
    thing: str
    new: str
    old: str
    question: str
    wording: str
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def is_update(self) -> bool:
        return self.wording != NON_UPDATE


def read_jsonl(path: Path) -> list[tuple[int, dict[str, Any]]]:
    """(line number, object) of every non-blank line; :class:`CaseFileError` on a line that
    is no JSON object."""
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise CaseFileError(f"{path}:{n}: not JSON ({exc.msg})") from None
        if not isinstance(obj, dict):
            raise CaseFileError(f"{path}:{n}: not a JSON object")
        out.append((n, obj))
    return out


def _text(obj: dict[str, Any], key: str, where: str, required: bool = True) -> str:
    value = obj.get(key, None if required else "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise CaseFileError(f"{where}: {key!r} must be a non-empty string, got {value!r}")
    return value


def _statement(obj: dict[str, Any], where: str) -> Statement:
    expect = _text(obj, "expect", where)
    if expect not in EXPECTS:
        raise CaseFileError(f"{where}: 'expect' must be one of {', '.join(EXPECTS)},"
                            f" got {expect!r}")
    positive = expect == "fact"
    kind = _text(obj, "kind", where, required=positive)
    if positive and kind not in CATEGORIES:
        raise CaseFileError(f"{where}: 'kind' must be one of {', '.join(CATEGORIES)},"
                            f" got {kind!r}")
    return Statement(text=_text(obj, "text", where), lang=_text(obj, "lang", where),
                     expect=expect, kind=kind,
                     phrase=_text(obj, "phrase", where, required=positive),
                     statement_class=_text(obj, "class", where, required=False),
                     why=_text(obj, "why", where, required=False),
                     extra={k: v for k, v in obj.items() if k not in _STATEMENT_FIELDS})


def _update(obj: dict[str, Any], where: str) -> UpdatePair:
    values = {k: _text(obj, k, where) for k in _UPDATE_FIELDS}
    if values["wording"] not in WORDINGS:
        raise CaseFileError(f"{where}: 'wording' must be one of {', '.join(WORDINGS)},"
                            f" got {values['wording']!r}")
    return UpdatePair(**values, extra={k: v for k, v in obj.items() if k not in values})


def read_statements(path: Path) -> list[Statement]:
    """The statements of a coverage file, positives and negatives in file order."""
    return [_statement(obj, f"{path}:{n}") for n, obj in read_jsonl(path)]


def read_updates(path: Path) -> list[UpdatePair]:
    """The pairs of an update file in file order."""
    return [_update(obj, f"{path}:{n}") for n, obj in read_jsonl(path)]


def _stem(path: Path) -> str:
    return path.stem


def coverage_files(folder: Path = CASES_DIR) -> list[Path]:
    """Every ``coverage-*.jsonl`` (by stem), then ``unseen-statements.jsonl`` if present."""
    return [*sorted(folder.glob("coverage-*.jsonl"), key=_stem),
            *[p for p in [folder / UNSEEN_STATEMENTS] if p.is_file()]]


def update_files(folder: Path = CASES_DIR) -> list[Path]:
    """Every ``updates-*.jsonl`` (by stem), then ``unseen-updates.jsonl`` if present."""
    return [*sorted(folder.glob("updates-*.jsonl"), key=_stem),
            *[p for p in [folder / UNSEEN_UPDATES] if p.is_file()]]


def statement_lists(folder: Path = CASES_DIR) -> dict[str, list[Statement]]:
    """File stem -> its statements, for every coverage file of ``folder``."""
    return {p.stem: read_statements(p) for p in coverage_files(folder)}


def update_lists(folder: Path = CASES_DIR) -> dict[str, list[UpdatePair]]:
    """File stem -> its pairs, for every update file of ``folder``."""
    return {p.stem: read_updates(p) for p in update_files(folder)}


def positives(statements: list[Statement]) -> list[Statement]:
    return [s for s in statements if s.positive]


def negatives(statements: list[Statement]) -> list[Statement]:
    return [s for s in statements if not s.positive]
