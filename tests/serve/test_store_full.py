"""A save on a full disk is refused with an honest answer (HTTP 507, the reason, no file
path), nothing of it written, and the store as it was: on a real small tmpfs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.disk_limits import FILL, on_small_disk

pytestmark = pytest.mark.slow

SAVE_ON_FULL_DISK = FILL + '''
import json, sys
from pathlib import Path
from fastapi.testclient import TestClient
from kore_pipeline.memory import Memory
from kore_pipeline.serve.api_keys import create_key
from kore_pipeline.serve.http.app import create_app
from kore_pipeline.settings import KoreSettings

disk = Path(sys.argv[1])
settings = KoreSettings(home=disk / "home", write_busy_wait_seconds=0.5)
mem = Memory(settings=settings)
mem.save("alpha keeps the invoices in the blue folder", "alpha", now="2026-09-01T10:00:00Z")
key = create_key(mem.conn, ["alpha"])["key"]
client = TestClient(create_app(settings, memory=mem))
fill(str(disk))
answers = []
for i in range(3):
    r = client.post("/v1/memories", headers={"Authorization": f"Bearer {key}"},
                    json={"content": f"alpha note {i} " + "x" * 3000, "owner": "alpha"})
    answers.append([r.status_code, r.json().get("detail", "")])
count = mem.conn.execute("SELECT count(*) FROM memories").fetchone()[0]
print(json.dumps({"answers": answers, "count": count}))
'''


def test_a_save_on_a_full_disk_is_507_with_its_reason(tmp_path: Path) -> None:
    seen = on_small_disk(tmp_path / "disk", 8 * 1024, SAVE_ON_FULL_DISK, str(tmp_path / "disk"))
    assert seen["count"] == 1, seen  # nothing of the refused saves was written
    for status, detail in seen["answers"]:
        assert status == 507, seen
        assert "disk is full" in detail and "nothing was saved" in detail, detail
        assert str(tmp_path) not in detail  # no server path in the answer
    json.dumps(seen)
