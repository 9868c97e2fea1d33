"""When a query asks about: a time phrase resolved to a window of time against ``now``.

"What did I say about the dentist yesterday?", "where did Joanna travel in July 2022?",
"cosa ho detto la settimana scorsa?": the phrase says *when* the memory was said, not a word
its text contains. :func:`query_window` finds the first such phrase and the window it names:

- a calendar day: ``today``, ``yesterday``, ``the day before yesterday``, ``on Monday`` /
  ``last Monday`` (the latest one before today), ``3 June 2023`` / ``June 3, 2023``, ``16
  January`` (the latest one begun), ``the 16th`` (the latest 16th begun); numeric dates
  ``2024-01-16``, ``16.01.2024``, ``01/16/2024``, ``16/01/24`` and, after a preposition,
  ``on 16/1``: day or month first by validity (``13/01`` is the 13th), then by the
  separator (dots: day first) and the question's language (English: month first, the
  others: day first);
- a calendar week, month or year: ``this/last week``, ``this/last weekend``,
  ``this/last month``, ``this/last year``, ``in July 2022``, ``in July`` (the latest July not
  after ``now``), ``in 2023``;
- a time ago: ``3 days ago``, ``two weeks ago``, ``a month ago`` (that day, or that week /
  month / year centred on it); ``in the last 10 days``, ``over the past two weeks``.

The same forms in Italian, Spanish, French, German, Portuguese and Dutch (``ieri``, ``la
semana pasada``, ``il y a deux semaines``, ``letzten Monat``, ``em julho de 2022``, ``vorige
dinsdag``, ``op 16 januari`` ...). Words that are
also ordinary words are read only in a time phrase: "may" needs "in May" or a year ("May
2023"), "march" the same. Vague words ("recently", "lately") name no window.
Weeks start on Monday; days are those of ``now``'s time zone (UTC in the store).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TypeVar

__all__ = ["TimeWindow", "asks", "question_window", "query_window", "without_phrase"]

_V = TypeVar("_V")


@dataclass(frozen=True)
class TimeWindow:
    """The time a query's phrase names: ``start`` <= t < ``end``."""

    start: datetime
    end: datetime
    phrase: str
    """The phrase as the query writes it."""
    span: tuple[int, int]
    """Where the phrase is in the query."""


def _words(rows: Iterable[tuple[_V, str]]) -> dict[str, _V]:
    """Each word of each row's space-separated names -> that row's value."""
    return {name: value for value, names in rows for name in names.split()}


_MONTHS = _words(enumerate((
    "january gennaio enero janvier januar janeiro januari jan",
    "february febbraio febrero février fevrier februar fevereiro februari feb",
    "march marzo mars märz marz março marco maart mar",
    "april aprile abril avril apr",
    "may maggio mayo mai maio mei",
    "june giugno junio juin juni junho jun",
    "july luglio julio juillet juli julho jul",
    "august agosto août aout augustus aug",
    "september settembre septiembre septembre setembro sep sept",
    "october ottobre octubre octobre oktober outubro oct okt",
    "november novembre noviembre novembro nov",
    "december dicembre diciembre décembre decembre dezember dezembro dec dez"), 1))
_WEEKDAYS = _words(enumerate((
    "monday lunedì lunedi lunes lundi montag segunda maandag",
    "tuesday martedì martedi martes mardi dienstag terça terca dinsdag",
    "wednesday mercoledì mercoledi miércoles miercoles mercredi mittwoch quarta woensdag",
    "thursday giovedì giovedi jueves jeudi donnerstag quinta donderdag",
    "friday venerdì venerdi viernes vendredi freitag sexta vrijdag",
    "saturday sabato sábado sabado samedi samstag zaterdag",
    "sunday domenica domingo dimanche sonntag zondag")))
_UNITS = _words((
    ("day", "day days giorno giorni día días dia dias jour jours tag tage tagen dag dagen"),
    ("week", "week weeks settimana settimane semana semanas semaine semaines woche wochen"
             " weken"),
    ("month", "month months mese mesi mes meses mois monat monate monaten maand maanden"),
    ("year", "year years anno anni año años ano anos an ans année années jahr jahre jahren"
             " jaar jaren")))
_CALENDAR = _words((("week", "week settimana semana semaine woche"),
                    ("month", "month mese mes mois monat mês maand"),
                    ("year", "year anno año ano année jahr jaar")))
_COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
           "couple": 2, "few": 3, "un": 1, "una": 1, "uno": 1, "une": 1, "um": 1, "uma": 1,
           "ein": 1, "eine": 1, "einem": 1, "einer": 1, "due": 2, "dos": 2, "deux": 2,
           "zwei": 2, "dois": 2, "duas": 2, "tre": 3, "tres": 3, "três": 3, "trois": 3,
           "een": 1, "twee": 2, "drie": 3,
           "drei": 3, "qualche": 3, "unos": 3, "quelques": 3, "ein paar": 3, "alguns": 3}


_VAGUE = frozenset({"couple", "few", "qualche", "unos", "quelques", "ein paar", "alguns"})
"""Counts that name no number ("a few days ago"): a range of days, not the one day of three."""


def _alt(words: Iterable[str]) -> str:
    return "|".join(sorted((re.escape(str(w)) for w in words), key=len, reverse=True))


_MONTH = f"(?P<month>{_alt(_MONTHS)})"
_MONTH_WORDS = f"(?P<month>{_alt(w for w in _MONTHS if len(w) > 3 or w in ('may', 'mei'))})"
_WEEKDAY = f"(?P<weekday>{_alt(_WEEKDAYS)})"
_UNIT = f"(?P<unit>{_alt(_UNITS)})"
_COUNT = rf"(?P<count>\d{{1,3}}|{_alt(_COUNTS)})"
_YEAR = r"(?P<year>(?:19|20)\d{2})"
_DAY = r"(?P<day>[0-3]?\d)(?:st|nd|rd|th|º|°|\.)?"
_LAST = (r"(?:last|past|previous|scors[oa]|passad[oa]|pasad[oa]|dernier|dernière|letzte[nms]?"
         r"|vorige?|afgelopen)")
_THIS = r"(?:this|quest[oa]|est[ea]|ce|cette|diese[nms]?)"
_PREP = r"(?:in|during|on|nel|del|en|em|im|am|de|di|el|le|na|no|op)\s+"
_IN = r"(?:in|during|nel|del|en|em|im|de|di)\s+"
_NUM_PREP = (r"(?:on|from|since|il|al|del|dal|el|le|du|am|vom|em|no|na|op|dia|de|the)"
             r"(?:\s+(?:day|giorno|día|dia|jour|tag|dag))?\s+")
"""Before a day-and-month without a year ("on 16/1"): a bare "16/1" may be a score or a
fraction."""
_NUM = r"(?P<a>[0-3]?\d)(?P<sep>[./-])(?P<b>[0-3]?\d)"
_END_OF_WORDS = r"(?=\s*(?:[?!.,;:]|$))"
_NOT_A_DAY = (r"century|centuries|anniversary|birthday|floor|time|times|place|row|edition|"
              r"round|grade|street|avenue|century's|percentile|version|season|episode|chapter")
"""What "the 20th" counts when it is not a day of the month."""
_IT_MONTH = ("(?P<month>gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|"
             "ottobre|novembre|dicembre)")
_NO_YEAR = r"(?!,?\s+(?:de\s+|del\s+)?(?:19|20)\d{2})"

