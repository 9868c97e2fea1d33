"""``kore context``, ``kore inject`` and ``kore compact`` (registered by cli.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from kore_pipeline import files
from kore_pipeline.cli.common import Home, Now, print_json, settings_for
from kore_pipeline.cli.display import echo, echo_for

Owner = Annotated[str, typer.Option("--owner", help="Memory namespace to use.")]
MaxTokens = Annotated[int, typer.Option("--max-tokens", min=1,
                                        help="Token budget of the memory block (estimated).")]
NoReinforce = Annotated[bool, typer.Option(
    "--no-reinforce", help="Preview: do not log accesses of the memories used.")]


def _require_store(settings: Any) -> None:
    if not settings.db_path().is_file():
        typer.echo(f"no store at {settings.db_path()}: run `kore run` first", err=True)
        raise typer.Exit(2)
    from kore_pipeline.store.db import connect_reader

    connect_reader(settings.db_path()).close()  # damaged: a clear error, never a traceback


def context(query: Annotated[str, typer.Argument(help="What the prompt is about.")],
            owner: Owner = "default", max_tokens: MaxTokens = 2000,
            k: Annotated[int, typer.Option("--k", min=1, help="Memories searched.")] = 30,
            no_reinforce: NoReinforce = False, home: Home = None, now: Now = None) -> None:
    """Print the <memory> block (facts, then episodes) for QUERY within --max-tokens."""
    from kore_pipeline.serve.prompt import build_context
    from kore_pipeline.serve.search import Searcher

    settings = settings_for(home)
    _require_store(settings)
    searcher = Searcher(settings)
    try:
        block = build_context(searcher, query, owner, max_tokens=max_tokens, now=now, k=k,
                              reinforce=not no_reinforce)
    finally:
        searcher.close()
    if block:
        echo_for(block)


def inject_cmd(request_file: Annotated[Path, typer.Argument(
                   metavar="REQUEST", help="OpenAI-style chat request JSON ('-' for stdin).")],
               owner: Owner = "default",
               provider: Annotated[str | None, typer.Option(
                   help="Provider name (glm/zhipu get the context as a user message).")] = None,
               out: Annotated[Path | None, typer.Option(
                   "--out", help="Write the request here instead of stdout.")] = None,
               max_tokens: MaxTokens = 2000, no_reinforce: NoReinforce = False,
               home: Home = None, now: Now = None) -> None:
    """Add the owner's memory block to an OpenAI-style chat request and print it.

    The query is the last user message. The block becomes a leading system message, or a
    user message before the last one for o1 and GLM models. A request with
    "kore": {"inject": false} is passed through (minus the "kore" key) without opening the
    store or the model.
    """
    from kore_pipeline.serve.prompt import inject, request_query, wants_injection

    try:
        data = getattr(sys.stdin, "buffer", sys.stdin).read() if str(request_file) == "-" \
            else request_file.read_bytes()
        raw = data.decode("utf-8") if isinstance(data, bytes) else data
    except UnicodeDecodeError as exc:
        raise typer.BadParameter(f"not UTF-8 text: {exc}", param_hint="REQUEST") from None
    except OSError as exc:
        raise typer.BadParameter(f"cannot read {request_file}: {exc.strerror}",
                                 param_hint="REQUEST") from None
    try:
        request = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise typer.BadParameter(f"not JSON: {exc}", param_hint="REQUEST") from exc
    if not isinstance(request, dict):
        raise typer.BadParameter("the request must be a JSON object", param_hint="REQUEST")
    block = ""
    query = request_query(request)
    if wants_injection(request) and query:
        from kore_pipeline.serve.prompt import build_context
        from kore_pipeline.serve.search import Searcher

        settings = settings_for(home)
        _require_store(settings)
        searcher = Searcher(settings)
        try:
            block = build_context(searcher, query, owner, max_tokens=max_tokens, now=now,
                                  reinforce=not no_reinforce)
        finally:
            searcher.close()
    result = inject(request, block, provider=provider)
    text = json.dumps(result, ensure_ascii=False, indent=2)
    if out is None:
        typer.echo(text)
    else:
        files.write_text(out, text + "\n")


def compact(older_than_days: Annotated[int, typer.Option(
                "--older-than-days", min=0,
                help="Compact memories created and last used more than N days before NOW.")],
            owner: Annotated[str | None, typer.Option(help="Only this owner.")] = None,
            dry_run: Annotated[bool, typer.Option(
                "--dry-run", help="Show what would be compacted; change nothing.")] = False,
            max_summary_tokens: Annotated[int, typer.Option(
                "--max-summary-tokens", min=1, help="Token budget of each summary.")] = 300,
            as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
            home: Home = None, now: Now = None) -> None:
    """Fold old memories of each owner and subject into one summary (restorable).

    Originals are archived as 'compacted' with their text intact; undo with
    `kore restore-compaction SUMMARY_ID`. --dry-run only prints the plan.
    """
    from kore_pipeline.lifecycle.summarize import apply_compaction, plan_compaction
    from kore_pipeline.store.db import connect
    from kore_pipeline.timeutil import iso, resolve_now, utcnow

    settings = settings_for(home)
    _require_store(settings)
    clock = resolve_now(now)
    conn = connect(settings.db_path(), create=False)
    run_id = None
    try:
        plans = plan_compaction(conn, settings, clock, older_than_days, owner=owner,
                                max_summary_tokens=max_summary_tokens)
        ids: list[int | None] = [None] * len(plans)
        if not dry_run and plans:
            run_id = f"compact-{utcnow().strftime('%Y%m%dT%H%M%S%f')}"
            ids = list(apply_compaction(conn, settings, plans, clock, run_id=run_id))
    finally:
        conn.close()
    rows = [{**p.to_dict(), "summary_id": sid} for p, sid in zip(plans, ids, strict=True)]
    report: dict[str, Any] = {
              "dry_run": dry_run, "now": iso(clock), "older_than_days": older_than_days,
              "run_id": run_id, "groups": len(plans),
              "memories": sum(len(p.memory_ids) for p in plans),
              "tokens_before": sum(p.tokens_before for p in plans),
              "tokens_after": sum(p.tokens_after for p in plans), "plans": rows}
    if as_json:
        print_json(report)
        return
    verb = "would compact" if dry_run else "compacted"
    for r in rows:
        made = "" if r["summary_id"] is None else f" -> summary {r['summary_id']}"
        echo(f"{r['owner']} / {r['subject']}: {verb} {len(r['memory_ids'])} memories"
             f" {r['memory_ids']}, tokens {r['tokens_before']} → {r['tokens_after']}{made}")
    typer.echo(f"total: {report['groups']} groups, {report['memories']} memories, tokens"
               f" {report['tokens_before']} → {report['tokens_after']}"
               f" (saved {report['tokens_before'] - report['tokens_after']})"
               + (" [dry run: nothing changed]" if dry_run else ""))


def restore_compaction_cmd(summary_id: Annotated[int, typer.Argument(
                               help="Id of a summary made by `kore compact`.")],
                           home: Home = None, now: Now = None) -> None:
    """Undo a compaction: its originals become active again and the summary is archived."""
    from kore_pipeline.lifecycle.summarize import CompactionError, restore_compaction
    from kore_pipeline.store.db import connect
    from kore_pipeline.timeutil import resolve_now

    settings = settings_for(home)
    _require_store(settings)
    conn = connect(settings.db_path(), create=False)
    try:
        count = restore_compaction(conn, summary_id, resolve_now(now))
    except CompactionError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(1) from exc
    finally:
        conn.close()
    typer.echo(f"restored {count} memories from summary {summary_id}")


def register(app: typer.Typer) -> None:
    """Add ``context``, ``inject``, ``compact`` and ``restore-compaction`` to ``app``."""
    app.command("context")(context)
    app.command("inject")(inject_cmd)
    app.command("compact")(compact)
    app.command("restore-compaction")(restore_compaction_cmd)
