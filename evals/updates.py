"""Update pairs through the real pipeline: a later statement changes an earlier one.

Each pair of an update list (``evals/cases/updates-*.jsonl``, read by
:func:`evals.cases.read_updates`) is one owner. The earlier statement is said
in a session on :data:`EARLIER` and the pipeline runs the next day; the later one is said in
a session five months on (:data:`LATER`) and the pipeline runs again the next day, as daily
runs would (the whole default plan: extract, index, decay, compress; explicit ``now``;
``force``, since that run's decay pass archives most of the earlier memories). A
pair is *handled* when, at the end:

* **current**: an active fact said in the later message holds the new value;
* **superseded**: the fact of the earlier message holding the old value is kept with status
  ``superseded``, its link (``merged_into``) pointing at a memory of the later message;
* **ranked**: the default search for the pair's question (``Searcher.search``, k = 10,
  ``reinforce=False``) returns a hit holding the new value above every hit holding only
  the old one.

A *non-update* (``wording`` :data:`evals.cases.NON_UPDATE`: a second pet, a visit, a
relative's move) is handled when the earlier message has a fact holding the old value and
none of them was superseded: each is still active, or decayed as it would have without
the later statement (five months unsaid forget a fact of low importance either way).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from evals.cases import CASES_DIR, NON_UPDATE, UpdatePair, update_lists
from kore_pipeline.settings import KoreSettings
from kore_pipeline.timeutil import iso

EARLIER = datetime(2026, 1, 12, 9, 30, tzinfo=UTC)
"""When the earlier statements are said."""
LATER = EARLIER + timedelta(days=150)
"""When the later ones are said (five months on)."""
HITS = 10
"""Hits read per question."""
MONTHLY = ("updates-tuned",)
"""Lists also run with the pipeline every 30 days in between, reported as ``<stem>/monthly``."""

PipelineRunner = Callable[..., Any]
"""``run.pipeline.run_pipeline`` (paths, settings, now=, embedder=), passed in by the caller."""


def _records(pairs: Sequence[UpdatePair], which: int, ts: datetime) -> list[dict[str, Any]]:
    """One message per pair (``which`` 0: earlier, 1: later), each of its own owner."""
    return [{"owner": f"upd-{i:02d}", "conversation_id": f"upd-{i:02d}-{which}",
             "session_id": f"upd-{i:02d}-s{which}", "message_id": f"m{which}",
             "ts": iso(ts), "role": "user", "text": pair.later if which else pair.earlier}
            for i, pair in enumerate(pairs)]


def _holds(text: str, phrase: str) -> bool:
    return phrase.casefold() in text.casefold()


def _facts_of(conn: sqlite3.Connection, owner: str, message: str) -> list[sqlite3.Row]:
    """The factual memories of ``owner`` with ``message`` among their sources."""
    return [r for r in conn.execute(
        "SELECT id, content, status, merged_into, source_message_ids FROM memories"
        " WHERE owner = ? AND type = 'factual' ORDER BY id", (owner,))
        if any(s == message or s.endswith(f":{message}")
               for s in json.loads(r["source_message_ids"] or "[]"))]


def _ranked(hits: Sequence[Any], new: str, old: str) -> bool:
    """A hit holding ``new`` comes before every hit holding ``old`` without ``new``."""
    for hit in hits:
        if _holds(hit.content, new):
            return True
        if _holds(hit.content, old):
            return False
    return False


def judge_pairs(pairs: Sequence[UpdatePair], settings: KoreSettings, embedder: Any,
                now: datetime) -> list[dict[str, Any]]:
    """Per pair: current / superseded / ranked, and what the store holds."""
    from kore_pipeline.serve.search import Searcher
    from kore_pipeline.store.db import connect

    conn = connect(settings.db_path())
    searcher = Searcher(settings, embedder=embedder)
    out: list[dict[str, Any]] = []
    try:
        for i, pair in enumerate(pairs):
            owner, new, old = f"upd-{i:02d}", pair.new, pair.old
            before, after = _facts_of(conn, owner, "m0"), _facts_of(conn, owner, "m1")
            current = [r for r in after if r["status"] == "active" and _holds(r["content"], new)]
            after_ids = {int(r["id"]) for r in after}
            old_rows = [r for r in before if _holds(r["content"], old)
                        and not _holds(r["content"], new)]
            superseded = bool(old_rows) and all(
                r["status"] == "superseded" and r["merged_into"] in after_ids for r in old_rows)
            hits = searcher.search(pair.question, owner, k=HITS, now=now, reinforce=False)
            ranked = _ranked(hits, new, old)
            handled = (bool(current) and superseded and ranked if pair.is_update
                       else bool(old_rows)
                       and not any(r["status"] == "superseded" for r in old_rows))
            out.append({
                "earlier": pair.earlier, "later": pair.later, "lang": pair.lang,
                "thing": pair.thing, "wording": pair.wording, "current": bool(current),
                "superseded": superseded, "ranked": ranked, "handled": handled,
                "earlier_facts": [f"{r['status']}: {r['content']}" for r in before],
                "later_facts": [f"{r['status']}: {r['content']}" for r in after],
                "top_hits": [f"{h.status}: {h.content}" for h in hits[:3]]})
    finally:
        searcher.close()
        conn.close()
    return out


def evaluate_updates(settings: KoreSettings, pipeline: PipelineRunner, embedder: Any,
                     pairs: Sequence[UpdatePair], monthly: bool = False) -> dict[str, Any]:
    """Run both sessions through ``pipeline`` in ``settings.home`` and judge every pair.

    ``monthly``: the pipeline also runs every 30 days in between (no new messages), so the
    earlier memories decay, as with scheduled runs, before the later statement arrives.
    """
    inbox = settings.home.parent / f"{settings.home.name}-input"
    inbox.mkdir(parents=True, exist_ok=True)
    idle = inbox / "no-messages.jsonl"
    idle.write_text("", encoding="utf-8")
    inner = getattr(embedder, "inner", embedder)
    for which, ts in ((0, EARLIER), (1, LATER)):
        path = inbox / f"session-{which}.jsonl"
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n"
                                for r in _records(pairs, which, ts)), encoding="utf-8")
        # force: the five months' first decay pass archives most of the earlier memories,
        # more than the guard's share (as a first run over old history would)
        pipeline([path], settings, now=ts + timedelta(days=1), embedder=inner, force=True)
        if monthly and which == 0:
            for month in range(1, (LATER - EARLIER).days // 30):
                pipeline([idle], settings, now=EARLIER + timedelta(days=1 + 30 * month),
                         embedder=inner, force=True)
    every = judge_pairs(pairs, settings, embedder, LATER + timedelta(days=1))
    rows = [r for r in every if r["wording"] != NON_UPDATE]
    kept = [r for r in every if r["wording"] == NON_UPDATE]

    def share(key: str, subset: Sequence[dict[str, Any]] = rows) -> float:
        return round(sum(r[key] for r in subset) / len(subset), 4) if subset else 0.0

    by_wording = {w: {"n": len(sub), "handled": share("handled", sub)}
                  for w in ("explicit", "implicit", NON_UPDATE)
                  if (sub := [r for r in every if r["wording"] == w])}
    return {"pairs": len(rows), "handled": share("handled"), "current": share("current"),
            "superseded": share("superseded"), "ranked": share("ranked"),
            "non_updates": len(kept), "non_updates_kept": share("handled", kept),
            "by_wording": by_wording, "rows": every}


def evaluate_update_lists(settings: KoreSettings, pipeline: PipelineRunner, embedder: Any,
                          folder: Path = CASES_DIR) -> dict[str, dict[str, Any]]:
    """Figures of every update list of ``folder`` (:func:`evals.cases.update_files`) by file
    stem, each in its own home under ``settings.home``; a list of :data:`MONTHLY` also with
    monthly runs. The lists of :data:`MONTHLY` come first."""
    lists = update_lists(folder)
    order = [*[n for n in MONTHLY if n in lists], *[n for n in lists if n not in MONTHLY]]
    out: dict[str, dict[str, Any]] = {}
    for name in order:
        for key, monthly in ((name, False), (f"{name}/monthly", True)):
            if monthly and name not in MONTHLY:
                continue
            home = settings.home / f"eval-{key.replace('/', '-')}"
            out[key] = evaluate_updates(settings.model_copy(update={"home": home}), pipeline,
                                        embedder, lists[name], monthly=monthly)
    return out