# (kind, regex); the first phrase of the query wins (at one place, the first form listed).
_FORMS: list[tuple[str, str]] = [
    ("date", rf"(?:{_PREP})?{_YEAR}(?P<sep>[-/])(?P<month>[01]?\d)(?P=sep)(?P<day>[0-3]?\d)"
             r"(?![\d./-])"),
    ("numeric", rf"(?:{_PREP})?{_NUM}(?P=sep)(?P<year>(?:19|20)?\d{{2}})(?![\d/-]|\.\d)"),
    ("numeric", rf"{_NUM_PREP}(?P<a>[0-3]?\d)(?P<sep>[./])(?P<b>[01]?\d)(?P=sep)?"
                r"(?![\d/]|\.\d)"),
    ("date", rf"(?:{_PREP})?{_DAY}\s+(?:of\s+|de\s+)?{_MONTH},?\s+(?:de\s+)?{_YEAR}"),
    ("date", rf"(?:{_PREP})?{_MONTH}\s+{_DAY}(?:,\s*|\s+){_YEAR}"),
    ("month_year", rf"(?:{_PREP})?{_MONTH_WORDS},?\s+(?:de\s+|del\s+)?{_YEAR}"),
    ("day_month", rf"(?:{_PREP})?(?:the\s+)?{_DAY}\s+(?:of\s+|de\s+)?{_MONTH}{_NO_YEAR}"),
    ("day_month", rf"{_PREP}{_MONTH_WORDS}\s+(?:the\s+)?{_DAY}(?![\d:])"),
    ("day_month", rf"{_MONTH_WORDS}\s+(?P<day>[0-3]?\d)(?:st|nd|rd|th)"),
    ("day_of_month", r"(?:on\s+(?:the\s+)?|the\s+)(?P<day>[0-3]?\d)(?:st|nd|rd|th)"
                     rf"(?!\s+(?:{_NOT_A_DAY}))"),
    ("day_of_month", r"(?:op\s+)?de\s+(?P<day>[0-3]?\d)(?:ste|de|e)"),
    ("day_of_month", r"am\s+(?P<day>[0-3]?\d)\."),
    ("day_of_month", rf"(?:(?:il|el|le|no|nel|del)\s+)?(?:giorno|día|dia|jour)\s+"
                     rf"(?P<day>[0-3]?\d){_END_OF_WORDS}"),
    ("day_of_month", rf"(?:il|el|le)\s+(?P<day>[0-3]?\d)(?:er)?{_END_OF_WORDS}"),
    ("month", rf"{_IN}{_MONTH_WORDS}{_NO_YEAR}"),
    ("month", rf"a\s+{_IT_MONTH}{_NO_YEAR}"),
    ("year", rf"(?:in|during|nel|en|em|im)\s+{_YEAR}"),
    ("day_before", r"the\s+day\s+before\s+yesterday|l'altro\s*ieri|altroieri|anteayer|"
                   r"avant-hier|vorgestern|anteontem|eergisteren"),
    ("yesterday", r"yesterday|last\s+night|ieri(?:\s+sera)?|ayer|anoche|hier(?:\s+soir)?|"
                  r"gestern(?:\s+abend)?|ontem|gisteren(?:avond)?"),
    ("today", r"today|this\s+morning|tonight|earlier\s+today|oggi|stamattina|stasera|hoy|"
              r"esta\s+mañana|aujourd'hui|ce\s+matin|heute|hoje|vandaag|vanochtend"),
    ("ago", rf"{_COUNT}\s+(?:of\s+)?{_UNIT}\s+ago"),
    ("ago", rf"{_COUNT}\s+{_UNIT}\s+(?:fa|geleden)"),
    ("ago", rf"(?:hace|il\s+y\s+a|vor|há)\s+{_COUNT}\s+{_UNIT}"),
    ("past", rf"(?:in|over|during)\s+the\s+(?:last|past)\s+{_COUNT}\s+{_UNIT}"),
    ("weekday", rf"(?:on|el|am|na|no|op|last|letzten|vorige|afgelopen)\s+{_WEEKDAY}"
                rf"(?:\s+{_LAST})?"),
    ("weekday", rf"{_WEEKDAY}\s+{_LAST}"),
    ("weekend", rf"(?P<which>{_LAST}|{_THIS})\s+week-?end"),
    ("weekend", rf"(?:le\s+)?week-?end\s+(?P<which>{_LAST})"),
    ("calendar", rf"(?P<which>{_LAST}|{_THIS})\s+(?P<cal>{_alt(_CALENDAR)})"),
    ("calendar", rf"(?:la\s+|el\s+|le\s+|l'|o\s+|a\s+|il\s+)?(?P<cal>{_alt(_CALENDAR)})\s+"
                 r"(?P<which>scors[oa]|passad[oa]|pasad[oa]|dernier|dernière|prossim[oa]|"
                 r"corrente)"),
]


def _renamed(i: int, rx: str) -> str:
    rx = re.sub(r"\(\?P<(\w+)>", lambda m: f"(?P<g{i}_{m.group(1)}>", rx)
    return re.sub(r"\(\?P=(\w+)\)", lambda m: f"(?P=g{i}_{m.group(1)})", rx)


_RX = re.compile("|".join(f"(?P<f{i}>(?<![\\w'])(?:{_renamed(i, rx)})(?![\\w']))"
                          for i, (_k, rx) in enumerate(_FORMS)), re.IGNORECASE)
"""Every form in one regex; each form's group names carry its number (see :func:`_groups`)."""


def _groups(m: re.Match[str]) -> tuple[str, dict[str, str]]:
    """The form that matched and its named groups, without the per-form prefix."""
    i = int(str(m.lastgroup)[1:])
    prefix = f"g{i}_"
    return _FORMS[i][0], {k[len(prefix):]: v for k, v in m.groupdict().items()
                          if k.startswith(prefix) and v is not None}


def _day(now: datetime, days_back: int = 0) -> datetime:
    start = now.replace(hour=0, minute=0, second=0, microsecond=0)
    return start - timedelta(days=days_back)


