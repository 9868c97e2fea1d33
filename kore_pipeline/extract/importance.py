"""Local importance scoring (1..5) of a memory text: no model, only whole-word heuristics.

A score starts from the category's weight and moves with signals: length, strength and
negation keywords ("always", "never", "must", "mai", "nie" ...), critical keywords
("allergic", "password", "urgent" ...), temporal markers ("deadline", "by Friday", "Q3",
"entro venerdì"), dates, numbers and named entities. Keywords exist for en, it, es, fr,
de and pt; a text is scored with the keywords of its language (detected offline, see
:mod:`kore_pipeline.language`) and English ones, whole words only: "email" never fires the
Italian "mai", nor does the French "mai" (May).
:func:`importance_reasons` lists the signals that fired.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache

from kore_pipeline.extract.patterns import is_smalltalk, normalize_text, split_sentences
from kore_pipeline.rules import GRAMMARS, LANGUAGES
from kore_pipeline.text.language import detect_language, pattern_language
from kore_pipeline.text.literals import LiteralFilter, case_fold

__all__ = ["CATEGORY_BASE", "importance_reasons", "score_importance", "score_many"]

CATEGORY_BASE: dict[str | None, float] = {
    "decision": 2.6, "preference": 2.3, "profile": 2.4, "habit": 2.2,
    "summary": 2.2, "episode": 2.15, None: 2.15,
}
_FACT_CATEGORIES = frozenset({"preference", "decision", "habit", "profile"})
_FLAGS = re.IGNORECASE | re.UNICODE
_NOUNS_CAPITALISED = frozenset(g.code for g in GRAMMARS.values() if g.nouns_capitalised)
"""Languages whose every noun has a capital (German): a capital alone makes no name."""
_DAYS = (r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|lunedì|martedì|mercoledì|"
         r"giovedì|venerdì|sabato|domenica|lunes|martes|miércoles|jueves|viernes|sábado|domingo|"
         r"lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|montag|dienstag|mittwoch|"
         r"donnerstag|freitag|samstag|sonntag|segunda|terça|quarta|quinta|sexta")
_MONTHS = (r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
           r"sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|gennaio|febbraio|marzo|"
           r"aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre|enero|"
           r"febrero|abril|mayo|junio|julio|septiembre|octubre|noviembre|diciembre|janvier|"
           r"février|mars|avril|mai|juin|juillet|août|septembre|octobre|décembre|januar|februar|"
           r"märz|juni|juli|oktober|dezember|janeiro|fevereiro|março|maio|junho|julho|setembro|"
           r"outubro|novembro|dezembro")
_TIME_WORDS = (r"tomorrow|tonight|eod|eow|asap|domani|stasera|mañana|demain|morgen|übermorgen|"
               r"amanhã|next\s+(?:week|month|quarter|year|sprint)|end\s+of\s+(?:the\s+)?(?:day|"
               r"week|month|quarter|year|sprint)|fine\s+(?:mese|settimana|anno)")

# (signal, weight, {language: words}) -- words are regex fragments matched as whole words.
_KEYWORDS: list[tuple[str, float, dict[str, str]]] = [
    ("strength", 0.8, {
        "en": r"always|never|must|must\s+not|mustn't|do\s+not|don't|should\s+not|shouldn't|"
              r"important|essential|required|mandatory|make\s+sure|remember|no\s+matter\s+what",
        "it": r"sempre|mai|devo|bisogna|importante|essenziale|obbligatorio|assolutamente|ricorda",
        "es": r"siempre|nunca|jamás|debo|tengo\s+que|hay\s+que|importante|esencial|obligatorio|"
              r"imprescindible|recuerda",
        "fr": r"toujours|jamais|il\s+faut|doit|dois|important|importante|essentiel|obligatoire|"
              r"n'oublie\s+pas",
        "de": r"immer|nie|niemals|muss|müssen|auf\s+keinen\s+fall|wichtig|unbedingt|erforderlich|"
              r"nicht\s+vergessen",
        "pt": r"sempre|nunca|jamais|tenho\s+que|preciso\s+de|deve|importante|essencial|obrigatório|"
              r"não\s+esquecer",
    }),
    ("critical", 1.3, {
        "en": r"critical|urgent|allergic|allerg(?:y|ies)|anaphyla\w*|epipen|passwords?|security|"
              r"medical|medication|emergency|diabetic|diabetes|asthma|life-threatening",
        "it": r"critic[oaie]|urgente|allergic[oaie]|allergi[ae]|password|sicurezza|emergenza|"
              r"farmac[oi]|diabete|asma",
        "es": r"crític[oa]|urgente|alérgic[oa]|alergias?|contraseña|seguridad|emergencia|"
              r"medicamentos?",
        "fr": r"critique|urgente?|allergique|allergies?|mot\s+de\s+passe|sécurité|urgence|"
              r"médicaments?|diabète|asthme",
        "de": r"kritisch|dringend|allergisch|allergien?|passwort|sicherheit|notfall|medikament\w*",
        "pt": r"crític[oa]|urgente|alérgic[oa]|alergias?|senha|segurança|emergência|remédios?",
    }),
    ("health", 0.8, {
        "en": r"vegetarian|vegan|celiac|coeliac|gluten|lactose|intolerant|halal|kosher|pregnant|"
              r"disabled|wheelchair|insulin",
        "it": r"vegetarian[oaie]|vegan[oaie]|celiac[oaie]|glutine|lattosio|intollerante|incinta",
        "es": r"vegetarian[oa]s?|vegan[oa]s?|celíac[oa]|gluten|lactosa|intolerante|embarazada",
        "fr": r"végétarien(?:ne)?|végane?|cœliaque|gluten|lactose|intolérante?|enceinte",
        "de": r"vegetari(?:er|erin|sch)|vegan(?:er|erin)?|zöliakie|gluten|laktose|schwanger",
        "pt": r"vegetarian[oa]s?|vegan[oa]s?|celíac[oa]|glúten|lactose|intolerante|grávida",
    }),
    ("temporal", 0.7, {
        "en": r"deadline|due\s+date|(?:is|are|was)\s+due|due\s+(?:by|on)|"
              r"(?:by|until|before)\s+(?:" + _DAYS + r")|by\s+(?:" + _TIME_WORDS + r")|"
              + _TIME_WORDS,
        "it": r"scadenza|entro\s+(?:il\s+|la\s+|fine\s+)?\w+|(?:la\s+)?prossima\s+settimana|"
              r"settimana\s+prossima|prossimo\s+mese",
        "es": r"fecha\s+límite|plazo|(?:antes\s+del?|para\s+el)\s+(?:" + _DAYS + r"|fin)|"
              r"la\s+próxima\s+semana|la\s+semana\s+que\s+viene|próximo\s+mes",
        "fr": r"échéance|date\s+limite|avant\s+(?:" + _DAYS + r"|demain|la\s+fin)|d'ici\s+\w+|"
              r"la\s+semaine\s+prochaine|le\s+mois\s+prochain",
        "de": r"frist|abgabe|bis\s+(?:" + _DAYS + r"|morgen|ende)|nächste\s+woche|nächsten\s+monat",
        "pt": r"prazo|data\s+limite|até\s+(?:" + _DAYS + r"|amanhã|o\s+fim)|próxima\s+semana|"
              r"semana\s+que\s+vem|próximo\s+mês",
        "*": r"q[1-4]|h[12]|fy\d{2}",
    }),
]
_LANGS = LANGUAGES
"""Every language with a grammar of facts; one without keywords here scores by English's."""


