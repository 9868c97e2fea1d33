"""Durable facts: what a person *is* lasts until it is superseded.

Where one lives, who one works for, one's job, partner, diet and the names of one's family and
pets (``settings.durable_slots``) stay true until a later statement gives the slot another
value; nobody repeats them every month. So a *current* fact of a durable slot — a fact
(``type = 'factual'``) whose ``slot`` is durable, not superseded and with no ``valid_until`` —
decays with a half-life of at least ``settings.durable_half_life_days``, while small talk,
episodes and superseded values decay by their importance as before.

One definition in the three forms its readers need: Python for one memory
(:func:`is_durable`), an SQL predicate for the decay pass and the lake's DuckDB views
(:func:`durable_sql`), and a polars column for frames (:func:`durable_column`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np
import polars as pl

from kore_pipeline.settings import KoreSettings

PREFIX_MARK = ":"
"""An entry of ``durable_slots`` ending in this is a prefix of slot names."""


def durable_slot(slot: str | None, slots: Iterable[str]) -> bool:
    """Whether ``slot`` is one of ``slots`` (an entry ending in ``:`` is a prefix)."""
    if not slot:
        return False
    return any(slot.startswith(s) if s.endswith(PREFIX_MARK) else slot == s for s in slots)


def is_durable(memory: Mapping[str, Any], settings: KoreSettings) -> bool:
    """Whether one memory (a row with ``type``, ``slot``, ``valid_until`` and maybe
    ``status``) is a current fact of a durable slot."""
    keys = memory.keys()
    return (settings.durable_half_life_days > 0 and memory["type"] == "factual"
            and ("valid_until" not in keys or memory["valid_until"] is None)
            and ("status" not in keys or memory["status"] != "superseded")
            and durable_slot(memory["slot"], settings.durable_slots))


def _literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def durable_sql(settings: KoreSettings, alias: str = "") -> str:
    """The SQL predicate (SQLite and DuckDB) of :func:`is_durable` over table alias ``alias``
    (``"m"``; ``""``: bare columns), with the slot names as literals. ``false`` when the rule
    is off; NULL for a row without a slot (wrap it in ``coalesce(..., 0)`` to select it)."""
    a = f"{alias}." if alias else ""
    exact = [s for s in settings.durable_slots if not s.endswith(PREFIX_MARK)]
    prefixes = [s for s in settings.durable_slots if s.endswith(PREFIX_MARK)]
    tests = ([f"{a}slot IN ({', '.join(map(_literal, exact))})"] if exact else []) + [
        f"substr({a}slot, 1, {len(p)}) = {_literal(p)}" for p in prefixes]
    if settings.durable_half_life_days <= 0 or not tests:
        return "(1 = 0)"
    return (f"({a}type = 'factual' AND {a}valid_until IS NULL AND {a}status != 'superseded'"
            f" AND ({' OR '.join(tests)}))")


def durable_column(frame: pl.DataFrame, settings: KoreSettings) -> np.ndarray | None:
    """:func:`is_durable` of every row of ``frame`` as a bool array, from its ``durable``
    column if it has one, else from ``type`` and ``slot`` (and ``valid_until``, ``status``
    when present); None when it has neither (nothing is durable)."""
    if "durable" in frame.columns:
        return frame.get_column("durable").fill_null(False).cast(pl.Boolean).to_numpy()
    if settings.durable_half_life_days <= 0 or not {"type", "slot"} <= set(frame.columns):
        return None
    slot = frame.get_column("slot").cast(pl.String)
    exact = [s for s in settings.durable_slots if not s.endswith(PREFIX_MARK)]
    hit = slot.is_in(exact)
    for prefix in (s for s in settings.durable_slots if s.endswith(PREFIX_MARK)):
        hit = hit | slot.str.starts_with(prefix)
    hit = hit.fill_null(False) & (frame.get_column("type") == "factual").fill_null(False)
    if "valid_until" in frame.columns:
        hit = hit & frame.get_column("valid_until").is_null()
    if "status" in frame.columns:
        hit = hit & (frame.get_column("status") != "superseded").fill_null(True)
    return hit.to_numpy()


def active_days(settings: KoreSettings) -> float:
    """How long a durable fact stays above ``forget_threshold`` unmentioned (no accesses):
    ``durable_half_life_days x log2(1 / forget_threshold)``."""
    threshold = float(settings.forget_threshold)
    if threshold <= 0:
        return math.inf
    if threshold >= 1:
        return 0.0
    return float(settings.durable_half_life_days) * math.log2(1.0 / threshold)
