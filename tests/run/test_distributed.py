"""Partitioned runs (in-process and on a local Dask cluster) give the single-process output:
memories (ids, contents, every column), archive, messages, index ids and Parquet rows exactly;
vectors exactly in process, and within :data:`VECTOR_TOLERANCE` when other processes encoded
them (a model's float sums in another process, with other threads, may differ in the last
bits; see the README's Dask section)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import faiss
import numpy as np
import pyarrow.parquet as pq
import pytest

from kore_pipeline.index.vectors import VectorIndex
from kore_pipeline.lake.publish import read_dataset
from kore_pipeline.run import partitions as parts
from kore_pipeline.run.partitioned import run_pipeline_partitioned
from kore_pipeline.run.pipeline import run_pipeline
from kore_pipeline.settings import KoreSettings
from tests.conftest import DATA
from tests.helpers import message, write_jsonl

NOW = "2026-11-30T12:00:00Z"
MAX_ABS_DIFF = 1e-5
"""Vectors encoded in other processes: no component further than this from the single run's."""
MIN_COSINE = 0.9999
"""...and every vector at least this similar to the single run's (unit vectors)."""


def extra_log(folder: Path) -> Path:
    """Owners and speakers that spread over partitions: repeats, a contradiction, the same
    text said by two owners, and near-duplicates that compression merges."""
    recs = []
    for i, owner in enumerate(["acme", "globex", "initech", "umbrella"]):
        for j, speaker in enumerate(["Rosa", "Tariq", "Mei"]):
            ts = f"2026-10-{1 + i + j:02d}T09:00:00Z"
            recs += [
                message("I like green tea. I drink it in the morning before work.", owner=owner,
                        speaker=speaker, ts=ts, conversation=f"{owner}-c{j}"),
                message(f"My favourite city is Lisbon and I visit it every {j + 2} years.",
                        owner=owner, speaker=speaker, ts=ts.replace("09:", "10:"),
                        conversation=f"{owner}-c{j}"),
                message("I don't like green tea. Too bitter for me, honestly.", owner=owner,
                        speaker=speaker, ts=ts.replace("09:", "11:"),
                        conversation=f"{owner}-c{j}") if j == 1 else
                message("I work as a data engineer at a small company in Porto.",
                        owner=owner, speaker=speaker, ts=ts.replace("09:", "11:"),
                        conversation=f"{owner}-c{j}"),
                message("I really like green tea in the mornings before work.", owner=owner,
                        speaker=speaker, ts=ts.replace("09:", "13:"),
                        conversation=f"{owner}-d{j}"),
                message("Sure, noted that for you.", role="assistant", speaker=None,
                        owner=owner, ts=ts.replace("09:", "12:"), conversation=f"{owner}-c{j}"),
            ]
    return write_jsonl(folder / "extra.jsonl", recs)


def snapshot(settings: KoreSettings) -> dict[str, Any]:
    """Everything a user of the store, the index or the lake sees (run ids aside)."""
    conn = sqlite3.connect(settings.db_path())
    try:
        memories = conn.execute("SELECT * FROM memories ORDER BY id").fetchall()
        archive = conn.execute("SELECT memory_id, archived_at, reason, merged_into, content,"
                               " decay_score FROM archive ORDER BY memory_id").fetchall()
        messages = conn.execute("SELECT message_id, owner, conversation_id, text, extracted"
                                " FROM messages ORDER BY owner, conversation_id, message_id"
                                ).fetchall()
    finally:
        conn.close()
    index = VectorIndex.load(settings.index_dir())
    assert index is not None
    ids = sorted(int(i) for i in faiss.vector_to_array(index.index.id_map))
    lake = settings.lake_dir()
    return {
        "memories": memories, "archive": archive, "messages": messages,
        "index_ids": ids, "vectors": index.reconstruct(ids),
        "signature": index.signature,
        "lake_memories": read_dataset(lake, "memories").to_pylist(),
        "lake_archive": [{k: v for k, v in r.items() if k != "run_id"}
                         for r in read_dataset(lake, "archive").to_pylist()],
        "lake_messages": sorted(
            (r["owner"], r["conversation_id"], r["message_id"], r["text"])
            for r in pq.read_table(lake / "messages", partitioning=None).to_pylist()),
    }


