"""The memory browser at /ui in real headless Chromium (Debian's, driven by Playwright):
pages load, a search finds a memory, an edit sticks, delete and restore work. Screenshots go
to benchmarks/out/ (ui-memories.png, ui-memory.png, ui-playground.png, ui-engine.png)."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest

from kore_pipeline.serve.api_keys import create_key
from kore_pipeline.serve.http.app import create_app
from tests.helpers import two_owner_home
from tests.serve.live_server import live_server

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SHOTS = Path(__file__).resolve().parents[2] / "benchmarks" / "out"
NOW = "2026-11-20T08:00:00Z"
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                 reason="Debian's chromium is not installed (.ci/run does it)")]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, embedder: Any) -> Iterator[dict[str, Any]]:
    root = tmp_path_factory.mktemp("ui")
    settings = two_owner_home(root, embedder, NOW)
    app = create_app(settings, embedder=embedder)
    conn = app.state.memory.conn
    keys = {"alpha": create_key(conn, ["team-alpha"])["key"],
            "admin": create_key(conn, [], admin=True)["key"]}
    with live_server(app) as url:
        yield {"url": url, "keys": keys}
    app.state.memory.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def sign_in(browser: Any, site: dict[str, Any], who: str) -> Any:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(site["url"] + "/ui/memories")
    assert page.url.endswith("/ui/login")  # no key: the login page
    page.fill("input[name=key]", site["keys"][who])
    page.click("button")
    page.wait_for_url("**/ui/memories")
    return page


def test_list_search_edit_delete_restore(browser: Any, site: dict[str, Any]) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = sign_in(browser, site, "alpha")
    table = page.inner_text("#memories")
    assert "dark roast coffee" in table and "green tea" not in table  # team-beta's
    page.screenshot(path=str(SHOTS / "ui-memories.png"), full_page=True)

    page.fill("input[name=q]", "which database for billing")
    page.press("input[name=q]", "Enter")
    page.wait_for_selector("#results")
    first = page.locator("#results tr:nth-child(2) a")
    assert "Postgres" in first.inner_text()
    first.click()
    page.wait_for_selector("#sources")
    assert "I decided to use Postgres for the billing service." in page.inner_text("#sources")
    assert page.locator("svg#decay-curve path.line").count() == 1
    page.screenshot(path=str(SHOTS / "ui-memory.png"), full_page=True)
    memory_url = page.url

    page.fill("#edit textarea[name=content]", "The billing service runs on Postgres 17")
    page.fill("#edit input[name=importance]", "5")
    page.click("#edit button")
    page.wait_for_url(memory_url)
    page.reload()
    assert page.input_value("#edit textarea[name=content]") == \
        "The billing service runs on Postgres 17"
    assert "updated" in page.inner_text("#history")

    page.once("dialog", lambda d: d.accept())
    page.click("#delete")
    page.wait_for_selector("#restore")
    assert "deleted" in page.inner_text("#history")
    page.click("#restore")
    page.wait_for_selector("#delete")
    assert "restored" in page.inner_text("#history")
    page.close()


def test_playground_shows_why(browser: Any, site: dict[str, Any]) -> None:
    page = sign_in(browser, site, "alpha")
    page.goto(site["url"] + "/ui/playground?q=coffee+from+Ethiopia")
    rows = page.locator("#explain tr")
    assert rows.count() >= 2
    first = rows.nth(1).inner_text()
    assert "dark roast coffee" in first and "1" in first  # keyword and vector rank
    page.screenshot(path=str(SHOTS / "ui-playground.png"), full_page=True)
    page.close()


def test_engine_page_needs_admin(browser: Any, site: dict[str, Any], embedder: Any) -> None:
    r = httpx.get(site["url"] + "/ui/engine",
                  headers={"Authorization": f"Bearer {site['keys']['alpha']}"})
    assert r.status_code == 403
    page = sign_in(browser, site, "admin")
    page.goto(site["url"] + "/ui/engine")
    engine = page.inner_text("#engine")
    # the signature of the embedder the store was built with (onnx:all-MiniLM-L6-v2:384 by default)
    assert f"embedding signature\t{embedder.signature}" in engine and "flat" in engine
    assert page.locator("#runs tr").count() >= 2  # the pipeline run
    health = page.inner_text("#health")  # the parts /v1/health names, each with its status
    assert page.inner_text("#health-status") in ("ok", "degraded")
    assert all(part in health for part in ("store", "index", "model", "disk"))
    page.screenshot(path=str(SHOTS / "ui-engine.png"), full_page=True)
    page.close()


@contextmanager
def attacker_site(target: str, memory_id: int) -> Iterator[str]:
    """A page on another port of the same host that makes the visitor's browser post a
    delete form to kore (no token: the attacker cannot read kore's pages)."""
    page = (f"<!doctype html><form id=f method=post action='{target}/ui/memories/{memory_id}"
            "/delete'></form><script>document.getElementById('f').submit()</script>").encode()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            self.send_response(200)
            self.send_header("content-type", "text/html")
            self.send_header("content-length", str(len(page)))
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *args: Any) -> None:
            pass

    server = HTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def test_another_sites_page_cannot_delete_through_the_signed_in_browser(
        browser: Any, site: dict[str, Any]) -> None:
    bearer = {"Authorization": f"Bearer {site['keys']['alpha']}"}
    listed = httpx.get(site["url"] + "/v1/memories", headers=bearer).json()["items"]
    mid = listed[0]["memory_id"]
    page = sign_in(browser, site, "alpha")
    cookies = page.context.cookies()
    assert [c["name"] for c in cookies] == ["kore_session"]
    assert site["keys"]["alpha"] not in cookies[0]["value"] and cookies[0]["httpOnly"]
    with attacker_site(site["url"], mid) as evil:
        page.goto(evil)
        page.wait_for_url(f"**/ui/memories/{mid}/delete")
        assert "cross-site request refused" in page.content()
    status = httpx.get(f"{site['url']}/v1/memories/{mid}", headers=bearer).json()["status"]
    assert status == "active"
    page.goto(f"{site['url']}/ui/memories")
    page.click("#logout")
    page.wait_for_url("**/ui/login")
    page.goto(f"{site['url']}/ui/memories")
    assert page.url.endswith("/ui/login")
    page.close()
