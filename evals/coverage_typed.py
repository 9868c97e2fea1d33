"""Statements as people type them, for the extraction coverage figure (``kore eval --sets
coverage``).

Written on 2026-12-02 (issue 20c) *before* reading the trigger rows and before looking at
main's misses: lower case, no apostrophes, slang ("lowkey", "ngl", "rly", "w/"), emoji,
run-ons, dropped subjects, some Italian, Spanish, French, German and Portuguese typed the
same way (no accents where people skip them). Rows are (text, language, category, phrase,
class) as in :mod:`.coverage_extra`; negatives are (text, language) and must yield no fact:
other people's facts (a partner's, a parent's taste, plans or home, in every language the
extractor reads), questions, hypotheticals, stock phrases and sarcasm. Reported apart as
``typed``, not in ``all``.
"""

from __future__ import annotations

PREF, DEC, HAB, PROF = "preference", "decision", "habit", "profile"

TYPED_POSITIVE: list[tuple[str, str, str, str, str]] = [
    # preferences
    ("i rly love hiking in the fall 🍂", "en", PREF, "hiking", "slang"),
    ("ugh i hate waiting in lines", "en", PREF, "waiting in lines", "filler"),
    ("ngl i kinda like pineapple on pizza", "en", PREF, "pineapple on pizza", "slang"),
    ("jazz is my absolute fav", "en", PREF, "jazz", "slang"),
    ("im not a huge fan of crowds", "en", PREF, "crowds", "no apostrophe"),
    ("i prefer audiobooks to actual books tbh", "en", PREF, "audiobooks", "slang"),
    ("i def prefer the mountains over the beach", "en", PREF, "mountains", "slang"),
    ("i lowkey love rainy days", "en", PREF, "rainy days", "slang"),
    ("i absolutely despise cilantro lol", "en", PREF, "cilantro", "filler"),
    ("im really not into horror", "en", PREF, "horror", "no apostrophe"),
    ("i enjoy painting when i have time", "en", PREF, "painting", "run-on"),
    ("im a sucker for old movies", "en", PREF, "old movies", "idiom"),
    ("been loving podcasts lately", "en", PREF, "podcasts", "dropped subject"),
    # profile
    ("im 27 and work in marketing", "en", PROF, "27", "run-on"),
    ("i'm a nurse, work nights mostly", "en", PROF, "nurse", "run-on"),
    ("i got 2 kids, both in school", "en", PROF, "2 kids", "slang"),
    ("im gluten free so pasta is out", "en", PROF, "gluten free", "run-on"),
    ("live in lisbon now, moved from london", "en", PROF, "lisbon", "dropped subject"),
    ("my cats name is mochi", "en", PROF, "mochi", "no apostrophe"),
    ("im married w 3 kids", "en", PROF, "married", "slang"),
    ("i dont own a car", "en", PROF, "car", "no apostrophe"),
    ("im left handed lol", "en", PROF, "left handed", "no apostrophe"),
    ("i work in IT at a bank", "en", PROF, "bank", "filler"),
    ("im a grad student studying chemistry", "en", PROF, "chemistry", "no apostrophe"),
    ("im allergic to penicillin fyi", "en", PROF, "penicillin", "slang"),
    ("ive got asthma", "en", PROF, "asthma", "no apostrophe"),
    ("im a single mom", "en", PROF, "single mom", "no apostrophe"),
    # habits
    ("i run every morning before work", "en", HAB, "run", "filler"),
    ("i usually skip lunch", "en", HAB, "skip lunch", "filler"),
    ("i meditate like every night", "en", HAB, "meditate", "slang"),
    ("i always take the bus to uni", "en", HAB, "bus", "slang"),
    ("i go climbing twice a week", "en", HAB, "climbing", "filler"),
    ("i never eat after 8pm", "en", HAB, "8pm", "filler"),
    ("most weekends i visit my parents", "en", HAB, "visit my parents", "filler"),
    ("i drink way too much coffee, like 4 cups a day", "en", HAB, "coffee", "slang"),
    ("i sleep like 6 hrs a night", "en", HAB, "6 hrs", "slang"),
    # plans
    ("im starting at a new company in march", "en", DEC, "new company", "no apostrophe"),
    ("planning to visit japan next spring", "en", DEC, "japan", "dropped subject"),
    ("i really wanna learn the guitar", "en", DEC, "guitar", "gonna"),
    ("ive decided to go vegan in january", "en", DEC, "vegan", "no apostrophe"),
    ("im trying to cut back on sugar", "en", DEC, "sugar", "no apostrophe"),
    ("hoping to run a marathon next year", "en", DEC, "marathon", "dropped subject"),
    ("me and my gf are moving to denver in june", "en", DEC, "denver", "slang"),
    ("my goal is to save 10k by christmas", "en", DEC, "10k", "filler"),
    ("gonna sign up for spanish classes", "en", DEC, "spanish classes", "gonna"),
    # other languages, typed the same way
    ("adoro la pizza napoletana", "it", PREF, "pizza napoletana", "it"),
    ("non mi piace il caffe americano", "it", PREF, "caffe americano", "it"),
    ("faccio yoga tutte le mattine", "it", HAB, "yoga", "it"),
    ("me encanta bailar salsa jaja", "es", PREF, "bailar salsa", "es"),
    ("soy vegetariana desde hace años", "es", PROF, "vegetariana", "es"),
    ("vivo en valencia", "es", PROF, "valencia", "es"),
    ("voy a empezar el gimnasio el lunes", "es", DEC, "gimnasio", "es"),
    ("j'adore le fromage mdr", "fr", PREF, "fromage", "fr"),
    ("je suis prof de maths lol", "fr", PROF, "prof de maths", "fr"),
    ("je deteste le froid", "fr", PREF, "froid", "fr"),
    ("ich mag keine pilze", "de", PREF, "pilze", "de"),
    ("ich wohne in münchen", "de", PROF, "münchen", "de"),
    ("ich gehe jeden morgen joggen", "de", HAB, "joggen", "de"),
    ("eu amo praia", "pt", PREF, "praia", "pt"),
    ("moro em curitiba", "pt", PROF, "curitiba", "pt"),
    ("vou comecar a estudar ingles", "pt", DEC, "ingles", "pt"),
]

