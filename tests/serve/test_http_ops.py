"""``kore api`` for operators, over real HTTP: Prometheus metrics at /metrics, a health
answer that names what is degraded, /docs without internet, and a schema generated
clients can use (the key's security scheme, every error answer)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from kore_pipeline.memory import Memory
from kore_pipeline.serve.api_keys import create_key
from kore_pipeline.serve.http.app import create_app
from kore_pipeline.settings import KoreSettings
from tests.serve.live_server import live_server

pytestmark = pytest.mark.slow  # every test here starts a uvicorn server

T0 = "2026-09-01T10:00:00Z"
OWNER = "owner-zeta-private"
SECRET_TEXT = "kumquat lemonade recipe"


def start(home: Path, **overrides: Any) -> tuple[KoreSettings, Memory, dict[str, str]]:
    settings = KoreSettings(home=home, api_rate_limit_per_minute=100_000,
                            api_rate_burst=10_000, api_max_body_bytes=4_000, **overrides)
    mem = Memory(settings=settings)
    mem.save(f"Anna keeps a {SECRET_TEXT} in the drawer", OWNER, subject="Anna", now=T0)
    keys = {"user": create_key(mem.conn, [OWNER])["key"],
            "admin": create_key(mem.conn, [], admin=True)["key"]}
    return settings, mem, keys


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    settings, mem, keys = start(tmp_path_factory.mktemp("ops") / "home")
    with live_server(create_app(settings, memory=mem), settings) as url:
        yield {"url": url, "keys": keys, "memory": mem}
    mem.close()


def client(server: dict[str, Any], key: str | None = None) -> httpx.Client:
    headers = {"Authorization": f"Bearer {server['keys'][key]}"} if key else {}
    return httpx.Client(base_url=server["url"], headers=headers, timeout=30)


def sample(text: str, name: str, **labels: str) -> float | None:
    """The value of one series in a Prometheus text page (None if absent)."""
    for line in text.splitlines():
        if not line.startswith(name + "{") and not line.startswith(name + " "):
            continue
        found = dict(re.findall(r'(\w+)="([^"]*)"', line.split(" ")[0]))
        if found == labels:
            return float(line.rsplit(" ", 1)[1])
    return None


def test_metrics_need_the_admin_key(server) -> None:  # type: ignore[no-untyped-def]
    with client(server) as c:
        assert c.get("/metrics").status_code == 401
    with client(server, "user") as c:
        refused = c.get("/metrics")
        assert refused.status_code == 403 and "admin" in refused.json()["detail"]
    with client(server, "admin") as c:
        page = c.get("/metrics")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/plain")


def test_metrics_count_requests_by_route_template(server) -> None:  # type: ignore[no-untyped-def]
    with client(server, "user") as c:
        saved = c.post("/v1/memories", json={"content": "Anna rides a blue bicycle",
                                             "subject": "Anna", "now": T0}).json()
        for _ in range(3):
            assert c.post("/v1/search", json={"query": "bicycle", "mode": "fts"}).status_code \
                == 200
        assert c.get(f"/v1/memories/{saved['memory_id']}").status_code == 200
        assert c.get("/v1/memories/987654").status_code == 404
        assert c.delete(f"/v1/memories/{saved['memory_id']}").status_code == 200
        big = c.post("/v1/search", json={"query": "x" * 3000, "owner": "y" * 3000})
        assert big.status_code == 413
    with client(server, "admin") as c:
        text = c.get("/metrics").text
    assert sample(text, "kore_http_requests_total", method="POST", route="/v1/search",
                  status="200") == 3
    assert sample(text, "kore_http_requests_total", method="GET",
                  route="/v1/memories/{memory_id}", status="404") == 1
    assert sample(text, "kore_http_requests_total", method="POST", route="/v1/search",
                  status="413") == 1
    assert sample(text, "kore_http_request_duration_seconds_count", method="POST",
                  route="/v1/search") == 4
    assert "987654" not in text and str(saved["memory_id"]) + '"' not in text
    # store size by status, the index, the health of each part
    assert sample(text, "kore_memories", status="active") == 1
    assert sample(text, "kore_memories", status="deleted") == 1
    assert sample(text, "kore_index_vectors") == 0
    assert sample(text, "kore_health", part="index") == 1  # no index yet: degraded
    assert sample(text, "kore_health", part="store") == 0


def test_metrics_hold_no_text_owner_or_key(server) -> None:  # type: ignore[no-untyped-def]
    with client(server, "user") as c:
        c.post("/v1/search", json={"query": SECRET_TEXT, "mode": "fts"})
    with client(server, "admin") as c:
        text = c.get("/metrics").text
    for secret in (SECRET_TEXT, "kumquat", OWNER, "Anna", *server["keys"].values()):
        assert secret not in text


def test_metrics_access_can_be_opened(tmp_path: Path) -> None:
    for access in ("open", "loopback"):
        settings, mem, _keys = start(tmp_path / access, api_metrics_access=access)
        with live_server(create_app(settings, memory=mem), settings) as url:
            page = httpx.get(f"{url}/metrics", timeout=30)
        mem.close()
        assert page.status_code == 200 and "kore_memories" in page.text


def test_health_names_the_degraded_part(server) -> None:  # type: ignore[no-untyped-def]
    with client(server) as c:  # no key needed
        answer = c.get("/v1/health")
    assert answer.status_code == 200
    body = answer.json()
    parts = {p["name"]: p for p in body["parts"]}
    assert set(parts) == {"store", "index", "model", "disk"}
    assert body["status"] == "degraded" and body["ok"] is True
    assert parts["store"]["status"] == "ok" and "writable" in parts["store"]["reason"]
    assert parts["index"]["status"] == "degraded"
    assert "no vector index" in parts["index"]["reason"]
    assert parts["model"]["status"] == "ok" and parts["disk"]["status"] == "ok"
    assert OWNER not in answer.text and "kumquat" not in answer.text


def test_health_reports_disk_model_and_a_lost_store(tmp_path: Path) -> None:
    settings, mem, _keys = start(tmp_path / "home", health_min_free_bytes=2**62,
                                 model_path=tmp_path / "no-such-model")
    with live_server(create_app(settings, memory=mem), settings) as url:
        parts = {p["name"]: p for p in httpx.get(f"{url}/v1/health").json()["parts"]}
        assert parts["disk"]["status"] == "degraded"
        assert "health_min_free_bytes" in parts["disk"]["reason"]
        assert parts["model"]["status"] == "degraded"
        assert "keywords only" in parts["model"]["reason"]
        assert str(tmp_path) not in str(parts)  # no paths in an answer without a key
        settings.db_path().unlink()  # the store is gone under the running server
        down = httpx.get(f"{url}/v1/health")
    mem.close()
    assert down.status_code == 503
    assert down.json()["status"] == "down" and down.json()["ok"] is False
    store = next(p for p in down.json()["parts"] if p["name"] == "store")
    assert store["status"] == "down" and "no store" in store["reason"]


def test_health_is_ok_once_the_index_is_in_step(tmp_path: Path) -> None:
    from kore_pipeline.run.pipeline import run_pipeline

    root = Path(__file__).resolve().parents[2]
    settings, mem, keys = start(tmp_path / "home", search_embed_pending=1)
    run_pipeline([root / "data"], settings, now=T0)
    answers = []
    with live_server(create_app(settings, memory=mem), settings) as url:
        answers.append(httpx.get(f"{url}/v1/health").json())
        for text in ("Anna learns the cello", "Anna sells her old bicycle"):
            httpx.post(f"{url}/v1/memories", json={"content": text, "now": T0},
                       headers={"Authorization": f"Bearer {keys['user']}"}, timeout=30)
            answers.append(httpx.get(f"{url}/v1/health").json())
    mem.close()
    in_step, one_new, two_new = ({p["name"]: p for p in a["parts"]}["index"] for a in answers)
    assert answers[0]["status"] == "ok", answers[0]
    assert in_step["status"] == "ok" and in_step["numbers"]["vectors"] > 0
    assert "in step" in in_step["reason"]
    # one new memory: searches embed it themselves (search_embed_pending=1)
    assert one_new["status"] == "ok" and "1 memories saved or changed" in one_new["reason"]
    assert two_new["status"] == "degraded" and "lags the store by 2 " in two_new["reason"]
    assert answers[2]["status"] == "degraded"


def test_docs_work_without_internet(server) -> None:  # type: ignore[no-untyped-def]
    with client(server) as c:
        for page in ("/docs", "/redoc"):
            html = c.get(page)
            assert html.status_code == 200
            refs = re.findall(r'(?:src|href)="([^"]+)"', html.text)
            assert refs and all(r.startswith("/") and not r.startswith("//") for r in refs)
            assert not re.search(r"https?://", html.text), page
            for ref in refs:
                asset = c.get(ref)
                assert asset.status_code == 200 and len(asset.content) > 1000, ref
        bundle = c.get("/static-offline-docs/swagger-ui-bundle.js")
        assert "SwaggerUIBundle" in bundle.text
        assert bundle.headers["content-type"].startswith(("text/javascript",
                                                          "application/javascript"))


def test_schema_declares_the_key_and_every_error(server) -> None:  # type: ignore[no-untyped-def]
    with client(server) as c:
        schema = c.get("/openapi.json").json()
    schemes = schema["components"]["securitySchemes"]
    assert schemes["bearerAuth"] == {**schemes["bearerAuth"], "type": "http",
                                     "scheme": "bearer"}
    error = schema["components"]["schemas"]["ErrorModel"]
    assert error["properties"]["detail"]["type"] == "string"
    routes = [(path, method, op) for path, ops in schema["paths"].items()
              for method, op in ops.items() if path.startswith("/v1/")]
    assert len(routes) >= 13
    for path, method, op in routes:
        codes = set(op["responses"])
        if path == "/v1/health":
            assert "security" not in op and "503" in codes
            continue
        assert {"bearerAuth": []} in op["security"], path
        assert {"401", "403", "422", "429", "503"} <= codes, (path, method)
        assert ("404" in codes) == ("{memory_id}" in path), (path, method)
        assert ("413" in codes) == (method in ("post", "patch")), (path, method)
        ref = op["responses"]["401"]["content"]["application/json"]["schema"]["$ref"]
        assert ref.endswith("/ErrorModel")


def test_a_busy_store_is_counted_as_a_server_error_and_health_still_answers(
        tmp_path: Path) -> None:
    from tests.serve.test_store_busy import write_lock_held

    settings, mem, keys = start(tmp_path / "home", write_busy_wait_seconds=1.0)
    auth = {"Authorization": f"Bearer {keys['admin']}"}
    with live_server(create_app(settings, memory=mem), settings) as url, \
            write_lock_held(settings.db_path(), 30):
        busy = httpx.post(f"{url}/v1/memories", headers=auth, timeout=30,
                          json={"content": "Anna waits", "owner": OWNER})
        health = httpx.get(f"{url}/v1/health", timeout=30)
        text = httpx.get(f"{url}/metrics", headers=auth, timeout=30).text
    mem.close()
    assert busy.status_code == 503 and health.status_code == 200
    assert sample(text, "kore_http_requests_total", method="POST", route="/v1/memories",
                  status="503") == 1
    assert sample(text, "kore_http_errors_total", kind="server_error", method="POST",
                  route="/v1/memories") == 1