def _month_start(year: int, month: int, like: datetime) -> datetime:
    return like.replace(year=year, month=month, day=1, hour=0, minute=0, second=0,
                        microsecond=0)


def _next_month(start: datetime) -> datetime:
    return start.replace(year=start.year + 1, month=1) if start.month == 12 \
        else start.replace(month=start.month + 1)


_SPAN = {"day": timedelta(days=1), "week": timedelta(days=7), "month": timedelta(days=30.44),
         "year": timedelta(days=365.25)}


def _count(word: str) -> int:
    word = " ".join(word.lower().split())
    return int(word) if word.isdigit() else _COUNTS.get(word, 0)


def _month(word: str) -> int | None:
    """A month's number from its name or digits (None: no month)."""
    if word.isdigit():
        return int(word) if 1 <= int(word) <= 12 else None
    return _MONTHS[word.lower()]


def _real_day(year: int, month: int, day: int) -> bool:
    try:
        datetime(year, month, day)
    except ValueError:
        return False
    return True


def _numeric(g: dict[str, str], query: str, now: datetime) -> tuple[str, dict[str, str]] | None:
    """A numeric date's kind and parts: day and month in the order that is a real date, and
    when both are, dots put the day first, and so does every language but English."""
    a, b = int(g["a"]), int(g["b"])
    year = g.get("year")
    if year is not None and len(year) == 2:  # "16/01/24": this century unless in the future
        year = str(2000 + int(year) if 2000 + int(year) <= now.year + 1 else 1900 + int(year))
    check = int(year) if year else 2000  # a leap year: "29/2" without one stays possible
    readings = [(d, m) for d, m in ((a, b), (b, a)) if 1 <= m <= 12 and _real_day(check, m, d)]
    if not readings:
        return None
    day, month = readings[0]
    if len(readings) == 2 and g["sep"] != "." and a != b:
        from kore_pipeline.text.language import detect_language

        if (detect_language(query) or "en") == "en":
            day, month = readings[1]  # English: month first
    parts = {"day": str(day), "month": str(month)}
    if year is None:
        return "day_month", parts
    return "date", {**parts, "year": year}


def _resolve(kind: str, g: dict[str, str], now: datetime) -> tuple[datetime, datetime] | None:
    """The window of one phrase (``None`` when its parts name no real time)."""
    if kind == "day_of_month":  # "the 16th": this month's if begun, else the month before's
        named_day, start = int(g["day"]), _month_start(now.year, now.month, now)
        for _ in range(3):  # "the 31st" in a 30-day month: the last month that has one
            if _real_day(start.year, start.month, named_day):
                day = start.replace(day=named_day)
                if day <= now:
                    return day, day + timedelta(days=1)
            start = _month_start(start.year - (start.month == 1), (start.month - 2) % 12 + 1,
                                 now)
        return None
    if kind == "day_month":  # "on May 2nd", "the 3rd of May": the latest one begun by now
        named_month, named_day = _month(g["month"]), int(g["day"])
        if named_month is None:
            return None
        for candidate_year in (now.year, now.year - 1):
            try:
                begun = _month_start(candidate_year, named_month, now).replace(day=named_day)
            except ValueError:
                return None
            if begun <= now:
                return begun, begun + timedelta(days=1)
        return None
    if kind in ("date", "month_year", "month", "year"):
        month = _month(g["month"]) if "month" in g else None
        if "month" in g and month is None:
            return None
        year = int(g["year"]) if "year" in g else None
        if kind == "year":
            start = _month_start(int(g["year"]), 1, now)
            return start, start.replace(year=start.year + 1)
        if year is None:  # "in July": the latest July that has begun
            year = now.year if month is not None and month <= now.month else now.year - 1
        start = _month_start(year, month or 1, now)
        if kind != "date":
            return start, _next_month(start)
        try:
            day = start.replace(day=int(g["day"]))
        except ValueError:
            return None
        return day, day + timedelta(days=1)
    if kind in ("today", "yesterday", "day_before"):
        back = {"today": 0, "yesterday": 1, "day_before": 2}[kind]
        start = _day(now, back)
        return start, (now if back == 0 else start + timedelta(days=1))
    if kind in ("ago", "past"):
        n, unit = _count(g["count"]), _UNITS[g["unit"].lower()]
        if n <= 0:
            return None
        if kind == "past":
            return now - n * _SPAN[unit], now
        if g["count"].lower() in _VAGUE:  # "a few days ago": from twice that to one unit ago
            end = _day(now, 1) + timedelta(days=1) if unit == "day" else now - _SPAN[unit] / 2
            return (_day(now, 2 * n) if unit == "day" else now - 2 * n * _SPAN[unit]), end
        if unit == "day":
            start = _day(now, n)
            return start, start + timedelta(days=1)
        centre, half = now - n * _SPAN[unit], _SPAN[unit] / 2
        return centre - half, centre + half
    if kind == "weekday":
        back = (now.weekday() - _WEEKDAYS[g["weekday"].lower()] - 1) % 7 + 1
        start = _day(now, back)
        return start, start + timedelta(days=1)
    monday = _day(now, now.weekday())
    last = not re.match(_THIS, g.get("which", ""), re.IGNORECASE)
    if kind == "weekend":
        start = monday - timedelta(days=2) if last or now.weekday() < 5 else \
            monday + timedelta(days=5)
        return start, start + timedelta(days=2)
    unit = _CALENDAR[g["cal"].lower()]
    if unit == "week":
        return (monday - timedelta(days=7), monday) if last else (monday, now)
    if unit == "month":
        start = _month_start(now.year, now.month, now)
        if not last:
            return start, now
        prev = _month_start(now.year - (now.month == 1), (now.month - 2) % 12 + 1, now)
        return prev, start
    start = _month_start(now.year, 1, now)
    return (start.replace(year=now.year - 1), start) if last else (start, now)


