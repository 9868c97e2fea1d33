"""Small hand-written SVG charts (bars and lines) for the self-contained HTML report."""

from __future__ import annotations

import math
from html import escape

PALETTE = ("#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1",
           "#ff9da7", "#9c755f", "#bab0ac")
W, H = 640, 300
LEFT, RIGHT, TOP, BOTTOM = 56, 150, 16, 44


def _nice_max(value: float) -> float:
    if value <= 0:
        return 1.0
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000):
        if value <= step:
            return float(step)
    return float(value * 1.1)


def _count_max(value: float) -> float:
    """An axis top for counts whose four grid steps are whole numbers (3 -> 4, 5 -> 8)."""
    step = max(1, math.ceil(value / 4))
    for candidate in (1, 2, 3, 4, 5, 10, 15, 20, 25, 50, 75, 100, 150, 200, 250, 500, 1000,
                      2500, 5000):
        if candidate >= step:
            step = candidate
            break
    return float(step * 4) if value > 0 else 4.0


def _fmt(value: float) -> str:
    return f"{value:g}" if abs(value) < 1e4 else f"{value:.3g}"


def _frame(plot_id: str, body: list[str], y_max: float, y_label: str) -> str:
    ph = H - TOP - BOTTOM
    grid = []
    for i in range(5):
        v = y_max * i / 4
        y = TOP + ph - ph * i / 4
        grid.append(f'<line x1="{LEFT}" x2="{W - RIGHT}" y1="{y:.1f}" y2="{y:.1f}" '
                    f'stroke="#ddd"/><text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end" '
                    f'font-size="11">{_fmt(v)}</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" id="{escape(plot_id)}" class="chart" '
            f'viewBox="0 0 {W} {H}" width="{W}" height="{H}" role="img" '
            f'font-family="sans-serif">'
            f'<text x="14" y="{TOP + ph / 2:.0f}" font-size="11" transform="rotate(-90 14 '
            f'{TOP + ph / 2:.0f})" text-anchor="middle">{escape(y_label)}</text>'
            + "".join(grid) + "".join(body) + "</svg>")


def _legend(names: list[str]) -> list[str]:
    out = []
    for i, name in enumerate(names):
        y = TOP + 10 + i * 18
        out.append(f'<rect x="{W - RIGHT + 12}" y="{y - 9}" width="12" height="12" '
                   f'fill="{PALETTE[i % len(PALETTE)]}"/><text x="{W - RIGHT + 30}" y="{y + 1}"'
                   f' font-size="11">{escape(name[:20])}</text>')
    return out


def _empty(plot_id: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" id="{escape(plot_id)}" class="chart '
            f'empty" viewBox="0 0 {W} 60" width="{W}" height="60"><text x="10" y="35" '
            f'font-size="13" fill="#777">no data yet</text></svg>')