def _keyword_rx(lang: str) -> list[tuple[str, float, re.Pattern[str]]]:
    """Keywords of ``lang``, plus English (loanwords: "deadline", "password") and "*"."""
    langs = dict.fromkeys((lang, "en", "*"))
    return [(signal, weight, re.compile(
        r"(?<![\w'])(?:" + "|".join(by_lang[x] for x in langs if x in by_lang) + r")(?![\w'])",
        _FLAGS)) for signal, weight, by_lang in _KEYWORDS]


_KEYWORD_RX = {lang: _keyword_rx(lang) for lang in _LANGS}
"""Per language: its keywords only, so the French "mai" (May) never fires the Italian "mai"."""
_KEYWORD_FILTER = {lang: LiteralFilter([rx for _, _, rx in rows])
                   for lang, rows in _KEYWORD_RX.items()}
"""Which keyword regexes can fire on a text (one scan instead of four)."""
_DIGIT = re.compile(r"\d")
_WORDS_RX = re.compile(r"\w+")
_DATE_RX = re.compile(
    r"\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}/\d{1,2}(?:/\d{2,4})?\b|\b\d{1,2}\.\d{1,2}\.\d{2,4}\b|"
    r"\b(?:19|20)\d{2}\b|"
    r"\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+|de\s+)?(?:" + _MONTHS + r")\b|"
    r"\b(?:" + _MONTHS + r")\s+\d{1,2}(?:st|nd|rd|th)?\b",
    _FLAGS,
)
_NUMBER_RX = re.compile(r"\b\d+(?:[.,]\d+)?\b")
_TOKEN_RX = re.compile(r"[\w][\w'.-]*", re.UNICODE)
_NOT_ENTITIES = {"i", "i'm", "i'll", "i've", "i'd", "ok", "okay"}
_CALENDAR_RX = re.compile(r"^(?:" + _DAYS + r"|" + _MONTHS + r")s?$", _FLAGS)


