"""A broken FAISS index is rebuilt from the stored vectors, with a message; a changed model
re-embeds everything under its own signature and vectors of two models never mix."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from kore_pipeline.cli.app import app
from kore_pipeline.embed.cache import embed_text, make_embedder, resolve_model_path
from kore_pipeline.index.vectors import INDEX_FILE, VectorIndex
from kore_pipeline.run.pipeline import run_pipeline
from kore_pipeline.serve.search import Searcher
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect, get_meta
from tests.helpers import message, write_jsonl

NOW = "2026-09-10T12:00:00Z"


@pytest.fixture
def logs(tmp_path: Path) -> Path:
    return write_jsonl(tmp_path / "logs" / "a.jsonl", [
        message("I prefer dark roast coffee, especially from Ethiopia.", message_id="a1"),
        message("I decided to use Postgres for the billing service.", message_id="a2",
                ts="2026-09-02T09:00:00Z"),
        message("I'm allergic to peanuts and shellfish, keep them away from me.",
                message_id="a3", ts="2026-09-03T09:00:00Z"),
    ]).parent


@pytest.fixture
def home(tmp_path: Path, logs: Path, embedder) -> KoreSettings:  # type: ignore[no-untyped-def]
    settings = KoreSettings(home=tmp_path / "home")
    run_pipeline([logs], settings, now=NOW, embedder=embedder)
    return settings


def stored(settings: KoreSettings) -> list[tuple[int, str]]:
    conn = connect(settings.db_path())
    try:
        return [(int(r[0]), embed_text(r[1], r[2])) for r in conn.execute(
            "SELECT id, subject, content FROM memories ORDER BY id")]
    finally:
        conn.close()


def index_vectors(settings: KoreSettings) -> tuple[list[int], np.ndarray]:
    import faiss

    index = VectorIndex.load(settings.index_dir())
    assert index is not None
    ids = sorted(int(i) for i in faiss.vector_to_array(index.index.id_map))
    return ids, index.reconstruct(ids)


def truncate(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def garble(path: Path) -> None:
    data = bytearray(path.read_bytes())
    mid = len(data) // 2
    data[mid:mid + 64] = bytes(255 - b for b in data[mid:mid + 64])
    path.write_bytes(bytes(data))


@pytest.mark.slow
@pytest.mark.parametrize("damage", [truncate, garble, Path.unlink], ids=["truncated",
                                                                          "garbled", "missing"])
def test_search_rebuilds_a_broken_index_and_says_so(home: KoreSettings, damage, embedder,  # type: ignore[no-untyped-def]
                                                    caplog: pytest.LogCaptureFixture) -> None:
    want_ids, want = index_vectors(home)
    damage(home.index_dir() / INDEX_FILE)
    assert VectorIndex.problem(home.index_dir()) is not None
    searcher = Searcher(home, embedder=embedder)
    try:
        hits = searcher.search("which database for billing", "team-alpha", now=NOW,
                               reinforce=False, mode="semantic")
    finally:
        searcher.close()
    assert hits and "Postgres" in hits[0].content
    assert len(searcher.repaired) == 1 and "rebuilding" in caplog.text
    ids, vectors = index_vectors(home)
    assert ids == want_ids
    np.testing.assert_allclose(vectors, want, atol=1e-6)
    assert VectorIndex.problem(home.index_dir()) is None


@pytest.mark.slow
def test_cli_search_says_the_index_was_rebuilt(home: KoreSettings) -> None:
    truncate(home.index_dir() / INDEX_FILE)
    result = CliRunner().invoke(app, ["search", "peanuts", "--owner", "team-alpha", "--home",
                                      str(home.home), "--now", NOW, "--no-reinforce"])
    assert result.exit_code == 0, result.output
    assert "truncated" in result.output and "rebuilt it from the stored vectors" in result.output
    assert "peanuts" in result.output


@pytest.mark.slow
def test_run_rebuilds_a_garbled_index_from_the_cache(home: KoreSettings, logs: Path,
                                                     embedder) -> None:  # type: ignore[no-untyped-def]
    want_ids, want = index_vectors(home)
    garble(home.index_dir() / INDEX_FILE)
    summary = run_pipeline([logs], home, now=NOW, embedder=embedder)
    first = summary["index"][0]
    assert "garbled" in first["repaired"] and first["rebuilt"]
    assert first["encoded"] == 0  # every vector came from the embedding cache
    ids, vectors = index_vectors(home)
    assert ids == want_ids
    np.testing.assert_allclose(vectors, want, atol=1e-6)


@pytest.mark.slow
def test_model_switch_reembeds_everything_under_the_new_signature(
        home: KoreSettings, logs: Path, tmp_path: Path, embedder,  # type: ignore[no-untyped-def]
        monkeypatch: pytest.MonkeyPatch) -> None:
    rows = stored(home)
    copy = tmp_path / "minilm-copy"
    shutil.copytree(resolve_model_path(KoreSettings()), copy)
    # configuration 2: another model name, its weights from KORE_MODEL_PATH
    monkeypatch.setenv("KORE_MODEL_NAME", "minilm-copy")
    monkeypatch.setenv("KORE_MODEL_PATH", str(copy))
    second = KoreSettings(home=home.home)
    other = make_embedder(second)
    summary = run_pipeline([logs], second, now=NOW, embedder=other)
    report = summary["index"][0]
    assert report["rebuilt"] and report["stale"] == len(rows) == report["encoded"]
    assert report["signature"] == other.signature and ":minilm-copy:384" in other.signature
    assert json.loads((home.index_dir() / "signature.json").read_text())["signature"] == \
        other.signature
    ids, vectors = index_vectors(second)
    assert ids == [i for i, _ in rows]
    np.testing.assert_allclose(vectors, other.encode([t for _, t in rows]), atol=1e-5)
    searcher = Searcher(second, embedder=other)
    try:
        hits = searcher.search("peanuts allergy", "team-alpha", now=NOW, reinforce=False,
                               mode="semantic")
        assert hits and "peanuts" in hits[0].content
    finally:
        searcher.close()
    # the first configuration's searcher never uses the other model's vectors
    old = Searcher(KoreSettings(home=home.home, model_name="all-MiniLM-L6-v2",
                                model_path=None), embedder=embedder)
    try:
        assert old.search("peanuts allergy", "team-alpha", now=NOW, reinforce=False,
                          mode="semantic") == []
    finally:
        old.close()
    # back to configuration 1: its vectors come back from the cache, nothing is encoded
    monkeypatch.delenv("KORE_MODEL_NAME")
    monkeypatch.delenv("KORE_MODEL_PATH")
    report = run_pipeline([logs], KoreSettings(home=home.home), now=NOW,
                          embedder=embedder)["index"][0]
    assert report["rebuilt"] and report["encoded"] == 0
    assert report["signature"] == embedder.signature
    # configuration 3: the same name and signature, but another folder: re-embedded too
    monkeypatch.setenv("KORE_MODEL_PATH", str(copy))
    third = KoreSettings(home=home.home)
    third_embedder = make_embedder(third)
    report = run_pipeline([logs], third, now=NOW, embedder=third_embedder)["index"][0]
    assert report["rebuilt"] and report["encoded"] == len(rows)
    conn = connect(home.db_path())
    try:
        assert get_meta(conn, "embedding_model") == third_embedder.cache_id
        assert str(copy) in third_embedder.cache_id
    finally:
        conn.close()
