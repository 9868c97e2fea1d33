"""``kore sql`` (DuckDB over the lake, or an interactive session) and ``kore report`` (HTML)."""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from kore_pipeline import files
from kore_pipeline.cli.common import Home, Now, settings_for
from kore_pipeline.cli.display import visible

FORMATS = ("tsv", "table", "csv", "json", "parquet")
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""A text cell starting with one of these is a formula to a spreadsheet (CSV injection)."""


def csv_cell(value: Any) -> Any:
    """A cell as spreadsheet tools read it safely: text that would start a formula gets a
    leading single quote (numbers stay numbers); None is an empty cell."""
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def render(columns: list[str], rows: list[tuple[Any, ...]], fmt: str) -> str:
    """Rows as text: tab-separated or an aligned table (control characters made visible:
    a cell stays one cell, a terminal shows it), CSV (escaped for spreadsheets, see
    :func:`csv_cell`) or a JSON array of objects."""
    if fmt == "json":
        return json.dumps([dict(zip(columns, r, strict=True)) for r in rows],
                          ensure_ascii=False, indent=2, default=str) + "\n"
    if fmt == "csv":  # RFC 4180 line ends: a cell holding a CR is then quoted, not cut
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\r\n")
        writer.writerow([csv_cell(c) for c in columns])
        writer.writerows([csv_cell(v) for v in r] for r in rows)
        return buf.getvalue()
    cells = [[("" if v is None else visible(str(v))) for v in r] for r in rows]
    if fmt == "tsv":
        return "".join("\t".join(line) + "\n" for line in [columns, *cells])
    widths = [max([len(c), *(len(r[i]) for r in cells)]) for i, c in enumerate(columns)]
    lines = [" | ".join(c.ljust(w) for c, w in zip(columns, widths, strict=True)),
             "-+-".join("-" * w for w in widths)]
    lines += [" | ".join(v.ljust(w) for v, w in zip(r, widths, strict=True)) for r in cells]
    lines.append(f"({len(rows)} row{'s' if len(rows) != 1 else ''})")
    return "\n".join(lines) + "\n"


def run_statement(con: Any, statement: str, fmt: str, out: Path | None) -> str | None:
    """Run one statement; write ``out`` atomically (or return the text to print)."""
    if fmt == "parquet":
        if out is None:
            raise typer.BadParameter("--format parquet needs --out FILE", param_hint="--out")
        with files.atomic_path(out) as tmp:
            con.sql(statement).write_parquet(str(tmp), compression="zstd")
        return None
    cur = con.execute(statement)
    columns = [d[0] for d in cur.description] if cur.description else []
    text = render(columns, cur.fetchall() if columns else [], fmt)
    if out is None:
        return text
    files.write_text(out, text)
    return None


def repl(con: Any, fmt: str) -> None:
    """A small interactive session: statements end with ';'; .views, .help, .quit."""
    from kore_pipeline.lake import publish as lake

    interactive = sys.stdin.isatty()
    if interactive:
        typer.echo("kore sql: DuckDB over the lake. Statements end with ';'."
                   " .views lists the views, .quit leaves.", err=True)
    buffer: list[str] = []
    while True:
        try:
            line = input("kore> " if not buffer else "  ...> ") if interactive \
                else sys.stdin.readline()
        except EOFError:
            break
        if not interactive and line == "":
            break
        stripped = line.strip()
        if not buffer and stripped in (".quit", ".exit", r"\q"):
            break
        if not buffer and stripped in (".views", ".tables"):
            typer.echo("\n".join(lake.view_names()))
            continue
        if not buffer and stripped == ".help":
            typer.echo("SQL statements end with ';'. Views: " + ", ".join(lake.view_names()))
            continue
        buffer.append(line.rstrip("\n"))
        if stripped.endswith(";"):
            statement = "\n".join(buffer)
            buffer = []
            try:
                typer.echo(run_statement(con, statement, fmt, None), nl=False)
            except Exception as exc:  # the session goes on after a bad statement
                typer.echo(f"error: {exc}", err=True)


def register(app: typer.Typer) -> None:
    """Add ``sql`` and ``report`` to ``app``."""

    @app.command()
    def sql(statement: Annotated[str | None, typer.Argument(
                help="SQL over the lake views (docs/lake.md); none: an interactive session."
            )] = None,
            fmt: Annotated[str, typer.Option("--format", "-f", help="tsv, table, csv, json or"
                                             " parquet (parquet needs --out).")] = "tsv",
            out: Annotated[Path | None, typer.Option("--out", "-o", help="Write the result to"
                                                     " this file instead of stdout.")] = None,
            home: Home = None, now: Now = None) -> None:
        """Query the Parquet lake with DuckDB: views messages, memories, current_memories, ...

        --now sets kore_now() (decay_forecast, current_memories); default: the clock of the
        latest completed run.
        """
        from kore_pipeline.lake import publish as lake

        if fmt not in FORMATS:
            raise typer.BadParameter(f"must be one of {', '.join(FORMATS)}", param_hint="--format")
        settings = settings_for(home)
        lake_dir = settings.lake_dir()
        if not (lake_dir / "_schema.json").is_file():
            typer.echo(f"no lake at {lake_dir}: run `kore run` first", err=True)
            raise typer.Exit(2)
        try:
            lake.upgrade_lake(settings)  # an older lake's types: rewritten from the store
            con = lake.connect_views(lake_dir, settings, now)
        except Exception as exc:  # noqa: BLE001 - a damaged lake file: say so, no traceback
            typer.echo(f"error: the lake at {lake_dir} cannot be read ({exc}); the next"
                       " `kore run` rewrites it from the store", err=True)
            raise typer.Exit(2) from None
        try:
            if statement is None:
                repl(con, "table" if fmt == "tsv" and sys.stdin.isatty() else fmt)
                return
            try:
                text = run_statement(con, statement, fmt, out)
            except typer.BadParameter:
                raise
            except Exception as exc:
                typer.echo(f"error: {exc}", err=True)
                raise typer.Exit(1) from None
        finally:
            con.close()
        if text is not None:
            typer.echo(text, nl=False)
        elif out is not None:
            typer.echo(f"written to {out}", err=True)

    @app.command()
    def report(out: Annotated[Path, typer.Option("--out", "-o", help="HTML file to write.")]
               = Path("report.html"),
               home: Home = None, now: Now = None) -> None:
        """Write a self-contained HTML report (inline SVG plots) from the lake."""
        from kore_pipeline.lake.report import write_report

        settings = settings_for(home)
        if not (settings.lake_dir() / "_schema.json").is_file():
            typer.echo(f"no lake at {settings.lake_dir()}: run `kore run` first", err=True)
            raise typer.Exit(2)
        try:
            write_report(settings, out, now)
        except Exception as exc:  # noqa: BLE001 - a damaged lake file: say so, no traceback
            typer.echo(f"error: the lake at {settings.lake_dir()} cannot be read ({exc}); the"
                       " next `kore run` rewrites it from the store", err=True)
            raise typer.Exit(2) from None
        typer.echo(f"report written to {out}")
