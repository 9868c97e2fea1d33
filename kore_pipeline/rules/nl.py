"""Dutch: the grammar of facts.

What a Dutch speaker says of themself, as rules grouped by kind: preferences (likes,
favourites, dislikes), decisions (choices, plans), habits (routines, never, given up) and
the profile (name and age, residence and origin, work, diet and health, partner, family and
pets, car). At the end, the word lists the engine reads.

Dutch puts its verb second: after a time or a place the subject follows the verb ("Sinds
maart woon ik in Gent", "Elke ochtend drink ik koffie"), so the frames that matter have an
inverted rule too. Chat Dutch drops its "ik" at the start of a sentence ("woon in Utrecht",
"werk bij ASML", "ben vegetariër"): :data:`IK` reads both. "We"/"wij" households count as
the speaker's ("we wonen in Leiden"). Rules are tried in this order: at a tie (same start,
same length) the earlier one wins.
"""

from __future__ import annotations

from kore_pipeline.rules.shape import (
    CAP,
    DECISION,
    HABIT,
    NAME_CAP,
    NAME_LOWER,
    ORG_VALUE,
    OWNED_HERE,
    OWNED_VALUE,
    PET_BREEDS,
    PLACE_VALUE,
    PREFERENCE,
    PROFILE,
    Grammar,
    Rule,
    any_of,
    words,
)

LEAD = (r"^(?:(?:hoi|hallo|hey|hi|nou|ja|oké|oke|ok|dus|trouwens|btw|haha|goedemorgen|"
        r"moi|joh|zeg|eigenlijk|eerlijk\s+gezegd),?!?\s+)*")
"""Greetings and fillers a chat sentence may open with."""
IK = r"(?:\bik\s+|" + LEAD + r")"
"""The speaker: "ik", or nothing at the sentence's start ("woon in Utrecht")."""
WE = r"(?:\b(?:ik|we|wij)\s+|" + LEAD + r")"
"""The speaker or their household."""
SINCE = (r"(?:(?:nu|sinds\s+(?:\d+\s+)?\w+|al\s+(?:\w+\s+)?(?:jaar|jaren|maanden)|inmiddels|"
         r"tegenwoordig|alweer|momenteel|gewoon|eigenlijk|weer|nog|kort)\s+)*")
"""Adverbs between a verb and its place ("woon sinds 2019 in", "werk al jaren bij")."""
NICE = any_of(r"lekker leuk fijn geweldig heerlijk mooi prachtig gaaf tof super top "
              r"fantastisch genial")
"""What one finds good ("ik vind sushi *lekker*")."""
NASTY = any_of(r"vies smerig walgelijk vreselijk verschrikkelijk stom saai eng "
               r"niet\s+lekker niet\s+leuk irritant")
"""What one finds bad ("spruitjes vind ik *vies*")."""
VERY = (r"(?:(?:echt|heel|super|erg|zo|best|wel|gewoon|ontzettend|mega|ook|toch|eigenlijk|"
        r"meer|nog\s+steeds|altijd|de\s+laatste\s+tijd|stiekem)\s+)*")
"""Intensifiers before a judgement."""
NOT_A_THING = r"(?!(?:het|dat|dit|'t|je|jou|u|hem|haar|dat\s+wel|zoiets|wat|zo)\b)"
"""Pronouns: "ik vind *het* leuk" names nothing one likes."""
NOT_A_HABIT_VERB = (r"(?!(?:ben|was|heb|had|kan|wil|moet|zal|zou|weet|vind|denk|zeg|hoop|"
                    r"word|werd|mag)\b)")
"""Auxiliaries and verbs of saying: "ik ben altijd moe" is no routine."""
RELATIVE = (r"(?:vrouw|man|vriend|vriendin|vriendje|lief|partner|verloofde|zoon|zoontje|"
            r"dochter|dochtertje|broer|zus|zusje|broertje|moeder|vader|oma|opa|hond|hondje|"
            r"kat|katje|kater|poes|konijn|cavia|paard)")
"""Who has a name ("mijn vriendin Sanne", "onze hond Bobbie")."""
NAME_FOLLOWERS = words(
    "is heeft was wordt komt kookt gaat doet speelt werkt woont studeert slaapt eet blaft en "
    "zit houdt loopt rijdt")
"""Verbs right after a relative's name, which show the word before is a name."""
CONDITION = (r"(?:[\w-]*allergie|[\w-]*intolerantie|diabetes|astma|migraine|coeliakie|reuma|"
             r"adhd|add|eczeem|hooikoorts|epilepsie|artrose|hoge\s+bloeddruk|ptss|long\s+covid|"
             r"de\s+ziekte\s+van\s+\w+)")
"""Conditions one "has" ("ik heb migraine", "heb een notenallergie")."""
END = r"(?=\s*(?:[.;!?,]|$)|\s+(?:omdat|maar|want|dus|en\s+nu)\b)"
"""The end of a clause, for rules whose fact runs to it."""

WEEKDAY_PART = (r"(?:maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag)"
                r"(?:avond|ochtend|middag)?")
"""A day of the week, with its part of the day ("woensdagavond")."""
WEEKLY_WITH = (r"(?=[\w'-]+(?:\s+[\w'-]+){0,3}\s+(?:met|bij|in\s+de)\b)")
"""What fills a weekly slot said without a verb: a few words, then who with or where."""

