"""English as people type it in chats, read by the trigger regexes without rewriting the text.

* **Contractions without the apostrophe** ("im", "ive", "dont", "cant", "wont", "youre" …): the
  English trigger regexes are compiled with their apostrophe optional (:func:`chat_regex`),
  so a fact's span and content stay positions of the text as said. Only the contractions
  whose apostrophe-less form is no other English word are read so: "n't" (dont, doesnt,
  didnt, cant, wont, isnt, arent, wasnt, havent, hasnt, wouldnt, couldnt, shouldnt), "'m"
  ("im"), "'ve" ("ive", "weve"), "you're", "they're", "that's", "there's", "what's". "ill",
  "id", "were", "well", "shell", "hell", "wed", "its" and "lets" are real words and stay
  what they are (a trigger needing "I'll" or "we're" does not match them).
* **gonna / wanna / gotta** read as "going to" / "want to" / "got to" wherever a trigger
  spells those out; "fav" / "fave" as "favourite"; a relative's or pet's "'s" before "name"
  or "called" without its apostrophe ("my boyfriends name is Sam", "my dogs called Rex").
* **Dropped subjects**: a sentence (or a later clause: "… and then moved to Leeds") that
  starts, after an interjection, with a preference or state with its "I" / "I'm" left out
  ("not a fan of horror movies", "big fan of Radiohead", "love a good thunderstorm", "can't
  stand reality TV", "allergic to cats") is read as if it said it (:data:`DROPPED_SUBJECT`);
  the content stays as said.
"""

from __future__ import annotations

import re

from kore_pipeline.text.literals import WordStarts, case_fold

_SOURCE_FORMS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(a), b) for a, b in (
        (r"'ve\\s\+got\\s\+to(?![a-z])",
         r"(?:(?:'ve|ve)\\s+got\\s+to|(?:(?:'ve|ve)\\s+|\\s+)gotta)"),
        (r"n't", r"(?:n't|nt)"),
        (r"'m(?![a-z])", r"(?:'m|m)"),
        (r"'ve(?![a-z])(?!\|ve\))", r"(?:'ve|ve)"),
        (r"\b(you|they)'re(?![a-z])", r"\1(?:'re|re)"),
        (r"\b(that|there|what)'s(?![a-z])", r"\1(?:'s|s)"),
        (r"going\\s\+to(?![a-z])", r"(?:going\\s+to|gonna)"),
        (r"want\\s\+to(?![a-z])", r"(?:want\\s+to|wanna)"),
        (r"(?<!\))\\s\+got\\s\+to(?![a-z])", r"\\s+(?:got\\s+to|gotta)"),
        (r"favou\?rite", r"(?:favou?rite|fave?)"),
        (r"'s(\\s\+\(\?:(?:name|called)\|)", r"(?:'s|s)\1"),
    ))
"""(regex over a trigger's source, its replacement): each makes one chat spelling optional.
The source is regex text, so ``\\s+`` is matched as the four characters it is."""


def chat_regex(source: str) -> str:
    """An English trigger regex that also reads the chat spellings of its contractions and of
    "going to" / "want to" / "got to" (a regex source in, a regex source out)."""
    for rx, repl in _SOURCE_FORMS:
        source = rx.sub(repl, source)
    return source


_COMPLIMENT = (r"(?:the|this|that|these|those|your|ur|yours|it|how|what|when|seeing|hearing|"
               r"reading|watching|all|and|you|u|ya|to|love|hate|is|was|isn't|isnt|can|will|makes|"
               r"conquers|always|truly|never|yeah|yes|no|not|nah|lol|haha|idk|ok|okay|i)\b")
"""What follows "love"/"hate" when it is a compliment on what the other said ("Love the red
and blue", "Love seeing your dedication"), a stock phrase ("love you", "hate when that
happens", "hate to say"), the noun ("Love and acceptance …", "Love is truly magical") or no
statement ("usually yeah"): no dropped subject."""

