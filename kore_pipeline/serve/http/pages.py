"""How the memory browser's pages are drawn: Jinja2 templates (``templates/``, shipped inside
the package, every value autoescaped) and the figures they show that need computing: a
memory's decay now and its curve, and the terms of a playground score."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from kore_pipeline.lake.svgplot import line_chart
from kore_pipeline.lifecycle.decay import decay_scores, half_lives, julian_day
from kore_pipeline.lifecycle.durable import is_durable
from kore_pipeline.settings import KoreSettings
from kore_pipeline.timeutil import parse_ts

TEMPLATES = Path(__file__).resolve().parent / "templates"


@lru_cache(maxsize=1)
def environment() -> Environment:
    """The templates' environment: autoescaping on for every ``.html`` file, an unknown
    variable is an error (never an empty string)."""
    env = Environment(loader=FileSystemLoader(TEMPLATES), undefined=StrictUndefined,
                      autoescape=select_autoescape(["html"]), trim_blocks=True,
                      lstrip_blocks=True)
    env.filters["json"] = lambda value: json.dumps(value, ensure_ascii=False)  # then escaped
    return env


def render(template: str, **context: Any) -> str:
    """One page from ``templates/<template>`` (``csrf``: the session's form token, or None
    without a session; ``owner``: the owner the navigation links keep)."""
    context.setdefault("csrf", None)
    context.setdefault("owner", None)
    return environment().get_template(template).render(**context)


@dataclass(frozen=True)
class DecayNow:
    """A memory's decay at one instant, as search and the decay pass compute it."""

    score: float
    half_life_days: float
    """With its accesses' reinforcement."""
    base_half_life_days: float
    age_days: float
    durable: bool


def decay_now(memory: dict[str, Any], settings: KoreSettings, now: datetime) -> DecayNow:
    """The decay of ``memory`` at ``now``: :func:`decay.decay_scores` of the days since its
    last access (else creation), in Julian days as search measures them."""
    ref = parse_ts(memory["last_accessed_at"] or memory["created_at"])
    durable = is_durable(memory, settings)
    age = max(0.0, julian_day(now) - julian_day(ref))
    imp = np.array([memory["importance"]], dtype=np.float64)
    count = np.array([memory["access_count"] or 0], dtype=np.float64)
    flags = np.array([durable])
    score = float(decay_scores(imp, np.array([age]), count, settings, flags)[0])
    half = float(half_lives(imp, count, settings, flags)[0])
    base = float(half_lives(imp, np.zeros(1), settings, flags)[0])
    return DecayNow(score, half, base, age, durable)


def decay_curve(memory: dict[str, Any], now_decay: DecayNow, settings: KoreSettings,
                days: int = 365) -> Markup:
    """SVG: the memory's decay score over ``days`` from its last access (or creation), with
    the forgetting threshold; the same function as :func:`decay_now`."""
    xs = np.arange(0, days + 1, 5, dtype=np.float64)
    n = len(xs)
    ys = decay_scores(np.full(n, float(memory["importance"])), xs,
                      np.full(n, float(memory["access_count"] or 0)), settings,
                      np.full(n, now_decay.durable))
    ticks = [(x, f"{int(x)} d") for x in (0.0, 90.0, 180.0, 270.0, 360.0)]
    label = f"importance {memory['importance']}" + (", durable fact" if now_decay.durable
                                                    else "")
    return Markup(line_chart("decay-curve", xs.tolist(), {label: ys.tolist()},  # noqa: S704
                             x_label="days since last access", y_label="score",
                             x_ticks=ticks, y_max=1.0,
                             hline=(settings.forget_threshold, "forgotten below")))


MEMORY_FIELDS = ("owner", "subject", "key", "type", "category", "importance", "status",
                 "created_at", "updated_at", "last_accessed_at", "access_count", "expires_at",
                 "merged_into", "language", "embedded")
"""The memory page's table of fields (its decay is computed now, below them)."""


def memory_page(memory: dict[str, Any], settings: KoreSettings, now: datetime,
                csrf: str | None = None) -> str:
    """A memory's page (``memory``: as :func:`memory_read.get_memory` returns it), with its
    decay at ``now``: one figure, the curve drawn by the same function."""
    decay = decay_now(memory, settings, now)
    return render("memory.html", title=f"Memory {int(memory['memory_id'])}",
                  owner=memory["owner"], csrf=csrf, m=memory, fields=MEMORY_FIELDS,
                  decay=decay, curve=decay_curve(memory, decay, settings),
                  durable_days=settings.durable_half_life_days)


@dataclass(frozen=True)
class Factor:
    """One multiplicative term of a score and why it applies."""

    value: float
    why: str


def signal_factors(explain: dict[str, Any], settings: KoreSettings) -> list[Factor]:
    """The ranking signals of one hit (``serve.scoring``), each with its factor; their
    product is the hit's ``signal_factor`` (a remainder no signal names is listed as one
    more factor, so the product always is)."""
    out: list[Factor] = []
    if explain.get("subject_named"):
        several = bool(explain.get("asks_for_several"))
        boost = settings.several_subject_boost if several else settings.subject_boost
        out.append(Factor(1.0 + boost, "names its subject" + (" (asks for several)"
                                                              if several else "")))
    if explain.get("other_side"):
        out.append(Factor(1.0 - settings.assistant_penalty, "said by the side not asked about"))
    if explain.get("only_asks"):
        out.append(Factor(1.0 - settings.question_penalty, "only asks"))
    if explain.get("in_time_window"):
        out.append(Factor(1.0 + settings.time_boost, f"said {explain['in_time_window']}"))
    if explain.get("rare_term"):
        out.append(Factor(1.0 + settings.rare_term_boost,
                          f"holds the rare word {explain['rare_term']!r}"))
    named = float(np.prod([f.value for f in out])) if out else 1.0
    total = float(explain.get("signal_factor", 1.0))
    if abs(total - named) > 1e-6 * max(1.0, abs(total)):
        out.append(Factor(total / named, "other signals"))
    return out


def score_terms(explain: dict[str, Any], settings: KoreSettings) -> dict[str, Any]:
    """Every term of a hit's score, as the playground shows them:
    ``((keyword + vector) x signals + neighbours) x tier x decay factor x importance
    factor``."""
    decay = float(explain.get("decay", 1.0))
    importance = int(explain.get("importance") or 3)
    window = explain.get("window_ranks")
    return {
        "keyword": float(explain.get("keyword_rrf", 0.0)),
        "vector": float(explain.get("vector_rrf", 0.0)),
        "keyword_rank": (window or explain).get("keyword_rank"),
        "vector_rank": (window or explain).get("vector_rank"),
        "in_window": window is not None,
        "signals": signal_factors(explain, settings),
        "neighbours": float(explain.get("neighbour_bonus", 0.0)),
        "tier": float(explain.get("tier_penalty", 1.0)),
        "tier_name": explain.get("tier", "active"),
        "decay": decay,
        "decay_factor": 1.0 - settings.decay_weight + settings.decay_weight * decay,
        "importance": importance,
        "importance_factor": 1.0 + settings.importance_weight * (importance - 3),
        "score": float(explain.get("fused_score", 0.0)),
        "in_place_of": (explain.get("in_place_of") or {}).get("memory_id"),
    }
