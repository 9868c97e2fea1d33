"""Counts that describe a store, for ``kore stats`` and run checks."""

from __future__ import annotations

from typing import Any

from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect_reader, get_meta


def collect_stats(settings: KoreSettings) -> dict[str, Any]:
    """Messages, memories by status/category/importance, quarantine, runs, index signature."""
    conn = connect_reader(settings.db_path())
    try:
        def grouped(sql: str) -> dict[str, int]:
            return {str(r[0]): int(r[1]) for r in conn.execute(sql)}

        return {
            "home": str(settings.home),
            "messages": grouped("SELECT role, count(*) FROM messages GROUP BY role"),
            "memories_by_status": grouped("SELECT status, count(*) FROM memories GROUP BY 1"),
            "active_by_category": grouped("SELECT category, count(*) FROM memories"
                                          " WHERE status = 'active' GROUP BY 1"),
            "active_by_importance": grouped("SELECT importance, count(*) FROM memories"
                                            " WHERE status = 'active' GROUP BY 1 ORDER BY 1"),
            "owners": grouped("SELECT owner, count(*) FROM memories WHERE status = 'active'"
                              " GROUP BY 1"),
            "quarantined": conn.execute("SELECT count(*) FROM quarantine").fetchone()[0],
            "pending_accesses": conn.execute(
                "SELECT count(*) FROM access_log WHERE applied = 0").fetchone()[0],
            "runs": grouped("SELECT kind || ':' || state, count(*) FROM runs GROUP BY 1"),
            "embedding_signature": get_meta(conn, "embedding_signature"),
            "schema_version": get_meta(conn, "schema_version"),
        }
    finally:
        conn.close()
