"""Things people own and name by make or model: cars and phones, one slot each.

A car is one value of the ``car`` slot whatever words name it: "I drive a Clio", "tengo un
Seat Ibiza", "ma Tesla est arrivée" each set ``car``, so the one said last supersedes the one
said before; a phone likewise sets ``phone`` ("I have an iPhone 12", "finally got a pixel 8").
A word names one when it is a make or a model below; models that are mostly another word ("up",
"leaf", "smart", "spring", "jazz", "swift", "beetle") are left out.
"""

from __future__ import annotations

import re

from kore_pipeline.text.places import fold

_CAR_MAKES = (
    "abarth alfa audi bmw byd chevrolet chevy citroen cupra dacia daihatsu dodge ferrari fiat ford "
    "honda hyundai jaguar jeep kia lada lamborghini lancia lexus maserati mazda mercedes "
    "mercedes-benz mg mini mitsubishi nissan opel peugeot polestar porsche renault saab seat skoda "
    "subaru suzuki tesla toyota vauxhall volkswagen vw volvo")
_CAR_MODELS = (
    "clio megane twingo zoe captur kangoo scenic panda punto tipo multipla golf polo passat "
    "tiguan t-roc touran corsa astra insignia mokka zafira fiesta focus mondeo kuga mustang prius "
    "yaris corolla rav4 auris aygo civic micra qashqai juke i10 i20 i30 tucson kona ioniq ibiza "
    "leon arona ateca octavia fabia superb kodiaq c3 c4 berlingo sandero duster logan vitara "
    "impreza outback forester miata cx-5 a3 a4 a6 q3 q5 x1 x3 x5 i3 208 308 2008 3008 206 207 "
    "xc40 xc60 xc90 v40 v60 niro sportage ceed picanto rio stonic")
CAR_WORDS = frozenset(fold(w) for w in f"{_CAR_MAKES} {_CAR_MODELS}".split())
"""Makes and models of cars, folded (lower case, no accents)."""
_MODEL_NUMBERS = {"model": ("3", "s", "x", "y"), "id": ("3", "4", "5"), "fiat": ("500",)}
"""Car names of two words whose second is a number or letter ("model 3", "id 3", "fiat 500")."""

_PHONE_LINES = ("iphone pixel galaxy samsung xiaomi redmi oneplus huawei nokia motorola fairphone "
                "oppo realme xperia")
PHONE_WORDS = frozenset(_PHONE_LINES.split())
"""Makes and lines of phones, folded."""
_PHONE_MODEL = re.compile(r"(?:\d+[a-z]?|[a-z]\d+[a-z]?|pro|max|mini|plus|ultra|se|lite|fold|"
                          r"flip|note)$")
"""What follows a phone's line in its name: "15 pro max", "s24 ultra", "8a", "note"."""


def car_name(words: str) -> str | None:
    """The car ``words`` name, folded, from its first make or model word on (up to three
    words): "old golf" -> "golf", "Tesla Model 3!" -> "tesla model 3"; None when no word
    names a car."""
    parts = _parts(words)
    for i, word in enumerate(parts):
        known = word in CAR_WORDS or (word in _MODEL_NUMBERS and i + 1 < len(parts)
                                      and parts[i + 1] in _MODEL_NUMBERS[word])
        if known:
            name = [word]
            for nxt in parts[i + 1: i + 3]:
                if not (nxt in CAR_WORDS or nxt in _MODEL_NUMBERS
                        or nxt in _MODEL_NUMBERS.get(name[-1], ())):
                    break
                name.append(nxt)
            while name[-1] in _MODEL_NUMBERS and len(name) > 1:  # "tesla model" -> "tesla"
                name.pop()
            return " ".join(name)
    return None


def phone_name(words: str) -> str | None:
    """The phone ``words`` name, folded, from its make or line on with its model ("my new
    iPhone 15 Pro!" -> "iphone 15 pro", "pixel 8a" -> "pixel 8a"); None when none is named."""
    parts = _parts(words)
    for i, word in enumerate(parts):
        if word in PHONE_WORDS:
            name = [word]
            for nxt in parts[i + 1: i + 4]:
                if not (nxt in PHONE_WORDS or _PHONE_MODEL.match(nxt)):
                    break
                name.append(nxt)
            return " ".join(name)
    return None


_AMBIGUOUS = frozenset(fold(w) for w in (
    "golf", "polo", "panda", "focus", "fiesta", "civic", "outback", "superb", "rio", "duster",
    "leon", "tipo", "seat", "mini", "kona", "note", "ka"))
"""Car names that are mostly another word ("golf clubs", "my focus", "una fiesta")."""


_NEVER_ALONE = frozenset(("mini", "seat", "note", "ka"))
"""Names that alone are another word even in a sentence about cars ("my mini van", "my seat
belt"): only with their make or model ("mini cooper" is read as "mini" only after "my new")."""


def needs_context(name: str) -> bool:
    """Whether a car or phone ``name`` (as :func:`owned_slot` gives it) could be another word:
    one word that is mostly something else, or a number ("my 2008"); "vw golf" could not."""
    parts = name.split()
    return len(parts) == 1 and (parts[0] in _AMBIGUOUS or any(ch.isdigit() for ch in parts[0]))


def never_alone(name: str) -> bool:
    """Whether ``name`` alone is never taken for a car where it is only named in passing."""
    return name in _NEVER_ALONE


def owned_slot(words: str) -> tuple[str, str] | None:
    """The slot of a thing one owns that ``words`` name: ("car", …) or ("phone", …), else
    None."""
    if (car := car_name(words)) is not None:
        return ("car", car)
    if (phone := phone_name(words)) is not None:
        return ("phone", phone)
    return None


def _parts(words: str) -> list[str]:
    return [w.strip(".,;:!?()\"'") for w in fold(words).split()]