def bar_chart(plot_id: str, labels: list[str], series: dict[str, list[float]],
              y_label: str = "", integer: bool = False) -> str:
    """Grouped vertical bars: one group per label, one bar per series (``integer``: counts,
    so the axis is labelled in whole numbers)."""
    if not labels or not series:
        return _empty(plot_id)
    top = max((v for vals in series.values() for v in vals), default=0)
    y_max = _count_max(top) if integer else _nice_max(top)
    pw, ph = W - LEFT - RIGHT, H - TOP - BOTTOM
    group_w = pw / len(labels)
    bar_w = group_w * 0.8 / len(series)
    body = []
    for gi, label in enumerate(labels):
        gx = LEFT + gi * group_w
        for si, (name, values) in enumerate(series.items()):
            v = values[gi]
            h = ph * v / y_max
            x = gx + group_w * 0.1 + si * bar_w
            body.append(f'<rect class="bar" data-series="{escape(name)}" data-label='
                        f'"{escape(label)}" data-value="{_fmt(v)}" x="{x:.1f}" '
                        f'y="{TOP + ph - h:.1f}" width="{max(bar_w - 1, 1):.1f}" '
                        f'height="{h:.1f}" fill="{PALETTE[si % len(PALETTE)]}">'
                        f'<title>{escape(label)} · {escape(name)}: {_fmt(v)}</title></rect>')
        if len(labels) <= 24 or gi % max(1, len(labels) // 12) == 0:
            body.append(f'<text x="{gx + group_w / 2:.1f}" y="{H - BOTTOM + 16}" '
                        f'font-size="10" text-anchor="middle">{escape(label[:14])}</text>')
    if len(series) > 1:
        body += _legend(list(series))
    return _frame(plot_id, body, y_max, y_label)


def hbar_chart(plot_id: str, items: list[tuple[str, float]], x_label: str = "") -> str:
    """Horizontal bars, one per (label, value), top to bottom."""
    if not items:
        return _empty(plot_id)
    row = 22
    height = TOP + len(items) * row + 30
    label_w = 170
    pw = W - label_w - 60
    v_max = _nice_max(max(v for _, v in items))
    body = []
    for i, (label, v) in enumerate(items):
        y = TOP + i * row
        w = pw * v / v_max
        body.append(f'<text x="{label_w - 6}" y="{y + 15}" font-size="11" text-anchor="end">'
                    f'{escape(label[:28])}</text><rect class="bar" data-label="{escape(label)}"'
                    f' data-value="{_fmt(v)}" x="{label_w}" y="{y + 3}" width="{max(w, 1):.1f}"'
                    f' height="{row - 6}" fill="{PALETTE[0]}"><title>{escape(label)}: '
                    f'{_fmt(v)}</title></rect><text x="{label_w + w + 4:.1f}" y="{y + 15}" '
                    f'font-size="10">{_fmt(v)}</text>')
    body.append(f'<text x="{label_w + pw / 2:.0f}" y="{height - 8}" font-size="11" '
                f'text-anchor="middle">{escape(x_label)}</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" id="{escape(plot_id)}" class="chart" '
            f'viewBox="0 0 {W} {height}" width="{W}" height="{height}" role="img" '
            f'font-family="sans-serif">' + "".join(body) + "</svg>")


def line_chart(plot_id: str, xs: list[float], series: dict[str, list[float]],
               x_label: str = "", y_label: str = "", x_ticks: list[tuple[float, str]] | None
               = None, hline: tuple[float, str] | None = None,
               y_max: float | None = None, integer: bool = False) -> str:
    """Lines over a shared numeric x axis; optional labelled ticks and a horizontal rule
    (``integer``: the y axis counts, labelled in whole numbers)."""
    if not xs or not series:
        return _empty(plot_id)
    highest = max((v for vals in series.values() for v in vals), default=0)
    top = y_max if y_max is not None else (_count_max(highest) if integer
                                           else _nice_max(highest))
    x0, x1 = min(xs), max(xs)
    span = (x1 - x0) or 1.0
    pw, ph = W - LEFT - RIGHT, H - TOP - BOTTOM

    def px(x: float) -> float:
        return LEFT + pw * (x - x0) / span

    def py(y: float) -> float:
        return TOP + ph - ph * min(y, top) / top

    body = []
    for i, (name, values) in enumerate(series.items()):
        points = " ".join(f"{'M' if j == 0 else 'L'}{px(x):.1f},{py(y):.1f}"
                          for j, (x, y) in enumerate(zip(xs, values, strict=True)))
        body.append(f'<path class="line" data-series="{escape(name)}" d="{points}" '
                    f'fill="none" stroke="{PALETTE[i % len(PALETTE)]}" stroke-width="2">'
                    f'<title>{escape(name)}</title></path>')
    if hline is not None:
        y = py(hline[0])
        body.append(f'<line class="threshold" x1="{LEFT}" x2="{W - RIGHT}" y1="{y:.1f}" '
                    f'y2="{y:.1f}" stroke="#c00" stroke-dasharray="4 3"/><text x="{LEFT + 4}" '
                    f'y="{y - 4:.1f}" font-size="10" fill="#c00">{escape(hline[1])}</text>')
    ticks = x_ticks if x_ticks is not None else [(x0 + span * i / 4, _fmt(x0 + span * i / 4))
                                                 for i in range(5)]
    for x, label in ticks:
        body.append(f'<text x="{px(x):.1f}" y="{H - BOTTOM + 16}" font-size="10" '
                    f'text-anchor="middle">{escape(label)}</text>')
    body.append(f'<text x="{LEFT + pw / 2:.0f}" y="{H - 8}" font-size="11" '
                f'text-anchor="middle">{escape(x_label)}</text>')
    body += _legend(list(series))
    return _frame(plot_id, body, top, y_label)
