"""``kore report``: one self-contained HTML page (inline SVG, no network) built from the lake.

Every figure comes from the DuckDB views of ``sql/duckdb_views.sql``, except the decay
curves, which are computed by :func:`kore_pipeline.decay.decay_frame` itself.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from html import escape
from pathlib import Path
from typing import Any

import polars as pl

from kore_pipeline import files
from kore_pipeline.lake import publish as lake
from kore_pipeline.lake.svgplot import bar_chart, hbar_chart, line_chart
from kore_pipeline.settings import HALF_LIVES_DAYS, KoreSettings
from kore_pipeline.timeutil import iso

PLOTS = ("plot-importance", "plot-decay-curves", "plot-memories-over-time",
         "plot-top-categories", "plot-top-subjects", "plot-runs")
"""The ids of the report's charts, in page order."""

_CSS = """body{font-family:sans-serif;margin:24px;color:#222}
h1{font-size:22px}h2{font-size:16px;margin:0 0 6px}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(560px,1fr));gap:14px}
section{padding:10px;border:1px solid #e3e3e3;border-radius:6px;min-width:0;overflow-x:auto}
section svg.chart{width:100%;height:auto}
table{border-collapse:collapse;font-size:12px}td,th{border:1px solid #ddd;padding:3px 6px;
text-align:right}th{background:#f4f4f4}.meta{color:#555;font-size:13px}
p.note{font-size:12px;color:#555;max-width:640px;margin:4px 0}"""


def decay_curves(settings: KoreSettings, days: int = 365,
                 step: int = 5) -> tuple[list[float], dict[str, list[float]]]:
    """Decay score over days since last access, one curve per importance and one of a durable
    fact (a current fact of a durable slot, at its least important: importance 1), no
    accesses."""
    from kore_pipeline.lifecycle.decay import decay_frame

    xs = list(range(0, days + 1, step))
    now = datetime(2000, 1, 1)
    curves: dict[str, list[float]] = {}
    kinds = [(f"importance {i}", i, False) for i in sorted(HALF_LIVES_DAYS)]
    if settings.durable_half_life_days > 0:
        kinds.append(("durable fact", 1, True))
    for label, importance, durable in kinds:
        frame = pl.DataFrame({
            "importance": [importance] * len(xs),
            "created_at": [iso(now - timedelta(days=d)) for d in xs],
            "last_accessed_at": pl.Series([None] * len(xs), dtype=pl.String),
            "access_count": [0] * len(xs), "durable": [durable] * len(xs)})
        scores = decay_frame(frame, now, settings).get_column("decay_score").to_list()
        curves[label] = [float(s) for s in scores]
    return [float(x) for x in xs], curves


def _rows(con: Any, sql: str) -> list[tuple[Any, ...]]:
    return con.execute(sql).fetchall()


def _table(columns: list[str], rows: list[tuple[Any, ...]]) -> str:
    head = "".join(f"<th>{escape(c)}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{escape('' if v is None else str(v))}</td>"
                                    for v in r) + "</tr>" for r in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _seconds(row: tuple[Any, ...]) -> tuple[Any, ...]:
    """A run_history row with its seconds as fractions (``0.042``), blank when not run."""
    return (*row[:3], *("" if v is None else f"{float(v):.3f}" for v in row[3:]))