TYPED_NEGATIVE: list[tuple[str, str]] = [
    # other people's facts
    ("my gf loves sushi", "en"),
    ("my roommate is vegan", "en"),
    ("my son wants to be an astronaut lol", "en"),
    ("my mom is gonna visit next week", "en"),
    ("my best friend lives in rome", "en"),
    ("he always goes to the gym at 6", "en"),
    ("mi hermana odia el cafe", "es"),
    ("a mi novio le encanta el futbol", "es"),
    ("ma mere adore les chats", "fr"),
    ("mein bruder wohnt in hamburg", "de"),
    ("mio padre fa il medico", "it"),
    ("minha mae ama cozinhar", "pt"),
    # questions and hypotheticals
    ("do you like jazz?", "en"),
    ("what should i cook tonight", "en"),
    ("would you rather live in the city or the country?", "en"),
    ("what do you prefer, tea or coffee?", "en"),
    ("if i had more time id learn piano", "en"),
    ("i guess i could try it", "en"),
    # stock phrases and sarcasm
    ("i would love to but i cant", "en"),
    ("love you too", "en"),
    ("i love that you remembered!!", "en"),
    ("i hate to ask but can you check this again", "en"),
    ("im just saying", "en"),
    ("thinking of you ❤️", "en"),
    ("i never know what to say in these situations", "en"),
    ("im not sure i like where this is going", "en"),
    ("oh great, i just LOVE being stuck in traffic 🙄", "en"),
]
