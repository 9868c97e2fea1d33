"""Questions that ask about several things ("What activities does Melanie do?").

Such a question ("which books has she read?", "how many times…", "what has he cooked?") is
answered by several statements of the person it names, said on different occasions. Each of
them usually has a reply by the other side that repeats its topic ("Wow, love that
painting!") and so matches the question about as well; with one answer to find that costs
little, with several the replies take the places of the other answers. The search prefers
the named person's memories more strongly for these questions (``several_subject_boost``
instead of ``subject_boost``; serve/ranking has the names signal). The cues are English's
and their counterparts in the five other pattern languages ("quante volte", "cuántos",
"combien", "wie viele", "quais"); a plural after "what/which" is read in English only.
"""

from __future__ import annotations

import re

_CUES = re.compile(
    r"\bhow\s+(?:many|often)\b|\b(?:what|which)\s+(?:kinds|types|sorts)\s+of\b"
    r"|\b(?:has|have)\s+\w+(?:['’]s)?(?:\s+\w+)?\s+\w+ed\b|\bboth\b|\bever\b"
    # it / es / fr / de / pt: "how many / how often", "which kinds of", plural "which"
    r"|\bquant[ei]\b|\bquante\s+volte\b|\bche\s+tipi\s+di\b|\bquali\b"
    r"|\bcu[aá]nt[oa]s\b|\bcon\s+qu[eé]\s+frecuencia\b|\bqu[eé]\s+tipos\s+de\b"
    r"|\bcu[aá]les\b"
    r"|\bcombien\b|\bquel(?:le)?s\b"
    r"|\bwie\s+(?:viele|oft)\b|\bwelche\s+(?:arten|sorten)\b"
    r"|\bwas\s+f[uü]r\b(?!\s+(?:ein|eine|einen|einem|einer)\b)"
    r"|\bquant[oa]s\b|\bcom\s+que\s+frequ[eê]ncia\b|\bque\s+tipos\s+de\b|\bquais\b",
    re.IGNORECASE)
""""how many / often", "what kinds of", the present perfect ("what has she painted",
"which cities has Jon visited"), "both", "ever"; in the other pattern languages "quanti /
quante volte / che tipi di / quali", "cuántos / qué tipos de / cuáles", "combien / quels /
quelles", "wie viele / wie oft / welche Arten / was für", "quantos / que tipos
de / quais"."""
_ASKS_WHICH = re.compile(r"\b(?:what|which)((?:\s+[\w'’]+){1,3})", re.IGNORECASE)
_NOT_PLURAL = frozenset({"was", "is", "has", "does", "this", "his", "hers", "its", "us",
                         "yours", "ours", "theirs", "always", "perhaps", "sometimes", "as",
                         "plus", "yes", "thus", "less", "unless", "news", "series"})
"""Words ending in "s" that are not plural nouns (the verb ends the search for one)."""


def _plural(word: str) -> bool:
    w = word.lower()
    return (len(w) > 3 and w.endswith("s") and w not in _NOT_PLURAL
            and not w.endswith(("ss", "'s", "’s", "us", "is")))


def asks_for_several(query: str) -> bool:
    """Whether ``query`` asks about several things: "how many", "what kinds of", the
    present perfect ("what has she painted?"), "both", "ever", or "what/which" followed
    within three words by a plural ("which books", "what outdoor activities") before a
    verb ("what does", "which is")."""
    if _CUES.search(query):
        return True
    for m in _ASKS_WHICH.finditer(query):
        for word in m.group(1).split():
            if word.lower() in _NOT_PLURAL:
                break
            if _plural(word):
                return True
    return False
