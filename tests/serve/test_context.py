"""Memory context: token estimate, the <memory> block, request injection, `kore context/inject`."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from kore_pipeline.cli.app import app
from kore_pipeline.run.pipeline import run_pipeline
from kore_pipeline.serve.prompt import (
    CONTEXT_PREAMBLE,
    build_context,
    estimate_tokens,
    inject,
    request_query,
    shorten,
    supports_system_role,
    wants_injection,
)
from kore_pipeline.serve.search import Searcher, SearchHit
from kore_pipeline.settings import KoreSettings
from tests.helpers import message, write_jsonl

NOW = "2026-09-10T12:00:00Z"
runner = CliRunner()


# --------------------------------------------------------------------------- helpers


def hit(mid: int, content: str, type_: str = "factual", category: str = "preference",
        subject: str = "Anna", owner: str = "team-alpha",
        created_at: str = "2026-09-01T09:00:00+00:00") -> SearchHit:
    return SearchHit(memory_id=mid, owner=owner, subject=subject, type=type_,
                     category=category if type_ != "episodic" else "episode", content=content,
                     importance=3, decay_score=1.0, score=1.0 / mid, source_message_ids=[],
                     created_at=created_at, status="active")


class StubSearcher:
    """Returns fixed, already-ranked hits; records logged accesses (no model, no store)."""

    def __init__(self, hits: list[SearchHit]) -> None:
        self.hits = hits
        self.logged: list[list[int]] = []

    def search(self, query: str, owner: str, k: int = 10, now: Any = None,
               reinforce: bool = True, **_: Any) -> list[SearchHit]:
        assert reinforce is False  # build_context logs only what it writes
        return [h for h in self.hits if h.owner == owner][:k]

    def log_access(self, ids: list[int], owner: str, now: Any, query: str) -> None:
        self.logged.append(list(ids))


STUB_HITS = [
    hit(1, "We moved 1.2 million rows in 14 minutes.", "episodic",
        created_at="2026-09-03T10:00:00+00:00"),
    hit(2, "I prefer dark roast coffee"),
    hit(3, "Anna prefers dark roast. Anna uses Postgres.", "summary", "summary"),
    hit(4, "I decided to use Postgres\nfor the billing service", category="decision",
        subject="Bob"),
    hit(5, "Preferisco il caffè ristretto al mattino, ogni giorno prima della riunione.",
        "episodic", subject="Marco"),
    hit(6, "我喜欢喝绿茶，每天早上都喝一杯。", "episodic", subject="Li"),
    hit(7, "word " * 120, "episodic"),
    hit(8, "Other owner's secret", owner="other-team"),
]


def body(block: str) -> list[str]:
    """Lines between the header and the footer."""
    lines = block.splitlines()
    assert lines[0].startswith("<memory ") and lines[-1] == "</memory>"
    return lines[1:-1]


# --------------------------------------------------------------------------- tokens


def test_estimate_tokens_rule() -> None:
    assert estimate_tokens("") == 0
    assert estimate_tokens("abcd") == 1
    assert estimate_tokens("abcde") == 2
    assert estimate_tokens("a" * 400) == 100
    assert estimate_tokens("你好世界") == 4          # one per CJK character
    assert estimate_tokens("こんにちは") == 5 and estimate_tokens("안녕하세요") == 5
    assert estimate_tokens("你好 ab") == 2 + 1       # 2 CJK + ceil(3 / 4)
    text = "I prefer dark roast coffee 我喜欢绿茶"
    assert all(estimate_tokens(text[:i]) <= estimate_tokens(text[: i + 1])
               for i in range(len(text)))


def test_shorten_cuts_at_a_word_and_flattens() -> None:
    long = "alpha beta\ngamma " * 40
    short = shorten(long)
    assert len(short) <= 200 and short.endswith("…") and "\n" not in short
    assert long.replace("\n", " ").startswith(short[:-1])
    assert shorten("a\n b\t c") == "a b c"
    assert len(shorten("x" * 500)) == 200                 # one long word: hard cut
    assert len(shorten("我" * 500)) == 200


# --------------------------------------------------------------------------- block (stub)


def test_block_lists_memories_in_relevance_order() -> None:
    block = build_context(StubSearcher(STUB_HITS), "coffee", "team-alpha", now=NOW)
    lines = body(block)
    assert block.splitlines()[0] == (
        '<memory owner="team-alpha" query="coffee" generated_at="2026-09-10T12:00:00+00:00">')
    assert lines[:5] == [   # no constraint among them: search order, facts and episodes mixed
        "- [Anna · 2026-09-03] We moved 1.2 million rows in 14 minutes.",
        "- [Anna · preference · 2026-09-01] I prefer dark roast coffee",
        "- [Anna · summary · 2026-09-01] Anna prefers dark roast. Anna uses Postgres.",
        "- [Bob · decision · 2026-09-01] I decided to use Postgres for the billing service",
        "- [Marco · 2026-09-01] Preferisco il caffè ristretto al mattino, ogni giorno prima"
        " della riunione.",
    ]
    assert lines[6].endswith("…") and len(lines[6]) <= len("- [Anna · 2026-09-01] ") + 200
    assert "secret" not in block                           # other owner never listed


def test_constraint_is_never_cut_for_a_less_relevant_line() -> None:
    allergy = hit(9, "I'm allergic to peanuts, never order Thai food for me", "episodic")
    hits = [*STUB_HITS[:7], allergy]
    block = build_context(StubSearcher(hits), "lunch", "team-alpha", now=NOW, max_tokens=60)
    lines = body(block)
    assert lines[0].endswith("never order Thai food for me")
    assert len(lines) < 7                                 # the budget did cut lines


@pytest.mark.parametrize("budget", [*range(0, 400, 3), 2000])
def test_block_fits_budget_and_is_a_prefix(budget: int) -> None:
    full = body(build_context(StubSearcher(STUB_HITS), "coffee", "team-alpha", now=NOW,
                              max_tokens=10_000))
    block = build_context(StubSearcher(STUB_HITS), "coffee", "team-alpha", now=NOW,
                          max_tokens=budget)
    assert estimate_tokens(block) <= budget
    if block:
        lines = body(block)
        assert lines == full[: len(lines)]
    else:
        header = ('<memory owner="team-alpha" query="coffee" generated_at="'
                  '2026-09-10T12:00:00+00:00">\n' + full[0] + "\n</memory>")
        assert estimate_tokens(header) > budget           # empty only when nothing fits


def test_block_is_empty_without_results_and_deterministic() -> None:
    assert build_context(StubSearcher([]), "coffee", "team-alpha", now=NOW) == ""
    assert build_context(StubSearcher(STUB_HITS), "coffee", "nobody", now=NOW) == ""
    assert build_context(StubSearcher(STUB_HITS), "   ", "team-alpha", now=NOW) == ""
    a = build_context(StubSearcher(STUB_HITS), "coffee", "team-alpha", now=NOW)
    b = build_context(StubSearcher(STUB_HITS), "coffee", "team-alpha", now=NOW)
    assert a == b


def test_reinforce_logs_only_the_memories_written() -> None:
    stub = StubSearcher(STUB_HITS)
    block = build_context(stub, "coffee", "team-alpha", now=NOW, max_tokens=60)
    assert stub.logged == [[1, 2]] and "Postgres for" not in block
    quiet = StubSearcher(STUB_HITS)
    build_context(quiet, "coffee", "team-alpha", now=NOW, reinforce=False)
    assert quiet.logged == []


def test_header_and_lines_stay_on_one_line() -> None:
    hits = [hit(1, "line one\nline two </memory> <memory x>", subject="An\nna")]
    block = build_context(StubSearcher(hits), 'say "hi"\nnow', "team-alpha", now=NOW)
    lines = block.splitlines()
    assert len(lines) == 3
    assert 'query="say \'hi\' now"' in lines[0]
    assert lines[1] == ("- [An na · preference · 2026-09-01] line one line two </ memory>"
                        " < memory x>")


# --------------------------------------------------------------------------- injection

BLOCK = '<memory owner="o" query="q" generated_at="x">\nFacts:\n- [A · p · d] c\n</memory>'


def chat(model: str = "gpt-4o", **extra: Any) -> dict[str, Any]:
    return {"model": model, "temperature": 0.2, "messages": [
        {"role": "system", "content": "You are helpful."},
        {"role": "user", "content": "Hi"},
        {"role": "assistant", "content": "Hello!"},
        {"role": "user", "content": "What coffee do I like?"},
    ], **extra}


def test_inject_as_separate_leading_system_message() -> None:
    req = chat(kore={"inject": True})
    before = copy.deepcopy(req)
    out = inject(req, BLOCK)
    assert req == before                                   # input untouched
    assert "kore" not in out and out["temperature"] == 0.2
    assert out["messages"][0] == {"role": "system", "content": BLOCK}
    assert out["messages"][1:] == before["messages"]
    out["messages"][1]["content"] = "changed"              # a deep copy, not shared
    assert req["messages"][0]["content"] == "You are helpful."


def test_inject_without_any_system_message() -> None:
    req = {"model": "gpt-4o", "messages": [{"role": "user", "content": "coffee?"}]}
    out = inject(req, BLOCK)
    assert [m["role"] for m in out["messages"]] == ["system", "user"]


@pytest.mark.parametrize(("model", "provider"), [
    ("o1", None), ("o1-mini", None), ("O1-preview", None), ("openai/o1-mini", None),
    ("glm-4", None), ("GLM-4-Plus", None), ("some-model", "glm"), ("chatglm", "zhipu"),
    ("gpt-4o", "ZhipuAI"),
])
def test_inject_as_user_message_for_models_without_system_role(model: str,
                                                               provider: str | None) -> None:
    req = chat(model)
    before = copy.deepcopy(req)
    out = inject(req, BLOCK, provider=provider)
    assert req == before
    msgs = out["messages"]
    assert [m["role"] for m in msgs] == ["system", "user", "assistant", "user", "user"]
    assert msgs[3] == {"role": "user", "content": f"{CONTEXT_PREAMBLE}\n{BLOCK}"}
    assert msgs[4] == before["messages"][3]                # the question stays last
    assert msgs[:3] == before["messages"][:3]


def test_supports_system_role() -> None:
    assert supports_system_role("gpt-4o") and supports_system_role("claude-3-5-sonnet")
    assert supports_system_role("gpt-o1x") and supports_system_role(None)
    assert not supports_system_role("o1-2024-12-17")
    assert not supports_system_role("x", "glm")


def test_inject_user_style_without_user_message_appends() -> None:
    out = inject({"model": "o1", "messages": []}, BLOCK)
    assert out["messages"] == [{"role": "user", "content": f"{CONTEXT_PREAMBLE}\n{BLOCK}"}]


def test_opt_out_and_empty_context_change_nothing_but_strip_kore() -> None:
    req = chat(kore={"inject": False, "note": 1})
    before = copy.deepcopy(req)
    assert not wants_injection(req)
    out = inject(req, BLOCK)
    assert req == before and out == {k: v for k, v in before.items() if k != "kore"}
    assert wants_injection(chat()) and wants_injection(chat(kore={"inject": True}))
    assert wants_injection(chat(kore="nonsense"))
    assert inject(chat(kore={}), "  ") == chat()


def test_multimodal_content_parts() -> None:
    req = {"model": "gpt-4o", "messages": [
        {"role": "user", "content": "earlier question"},
        {"role": "assistant", "content": [{"type": "text", "text": "an answer"}]},
        {"role": "user", "content": [
            {"type": "text", "text": "What is in this picture"},
            {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}},
            {"type": "text", "text": "compared to my coffee?"},
        ]},
    ]}
    before = copy.deepcopy(req)
    assert request_query(req) == "What is in this picture\ncompared to my coffee?"
    out = inject(req, BLOCK)
    assert out["messages"][-1] == before["messages"][-1]   # image part kept as is
    glm = inject(req, BLOCK, provider="glm")
    assert glm["messages"][-2]["content"].endswith(BLOCK)
    assert glm["messages"][-1] == before["messages"][-1]
    assert req == before
    assert request_query({"messages": [{"role": "user", "content": None}]}) == ""
    assert request_query({"messages": [{"role": "assistant", "content": "x"}]}) == ""
    assert request_query({}) == ""


# --------------------------------------------------------------------------- CLI (no model)


def test_commands_have_help() -> None:
    commands = get_command(app).commands  # type: ignore[attr-defined]
    for name in ("context", "inject", "compact"):
        assert commands[name].help
        result = runner.invoke(app, [name, "--help"])
        assert result.exit_code == 0 and "--home" in result.output


def test_inject_cli_opt_out_never_opens_store_or_model(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*_a: Any, **_k: Any) -> None:
        raise AssertionError("opened the store or the model")

    monkeypatch.setattr("kore_pipeline.serve.search.Searcher", boom)
    monkeypatch.setattr("kore_pipeline.embed.cache.Embedder", boom)
    monkeypatch.setattr("kore_pipeline.store.db.connect", boom)
    req = chat(kore={"inject": False})
    path = tmp_path / "req.json"
    path.write_text(json.dumps(req), encoding="utf-8")
    home = tmp_path / "home"
    result = runner.invoke(app, ["inject", str(path), "--owner", "team-alpha",
                                 "--home", str(home)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {k: v for k, v in req.items() if k != "kore"}
    assert not home.exists()
    out = tmp_path / "out" / "r.json"
    result = runner.invoke(app, ["inject", str(path), "--out", str(out), "--home", str(home)])
    assert result.exit_code == 0 and result.stdout == ""
    assert json.loads(out.read_text(encoding="utf-8"))["messages"] == req["messages"]


def test_inject_cli_rejects_non_json(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{nope", encoding="utf-8")
    result = runner.invoke(app, ["inject", str(path), "--home", str(tmp_path)])
    assert result.exit_code == 2


# --------------------------------------------------------------------------- real store


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory, embedder) -> KoreSettings:  # type: ignore[no-untyped-def]
    root = tmp_path_factory.mktemp("context")
    settings = KoreSettings(home=root / "home")
    write_jsonl(root / "logs" / "a.jsonl", [
        message("I prefer dark roast coffee, especially from Ethiopia.", message_id="a1"),
        message("I decided to use Postgres for the billing service.", message_id="a2",
                ts="2026-09-02T09:00:00Z"),
        message("We moved 1.2 million rows of billing data in 14 minutes yesterday.",
                message_id="a3", ts="2026-09-03T09:00:00Z"),
        message("Preferisco il caffè ristretto al mattino.", message_id="a4", speaker="Marco",
                ts="2026-09-03T10:00:00Z"),
        message("I always drink my coffee black before the standup with the billing team.",
                message_id="a5", ts="2026-09-04T09:00:00Z"),
        message("I prefer green tea over any coffee.", owner="other-team", speaker="Bob",
                message_id="b1"),
    ])
    run_pipeline([root / "logs"], settings, now=NOW, embedder=embedder)
    return settings


@pytest.fixture
def searcher(store: KoreSettings, embedder) -> Searcher:  # type: ignore[no-untyped-def]
    s = Searcher(store, embedder=embedder)
    yield s
    s.close()


@pytest.mark.slow
@pytest.mark.parametrize("query", ["coffee", "billing", "what does Anna drink"])
def test_real_block_budget_prefix_and_order(searcher: Searcher, query: str) -> None:
    full = build_context(searcher, query, "team-alpha", now=NOW, reinforce=False)
    lines = body(full)
    assert lines and not any(line in ("Facts:", "Episodes:") for line in lines)
    assert "green tea" not in full                         # another owner's memory
    assert full == build_context(searcher, query, "team-alpha", now=NOW, reinforce=False)
    for budget in range(20, estimate_tokens(full) + 10, 5):
        block = build_context(searcher, query, "team-alpha", max_tokens=budget, now=NOW,
                              reinforce=False)
        assert estimate_tokens(block) <= budget
        if block:
            part = body(block)
            assert part == lines[: len(part)]


@pytest.mark.slow
def test_real_empty_store_and_unknown_owner(tmp_path: Path, embedder,  # type: ignore[no-untyped-def]
                                            searcher: Searcher) -> None:
    from kore_pipeline.store.db import connect

    connect(KoreSettings(home=tmp_path / "empty").db_path()).close()  # readers create none
    empty = Searcher(KoreSettings(home=tmp_path / "empty"), embedder=embedder)
    try:
        assert build_context(empty, "coffee", "team-alpha", now=NOW) == ""
    finally:
        empty.close()
    assert build_context(searcher, "coffee", "nobody", now=NOW) == ""


@pytest.mark.slow
def test_real_reinforce_logs_the_listed_memories(searcher: Searcher) -> None:
    last = searcher.conn.execute("SELECT coalesce(max(id), 0) FROM access_log").fetchone()[0]
    block = build_context(searcher, "coffee", "team-alpha", max_tokens=60, now=NOW)
    rows = searcher.conn.execute("SELECT m.content FROM access_log a JOIN memories m"
                                 " ON m.id = a.memory_id WHERE a.id > ?", (last,)).fetchall()
    assert rows and all(shorten(r[0]) in block for r in rows)


@pytest.mark.slow
def test_cli_context_and_inject(store: KoreSettings, embedder, tmp_path: Path,  # type: ignore[no-untyped-def]
                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("kore_pipeline.serve.search.Embedder", lambda _settings: embedder)
    home = ["--home", str(store.home), "--now", NOW]
    result = runner.invoke(app, ["context", "coffee", "--owner", "team-alpha",
                                 "--max-tokens", "80", "--no-reinforce", *home])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith('<memory owner="team-alpha" query="coffee"')
    assert estimate_tokens(result.stdout.strip()) <= 80

    path = tmp_path / "req.json"
    path.write_text(json.dumps(chat("glm-4")), encoding="utf-8")
    result = runner.invoke(app, ["inject", str(path), "--owner", "team-alpha", *home])
    assert result.exit_code == 0, result.output
    msgs = json.loads(result.stdout)["messages"]
    assert msgs[-2]["role"] == "user" and "coffee" in msgs[-2]["content"]
    assert msgs[-2]["content"].startswith(CONTEXT_PREAMBLE)

    path.write_text(json.dumps(chat()), encoding="utf-8")
    out = tmp_path / "out.json"
    result = runner.invoke(app, ["inject", str(path), "--owner", "team-alpha", "--out",
                                 str(out), *home])
    assert result.exit_code == 0, result.output
    msgs = json.loads(out.read_text(encoding="utf-8"))["messages"]
    assert msgs[0]["role"] == "system" and msgs[0]["content"].startswith("<memory ")
    assert msgs[1:] == chat()["messages"]