_ABSOLUTE = frozenset({"date", "month_year", "year"})
"""Forms that name a time without the clock: preferred to a relative one in the same query
("last week, as mentioned on November 6, 2023")."""


def query_window(query: str, now: datetime) -> TimeWindow | None:
    """The window of the query's time phrase (see the module), or None.

    With several phrases, the first that names a date or a year without the clock wins,
    else the first one.
    """
    found: list[tuple[str, TimeWindow]] = []
    for m in _RX.finditer(query):
        kind, groups = _groups(m)
        if kind == "numeric":
            read = _numeric(groups, query, now)
            if read is None:
                continue
            kind, groups = read
        if kind == "calendar" and groups.get("which", "").lower().startswith(
                ("prossim", "corrente")):
            continue  # "il mese prossimo": the future says nothing of when it was said
        window = _resolve(kind, groups, now)
        if window is not None and window[0] < window[1]:
            found.append((kind, TimeWindow(window[0], window[1], m.group(0), m.span())))
    return next((w for kind, w in found if kind in _ABSOLUTE), found[0][1] if found else None)


MAX_QUESTION_WORDS = 40
"""Longer text is a conversation used as a query (a prompt's context), not a question."""
_ASKING = re.compile(
    r"^\W*(?:what|when|where|who|whom|whose|which|how|why|did|do|does|was|were|is|are|have|has|"
    r"had|can|could|would|will|should|show|list|tell|find|remind|recall|give|summari[sz]e|"
    r"cosa|che|quando|dove|chi|come|perché|perche|quale|quali|quanti|quante|mostrami|dimmi|"
    r"qué|que|cuándo|cuando|dónde|donde|quién|quien|cómo|como|cuál|cual|cuántos|muéstrame|"
    r"dime|qu'est-ce|quand|où|qui|comment|pourquoi|quel|quelle|quels|quelles|montre|"
    r"wann|wo|wer|wie|warum|welche[nmrs]?|zeig|sag|o\s+que|onde|quem|qual|quais|porque|"
    r"mostra|diga|wat|wanneer|waar|welk|welke|waarom|hoeveel)(?![\w'])", re.IGNORECASE)


def asks(query: str) -> bool:
    """Whether ``query`` is a question or a request ("what did I say yesterday?", "show me
    last week's notes"), short enough to be one; a time phrase in a statement ("I went to the
    park yesterday", a conversation searched for context) is when *that* happened."""
    text = query.strip()
    if len(text.split()) > MAX_QUESTION_WORDS:
        return False
    return text.endswith("?") or text.startswith("¿") or _ASKING.match(text) is not None


def question_window(query: str, now: datetime) -> TimeWindow | None:
    """:func:`query_window` of a query that :func:`asks`, else None."""
    return query_window(query, now) if asks(query) else None


def without_phrase(query: str, window: TimeWindow) -> str:
    """``query`` with the window's phrase taken out (the query itself if no word is left)."""
    start, end = window.span
    rest = " ".join(f"{query[:start]} {query[end:]}".split())
    return rest if any(c.isalnum() for c in rest) else query
