"""Second held-out list for the extraction coverage figure (``kore eval --sets coverage``).

Written before the trigger rows that close the misses of :mod:`.coverage_extra` (sleep and
schedule, shifts, comparatives, standing requests, obligations of diet and health,
favourites wording, needs and time constraints, relatives' names in es/fr/de/pt, refusals
to answer), with other wordings of the same classes, so the rows are measured on sentences
they were not written from. Rows are (text, language, category, phrase, class) as in
:mod:`.coverage_extra`.
"""

from __future__ import annotations

PREF, DEC, HAB, PROF = "preference", "decision", "habit", "profile"

HELDOUT_POSITIVE: list[tuple[str, str, str, str, str]] = [
    # sleep and schedule
    ("I wake up around 5:30 on weekdays.", "en", HAB, "5:30", "sleep and schedule"),
    ("I get up at seven.", "en", HAB, "seven", "sleep and schedule"),
    ("I go to sleep around midnight.", "en", HAB, "midnight", "sleep and schedule"),
    ("I work the early shift at the bakery.", "en", PROF, "early shift", "sleep and schedule"),
    ("I work from home most days.", "en", PROF, "from home", "sleep and schedule"),
    ("I work weekends at a garden centre.", "en", PROF, "weekends", "sleep and schedule"),
    # comparatives
    ("I'd choose tea over coffee every time.", "en", PREF, "tea", "comparative"),
    ("I'll take a window seat over an aisle seat any day.", "en", PREF, "window seat",
     "comparative"),
    ("I always pick trains over planes.", "en", PREF, "trains", "comparative"),
    # standing requests
    ("Please reply in Spanish from now on.", "en", DEC, "reply in Spanish", "request"),
    ("Please keep your answers short.", "en", DEC, "answers short", "request"),
    ("Please use British spelling.", "en", DEC, "British spelling", "request"),
    # obligations of diet and health
    ("I need to avoid gluten.", "en", PROF, "gluten", "diet and health"),
    ("I'm not allowed to eat sugar.", "en", PROF, "sugar", "diet and health"),
    ("I must stay away from shellfish.", "en", PROF, "shellfish", "diet and health"),
    # favourites wording
    ("My comfort food is mac and cheese.", "en", PREF, "mac and cheese", "favourites"),
    ("My editor of choice is Neovim.", "en", PREF, "Neovim", "favourites"),
    ("My guilty pleasure is reality TV.", "en", PREF, "reality TV", "favourites"),
    # needs and time constraints
    ("I need a ground-floor room.", "en", PROF, "ground-floor room", "need"),
    ("I need a quiet place to work.", "en", PROF, "quiet place", "need"),
    ("I have to be at work by 8am.", "en", PROF, "work by 8am", "need"),
    ("I need to leave the office before 5pm on Fridays.", "en", PROF, "before 5pm", "need"),
    # other languages: schedule
    ("Mi sveglio alle sei.", "it", HAB, "alle sei", "it"),
    ("Me acuesto a las diez.", "es", HAB, "a las diez", "es"),
    ("Je me couche vers 23h.", "fr", HAB, "23h", "fr"),
    ("Ich stehe um 6 Uhr auf.", "de", HAB, "6 Uhr", "de"),
    ("Acordo às sete.", "pt", HAB, "às sete", "pt"),
    # other languages: relatives' and pets' names
    ("Mi marido se llama Javier.", "es", PROF, "Javier", "es"),
    ("Mon chien s'appelle Rex.", "fr", PROF, "Rex", "fr"),
    ("Mein Sohn heißt Lukas.", "de", PROF, "Lukas", "de"),
    ("Minha filha se chama Beatriz.", "pt", PROF, "Beatriz", "pt"),
    ("Mio marito si chiama Paolo.", "it", PROF, "Paolo", "it"),
]

HELDOUT_NEGATIVE: list[tuple[str, str]] = [
    # refusals to answer
    ("I'd rather not say.", "en"),
    ("I'd prefer not to talk about it.", "en"),
    ("I would prefer not to answer that question.", "en"),
    ("I prefer to keep that private.", "en"),
    ("Preferisco non rispondere.", "it"),
    ("Prefiero no decirlo.", "es"),
    ("Je préfère ne pas répondre.", "fr"),
    # one-off requests, needs and past events
    ("Please help me with this email.", "en"),
    ("Please tell me more.", "en"),
    ("I need a break.", "en"),
    ("I need some advice.", "en"),
    ("I woke up at 6 today.", "en"),
    ("I have to go now.", "en"),
]
