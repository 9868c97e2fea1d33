"""The memory browser as a new user finds it, in real headless Chromium against a real server:
the pages fit a phone (390 px), a memory is created from a form, several are deleted,
restored and exported at once, another owner's memories are never reachable, the
playground's terms add up to its scores, and the memory page shows one decay. Screenshots at
390 px go to benchmarks/out/ (ui-phone-memories.png, ui-phone-playground.png)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from kore_pipeline.serve.api_keys import create_key
from kore_pipeline.serve.http.app import create_app
from kore_pipeline.serve.http.pages import decay_now
from kore_pipeline.timeutil import utcnow
from tests.helpers import two_owner_home
from tests.serve.live_server import live_server
from tests.serve.test_browser import ARGS, CHROMIUM, NOW, SHOTS

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                 reason="Debian's chromium is not installed (.ci/run does it)")]
PHONE = {"width": 390, "height": 844}
LONG_WORD = "https://example.org/" + "a-very-long-path-without-spaces" * 6


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, embedder: Any) -> Iterator[dict[str, Any]]:
    root = tmp_path_factory.mktemp("ui-forms")
    settings = two_owner_home(root, embedder, NOW)
    app = create_app(settings, embedder=embedder)
    mem = app.state.memory
    conn = mem.conn
    keys = {"alpha": create_key(conn, ["team-alpha"])["key"],
            "both": create_key(conn, ["team-alpha", "team-beta"])["key"],
            "admin": create_key(conn, [], admin=True)["key"]}
    beta = mem.save("Bob keeps the beta launch plan in the red folder", "team-beta",
                    subject="Bob", now=NOW)["memory_id"]
    mem.save(f"Anna bookmarked {LONG_WORD}", "team-alpha", subject="Anna", now=NOW)
    with live_server(app) as url:
        yield {"url": url, "keys": keys, "memory": mem, "beta": beta, "settings": settings}
    mem.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def sign_in(browser: Any, site: dict[str, Any], who: str, viewport: dict | None = None) -> Any:
    page = browser.new_page(viewport=viewport or {"width": 1280, "height": 900},
                            accept_downloads=True)
    page.goto(site["url"] + "/ui/login")
    page.fill("input[name=key]", site["keys"][who])
    page.click("button")
    page.wait_for_url("**/ui/memories")
    return page


def status(site: dict[str, Any], mid: int) -> str:
    return str(site["memory"].get(mid)["status"])


def test_the_pages_fit_a_phone(browser: Any, site: dict[str, Any]) -> None:
    page = sign_in(browser, site, "admin", PHONE)
    assert page.locator("meta[name=viewport]").count() == 1
    first = int(page.locator("#memories input[name=ids]").first.get_attribute("value"))
    for path in ("/ui/memories?owner=team-alpha", f"/ui/memories/{first}", "/ui/engine",
                 "/ui/playground?owner=team-alpha&q=coffee+from+Ethiopia",
                 "/ui/memories?owner=team-alpha&q=bookmarked"):
        page.goto(site["url"] + path)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"{path} is {width} px wide at 390"
        if "playground" in path or path.endswith("team-alpha"):
            SHOTS.mkdir(parents=True, exist_ok=True)
            name = "playground" if "playground" in path else "memories"
            page.screenshot(path=str(SHOTS / f"ui-phone-{name}.png"), full_page=True)
    page.close()


def test_create_a_memory_from_the_browser(browser: Any, site: dict[str, Any]) -> None:
    page = sign_in(browser, site, "alpha")
    assert page.locator("#create [name=owner]").get_attribute("type") == "hidden"
    page.click("#new-memory summary")
    page.fill("#create textarea[name=content]", "The team standup moved to 9:30 on Mondays")
    page.select_option("#create select[name=type]", "episodic")
    page.select_option("#create select[name=importance]", "4")
    page.click("#save-new")
    page.wait_for_url(re.compile(r".*/ui/memories/\d+$"))
    mid = int(page.url.rsplit("/", 1)[1])
    saved = site["memory"].get(mid)
    assert (saved["content"], saved["type"], saved["importance"], saved["owner"]) == (
        "The team standup moved to 9:30 on Mondays", "episodic", 4, "team-alpha")
    assert "saved" in page.inner_text("#history")
    page.close()

    page = sign_in(browser, site, "both")  # a key of two owners picks one
    page.click("#new-memory summary")
    assert page.locator("#create select[name=owner] option").all_inner_texts() == [
        "team-alpha", "team-beta"]
    page.fill("#create textarea[name=content]", "Bob moved the retro to Friday")
    page.select_option("#create select[name=owner]", "team-beta")
    page.click("#save-new")
    page.wait_for_url(re.compile(r".*/ui/memories/\d+$"))
    assert site["memory"].get(int(page.url.rsplit("/", 1)[1]))["owner"] == "team-beta"
    page.close()


def test_a_key_cannot_create_for_another_owner(browser: Any, site: dict[str, Any]) -> None:
    page = sign_in(browser, site, "alpha")
    before = site["memory"].list("team-beta", status=None)["total"]
    # the form altered in the page (what a curious user can do): the server refuses
    page.evaluate("document.querySelector('#create [name=owner]').value = 'team-beta'")
    page.click("#new-memory summary")
    page.fill("#create textarea[name=content]", "planted in beta")
    page.click("#save-new")
    page.wait_for_load_state()
    assert "may not save memories of owner 'team-beta'" in page.inner_text("main")
    page.goto(site["url"] + "/ui/memories")
    token = page.locator("#create input[name=csrf_token]").get_attribute("value")
    r = page.request.post(site["url"] + "/ui/memories/new", form={
        "content": "planted without token", "owner": "team-alpha"})
    assert r.status == 403
    r = page.request.post(site["url"] + "/ui/memories/new", form={
        "content": "planted in beta", "owner": "team-beta", "csrf_token": token})
    assert r.status == 403
    assert site["memory"].list("team-beta", status=None)["total"] == before
    page.close()


def select_rows(page: Any, ids: list[int]) -> None:
    for mid in ids:
        page.check(f"#memories input[name=ids][value='{mid}']")


def test_delete_restore_and_export_several(browser: Any, site: dict[str, Any]) -> None:
    mem = site["memory"]
    ids = [mem.save(f"Anna's packing list item {x}", "team-alpha", subject="Anna",
                    now=NOW)["memory_id"] for x in ("tent", "stove", "rope")]
    page = sign_in(browser, site, "alpha")
    select_rows(page, ids[:2])
    page.once("dialog", lambda d: d.accept())
    page.click("#bulk-delete")
    page.wait_for_selector("#notice")
    assert page.inner_text("#notice") == "2 deleted"
    assert [status(site, m) for m in ids] == ["deleted", "deleted", "active"]
    listed = page.inner_text("#memories")
    assert "item tent" not in listed and "item rope" in listed

    page.goto(site["url"] + "/ui/memories?status=deleted")
    select_rows(page, ids[:2])
    page.click("#bulk-restore")
    page.wait_for_selector("#notice")
    assert page.inner_text("#notice") == "2 restored"
    assert [status(site, m) for m in ids] == ["active"] * 3
    assert [e["action"] for e in mem.get(ids[0])["history"]][-2:] == ["deleted", "restored"]

    page.goto(site["url"] + "/ui/memories")
    select_rows(page, ids)
    with page.expect_download() as caught:
        page.click("#bulk-export")
    download = caught.value
    assert download.suggested_filename == "kore-memories.jsonl"
    lines = [json.loads(x) for x in Path(download.path()).read_text("utf-8").splitlines()]
    assert sorted(m["memory_id"] for m in lines) == sorted(ids)
    assert {m["owner"] for m in lines} == {"team-alpha"}
    assert all(m["history"] and "content" in m for m in lines)

    page.goto(site["url"] + "/ui/memories")
    page.click("#bulk-delete")  # nothing selected: nothing happens, and the page says so
    page.wait_for_selector("#notice")
    assert page.inner_text("#notice") == "Nothing selected"
    page.close()


def test_another_owners_memories_are_never_reachable(browser: Any,
                                                      site: dict[str, Any]) -> None:
    beta = site["beta"]
    page = sign_in(browser, site, "alpha")
    assert "red folder" not in page.content()
    r = page.goto(f"{site['url']}/ui/memories/{beta}")
    assert r is not None and r.status == 404 and "red folder" not in page.content()
    page.goto(f"{site['url']}/ui/memories?owner=team-beta")  # falls back to its own owner
    assert "red folder" not in page.content() and "green tea" not in page.content()
    own = int(page.locator("#memories input[name=ids]").first.get_attribute("value"))
    # a checkbox's value changed to the other owner's id: delete, export, restore all miss it
    page.evaluate(f"document.querySelector('#memories input[name=ids]').value = '{beta}'")
    page.check("#memories input[name=ids] >> nth=0")
    page.once("dialog", lambda d: d.accept())
    page.click("#bulk-delete")
    page.wait_for_selector("#notice")
    assert page.inner_text("#notice") == "0 deleted; 1 not changed (not found, or refused)"
    assert status(site, beta) == "active" and status(site, own) == "active"
    page.evaluate(f"document.querySelector('#memories input[name=ids]').value = '{beta}'")
    page.check("#memories input[name=ids] >> nth=0")
    with page.expect_download() as caught:
        page.click("#bulk-export")
    assert Path(caught.value.path()).read_text("utf-8") == ""
    token = page.locator("#bulk input[name=csrf_token]").get_attribute("value")
    for action in ("delete", "restore", "edit"):
        r = page.request.post(f"{site['url']}/ui/memories/{beta}/{action}", form={
            "csrf_token": token, "content": "x", "importance": "1", "category": "note"})
        assert r.status == 404
    assert status(site, beta) == "active"
    assert site["memory"].get(beta)["content"].startswith("Bob keeps the beta launch plan")
    page.close()
    with httpx.Client(base_url=site["url"]) as c:  # and nobody without a session at all
        r = c.post("/ui/memories/bulk", data={"action": "export", "ids": [beta]})
        assert r.status_code == 303 and r.headers["location"] == "/ui/login"


def numbers(text: str) -> list[float]:
    return [float(x) for x in re.findall(r"\d+\.\d+|\d+", text)]


def test_the_playground_terms_add_up_to_each_score(browser: Any, site: dict[str, Any]) -> None:
    page = sign_in(browser, site, "alpha")
    checked = 0
    for q in ("coffee from Ethiopia", "what did Anna decide", "which database for billing",
              "Postgres"):
        page.goto(f"{site['url']}/ui/playground?q={q}")
        rows = page.locator("#explain tr")
        assert rows.count() >= 2, q
        for i in range(1, rows.count()):
            row = rows.nth(i)

            def term(name: str, row: Any = row) -> str:
                return str(row.locator(f"[data-term={name}]").inner_text())

            keyword, vector = numbers(term("keyword"))[0], numbers(term("vector"))[0]
            signals = 1.0
            for factor in re.findall(r"× (\d+(?:\.\d+)?)", term("signals")):
                signals *= float(factor)
            neighbours = numbers(term("neighbours"))[0]
            tier, decay = numbers(term("tier"))[0], numbers(term("decay"))[0]
            importance = numbers(term("importance"))[0]
            shown = numbers(term("score"))[0]
            recomputed = ((keyword + vector) * signals + neighbours) * tier * decay * importance
            assert recomputed == pytest.approx(shown, rel=1e-4, abs=2e-6), (q, row.inner_text())
            checked += 1
        if q == "what did Anna decide":  # a named subject is one of the factors shown
            assert "names its subject" in page.inner_text("#explain")
    assert checked >= 6
    assert "score = ((keyword + vector) × signals + neighbours)" in page.inner_text("#formula")
    page.close()


def test_the_memory_page_shows_one_decay(browser: Any, site: dict[str, Any]) -> None:
    mem = site["memory"]
    mid = mem.list("team-alpha", limit=1)["items"][0]["memory_id"]
    page = sign_in(browser, site, "alpha")
    page.goto(f"{site['url']}/ui/memories/{mid}")
    fields = page.inner_text("#fields")
    assert "decay_score" not in fields
    shown = float(page.inner_text("#decay-now"))
    marker = page.inner_text("#decay-marker")
    assert f"score {shown:.3f}" in marker
    expected = decay_now(mem.get(mid), site["settings"], utcnow()).score
    assert shown == pytest.approx(expected, abs=1e-3)
    page.once("dialog", lambda d: d.accept())
    page.click("#delete")
    page.wait_for_selector("#restore")
    actions = page.locator("#history tr td:nth-child(2)").all_inner_texts()
    assert actions.count("deleted") == 1  # one delete, listed once
    page.click("#restore")
    page.wait_for_selector("#delete")
    page.close()
