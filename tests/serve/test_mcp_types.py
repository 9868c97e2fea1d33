"""The MCP tools' typed results describe what the search returns."""

from __future__ import annotations

from dataclasses import fields

from kore_pipeline.serve.hits import SearchHit
from kore_pipeline.serve.mcp_types import Hit


def test_the_hit_schema_names_every_field_of_a_search_hit() -> None:
    """A field added to SearchHit must be in the MCP output schema, else clients that read
    the schema never learn of it (valid_from / valid_until / superseded_by were missing)."""
    assert [f.name for f in fields(SearchHit)] == list(Hit.model_fields)
