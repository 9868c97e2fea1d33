"""What an agent just saved is found at once, by meaning and by its rare keyword, before any
index stage has run; a rare exact keyword match is not buried under meaning-only matches."""

from __future__ import annotations

from pathlib import Path

import pytest

from kore_pipeline import Memory
from kore_pipeline.settings import KoreSettings

NOW = "2026-11-30T12:00:00Z"
OWNER = "team-alpha"
OTHERS = [
    "Anna drinks a double espresso after lunch.", "Anna orders a cappuccino every morning.",
    "Anna is lactose intolerant.", "Anna likes soy lattes with cinnamon.",
    "Anna hates decaf coffee.", "Anna's favourite café is on Via Roma.",
    "Anna buys Ethiopian beans from the roaster.", "Anna drinks green tea in the afternoon.",
    "Anna has porridge with oats and honey for breakfast.", "Anna bakes almond cookies.",
    "Anna's sister lives in Turin.", "Anna works as a nurse at the city hospital.",
    "Anna adopted a dog called Pepper.", "Anna is allergic to peanuts.",
    "Anna prefers the mountains to the beach.", "Anna plays tennis on Sundays.",
    "Anna is learning Spanish this year.", "Anna reads crime novels before bed.",
    "Anna's car is a blue Fiat Panda.", "Anna moved to Milan in 2021.",
    "Anna's birthday is on March 3.", "Anna runs five kilometres on Tuesdays.",
    "Anna does not eat red meat.", "Anna prefers window seats on planes.",
    "Anna's favourite film is Amélie.", "Anna is vegetarian since 2019.",
    "Anna's manager is called Paolo.", "Anna needs a quiet room to sleep.",
    "Anna plays the piano badly.", "Anna wants to visit Japan in spring.",
    "Anna's brother studies physics in Padua.", "Anna grows basil on the balcony.",
    "Anna's phone is an old iPhone.", "Anna dislikes crowded places.",
    "Anna takes the train to work.", "Anna's flat has two bedrooms.",
    "Anna prefers dark chocolate.", "Anna goes climbing with friends on Fridays.",
    "Anna's favourite pasta is carbonara.", "Anna uses a standing desk.",
    "Anna listens to jazz while cooking.", "Anna's cat is called Miso.",
    "Anna prefers cold brew in summer.", "Anna collects vinyl records.",
    "Anna swims in the lake in August.", "Anna's dentist is in Corso Buenos Aires.",
    "Anna is saving money for a new bike.", "Anna volunteers at the food bank.",
    "Anna drinks her tea without sugar.", "Anna learned to knit last winter.",
]


@pytest.fixture
def mem(tmp_path: Path, embedder) -> Memory:  # type: ignore[no-untyped-def]
    with Memory(settings=KoreSettings(home=tmp_path / "home"), embedder=embedder) as m:
        m.save_many([{"content": text, "subject": "Anna", "category": "preference"}
                     for text in OTHERS], OWNER, now="2026-11-01T09:00:00Z")
        m.embed_pending()  # an index stage ran over the older memories
        yield m


@pytest.mark.slow
def test_a_fresh_save_is_first_for_its_rare_keyword(mem: Memory) -> None:
    saved = mem.save("Anna takes oat milk in her flat white.", OWNER, subject="Anna",
                     category="preference", now="2026-11-30T10:00:00Z")
    assert saved["embedded"] is False               # nothing embedded it on save
    hits = mem.search("oat milk", OWNER, now=NOW, reinforce=False, explain=True)
    assert hits[0]["memory_id"] == saved["memory_id"]
    assert hits[0]["explain"]["vector_rank"] is not None   # found by meaning too


@pytest.mark.slow
def test_a_fresh_save_is_found_by_meaning_alone(mem: Memory) -> None:
    saved = mem.save("Anna takes oat milk in her flat white.", OWNER, subject="Anna",
                     category="preference", now="2026-11-30T10:00:00Z")
    for query in ("which milk goes in Anna's coffee?", "milk alternatives"):
        hits = mem.search(query, OWNER, now=NOW, reinforce=False, mode="semantic", k=1)
        assert hits[0]["memory_id"] == saved["memory_id"]
    mem.update(saved["memory_id"], OWNER, content="Anna switched to a cortado.")
    hits = mem.search("which milk goes in Anna's coffee?", OWNER, now=NOW, reinforce=False,
                      mode="semantic", k=5)
    assert saved["memory_id"] not in [h["memory_id"] for h in hits]  # its new text counts
    hits = mem.search("cortado", OWNER, now=NOW, reinforce=False, mode="semantic", k=1)
    assert hits[0]["memory_id"] == saved["memory_id"]
