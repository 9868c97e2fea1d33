"""Whose fact it is, and facts as people type them (issue 20c).

**Other people's facts.** "my sister loves horror movies", "my dad hates cats", "my brother is
going to study law", "my husband is not a morning person" are not the user's taste, plan or
profile. The relatives' rows of ``patterns_lang`` (English "my wife / dad / sister … <verb>",
Italian "mio padre / mia sorella …"; the other languages have only their "se llama / s'appelle
/ heißt" name rows) keep what the user says of who a relative *is* ("my wife is a nurse", "my
parents live in Ohio", "my son is 5": a profile fact of the user's household, its content
naming the relative, which the slots never read as the user's own), but no longer a relative's
taste, wish or plan (:data:`NOT_THEIRS_EN`, :data:`NOT_THEIRS_IT`): nothing of those is kept.

**Rows** (``PEOPLE_ROWS``, appended after every other table's rows): an age said as a bare
number ("im 34 btw"), "I don't usually X" (a "never" habit), the commute ("i cycle to work"),
"I don't mind X", present-progressive plans with a time to come ("I'm starting a new job next
month", "me and my gf are moving to Denver in June"), "I'll be starting …", and a pet's or
relative's name typed lower case without the apostrophe ("my dogs called biscuit").
"""

from __future__ import annotations

from kore_pipeline.extract.trigger_parts import DEC, HAB, PREF, PROF, Row
from kore_pipeline.extract.trigger_parts import any_of as _any

_ADV = (r"(?:(?:really|also|just|absolutely|totally|kinda|kind\s+of|still|always|actually|"
        r"definitely|seriously|so|truly|honestly|now|both|all|too)\s+)*")
NOT_THEIRS_EN = (
    r"(?!" + _ADV + r"(?:"
    r"(?:does|do)(?:n't|\s+not)\s+(?:really\s+)?(?:like|love|enjoy|mind|care\s+for|want)\b"
    r"|(?:can't|cannot|can\s+not)\s+stand\b"
    r"|(?:loves?|loved|likes?|liked|hates?|hated|adores?|enjoys?|prefers?|dislikes?|detests?|"
    r"despises?|loathes?|wants?|wanted|plans?|planned|hopes?|intends?|dreams?\s+of|"
    r"would\s+(?:like|love|rather)|will|'ll|'d\s+(?:like|love|rather)|can't\s+get\s+enough)\b"
    r"|(?:is|are|was|were)(?:n't|\s+not)?\s+(?:really\s+|also\s+|just\s+|totally\s+|so\s+|"
    r"definitely\s+|very\s+)*(?:going\s+to|planning|hoping|thinking\s+(?:of|about)|about\s+to|"
    r"aiming|trying\s+to|into|obsessed|crazy\s+about|mad\s+about|passionate|keen|fond|"
    r"(?:a\s+)?(?:big\s+|huge\s+|massive\s+)?fan\s+of|(?:more|much)\s+of\s+an?|"
    r"an?\s+(?:[\w-]+\s+){0,2}?(?:person|fan)\b)"
    r"))")
"""After "my <relative>": not their taste, wish or plan ("my sister loves …", "my dad doesn't
like …", "my brother is going to …", "my husband is not a morning person", "my son wants to
…", "my mom will retire …"). Chat spellings ("doesnt", "gonna") come with ``chat_regex``."""

NOT_THEIRS_IT = (
    r"(?!\s+(?:non\s+)?(?:(?:ama|adora|odia|detesta|preferisce|vuole|vorrebbe|sogna|spera|"
    r"desidera|pensa\s+di|ha\s+intenzione|sta\s+per|va\s+(?:matt[oa]|pazz[oa])|"
    r"(?:si\s+)?\w+rà)\b|è\s+(?:(?:un|una|un')\s*(?:grande\s+)?(?:fan|appassionat|tifos)|"
    r"appassionat|(?:più\s+)?(?:un|una)\s+(?:\w+\s+)?(?:persona|tipo)\b)))")
"""The same after "mio padre / mia sorella …": "mia sorella adora …", "mio fratello vuole …",
"mio padre andrà in pensione", "mio marito non è una persona mattiniera"."""

_PETS_RELATIVES = _any(
    "dog cat puppy kitten parrot rabbit hamster bird horse tortoise wife husband partner "
    "boyfriend girlfriend bf gf son daughter kid baby brother sister mom mum dad")
