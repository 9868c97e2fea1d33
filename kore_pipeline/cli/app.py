"""The ``kore`` command. Heavy imports (torch, faiss, prefect) happen inside commands."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from kore_pipeline.cli.common import (
    Home,
    KoreGroup,
    Now,
    Plain,
    print_json,
    require_store,
    settings_for,
)
from kore_pipeline.cli.display import echo, visible
from kore_pipeline.cli.owners import owners_note
from kore_pipeline.cli.progress import Quiet, stage_progress

app = typer.Typer(help="kore-pipeline: conversation logs in, long-term memory for agents out.",
                  no_args_is_help=True, add_completion=False, cls=KoreGroup)
Force = Annotated[bool, typer.Option("--force", help="Decay even with a clock ahead of the"
                                     " wall clock or an implausible share archived at once.")]


def _print_version(value: bool) -> None:
    if value:
        from kore_pipeline import __version__

        typer.echo(f"kore-pipeline {__version__}")
        raise typer.Exit()


@app.callback()
def main(version: Annotated[bool, typer.Option(
        "--version", callback=_print_version, is_eager=True,
        help="Print the version and exit.")] = False) -> None:
    """kore-pipeline: conversation logs in, long-term memory for agents out."""


@app.command()
def run(paths: Annotated[list[Path] | None, typer.Argument(
            help="Log files or folders (default: the sample data in data/).")] = None,
        home: Home = None, now: Now = None, no_prefect: Plain = False,
        quiet: Quiet = False,
        owner: Annotated[str | None, typer.Option(
            help="Owner of the records that name none (default KORE_DEFAULT_OWNER).")] = None,
        speaker: Annotated[str | None, typer.Option(
            help="Name of the person behind user turns that name no speaker, e.g. an "
                 "export's (default KORE_DEFAULT_SPEAKER); their memories' subject.")] = None,
        force: Force = False) -> None:
    """Run every stage in order: ingest, extract, score, embed, index, decay, compress, publish."""
    settings = settings_for(home)
    for name, value in (("--owner", owner), ("--speaker", speaker)):
        if value is not None and not value.strip():
            typer.echo(f"{name} must not be empty", err=True)
            raise typer.Exit(2)
    overrides = {k: v.strip() for k, v in (("default_owner", owner),
                                           ("default_speaker", speaker)) if v is not None}
    settings = settings.model_copy(update=overrides)
    missing = [str(p) for p in paths or [] if not p.exists()]
    if missing:
        typer.echo(f"no such file or folder: {', '.join(missing)}", err=True)
        raise typer.Exit(2)
    with stage_progress(quiet):
        if no_prefect:
            from kore_pipeline.run.pipeline import run_pipeline

            summary = run_pipeline(list(paths) if paths else None, settings, now, force=force)
        else:
            from kore_pipeline.run.prefect_flows import kore_pipeline_flow

            summary = kore_pipeline_flow(paths=[str(p) for p in paths] if paths else None,
                                         home=str(settings.home), now=now,
                                         owner=settings.default_owner,
                                         speaker=settings.default_speaker, force=force)
    for report in summary.get("index", []):
        if report.get("repaired"):
            typer.echo(f"warning: {report['repaired']}; rebuilt it from the stored vectors",
                       err=True)
    print_json(summary)


@app.command()
def decay(home: Home = None, now: Now = None, no_prefect: Plain = False,
          quiet: Quiet = False, force: Force = False) -> None:
    """Apply logged accesses and Ebbinghaus decay at NOW; archive memories below the threshold.

    Refused without --force when NOW is ahead of the wall clock or the pass would archive
    more than KORE_DECAY_MAX_ARCHIVE_SHARE of the active memories; undo a pass with
    `kore restore --run RUN_ID`.
    """
    settings = settings_for(home)
    require_store(settings)
    with stage_progress(quiet):
        if no_prefect:
            from kore_pipeline.run.pipeline import run_maintenance

            summary = run_maintenance("decay", settings, now, force=force)
        else:
            from kore_pipeline.run.prefect_flows import decay_flow

            summary = decay_flow(home=str(settings.home), now=now, force=force)
    print_json(summary)


@app.command()
def compress(home: Home = None, now: Now = None, no_prefect: Plain = False,
             owner: Annotated[str | None, typer.Option(help="Only this owner.")] = None,
             quiet: Quiet = False) -> None:
    """Merge near-duplicate memories (cosine >= KORE_SIMILARITY_THRESHOLD) per owner and subject."""
    settings = settings_for(home)
    require_store(settings)
    with stage_progress(quiet):
        if no_prefect:
            from kore_pipeline.run.pipeline import run_maintenance

            summary = run_maintenance("compress", settings, now, owner)
        else:
            from kore_pipeline.run.prefect_flows import compress_flow

            summary = compress_flow(home=str(settings.home), now=now, owner=owner)
    print_json(summary)


@app.command()
def search(query: Annotated[str | None, typer.Argument(help="What to look for.")] = None,
           owner: Annotated[str | None, typer.Option(
               help="Memory namespace to search (default: KORE_DEFAULT_OWNER, 'default').")]
           = None,
           k: Annotated[int, typer.Option("--k", min=1, help="Results to return.")] = 10,
           batch: Annotated[Path | None, typer.Option(
               help="JSON Lines of {qid, query, owner, k}; prints one line per query.")] = None,
           as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
           no_reinforce: Annotated[bool, typer.Option(
               "--no-reinforce", help="Preview: do not log accesses.")] = False,
           include_archived: Annotated[bool, typer.Option(
               "--include-archived",
               help="Also search forgotten, merged, compacted and superseded memories.")] = False,
           mode: Annotated[str, typer.Option(help="hybrid, fts (keywords) or semantic.")]
           = "hybrid",
           subject: Annotated[str | None, typer.Option(help="Only memories about this person.")]
           = None,
           session: Annotated[str | None, typer.Option(help="Only this session id.")] = None,
           memory_type: Annotated[str | None, typer.Option(
               "--type", help="factual, episodic or summary.")] = None,
           category: Annotated[str | None, typer.Option(
               help="preference, decision, habit, profile, episode, note, summary.")] = None,
           since: Annotated[str | None, typer.Option(help="Created at or after (ISO).")] = None,
           until: Annotated[str | None, typer.Option(help="Created at or before (ISO).")] = None,
           explain: Annotated[bool, typer.Option(
               "--explain", help="Show why each hit ranked: keyword rank, vector rank, decay,"
               " importance, fused score; and the extraction rule that found it.")] = False,
           as_of: Annotated[str | None, typer.Option(
               "--as-of", help="What was true then (ISO date): superseded memories that were"
               " current at that time answer, later statements do not.")] = None,
           include_superseded: Annotated[bool | None, typer.Option(
               "--include-superseded/--current-only",
               help="Also (or never) superseded memories, scored down; default: when the"
               " question asks about the past (before, used to, previous…).")] = None,
           home: Home = None, now: Now = None) -> None:
    """Hybrid search (FTS5 bm25 + FAISS, Reciprocal Rank Fusion) within one owner."""
    from kore_pipeline.memory import Memory
    from kore_pipeline.serve.explain import explain_line
    from kore_pipeline.serve.filters import MODES, SearchFilters
    from kore_pipeline.serve.memory_api import MemoryApiError

    if mode not in MODES:
        raise typer.BadParameter(f"--mode must be one of {', '.join(MODES)}")
    filters = SearchFilters(subject=subject, session_id=session, type=memory_type,
                            category=category, since=since, until=until,
                            include_archived=include_archived, as_of=as_of)

    settings = settings_for(home)
    if not settings.db_path().is_file():
        typer.echo(f"no store at {settings.db_path()}: run `kore run` first", err=True)
        raise typer.Exit(2)
    mem = Memory(settings=settings)
    searcher = mem.searcher
    named = owner is not None
    owner = owner if owner is not None else settings.default_owner
    try:
        if batch is not None:
            _search_batch(searcher, batch, now, not no_reinforce, filters, mode, owner)
            return
        if query is None:
            raise typer.BadParameter("give a QUERY or --batch FILE")
        hits = mem.search(query, owner, k=k, now=now, reinforce=not no_reinforce, mode=mode,
                          subject=subject, session_id=session, type=memory_type,
                          category=category, since=since, until=until,
                          include_archived=include_archived, explain=explain, as_of=as_of,
                          include_superseded=include_superseded)
        if not hits or not named:
            note = owners_note(mem.conn, owner, named, found=bool(hits))
            if note:
                typer.echo(visible(note), err=True)
    except MemoryApiError as exc:
        raise typer.BadParameter(str(exc)) from exc
    finally:
        mem.close()
        for problem in searcher.repaired:
            typer.echo(f"warning: {problem}; rebuilt it from the stored vectors", err=True)
    if as_json:
        print_json(hits)
        return
    if not hits:
        typer.echo("no results")
    for h in hits:
        echo(f"[{h['memory_id']}] {h['score']:.5f}  {h['subject']} · {h['type']}/"
             f"{h['category']} · importance {h['importance']} · decay"
             f" {h['decay_score']:.3f}")
        echo(f"    {h['content']}")
        echo(f"    sources: {', '.join(h['source_message_ids'])}  created:"
             f" {h['created_at']}")
        if h["status"] == "superseded":
            echo(f"    superseded by [{h.get('superseded_by')}] on {h.get('valid_until')}"
                 f" (true from {h.get('valid_from')})")
        if explain:
            echo(f"    why: {explain_line(h['explain'])}")


def _search_batch(searcher: Any, path: Path, now: str | None, reinforce: bool,
                  filters: Any, mode: str, owner: str = "default") -> None:
    """One JSON line out per request line; a line's own owner wins, else ``--owner``."""
    with path.open(encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                req = json.loads(line)
                if not isinstance(req, dict):
                    raise TypeError("a request line must be a JSON object")
                k = req.get("k", 10)
                if isinstance(k, bool) or not isinstance(k, int):
                    raise ValueError(f"k must be a whole number, not {k!r}")
                hits = searcher.search(str(req["query"]), str(req.get("owner", owner)),
                                       k=k, now=now, reinforce=reinforce,
                                       mode=str(req.get("mode", mode)), filters=filters)
                out = {"qid": req.get("qid", lineno), "results": [h.to_dict() for h in hits]}
            except (json.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
                out = {"qid": None, "line": lineno, "error": f"{type(exc).__name__}: {exc}"}
            sys.stdout.write(json.dumps(out, ensure_ascii=False, default=str) + "\n")


@app.command()
def stats(home: Home = None, as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """Counts of messages, memories by status/category/importance, quarantine and runs."""
    from kore_pipeline.serve.stats import collect_stats

    settings = settings_for(home)
    require_store(settings)
    data = collect_stats(settings)
    if as_json:
        print_json(data)
        return
    for section, values in data.items():
        echo(f"{section}: {json.dumps(values, ensure_ascii=False, default=str)}")


@app.command()
def restore(memory_id: Annotated[int | None, typer.Argument(
                help="Id of an archived memory.")] = None,
            run_id: Annotated[str | None, typer.Option(
                "--run", help="Undo one decay or compress run: every memory it archived.")]
            = None,
            home: Home = None, now: Now = None) -> None:
    """Bring a forgotten, merged, superseded or deleted memory back into the active set.

    `--run RUN_ID` restores every memory one decay or compress pass archived (run ids are in
    `kore stats` and the lake's `runs`). A compacted memory comes back with its summary's
    other originals: use `kore restore-compaction SUMMARY_ID`.
    """
    from kore_pipeline.store.db import connect, restore_memory, restore_run
    from kore_pipeline.store.homelock import home_lock
    from kore_pipeline.timeutil import iso, resolve_now

    settings = settings_for(home)
    require_store(settings)
    if (memory_id is None) == (run_id is None):
        raise typer.BadParameter("give a MEMORY_ID or --run RUN_ID (one of them)")
    with home_lock(settings.home, settings.lock_wait_seconds, "restore"):
        conn = connect(settings.db_path(), create=False)
        try:
            if run_id is not None:
                restored = restore_run(conn, run_id, iso(resolve_now(now)))
                if settings.lake_dir().is_dir():
                    from kore_pipeline.lake.publish import publish

                    publish(conn, settings.lake_dir(), settings)
                typer.echo(f"restored {restored} memories archived by run {run_id}")
                return
            assert memory_id is not None
            if not -2**63 <= memory_id < 2**63:
                typer.echo(f"memory {memory_id} is not archived", err=True)
                raise typer.Exit(1)
            row = conn.execute("SELECT status, merged_into FROM memories WHERE id = ?",
                               (memory_id,)).fetchone()
            if row is not None and row["status"] == "compacted":
                typer.echo(f"memory {memory_id} is part of summary {row['merged_into']}: run"
                           f" `kore restore-compaction {row['merged_into']}`", err=True)
                raise typer.Exit(1)
            ok = restore_memory(conn, memory_id, iso(resolve_now(now)))
        finally:
            conn.close()
    if not ok:
        typer.echo(f"memory {memory_id} is not archived", err=True)
        raise typer.Exit(1)
    typer.echo(f"restored memory {memory_id}")


@app.command()
def backup(dest: Annotated[Path, typer.Argument(help="A new (or empty) folder.")],
           home: Home = None) -> None:
    """Copy the home consistently: store and embedding cache through SQLite's online
    backup, the vector index and the lake. Restore by pointing --home at the copy."""
    from kore_pipeline.lifecycle.recover import backup_home

    settings = settings_for(home)
    require_store(settings)
    print_json(backup_home(settings, dest))


@app.command()
def recover(home: Home = None) -> None:
    """Rebuild a lost or damaged store from the lake (the damaged file is set aside); the
    next `kore run` re-embeds from the embedding cache and re-reads the inputs."""
    from kore_pipeline.lifecycle.recover import recover_store

    print_json(recover_store(settings_for(home)))


@app.command()
def serve(home: Home = None,
          paths: Annotated[list[Path] | None, typer.Argument(help="Log folders to ingest.")]
          = None,
          interval: Annotated[int | None, typer.Option(
              help="Stream: micro-batches every N seconds instead of the hourly run.")]
          = None,
          timezone: Annotated[str, typer.Option(
              help="Timezone of the schedules (IANA name, e.g. Europe/Berlin).")] = "UTC",
          ) -> None:
    """Serve the flows as Prefect deployments with cron schedules until stopped."""
    from zoneinfo import available_timezones

    if not paths:
        typer.echo("kore serve: give the log folders to ingest (PATHS); a deployment never"
                   " runs on the sample data", err=True)
        raise typer.Exit(2)
    if timezone not in available_timezones():
        typer.echo(f"kore serve: unknown timezone {timezone!r}", err=True)
        raise typer.Exit(2)
    from kore_pipeline.run.prefect_serve import serve_forever

    settings = settings_for(home)
    serve_forever(str(settings.home.resolve()), [str(p.resolve()) for p in paths], interval,
                  timezone)


def _register_extensions() -> None:
    """Commands that live in their own modules (serving, agents, evaluation)."""
    from kore_pipeline.cli import api as cli_api
    from kore_pipeline.cli import context as cli_context
    from kore_pipeline.cli import data as cli_data
    from kore_pipeline.cli import eval as cli_eval
    from kore_pipeline.cli import history as cli_history
    from kore_pipeline.cli import lake as cli_lake
    from kore_pipeline.cli import mcp as cli_mcp
    from kore_pipeline.cli import reindex as cli_reindex
    from kore_pipeline.cli import watch as cli_watch

    for module in (cli_context, cli_mcp, cli_api, cli_eval, cli_watch, cli_data, cli_lake,
                   cli_history, cli_reindex):
        module.register(app)


_register_extensions()

if __name__ == "__main__":  # pragma: no cover
    app()
