"""Statements that end a fact: "I stopped drinking coffee", "I quit my job at Amazon", "I gave
up smoking", "I no longer live in Leeds", "I don't run anymore".

Such a statement fills the slot of the statement it ends ("I drink coffee", "my job at
Amazon", "I live in Leeds") with the value ``not <value>`` (:func:`ended_value`), and ends
only what it names (:func:`ends`): "I'm not vegan anymore" ends "I'm vegan", not "I'm
vegetarian"; "I don't run anymore" ends every "I run …".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from kore_pipeline.text.habit_verbs import FIRST_PERSON

_F = re.IGNORECASE | re.UNICODE

_STOPPED = re.compile(
    r"\b(?P<who>I|we)(?:'ve|’ve|\s+have)?\s+(?:just\s+|finally\s+|recently\s+|completely\s+|"
    r"totally\s+|actually\s+|also\s+)?(?:stopped|quit|gave\s+up|given\s+up|cut\s+out)\s+"
    r"(?!(?:by|at|in|for|to|off|there|here|on|and|but|it|that|this|now|me|him|her|them)\b)"
    r"(?P<rest>\w.*)", _F)
"""A stop: "I stopped drinking coffee", "we gave up the car", "I quit my job at Amazon"."""
_NO_LONGER = re.compile(r"\bno\s+longer\b|\bany\s?more\b", _F)
"""A statement of no longer: "I'm no longer vegan", "I don't live in Leeds anymore"."""
_NO_LONGER_WORDS = re.compile(r"\s*\b(?:no\s+longer|any\s?more|not|don't|don’t|do\s+not|"
                              r"can't|can’t|cannot|can\s+not)(?!\w)", _F)
"""The words that make it one, dropped to find the slot it changes."""
_GERUND = re.compile(r"^(?P<stem>[a-z]+?)(?P<double>([bdgmnprt])\3)?ing\b", _F)

NO_OBJECT = "yes"
"""The value of a habit said without an object ("I run"): "I don't run anymore" ends it."""


CONSUMED = {noun: verb for verb, nouns in (
    ("drink", "coffee tea alcohol booze beer wine caffeine soda coke fizzy energy whisky whiskey "
              "vodka gin rum cider milk espresso lattes"),
    ("eat", "meat sugar dairy gluten bread chocolate pork beef chicken fish carbs sweets "
            "junk cheese eggs red takeaways"),
    ("smoke", "cigarettes cigs cigars weed vapes")) for noun in nouns.split()}
"""What one drinks, eats or smokes: "I gave up coffee" ends "I drink coffee" (the verb the
habit was said with), "I cut out meat" "I eat meat"."""
_ALCOHOL_WORDS = ("alcohol alkohol alcol alcool alcolici booze beer beers bier wine wines wein "
                  "vin vino vinho birra cerveza cerveja biere cider whisky whiskey vodka gin rum")
ALCOHOL = frozenset(_ALCOHOL_WORDS.split())
"""Drinks that giving up alcohol ends, said with or without an object ("a couple of beers":
no object)."""
_DETERMINER = re.compile(r"^(?:(?:my|the|all|most)\s+)*", _F)


def _base_forms(rest: str) -> Iterator[str]:
    """``rest`` with a leading gerund made a base verb: "drinking coffee" -> "drink coffee",
    "smoking" -> "smok" then "smoke", "running" -> "run"; a thing consumed given its verb
    ("coffee" -> "drink coffee"); other text as it is."""
    m = _GERUND.match(rest)
    if m is None:
        noun = _DETERMINER.sub("", rest, count=1).split(None, 1)[:1]
        if noun and (verb := CONSUMED.get(noun[0].casefold().strip(",.!?;"))):
            yield f"{verb} {rest}"
        yield rest
        return
    stem = m.group("stem") + (m.group(3) or "")
    tail = rest[m.end():]
    yield stem + tail
    yield stem + "e" + tail


def ended_statements(text: str, folded: str | None = None,
                     language: str | None = None) -> list[str]:
    """The statements ``text`` ends, as said positively (best first), or [] when it ends none.

    "I stopped drinking coffee" -> ["I drink coffee", "I drinke coffee"]; "I'm no longer
    vegan" -> ["I'm vegan"]; in ``language`` it/es/fr/de/pt too: "ho smesso di fumare" ->
    ["fumo"], "je ne fume plus" -> ["je fume"], "ich rauche nicht mehr" -> ["ich rauche"].
    ``folded``: ``text`` lower-cased, when the caller has it.
    """
    folded = text.casefold() if folded is None else folded
    if language in _OTHER:
        words, rules = _OTHER[language]
        if any(w in folded for w in words):
            found = sorted((m.start(), i, said) for i, (rx, positive) in enumerate(rules)
                           if (m := rx.search(text)) is not None and (said := positive(m)))
            if found:  # each ending the text says, the first said first
                return [said for _, _, said in found]
    if ("longer" in folded or "more" in folded) and _NO_LONGER.search(text):
        return [_NO_LONGER_WORDS.sub("", text)]
    if "stopped" not in folded and "quit" not in folded and "gave" not in folded \
            and "given" not in folded and "cut" not in folded:
        return []
    m = _STOPPED.search(text)
    if m is None:
        return []
    return [f"{m.group('who')} {form}" for form in _base_forms(m.group("rest"))]


def ended_value(value: str) -> str:
    """The value of an ending of ``value``: "coffee" -> "not coffee"; a habit without object
    -> "not" (it ends any)."""
    return "not" if value == NO_OBJECT else f"not {value}"


def is_ending(value: str) -> bool:
    """Whether a slot value says the slot no longer holds (``not …``)."""
    return value == "not" or value.startswith("not ")


def ends(old: str, new: str) -> bool:
    """Whether the ending value ``new`` ends the value ``old``: "not" ends any value, "not
    coffee" ends "coffee" and "coffee every morning" (and "not coffee" nothing else)."""
    if new == "not":
        return not is_ending(old)
    said = new[4:]
    if said in ALCOHOL and (old == NO_OBJECT or old.split(" ", 1)[0] in ALCOHOL):
        return True  # "I've cut out alcohol" ends "I drink a couple of beers", "I drink wine"
    return old == said or old.startswith(said + " ") or said.startswith(old + " ")


