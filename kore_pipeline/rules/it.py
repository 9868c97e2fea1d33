"""Italian: the grammar of facts, the first-person statements the pipeline keeps.

The file opens with the named fragments the rules share (where a statement may start, what
is no object, the "not" before a trigger), then the rules grouped by kind: preference (likes,
then dislikes), decision (choices, then plans), habit (routines and times, "never", then what
one stopped doing), profile (name, residence, work, relationships and family, diet and
health, age, what one owns, pets, activities). Within a kind, at a tie (same start, same
length) the earlier rule wins. Several rules state the same changes the slot reader
(:mod:`kore_pipeline.text`) reads: their fragments are the same regexes.
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
from kore_pipeline.text.habit_verbs import DO, SUBJECT, first_persons
from kore_pipeline.text.occupations import OCCUPATIONS

FAMILY = any_of("marito moglie figli[oa] madre padre mamma papà fratello sorella "
                "compagn[oa] ragazz[oa]")
"""Close relatives ("mio marito", "mia figlia")."""
EVERY = any_of(r"mattina giorno sera notte settimana weekend fine\s+settimana "
               "lunedì martedì mercoledì giovedì venerdì sabato domenica")
"""What "ogni" makes a routine of: "ogni mattina", "ogni venerdì"."""
JOB = OCCUPATIONS["it"]
"""A profession (a word list shared with the other languages' files)."""
HABIT_SUBJECT = SUBJECT["it"]
"""Where a habit verb may stand: after "io", or where the subject is dropped."""
HABIT_VERBS = first_persons("it", DO)
""""fumo", "bevo", "gioco"...: habit verbs in the first person."""
NOT_REFUSAL = (r"(?!\s+non\s+(?:rispondere|dirlo|dire|parlarne|commentare|rivelarlo" +
               r"|risponderti)\b)")
"""Not a refusal to answer: "Preferisco non rispondere"."""
NOT_THEIRS = (r"(?!\s+(?:non\s+)?(?:(?:ama|adora|odia|detesta|preferisce|vuole|vorrebbe" +
              r"|sogna|spera|desidera|pensa\s+di|ha\s+intenzione|sta\s+per" +
              r"|va\s+(?:matt[oa]|pazz[oa])|(?:si\s+)?\w+rà)\b|è\s+(?:(?:un|una" +
              r"|un')\s*(?:grande\s+)?(?:fan|appassionat|tifos)|appassionat" +
              r"|(?:più\s+)?(?:un|una)\s+(?:\w+\s+)?(?:persona|tipo)\b)" +
              r"|(?:è|e)\s+(?:(?:appena|ormai|da\s+poco)\s+)?diventat[oa]\b))")
"""After "mio padre / mia sorella": not their taste, wish, plan or change ("mia sorella
adora...", "mio fratello è diventato vegano")."""
NOT_SAID_VERB = (r"(?!(?:essere|dire|sapere|ammettere|chiedere|ringraziare|scappare" +
                 r"|vedere|andare)\b)")
"""A plan's verb, not what one says or does in the conversation ("voglio dire")."""
INFINITIVE = (r"(?=\w+(?:are|ere|ire|rre)\b|\w+(?:ar|er|ir|rr)(?:mi|ti|ci|vi|si|lo|la|li" +
              r"|le|ne)\b)")
"""An infinitive, maybe with a clitic ("iscrivermi")."""
CLITIC = r"(?:(?:lo|la|li|le|ne|mi|ci|ti|me|te|se)\s+)?"
TO_CLAUSE_END = (r"[^.;!?,]{0,80}?)(?=\s*(?:[.;!?,]|$)|\s+(?:perché|ma|però|quindi" +
                 r"|e\s+(?:ora|adesso))\b)")
"""The rest of an ending's fact, to the end of its clause (closes the ``fact`` group)."""
NOT_TASTE = r"(?!(?:viel\s+|eher\s+)?(?:lieber|gerne?|volentieri|volontiers|plutôt)\b)"
"""Not a word of taste after a habit verb ("bevo volentieri" is a liking)."""
NOT_NEGATED = "".join(
    rf"(?<!\b{w}\s)" for w in (
        "non", "no", "not", "não", "nao", "ne", "nicht", "nie", "mai", "never", "nunca",
        "jamais"))
"""Not right after a negation, in any language ("Non ho venduto la Panda")."""
ARTICLE = (r"(?:(?:the|my|our|a|an|il|lo|la|i|gli|le|el|los|las|mi|mis|les|ma|mon|mes" +
           r"|der|die|das|den|dem|meinen|meine|mein|meinem|o|os|as|meu|minha|do|da|no|na" +
           r"|un|una|uno|une|um|uma|einen|eine|ein|old|vecchi[ao]|viej[oa]|vieille|vieux" +
           r"|alte[nr]?|velh[oa])\s+|l['’]\s*)*")
"""Articles and possessives before a thing (every language: shared with the slot reader)."""
NOT_A_THING = (r"(?!(?-i:(?:it|that|this|them|him|her|me|you|up|off|out|in|on|at|to|for" +
               r"|by|from|all|of|with|smoking|drinking|di|de|d'|a|que|work|job|lavoro" +
               r"|trabajo|travail|arbeit|trabalho|the|my|our|an|il|lo|la|i|gli|le|el|los" +
               r"|las|mi|mis|les|ma|mon|mes|der|die|das|den|dem|meinen|meine|mein|meinem" +
               r"|o|os|as|meu|minha|do|da|no|na|un|una|uno|une|um|uma|einen|eine|ein|one" +
               r"|two|three|four|five|six|seven|eight|nine|ten|years|months|weeks|days" +
               r"|ago|last|so|and|but))\b)")
"""No thing: a pronoun, a preposition, a number or a time."""
THING = (NOT_A_THING +
         r"(?P<thing>[^\W\d_][\w'’+-]*(?:\s+(?-i:[A-Z0-9])[\w'’+-]*){0,2})(?![\w'’+-])")
"""A thing given up or replaced."""
NEW_THING = (r"(?P<new>[^\W_][\w'’+-]*(?:\s+(?!(?:last|this|in|on|for|since|ago|a|the" +
             r"|and|e|y|et|und|usad[ao]|usata|gebraucht|d'occasion|instead|invece|en|em" +
             r"|il|el|le|o)\b)[\w'’+-]+){0,2})")
"""What replaced it."""
CAP_THING = r"(?P<thing>(?-i:[A-Z])[\w'’&+-]*(?:\s+(?-i:[A-Z0-9])[\w'’&+-]*){0,2})"
"""A named thing (an employer)."""
PLACE = (r"(?P<fact>(?-i:[A-ZÀ-Ý])[\w'’.&-]*(?<!\.)(?:\s+(?!I\b)(?-i:[A-ZÀ-Ý])" +
         r"[\w'’.&-]*(?<!\.)){0,3})")
"""A named place or employer."""
NAMED = (r"(?P<fact>(?:(?-i:[A-ZÀ-Ý])" +
         r"|i(?-i:[A-Z]))[\w'’+-]*(?:\s+(?-i:[A-Z0-9])[\w'’+-]*){0,2})")
"""A named thing one has (a car, a phone)."""
PET_NAME = (r"(?P<fact>(?-i:[A-ZÀ-Ý])[\w'’-]*)(?=\s*(?:[.,;!?]|$|\s+(?:e|y|et|und|mas|ma" +
            r"|pero|mais)\b))")
"""A pet's name, alone before its clause's end."""
NOT_VISIT = (r"(?![^.;!?]{0,25}\b(?:per\s+(?:lavoro|qualche|un|una|il|lo|le|due|tre" +
             r"|pochi)|in\s+vacanza|fino\s+a)\b)")
"""What makes "adesso sto a Roma" a stay, not one's home."""
DIETS = (r"vegetarian[oa]|vegan[oa]|pescetarian[oa]|crudist[oa]|végétarien(?:ne)?" +
         r"|végétalien(?:ne)?|végane?|pescétarien(?:ne)?|vegetarier(?:in)?" +
         r"|veganer(?:in)?|vegan|pescetarier(?:in)?|flexitarier(?:in)?")
"""Diets, as nouns or adjectives (the other languages' too)."""
CAR_ARTICLE = r"(?:una?|une?|einen|ein|eine|uma?)"

TOPIC = r"^(?P<fact>(?!(?:questo|quello|ciò|non|io|lui|lei|loro|tu)\b)[\w' -]{2,40}?)"
"""A thing a statement opens with, said of later by a pronoun ("il sushi non lo reggo")."""
RELATIVE = any_of("marito moglie figli[oa] madre padre mamma papà fratello sorella "
                  r"compagn[oa] ragazz[oa] fidanzat[oa] nonn[oa] zi[oa] cugin[oa] capo "
                  r"migliore\s+amic[oa] cane gatt[oa] cagnolin[oa] gattin[oa]")
"""Relatives, pets and people close to one ("mio figlio", "la mia gatta", "il mio capo")."""
PET = any_of("cane gatt[oa] cagnolin[oa] gattin[oa] coniglio criceto pappagallo cavallo")
"""Pets."""
LANGUAGE = any_of("italiano inglese tedesco francese spagnolo portoghese russo cinese "
                  "giapponese arabo olandese svedese greco polacco rumeno albanese "
                  "napoletano siciliano sardo friulano dialetto")
"""Languages one speaks."""
CONDITION = any_of(r"diabete ipotiroidismo ipertiroidismo asma celiachia emicrania gastrite "
                   r"reflusso colesterolo\s+alto pressione\s+alta artrite psoriasi "
                   r"endometriosi fibromialgia epilessia anemia insonnia dermatite "
                   r"colon\s+irritabile intolleranza allergia")
"""Long-lasting health conditions ("ho l'asma", "ho il diabete")."""
CLAUSE_START = r"(?:^|(?<=[,;]\s)|\bio\s+|\b(?:e|ma|ora|adesso|ormai)\s+)"
"""Where a first-person verb may stand when its subject is dropped."""

DAYTIME = any_of(r"mattina sera pomeriggio notte weekend lunedì martedì mercoledì giovedì "
                  r"venerdì sabato domenica")
"""A time of day or week a routine is said of ("la mattina", "il sabato")."""

KIN = (r"(?:moglie|marito|compagn[oa]|ragazz[oa]|fidanzat[oa]|figli[oa]|bimb[oa]|fratello|sorella|"
       r"mamma|madre|papà|padre|nonn[oa]|cugin[oa]|zi[oa]|nipote|cane|cagnolin[oa]|gatt[oa]|"
       r"gattin[oa]|micio|coniglio|criceto|pappagallo|cavallo|cucciol[oa]|bassotto|barboncino|"
       r"meticci[oa]|" + PET_BREEDS + ")")
"""Family and pets: whose name a name is."""

WEEKLY_WITH = (r"(?=[\w'-]+(?:\s+[\w'-]+){0,3}\s+(?:con|coi|col|colla|al|alla|in)\b)")
"""What fills a weekly slot said without a verb: a few words, then who with or where."""

RULES: tuple[Rule, ...] = (
    # --- preference: likes ---
    Rule('it.preference.like.adoro', PREFERENCE,
         r"\b(?:io\s+)?(?:preferisco|adoro|amo)\b" + NOT_REFUSAL,
         examples={
             'adoro la pizza napoletana': 'pizza napoletana',
             'Preferisco il caffè ristretto.': 'caffè ristretto',
             "Amo la montagna d'inverno.": "montagna d'inverno",
         },
         counter=('eu amo praia', 'Eu adoro café.', 'Preferisco non rispondere.'),
    ),
    Rule('it.preference.like.mi_piace', PREFERENCE,
         r"\b(?:a\s+me\s+)?mi\s+(?:piace|piacciono)\b",
         examples={
             'Mi piace il tè': 'il tè',
             'Mi piace ballare': 'ballare',
         },
         counter=('Non mi piace',),
    ),
    Rule('it.preference.like.preferito', PREFERENCE,
         r"\b(?:il|la)\s+mi[oa]\s+[\w' ]{1,40}?\s+preferit[oa]\s+è\b",
         examples={
             'Il mio gruppo preferito è i Pink Floyd.': 'Pink Floyd',
             "La mia stagione preferita è l'autunno.": 'autunno',
         },
    ),
    Rule('it.preference.like.fan_di', PREFERENCE,
         r"\bvado\s+matt[oa]\s+per\b|\b(?:io\s+)?sono\s+(?:(?:un|una)\s+)?(?:grande\s+" +
         r"|gran\s+)?(?:fan|appassionat[oa]|tifos[oa])\s+(?:di|del|della|dei|delle)\b",
         examples={
             'Sono un grande fan dei Queen.': 'Queen',
             'Sono appassionata di fotografia.': 'fotografia',
         },
    ),
    Rule('it.preference.like.preferirei', PREFERENCE,
         r"\b(?:io\s+)?preferirei\b" + NOT_REFUSAL,
         examples={
             'Preferirei lavorare da casa.': 'lavorare da casa',
         },
         counter=('Preferirei non rispondere.',),
    ),
    Rule('it.preference.like.vado_matto', PREFERENCE,
         r"\b(?:io\s+)?vado\s+(?:matt[oa]|pazz[oa])\s+per\s+" +
         r"|\bmi\s+fa(?:nno)?\s+impazzire\s+",
         examples={
             'Vado pazza per il sushi.': 'sushi',
             'Vado matto per la pizza napoletana.': 'pizza napoletana',
         },
    ),
    Rule('it.preference.like.non_posso_vivere_senza', PREFERENCE,
         r"\bnon\s+(?:posso|riesco\s+a)\s+vivere\s+senza\s+",
         examples={
             'Non posso vivere senza caffè.': 'caffè',
         },
    ),
    Rule("it.preference.like.fissato", PREFERENCE,
         r"\b(?:io\s+)?(?:sono|vado)\s+(?:(?:proprio|troppo|molto|tipo|un\s+po')\s+)?" +
         r"(?:fissat[oa]|fulminat[oa]|in\s+fissa|fuori\s+di\s+testa)\s+(?:con|per)\b",
         examples={
             "Ultimamente sono fissato con lo yoga.": "yoga",
             "sono troppo in fissa con i podcast di storia": "podcast di storia",
         },
         counter=("Mia sorella è fissata con lo yoga.", "Sei fissato con il calcio?"),
    ),
    Rule("it.preference.like.preferito_dopo", PREFERENCE,
         TOPIC + r"\s+(?:è|e)\s+(?:il|la)\s+mi[oa]\s+(?:\w+\s+)?preferit[oa]\b",
         examples={
             "La carbonara è il mio piatto preferito.": "carbonara",
             "il tiramisù e il mio dolce preferito": "tiramisù",
         },
         counter=("Questo è il mio preferito.",),
    ),
    # --- preference: dislikes and refusals ---
    Rule('it.preference.dislike.non_mi_piace', PREFERENCE,
         r"\b(?:io\s+|a\s+me\s+)?non\s+mi\s+(?:piace|piacciono)\b",
         polarity='-',
         examples={
             'Non mi piace il tè': 'il tè',
             'Non mi piace il tè verde.': 'tè verde',
         },
         counter=('Non mi piace',),
    ),
    Rule('it.preference.dislike.odio', PREFERENCE,
         r"\b(?:io\s+)?(?:odio|detesto|evito)\b|\bnon\s+sopporto\b",
         polarity='-',
         examples={
             'Non sopporto il caldo.': 'caldo',
             'Odio il traffico di Roma.': 'traffico di Roma',
         },
    ),
    Rule('it.preference.dislike.non_mi_fido', PREFERENCE,
         r"\b(?:io\s+)?non\s+mi\s+fido\s+(?:di|del|della|dei|degli|delle|dello)\b",
         polarity='-',
         examples={
             'Non mi fido dei social network.': 'social network',
         },
    ),
    Rule('it.preference.dislike.mi_rifiuto', PREFERENCE,
         r"\b(?:io\s+)?mi\s+rifiuto\s+di\b",
         polarity='-',
         examples={
             'Mi rifiuto di usare Windows.': 'usare Windows',
         },
    ),
    Rule('it.preference.dislike.non_fa_per_me', PREFERENCE,
         r"^(?P<fact>(?!(?:questo|quello|ciò" +
         r"|non)\b)[\w' -]{2,40}?)\s+non\s+fa\s+(?:proprio\s+)?per\s+me\b",
         polarity='-',
         examples={
             'Il jazz non fa per me.': 'jazz',
             'Il calcio non fa proprio per me.': 'calcio',
         },
         counter=('Questo non fa per me.',),
    ),
    Rule("it.preference.dislike.non_lo_sopporto", PREFERENCE,
         TOPIC + r"\s+(?:proprio\s+|davvero\s+|più\s+)?non\s+(?:lo|la|li|le)\s+" +
         any_of("sopporto reggo digerisco tollero mangio bevo posso\\s+vedere") + r"\b",
         polarity="-",
         examples={
             "I peperoni non li digerisco.": "peperoni",
             "il traffico proprio non lo reggo": "traffico",
         },
         counter=("Questo non lo sopporto.", "Non lo sopporto più."),
    ),
    Rule("it.preference.dislike.mi_fa_schifo", PREFERENCE,
         TOPIC + r"\s+(?:proprio\s+|davvero\s+)?mi\s+fa(?:nno)?\s+(?:proprio\s+)?" +
         r"(?:schifo|senso|orrore|vomitare)\b",
         polarity="-",
         examples={
             "Il latte caldo mi fa schifo.": "latte caldo",
             "le lumache mi fanno proprio senso": "lumache",
         },
         counter=("Questo mi fa schifo.",),
    ),
    # --- decision: choices ---
    Rule('it.decision.choice.ho_deciso', DECISION,
         r"\b(?:(?:io\s+)?(?:l'ho|ho)" +
         r"|abbiamo)\s+(?:finalmente\s+)?deciso\s+(?:di(?:\s+(?:usare|utilizzare" +
         r"|passare\s+a|adottare|andare\s+con))?|per)\b",
         examples={
             'ho deciso di usare Redis.': 'Redis',
             'Ho deciso di usare FastAPI per il servizio.': 'FastAPI per il servizio',
         },
         counter=("L'ho deciso di",),
    ),
    Rule('it.decision.choice.ho_scelto', DECISION,
         r"\b(?:l'ho|ho|abbiamo)\s+(?:scelto|optato\s+per)\b",
         examples={
             'Abbiamo scelto Vue per il frontend.': 'Vue per il frontend',
             'Ho optato per un mutuo a tasso fisso.': 'mutuo a tasso fisso',
         },
    ),
    Rule('it.decision.choice.usero', DECISION,
         r"\b(?:userò|useremo|utilizzerò|utilizzeremo|opto\s+per|scelgo|andiamo\s+con)\b",
         examples={
             'Userò Postgres.': 'Postgres',
             'Useremo Kubernetes in produzione.': 'Kubernetes in produzione',
         },
    ),
    Rule("it.decision.choice.ho_deciso_che", DECISION,
         r"\b(?:(?:io\s+)?ho|abbiamo)\s+(?:finalmente\s+)?deciso\s*(?::|\s+che)\s*",
         examples={
             "Ho deciso che a settembre mi trasferisco a Bologna.":
                 "a settembre mi trasferisco a Bologna",
             "abbiamo deciso: quest'anno niente vacanze al mare":
                 "quest'anno niente vacanze al mare",
         },
         counter=("Hai deciso che fare?", "Lui ha deciso che si trasferisce."),
    ),
    # --- decision: plans (an infinitive after "ho intenzione di", "voglio", "devo") ---
    Rule('it.decision.plan.ho_intenzione', DECISION,
         r"\b(?:io\s+)?(?:ho|abbiamo)\s+(?:intenzione|in\s+programma|in\s+mente)\s+di\s+" +
         NOT_SAID_VERB + INFINITIVE +
         r"|\b(?:io\s+)?(?:voglio|vorrei|devo|dobbiamo|vogliamo)\s+(?:proprio\s+" +
         r"|assolutamente\s+)?" + NOT_SAID_VERB + INFINITIVE,
         examples={
             'Ho intenzione di iscrivermi in palestra.': 'iscrivermi in palestra',
             'Devo rinnovare il passaporto entro giugno.': 'rinnovare il passaporto entro giugno',
         },
         counter=('Voglio dire una cosa.', 'Devo ammettere che hai ragione.'),
    ),
    # --- habit: routines, frequencies and times ---
    Rule('it.habit.routine.di_solito', HABIT,
         r"\b(?:io\s+)?(?:di\s+solito|solitamente|normalmente|generalmente|abitualmente" +
         r"|spesso|tendo\s+a)\b",
         examples={
             'Di solito lavoro da casa il lunedì.': 'lavoro da casa il lunedì',
         },
         counter=('Normalmente trabajo desde casa.',),
    ),
    Rule('it.habit.routine.ogni', HABIT,
         r"\b(?P<when>ogni\s+" + EVERY + r"),?",
         examples={
             'Ogni mattina vado a correre nel parco prima del lavoro.':
                 'vado a correre nel parco prima del lavoro ogni mattina',
             'Preferisco il caffè ristretto al mattino, ogni giorno prima della riunione.':
                 'prima della riunione ogni giorno',
         },
    ),
    Rule('it.habit.routine.sempre', HABIT,
         r"(?:^|(?<=,\s)|\bio\s+)(?P<pre>(?:(?:lo|la|li|le|ne|mi|ci" +
         r"|ti)\s+)?\w+o)\s+sempre\b",
         examples={
             'Leggo sempre prima di dormire.': 'Leggo prima di dormire',
             'Io vado sempre in ufficio in bici.': 'vado in ufficio in bici',
         },
    ),
    Rule('it.habit.routine.orario', HABIT,
         r"\b(?:io\s+)?(?P<pre>vado\s+a\s+(?:letto|dormire)|mi\s+sveglio|mi\s+alzo" +
         r"|mi\s+corico|mi\s+addormento|esco\s+di\s+casa|inizio\s+a\s+lavorare" +
         r"|finisco\s+di\s+lavorare)(?=\s+(?:alle|all'|verso\s+(?:le|l')|intorno\s+alle" +
         r"|prima\s+delle|dopo\s+le|a\s+mezzanotte|presto|tardi)|\s+all')",
         examples={
             'Mi sveglio alle sei.': 'Mi sveglio alle sei',
             'Vado a letto alle undici.': 'Vado a letto alle undici',
         },
    ),
    Rule('it.habit.routine.verbo', HABIT,
         HABIT_SUBJECT + r"(?P<pre>" + HABIT_VERBS + r")\b\s+" + NOT_TASTE + r"(?P<fact>\w" +
         TO_CLAUSE_END,
         examples={
             'Fumo la pipa.': 'Fumo pipa',
             'Gioco a scacchi.': 'Gioco a scacchi',
         },
         counter=('Bevo caffè?', 'Mangio carne?', 'Bevo volentieri un bicchiere di vino.'),
    ),
    Rule("it.habit.routine.quando_sempre", HABIT,
         r"^(?P<when>(?:(?:la|il|di|nel)\s+" + DAYTIME + r"|prima\s+di\s+(?:dormire|cena|" +
         r"pranzo|colazione|lavorare|andare\s+a\s+letto)|dopo\s+(?:cena|pranzo|colazione|il\s+" +
         r"lavoro))(?:\s+(?:prima|dopo)\s+(?:del|della|di|dello)\s+\w+)?),?\s+(?:io\s+)?" +
         r"(?P<pre>(?:(?:mi|ci|lo|la)\s+)?\w+o)\s+sempre\b",
         examples={
             "La sera leggo sempre un capitolo prima di dormire.":
                 "leggo capitolo prima di dormire la sera",
             "dopo cena faccio sempre una passeggiata col cane":
                 "faccio passeggiata col cane dopo cena",
         },
         counter=("La sera è sempre troppo corta.", "Dopo cena fai sempre una passeggiata?"),
    ),
    # --- habit: never ---
    Rule('it.habit.never.non_mai', HABIT,
         r"\b(?:io\s+)?non\s+(?P<pre>(?:(?:lo|la|li|le|ne|mi|ci|ti)\s+)?\w+)\s+mai\b",
         polarity='-',
         examples={
             'Non bevo mai caffè la sera.': 'bevo caffè la sera',
             'Non bevo mai caffè dopo cena.': 'bevo caffè dopo cena',
         },
         counter=('Non lo faccio mai',),
    ),
    # --- habit: what one stopped doing or left ---
    Rule('it.habit.ended.non_piu', HABIT,
         r"\b(?:io\s+)?(?P<fact>non\s+" + CLITIC + r"\w+\s+più\b(?!\s+(?:di|che)\b)" +
         TO_CLAUSE_END,
         examples={
             'non sono più': 'non sono più',
             'Non abito più a Roma.': 'Non abito più a Roma',
             'Non fumo più da due anni.': 'Non fumo più da due anni',
         },
         counter=('Non ne posso più di questo traffico.',),
    ),
    Rule('it.habit.ended.ho_smesso_di', HABIT,
         r"\b(?P<fact>(?:ho|avevo)\s+(?:(?:appena|già|finalmente|ormai" +
         r"|del\s+tutto)\s+)?smesso\s+(?:di|d')\s*\w+" + TO_CLAUSE_END,
         examples={
             'Ho smesso di fumare a gennaio.': 'Ho smesso di fumare a gennaio',
             'Ho smesso di fumare dopo Natale': 'Ho smesso di fumare dopo Natale',
         },
    ),
    Rule('it.habit.ended.ho_smesso_con', HABIT,
         NOT_NEGATED + r"(?P<fact>\b(?:ho|avevo)\s+(?:(?:appena|già|finalmente|ormai" +
         r"|del\s+tutto)\s+)?(?:smesso\s+(?:con|col|coi|colla|con\s+la|con\s+il" +
         r"|con\s+lo)|lasciato\s+perdere|mollato|venduto)\s+" + ARTICLE + THING + r")",
         examples={
             'Ho lasciato perdere la chitarra.': 'Ho lasciato perdere la chitarra',
             'Ho smesso col caffè, mi agitava troppo.': 'Ho smesso col caffè',
         },
         counter=('Non ho mollato la palestra.',),
    ),
    Rule('it.habit.ended.lasciato_lavoro', HABIT,
         NOT_NEGATED + r"(?P<fact>\b(?:mi\s+sono\s+licenziat[oa]\s+(?:da|dalla|dal|dall['’])" +
         r"|ho\s+lasciato)\s*" + ARTICLE + CAP_THING + r")",
         examples={
             'Ho lasciato Unicredit, ora sto in Intesa Sanpaolo.': 'Ho lasciato Unicredit',
             'Mi sono licenziato dalla Ferrero.': 'Mi sono licenziato dalla Ferrero',
         },
         counter=('Non ho lasciato Unicredit.',),
    ),
    # --- profile: name ---
    Rule('it.profile.name.mi_chiamo', PROFILE,
         r"\bmi\s+chiamo\b|\bil\s+mio\s+nome\s+è\b",
         examples={
             'Mi chiamo Marco.': 'Marco',
             'Il mio nome è Chiara.': 'Chiara',
         },
    ),
    # --- profile: residence and origin ---
    Rule('it.profile.residence.vivo_a', PROFILE,
         r"\b(?:io\s+)?(?:vivo|abito)\s+(?:a|ad|in|al|nel|nella|con)\b" +
         r"|\bsono\s+cresciut[oa]\s+(?:a|ad|in|al|nel|nella)\b",
         examples={
             'Vivo a Bari.': 'Bari',
             'Vivo a Roma.': 'Roma',
         },
         counter=('abito a', 'Non abito a Roma.'),
    ),
    Rule('it.profile.residence.nato_a', PROFILE,
         r"\bsono\s+nat[oa]\s+(?:a|ad|in|il|nel)\b|\bsono\s+di\b(?=\s+" + CAP + r")",
         examples={
             'Sono nato a Napoli.': 'Napoli',
             'Sono di Palermo.': 'Palermo',
         },
         counter=('Sono di fretta.',),
    ),
    Rule('it.profile.residence.abitiamo_or_job', PROFILE,
         r"\b(?:io\s+)?(?:ora\s+|adesso\s+)?sono\s+(?=" + JOB +
         r"\b)|\b(?:abitiamo|viviamo)\s+(?:a|ad|in)\b|\bci\s+siamo\s+trasferiti\s+(?:a" +
         r"|ad|in)\b|\b(?:ora|adesso)\s+(?:abito|vivo)\s+(?:a|ad|in)\b",
         examples={
             'Adesso vivo a Verona.': 'Verona',
             'Adesso abito a Genova.': 'Genova',
             'Abitiamo a Torino.': 'Torino',
             'Sono infermiera.': 'infermiera',
         },
    ),
    Rule('it.profile.residence.trasferito_or_lavoro_al', PROFILE,
         r"\bmi\s+sono\s+(?:appena\s+)?trasferit[oa]\s+(?:a|ad|in)\b|\blavoro\s+(?:alla" +
         r"|al|allo|nella|nel)\b",
         examples={
             'Lavoro alla Fiat.': 'Fiat',
             'Mi sono trasferita a Roma': 'Roma',
         },
    ),
    Rule('it.profile.residence.adesso_stiamo', PROFILE,
         NOT_NEGATED + r"\b(?:adesso|ora|ormai)\s+(?:stiamo|sto|viviamo|abitiamo)\s+(?:a|ad)\s+" +
         PLACE + NOT_VISIT,
         examples={
             'Adesso stiamo a Trieste.': 'Trieste',
             'Adesso stiamo a Verona, ci siamo trasferiti a giugno.': 'Verona',
         },
         counter=('Adesso sto a Milano per lavoro.', 'Non adesso stiamo a Roma.'),
    ),
    Rule("it.profile.residence.sono_di", PROFILE,
         r"(?:^|(?<=[,;]\s)|\bio\s+)sono\s+(?:originari[oa]\s+)?di\s+(?!" + any_of(
             "fretta buon cattivo turno ritorno corsa passaggio nuovo solito sicuro parte "
             "più meno moda mal umore strada compagnia poche parole natura") +
         r"\b)(?=(?-i:[a-zà-ù]))",
         examples={
             "sono di bari ma vivo a milano da anni": "bari",
             "sono originaria di lecce": "lecce",
         },
         counter=("Sono di fretta, ci sentiamo dopo.", "sono di turno stanotte",
                  "Mio padre è di Bari."),
    ),
    Rule("it.profile.residence.sto_a", PROFILE,
         CLAUSE_START + r"(?:sto|stiamo)\s+a\s+(?=(?-i:[a-zà-ù]))(?!" + any_of(
             "casa letto dieta posto pezzi terra lavoro digiuno galla cuore sentire vedere "
             "guardare pensare fare dire aspettare morire") +
         r"\b|\w+(?:are|ere|ire)\b)" + NOT_VISIT,
         examples={
             "sto a bologna da tre anni": "bologna da tre anni",
             "adesso stiamo a livorno, vicino al porto": "livorno, vicino al porto",
         },
         counter=("sto a casa oggi", "sto a dieta da lunedì", "sto a roma per lavoro",
                  "Stai a Roma?"),
    ),
    # --- profile: work ---
    Rule('it.profile.work.lavoro_come', PROFILE,
         r"\b(?:io\s+)?lavoro\s+(?:come|presso|per)\b|\blavoro\s+(?:a|in|da)\s+(?=" + CAP + r")",
         examples={
             'Lavoro in Unicredit.': 'Unicredit',
             'Lavoro come sviluppatore backend.': 'sviluppatore backend',
         },
         counter=('Lavoro da casa il venerdì.',),
    ),
    Rule('it.profile.work.sono_un', PROFILE,
         r"\b(?:io\s+)?sono\s+(?:un'|(?:un|una|uno)\s+)(?!po\b|attimo\b|sacco\b" +
         r"|(?:grande\s+|gran\s+)?(?:fan|appassionat[oa]|tifos[oa])\b)",
         examples={
             'Sono un ingegnere civile.': 'ingegnere civile',
             "Sono un'infermiera pediatrica.": 'infermiera pediatrica',
         },
         counter=("Sono un po' stanco.", 'Sono un grande fan dei Queen.'),
    ),
    Rule('it.profile.work.diventato', PROFILE,
         NOT_NEGATED + r"\b(?:sono|mi\s+sono)\s+(?:appena\s+|finalmente\s+" +
         r"|ormai\s+)?diventat[oa]\s+(?:una?\s+)?(?P<fact>" + JOB + r")\b",
         examples={
             'Sono diventata ostetrica.': 'ostetrica',
             'Sono diventato commercialista.': 'commercialista',
         },
    ),
    Rule('it.profile.work.faccio_il', PROFILE,
         NOT_NEGATED + r"\bfaccio\s+(?:il|lo|la|l['’])\s*(?P<fact>" + JOB + r")\b",
         examples={
             "Faccio l'impiegata in posta.": 'impiegata',
             'Faccio il cuoco in un ristorante.': 'cuoco',
         },
    ),
    Rule('it.profile.work.sto_lavorando', PROFILE,
         NOT_NEGATED +
         r"\bsto\s+(?:ora\s+|adesso\s+)?lavorando\s+(?:in|per|da|presso|alla|al)\s+" + PLACE,
         examples={
             'Sto lavorando per Leonardo.': 'Leonardo',
             'Adesso sto lavorando presso Luxottica.': 'Luxottica',
         },
    ),
    Rule('it.profile.work.pensione', PROFILE,
         NOT_NEGATED +
         r"\b(?:sono|mi\s+sono)\s+(?:appena\s+)?(?P<fact>(?:andat[oa]\s+in|messo\s+in" +
         r"|messa\s+in)\s+pensione)\b",
         examples={
             'Sono andato in pensione a marzo.': 'andato in pensione',
             "Mi sono messa in pensione l'anno scorso.": 'messa in pensione',
         },
    ),
    Rule("it.profile.work.lavoro_in", PROFILE,
         CLAUSE_START + r"(?:lavoro\s+in|lavoriamo\s+(?:in|per|presso))\s+" +
         r"(?!(?:questo|quel|quella|questa|un\s+attimo|silenzio|fretta|pace|nero|ritardo|" +
         r"tranquillità|orario|ferie)\b)",
         examples={
             "lavoro in banca da dieci anni": "banca da dieci anni",
             "lavoriamo per una startup di Torino": "startup di Torino",
         },
         counter=("Il lavoro in ufficio è noioso.", "Lavori in banca?", "Non lavoro in banca."),
    ),
    Rule("it.profile.work.laureato_in", PROFILE,
         r"\b(?:io\s+)?(?:mi\s+sono|sono)\s+(?P<pre>laureat[oa])\s+in\b",
         examples={
             "Mi sono laureato in ingegneria a Pisa.": "laureato ingegneria a Pisa",
             "sono laureata in lettere": "laureata lettere",
         },
         counter=("Mia figlia si è laureata in medicina.", "Ti sei laureato in fisica?"),
    ),
    # --- profile: relationships and family ---
    # Uno stato detto senza "sono", a inizio frase: "separata da poco", "fidanzato da 3 anni".
    Rule("it.profile.relationship.stato_senza_soggetto", PROFILE,
         r"(?:^(?:(?:ok|allora|comunque|boh|e)\s+)?|(?<=[,;]\s))(?:(?:ormai|appena|felicemente|"
         r"da\s+poco)\s+)?(?P<fact>(?P<value>sposat[oa]|divorziat[oa]|fidanzat[oa]|separat[oa]|"
         r"vedov[oa]|single))(?=\s*(?:[,.!?;)]|$)|\s+(?:e|da|ormai|ora|adesso|di\s+nuovo|\d)\b)",
         slot="relationship",
         examples={"separata da poco, che film mi consigli per una serata da sola": "separata",
                   "sposato da 12 anni e ancora innamorato": "sposato"},
         counter=("sposati da poco i miei vicini", "il single nuovo dei Måneskin è bello")),
    Rule('it.profile.relationship.sposato', PROFILE,
         r"\b(?:io\s+)?sono\s+(?:(?:ora|adesso|felicemente" +
         r"|di\s+nuovo)\s+)?(?P<fact>single|sposat[oa]|divorziat[oa]|fidanzat[oa]" +
         r"|separat[oa]|vedov[oa])\b",
         examples={
             'Sono sposata.': 'sposata',
             'Sono fidanzato.': 'fidanzato',
         },
         counter=('Sono sposata?', 'Sono fidanzato?'),
    ),
    Rule('it.profile.relationship.ci_siamo_lasciati', PROFILE,
         r"\b(?:ci\s+siamo|mi\s+sono)\s+(?:appena\s+|finalmente\s+)?(?P<fact>lasciat[io]" +
         r"|sposat[io]|separat[io]|fidanzat[io])\b",
         examples={
             'Ci siamo sposati a settembre.': 'sposati',
             'Io e Giulia ci siamo lasciati a maggio.': 'lasciati',
         },
    ),
    Rule('it.profile.family.mio_marito', PROFILE,
         r"^(?:e\s+)?(?P<pre>(?:mio|mia)\s+" + FAMILY + r")\b(?!\s+e\s+io\b)" + NOT_THEIRS +
         r"(?=\s+\w)",
         examples={
             'mio padre fa il medico': 'mio padre fa il medico',
             'Mio marito fa il medico': 'Mio marito fa il medico',
         },
         counter=(
             'Mio marito adora il calcio.', 'Mia sorella vuole trasferirsi.',
             "mio fratello e diventato vegetariano",
         ),
    ),
    Rule("it.profile.relationship.sposato_con", PROFILE,
         r"\b(?:io\s+)?sono\s+(?:(?:felicemente|ora|adesso)\s+)?(?P<fact>(?:sposat[oa]|" +
         r"fidanzat[oa])\s+con\s+[\w']+)",
         examples={
             "sono sposata con Paolo da vent'anni": "sposata con Paolo",
             "Sono fidanzato con giulia.": "fidanzato con giulia",
         },
         counter=("Sei sposata con Paolo?", "Non sono sposato con lei."),
    ),
    Rule("it.profile.family.si_chiama", PROFILE,
         r"\b(?P<pre>(?:il\s+|la\s+)?mi[oa]\s+" + RELATIVE + r"\s+si\s+chiama)\b(?=\s+\w)",
         examples={
             "La mia gatta si chiama Luna.": "La mia gatta si chiama Luna",
             "mio figlio si chiama tommaso": "mio figlio si chiama tommaso",
         },
         counter=("Come si chiama il tuo cane?", "Il suo cane si chiama Rex."),
    ),
    Rule("it.profile.family.nome", PROFILE,
         r"\b(?:il\s+|la\s+)?mi[oa]\s+(?P<fact>" + RELATIVE + r"\s+" + CAP + r"\w+\b)" +
         r"(?!\s+(?:è|e)\s+(?:mort[oa]|mancat[oa])\b)",
         examples={
             "Domenica pranzo da mia sorella Giulia.": "sorella Giulia",
             "il mio cane Fido ha dieci anni": "cane Fido",
         },
         counter=("Tua sorella Giulia è simpatica.",),
    ),
    # --- profile: diet and health ---
    Rule('it.profile.health.allergico', PROFILE,
         r"\b(?:io\s+)?sono\s+(?=(?:molto\s+|gravemente\s+)?(?:allergic[oa]" +
         r"|intollerante)\b)",
         examples={
             'Sono allergico alle noci.': 'allergico alle noci',
             'Sono allergica ai crostacei.': 'allergica ai crostacei',
         },
    ),
    Rule('it.profile.diet.sono_vegetariano', PROFILE,
         r"\b(?:io\s+)?sono\s+(?=(?:vegetarian[oa]|vegan[oa]|celiac[oa]|diabetic[oa]" +
         r"|sposat[oa]|single|mancin[oa]|in\s+pensione|incinta)\b)",
         examples={
             'Sono celiaco.': 'celiaco',
         },
         counter=('Sono sposata?', 'Sono vegetariana?'),
    ),
    Rule('it.profile.diet.seguo_una_dieta', PROFILE,
         r"\b(?:io\s+)?(?:seguo|faccio)\s+(?=una\s+dieta\b)",
         examples={
             'Seguo una dieta vegana.': 'dieta vegana',
         },
    ),
    Rule('it.profile.diet.dieta_ora', PROFILE,
         NOT_NEGATED +
         r"\b(?:(?:io\s+)?sono|essere)\s+(?:(?:ora|adesso|ahora|agora|maintenant|jetzt" +
         r"|nun|strettamente|totalmente|completamente|strictement|complètement|streng" +
         r"|un[ae]?|eine?|uma?)\s+)*(?P<fact>" + DIETS + r")\b",
         examples={
             'Sono vegetariana': 'vegetariana',
             'Sono vegetariano da anni.': 'vegetariano',
             'Adesso sono vegana.': 'vegana',
         },
         counter=('Sono vegetariana?', 'Non sono vegetariana.'),
    ),
    Rule('it.profile.diet.ricominciato_carne', PROFILE,
         r"\b(?:ho\s+)?(?P<pre>ricominciato\s+a\s+mangiare)\s+(?=(?:la\s+)?carne\b)",
         examples={
             'Eh no ricominciato a mangiare carne.': 'ricominciato a mangiare carne',
         },
    ),
    Rule('it.profile.diet.ripreso_carne', PROFILE,
         NOT_NEGATED +
         r"\bho\s+(?:ripreso|ricominciato)\s+a\s+mangiare\s+(?:la\s+)?(?P<fact>carne)\b",
         examples={
             "Da un po' ho ripreso a mangiare la carne.": 'carne',
             'Ho ripreso a mangiare carne.': 'carne',
         },
    ),
    Rule('it.profile.diet.mangio_carne', PROFILE,
         NOT_NEGATED + r"\b(?:mangio\s+(?:di\s+nuovo\s+|ancora\s+|anche\s+)?" +
         r"|ricominciato\s+a\s+mangiare\s+)(?:la\s+)?(?P<fact>carne)\b",
         examples={
             'Adesso mangio di nuovo carne.': 'carne',
             'Ora mangio anche carne.': 'carne',
         },
         counter=('Mangio carne?', 'Non mangio carne.'),
    ),
    Rule("it.profile.health.ho_condizione", PROFILE,
         r"(?:^|(?<=[,;]\s)|\bio\s+|\b(?:e|ma|purtroppo|anche)\s+)(?:ho|soffro\s+di)\s+" +
         r"(?:il\s+|la\s+|l'|un'|una?\s+)?(?=" + CONDITION + r"\b)",
         examples={
             "Ho il diabete di tipo 1.": "diabete di tipo 1",
             "purtroppo soffro di emicrania": "emicrania",
             "ho l'asma da quando sono piccola": "asma da quando sono piccola",
         },
         counter=("Mio padre ha il diabete.", "Hai l'asma?"),
    ),
    # --- profile: age ---
    # L'età che si sta per compiere: "sabato compio 40 anni".
    Rule("it.profile.age.compio", PROFILE,
         r"\b(?P<fact>(?:compio|faccio|sto\s+per\s+compiere)\s+(?P<value>\d{1,3})\s+anni)\b",
         slot="age",
         examples={"a marzo compio 50 anni e voglio una festa": "compio 50 anni"},
         counter=("mia figlia compie 6 anni",)),
    Rule('it.profile.age.compiuto', PROFILE,
         r"\bho\s+(?:appena\s+)?(?P<pre>compiuto)\s+(?P<fact>\d{1,3}\s+anni)\b",
         examples={
             'Ho appena compiuto 38 anni.': 'compiuto 38 anni',
         },
    ),
    # --- profile: what one owns, drives, sold or replaced ---
    Rule('it.profile.owns.ho_un', PROFILE,
         r"\b(?:io\s+)?(?:ho|possiedo)\s+(?=(?:un'|(?:un|una|uno|due|tre|quattro" +
         r"|\d+)\s+)(?!po'|po\b|attimo|sacco|domand|idea|paio\s+di\s+domande|momento)\w)",
         examples={
             'Ho 37 anni.': '37 anni',
             'ho una panda': 'panda',
         },
         counter=('Non ho un cane.', 'Ho una domanda.', "Ho un po' di fame."),
    ),
    Rule('it.profile.owns.guido', PROFILE,
         r"\b(?:io\s+)?guido\s+(?:(?:jetzt|nun|ora|adesso|ahora|maintenant|agora)\s+)?" +
         CAR_ARTICLE + r"\s+(?=" + CAP + r")",
         examples={
             'Guido una Fiat Tipo.': 'Fiat Tipo',
             'Ora guido una Tesla.': 'Tesla',
         },
    ),
    Rule('it.profile.owns.cambiato', PROFILE,
         NOT_NEGATED + r"(?P<fact>\b(?:ho\s+)?(?:cambiato|sostituito)\s+" + ARTICLE + THING +
         r"\s+con\s+" + ARTICLE + NEW_THING + r")",
         examples={
             'Ho cambiato la Punto con una Yaris.': 'Ho cambiato la Punto con una Yaris',
         },
         counter=('Non ho cambiato la Punto.',),
    ),
    Rule('it.profile.owns.venduto', PROFILE,
         NOT_NEGATED + r"(?P<fact>\b(?:ho\s+)?venduto\s+" + ARTICLE + THING +
         r"\s*,?\s+e\s+(?:ho\s+)?(?:preso|comprato)\s+" + ARTICLE + NEW_THING + r")",
         examples={
             'Abbiamo venduto la Panda e preso una Golf.': 'venduto la Panda e preso una Golf',
         },
    ),
    Rule('it.profile.owns.ho_una_marca', PROFILE,
         NOT_NEGATED + r"^(?:io\s+)?ho\s+(?:una?|uno)\s+" + NAMED,
         examples={
             'Ho una Panda.': 'Panda',
         },
    ),
    Rule('it.profile.owns.ho_preso', PROFILE,
         NOT_NEGATED + r"\bho\s+(?:preso|comprato)\s+(?:una?|uno)\s+" + NAMED,
         examples={
             'Ho preso una Vespa.': 'Vespa',
             'Ho venduto la Panda e ho preso una Golf usata.': 'Golf',
         },
    ),
    # --- profile: pets ---
    Rule('it.profile.pet.adottato', PROFILE,
         NOT_NEGATED + r"\b(?:ho|abbiamo)\s+(?:preso|adottato)\s+(?:una?|uno)\s+(?P<name>cane" +
         r"|gatt[oa])\s*(?:,|che\s+si\s+chiama|di\s+nome)\s*" + PET_NAME,
         examples={
             'Abbiamo adottato un gatto, Briciola.': 'Briciola',
             'Ho preso un cane che si chiama Rocky.': 'Rocky',
         },
    ),
    Rule('it.profile.pet.morto', PROFILE,
         NOT_NEGATED + r"(?P<fact>\b(?P<thing>(?-i:[A-Z])[\w'’-]+)\s+(?:è|e)\s+(?:mort[oa]" +
         r"|mancat[oa])\b)",
         examples={
             'Peppa è morta a febbraio.': 'Peppa è morta',
         },
         counter=('Fido non è morto, sta benissimo.',),
    ),
    Rule("it.profile.pet.che_si_chiama", PROFILE,
         r"\b(?:ho|abbiamo)\s+(?P<fact>(?:una?|uno|due)\s+" + PET + r"(?:\s+[\w']+){0,2}?\s+" +
         r"(?:che\s+si\s+chiama(?:no)?|di\s+nome)\s+[\w']+)",
         examples={
             "abbiamo una cagnolina bianca che si chiama Pepita":
                 "cagnolina bianca che si chiama Pepita",
             "Ho un coniglio di nome Bruno.": "coniglio di nome Bruno",
         },
         counter=("Hanno un cane che si chiama Rex.",),
    ),
    # --- profile: activities (what one plays, teaches, studies, collects) ---
    Rule('it.profile.activity.suono', PROFILE,
         r"(?:^|\bio\s+)(?P<pre>suono|insegno|studio|colleziono)\b(?=\s+\w)",
         examples={
             'Colleziono francobolli antichi.': 'Colleziono francobolli antichi',
             'Insegno matematica al liceo.': 'Insegno matematica al liceo',
         },
    ),
    Rule("it.profile.activity.parlo", PROFILE,
         r"(?:^|(?<=[,;]\s)|\bio\s+)(?P<pre>parlo)\s+(?:(?:bene|fluentemente|un\s+po'|anche)\s+)?" +
         r"(?=" + LANGUAGE + r"\b)",
         examples={
             "Parlo francese e un po' di russo.": "parlo francese e un po' di russo",
             "io parlo fluentemente tedesco": "parlo tedesco",
         },
         counter=("Parli inglese?", "Mio marito parla tedesco."),
    ),
    # --- cambi impliciti: una casa nuova, i primi giorni da un nuovo datore di lavoro ---
    Rule("it.profile.residence.new_home", PROFILE,
         r"\b(?P<fact>(?:(?:la\s+)?(?:nostra|mia)\s+nuova\s+casa|(?:il\s+)?(?:nostro|mio)\s+"
         r"nuovo\s+(?:appartamento|monolocale|bilocale))\s+(?:a|ad|in)\s+" + PLACE_VALUE + ")",
         slot="residence",
         examples={"finalmente nella nostra nuova casa a Bologna": "nostra nuova casa a Bologna"},
         counter=("la nuova casa di mia sorella a Bari",)),
    Rule("it.profile.employer.first_days", PROFILE,
         r"\b(?P<fact>(?:(?:il\s+)?(?:mio\s+)?prim[oa]\s+(?:giorno|settimana|mese)|(?:il\s+)?"
         r"(?:mio\s+)?nuovo\s+lavoro)\s+(?:da|in|alla|al|presso)\s+" + ORG_VALUE + ")",
         slot="employer",
         examples={"primo giorno in Ferrero, che ansia": "primo giorno in Ferrero"}),
    # --- i nomi di famiglia e animali, in ogni ordine ---
    Rule("it.profile.family_name.apposition", PROFILE,
         r"\b(?P<fact>(?:mio|mia|nostro|nostra)\s+(?P<name>" + KIN
         + r")\s+(?P<value>" + NAME_CAP + "|" +
             r"(?!(?:adesso|ora|anche|ancora|sempre|già|mai|dice|è|ha|e|che|non)\b)" + NAME_LOWER
         + "))",
         slot="name",
         examples={"la nostra cagnolina luna è dolcissima": "nostra cagnolina luna",
                   "la mia gatta nuvola odia il phon": "mia gatta nuvola",
                   "il nostro bassotto olivo odia la pioggia": "nostro bassotto olivo"},
         counter=("mio fratello vive a Bari", "mia moglie sempre dice di no",
                  "mio figlio gioca a calcio")),
    # --- cambi impliciti in minuscolo: la nuova casa senza possessivo, dove si lavora adesso ---
    Rule("it.profile.residence.nuova_casa", PROFILE,
         r"(?<!\bha\s)(?<!\bhanno\s)(?<!\buna\s)(?<!\bun\s)(?<!\bla\s)(?<!\bil\s)"
         r"(?<!\bnella\s)(?<!\bnello\s)\b(?:nell[ao']\s*|la\s+|il\s+|una\s+|un\s+)?(?:nuov[oa]\s+"
         r"(?:casa|appartamento|monolocale|bilocale|trilocale)|(?:casa|appartamento|monolocale|"
         r"bilocale|trilocale)\s+nuov[oa])\s+(?:a|ad|in)\s+(?P<fact>" + PLACE_VALUE + ")",
         slot="residence",
         examples={"finito il trasloco nella nuova casa a bologna": "bologna",
                   "primo caffè nell'appartamento nuovo a verona": "verona"},
         counter=("la nuova casa di mia sorella a bari", "mio fratello ha una nuova casa a pisa")),
    Rule("it.profile.employer.adesso", PROFILE,
         r"\b(?:(?:adesso|ora|ormai)\s+(?:sono|lavoro|sto)|(?:ho\s+)?(?:iniziato|cominciato)\s+a"
         r"\s+lavorare|(?:sono\s+)?(?:entrat[oa]|passat[oa])|lavoro\s+(?:adesso|ora))\s+(?:da|in|"
         r"alla|al|all'|presso|per)\s*(?P<fact>" + ORG_VALUE + ")",
         slot="employer",
         examples={"mi sono licenziato da enel e adesso sono in eni": "eni",
                   "ho iniziato a lavorare in Ferrari": "Ferrari"},
         counter=("adesso sono in ufficio", "mio marito adesso lavora da ikea")),
    # --- l'auto nuova, per marca o modello ---
    Rule("it.profile.own.nuova_auto_o_telefono", PROFILE,
         r"\b(?:la\s+|il\s+)?(?:mia|nostra|mio|nostro)\s+nuov[ao]\s+(?:(?:auto|macchina|telefono|"
         r"cellulare)\s*,?\s*(?:una?\s+)?)?" + OWNED_VALUE,
         slot="owned",
         examples={"è arrivata la mia nuova Tesla": "Tesla",
                   "il mio nuovo iphone 15 è fantastico": "iphone 15",
                   "la nostra nuova macchina, una kia niro": "kia niro"},
         counter=("la mia nuova casa",)),
    # --- una dieta cambiata, detta come quel che è successo ---
    Rule("it.profile.diet.diventata", PROFILE,
         r"\b(?:sono|siamo)\s+(?:diventat[oaie]|passat[oaie]\s+a(?:ll[ao]')?)\s*(?P<fact>"
         r"(?P<value>vegan[oaie]?|vegetarian[oaie]|pescetarian[oaie]|veganismo|vegetarianismo))\b",
         slot="diet",
         examples={"da gennaio sono diventata vegana": "vegana"},
         counter=("mia sorella è diventata vegana",)),
    Rule("it.profile.employer.nuovi_colleghi", PROFILE,
         r"\b(?:i\s+)?(?:miei\s+)?(?:nuovi\s+colleghi|nuovo\s+(?:capo|ufficio|team))\s+(?:da|in|"
         r"alla|al|di|presso)\s+(?P<fact>" + ORG_VALUE + ")",
         slot="employer",
         examples={"i miei nuovi colleghi da Luxottica sono simpatici": "Luxottica"},
         counter=("i nuovi colleghi di mio marito",)),
    # --- l'auto o il telefono che si ha, per marca o modello ("la mia panda", "ho una
    # yaris"); un nome che è soprattutto un'altra parola solo se si parla di un'auto ---
    Rule("it.profile.own.mia", PROFILE,
         r"\b(?:(?:la|il)\s+)?(?:mia|mio|nostra|nostro)\s+(?:(?:vecchia|vecchio|cara|caro|"
         r"fedele)\s+)?" + OWNED_HERE,
         slot="owned_here",
         examples={"la mia panda fa un rumore strano quando freno": "panda",
                   "il mio iphone 12 si scarica in un attimo": "iphone 12"},
         counter=("il mio tipo ideale è alto", "la mia panda di peluche")),
    Rule("it.profile.own.ho_una", PROFILE,
         r"\b(?:ho|guido|abbiamo)\s+(?:una|un|un')\s*(?:(?:vecchia|vecchio|nuova|nuovo)\s+)?"
         + OWNED_HERE,
         slot="owned_here",
         examples={"guido una fiat tipo e consuma pochissimo di benzina": "fiat tipo"},
         counter=("ho una panda di peluche",)),
    Rule("it.profile.family_name.tra_parentesi", PROFILE,
         r"(?P<fact>(?P<value>" + NAME_CAP + "|" + NAME_LOWER + r")\s*\((?:il\s+|la\s+)?(?:mio|mia|"
         r"nostro|nostra)\s+(?P<name>" + KIN + r"|gatt[oa]|can[ei]|cagnolin[oa])\))",
         slot="name",
         examples={"Biscotto (il nostro gatto) dorme sulla tastiera": "Biscotto (il nostro gatto)"},
         counter=("Luna (il suo cane) ha paura",)),
    # Un appuntamento fisso della settimana senza verbo: "il giovedì sera calcetto coi colleghi".
    Rule("it.habit.routine.giorno_fisso", HABIT,
         r"^(?P<when>(?:il|la|ogni)\s+(?:lunedì|martedì|mercoledì|giovedì|venerdì|sabato|"
         r"domenica)(?:\s+(?:sera|mattina|pomeriggio))?)(?:\s*[=:]\s*|\s+(?:è\s+)?"
         + WEEKLY_WITH + ")",
         examples={"il martedì sera yoga con la mia vicina":
                   "yoga con la mia vicina il martedì sera"},
         counter=("giovedì sera cena con i colleghi",)),
    Rule("it.habit.routine.il_mio_solito", HABIT,
         r"\b(?:il|la)\s+(?:mi[oa]|nostr[oa])\s+solit[oa]\s+(?=[^\W\d_])",
         examples={"domani salto il mio solito giro in bici": "giro in bici"},
         counter=("il suo solito giro",)),
)

STOPWORDS = (
    "il di che e non un una per sono mi ho è con del della lo gli le ma anche perché io al alla "
    "piace mai sempre solito oggi molto dove quando questo questa più già così fare sarò")
"""Frequent Italian words: how a short text is told to be Italian."""

GRAMMAR = Grammar(
    car_context=words(
        "motore fren gomme pneumatici meccanico officina carrozzeria guid benzina diesel "
        "gasolio ricaric tagliando km chilometri frizione cruscotto spia olio batteria "
        "assicurazione bollo revisione parcheggi"),
    name_followers=words(
        "ama odia dorme mangia vuole dice fa va lavora vive abbaia miagola gioca russa sta "
        "studia adora detesta compie ha aveva è era"),
    adverbs=words(
        "ancora sempre mai anche già proprio solo pure appena spesso davvero tipo invece poi "
        "ora adesso stanotte oggi ieri"),
    adverb_endings=("mente",),
    laughs=("ahah", "haha", "lol", "xd"),
    code="it", name="Italian", rules=RULES,
    boundaries=("ma", "però", "perché", r"anche\s+se", "mentre", "quindi", "invece", "siccome"),
    boundary_extra=r"|,?\s+e\s+(?=(?:io|ho|sono|non|mi|ci)\b)",
    hypothetical=("se", "supponiamo", "immagina", r"nel\s+caso", "qualora", "ipoteticamente",
                  r"non\s+(?:sono|so\s+se\s+sono)\s+sicur[oa]",
                  'traduci', 'tradurre', 'traduzione', 'testo\\s+della\\s+canzone', 'poesia'),
    articles=("il", "lo", "la", "i", "gli", "le", "l'", "un", "una", "uno", "un'"),
    list_conjunctions=("e", "ed", "o", "oppure"),
    stopwords=frozenset(STOPWORDS.split()),
    letter_hints="ìòù",
    contrasts=("ma", "però"), joins=("e",),
    clause_subjects=(r"io\b", r"ho\b", r"sono\b", r"lavoro\b", r"vivo\b", r"abito\b",
                     r"preferisco\b", r"non\s+mi\b"),
    negated_before="non",
    work_at=("da", "in", "alla", "al", "all'", "presso", "per"),
    leading_fillers=("che", "molto", "tanto", "niente", "io"),
    trailing_fillers=("molto", "tanto", r"un\s+sacco", "anche", "comunque", "davvero", "e", "o",
                      "ma"),
    time_words=("adesso", "ormai"),
    pronoun_facts=("lo", "la", "li", "le", "questo", "quello", "quella", "questa"),
    clause_openers=("io", "ho", "sono"),
    list_dependents=("soprattutto", "specialmente", "chiamato", "chiamata", "chiamati", "di",
                     "con", "da"),
    kin=(
         "wife: moglie; husband: marito; partner: compagno compagna; "
         "boyfriend: ragazzo fidanzato; girlfriend: ragazza fidanzata; son: figlio; "
         "daughter: figlia; kid: bimbo bimba; brother: fratello; sister: sorella; "
         "mother: madre mamma; father: padre papà papa; grandmother: nonna; "
         "grandfather: nonno; cousin: cugino cugina; uncle: zio; aunt: zia; "
         "dog: cagnolino cagnolina cucciolo cucciola bassotto barboncino meticcio meticcia; "
         "cat: gattino gattina micio; "
         "rabbit: coniglio; parrot: pappagallo; horse: cavallo"),
)