_MAYBE_ENTITY = re.compile(r"[A-HJ-Z\u0080-\U0010FFFF]|I(?!(?:'(?:m|ll|ve|d))?[.'-]*(?![\w'.-]))")
"""A character an entity can start with: any upper case letter (or non-ASCII character), but
not the "I" of a lone "I", "I'm", "I'll", "I've", "I'd". A sentence with none after its first
character has no entity (a fast first test; the words are then read one by one)."""


def _entities(sentences: list[str], lang: str) -> list[str]:
    """Capitalised words not at sentence start (German: acronyms and CamelCase only)."""
    found: list[str] = []
    for sent in sentences:
        if _MAYBE_ENTITY.search(sent, 1) is None:
            continue
        for tok in _TOKEN_RX.findall(sent)[1:]:
            if not tok[0].isupper():  # a token starts with a letter or digit: never stripped
                continue
            tok = tok.rstrip(".'-")
            if not tok or tok.lower() in _NOT_ENTITIES:
                continue
            if _CALENDAR_RX.match(tok):
                continue
            inner_caps = any(c.isupper() for c in tok[1:]) or any(c.isdigit() for c in tok)
            if lang in _NOUNS_CAPITALISED and not inner_caps:
                continue
            if tok not in found:
                found.append(tok)
    return found