def _over_time(rows: list[tuple[Any, ...]]) -> str:
    """Cumulative memories created per type, by day."""
    if not rows:
        return line_chart("plot-memories-over-time", [], {})
    days = sorted({r[0] for r in rows})
    first: date = days[0]
    span = [first + timedelta(days=i) for i in range((days[-1] - first).days + 1)]
    types = sorted({r[1] for r in rows})
    per_day = {(r[0], r[1]): r[2] for r in rows}
    series = {}
    for t in types:
        total, values = 0, []
        for d in span:
            total += per_day.get((d, t), 0)
            values.append(float(total))
        series[t] = values
    xs = [float(i) for i in range(len(span))]
    ticks = [(float(i), span[i].isoformat()) for i in
             sorted({0, len(span) // 2, len(span) - 1})]
    return line_chart("plot-memories-over-time", xs, series, "day created",
                      "memories (cumulative)", x_ticks=ticks, integer=True)


def build_report(settings: KoreSettings, now: str | None = None) -> str:
    """The report's HTML text."""
    lake.upgrade_lake(settings)
    con = lake.connect_views(settings.lake_dir(), settings, now)
    try:
        clock = _rows(con, "SELECT kore_now()")[0][0]
        totals = _rows(con, "SELECT (SELECT count(*) FROM current_memories),"
                       " (SELECT count(DISTINCT owner) FROM current_memories),"
                       " (SELECT count(*) FROM messages), (SELECT count(*) FROM runs),"
                       " (SELECT count(*) FROM archive), (SELECT count(*) FROM quarantine)")[0]
        importance = dict(_rows(con, "SELECT importance, sum(memories) FROM"
                                     " importance_distribution GROUP BY 1 ORDER BY 1"))
        by_day = _rows(con, "SELECT day, type, sum(created) FROM memories_by_day"
                            " GROUP BY 1, 2 ORDER BY 1, 2")
        categories = _rows(con, "SELECT category, count(*) FROM current_memories GROUP BY 1"
                                " ORDER BY 2 DESC, 1 LIMIT 10")
        subjects = _rows(con, "SELECT subject || ' (' || owner || ')', count(*) FROM"
                              " current_memories GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 10")
        runs = _rows(con, "SELECT run_id, kind, merged, forgotten, superseded FROM"
                          " compression_history"
                          " WHERE state = 'completed' ORDER BY started_at, now, run_id")
        forecast = _rows(con, "SELECT horizon_days, sum(active), sum(already_below),"
                              " sum(falling_below), sum(durable_active) FROM decay_forecast"
                              " GROUP BY 1 ORDER BY 1")
        history = _rows(con, "SELECT run_id, kind, state, seconds, ingest_s, embed_s,"
                             " extract_s, index_s, decay_s, compress_s, publish_s FROM"
                             " run_history"
                             " ORDER BY started_at DESC, now DESC, run_id DESC LIMIT 15")
        quarantine = _rows(con, "SELECT reason_class, records, files FROM quarantine_by_reason")
        owners = _rows(con, "SELECT owner, count(*) FILTER (WHERE status = 'active'),"
                            " count(*) FILTER (WHERE status = 'active' AND type = 'factual'),"
                            " count(*) FILTER (WHERE status = 'active' AND type = 'episodic'),"
                            " count(*) FILTER (WHERE status != 'active'),"
                            " count(DISTINCT subject), max(created_at) FROM memories"
                            " GROUP BY owner ORDER BY 2 DESC, owner LIMIT 100")
    finally:
        con.close()
    xs, curves = decay_curves(settings)
    levels = [str(i) for i in range(1, 6)]
    run_labels = [f"{i + 1}·{r[1]}" for i, r in enumerate(runs)]
    sections = [
        ("Importance distribution (active memories)", bar_chart(
            "plot-importance", levels, {"memories": [float(importance.get(i, 0))
                                                     for i in range(1, 6)]}, "memories",
            integer=True),
         "Importance 1–5 from the local heuristics or the input."),
        ("Decay curves by importance", line_chart(
            "plot-decay-curves", xs, curves, "days since last access", "decay score",
            hline=(settings.forget_threshold, f"forgotten below {settings.forget_threshold:g}"),
            x_ticks=[(float(d), str(d)) for d in (0, 30, 90, 180, 270, 365)], y_max=1.0),
         "Ebbinghaus decay as decay.py computes it, with no access. A current fact of a"
         " durable slot (residence, employer, job, relationship, diet, the names of family"
         f" and pets) decays with a half-life of at least {settings.durable_half_life_days:g}"
         " days whatever its importance: true until superseded."),
        ("Memories over time by type", _over_time(by_day),
         "Every memory the pipeline created (any status), by the time of its first message."),
        ("Top categories", hbar_chart("plot-top-categories",
                                      [(str(c), float(n)) for c, n in categories],
                                      "active memories"), ""),
        ("Top subjects", hbar_chart("plot-top-subjects",
                                    [(str(s), float(n)) for s, n in subjects],
                                    "active memories"), ""),
        ("Merges and forgetting per run", bar_chart(
            "plot-runs", run_labels, {"merged": [float(r[2]) for r in runs],
                                      "forgotten": [float(r[3]) for r in runs],
                                      "superseded": [float(r[4]) for r in runs]}, "memories",
            integer=True),
         "Completed runs in order: memories merged by compression, forgotten by decay,"
         " superseded by a later statement of the same slot (extraction and compression)."),
    ]
    parts = [f"<section><h2>{escape(title)}</h2>{svg}"
             + (f'<p class="note">{escape(note)}</p>' if note else "") + "</section>"
             for title, svg, note in sections]
    parts.append("<section><h2>Memories by owner</h2>" + _table(
        ["owner", "active", "facts", "episodes", "archived", "subjects", "last said"],
        owners) + '<p class="note">Each owner\'s memories in the store (first 100 owners by'
        " active memories); `kore sql` and the memory browser (`kore api`, /ui) go further."
        "</p></section>")
    parts.append("<section><h2>Decay forecast</h2>" + _table(
        ["days", "active", "already below", "falling below", "durable facts"], forecast)
        + "</section>")
    parts.append("<section><h2>Quarantine by reason</h2>" + _table(
        ["reason", "records", "files"], quarantine) + "</section>")
    parts.append("<section><h2>Latest runs (seconds per stage)</h2>" + _table(
        ["run", "kind", "state", "total", "ingest", "embed", "extract", "index", "decay",
         "compress", "publish"], [_seconds(r) for r in history]) + "</section>")
    meta = (f"clock {clock} · {totals[0]} active memories · {totals[1]} owners · "
            f"{totals[2]} messages · {totals[3]} runs · {totals[4]} archived · "
            f"{totals[5]} quarantined")
    return ("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<title>kore memory report</title>"
            f"<style>{_CSS}</style></head><body><h1>kore memory report</h1>"
            f"<p class=\"meta\">{escape(meta)}</p><div class=\"grid\">" + "".join(parts)
            + "</div></body></html>")


def write_report(settings: KoreSettings, out: Path, now: str | None = None) -> Path:
    """Write the report to ``out`` (atomically: :func:`kore_pipeline.files.write_text`)."""
    return files.write_text(out, build_report(settings, now))
