"""Held-out update pairs, and non-updates, for ``kore eval --sets updates``.

Written on 2026-12-01 *before* reading how the slots decide what a later
statement replaces, and never used to tune the rules that followed: they stand for the
update pairs our users are measured on and nobody here has seen. Rows have the shape of
:data:`.coverage_blind.UpdatePair` (earlier, later, language, thing, new phrase, old phrase,
question, wording).

``HELDOUT_UPDATE_PAIRS``: ``wording`` is ``explicit`` (a word says it changed: "moved to",
"switched", "now", "stopped", "anymore") or ``implicit`` (a new value said in passing:
"now that we live in…", "since I started at…", "these days I…"). A statement that only ends
a fact ("I gave up smoking") has as its new phrase the words that say so.

``NON_UPDATES``: the later statement must *not* supersede the earlier one (a second pet,
a visit, a relative's move, the past): ``wording`` is ``non-update``; the pair is handled
when the earlier fact holding the old phrase exists and was not superseded (:mod:`.updates`).
"""

from __future__ import annotations

from evals.coverage_blind import UpdatePair

NON_UPDATE = "non-update"
"""The ``wording`` of a pair whose later statement must leave the earlier one current."""

HELDOUT_UPDATE_PAIRS: list[UpdatePair] = [
    # (earlier, later, lang, thing, new, old, question, wording)
    # places
    ("I live in Sheffield with my partner.", "We packed up and moved to Norwich in March.",
     "en", "city", "norwich", "sheffield", "where do I live?", "explicit"),
    ("I'm based in Toronto.", "Now that we live in Montreal I need to brush up my French.",
     "en", "city", "montreal", "toronto", "where do I live?", "implicit"),
    ("I live in Porto.", "Since we got to Gdansk the kids have been loving the beach.", "en",
     "city", "gdansk", "porto", "which city do I live in?", "implicit"),
    ("I live in a flat in Manchester.", "I relocated to Edinburgh for the new role.", "en",
     "city", "edinburgh", "manchester", "where do I live?", "explicit"),
    ("I live in Austin.", "Ever since moving to Seattle I've been hiking every weekend.", "en",
     "city", "seattle", "austin", "where do I live?", "implicit"),
    ("I live in Paris.", "I don't live in Paris anymore.", "en", "city", "anymore", "i live in",
     "do I live in Paris?", "explicit"),
    # jobs and employers
    ("I work at Deloitte as an auditor.", "I quit Deloitte and joined a startup called Fernway.",
     "en", "employer", "fernway", "deloitte", "where do I work?", "explicit"),
    ("I'm a dental hygienist.", "These days I work as a pharmacist.", "en", "job",
     "pharmacist", "hygienist", "what's my job?", "implicit"),
    ("I work for Unilever.", "Since I started at Klarna my commute is much shorter.", "en",
     "employer", "klarna", "unilever", "where do I work?", "implicit"),
    ("I'm a software engineer at a bank.",
     "I've switched careers and I'm a primary school teacher now.", "en", "job", "teacher",
     "software engineer", "what's my job?", "explicit"),
    ("I work at Amazon in the warehouse.", "I quit my job at Amazon last week.", "en",
     "employer", "quit", "warehouse", "where do I work?", "explicit"),
    ("I'm unemployed at the moment.", "I got a job at Tesco, I start on Monday!", "en",
     "employer", "tesco", "unemployed", "do I have a job?", "implicit"),
    # diets and habits
    ("I'll eat anything, I'm not picky.", "I've been vegetarian since the summer.", "en",
     "diet", "vegetarian", "anything", "what's my diet?", "implicit"),
    ("I'm vegan.", "I started eating fish again, so I'm pescatarian now.", "en", "diet",
     "pescatarian", "i'm vegan", "what's my diet?", "explicit"),
    ("I'm vegetarian.", "I no longer eat vegetarian, I'm back on meat.", "en", "diet",
     "no longer", "i'm vegetarian", "am I vegetarian?", "explicit"),
    ("I drink coffee every morning.", "I stopped drinking coffee a month ago.", "en",
     "coffee", "stopped", "every morning", "do I drink coffee?", "explicit"),
    ("I smoke about ten a day.", "I gave up smoking in the new year.", "en", "smoking",
     "gave up", "ten a day", "do I smoke?", "explicit"),
    # pets
    ("I have a hamster called Nibbles.",
     "Nibbles died in the spring; we've got a rabbit called Bun now.", "en", "pet", "bun",
     "nibbles", "what pet do I have?", "explicit"),
    ("I don't have any pets.", "We adopted a beagle named Pip last month.", "en", "pet",
     "pip", "any pets", "do I have a pet?", "implicit"),
    # relationship status
    ("I'm single at the moment.", "I'm in a relationship now, with a guy called Tom.", "en",
     "relationship", "relationship", "single", "am I single?", "explicit"),
    ("My girlfriend is called Ana.", "Ana and I got married in June, she's my wife now.", "en",
     "partner", "wife", "girlfriend", "who is my wife?", "explicit"),
    ("I'm married.", "I'm divorced since last year.", "en", "relationship", "divorced",
     "married", "am I married?", "explicit"),
    ("My boyfriend is Luke.", "Luke and I broke up, I'm single again.", "en", "relationship",
     "single", "boyfriend", "do I have a boyfriend?", "explicit"),
    # age
    ("I'm 29.", "I turned 30 last weekend!", "en", "age", "30", "29", "how old am I?",
     "explicit"),
    ("I am 41 years old.", "Now that I'm 42 my knees are complaining.", "en", "age", "42",
     "41", "how old am I?", "implicit"),
    ("I'm 17 years old.", "I'm 18 now, finally allowed to vote.", "en", "age", "18", "17",
     "how old am I?", "explicit"),
    # languages
    ("I'm learning Japanese.", "I switched from Japanese to Korean, it clicked better.", "en",
     "language learning", "korean", "japanese", "which language am I learning?", "explicit"),
    ("I'm studying German at evening classes.", "These days I'm learning Mandarin.", "en",
     "language learning", "mandarin", "german", "which language am I learning?", "implicit"),
    # teams
    ("I support Arsenal.", "I've become a Tottenham fan, my son made me.", "en", "team",
     "tottenham", "arsenal", "which team do I support?", "explicit"),
    ("I'm a Lakers fan.", "I root for the Celtics these days.", "en", "team", "celtics",
     "lakers", "which team am I a fan of?", "implicit"),
    # devices
    ("I use a Pixel 6.", "I switched to an iPhone 14 last week.", "en", "phone", "iphone",
     "pixel", "what phone do I use?", "explicit"),
    ("My laptop is a ThinkPad.", "My laptop is a MacBook Air these days.", "en", "laptop",
     "macbook", "thinkpad", "what laptop do I have?", "implicit"),
    ("I drive a Golf.", "Ever since I got the Kia EV6 I never buy petrol.", "en", "car", "kia",
     "golf", "what car do I drive?", "implicit"),
    # hobbies
    ("I play tennis on weekends.", "I've taken up padel instead of tennis.", "en", "hobby",
     "padel", "tennis on weekends", "what sport do I play?", "explicit"),
    ("My hobby is painting.", "My hobby these days is rock climbing.", "en", "hobby",
     "climbing", "painting", "what's my hobby?", "implicit"),
    ("I run marathons.", "I don't run anymore because of my knee.", "en", "running", "anymore",
     "marathons", "do I run?", "explicit"),
    ("I play guitar in a band.", "I no longer play in the band.", "en", "band", "no longer",
     "guitar", "do I play in a band?", "explicit"),
    # it / es / fr / de / pt
    ("Vivo a Torino.", "Mi sono trasferito a Bologna.", "it", "city", "bologna", "torino",
     "Dove vivo?", "explicit"),
    ("Lavoro alla Fiat.", "Adesso lavoro in Ferrari, ho meno tempo libero.", "it", "employer",
     "ferrari", "fiat", "Dove lavoro?", "explicit"),
    ("Vivo en Sevilla.", "Nos mudamos a Zaragoza el mes pasado.", "es", "city", "zaragoza",
     "sevilla", "¿Dónde vivo?", "explicit"),
    ("Soy vegetariano.", "Ya no soy vegetariano, ahora como de todo.", "es", "diet", "ya no",
     "soy vegetariano", "¿Soy vegetariano?", "explicit"),
    ("Je travaille chez Renault.", "Je travaille chez Airbus maintenant.", "fr", "employer",
     "airbus", "renault", "Où est-ce que je travaille ?", "explicit"),
    ("J'ai 25 ans.", "J'ai 26 ans maintenant.", "fr", "age", "26", "25", "Quel âge ai-je ?",
     "explicit"),
    ("Ich bin Lehrerin.", "Ich arbeite jetzt als Ärztin.", "de", "job", "ärztin", "lehrerin",
     "Was ist mein Beruf?", "explicit"),
    ("Ich wohne in Hamburg.", "Seit wir in Dresden wohnen, fahre ich Rad.", "de", "city",
     "dresden", "hamburg", "Wo wohne ich?", "implicit"),
    ("Moro em Lisboa.", "Agora moro no Porto.", "pt", "city", "porto", "lisboa",
     "Onde eu moro?", "explicit"),
    ("Trabalho na Petrobras.", "Hoje trabalho na Embraer.", "pt", "employer", "embraer",
     "petrobras", "Onde eu trabalho?", "implicit"),
]

