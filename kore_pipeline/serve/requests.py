"""Requests that imply preferences ("can you suggest a restaurant for tonight?").

A recommendation, a plan or a choice asked for is answered well only with what the owner
likes, dislikes and cannot have on that topic ("I'm vegetarian", "I hate crowded places"),
and those statements rarely share a word with the request. The search reads such a request
(:func:`asks_for_choice`) and runs a second pass over the owner's preference facts
(:data:`PREFERENCE_KINDS`) with the request's topic spelled out (:func:`topic_terms`: a
restaurant brings food, diets and places to eat); its hits join the candidates with
``request_preference_weight`` of their own fused score (serve/search). The cues are
English's and the common ones of it/es/fr/de/pt/nl.

:func:`states_limit` tells a statement of a limit ("never", "can't", "hate", "avoid"), which
the ``<memory>`` block lists first for such a request (serve/prompt).
"""

from __future__ import annotations

import re

PREFERENCE_KINDS = ("preference", "profile", "habit")
"""The categories of facts that say what the owner likes, is or does."""

_CHOICE = re.compile(
    r"\b(?:suggest\w*|recommend\w*|advi[cs]e|ideas?\s+for|any\s+ideas|tips?\s+for"
    r"|(?:what|which)(?:\s+[\w'’]+){0,2}\s+(?:should|could|would|can|shall)\s+(?:i|we)\b"
    r"|where\s+(?:should|could|can|shall)\s+(?:i|we)\b|should\s+(?:i|we)\s+"
    r"(?:go|get|buy|pick|choose|try|book|order|cook|watch|read)\b"
    r"|help\s+me\s+(?:plan|choose|pick|find|decide|organi[sz]e|book)"
    r"|(?:plan|organi[sz]e|book)\s+(?:a|an|my|our|the|some)\b|what\s+to\s+(?:cook|eat|make|watch"
    r"|read|buy|get|wear|do|order|drink|listen|play|visit)\b|pick\s+(?:a|an|one|something)\b"
    r"|choose\s+(?:a|an|one|between|something)\b|looking\s+for\s+(?:a|an|some)\b"
    # it / es / fr / de / pt / nl
    r"|consigli\w*|suggeri\w*|cosa\s+(?:posso|dovrei)|organizza\w*"
    r"|recomi[eé]nd\w*|recomend\w*|suger\w*|qu[eé]\s+(?:puedo|deber[ií]a|posso|devo)"
    r"|sugg[eéè]r\w*|conseill\w*|propose\w*|que\s+(?:dois|devrais|pourrais)[-\s]je"
    r"|empfiehl\w*|empfehl\w*|vorschl\w*|was\s+(?:soll|sollte|könnte)\s+ich"
    r"|aanbevel\w*|aanraden|wat\s+(?:moet|zou|kan)\s+ik)",
    re.IGNORECASE | re.UNICODE)

_TOPICS: tuple[tuple[str, str], ...] = (
    (r"restaurants?|dinner|lunch|breakfast|brunch|meals?|eat\w*|food|cook\w*|recipes?|dish\w*"
     r"|snacks?|menu|takeaway|takeout|bake|ristorante|cena|pranzo|mangiare|ricett\w*|restaurante"
     r"|comida|cenar|receta|repas|manger|recette|dîner|essen|rezept\w*|abendessen|jantar|receita"
     r"|eten|recept",
     "food eat diet vegetarian vegan allergic meat fish spicy cuisine gluten dairy"),
    (r"trips?|travel\w*|vacation|holidays?|getaway|hotels?|flights?|destinations?|weekend\s+away"
     r"|viaggi\w*|vacanz\w*|viaje|vacaciones|voyage|vacances|reise\w*|urlaub|viagem|férias|reis"
     r"|vakantie",
     "travel fly flight beach mountains crowded crowds heat cold hotel city"),
    (r"movies?|films?|watch|shows?|series|cinema|netflix|tv|guardare|película|regarder|filme?"
     r"|assistir",
     "movies films watch horror comedy thriller romance documentaries series"),
    (r"books?|read|novels?|reading|libr[oi]|libros?|leer|livres?|lire|buch|bücher|lesen|livros?"
     r"|boek\w*",
     "books read reading novels fiction genre authors"),
    (r"music|songs?|concerts?|playlists?|gigs?|musica|canzon\w*|música|canciones|musique"
     r"|chansons|musik|lieder",
     "music songs concerts bands listen genre loud"),
    (r"gifts?|presents?|birthday|regal\w*|cadeau\w*|geschenk\w*|presente|cadeau",
     "gift likes loves hobby favourite collect"),
    (r"workouts?|exercis\w*|gym|fitness|training|run|running|sport\w*|allenament\w*|ejercicio"
     r"|entraînement|trainieren|treino",
     "exercise workout gym running injury knee back sport"),
    (r"drinks?|coffee|tea|wine|beer|bar|cocktails?|caffè|café|vino|vin|bier|wein|bebida",
     "drink alcohol coffee tea wine beer sober caffeine"),
    (r"tonight|weekend|evening|outing|date\s+night|activit\w*|things\s+to\s+do|go\s+out|party"
     r"|stasera|fine\s+settimana|esta\s+noche|ce\s+soir|heute\s+abend|wochenende",
     "crowded crowds quiet noisy outdoors indoors early late budget"),
    (r"clothes|outfit|wear|shoes|dress|shirt|vestit\w*|ropa|vêtements|kleidung|roupa",
     "wear clothes colour style size fabric"),
)
_TOPIC_RX = tuple((re.compile(rf"\b(?:{cues})\b", re.IGNORECASE | re.UNICODE), words)
                  for cues, words in _TOPICS)