DROPPED_SUBJECT = re.compile(
    r"^(?:(?:honestly|well|so|oh|yeah|also|ok|okay|anyway|btw|lol|omg|haha|update|ngl|tbh|"
    r"tbf|imo|ugh|man|dude|srsly|seriously|but|and),?:?\s+)*"
    r"(?:(?P<i>(?=(?:just|recently|finally|also|actually)?\s*(?:got|bought|moved|relocated|"
    r"started|began|adopted|joined|switched|became|quit|signed\s+up|booked|took\s+up|"
    r"picked\s+up|wanna|gotta)\s|(?:really\s+|absolutely\s+|totally\s+|kinda\s+|honestly\s+)?(?:love|"
    r"adore|hate|loathe|despise|dislike|prefer|ca(?:n't|nt)\s+stand|cannot\s+stand|usually|"
    r"normally|"
    r"typically)\s+(?!" + _COMPLIMENT + r")))"
    r"|(?P<im>(?=(?:not\s+(?:really\s+|very\s+|that\s+|too\s+|so\s+)?(?:a\s+)?(?:big\s+|huge\s+)?"
    r"fan\s+of|(?:a\s+)?(?:big|huge|massive|great)\s+fan\s+of|(?:really|so|super|very|totally)"
    r"\s+into|not\s+(?:really\s+)?into|obsessed\s+with|(?:severely\s+|mildly\s+|very\s+|so\s+)?"
    r"allergic\s+to|lactose[-\s]intolerant|originally\s+from|gonna|planning\s+(?:to|on)|"
    r"hoping\s+to|vegan|vegetarian|veggie|pescatarian|diabetic|coeliac|celiac|teetotal|"
    r"single|married|divorced|engaged|widowed|retired|unemployed|self[-\s]employed|pregnant)"
    r"(?=[\s,.!]|$)))"
    r"|(?P<ive>(?=been\s+(?:living|working|married|vegan|vegetarian|learning|playing|doing|"
    r"studying|running|going)\s)))",
    re.IGNORECASE)
"""Where an English chat sentence dropped its subject: ``i`` before a verb ("Just got an iPhone
15", "Moved to Berlin last month", "love a good thunderstorm", "can't stand reality TV",
"usually go to bed around 1am", "wanna be a vet", "gotta avoid gluten"), ``im`` before a state
("not a fan of horror movies", "big fan of Radiohead", "really into bouldering", "allergic to
cats", "gonna move to Porto next year", "planning to visit Japan", "hoping to run a
marathon"). Not "love it / that / you", "hate when …", "hate to
say", nor "like" ("like I said"), "enjoy", "always", "never", "don't" (imperatives: "enjoy
your day", "always answer in English", "don't worry"), nor "I'll"/"I'd" forms."""


_FIRST_TEXT = (
    "honestly well so oh yeah also ok okay anyway btw lol omg haha update ngl tbh tbf imo ugh "
    "man dude srsly seriously but and just recently finally actually got bought moved relocated "
    "started began adopted joined switched became quit signed booked took picked wanna gotta "
    "really absolutely totally kinda love adore hate loathe despise dislike prefer can't cant "
    "cannot "
    "usually normally typically not a big huge massive great so super very obsessed severely "
    "mildly allergic lactose lactose-intolerant originally gonna planning hoping vegan "
    "vegetarian veggie pescatarian diabetic coeliac celiac teetotal single married divorced "
    "engaged widowed retired unemployed self-employed pregnant been")
_FIRST_WORDS = frozenset(_FIRST_TEXT.split())
"""Every word :data:`DROPPED_SUBJECT` can start with: a sentence starting otherwise is none."""


def dropped_subject(text: str) -> tuple[int, str] | None:
    """Where an English chat sentence dropped its subject and which ("I", "I'm" or "I've"),
    or None."""
    head = text[:24].split(None, 1)
    if not head or head[0].lower().rstrip(",:") not in _FIRST_WORDS:
        return None
    m = DROPPED_SUBJECT.match(text)
    if not m:
        return None
    if m.group("ive") is not None:
        return m.end(), "I've"
    return m.end(), "I" if m.group("i") is not None else "I'm"


_STANDARD = {
    "im": "i'm", "ive": "i've", "weve": "we've", "youve": "you've", "theyve": "they've",
    "youre": "you're", "theyre": "they're", "thats": "that's", "theres": "there's",
    "whats": "what's", "gonna": "going to", "wanna": "want to", "gotta": "got to",
    **{f"{w}nt": f"{w}n't" for w in ("do", "does", "did", "ca", "wo", "is", "are", "was",
                                     "were", "have", "has", "had", "would", "could", "should")},
}
_STANDARD_RX = re.compile(r"\b(?:" + "|".join(_STANDARD) + r")\b", re.IGNORECASE)
_STANDARD_WORDS = WordStarts(tuple(_STANDARD))
"""The same words as a whole-word scan (C): most texts hold none of them."""


def standard_spelling(text: str) -> str:
    """``text`` with the chat spellings :func:`chat_regex` reads put in their standard form
    ("im vegan" -> "i'm vegan", "dont" -> "don't", "gonna" -> "going to"); the ambiguous
    real words stay. For readers that match the standard form only (the slots); a fact's
    content keeps what was said."""
    if not _STANDARD_WORDS.any_whole(case_fold(text)):
        return text
    return _STANDARD_RX.sub(lambda m: _STANDARD[m.group().lower()], text)
