"""Words of every language the fact engine trims from a fact or refuses as one: fillers
("really", "molto"), time words ("now", "adesso"), pronouns, vague words and stock phrases.
A grammar of :mod:`kore_pipeline.rules` adds its own through its fields."""

from __future__ import annotations

LEADING_FILLER = ("really", "to", "that", "che", "que", "dass", "molto", "tanto", "mucho",
                  "bien", "beaucoup", "sehr", "muito", "bastante", "nada", "niente", "je", "yo",
                  "io", "eu", "ich")
TRAILING_FILLER = (
    r"a\s+lot", r"very\s+much", r"so\s+much", r"so\s+badly", r"so\s+bad", "too", r"as\s+well",
    "also", "really", "anyway", "actually", "though", "then", r"for\s+now", "please", "lol",
    "haha", "tbh", "ngl", "btw", "imo", "tho", "lmao", "molto", "tanto",
    r"un\s+sacco", "anche", "comunque", "davvero", "mucho", "muchísimo", "también",
    r"la\s+verdad", "beaucoup", "aussi", "vraiment", "sehr", "auch", "wirklich", "gerne", "gern",
    r"zu\s+verwenden", r"zu\s+benutzen", r"zu\s+nutzen", "muito", "também", "demais",
    "and", "or", "but", "so", "e", "o", "y", "et", "ou", "und", "oder", "ma", "pero", "mais",
    "aber", "mas",
)
TIME_FILLER = (  # when it is true, not what: "I'm a Mets fan now" states "Mets fan"
    # lower case only: "I love Apocalypse Now" keeps its title
    "now", r"right\s+now", "nowadays", r"these\s+days", r"at\s+the\s+moment", "currently",
    "atm", "rn", r"as\s+of\s+now", "originally",  # chat: "in Leeds atm", "from Brazil originally"
    "adesso", "ormai", "ahora", r"hoy\s+en\s+día", "maintenant", r"en\s+ce\s+moment",
    "désormais", "jetzt", "mittlerweile", "inzwischen", "agora", r"hoje\s+em\s+dia",
    # ... or since when: "I took up pottery last year" states "pottery"
    "again", "recently", "lately", "yesterday", "today", "tonight", r"this\s+(?:morning|"
    r"afternoon|evening|week|weekend|month|year)", r"last\s+(?:week|weekend|month|year|night|"
    r"spring|summer|autumn|fall|winter)", r"(?:a|one|two|three|four|five|six|a\s+few|several|"
    r"a\s+couple\s+of|\d+)\s+(?:days?|weeks?|months?|years?)\s+ago",
)
PRONOUN_FACTS = frozenset({
    "it", "that", "this", "them", "those", "these", "one", "you", "him", "her", "it all",
    "that one", "this one", "lo", "la", "li", "le", "esto", "eso", "ça", "cela", "ceci", "das",
    "es", "ihn", "sie", "isso", "isto", "ele", "ela", "questo", "quello", "quella", "questa",
})

_SET_TEXT = (
    # a list piece opening with one of these starts a new clause, not an item
    "i i'm i've i'd i'll it its you you're we we're they they're he she there there's what "
    "im ive youre theyre theres "
    "especially like plus even io ho sono yo soy je j'ai c'est ich es eu",
    # a fact made only of these says nothing ("do those things", "all of them too")
    "to do doing those these that this it them things thing stuff all of the same similar a lot "
    "lots kind kinds sort sorts different so much too both one ones two three there here as well",
    # a short fact opening with one of these points back at the conversation ("that book")
    "that this those these it them their his her its",
)
LIST_STOPS, VAGUE_WORDS, ANAPHORA = (frozenset(t.split()) for t in _SET_TEXT)
# A comma piece opening with one of these qualifies what came before ("two kids, aged 4 and
# 7", "reading, mostly sci-fi"): it is not a list item, and "I have" + it is no phrase.
_DEPENDENT_TEXT = (
    "aged ages named called based located born raised made known including includes "
    "especially mostly mainly particularly primarily usually mainly like such from with "
    "without in on at of for by about which who whom whose where when while as than except "
    "soprattutto specialmente chiamato chiamata chiamati di con da "
    "especialmente llamado llamada con de "
    "surtout notamment appelé appelée avec "
    "besonders namens mit von "
    "principalmente chamado chamada com"
)
LIST_DEPENDENT = frozenset(_DEPENDENT_TEXT.split())
# Stock phrases that follow a trigger without stating a fact.
JUNK_FACTS = (r"(?:it|that)\s+when\b|(?:happy|glad|willing|up\s+for|here|how|what|way|fact|"
              r"ones?|idea)\b|"
              r"(?:sorry|sure|good|fine|well|ok|okay|great)\s*$")