RULES: tuple[Rule, ...] = (
    # --- Preferences: likes ("ik hou van", "vind … lekker", "graag", "dol op") ---
    Rule('nl.preference.like.hou_van', PREFERENCE,
         IK + r"hou(?:d)?\s+" + VERY + r"(?:heel\s+erg\s+)?van\b(?!\s+(?:je|jou|jullie|u)\b)",
         examples={"Ik hou van jazz.": "jazz",
                       "ik hou echt van lange wandelingen": "lange wandelingen"},
         counter=("Ik hou niet van jazz.", "ik hou van je")),
    Rule('nl.preference.like.van_hou_ik', PREFERENCE,
         r"^van\s+(?P<fact>[\w' -]{2,40}?)\s+hou(?:d)?\s+ik\b(?!\s+niet\b)",
         examples={"Van Italiaans eten hou ik echt.": "Italiaans eten"},
         counter=("Van koriander hou ik niet.",)),
    Rule('nl.preference.like.vind_lekker', PREFERENCE,
         IK + r"vind\s+" + NOT_A_THING + r"(?P<fact>(?:(?!\s+niet\b)[^.;!?,]){2,60}?)\s+"
         + VERY + NICE + r"\b",
         examples={"Ik vind sushi heel lekker.": "sushi",
                       "vind fietsen in de regen leuk": "fietsen in de regen"},
         counter=("Ik vind het leuk.", "Ik vind sushi niet lekker.")),
    Rule('nl.preference.like.vind_ik_lekker', PREFERENCE,
         r"^(?P<fact>(?!(?:dat|het|dit|wat|zo|dat\s+vind)\b)[\w' -]{2,40}?)\s+vind\s+ik\s+" + VERY
         + NICE + r"\b",
         examples={"Pannenkoeken vind ik super lekker": "Pannenkoeken"},
         counter=("Dat vind ik leuk", "Pannenkoeken vind ik niet lekker")),
    Rule('nl.preference.like.graag', PREFERENCE,
         r"\bik\s+(?P<pre>(?!(?:wil|zou|had|wou|help|doe|mag|ga|kom)\b)\w+)\s+"
         r"(?:heel\s+|erg\s+|echt\s+|ook\s+|best\s+)?graag\b",
         examples={"Ik kook heel graag Indonesisch.": "kook Indonesisch"},
         counter=("Ik wil graag een koffie.", "Ik help je graag.")),
    Rule('nl.preference.like.liever', PREFERENCE,
         r"\bik\s+(?P<pre>(?!(?:zou|had|wil|heb)\b)\w+)\s+(?:veel\s+|toch\s+|eigenlijk\s+)?liever\b",
         examples={"Ik drink liever thee dan koffie.": "drink thee dan koffie"},
         counter=("Ik zou liever thuisblijven.",)),
    Rule('nl.preference.like.dol_op', PREFERENCE,
         IK + r"ben\s+" + VERY + r"(?:helemaal\s+)?(?:dol\s+op|gek\s+op|fan\s+van|verslaafd\s+aan|"
         r"weg\s+van|een\s+(?:grote\s+|enorme\s+)?fan\s+van)\b",
         examples={"Ik ben gek op Thais eten.": "Thais eten",
                       "ben echt een grote fan van Ajax": "Ajax"}),
    # --- Preferences: favourites ---
    Rule('nl.preference.favourite.mijn_favoriete', PREFERENCE,
         r"\bmijn\s+(?:favoriete\s+[\w-]+|lievelings[\w-]+)\s+(?:is|zijn)\b",
         examples={"Mijn favoriete band is Racoon.": "Racoon",
                       "mijn lievelingseten is stamppot": "stamppot"}),
    # --- Preferences: dislikes ("hekel aan", "kan niet tegen", "vind … vies") ---
    Rule('nl.preference.dislike.hekel_aan', PREFERENCE,
         IK + r"heb\s+(?:echt\s+|gewoon\s+)?(?:een\s+)?(?:\w+\s+)?\w*hekel\s+aan\b",
         polarity='-',
         examples={"Ik heb een hekel aan files.": "files",
                       "heb echt een bloedhekel aan regen": "regen"}),
    Rule('nl.preference.dislike.kan_niet_tegen', PREFERENCE,
         IK + r"kan\s+(?:echt\s+|gewoon\s+|absoluut\s+|slecht\s+)?(?:niet|slecht)\s+tegen\b",
         polarity='-', examples={"Ik kan niet tegen harde muziek.": "harde muziek"}),
    Rule('nl.preference.dislike.haat', PREFERENCE,
         IK + r"(?:haat|verafschuw)\b", polarity='-',
         examples={"Ik haat maandagen.": "maandagen"}),
    Rule('nl.preference.dislike.hou_niet_van', PREFERENCE,
         IK + r"hou(?:d)?\s+(?:echt\s+|helemaal\s+|gewoon\s+)?niet\s+(?:zo\s+)?van\b",
         polarity='-', examples={"Ik hou niet van drukte.": "drukte"}),
    Rule('nl.preference.dislike.vind_vies', PREFERENCE,
         IK + r"vind\s+" + NOT_A_THING + r"(?P<fact>[^.;!?,]{2,60}?)\s+" + VERY + NASTY + r"\b",
         polarity='-', examples={"Ik vind spruitjes echt vies.": "spruitjes"},
         counter=("Ik vind het vies.",)),
    Rule('nl.preference.dislike.vind_ik_vies', PREFERENCE,
         r"^(?P<fact>(?!(?:dat|het|dit|wat|zo)\b)[\w' -]{2,40}?)\s+vind\s+ik\s+" + VERY + NASTY
         + r"\b",
         polarity='-', examples={"Olijven vind ik smerig": "Olijven"},
         counter=("Dat vind ik stom",)),
    Rule('nl.preference.dislike.lust_geen', PREFERENCE,
         IK + r"lust\s+(?:echt\s+)?geen\b", polarity='-',
         examples={"Ik lust geen vis.": "vis"}),
    Rule('nl.preference.dislike.niet_mijn_ding', PREFERENCE,
         r"^(?P<fact>(?!(?:dat|het|dit)\b)[\w' -]{2,40}?)\s+is\s+(?:echt\s+|gewoon\s+)?niet\s+"
         r"(?:zo\s+)?mijn\s+ding\b",
         polarity='-', examples={"Voetbal is niet mijn ding.": "Voetbal"},
         counter=("Dat is niet mijn ding.",)),
    # --- Decisions: choices made ---
    Rule('nl.decision.choice.besloten', DECISION,
         WE + r"(?:heb|hebben)\s+(?:nu\s+|eindelijk\s+|toch\s+)?besloten,?\s+(?:om\s+|dat\s+)?",
         examples={"Ik heb besloten om te stoppen met roken.": "te stoppen met roken",
                   "we hebben besloten om een hond te nemen": "hond te nemen"},
         counter=("Heb je besloten?",)),
    Rule('nl.decision.choice.gekozen_voor', DECISION,
         WE + r"(?:heb|hebben)\s+(?:uiteindelijk\s+|toch\s+|nu\s+)?gekozen\s+voor\b",
         examples={"We hebben gekozen voor een elektrische auto.": "elektrische auto"}),
    Rule('nl.decision.choice.voor_gekozen', DECISION,
         WE + r"(?:heb|hebben)\s+(?:uiteindelijk\s+|toch\s+|nu\s+)?voor\s+"
         r"(?P<fact>[^.;!?]{1,80}?)\s+"
         r"gekozen\b",
         examples={"Ik heb uiteindelijk voor Linux gekozen.": "Linux"}),
    Rule('nl.decision.choice.kies_voor', DECISION,
         r"\b(?:ik\s+kies|we\s+kiezen|wij\s+kiezen)\s+(?:toch\s+|dan\s+)?voor\b",
         examples={"Ik kies voor de trein.": "trein"}),
    # --- Decisions: plans ("ik ga … verhuizen", "van plan", "ik wil … leren") ---
    Rule('nl.decision.plan.ga', DECISION,
         r"\b(?:ik\s+ga|we\s+gaan|wij\s+gaan)\s+(?!(?:nu|zo|even|niet|maar|slapen|kijken|eens|"
         r"ervoor|weg|door|dood|het|dat)\b)(?=[^.;!?]*?\w+en\s*(?:[.;!?,]|$))",
         examples={"Ik ga volgend jaar Spaans leren.": "volgend jaar Spaans leren",
                   "we gaan in de zomer verhuizen": "in de zomer verhuizen"},
         counter=("Ik ga even kijken.", "ik ga nu slapen")),
    Rule('nl.decision.plan.van_plan', DECISION,
         WE + r"(?:ben|zijn)\s+(?:echt\s+)?van\s+plan\s+(?:om\s+)?",
         examples={"Ik ben van plan om een marathon te lopen.": "marathon te lopen"}),
    Rule('nl.decision.plan.wil', DECISION,
         r"\b(?:ik|we|wij)\s+(?:wil|willen)\s+(?:dit\s+jaar\s+|volgend\s+jaar\s+|eindelijk\s+|"
         r"echt\s+)?(?!(?:weten|vragen|zeggen|even|niet|graag|je|jij|u|dat|het)\b)"
         r"(?=[^.;!?]*?\w+en\s*(?:[.;!?,]|$))",
         examples={"Ik wil dit jaar stoppen met roken.": "stoppen met roken"},
         counter=("Ik wil even vragen hoe dat zit.",)),
    Rule('nl.decision.tool.neem', DECISION,
         r"\b(?:ik\s+neem|we\s+nemen|wij\s+nemen)\s+(?!(?:aan|contact|even|de\s+tijd|het\s+risico|"
         r"dat|het|je|jou|u)\b)",
         examples={"We nemen de trein.": "trein"}, counter=("Ik neem aan dat het klopt.",)),
    # --- Habits: routines ("ik … altijd", "elke ochtend … ik", "'s avonds") ---
    Rule('nl.habit.routine.altijd', HABIT,
         r"\bik\s+(?P<pre>" + NOT_A_HABIT_VERB + r"\w+)\s+(?:meestal|altijd|vaak|normaal|"
         r"gewoonlijk|doorgaans|dagelijks)\b",
         examples={"Ik fiets altijd naar mijn werk.": "fiets naar mijn werk"},
         counter=("Ik ben altijd moe.",)),
    Rule('nl.habit.routine.elke_ik', HABIT,
         r"\b(?P<when>(?:elke|iedere)\s+(?:ochtend|morgen|dag|avond|week|nacht|maandag|dinsdag|"
         r"woensdag|donderdag|vrijdag|zaterdag|zondag)|(?:elk|ieder)\s+weekend|'s\s+(?:ochtends|"
         r"morgens|middags|avonds)|(?:maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|"
         r"zondag)s?avond|op\s+(?:maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag)"
         r"en?)\s+(?P<pre>" + NOT_A_HABIT_VERB + r"\w+)\s+(?:ik|we|wij)\b",
         examples={"Elke ochtend drink ik koffie.": "drink koffie elke ochtend"},
         counter=("Elke dag ben ik moe.",)),
    Rule('nl.habit.routine.ik_elke', HABIT,
         IK + r"(?P<pre>" + NOT_A_HABIT_VERB + r"\w+)\s+(?P<when>(?:elke|iedere)\s+(?:ochtend|"
         r"morgen|dag|avond|week|maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag)|"
         r"(?:elk|ieder)\s+weekend|'s\s+(?:ochtends|morgens|middags|avonds))\b",
         examples={"Ik zwem elke zaterdag in het Sloterparkbad.":
                   "zwem in het Sloterparkbad elke zaterdag"},
         counter=("Ik ben elke dag moe.",)),
    Rule('nl.habit.routine.meestal_ik', HABIT,
         r"\b(?:meestal|normaal\s+gesproken|gewoonlijk|doorgaans|vaak)\s+(?P<pre>"
         + NOT_A_HABIT_VERB + r"\w+)\s+(?:ik|we|wij)\b",
         examples={"Meestal werk ik thuis.": "werk thuis"}),
    Rule('nl.habit.routine.sta_op', HABIT,
         r"\bik\s+(?P<pre>sta|ga)\s+(?=(?:om|rond|voor|na)\s+(?:\d|half|middernacht|een|twee|drie|"
         r"vier|vijf|zes|zeven|acht|negen|tien|elf|twaalf)[^.;!?]{0,30}?\b(?:op|naar\s+bed|"
         r"slapen)\b)",
         examples={"Ik sta om zes uur op.": "sta om zes uur op"}),
    # --- Habits: never ("nooit", "eet geen vlees") ---
    Rule('nl.habit.never.nooit', HABIT,
         r"\bik\s+(?P<pre>" + NOT_A_HABIT_VERB + r"\w+)\s+(?:nooit|nimmer)\b",
         polarity='-', examples={"Ik drink nooit alcohol.": "drink alcohol"},
         counter=("Ik ben nooit in Japan geweest.",)),
    Rule('nl.habit.never.geen', HABIT,
         IK + r"(?P<pre>eet|drink|rook|gebruik)\s+(?:al\s+(?:\w+\s+)?jaren\s+|echt\s+)?geen\b"
         r"(?!\s+[\w-]+\s+meer\b)",
         polarity='-', examples={"Ik eet geen vlees.": "eet vlees",
                                     "drink geen alcohol": "drink alcohol"},
         counter=("Ik eet geen vlees meer.",)),
    # --- Habits: given up ("gestopt met", "niet meer") ---
    Rule('nl.habit.ended.gestopt', HABIT,
         r"\b(?P<fact>(?:ik\s+ben|we\s+zijn)\s+(?:[\w-]+\s+){0,3}?gestopt\s+met\s+[^.;!?,]{1,60}?)"
         + END,
         examples={"Ik ben vorig jaar gestopt met roken.": "Ik ben vorig jaar gestopt met roken"}),
    Rule('nl.habit.ended.niet_meer', HABIT,
         r"\b(?P<fact>ik\s+\w+\s+(?:[\w-]+\s+){0,3}?(?:niet|geen\s+[\w-]+)\s+meer\b[^.;!?,]{0,60}?)"
         + END,
         examples={"Ik eet geen vlees meer.": "Ik eet geen vlees meer",
                   "Ik rook niet meer.": "Ik rook niet meer"}),
    # --- Profile: name and age ---
    Rule('nl.profile.name.heet', PROFILE,
         r"\bik\s+heet\b|\bmijn\s+naam\s+is\b",
         examples={"Ik heet Sanne.": "Sanne"}),
    # De leeftijd die je bijna hebt: "ik word in juni 60".
    Rule("nl.profile.age.word", PROFILE,
         r"(?:^(?:(?:nou|ok|en)\s+)?|\bik\s+)(?P<fact>word\s+(?:(?:in\s+\w+|volgende\s+\w+|morgen|"
         r"binnenkort|dit\s+jaar|zaterdag|zondag)\s+)?(?P<value>\d{1,3}))\b(?!\s*(?:minuten|min|km|%|euro|keer))",
         slot="age",
         examples={"ik word volgende week 40 en wil een feestje": "word volgende week 40"},
         counter=("mijn dochter wordt 12", "ik word 3 keer per dag gebeld")),
    Rule('nl.profile.age.ben_jaar', PROFILE,
         r"\b(?P<pre>ik\s+ben)\s+(?:nu\s+|net\s+)?(?P<fact>\d{1,3})(?:\s+jaar(?:\s+oud)?)?"
         r"(?=\s*(?:[.,;!?]|en\b|$))",
         examples={"Ik ben 34 jaar.": "ik ben 34"}, counter=("Ik ben 5 minuten te laat.",)),
    Rule('nl.profile.age.geworden', PROFILE,
         r"\b(?P<pre>ik\s+ben)\s+(?:net\s+|gisteren\s+|vandaag\s+)?(?P<fact>\d{1,3})\s+geworden\b",
         examples={"Ik ben gisteren 40 geworden!": "ik ben 40"}),
    # --- Profile: residence and origin ---
    Rule('nl.profile.residence.woon', PROFILE,
         WE + r"(?:woon|wonen)\s+" + SINCE + r"in\b",
         examples={"Ik woon in Utrecht.": "Utrecht", "wonen sinds kort in Zwolle": "Zwolle",
                   "We wonen al jaren in Antwerpen.": "Antwerpen"},
         counter=("Woon jij in Utrecht?",), slot="residence"),
    Rule('nl.profile.residence.woon_ik', PROFILE,
         r"\b(?:woon\s+ik|wonen\s+we|wonen\s+wij)\s+" + SINCE + r"in\b",
         examples={"Sinds maart woon ik in Gent.": "Gent"}, slot="residence"),
    Rule('nl.profile.residence.verhuisd_naar', PROFILE,
         WE + r"(?:ben|zijn)\s+(?:[\w-]+\s+){0,3}?verhuisd\s+naar\b",
         examples={"We zijn vorige maand verhuisd naar Delft.": "Delft"}, slot="residence"),
    Rule('nl.profile.residence.naar_verhuisd', PROFILE,
         WE + r"(?:ben|zijn)\s+(?:[\w-]+\s+){0,3}?naar\s+(?P<fact>[^.;!?,]{1,40}?)\s+verhuisd\b",
         examples={"Ik ben in mei naar Groningen verhuisd.": "Groningen"}, slot="residence"),
    Rule('nl.profile.origin.kom_uit', PROFILE,
         IK + r"kom\s+(?:oorspronkelijk\s+|eigenlijk\s+|zelf\s+)?uit\b",
         examples={"Ik kom uit Limburg.": "Limburg", "kom oorspronkelijk uit Suriname": "Suriname"},
         counter=("Kom je uit Limburg?",)),
    Rule('nl.profile.origin.geboren_in', PROFILE,
         IK + r"ben\s+geboren\s+in\b",
         examples={"Ik ben geboren in Rotterdam.": "Rotterdam"}),
    Rule('nl.profile.origin.in_geboren', PROFILE,
         r"\bik\s+ben\s+in\s+(?P<fact>[^.;!?,]{1,60}?)\s+geboren\b",
         examples={"Ik ben in Eindhoven geboren.": "Eindhoven"}),
    # --- Profile: work ---
    Rule('nl.profile.work.werk_bij', PROFILE,
         IK + r"werk\s+" + SINCE + r"(?:bij|voor)\b",
         examples={"Ik werk bij Philips.": "Philips",
                       "werk sinds 2021 bij de gemeente": "gemeente"},
         counter=("Werk jij bij Philips?",), slot="employer"),
    Rule('nl.profile.work.werk_als', PROFILE,
         IK + r"werk\s+" + SINCE + r"als\b",
         examples={"Ik werk als verpleegkundige.": "verpleegkundige"}, slot="job"),
    Rule('nl.profile.work.werk_ik', PROFILE,
         r"\bwerk\s+ik\s+" + SINCE + r"(?:bij|voor|als)\b",
         examples={"Sinds vorig jaar werk ik bij Rabobank.": "Rabobank"}, slot="employer"),
    Rule('nl.profile.work.ben_beroep', PROFILE,
         IK + r"ben\s+(?:nu\s+|inmiddels\s+)?(?:een\s+)?(?P<fact>(?:docent|leraar|lerares|"
         r"verpleegkundige|verpleger|arts|huisarts|tandarts|programmeur|ontwikkelaar|developer|"
         r"ingenieur|student|advocaat|kok|bakker|kapper|boekhouder|accountant|journalist|"
         r"architect|fysiotherapeut|psycholoog|loodgieter|elektricien|monteur|verkoper|"
         r"consultant|designer|fotograaf|boer|piloot|politieagent|brandweerman|apotheker|"
         r"dierenarts|onderzoeker|zzp'er|freelancer|gepensioneerd|met\s+pensioen|leerkracht|"
         r"juf|meester|kleuterjuf|schoonmaker|chauffeur|vrachtwagenchauffeur|conducteur|"
         r"secretaresse|receptionist|kassamedewerker|timmerman|tuinman|kapster|"
         r"verzorgende|doktersassistent|apothekersassistent|pedagogisch\s+medewerker|"
         r"zorgmedewerker|jurist|notaris|econoom|data\s+analist|analist|"
         r"werkloos)(?:e|te)?)\b",
         examples={"Ik ben docent op een middelbare school.": "docent",
                   "ben met pensioen sinds vorig jaar": "met pensioen"},
         slot="job"),
    # --- Profile: diet and health ---
    Rule('nl.profile.diet.vegetarier', PROFILE,
         IK + r"ben\s+" + SINCE + r"(?:strikt\s+|volledig\s+)?(?P<fact>vegetari[eë]r|veganist|"
         r"vegan|veganistisch|vegetarisch|pescotari[eë]r|flexitari[eë]r)\b",
         examples={"Ik ben vegetariër.": "vegetariër", "ben al jaren veganist": "veganist"},
         counter=("Ben jij vegetariër?",), slot="diet"),
    Rule('nl.profile.health.allergisch', PROFILE,
         IK + r"ben\s+(?:heel\s+|erg\s+|zwaar\s+|licht\s+)?(?=allergisch\s+(?:voor|aan|op)\b)",
         examples={"Ik ben allergisch voor noten.": "allergisch voor noten"}, slot="health"),
    Rule('nl.profile.health.heb', PROFILE,
         IK + r"heb\s+(?:(?:sinds\s+\w+|al\s+jaren|helaas|ook|last\s+van|chronische)\s+)*"
         r"(?:een\s+|'n\s+)?(?=" + CONDITION + r"\b)",
         examples={"Ik heb diabetes type 1.": "diabetes type 1", "heb helaas migraine": "migraine"},
         counter=("Heb jij migraine?",), slot="health"),
    Rule('nl.profile.health.intolerant', PROFILE,
         IK + r"ben\s+(?P<fact>[\w-]*intolerant|diabeet|astmapatiënt)\b",
         examples={"Ik ben lactose-intolerant.": "lactose-intolerant"}, slot="health"),
    # --- Profile: partner ---
    Rule('nl.profile.relationship.status', PROFILE,
         IK + r"ben\s+" + SINCE + r"(?:gelukkig\s+)?(?P<fact>getrouwd|single|vrijgezel|gescheiden|"
         r"verloofd|weduwe|weduwnaar|samenwonend)\b",
         examples={"Ik ben getrouwd.": "getrouwd", "ben sinds kort weer single": "single"},
         counter=("Ben jij getrouwd?",), slot="relationship"),
    Rule('nl.profile.relationship.we_zijn', PROFILE,
         r"\bwe\s+zijn\s+(?:[\w-]+\s+){0,3}?(?P<fact>getrouwd|gescheiden|verloofd|uit\s+elkaar)\b",
         examples={"We zijn vorig jaar getrouwd.": "getrouwd"}, slot="relationship"),
    # --- Profile: family and pets ---
    Rule('nl.profile.family.heet', PROFILE,
         r"\b(?P<pre>(?:mijn|onze)\s+" + RELATIVE + r"\s+heet)\b(?=\s+\w)",
         examples={"Mijn dochter heet Noor.": "mijn dochter heet Noor"}),
    Rule('nl.profile.family.heb', PROFILE,
         IK + r"heb\s+(?=(?:een|twee|drie|vier|\d+)\s+(?:\w+\s+)?(?:honden?|katten?|kat|poes|"
         r"kinderen|kind|zoon|zonen|dochters?|konijnen?|cavia's)\b)",
         examples={"Ik heb twee katten.": "twee katten"}, counter=("Ik heb geen kinderen.",)),
    # --- Profile: things had ---
    Rule('nl.profile.car.rijd', PROFILE,
         IK + r"rijd\s+(?:nu\s+)?(?:in\s+)?een\s+(?=" + CAP + ")",
         examples={"Ik rijd een Toyota Yaris.": "Toyota Yaris"}, slot="car"),
    # --- Chat Dutch: dropped verbs, inverted order, plans by time ---
    Rule('nl.profile.health.allergisch_chat', PROFILE,
         LEAD + r"(?P<fact>allergisch\s+(?:voor|aan|op)\s+[^.;!?,]{2,60}?)" + END,
         examples={"allergisch voor katten, helaas": "allergisch voor katten"},
         counter=("Allergisch voor katten? Echt?",), slot="health"),
    # Een staat zonder "ik ben" aan het begin ("net verloofd!!", "al 10 jaar getrouwd"), of
    # "ben sinds de zomer gescheiden".
    Rule("nl.profile.relationship.staat_zonder_onderwerp", PROFILE,
         r"(?:^(?:(?:nou|ok|en)\s+)?(?:ben\s+)?|(?<=[,;]\s))(?:(?:al|sinds|pas|net|"
         r"inmiddels|nu)\s+(?:(?:[\w-]+\s+){0,3}?(?=(?:getrouwd|gescheiden|verloofd|"
         r"vrijgezel|single)\b))?)?(?P<fact>(?P<value>getrouwd|gescheiden|verloofd|vrijgezel|"
         r"single|weduwe|weduwnaar))\b",
         slot="relationship",
         examples={"net verloofd!! hoe pak ik de bruiloft aan": "verloofd",
                   "al twaalf jaar getrouwd, wat geef je dan": "getrouwd",
                   "sinds kort gescheiden en op zoek naar een hobby": "gescheiden"},
         counter=("mijn ouders zijn al 40 jaar getrouwd",)),
    Rule('nl.profile.relationship.met', PROFILE,
         r"(?:\b(?:ik\s+ben|we\s+zijn)\s+|" + LEAD + r")" + SINCE
         + r"(?:getrouwd|samen|verloofd|gelukkig\s+getrouwd)\s+met\s+(?P<fact>[^\W\d_][\w-]+)",
         examples={"Ik ben sinds 2010 getrouwd met Eva.": "Eva",
                   "samen met joost sinds de middelbare school": "joost"},
         counter=("Ben jij getrouwd met Eva?",), slot="relationship"),
    Rule('nl.profile.education.gestudeerd', PROFILE,
         IK + r"(?:heb|hebben)\s+(?P<fact>(?!(?:het|dat|dit|er|veel|hard|lang)\b)[^.;!?,]{2,40}?)"
         r"\s+gestudeerd\b",
         examples={"Ik heb rechten gestudeerd in Utrecht.": "rechten"},
         counter=("Ik heb hard gestudeerd.",)),
    Rule('nl.profile.education.studeer', PROFILE,
         IK + r"studeer\s+(?:nu\s+|momenteel\s+)?(?!(?:hard|veel|niet|thuis)\b)(?=\w)",
         examples={"Ik studeer geneeskunde in Leuven.": "geneeskunde in Leuven"},
         counter=("Ik studeer hard voor mijn examen.",)),
    Rule('nl.decision.choice.besloten_inverted', DECISION,
         r"\b(?:heb\s+ik|hebben\s+we|hebben\s+wij)\s+(?:nu\s+|eindelijk\s+|toch\s+)?besloten,?\s+"
         r"(?:om\s+|dat\s+)?",
         examples={"Na veel wikken en wegen heb ik besloten om te verhuizen.": "te verhuizen"}),
    Rule('nl.decision.plan.ga_met_tijd', DECISION,
         r"\b(?:ik\s+ga|we\s+gaan|wij\s+gaan)\s+(?=(?:deze|volgende?|komende|vanaf|in|na|over)\s+"
         r"(?:\w+\s+)?(?:zomer|winter|lente|herfst|week|maand|jaar|januari|februari|maart|april|"
         r"mei|juni|juli|augustus|september|oktober|november|december|weekend|vakantie)\b)",
         examples={"We gaan komende winter naar Oostenrijk.": "komende winter naar Oostenrijk"},
         counter=("Ga je deze zomer weg?",)),
    Rule('nl.decision.plan.tijd_ga_ik', DECISION,
         r"^(?:vanaf|volgende?|komende|deze|in|na|over)\s+\w+(?:\s+\w+)?\s+(?:ga\s+ik|gaan\s+we|"
         r"gaan\s+wij)\s+",
         examples={"Vanaf maart ga ik drie dagen per week werken.": "drie dagen per week werken"}),
    Rule('nl.habit.routine.inverted', HABIT,
         r"\b(?P<pre>" + NOT_A_HABIT_VERB + r"(?!ga\b|kom\b)\w+)\s+(?:ik|we|wij)\s+"
         r"(?:altijd|meestal|vaak|bijna\s+altijd)\b",
         examples={"Na het eten maak ik altijd een wandeling.": "maak wandeling"},
         counter=("Dat zeg ik altijd.",)),
    Rule('nl.profile.language.spreek', PROFILE,
         IK + r"spreek\s+(?:vloeiend\s+|goed\s+|een\s+beetje\s+|ook\s+|alleen\s+)?"
         r"(?=(?:nederlands|vlaams|fries|engels|duits|frans|spaans|italiaans|portugees|turks|"
         r"arabisch|marokkaans|pools|russisch|papiaments|sranantongo|indonesisch|chinees|"
         r"japans|grieks|zweeds|deens|noors|berbers|tamazight|hindi|koreaans)\b)",
         examples={"Ik spreek vloeiend Turks.": "Turks",
                   "spreek frans en een beetje italiaans":
                   "frans en een beetje italiaans"},
         counter=("Spreek jij Turks?", "Ik spreek je morgen.")),
    # --- stille wissels, in kleine letters: een nieuw huis, de eerste week, nu bij ---
    Rule("nl.profile.residence.woon_in", PROFILE,
         r"\b(?:ik|we|wij)\s+(?:[\w-]+\s+){0,2}?in\s+(?P<fact>" + PLACE_VALUE
         + r")\s+(?:woon|wonen)\b",
         slot="residence",
         examples={"sinds ik in rotterdam woon fiets ik overal": "rotterdam"},
         counter=("sinds mijn ouders in breda wonen",)),
    Rule("nl.profile.residence.nieuwe_huis", PROFILE,
         r"\b(?:ons|onze|mijn|het|de)\s+(?:nieuwe\s+)?(?:huis|appartement|woning|flat|stek|huisje)"
         r"\s+in\s+(?P<fact>" + PLACE_VALUE + ")",
         slot="residence",
         examples={"alle dozen uitgepakt in ons nieuwe appartement in utrecht": "utrecht"},
         counter=("het huis van mijn zus in gouda",)),
    Rule("nl.profile.employer.bij", PROFILE,
         r"\b(?:(?:eerste|1e)\s+(?:dag|week|maand)|(?:mijn\s+)?nieuwe\s+baan|(?:ik\s+)?(?:ben|zit|"
         r"werk)\s+(?:nu|sinds\s+kort|net)|(?:ik\s+)?ben\s+(?:net\s+|vandaag\s+|gisteren\s+)?"
         r"begonnen)\s+bij\s+(?:de\s+|het\s+)?(?P<fact>" + ORG_VALUE + ")",
         slot="employer",
         examples={"eerste week bij philips zit erop": "philips",
                   "ik ben begonnen bij asml": "asml"},
         counter=("mijn zus is begonnen bij asml",)),
    # --- de nieuwe auto, naar merk of model ---
    Rule("nl.profile.own.nieuwe_auto_of_telefoon", PROFILE,
         r"\b(?:mijn|onze)\s+nieuwe\s+(?:(?:auto|telefoon)\s*,?\s*(?:een\s+)?)?" + OWNED_VALUE,
         slot="owned",
         examples={"mijn nieuwe Tesla is er eindelijk": "Tesla"},
         counter=("mijn nieuwe baan",)),
    # --- een dieet veranderd, gezegd als wat er gebeurde ---
    Rule("nl.profile.diet.weer_vlees", PROFILE,
         r"\b(?:ik|we|wij)\s+(?:eet|eten)\s+(?:weer|opnieuw)\s+(?P<fact>(?P<value>vlees|vis))\b",
         slot="diet",
         examples={"ik eet weer vlees": "vlees"},
         counter=("mijn zus eet weer vlees",)),
    Rule("nl.profile.employer.nieuwe_collegas", PROFILE,
         r"\b(?:mijn\s+)?(?:nieuwe\s+collega'?s|nieuwe\s+(?:baas|werkgever|baan))\s+(?:bij|van|is)\s+"
         r"(?:de\s+|het\s+)?(?P<fact>" + ORG_VALUE + ")",
         slot="employer",
         examples={"mijn nieuwe collega's bij Coolblue zijn leuk": "Coolblue"},
         counter=("de nieuwe collega's van mijn vriend",)),
    # --- de naam van een familielid of huisdier er meteen achter, ook in kleine letters ("mijn
    # vriendin sanne en ik"): de engine onderscheidt een naam van een werkwoord of bijwoord ---
    Rule("nl.profile.family_name.apposition", PROFILE,
         r"\b(?P<fact>(?:mijn|m'n|onze|ons)\s+(?P<name>(?:"
         + RELATIVE + "|" + PET_BREEDS + r"))\s+(?P<value>" + NAME_CAP + "|" + NAME_LOWER + "))",
         slot="name",
         examples={"mijn vriend daan kookt altijd": "mijn vriend daan",
                   "onze poes minoes slaapt de hele dag": "onze poes minoes",
                   "m'n zus fleur en ik gaan naar gent": "m'n zus fleur",
                   "Mijn vriendin Sanne werkt in de zorg.": "Mijn vriendin Sanne"},
         counter=("mijn man werkt 's nachts", "mijn vriendin echt nooit",
                  "mijn zoon speelt voetbal", "mijn vriendin is ziek", "mijn man en ik")),
    # --- de auto of telefoon die je hebt, op merk of model ("mijn yaris", "ik rij een
    # polo"); een naam die vooral een ander woord is alleen als het over een auto gaat ---
    # Een dieet sinds een tijdje: "sinds ik vegan eet".
    Rule("nl.profile.diet.sinds_ik", PROFILE,
         r"\bsinds\s+ik\s+(?P<fact>(?P<value>vegan|vegetarisch|veganistisch|glutenvrij))\s+"
         r"(?:eet|leef|ben)\b",
         slot="diet",
         examples={"sinds ik vegetarisch eet voel ik me fitter": "vegetarisch"},
         counter=("sinds zij vegan eet",)),
    Rule("nl.profile.own.mijn", PROFILE,
         r"\b(?:mijn|m'n|onze|ons)\s+(?:(?:oude|trouwe|kleine)\s+)?" + OWNED_HERE,
         slot="owned_here",
         examples={"mijn oude corsa moet door de apk": "corsa",
                   "m'n polo start niet meer, is het de accu?": "polo"},
         counter=("mijn polo shirt is gekrompen", "mijn golf gaat steeds beter")),
    Rule("nl.profile.own.rij_een", PROFILE,
         r"\b(?:ik\s+)?(?:rij|heb)\s+(?:een|'n)\s+(?:(?:oude|nieuwe)\s+)?" + OWNED_HERE,
         slot="owned_here",
         examples={"ik rij een kia niro en de banden zijn op": "kia niro"},
         counter=("ik heb een golf-les morgen",)),
    # Een vaste afspraak in de week zonder werkwoord: "woensdagavond is hockey met m'n team".
    Rule("nl.habit.routine.vaste_dag", HABIT,
         r"^(?P<when>elke\s+" + WEEKDAY_PART + "|" + WEEKDAY_PART + r"(?=\s*[=:]|\s+is\b))"
         r"(?:\s*[=:]\s*|\s+(?:is\s+)?" + WEEKLY_WITH + ")",
         examples={"donderdagavond is zwemmen met de buurvrouw":
                   "zwemmen met de buurvrouw donderdagavond"},
         counter=("donderdagavond eten met mijn ouders",)),
    Rule("nl.profile.family_name.tussen_haakjes", PROFILE,
         r"(?P<fact>(?P<value>" + NAME_CAP + "|" + NAME_LOWER + r")\s*\((?:mijn|onze|ons)\s+"
         r"(?P<name>hond|kat|poes|konijn|zoon|dochter|vrouw|man|vriend|vriendin|broer|zus)\))",
         slot="name",
         examples={"Bobbie (onze hond) is bang voor onweer": "Bobbie (onze hond)"},
         counter=("Bobbie (hun hond) is bang",)),
    Rule("nl.habit.routine.gebruikelijke", HABIT,
         r"\b(?:mijn|onze|ons)\s+gebruikelijke\s+(?P<fact>[^\W\d_][\w-]*)",
         examples={"na mijn gebruikelijke ochtendwandeling": "ochtendwandeling"},
         counter=("zijn gebruikelijke wandeling",)),
)

