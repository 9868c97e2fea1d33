"""HTML pieces of the memory browser: layout, tables, forms, the decay curve (no template
engine, no build step: escaped f-strings and a few lines of JS)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from html import escape
from typing import Any
from urllib.parse import urlencode

from kore_pipeline.lake.svgplot import line_chart
from kore_pipeline.lifecycle.decay import base_half_life, decay_score_row
from kore_pipeline.lifecycle.durable import is_durable
from kore_pipeline.settings import KoreSettings
from kore_pipeline.timeutil import parse_ts

CSS = """
body{font-family:system-ui,sans-serif;margin:0;color:#222;background:#fafafa}
header{background:#24333f;color:#fff;padding:10px 24px;display:flex;gap:24px;align-items:center}
header a{color:#cfe3f5;text-decoration:none}header b{margin-right:24px}
main{padding:16px 24px;max-width:1400px}table{border-collapse:collapse;width:100%;background:#fff}
th,td{border-bottom:1px solid #e3e3e3;padding:6px 8px;text-align:left;vertical-align:top;
font-size:14px}th{background:#f0f3f6}form.filters{display:flex;gap:8px;flex-wrap:wrap;
margin-bottom:12px}input,select,textarea{font:inherit;padding:4px}textarea{width:100%}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(560px,1fr));gap:16px}
.card{background:#fff;border:1px solid #e3e3e3;border-radius:6px;padding:12px}
.status-active{color:#2a7a2a}.status-deleted{color:#b00}.muted{color:#777}
.card svg{max-width:100%;height:auto}button{cursor:pointer}
.bar{background:#4e79a7;height:10px;display:inline-block}
form.logout{margin-left:auto}
"""


def csrf_input(token: str | None) -> str:
    """The hidden token field of a state-changing form ("" without a session)."""
    return f"<input type=hidden name=csrf_token value='{escape(token)}'>" if token else ""


def page(title: str, body: str, owner: str | None = None, csrf: str | None = None) -> str:
    """A whole page: header with navigation (and a sign-out button in a session), then
    ``body``."""
    q = f"?{urlencode({'owner': owner})}" if owner else ""
    out = (f"<form class=logout method=post action='/ui/logout'>{csrf_input(csrf)}"
           "<button id=logout>Sign out</button></form>") if csrf else ""
    return (f"<!doctype html><html lang=en><head><meta charset=utf-8><title>{escape(title)}"
            f" · kore</title><style>{CSS}</style></head><body><header><b>kore memory</b>"
            f"<a href='/ui/memories{q}'>Memories</a><a href='/ui/playground{q}'>Playground</a>"
            f"<a href='/ui/engine'>Engine</a><a href='/docs'>API</a>{out}</header><main>"
            f"<h1>{escape(title)}</h1>{body}</main>"
            "<script>document.querySelectorAll('form[data-confirm]').forEach(f=>f.addEventListe"
            "ner('submit',e=>{if(!confirm(f.dataset.confirm))e.preventDefault()}));</script>"
            "</body></html>")


def cell(value: Any) -> str:
    """One escaped table cell."""
    return f"<td>{escape('' if value is None else str(value))}</td>"


def table(headers: Sequence[str], rows: Iterable[str], table_id: str = "") -> str:
    """A table from already rendered ``<tr>`` rows."""
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    return f"<table id='{escape(table_id)}'><tr>{head}</tr>{''.join(rows)}</table>"


def select(name: str, options: Sequence[str], chosen: str | None, blank: str = "") -> str:
    """A ``<select>`` that submits its form on change."""
    opts = [f"<option value=''>{escape(blank)}</option>"] if blank else []
    opts += [f"<option{' selected' if o == chosen else ''}>{escape(o)}</option>"
             for o in options]
    return (f"<select name='{escape(name)}' onchange='this.form.submit()'>{''.join(opts)}"
            "</select>")


def memory_link(memory: dict[str, Any]) -> str:
    """The memory's content linked to its page."""
    return (f"<td><a href='/ui/memories/{int(memory['memory_id'])}'>"
            f"{escape(memory['content'][:200])}</a></td>")


def decay_curve(memory: dict[str, Any], settings: KoreSettings, now: datetime,
                days: int = 365) -> str:
    """SVG: the memory's decay score from its last access (or creation) over ``days``, with
    the forgetting threshold and today marked; a durable fact (``lifecycle.durable``) is
    drawn with its longer half-life and says so."""
    ref = parse_ts(memory["last_accessed_at"] or memory["created_at"])
    lasts = is_durable(memory, settings) if "slot" in memory else False
    xs = [float(d) for d in range(0, days + 1, 5)]
    ys = [decay_score_row(memory["importance"], d, memory["access_count"], settings, lasts)
          for d in xs]
    today = max(0.0, (now - ref).total_seconds() / 86400)
    ticks = [(x, f"{int(x)} d") for x in (0.0, 90.0, 180.0, 270.0, 360.0)]
    label = f"importance {memory['importance']}" + (", durable fact" if lasts else "")
    svg = line_chart("decay-curve", xs, {label: ys}, x_label="days since last access",
                     y_label="score", x_ticks=ticks, y_max=1.0,
                     hline=(settings.forget_threshold, "forgotten below"))
    score = decay_score_row(memory["importance"], today, memory["access_count"], settings,
                            lasts)
    half = base_half_life(memory["importance"], lasts, settings)
    why = (f"; a current fact of the durable slot {escape(str(memory['slot']))}: half-life"
           f" at least {settings.durable_half_life_days:.0f} days") if lasts else ""
    marker = (f"<p class=muted>Now: day {today:.0f} since the last access, score {score:.3f}"
              f" (half-life {half:.0f} days{why}; {memory['access_count']} accesses lengthen"
              f" it)</p>")
    return svg + marker


def explain_bar(value: float, top: float) -> str:
    """A small horizontal bar of ``value`` relative to ``top``."""
    width = 0 if top <= 0 else int(120 * value / top)
    return f"<span class=bar style='width:{width}px'></span> {value:.5f}"