_BE = {"it": "sono", "es": "soy", "fr": "je suis", "de": "ich bin", "pt": "sou"}
"""First person of "to be", which an ending says as an infinitive ("deixei de ser vegano")."""
_BE_INF = {"it": "essere", "es": "ser", "fr": "être", "de": "sein", "pt": "ser"}


def _tail(m: re.Match[str]) -> str:
    rest = m.group("rest")
    return rest if rest[:1] in ("", ",", ";", ".", "!", "?", " ") else " " + rest


def _said(lang: str, lead: str = "") -> Callable[[re.Match[str]], str | None]:
    """The positive of an ending with the verb as said (``verb``, ``mid``, ``obj`` groups)."""
    def positive(m: re.Match[str]) -> str | None:
        parts = [lead + m.group("verb"), *(m.groupdict().get(g) or "" for g in ("mid", "obj"))]
        return " ".join(p.strip() for p in parts if p.strip()) + _tail(m)
    return positive


def _from_infinitive(lang: str, subject: str = "") -> Callable[[re.Match[str]], str | None]:
    """The positive of "I stopped <infinitive>": its first person ("fumare" -> "fumo"), or
    None for a verb the habit rules do not read."""
    def positive(m: re.Match[str]) -> str | None:
        inf = m.group("inf").casefold()
        first = _BE[lang] if inf == _BE_INF[lang] else FIRST_PERSON[lang].get(inf)
        if first is None:
            return None
        lead = "" if first.startswith(subject.strip()) else subject
        obj = (m.groupdict().get("obj") or "").strip()  # "aufgehört, Cola zu trinken"
        return f"{lead}{first}{' ' + obj if obj else ''}{_tail(m)}"
    return positive


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern + r"(?P<rest>.*)", _F)