NON_UPDATES: list[UpdatePair] = [
    ("I have a dog called Biscuit.", "We also got a cat named Pepper.", "en", "pet", "pepper",
     "biscuit", "what's my dog called?", NON_UPDATE),
    ("I live in Milan.", "I used to live in Rome.", "en", "city", "rome", "milan",
     "where do I live?", NON_UPDATE),
    ("I live in Berlin.", "I'm visiting Prague next week for a conference.", "en", "city",
     "prague", "berlin", "where do I live?", NON_UPDATE),
    ("I live in Dublin.", "My sister moved to Cork last year.", "en", "city", "cork", "dublin",
     "where do I live?", NON_UPDATE),
    ("I work at Siemens.", "My husband works at Bosch.", "en", "employer", "bosch", "siemens",
     "where do I work?", NON_UPDATE),
    ("I'm 34.", "My brother just turned 40.", "en", "age", "40", "34", "how old am I?",
     NON_UPDATE),
    ("I support Liverpool.", "My dad supports Everton.", "en", "team", "everton", "liverpool",
     "which team do I support?", NON_UPDATE),
    ("I have an iPhone 13.", "My wife has a Pixel 7.", "en", "phone", "pixel", "iphone",
     "what phone do I have?", NON_UPDATE),
    ("I play chess.", "I also started playing the piano.", "en", "hobby", "piano", "chess",
     "do I play chess?", NON_UPDATE),
    ("I live in Oslo.", "We spent the summer in Bergen at my in-laws'.", "en", "city",
     "bergen", "oslo", "where do I live?", NON_UPDATE),
    ("I'm vegetarian.", "My son stopped eating meat too.", "en", "diet", "son",
     "vegetarian", "am I vegetarian?", NON_UPDATE),
    ("Vivo a Roma.", "Mio fratello si è trasferito a Napoli.", "it", "city", "napoli", "roma",
     "Dove vivo?", NON_UPDATE),
    ("Je suis marié.", "Mon frère est divorcé.", "fr", "relationship", "divorcé", "marié",
     "Est-ce que je suis marié ?", NON_UPDATE),
]

