"""Function words dropped from keyword queries (en, it, es, fr, de, pt).

A question such as "which database did Anna choose" should match memories on "database",
"Anna" and "choose", not on "which" or "did". Only query terms are filtered; the index keeps
every word.
"""

from __future__ import annotations

STOPWORDS: frozenset[str] = frozenset("""
a an the and or but if of to in on at by for with from about into over as is are was were be
been being am do does did done have has had having i me my mine you your yours he him his she
her hers it its we us our they them their what which who whom whose when where why how this
that these those there here not no yes so than then too very can could should would will shall
may might must just also any some all each more most other such only own same s t don didn
doesn isn wasn what's i'm it's let tell know remember please like likes
il lo la i gli le un una uno di da del della dei delle che chi cosa come dove quando perché
e o ma non per con su tra fra ho hai ha abbiamo avete hanno sono sei è siamo siete mi ti ci vi
si mio mia tuo tua suo sua nel nella al alla
el los las unos unas de del que qué quién cómo dónde cuándo por para con sin y pero es son
fue era mi tu su se lo le les al
le la les un une des du de que qui quoi comment où quand pourquoi et ou mais est sont été
je tu il elle nous vous ils elles mon ma mes ton ta tes son sa ses au aux ce cette
der die das ein eine einen dem den des und oder aber ist sind war was wer wie wo wann warum
ich du er sie es wir ihr mein meine dein deine sein seine zu mit von für auf im am
o os as um uma uns umas do da dos das que quem como onde quando porque e ou mas é são foi eu
meu minha seu sua em no na nos nas ao aos
""".split())  # noqa: SIM905 - a word list reads best as text


def is_stopword(token: str) -> bool:
    """Whether a lower-cased query token carries no meaning for keyword search."""
    return token in STOPWORDS