def assert_same(a: dict[str, Any], b: dict[str, Any], exact_vectors: bool = True) -> None:
    for name in a:
        if name == "vectors":
            assert a[name].dtype == b[name].dtype == np.float32
            assert a[name].shape == b[name].shape and a[name].size > 0
            if exact_vectors:
                assert np.array_equal(a[name], b[name]), "vectors differ"
            else:
                diff = float(np.abs(a[name] - b[name]).max())
                cosine = float((a[name] * b[name]).sum(axis=1).min())
                assert diff <= MAX_ABS_DIFF and cosine >= MIN_COSINE, (diff, cosine)
        else:
            assert a[name] == b[name], f"{name} differs"


def test_vector_tolerance_tells_a_changed_vector_from_float_noise() -> None:
    rng = np.random.default_rng(7)
    base = rng.normal(size=(5, 384)).astype(np.float32)
    base /= np.linalg.norm(base, axis=1, keepdims=True)
    snap = {"vectors": base, "ids": [1, 2]}
    noisy = base + rng.uniform(-3e-7, 3e-7, size=base.shape).astype(np.float32)
    assert_same(snap, {"vectors": noisy, "ids": [1, 2]}, exact_vectors=False)
    other = base.copy()
    other[2] = base[3]  # one memory with another memory's vector
    with pytest.raises(AssertionError):
        assert_same(snap, {"vectors": other, "ids": [1, 2]}, exact_vectors=False)
    with pytest.raises(AssertionError):
        assert_same(snap, {"vectors": noisy, "ids": [1, 3]}, exact_vectors=False)


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    return [DATA, extra_log(tmp_path_factory.mktemp("extra"))]


@pytest.fixture(scope="module")
def single(tmp_path_factory: pytest.TempPathFactory, inputs: list[Path],
           embedder: Any) -> dict[str, Any]:
    settings = KoreSettings(home=tmp_path_factory.mktemp("single") / "home")
    summary = run_pipeline(inputs, settings, NOW, embedder=embedder)
    assert summary["state"] == "completed"
    assert summary["compress"]["merged"] > 0 and summary["extract"]["superseded"] > 0
    return snapshot(settings)


def test_partition_of_keeps_every_mention_of_a_memory_together() -> None:
    assert parts.partition_of("acme", "Rosa", 8) == parts.partition_of("acme", "Rosa", 8)
    spread = {parts.partition_of(o, s, 4) for o in ["acme", "globex", "initech"]
              for s in ["Rosa", "Tariq", "Mei", "user"]}
    assert len(spread) > 1


@pytest.mark.slow
def test_partitioned_run_in_process_equals_single_process(
        tmp_path: Path, inputs: list[Path], single: dict[str, Any]) -> None:
    settings = KoreSettings(home=tmp_path / "home")
    summary = run_pipeline_partitioned(inputs, settings, NOW, partitions=3)
    assert summary["state"] == "completed" and summary["extract"]["partitions"] == 3
    assert summary["embed_partitions"]["encoded_after_merge"] == 0
    assert_same(single, snapshot(settings))
    assert not (settings.home / "partitions").exists() or \
        not any((settings.home / "partitions").iterdir())
    # a second run over the same input changes nothing and embeds nothing
    again = run_pipeline_partitioned(inputs, settings, NOW, partitions=3)
    assert again["extract"]["messages"] == 0 and again["embed_partitions"]["texts"] == 0
    assert_same(single, snapshot(settings))


@pytest.mark.slow
def test_dask_cluster_run_equals_single_process(
        tmp_path: Path, inputs: list[Path], single: dict[str, Any],
        prefect_harness: None) -> None:
    from distributed import Client, LocalCluster
    from prefect_dask import DaskTaskRunner

    from flows.distributed import distributed_pipeline_flow

    home = tmp_path / "home"
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        flow = distributed_pipeline_flow.with_options(
            task_runner=DaskTaskRunner(address=cluster.scheduler_address))
        summary = flow(paths=[str(p) for p in inputs], home=str(home), now=NOW, partitions=4)
        # the model was loaded in the worker processes, not in this one
        loaded = client.run(lambda: len(__import__("kore_pipeline.run.partitions",
                                                   fromlist=["_EMBEDDERS"])._EMBEDDERS))
    assert summary["state"] == "completed"
    assert summary["extract"]["partitions"] >= 2
    assert summary["embed_partitions"]["partitions"] >= 2
    assert summary["embed_partitions"]["encoded_after_merge"] == 0
    assert sum(loaded.values()) >= 1
    # encoded in the worker processes: everything equal, vectors within the tolerance
    assert_same(single, snapshot(KoreSettings(home=home)), exact_vectors=False)