# Written after the rules that end a fact (whose design saw the misses of the two lists above),
# in wordings not used while writing them, and never run before the final figure: the
# figure nobody tuned on.
FRESH_UPDATE_PAIRS: list[UpdatePair] = [
    ("We live just outside Cardiff.", "We finally moved up to Inverness in the autumn.", "en",
     "city", "inverness", "cardiff", "where do I live?", "explicit"),
    ("I live in Tallinn.", "Since we arrived in Riga, I've been cycling to work.", "en",
     "city", "riga", "tallinn", "where do I live?", "implicit"),
    ("I'm based in Bristol.", "I'm not based in Bristol any more.", "en", "city",
     "any more", "bristol", "am I based in Bristol?", "explicit"),
    ("I work for Oracle.", "I quit my job at Oracle in the summer.", "en", "employer", "quit",
     "i work for", "where do I work?", "explicit"),
    ("I work at the Royal Mail depot.", "I've started working at Ocado, nights.", "en",
     "employer", "ocado", "royal mail", "where do I work?", "implicit"),
    ("I'm a plumber.", "I'm an electrician now, retrained last year.", "en", "job",
     "electrician", "plumber", "what do I do for work?", "explicit"),
    ("I'm pescatarian.", "I'm no longer pescatarian, I went fully vegan.", "en", "diet",
     "vegan", "i'm pescatarian", "what's my diet?", "explicit"),
    ("I eat pretty much anything.", "I've gone vegetarian, for the planet.", "en", "diet",
     "vegetarian", "anything", "what's my diet?", "implicit"),
    ("I drink a lot of energy drinks.", "I've stopped drinking energy drinks completely.", "en",
     "energy drinks", "stopped", "a lot of", "do I drink energy drinks?", "explicit"),
    ("I smoke roll-ups.", "I quit smoking three months ago!", "en", "smoking", "quit",
     "roll-ups", "do I smoke?", "explicit"),
    ("I play the violin.", "I don't play the violin anymore.", "en", "violin", "anymore",
     "i play the violin", "do I play the violin?", "explicit"),
    ("I'm 52.", "I just turned 53 on Friday.", "en", "age", "53", "52", "how old am I?",
     "explicit"),
    ("I'm 23 years old.", "I'm 24 now, time flies.", "en", "age", "24", "23", "how old am I?",
     "explicit"),
    ("I'm engaged.", "We got married in May!", "en", "relationship", "married", "engaged",
     "am I married?", "explicit"),
    ("I'm a Chelsea supporter.", "I've become a Fulham fan these days.", "en", "team",
     "fulham", "chelsea", "which team do I support?", "explicit"),
    ("My bike is a Trek.", "My bike is a Brompton now.", "en", "bike", "brompton", "trek",
     "what bike do I have?", "explicit"),
    ("Vivo a Firenze.", "Adesso vivo a Verona.", "it", "city", "verona", "firenze",
     "Dove vivo?", "explicit"),
    ("Tengo 40 años.", "Ya tengo 41 años.", "es", "age", "41", "40", "¿Cuántos años tengo?",
     "explicit"),
    ("Ich arbeite bei Audi.", "Ich arbeite jetzt bei Porsche.", "de", "employer", "porsche",
     "audi", "Wo arbeite ich?", "explicit"),
    ("J'habite à Lyon.", "Depuis qu'on habite à Lille, je fais du vélo.", "fr", "city",
     "lille", "lyon", "Où est-ce que j'habite ?", "implicit"),
]

FRESH_NON_UPDATES: list[UpdatePair] = [
    ("I live in Bath.", "My parents moved to Exeter this year.", "en", "city", "exeter",
     "bath", "where do I live?", NON_UPDATE),
    ("I'm 45.", "My daughter turned 12 yesterday.", "en", "age", "12", "45", "how old am I?",
     NON_UPDATE),
    ("I drink coffee every morning.", "I stopped drinking tea years ago.", "en", "coffee",
     "tea", "coffee", "do I drink coffee?", NON_UPDATE),
    ("I play football on Sundays.", "I also play squash now.", "en", "sport", "squash",
     "football", "what sport do I play?", NON_UPDATE),
    ("I work at Nokia.", "I stopped by the Ericsson office yesterday.", "en", "employer",
     "ericsson", "nokia", "where do I work?", NON_UPDATE),
    ("I'm vegetarian.", "I'm not vegan anymore, but still vegetarian.", "en", "diet",
     "vegan", "i'm vegetarian", "am I vegetarian?", NON_UPDATE),
]
