"""Old-vs-new extractor output on the same messages: what each produces and how they differ.

A message's output is its detected language and, per candidate memory, (type, category, key,
content, language, importance); the old side runs the frozen copy in ``tests/extract/legacy``.
Differences are sorted into named kinds by :func:`classify`; a kind not in
:data:`EXPLAINED` is a regression.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from kore_pipeline.extract import facts as new_facts
from kore_pipeline.extract import patterns as new_patterns
from kore_pipeline.extract.chat import standard_spelling
from kore_pipeline.extract.patterns import extract_facts, with_subject
from kore_pipeline.extract.patterns_more import NOT_REFUSAL
from kore_pipeline.settings import KoreSettings
from kore_pipeline.text import language as new_language
from kore_pipeline.text.language import pattern_language
from tests.extract.faithful import unclean_reason
from tests.extract.legacy import facts as old_facts
from tests.extract.legacy import language as old_language
from tests.extract.legacy import patterns as old_patterns
from tests.extract.legacy.patterns_lang import TABLE as OLD_TABLE

Row = tuple[str, str, str, str, str | None, int]

EXPLAINED: dict[str, str] = {
    "language:plainly-english": (
        "ASCII text of common English words only (new_language._plainly_english) is 'en' "
        "without asking py3langid, which takes e.g. 'I love pepperoni pizza.' for Italian; "
        "the text's facts then also carry 'en'"),
    "language:greeting": (
        "a greeting, thanks or farewell said alone, of at most three words all of one "
        "language's list (new_language._short_text_language: 'Hello', 'Merci', 'Buenos "
        "días'), is that language without asking py3langid, which took 'Hello' for Italian "
        "and 'Hola' for German"),
    "facts:someone-elses": (
        "issue 20c: a relative's taste, wish or plan ('My kids love them', 'my sister loves "
        "horror movies', 'my brother is going to …') is no profile fact of the user any more "
        "(patterns_people.NOT_THEIRS_EN / _IT); who a relative is ('my wife is a nurse') "
        "stays; nothing else of the message changes"),
    "facts:stock-never": (
        "issue 20c: 'I never knew / know / thought …' ('I never knew that', 'I never know what's "
        "going to happen next') is a stock phrase, no 'never' habit"),
    "facts:not-a-routine": (
        "issue 20c: what one wishes, can't or could do on a day ('I wish I could swim every "
        "day': the old fact was 'I wish') is no routine"),
    "facts:plan-not-profile": (
        "issue 20c: 'I want / plan to travel / move / study …' is a plan (a decision, from the "
        "plans rows) rather than a profile fact; without an object ('I want to travel, but …', "
        "'what I want to study') it is none"),
    "facts:hedged": (
        "issue 20c: a fact after 'not sure' / 'unsure' in its sentence ('I'm not sure I have a "
        "favorite book', 'I'm not sure what I want to study', 'I'm not sure, I love them all') "
        "is hedged, as after 'if' / 'whether' (HYPOTHETICAL); the sentence's later clause "
        "('but I really like The Great Gatsby') keeps its fact"),
    "facts:new-trigger": (
        "facts added by the trigger rows appended for issue 13 item 4 (constraints, refusals, "
        "aversions, diets and health, distrust, 'would rather', 'my X is Y', switches, rules); "
        "every old fact of the message is still there"),
    "facts:another-of-its-category": (
        "a clause that already gave a fact of a category gives the fact of a later trigger "
        "of that category too ('I have two kids, I have a dog named Rex'): the old extractor "
        "kept one fact per category per clause; every old fact of the message is still there"),
    "facts:time-word-dropped": (
        "a fact ending in when it holds ('I live in Florida now', 'a student right now', "
        "'learning German now') is keyed without the time word (TIME_FILLER; the content "
        "keeps it; also 'again', 'last year', 'two weeks ago', and 'atm', 'rn', "
        "'originally': 'I'm from India originally'), and a comma tail opened by "
        "'don't', 'though', 'tbh', 'honestly', 'lol', 'haha' or 'loving' ends the fact "
        "('Brighton now, don't judge me'): the same fact, shorter"),
    "facts:dropped-subject": (
        "an English chat sentence that drops its 'I' before a life event ('Just got an iPhone "
        "15', 'Moved to Berlin last month', 'Also picked up new skills'), or its "
        "'I'/'I'm' before a preference or state ('love hiking', 'not a fan of X', 'allergic "
        "to X'), also in a later clause ('… but moved to Leeds'), is read as if it said it; "
        "the content stays as said; every old fact of the message is still there"),
    "facts:chat-spelling": (
        "chat spelling: a trigger reads a contraction typed without its apostrophe ('im', 'ive', "
        "'dont', 'cant') or 'gonna'/'wanna'/'gotta' as the old one read 'I'm', 'don't', "
        "'going to', 'want to' ('I wanna start a dance studio'); the content stays as said; "
        "every old fact of the message is still there"),
    "facts:contracted-branch-fixed": (
        "chat spelling: the old rows' \"'m working\" and \"'ve lived\" branches sat after a "
        "'\\s+' and never matched ('I'm working as a financial analyst', 'I've lived in the US "
        "for most of my life' gave no fact of that row); now they do, as 'I am working' and "
        "'I have lived' did; every old fact of the message is still there"),
    "facts:run-on-ended": (
        "chat spelling: an open fact ends where a run-on starts a new thought (', so …', ' so "
        "it's …', ' and then …'): 'I live in Alabama so it's always nice and sunny' is the "
        "fact 'Alabama'; the same fact, shorter"),
    "facts:displaced-by-new-trigger": (
        "a new trigger row matches where an old one did (longer match at the same place, or "
        "earlier in the clause): the old fact is replaced by the new row's fact"),
    "facts:refusal-to-answer": (
        "issue 13 item 4, second round: a preference verb followed by a refusal to answer "
        "('I prefer not to say', 'preferisco non rispondere', 'je préfère ne pas en parler') "
        "states no preference; the old fact is gone and nothing replaces it"),
    "facts:faithful-list": (
        "issue 14 item 4: a comma piece that qualifies the one before ('aged 4 and 7', "
        "'mostly sci-fi', 'named Tom') is no list item any more: the old fact that was no "
        "clean phrase ('I have aged 4') is gone, the clause keeps its qualifier or ends "
        "before it"),
}
"""Kind of difference -> why the new output is right."""


def message(text: str, i: int = 0) -> dict[str, Any]:
    """A user message as ``memories_from_message`` gets it from ingest, language not set."""
    return {"owner": "o", "conversation_id": "c", "session_id": "s", "message_id": f"m{i}",
            "ts": "2024-01-01T00:00:00+00:00", "role": "user", "speaker": None, "text": text}


def _rows(cands: Iterable[Any]) -> list[Row]:
    return [(c.type, c.category, c.key, c.content, c.language, c.importance) for c in cands]


def run_old(text: str, settings: KoreSettings, i: int = 0) -> tuple[str | None, list[Row]]:
    msg = message(text, i)
    lang = old_language.detect_language(text)
    return lang, _rows(old_facts.memories_from_message({**msg, "language": lang}, settings))


def run_new(text: str, settings: KoreSettings, i: int = 0) -> tuple[str | None, list[Row]]:
    msg = message(text, i)
    lang = new_language.detect_language(text)
    return lang, _rows(new_facts.memories_from_message({**msg, "language": lang}, settings))


Classifier = Callable[[str, tuple[str | None, list[Row]], tuple[str | None, list[Row]]], str]


_REFUSAL = re.compile("|".join(
    rf"(?:{head}){guard.replace('(?!', '(?=', 1)}" for head, guard in (
        (r"\bI(?:'d|\s+would)?\s+(?:\w+\s+)?(?:prefer|like|love|enjoy|adore)",
         NOT_REFUSAL["en"]),
        (r"\b(?:preferisco|preferirei)", NOT_REFUSAL["it"]),
        (r"\b(?:prefiero|preferiría)", NOT_REFUSAL["es"]),
        (r"\bje\s+(?:préfère|préférerais)", NOT_REFUSAL["fr"]),
        (r"\bich\s+würde\s+lieber", NOT_REFUSAL["de"]),
        (r"\b(?:prefiro|preferiria)", NOT_REFUSAL["pt"]))), re.IGNORECASE)
"""A preference verb followed by a refusal to answer: the guard of each language, inverted."""


def _is_new_trigger(ident: str) -> bool:
    lang, _, row = ident.partition(":")
    return int(row) >= len(OLD_TABLE.get(lang, ()))


_TIME_WORDS = new_patterns._TIME_WORDS - {"s"}  # "s": of the phrases' regex "\\s+"
_NEW_COMMA_STARTERS = frozenset({"don't", "dont", "though", "tbh", "honestly", "lol", "haha",
                                 "loving"})


def _time_words_dropped(removed: list[Row], added: list[Row]) -> bool:
    """Each removed fact is an added one (same category) plus a tail holding a time word or
    opened by a new comma starter."""
    def shortens(old: Row, new: Row) -> bool:
        if old[1] != new[1] or not old[3].startswith(new[3]) or old[2] == new[2] \
                or not old[2].startswith(new[2]):
            return False
        words = re.findall(r"[\w']+", old[3][len(new[3]):].lower()) if old[3] != new[3] \
            else old[2][len(new[2]):].split("_")
        return bool(words) and (not _TIME_WORDS.isdisjoint(words)
                                or words[0] in _NEW_COMMA_STARTERS)
    return all(any(shortens(r, a) for a in added) for r in removed)


_CONTRACTED_BRANCH = re.compile(r"I(?:\s+(?:also|currently|still|now))?(?:'m\s+working|"
                                r"'ve\s+lived)\b", re.IGNORECASE)
_RUN_ON = re.compile(r",?\s+(?:so|and\s+then)\b")


def _run_on_ended(removed: list[Row], added: list[Row], new_rows: list[Row]) -> bool:
    """Each removed fact is an added one (same category) plus a run-on tail (", so …",
    " and then …"), and each added one is such a shortening or of a new row."""
    def shortens(old: Row, new: Row) -> bool:
        return old[1] == new[1] and old[3] != new[3] and old[3].startswith(new[3]) \
            and bool(_RUN_ON.match(old[3][len(new[3]):]))
    return all(any(shortens(r, a) for a in added) for r in removed) and \
        all(a in new_rows or any(shortens(r, a) for r in removed) for a in added)


def classify(text: str, old: tuple[str | None, list[Row]],
             new: tuple[str | None, list[Row]]) -> str:
    """The kind of one message's difference ("" when there is none)."""
    if old == new:
        return ""
    if old[0] != new[0]:
        if new[0] == "en" and text.isascii() and new_language._plainly_english(text):
            return "language:plainly-english"
        if new_language._short_text_language(text) == new[0]:
            return "language:greeting"
        return "language"
    if [r for r in old[1] if r[0] != "factual"] != [r for r in new[1] if r[0] != "factual"]:
        return "episode"
    added = [r for r in new[1] if r not in old[1]]
    removed = [r for r in old[1] if r not in new[1]]
    if removed and not added and all(_REFUSAL.search(r[3]) for r in removed):
        return "facts:refusal-to-answer"
    lang = pattern_language(new[0])
    by_content = {f.content: f for f in extract_facts(text, lang)}
    old_by_content = {f.content: f for f in old_patterns.extract_facts(text, lang)}
    new_rows = [r for r in added
                if r[3] in by_content and _is_new_trigger(by_content[r[3]].trigger)]
    old_categories = {r[1] for r in old[1] if r[0] == "factual"}
    if removed and _run_on_ended(removed, added, new_rows):
        return "facts:run-on-ended"
    if removed and _time_words_dropped(removed, added) and all(
            r in new_rows or r[1] in old_categories for r in added):
        return "facts:time-word-dropped"  # (with facts of the kinds above beside it)
    if not removed:
        if len(new_rows) == len(added):
            return "facts:new-trigger"
        dropped = [r for r in added if with_subject(r[3], lang) != r[3]]
        if dropped and all(r in new_rows or r in dropped or r[1] in old_categories
                           for r in added):
            return "facts:dropped-subject"  # also "I love dogs, but hate cats"
        if any(_CONTRACTED_BRANCH.match(r[3]) for r in added) and all(
                r in new_rows or r[1] in old_categories or _CONTRACTED_BRANCH.match(r[3])
                for r in added):
            return "facts:contracted-branch-fixed"
        if all(r in new_rows or r[1] in old_categories for r in added):
            return "facts:another-of-its-category"
        if all(r in new_rows or r[1] in old_categories or standard_spelling(r[3]) != r[3]
               for r in added):
            return "facts:chat-spelling"
        return "facts:other"
    # List faithfulness: the old fragments ("I have aged 4") are gone; what replaces them is
    # the same clause, kept whole or ending before the qualifier (a span of the old one's).
    fragments = [r for r in removed if r[3] in old_by_content
                 and unclean_reason(old_by_content[r[3]], text)]
    # ... and so are the items after such a qualifier ("I rock" of "including pop, rock"):
    # recombined list items (trigger + item, no span of the text) that are gone too.
    norm = old_patterns.normalize_text(text)
    rest_removed = [r for r in removed if r not in fragments and r[3] in norm]
    rest_added = [r for r in added if r not in new_rows]
    if fragments and all(any(a[3].startswith(r[3]) or r[3].startswith(a[3])
                             for a in rest_added) for r in rest_removed) \
            and all(any(a[3].startswith(r[3]) or r[3].startswith(a[3]) for r in rest_removed)
                    for a in rest_added):
        return "facts:faithful-list"
    if new_rows and all(any(r[3].startswith(a[3]) or a[3] in r[3] for a in added)
                        for r in removed) and all(a in new_rows or any(
                            r[3].startswith(a[3]) for r in removed) for a in added):
        return "facts:displaced-by-new-trigger"
    kinds_20c = [_removed_20c_kind(text, r) for r in removed]
    if kinds_20c and all(kinds_20c) and all(a in new_rows for a in added):
        return kinds_20c[0]
    return "facts:other"


