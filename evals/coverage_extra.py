"""Held-out statements for the extraction coverage figure (``kore eval --sets coverage``).

Written after the extractor, of classes :mod:`.coverage_cases` did not hold (sleep and
schedule, comparatives, requests, relatives, identity, new aversion and fandom verbs,
habits with "never"/"always", needs and obligations, and the same classes in it/es/fr/de),
and never used to tune it: the extractor is measured on them, not fitted to them. Rows are
(text, language, category, phrase, class) as in ``coverage_cases.POSITIVE`` plus the class.
"""

from __future__ import annotations

PREF, DEC, HAB, PROF = "preference", "decision", "habit", "profile"

EXTRA_POSITIVE: list[tuple[str, str, str, str, str]] = [
    # sleep and schedule
    ("I go to bed at 11pm.", "en", HAB, "bed at 11pm", "sleep and schedule"),
    ("I wake up at 6 every day.", "en", HAB, "wake up at 6", "sleep and schedule"),
    ("I'm a night owl.", "en", PROF, "night owl", "sleep and schedule"),
    ("I'm an early riser.", "en", PROF, "early riser", "sleep and schedule"),
    ("I work night shifts at the hospital.", "en", PROF, "night shifts", "sleep and schedule"),
    # comparatives
    ("I prefer window seats over aisle seats.", "en", PREF, "window seats", "comparative"),
    ("I like cats more than dogs.", "en", PREF, "cats", "comparative"),
    ("I'd pick Vim over Emacs any day.", "en", PREF, "Vim", "comparative"),
    ("I prefer paper books to e-readers.", "en", PREF, "paper books", "comparative"),
    # requests to the assistant
    ("Please never send me newsletters.", "en", DEC, "newsletters", "request"),
    ("Please always reply in Italian.", "en", DEC, "reply in Italian", "request"),
    ("Please don't schedule anything on Mondays.", "en", DEC, "on Mondays", "request"),
    ("Please use metric units.", "en", DEC, "metric units", "request"),
    # relatives and people
    ("My sister lives in Lyon.", "en", PROF, "Lyon", "relatives"),
    ("My kids are called Tom and Mia.", "en", PROF, "Tom", "relatives"),
    ("My partner is a teacher.", "en", PROF, "teacher", "relatives"),
    ("My mother's birthday is May 4.", "en", PROF, "May 4", "relatives"),
    # identity
    ("I'm 34 years old.", "en", PROF, "34", "identity"),
    ("I was born in 1990.", "en", PROF, "1990", "identity"),
    ("I'm from Naples.", "en", PROF, "Naples", "identity"),
    ("I speak Portuguese and French.", "en", PROF, "Portuguese", "identity"),
    ("I'm left-handed.", "en", PROF, "left-handed", "identity"),
    ("I'm retired.", "en", PROF, "retired", "identity"),
    ("I'm a software engineer at Siemens.", "en", PROF, "software engineer", "identity"),
    # diets and health, other wordings
    ("I'm lactose intolerant.", "en", PROF, "lactose intolerant", "diet and health"),
    ("I am allergic to penicillin.", "en", PROF, "penicillin", "diet and health"),
    ("I'm pescatarian.", "en", PROF, "pescatarian", "diet and health"),
    ("I have to avoid caffeine.", "en", PROF, "caffeine", "diet and health"),
    # aversions, other verbs
    ("I loathe traffic jams.", "en", PREF, "traffic jams", "aversion"),
    ("I detest early mornings.", "en", PREF, "early mornings", "aversion"),
    ("I'm not keen on spicy food.", "en", PREF, "spicy food", "aversion"),
    ("I can't stand open-plan offices.", "en", PREF, "open-plan offices", "aversion"),
    # fandom and favourites, other wordings
    ("I'm a huge fan of Formula 1.", "en", PREF, "Formula 1", "fandom"),
    ("I'm really into bouldering.", "en", PREF, "bouldering", "fandom"),
    ("My go-to drink is an oat flat white.", "en", PREF, "oat flat white", "fandom"),
    # habits with never / always / every
    ("I never eat breakfast.", "en", HAB, "breakfast", "habit"),
    ("I always walk to work.", "en", HAB, "walk to work", "habit"),
    ("Every morning I meditate for ten minutes.", "en", HAB, "meditate", "habit"),
    # needs and obligations
    ("I need a wheelchair-accessible venue.", "en", PROF, "wheelchair-accessible",
     "need"),
    ("I must be home by 6pm on weekdays.", "en", PROF, "home by 6pm", "need"),
    # other languages
    ("Sono allergico ai crostacei.", "it", PROF, "crostacei", "it"),
    ("Non sopporto il caldo.", "it", PREF, "caldo", "it"),
    ("Mia figlia si chiama Sofia.", "it", PROF, "Sofia", "it"),
    ("Vado a letto alle undici.", "it", HAB, "letto alle undici", "it"),
    ("Soy alérgica a las nueces.", "es", PROF, "nueces", "es"),
    ("No soporto el ruido.", "es", PREF, "ruido", "es"),
    ("Mi hija se llama Lucía.", "es", PROF, "Lucía", "es"),
    ("Je suis allergique aux arachides.", "fr", PROF, "arachides", "fr"),
    ("Je déteste le bruit.", "fr", PREF, "bruit", "fr"),
    ("Ma fille s'appelle Chloé.", "fr", PROF, "Chloé", "fr"),
    ("Ich bin allergisch gegen Nüsse.", "de", PROF, "Nüsse", "de"),
    ("Ich kann Lärm nicht ausstehen.", "de", PREF, "Lärm", "de"),
    ("Meine Tochter heißt Emma.", "de", PROF, "Emma", "de"),
]

EXTRA_NEGATIVE: list[tuple[str, str]] = [
    ("Please let me know when it's ready.", "en"),
    ("I prefer not to answer that.", "en"),
    ("I'm not sure yet.", "en"),
    ("Can you remind me what my daughter's name is?", "en"),
    ("I'm just kidding.", "en"),
    ("I need a minute.", "en"),
    ("Please never mind that.", "en"),
    ("Je ne sais pas.", "fr"),
    ("Ich weiß nicht.", "de"),
    ("Sono d'accordo.", "it"),
]