_CLITIC = r"(?:(?:lo|la|li|le|ne|mi|ci|ti|me|te|se)\s+)?"
_OTHER: dict[str, tuple[tuple[str, ...], list[tuple[re.Pattern[str],
                                                    Callable[[re.Match[str]], str | None]]]]] = {
    "it": (("più", "smess"), [
        (_rx(rf"\bnon\s+(?P<verb>{_CLITIC}\w+)\s+più\b(?!\s+(?:di|che)\b)"), _said("it")),
        (_rx(r"\b(?:ho|avevo)\s+(?:(?:appena|già|finalmente|ormai|del\s+tutto)\s+)?smesso\s+"
             r"(?:di|d['’])\s*(?P<inf>\w+)"), _from_infinitive("it"))]),
    "es": (("ya no", "más", "dej"), [
        (_rx(r"\bya\s+no\s+(?P<verb>\w+)"), _said("es")),
        (_rx(rf"\bno\s+(?P<verb>{_CLITIC}\w+)\s+más\b(?!\s+(?:que|de)\b)"), _said("es")),
        (_rx(r"\b(?:dejé|deje|he\s+dejado)\s+de\s+(?P<inf>\w+)"), _from_infinitive("es"))]),
    "fr": (("plus", "arrêt", "cess"), [
        (_rx(r"\bje\s+ne\s+(?P<verb>\w+)\s+plus\b(?!\s+(?:que|qu['’])\b)"),
         _said("fr", "je ")),
        (_rx(r"\bje\s+n['’](?P<verb>\w+)\s+plus\b(?!\s+(?:que|qu['’])\b)"), _said("fr", "j'")),
        (_rx(r"\bj['’]ai\s+(?:(?:complètement|enfin|déjà|définitivement)\s+)?(?:arrêté|cessé)"
             r"\s+(?:de\s+|d['’])(?P<inf>\w+)"), _from_infinitive("fr", "je "))]),
    "de": (("mehr", "aufgehört"), [
        (_rx(r"\bich\s+(?P<verb>\w+)\s+(?P<mid>(?:[\w-]+\s+){0,4}?)nicht\s+mehr\b"),
         _said("de", "ich ")),
        (_rx(r"\bich\s+(?P<verb>\w+)\s+(?P<mid>(?:[\w-]+\s+){0,4}?)kein(?:e|en|er|es)?\s+"
             r"(?P<obj>[\w-]+)\s+mehr\b"), _said("de", "ich ")),
        (_rx(r"\bich\s+habe\s+(?:[\w-]+\s+){0,3}?aufgehört,?\s+(?P<obj>(?:[\w-]+\s+){0,3}?)zu\s+"
             r"(?P<inf>\w+)"),
         _from_infinitive("de", "ich ")),
        (_rx(r"\bich\s+habe\s+(?:[\w-]+\s+){0,3}?mit\s+dem\s+(?P<inf>\w+)\s+aufgehört"),
         _from_infinitive("de", "ich "))]),
    "pt": (("mais", "não", "deixei", "parei", "larguei"), [
        (_rx(rf"\bnão\s+(?P<verb>{_CLITIC}\w+)\s+mais\b(?!\s+(?:que|de|do|da)\b)"),
         _said("pt")),
        (_rx(r"\bjá\s+não\s+(?P<verb>\w+)"), _said("pt")),
        (_rx(r"\b(?:deixei|parei|larguei)\s+de\s+(?P<inf>\w+)"), _from_infinitive("pt"))]),
}
"""Per language: words one of its endings holds (a cheap test first), and (ending, its
positive) in order: "non fumo più" / "ya no fumo" / "je ne fume plus" / "ich rauche nicht
mehr" / "não fumo mais" -> the verb and what follows; "ho smesso di fumare" / "dejé de
fumar" / "j'ai arrêté de fumer" / "ich habe aufgehört zu rauchen" / "deixei de fumar" -> the
first person of a habit verb (or of "to be": "deixei de ser vegano" -> "sou vegano")."""
