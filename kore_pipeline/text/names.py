"""Whether a word said right after "my wife", "mio gatto", "unser Hund" is that one's name.

Chats write names in lower case ("my wife priya keeps nicking my hoodies", "ma chatte noisette
vomit partout"), and the same place holds words that are no name ("my wife really likes",
"my husband keeps"). A word there is read as a name when

- it is no word of the grammars' closed lists (stopwords, fillers, adverbs, kin words) and
  no number ("my mum three times a week");
- a word the dictionary knows, or an inflected form ("keeps" is "keep"), is a name only
  before a name's verb: "and", "is", "has" or one of the grammar's ``name_followers``
  ("our dog biscuit ate", "mi hijo mateo tiene 6 años"; not "my mom garden", "my wife left
  me");
- a word the dictionary does not know ("priya", "sanne", "paçoca") is a name before anything
  but a closed word.

A capitalised word is a name as before, except in German, whose nouns are all capitalised.
The lemmas come from ``simplemma`` (offline, one dictionary per language, loaded on first use:
25-110 MB each).
"""

from __future__ import annotations

import re
from functools import lru_cache

from kore_pipeline.rules import GRAMMARS, LANGUAGES
from kore_pipeline.rules.shape import words
from kore_pipeline.text.fact_guard import CALENDAR, NEGATION_WORDS, NUMBER_WORDS

_WORD = re.compile(r"[^\W\d_][\w'’-]*")
_NAME_VERBS = frozenset(words(
    "è es ist is é est was war era who che que qui has had tiene ha aveva hat hatte tem heeft "
    "turned turns compie cumple fait wird faz wordt"))
"""Words that, right after a name, show it is one ("biscuit is", "mateo tiene", "otto wird"):
after a word of the language, only these (and a grammar's ``name_followers``) show a name."""
AFTER_NAME = re.compile(r"\s*(?:[,.;:!?)(\]]|$|(?:" + "|".join(sorted(
    _NAME_VERBS | {"e", "y", "et", "und", "and", "die", "der"}, key=len, reverse=True))
    + r")\b)", re.IGNORECASE)
"""What may follow a name said in lower case ("mein bruder felix", "ma femme claire et moi",
"our dog biscuit is a beagle")."""
_JOINS = {code: frozenset(w.casefold() for w in g.list_conjunctions)
          for code, g in GRAMMARS.items()}
"""Each language's "and" / "or": after a word the dictionary does not know, a name ends there."""
_CLOSED_FIELDS = ("stopwords", "leading_fillers", "articles", "adverbs", "pronoun_facts",
                  "clause_openers", "list_conjunctions", "kin_compounds")
_CLOSED = {code: frozenset(w.casefold() for field in _CLOSED_FIELDS
                           for w in getattr(g, field) if " " not in w and "\\" not in w)
           for code, g in GRAMMARS.items()}
"""Each language's closed words: no name in that language ("just", "sempre", "einfach")."""
_FOLLOWERS = {code: frozenset(w.casefold() for w in g.name_followers)
              for code, g in GRAMMARS.items()}
_KIN = frozenset(w.casefold() for g in GRAMMARS.values()
                 for part in g.kin.split(";") for w in part.replace(":", " ").split())
_ADVERB_END = {code: re.compile(f"(?:{'|'.join(g.adverb_endings)})$") if g.adverb_endings
               else None for code, g in GRAMMARS.items()}


@lru_cache(maxsize=4096)
def _lemma(word: str, lang: str) -> tuple[str, bool]:
    """The word's lemma (folded) and whether the dictionary of ``lang`` knows the word."""
    import simplemma  # deferred: a dictionary loads on first use

    return simplemma.lemmatize(word, lang).casefold(), simplemma.is_known(word, lang)


def _closed(word: str, lang: str) -> bool:
    return word in _CLOSED[lang] or word in _KIN or word in CALENDAR \
        or (word.endswith("nt") and word.replace("'", "") in NEGATION_WORDS)  # "doesnt"


def _adverb(word: str, lang: str, known: bool) -> bool:
    ending = _ADVERB_END.get(lang)
    return known and len(word) >= 6 and ending is not None and bool(ending.search(word))


def is_name_here(word: str, after: str, lang: str) -> bool:
    """Whether ``word``, said after a relative or a pet and followed by ``after``, is a name."""
    lang = lang if lang in LANGUAGES else "en"
    folded = word.strip("'’").casefold()
    if ("'" in folded or "’" in folded) and word[:1].islower():
        return False  # an elided article or preposition: "all'asilo", "l'école"
    if len(folded) < 2 or _closed(folded, lang) or (word[:1].islower() and folded in NUMBER_WORDS):
        return False
    if word[:1].isupper() and not GRAMMARS[lang].nouns_capitalised:
        return True
    lemma, known = _lemma(word.strip("'’"), lang)
    if _adverb(folded, lang, known):
        return False
    nxt = _WORD.match(after.lstrip())
    said = nxt.group().casefold() if nxt else ""
    followed = said in _FOLLOWERS[lang] or said in _NAME_VERBS
    if lemma != folded or known:  # a word of the language: a name only before a name's verb
        return followed
    return followed or said in _JOINS[lang] or bool(AFTER_NAME.match(after)) \
        or (nxt is not None and not _closed(said, lang))
