"""Idioms of taste for the extraction coverage figure (``kore eval --sets coverage``).

Written on 2026-12-01 *before* the rules that read them, as people say what they like in
chats: "I'm more of a tea person", "X over Y any day", "X's not really my thing", "nothing
beats X", "I can't get enough of X", "I can't live without X", "X is my jam", "I really dig
X", "je suis fan de", "el fútbol no es lo mío", "ich stehe auf Jazz". Rows are (text,
language, category, phrase, class) as in :mod:`.coverage_extra`; negatives are (text,
language) and must yield no fact: the same words not about taste ("I can't get enough
sleep"), questions, other people's taste. Reported as ``prefs``, not in ``all``;
``PREFS_FINAL_*`` at the end were written after the rules, by their author, and never used to
tune them.
"""

from __future__ import annotations

PREF = "preference"

PREFS_POSITIVE: list[tuple[str, str, str, str, str]] = [
    ("I'm more of a tea person.", "en", PREF, "tea person", "person"),
    ("I'm not a morning person at all.", "en", PREF, "morning person", "person"),
    ("honestly im more of a dog person", "en", PREF, "dog person", "person"),
    ("Tea over coffee any day.", "en", PREF, "tea over coffee", "over"),
    ("Mountains over beaches, always.", "en", PREF, "mountains over beaches", "over"),
    ("Coffee's not really my thing.", "en", PREF, "coffee", "my thing"),
    ("Camping isn't my thing.", "en", PREF, "camping", "my thing"),
    ("Nothing beats a cold beer after work.", "en", PREF, "cold beer", "nothing beats"),
    ("Nothing beats homemade pasta.", "en", PREF, "homemade pasta", "nothing beats"),
    ("I'm not much of a reader.", "en", PREF, "reader", "not much of"),
    ("I'm not much of a drinker these days.", "en", PREF, "drinker", "not much of"),
    ("I can't get enough of K-pop.", "en", PREF, "K-pop", "can't get enough"),
    ("i cant get enough of this show", "en", PREF, "this show", "can't get enough"),
    ("I go crazy for dark chocolate.", "en", PREF, "dark chocolate", "crazy for"),
    ("I'm crazy about salsa dancing.", "en", PREF, "salsa dancing", "crazy for"),
    ("Jazz is my jam.", "en", PREF, "jazz", "my jam"),
    ("I really dig old-school hip hop.", "en", PREF, "old-school hip hop", "dig"),
    ("I can't live without my morning run.", "en", PREF, "morning run", "can't live without"),
    ("I could live on sushi.", "en", PREF, "sushi", "could live on"),
    ("I never get tired of Italian food.", "en", PREF, "Italian food", "never tired of"),
    ("I'm a sucker for a good mystery novel.", "en", PREF, "mystery novel", "sucker for"),
    ("Horror films are my guilty pleasure.", "en", PREF, "horror films", "guilty pleasure"),
    ("Vado matto per la pizza napoletana.", "it", PREF, "pizza napoletana", "crazy for"),
    ("Il jazz non fa per me.", "it", PREF, "jazz", "my thing"),
    ("Non posso vivere senza caffè.", "it", PREF, "caffè", "can't live without"),
    ("Me vuelve loco el chocolate.", "es", PREF, "chocolate", "crazy for"),
    ("Soy más de té que de café.", "es", PREF, "té", "person"),
    ("El fútbol no es lo mío.", "es", PREF, "fútbol", "my thing"),
    ("No puedo vivir sin música.", "es", PREF, "música", "can't live without"),
    ("Je suis fan de rugby.", "fr", PREF, "rugby", "fan"),
    ("Le jazz, ce n'est pas mon truc.", "fr", PREF, "jazz", "my thing"),
    ("Je ne peux pas vivre sans café.", "fr", PREF, "café", "can't live without"),
    ("Je raffole du chocolat noir.", "fr", PREF, "chocolat noir", "crazy for"),
    ("Ich stehe total auf Jazz.", "de", PREF, "Jazz", "dig"),
    ("Fußball ist nicht mein Ding.", "de", PREF, "Fußball", "my thing"),
    ("Ohne Kaffee kann ich nicht leben.", "de", PREF, "Kaffee", "can't live without"),
    ("Sou fã de samba.", "pt", PREF, "samba", "fan"),
    ("Futebol não é a minha praia.", "pt", PREF, "futebol", "my thing"),
    ("Não vivo sem café.", "pt", PREF, "café", "can't live without"),
]

PREFS_NEGATIVE: list[tuple[str, str]] = [
    ("I can't get enough sleep these days.", "en"),
    ("Nothing beats that, right?", "en"),
    ("Is jazz your thing?", "en"),
    ("That's not really my problem.", "en"),
    ("I'm not much of a help here, sorry.", "en"),
    ("My sister is more of a cat person.", "en"),
    ("You'd go crazy for this place.", "en"),
    ("Over the weekend we painted the fence.", "en"),
    ("It's not my thing to judge.", "en"),
    ("I could live on less, to be honest.", "en"),
    ("¿Eres fan del Madrid?", "es"),
    ("Sou fã dele?", "pt"),
]

PREFS_FINAL_POSITIVE: list[tuple[str, str, str, str, str]] = [
    ("I'm more of a sunrise hike kind of person.", "en", PREF, "sunrise hike", "person"),
    ("i'm not really a cat person tbh", "en", PREF, "cat person", "person"),
    ("Books over films, hands down.", "en", PREF, "books over films", "over"),
    ("Karaoke's not my thing at all.", "en", PREF, "karaoke", "my thing"),
    ("Nothing beats the smell of fresh bread.", "en", PREF, "fresh bread", "nothing beats"),
    ("I'm not much of a runner anymore.", "en", PREF, "runner", "not much of"),
    ("I can't get enough of Thai curries.", "en", PREF, "Thai curries", "can't get enough"),
    ("I'm absolutely crazy about vintage cars.", "en", PREF, "vintage cars", "crazy for"),
    ("Rainy Sundays are my happy place.", "en", PREF, "rainy Sundays", "my jam"),
    ("I could happily live on dumplings.", "en", PREF, "dumplings", "could live on"),
    ("Il calcio non fa proprio per me.", "it", PREF, "calcio", "my thing"),
    ("Soy muy fan de la música clásica.", "es", PREF, "música clásica", "fan"),
    ("Je ne pourrais pas vivre sans mon vélo.", "fr", PREF, "vélo", "can't live without"),
    ("Ich stehe echt auf alte Horrorfilme.", "de", PREF, "alte Horrorfilme", "dig"),
    ("Sou super fã de novelas.", "pt", PREF, "novelas", "fan"),
]
PREFS_FINAL_NEGATIVE: list[tuple[str, str]] = [
    ("I can't get enough done on Mondays.", "en"),
    ("Nothing beats me at chess, apparently.", "en"),
    ("My husband is not a morning person.", "en"),
    ("I'm not much of a threat, am I?", "en"),
    ("We went over the budget twice.", "en"),
    ("Ich stehe morgens immer früh auf.", "de"),
    ("No puedo vivir así.", "es"),
    ("Is hiking your thing?", "en"),
]