STOPWORDS = ("ik", "het", "een", "niet", "van", "je", "dat", "zijn", "wij", "we", "mijn",
             "heb", "ben", "ook", "maar", "met", "voor", "naar", "bij", "nog", "wel", "heel",
             "erg", "altijd", "nooit", "graag", "hou", "vind", "woon", "werk", "echt",
             "gewoon", "omdat", "hoe", "wat", "waar", "leuk", "lekker", "niks", "jullie")
"""Frequent Dutch words that German and English do not have: a sentence with them is Dutch."""

GRAMMAR = Grammar(
    car_context=words(
        "motor remmen banden garage monteur rij benzine diesel laad km kilometer koppeling "
        "dashboard lampje olie accu verzekering apk parkeer start"),
    name_followers=NAME_FOLLOWERS,
    adverbs=words(
        "nog altijd nooit ook al alleen gewoon echt heel erg zo net nu vandaag gisteren steeds"),
    laughs=("haha", "hihi", "lol", "xd"),
    code="nl", name="Dutch", rules=RULES,
    boundaries=("maar", "omdat", "want", "hoewel", "terwijl", "behalve"),
    boundary_extra=r"|,?\s+en\s+(?=(?:ik|we|wij)\b)|,?\s+dus\b",
    hypothetical=("als", "indien", r"stel\s+dat", "mocht", r"zou\s+ik", r"niet\s+zeker",
                  "misschien"),
    articles=("de", "het", "een", "'t", "'n"),
    list_conjunctions=("en", "of"),
    stopwords=frozenset(STOPWORDS),
    contrasts=("maar",), joins=("en", "dus"),
    clause_subjects=(r"ik\b", r"we\b", r"wij\b", r"mijn\b", r"onze?\b"),
    negation_tail=r"\s+niet$",
    habit_negation=r"^\S+\s+(?:[\w-]+\s+)?(?:niet|geen)\b(?!\s+(?:meer|alleen)\b)|\sniet$",
    work_at=("bij", "voor"),
    kin=(
         "wife: vrouw echtgenote; husband: man echtgenoot; boyfriend: vriend vriendje; "
         "girlfriend: vriendin vriendinnetje; partner: lief; son: zoon zoontje; "
         "daughter: dochter dochtertje; brother: broer broertje; sister: zus zusje; "
         "mother: moeder mam; father: vader pap; dog: hond hondje; cat: kat poes katje"),
)
