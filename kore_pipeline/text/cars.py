"""Cars people name: makes and models, so "my new tesla" and "ho una Panda" fill one slot.

A car is one value of the ``car`` slot whatever words name it: "I drive a Clio", "tengo un
Seat Ibiza", "ma Tesla est arrivée" each set ``car``, so the one said last supersedes the one
said before. A word names a car when it is a make or a model below; models that are mostly
another word ("up", "leaf", "smart", "spring", "jazz", "swift", "beetle") are left out.
"""

from __future__ import annotations

from kore_pipeline.text.places import fold

_MAKES = (
    "abarth alfa audi bmw byd chevrolet chevy citroen cupra dacia daihatsu dodge ferrari fiat ford "
    "honda hyundai jaguar jeep kia lada lamborghini lancia lexus maserati mazda mercedes "
    "mercedes-benz mg mini mitsubishi nissan opel peugeot polestar porsche renault saab seat skoda "
    "subaru suzuki tesla toyota vauxhall volkswagen vw volvo")
_MODELS = (
    "clio megane twingo zoe captur kangoo scenic panda punto tipo multipla golf polo passat "
    "tiguan t-roc touran corsa astra insignia mokka zafira fiesta focus mondeo kuga mustang prius "
    "yaris corolla rav4 auris aygo civic micra qashqai juke i10 i20 i30 tucson kona ioniq ibiza "
    "leon arona ateca octavia fabia superb kodiaq c3 c4 berlingo sandero duster logan vitara "
    "impreza outback forester miata cx-5 a3 a4 a6 q3 q5 x1 x3 x5 i3 208 308 2008 3008 206 207 "
    "xc40 xc60 xc90 v40 v60 niro sportage ceed picanto rio stonic")
CAR_WORDS = frozenset(fold(w) for w in f"{_MAKES} {_MODELS}".split())
"""Makes and models, folded (lower case, no accents)."""
_MODEL_NUMBERS = {"model": ("3", "s", "x", "y"), "id": ("3", "4", "5"), "fiat": ("500",)}
"""Names of two words whose second is a number or letter ("model 3", "id 3", "fiat 500")."""


def car_name(words: str) -> str | None:
    """The car ``words`` name, folded, from its first make or model word on (up to three
    words): "old golf" -> "golf", "Tesla Model 3!" -> "tesla model 3"; None when no word
    names a car."""
    parts = [w.strip(".,;:!?()\"'") for w in fold(words).split()]
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