_LIMIT = re.compile(
    r"\b(?:never|can'?t|cannot|can\s+not|won'?t|don'?t|do\s+not|doesn'?t|hate|hates|dislike\w*"
    r"|avoid\w*|allergic|allerg\w*|intolerant|no\s+longer|not\s+allowed|stay\s+away|sick\s+of"
    r"|vegetarian|vegan|kosher|halal|celiac|coeliac|gluten[-\s]free|sober|teetotal"
    r"|mai|non\s+(?:posso|mangio|bevo|sopporto)|odio|evit\w*|nunca|no\s+(?:puedo|como|bebo|soporto)"
    r"|jamais|ne\s+(?:peux|mange|bois|supporte)|déteste|nie|niemals|kein\w*|hasse|vermeide\w*"
    r"|não\s+(?:posso|como|bebo|suporto)|detesto|nooit|haat|geen)\b",
    re.IGNORECASE | re.UNICODE)


_WORD = re.compile(r"\w+", re.UNICODE)
_PERSONAL = frozenset({
    "i", "me", "my", "we", "us", "our", "you", "your", "u",      # en
    "mi", "ci", "ti", "io", "noi", "tu",                          # it
    "nos", "te", "yo", "tú", "usted",                             # es (and "me")
    "je", "j", "moi", "nous", "vous",                             # fr
    "ich", "mir", "mich", "wir", "uns", "du", "dir",              # de
    "eu", "nós", "você",                                          # pt
    "ik", "mij", "jij"})                                          # nl (and "je", "me")
"""Words of the one who asks or the one asked: a request is the asker's own ("can you
suggest…", "what should I…", "mi consigli…"), not a question about what someone else
recommended ("What book did Caroline recommend?")."""
_PAST = re.compile(r"\b(?:did|had|was|were|recommended|suggested|advised)\b", re.IGNORECASE)


def asks_for_choice(query: str) -> bool:
    """Whether ``query`` asks for a recommendation, a plan or a choice ("can you suggest
    a restaurant?", "what should I cook tonight?", "help me plan a trip", "any ideas for a
    movie?"): a cue, said by or to the asker (a first or second person word, or the cue
    opens the query), and not about the past ("what did you recommend?")."""
    cue = _CHOICE.search(query)
    if cue is None or _PAST.search(query):
        return False
    return cue.start() == 0 or bool(
        {w.lower() for w in _WORD.findall(query)} & _PERSONAL)


def topic_terms(query: str) -> list[str]:
    """The words that spell out the topics ``query`` names (a restaurant: food, diets,
    cuisine; a trip: flights, crowds, heat), each once; [] when it names none."""
    out: list[str] = []
    for rx, words in _TOPIC_RX:
        if rx.search(query):
            out.extend(w for w in words.split() if w not in out)
    return out


def states_limit(text: str) -> bool:
    """Whether ``text`` states a limit or a constraint: "never", "can't", "hate", "avoid",
    an allergy, a diet (in the six pattern languages' common words)."""
    return _LIMIT.search(text) is not None