def _analyse(text: str, category: str | None, language: str | None = None,
             explain: bool = True) -> tuple[float, list[str]]:
    """Score and (when ``explain``) the reasons; scoring alone skips writing them."""
    norm = normalize_text(text or "").strip()
    lang = pattern_language(language or detect_language(norm))
    base = CATEGORY_BASE.get(category, CATEGORY_BASE[None])
    score, reasons = base, [f"category:{category or 'none'} (base {base:g})"] if explain else []
    words = len(_WORDS_RX.findall(norm))
    is_fact = category in _FACT_CATEGORIES
    if is_fact:
        pass  # facts are short by nature: "I'm vegetarian" is not small talk
    elif words <= 3:
        score -= 1.0
        if explain:
            reasons.append(f"length:very short ({words} words) -1")
    elif words <= 6:
        score -= 0.5
        if explain:
            reasons.append(f"length:short ({words} words) -0.5")
    elif words >= 30:
        score += 0.3
        if explain:
            reasons.append(f"length:long ({words} words) +0.3")
    if not is_fact and is_smalltalk(norm):
        score -= 0.5
        if explain:
            reasons.append("smalltalk:greeting/thanks/acknowledgement -0.5")
    if norm.endswith("?") and category in (None, "episode", "summary"):
        score -= 0.3
        if explain:
            reasons.append("question -0.3")
    fired: set[str] = set()
    rows = _KEYWORD_RX[lang]
    for signal, weight, rx in map(rows.__getitem__, _KEYWORD_FILTER[lang].candidates(
            case_fold(norm))):
        hits = list(dict.fromkeys(m.group(0).lower() for m in rx.finditer(norm)))
        if hits:
            bonus = weight + (0.3 if len(hits) > 1 else 0.0)
            score += bonus
            fired.add(signal)
            if explain:
                reasons.append(f"{signal}:{', '.join(hits)} +{bonus:g}")
    digits = _DIGIT.search(norm) is not None  # every date and number has a digit
    dates = list(dict.fromkeys(m.group(0) for m in _DATE_RX.finditer(norm))) if digits else []
    if dates:
        score += 0.5
        fired.add("date")
        if explain:
            reasons.append(f"date:{', '.join(dates)} +0.5")
    strong = fired & {"strength", "critical", "temporal", "health"}
    if len(strong) >= 3:
        score += 0.4
        if explain:
            reasons.append(f"several strong signals ({', '.join(sorted(strong))}) +0.4")
    if category == "profile" and fired & {"critical", "health"}:
        score += 0.4
        if explain:
            reasons.append("health/safety profile fact +0.4")
    if category == "decision" and fired & {"temporal", "date"}:
        score += 0.5
        if explain:
            reasons.append("decision with a deadline/date +0.5")
    if digits and _NUMBER_RX.search(_DATE_RX.sub(" ", norm)):
        score += 0.25
        if explain:
            reasons.append("number +0.25")
    ents = _entities(split_sentences(norm), lang)
    if ents:
        bonus = 0.6 if len(ents) >= 3 else 0.4
        score += bonus
        if explain:
            reasons.append(f"entities:{', '.join(ents[:5])} +{bonus:g}")
    return score, reasons


def _clamp(value: float) -> int:
    return max(1, min(5, math.floor(value + 0.5)))


def explicit_importance(explicit: object) -> int | None:
    """A message's given importance clamped to 1..5, None when absent or not a number."""
    if explicit is None or isinstance(explicit, bool):
        return None
    try:
        return _clamp(float(explicit))  # type: ignore[arg-type]
    except (TypeError, ValueError, OverflowError):
        return None


def score_importance(text: str, category: str | None = None, explicit: int | None = None,
                     language: str | None = None) -> int:
    """Importance 1..5 of ``text``; a given ``explicit`` importance (clamped to 1..5) wins.

    ``language`` (detected when None) picks the keywords: that language's and English.
    """
    given = explicit_importance(explicit)
    if given is not None:
        return given
    return _score(text, category, language)


def clear_cache() -> None:
    """Forget the cached scores."""
    _score.cache_clear()


@lru_cache(maxsize=16384)
def _score(text: str, category: str | None, language: str | None) -> int:
    """The computed importance, cached: the same fact is said in many messages."""
    return _clamp(_analyse(text, category, language, explain=False)[0])


def score_many(texts: list[str], categories: list[str | None]) -> list[int]:
    """:func:`score_importance` for each (text, category) pair; lists must have one length."""
    if len(texts) != len(categories):
        raise ValueError(f"{len(texts)} texts but {len(categories)} categories")
    return [score_importance(t, c) for t, c in zip(texts, categories, strict=True)]


def importance_reasons(text: str, category: str | None = None,
                       language: str | None = None) -> list[str]:
    """Human-readable signals that fired, with their weights, and the resulting score."""
    score, reasons = _analyse(text, category, language)
    return [*reasons, f"score:{score:.2f} -> {_clamp(score)}"]