_NOT_OBJ = r"(?!(?:it|that|this|them|those|these|him|her|you|me|us|if|when|either|at)\b)"
_LATER = (r"(?=[^.;!?]*?\b(?:next\s+(?:week|weekend|month|year|spring|summer|autumn|fall|"
          r"winter|term|semester|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|"
          r"(?:in|this|from)\s+(?:january|february|march|april|may|june|july|august|september|"
          r"october|november|december|the\s+new\s+year|the\s+spring|the\s+summer|the\s+autumn|"
          r"the\s+fall|\d{4}|a\s+(?:few\s+)?(?:weeks?|months?)))\b)"
          r"(?![^.;!?]*?\b(?:now|tonight|in\s+a\s+(?:bit|minute|sec|second|moment|while))\b)")
"""A time to come in the clause (not "now", "tonight", "in a minute"): what is going on then is a
plan, not what is true now."""
_PLAN_ING = _any(
    r"starting beginning moving relocating leaving quitting retiring joining switching "
    r"getting\s+(?:married|engaged|a) going\s+back taking\s+up selling buying opening "
    r"launching studying travell?ing emigrating")

EN: list[Row] = [
    # an age said as a bare number: "im 34 btw", "I'm 27." (not "I'm 5 minutes away")
    # ("I'm 34 years old" is the older row's, whole)
    (PROF, "+", r"\b(?P<fact>I(?:'m|\s+am)\s+[1-9]\d?)(?=(?:\s*(?:[.,!]|$)|\s+(?:btw|lol|tbh|now|"
                r"myself|too|haha|lmao|ngl|fyi|actually|already)\b))"),
    # "i dont usually eat breakfast", "I don't normally drink coffee": a "never" habit
    (HAB, "-", r"\bI\s+(?:don't|do\s+not)\s+(?:usually|normally|typically|generally|often|"
               r"really\s+ever|ever)\s+" + _NOT_OBJ
               + r"(?!(?:do|say|get|talk|ask|post|share|know|think|have\s+(?:time|a))\b)"
               r"(?=\w+\s+\w)"),
    # the commute: "i cycle to work", "I take the bus to uni", "we walk to school"
    (HAB, "+", r"\b(?:I|we)(?:\s+(?:usually|always|normally|mostly|just|also|now))?\s+"
               r"(?=(?:walk|cycle|bike|drive|run|commute|jog|skate|ride\s+my\s+bike|"
               r"take\s+the\s+(?:bus|train|tube|subway|metro|tram|ferry)|get\s+the\s+(?:bus|"
               r"train|tube))\s+to\s+(?:work|school|uni|college|the\s+office|class|the\s+"
               r"station)\b)"),
    # "I don't mind the rain", "i dont mind spicy food" (a mild taste)
    (PREF, "+", r"\bI(?:\s+(?:really|honestly|actually|genuinely))?\s+(?:don't|do\s+not)\s+"
                r"(?:really\s+)?mind\s+" + _NOT_OBJ + r"(?!(?:waiting|helping|doing|telling|"
                r"sharing|explaining|asking|answering|a\s+bit|much|too\s+much)\b)(?=\w)"),
    # "I'm starting a new job next month", "me and my gf are moving to Denver in June"
    (DEC, "+", r"(?:\b(?:I|we)(?:'m|'re|\s+am|\s+are)|\b(?:me|my\s+\w+)\s+and\s+(?:I|me|my\s+"
               r"\w+)\s+are)(?:\s+(?:finally|actually|officially|also|now))?\s+(?=" + _PLAN_ING
               + r"\s+\w)" + _LATER),
    # "I'll be starting a new job at the hospital next month"
    (DEC, "+", r"\b(?:I|we)(?:'ll|\s+will)\s+(?:finally\s+|officially\s+|actually\s+)?be\s+"
               r"(?=" + _PLAN_ING + r"\s+\w)" + _LATER),
    # a pet's or relative's name typed lower case without its apostrophe: "my dogs called
    # biscuit" (the name ends the clause; not "my dogs called me", "my sisters called back")
    (PROF, "+", r"\bmy\s+(?P<pre>" + _PETS_RELATIVES + r"s\s+(?:called|named))(?=\s+(?!(?:me|"
                r"you|him|her|us|them|it|out|back|in|off|the|a|an|my|to|for|again|yesterday|"
                r"today)\b)[a-z]+(?:\s*[.!,]|\s+(?:lol|haha|btw|tbh|lmao)\b|\s*$))"),
]

PEOPLE_ROWS: dict[str, list[Row]] = {"en": EN}