_REMOVED_20C: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("facts:someone-elses", re.compile(
        r"^(?:(?:oh|well|yes|yeah|no|also|and|so),?\s+)?(?:my|mio|mia)\s+", re.I)),
    ("facts:stock-never", re.compile(
        r"^I\s+never\s+(?:know|knew|thought|expected|imagined|meant|said|reali[sz]ed|noticed|"
        r"understood)\b", re.I)),
    ("facts:not-a-routine", re.compile(
        r"^I\s+(?:wish|can't|cannot|couldn't|could|would|won't|need|want|hope|might|may|"
        r"should|doubt|don't\s+think)\b", re.I)),
    ("facts:plan-not-profile", re.compile(
        r"^I(?:\s+(?:really|also))?\s+(?:want|plan)\s+to\s+(?:retire|travel|move|study|open|"
        r"start)\b", re.I)),
)
_HEDGE_BEFORE = re.compile(r"\b(?:not\s+sure|unsure|sicur[oa]|segur[oa]|sûre?|nicht\s+sicher|"
                           r"certeza)\b[^.!?]*$", re.I)


def _removed_20c_kind(text: str, row: Row) -> str:
    """Why issue 20c's rules no longer give the removed fact ``row`` ("" when none of them)."""
    if row[0] != "factual":
        return ""
    at = text.find(row[3])
    if at > 0 and _HEDGE_BEFORE.search(text[:at]):
        return "facts:hedged"
    return next((kind for kind, rx in _REMOVED_20C if rx.match(row[3])), "")


def compare(texts: list[str], settings: KoreSettings) -> tuple[Counter[str], dict[str, list]]:
    """Count of each kind of difference, and up to 5 examples per kind."""
    kinds: Counter[str] = Counter()
    examples: dict[str, list] = {}
    for i, text in enumerate(texts):
        old, new = run_old(text, settings, i), run_new(text, settings, i)
        kind = classify(text, old, new)
        if kind:
            kinds[kind] += 1
            if len(examples.setdefault(kind, [])) < 5:
                examples[kind].append((text, old, new))
    return kinds, examples
