"""Fixtures shared by the lifecycle tests: a fresh store and an embedding cache per test."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from kore_pipeline.embed.cache import EmbeddingCache
from kore_pipeline.store import db as store


@pytest.fixture
def conn(tmp_path: Path) -> Iterator[sqlite3.Connection]:
    c = store.connect(tmp_path / "kore.sqlite")
    yield c
    c.close()


@pytest.fixture
def cache(tmp_path: Path) -> Iterator[EmbeddingCache]:
    c = EmbeddingCache(tmp_path / "cache" / "embeddings.sqlite")
    yield c
    c.close()
