"""Spanish: the grammar of facts, the first-person statements the pipeline keeps.

The file opens with the named fragments the rules share (where a statement may start, what
is no object, the "not" before a trigger), then the rules grouped by kind: preference (likes,
then dislikes), decision (choices, then plans), habit (routines and times, "never", then what
one stopped doing), profile (name, residence, work, relationships and family, diet and
health, age, what one owns, pets). Within a kind, at a tie (same start, same
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
    ORG_LOWER,
    ORG_VALUE,
    OWNED_HERE,
    OWNED_SAID,
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

FAMILY = any_of(r"esposo esposa marido mujer novio novia pareja hij[oa]s? madre padre mamá "
                r"papá herman[oa]s? abuel[oa] perr[oa] gat[oa] mascota jefe jefa mejor\s+amig[oa]")
"""Relatives, pets and people close to one ("mi hija", "mi perro", "mi jefa")."""
EVERY = any_of("mañana día noche tarde semana lunes martes miércoles jueves viernes sábado "
               "domingo")
"""What "cada" makes a routine of: "cada mañana", "cada viernes"."""
JOB = OCCUPATIONS["es"]
"""A profession (a word list shared with the other languages' files)."""
HABIT_SUBJECT = SUBJECT["es"]
"""Where a habit verb may stand: after "yo", or where the subject is dropped."""
HABIT_VERBS = first_persons("es", DO)
""""fumo", "bebo", "juego"...: habit verbs in the first person."""
NOT_REFUSAL = r"(?!\s+no\s+(?:responder|contestar|decirlo|decir|hablar|comentar)\w*)"
"""Not a refusal to answer: "Prefiero no contestar"."""
NOT_SAID_VERB = (r"(?!(?:ser|estar|decir|ver|saber|admitir|preguntar|irme|dormir" +
                 r"|pensarlo)\b)")
"""A plan's verb, not what one says or does in the conversation ("quiero decir")."""
INFINITIVE = r"(?=\w+(?:ar|er|ir)(?:me|te|se|nos|lo|la|los|las|le)?\b)"
"""An infinitive, maybe with a clitic ("mudarme")."""
CLITIC = r"(?:(?:lo|la|li|le|ne|mi|ci|ti|me|te|se)\s+)?"
TO_CLAUSE_END = (r"[^.;!?,]{0,80}?)(?=\s*(?:[.;!?,]|$)|\s+(?:porque|pero|así\s+que" +
                 r"|y\s+ahora)\b)")
"""The rest of an ending's fact, to the end of its clause (closes the ``fact`` group)."""
NOT_TASTE = r"(?!(?:viel\s+|eher\s+)?(?:lieber|gerne?|volentieri|volontiers|plutôt)\b)"
"""Not a word of taste after a habit verb (the other languages' "gerne", "volentieri")."""
NOT_NEGATED = "".join(
    rf"(?<!\b{w}\s)" for w in (
        "non", "no", "not", "não", "nao", "ne", "nicht", "nie", "mai", "never", "nunca",
        "jamais"))
"""Not right after a negation, in any language ("No vendí el coche")."""
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
DIETS = (r"vegetarian[oa]|vegan[oa]|pescetarian[oa]|crudist[oa]|végétarien(?:ne)?" +
         r"|végétalien(?:ne)?|végane?|pescétarien(?:ne)?|vegetarier(?:in)?" +
         r"|veganer(?:in)?|vegan|pescetarier(?:in)?|flexitarier(?:in)?")
"""Diets, as nouns or adjectives (the other languages' too)."""
CAR_ARTICLE = r"(?:una?|une?|einen|ein|eine|uma?)"

TOPIC = r"^(?P<fact>(?!(?:eso|esto|no|yo|él|ella|ellos|tú)\b)[\w' -]{2,40}?)"
"""A thing a statement opens with, said of later by a pronoun ("las aceitunas no las soporto")."""
RELATIVE = any_of(r"esposo esposa marido mujer novio novia pareja hij[oa]s? madre padre mamá "
                  r"papá herman[oa]s? abuel[oa] ti[oa] prim[oa] sobrin[oa] nieto nieta "
                  r"perr[oa] perrit[oa] gat[oa] gatit[oa] mascota jefe jefa mejor\s+amig[oa]")
"""Relatives, pets and people close to one ("mi hijo", "mi perrita", "mi jefa")."""
PET = any_of("perr[oa] perrit[oa] gat[oa] gatit[oa] conejo hámster loro periquito tortuga caballo")
"""Pets."""
LANGUAGE = any_of("español castellano catalán gallego euskera vasco inglés francés alemán "
                  "italiano portugués ruso chino japonés árabe neerlandés holandés quechua "
                  "guaraní")
"""Languages one speaks."""
CONDITION = any_of(r"diabetes hipotiroidismo hipertiroidismo asma celiaquía migrañas? "
                   r"gastritis reflujo colesterol(?:\s+alto)? hipertensión tensión\s+alta "
                   r"artritis psoriasis endometriosis fibromialgia epilepsia anemia insomnio "
                   r"dermatitis colon\s+irritable intolerancia alergia tdah ansiedad")
"""Long-lasting health conditions ("tengo diabetes", "sufro de migrañas")."""
CLAUSE_START = r"(?:^|(?<=[,;]\s)|\byo\s+|\b(?:y|pero|ahora|ya)\s+)"
"""Where a first-person verb may stand when its subject is dropped."""

WEEKLY = any_of(r"lunes martes miércoles jueves viernes sábados domingos mañanas tardes noches "
                 r"fines\s+de\s+semana findes")
"""The times a routine is said of in the plural ("los domingos", "las mañanas")."""

KIN = (r"(?:esposa|esposo|mujer|marido|novio|novia|pareja|hijo|hija|hermano|hermana|mamá|madre|"
       r"papá|padre|abuel[oa]|prim[oa]|tío|tía|sobrin[oa]|perr[oa]|perrit[oa]|gat[oa]|gatit[oa]|"
       r"conejo|hámster|loro|caballo|galg[oa]|podenco|mestiz[oa]|" + PET_BREEDS + ")")
"""Family and pets: whose name a name is."""

WEEKLY_WITH = (r"(?=[\w'-]+(?:\s+[\w'-]+){0,3}\s+(?:con|en\s+el|en\s+la)\b)")
"""What fills a weekly slot said without a verb: a few words, then who with or where."""

RULES: tuple[Rule, ...] = (
    # --- preference: likes ---
    Rule('es.preference.like.prefiero', PREFERENCE,
         r"\b(?:yo\s+)?(?:prefiero|adoro)\b" + NOT_REFUSAL,
         examples={
             'Prefiero el té verde.': 'té verde',
             'Prefiero el café solo.': 'café solo',
             'Adoro la paella de mi abuela.': 'paella de mi abuela',
         },
         counter=('Eu adoro café.', 'Prefiero no contestar.'),
    ),
    Rule('es.preference.like.me_gusta', PREFERENCE,
         r"\b(?:a\s+mí\s+)?me\s+(?:gusta|gustan|encanta|encantan)\b",
         examples={
             'Me encanta el fútbol.': 'fútbol',
             'Me gusta mucho el flamenco.': 'flamenco',
         },
         counter=('Me gusta', 'No sé si me gusta el jazz.'),
    ),
    Rule('es.preference.like.favorito', PREFERENCE,
         r"\bmi\s+[\w ]{1,40}?\s+(?:favorit[oa]|preferid[oa])\s+es\b",
         examples={
             'Mi grupo favorito es Radiohead.': 'Radiohead',
             'Mi comida preferida es la tortilla.': 'tortilla',
         },
    ),
    Rule('es.preference.like.preferiria', PREFERENCE,
         r"\b(?:yo\s+)?preferiría\b" + NOT_REFUSAL,
         examples={
             'Preferiría trabajar desde casa.': 'trabajar desde casa',
         },
         counter=('Preferiría no decirlo.',),
    ),
    Rule('es.preference.like.me_vuelve_loco', PREFERENCE,
         r"\bme\s+vuelven?\s+(?:loc[oa]s?|lo+c[oa])\s+",
         examples={
             'Me vuelve loco el chocolate.': 'chocolate',
             'Me vuelven loca las series coreanas.': 'series coreanas',
         },
    ),
    Rule('es.preference.like.soy_mas_de', PREFERENCE,
         r"\b(?:yo\s+)?soy\s+(?:más|mas|muy)\s+de\s+(?!(?:lo|que|aquí|allí)\b)",
         examples={
             'Soy más de té que de café.': 'té que de café',
         },
         counter=('Soy más de lo que parece.',),
    ),
    Rule('es.preference.like.no_puedo_vivir_sin', PREFERENCE,
         r"\bno\s+(?:puedo|podría)\s+vivir\s+sin\s+",
         examples={
             'No puedo vivir sin música.': 'música',
         },
    ),
    Rule('es.preference.like.soy_fan', PREFERENCE,
         r"\b(?:yo\s+)?soy\s+(?:muy\s+|súper\s+|super\s+)?fan\s+(?:de|del)\s+",
         examples={
             'Soy muy fan de la música clásica.': 'música clásica',
         },
    ),
    Rule("es.preference.like.enganchado", PREFERENCE,
         r"\b(?:yo\s+)?(?:estoy|ando)\s+(?:(?:re|muy|súper|super|bastante|full|tan)\s+)?" +
         r"(?:enganchad[oa]|obsesionad[oa]|viciad[oa]|picad[oa]|fanatizad[oa])\s+(?:con|a)\b",
         examples={
             "Últimamente estoy obsesionada con el yoga.": "yoga",
             "ando re viciado con el ajedrez online": "ajedrez online",
         },
         counter=("Mi hermano está enganchado a los videojuegos.", "¿Estás enganchado a la serie?"),
    ),
    Rule("es.preference.like.favorito_despues", PREFERENCE,
         TOPIC + r"\s+es\s+(?:mi\s+(?:\w+\s+)?(?:favorit[oa]|preferid[oa])|lo\s+mejor\s+" +
         r"(?:que\s+hay|del\s+mundo))\b",
         examples={
             "La tortilla de patatas es mi comida favorita.": "tortilla de patatas",
             "el mate es lo mejor del mundo": "mate",
         },
         counter=("Eso es lo mejor que hay.",),
    ),
    # --- preference: dislikes and refusals ---
    Rule('es.preference.dislike.no_me_gusta', PREFERENCE,
         r"\b(?:a\s+mí\s+)?no\s+me\s+(?:gusta|gustan)\b",
         polarity='-',
         examples={
             'No me gusta el frío.': 'frío',
             'No me gusta correr por la mañana.': 'correr por la mañana',
         },
    ),
    Rule('es.preference.dislike.odio', PREFERENCE,
         r"\b(?:yo\s+)?(?:odio|detesto|evito)\b|\bno\s+soporto\b",
         polarity='-',
         examples={
             'No soporto el ruido.': 'ruido',
         },
         counter=('Odio il traffico di Roma.', 'Odio le riunioni del lunedì.'),
    ),
    Rule('es.preference.dislike.no_confio', PREFERENCE,
         r"\b(?:yo\s+)?no\s+confío\s+(?:en|de)\b",
         polarity='-',
         examples={
             'No confío en los bancos.': 'bancos',
         },
    ),
    Rule('es.preference.dislike.me_niego', PREFERENCE,
         r"\b(?:yo\s+)?me\s+niego\s+a\b",
         polarity='-',
         examples={
             'Me niego a usar Windows.': 'usar Windows',
         },
    ),
    Rule('es.preference.dislike.no_es_lo_mio', PREFERENCE,
         r"^(?P<fact>(?!(?:eso|esto|no)\b)[\w' -]{2,40}?)\s+no\s+es\s+lo\s+m[ií]o\b",
         polarity='-',
         examples={
             'El golf no es lo mío.': 'golf',
             'El fútbol no es lo mío.': 'fútbol',
         },
         counter=('Eso no es lo mío.',),
    ),
    Rule("es.preference.dislike.no_lo_soporto", PREFERENCE,
         TOPIC + r"\s+(?:ya\s+)?no\s+(?:lo|la|los|las)\s+" +
         any_of(r"soporto aguanto trago tolero digiero puedo\s+ver como bebo") + r"\b",
         polarity="-",
         examples={
             "Los pimientos no los digiero.": "pimientos",
             "el reguetón no lo aguanto": "reguetón",
         },
         counter=("Eso no lo soporto.", "No lo soporto más."),
    ),
    Rule("es.preference.dislike.me_da_asco", PREFERENCE,
         TOPIC + r"\s+(?:me\s+da(?:n)?\s+(?:mucho\s+|un\s+poco\s+de\s+)?(?:asco|grima|repelús)|" +
         r"no\s+(?:es|son)\s+lo\s+m[ií]o)\b",
         polarity="-",
         examples={
             "La leche caliente me da asco.": "leche caliente",
             "los deportes de invierno no son lo mío": "deportes de invierno",
         },
         counter=("Eso me da asco.",),
    ),
    # --- decision: choices ---
    Rule('es.decision.choice.decidi', DECISION,
         r"\b(?:yo\s+)?(?:decidí|he\s+decidido|hemos\s+decidido|decidimos)(?:\s+(?:que" +
         r"|usar|utilizar|ir\s+con|quedarme\s+con|cambiar\s+a))?\b",
         examples={
             'Decidí usar Django para la web.': 'Django para la web',
             'Decidimos usar PostgreSQL para o novo projeto.': 'PostgreSQL para o novo projeto',
         },
    ),
    Rule('es.decision.choice.elegi', DECISION,
         r"\b(?:elegí|escogí|opté\s+por|me\s+quedo\s+con|voy\s+a\s+usar|usaré" +
         r"|vamos\s+a\s+usar|usaremos)\b",
         examples={
             'Elegí Flutter para la app.': 'Flutter para la app',
             'Opté por un piso más pequeño.': 'piso más pequeño',
         },
    ),
    # --- decision: plans (an infinitive after "voy a", "quiero", "tengo que") ---
    Rule('es.decision.plan.voy_a', DECISION,
         r"\b(?:yo\s+)?(?:voy|vamos)\s+a\s+" + NOT_SAID_VERB + INFINITIVE +
         r"|\b(?:yo\s+)?(?:pienso|planeo|quiero|tengo\s+que|tengo\s+pensado|pensamos" +
         r"|queremos|tenemos\s+que)\s+" + NOT_SAID_VERB + INFINITIVE,
         examples={
             'Voy a mudarme a Madrid.': 'mudarme a Madrid',
             'voy a empezar el gimnasio el lunes': 'empezar el gimnasio el lunes',
         },
         counter=(
             'Queremos ter um filho no próximo ano.',
             'Voy a decir una cosa.',
             'Quiero preguntar algo.',
         ),
    ),
    # --- habit: routines, frequencies and times ---
    Rule('es.habit.routine.normalmente', HABIT,
         r"\b(?:yo\s+)?(?:normalmente|generalmente|por\s+lo\s+general|habitualmente" +
         r"|suelo|solemos|a\s+menudo)\b",
         examples={
             'Normalmente trabajo desde casa.': 'trabajo desde casa',
         },
    ),
    Rule('es.habit.routine.siempre', HABIT,
         r"(?:^|(?<=,\s)|\byo\s+)siempre\b",
         examples={
             'Siempre llevo conmigo mi inhalador para el asma.':
                 'llevo conmigo mi inhalador para el asma',
             'Siempre hablamos del nuevo panel de control con el equipo':
                 'hablamos del nuevo panel de control con el equipo',
         },
    ),
    Rule('es.habit.routine.cada', HABIT,
         r"\b(?P<when>cada\s+" + EVERY +
         r"|todos\s+los\s+(?:días|lunes|martes|miércoles|jueves|viernes|sábados" +
         r"|domingos)|todas\s+las\s+(?:mañanas|noches|tardes|semanas)),?",
         examples={
             'Cada mañana salgo a pasear al perro.': 'salgo a pasear al perro cada mañana',
             'Todos los domingos como con mis padres.': 'como con mis padres todos los domingos',
         },
         counter=('todas las mañanas',),
    ),
    Rule('es.habit.routine.horario', HABIT,
         r"\b(?:yo\s+)?(?P<pre>me\s+acuesto|me\s+levanto|me\s+despierto" +
         r"|me\s+voy\s+a\s+(?:la\s+cama|dormir)|entro\s+a\s+trabajar" +
         r"|salgo\s+de\s+trabajar|empiezo\s+a\s+trabajar)(?=\s+(?:a\s+las?|sobre\s+las" +
         r"|hacia\s+las|antes\s+de\s+las|después\s+de\s+las|a\s+medianoche|temprano" +
         r"|tarde)\b)",
         examples={
             'Me acuesto a las diez.': 'Me acuesto a las diez',
         },
    ),
    Rule('es.habit.routine.verbo', HABIT,
         HABIT_SUBJECT + r"(?P<pre>" + HABIT_VERBS + r")\b\s+" + NOT_TASTE + r"(?P<fact>\w" +
         TO_CLAUSE_END,
         examples={
             'Fumo la pipa.': 'Fumo pipa',
             'Bebo té verde.': 'Bebo té verde',
             'Juego al pádel con mis amigos.': 'Juego al pádel con mis amigos',
         },
         counter=('Bebo café todas as manhãs.', 'Fumo un pacchetto al giorno.'),
    ),
    Rule("es.habit.routine.los_domingos", HABIT,
         r"^(?P<when>(?:los|las|por\s+las)\s+" + WEEKLY + r"|antes\s+de\s+(?:dormir|cenar|" +
         r"comer|desayunar|trabajar|acostarme)|después\s+de\s+(?:cenar|comer|desayunar|" +
         r"trabajar|clase)),?\s+(?:yo\s+)?(?:siempre\s+|normalmente\s+|casi\s+siempre\s+)?" +
         r"(?=(?:me\s+|nos\s+)?(?:\w+(?:o|amos|emos|imos)\b(?<!\bno)(?<!\beso)(?<!\bpero)|" +
         r"voy\b))",
         examples={
             "Los sábados juego al fútbol con mis amigos.":
                 "juego al fútbol con mis amigos los sábados",
             "antes de dormir siempre leo un rato": "leo un rato antes de dormir",
             "los viernes voy a clase de baile": "voy a clase de baile los viernes",
         },
         counter=("Los domingos no abro.", "¿Los sábados trabajas?",
                  "Los lunes son horribles."),
    ),
    # --- habit: never ---
    Rule('es.habit.never.nunca', HABIT,
         r"(?:^|(?<=,\s)|\byo\s+)(?:nunca|jamás)\b",
         polarity='-',
         examples={
             'Nunca hablamos del nuevo panel de control con el equipo':
                 'hablamos del nuevo panel de control con el equipo',
             'Nunca bebo alcohol entre semana.': 'bebo alcohol entre semana',
         },
    ),
    # --- habit: what one stopped doing or left ---
    Rule('es.habit.ended.ya_no', HABIT,
         r"\b(?P<fact>ya\s+no\s+\w+" + TO_CLAUSE_END,
         examples={
             'Ya no soy vegetariano.': 'Ya no soy vegetariano',
             'Ya no juego al baloncesto.': 'Ya no juego al baloncesto',
         },
         counter=('¿Ya no vives en Madrid?',),
    ),
    Rule('es.habit.ended.no_mas', HABIT,
         r"\b(?:yo\s+)?(?P<fact>no\s+" + CLITIC + r"\w+\s+más\b(?!\s+(?:que|de)\b)" +
         TO_CLAUSE_END,
         examples={
             'No fumo más desde enero.': 'No fumo más desde enero',
         },
         counter=('No me gusta más que el chocolate.',),
    ),
    Rule('es.habit.ended.deje_de', HABIT,
         r"\b(?P<fact>(?:dejé|he\s+dejado)\s+de\s+\w+" + TO_CLAUSE_END,
         examples={
             'Dejé de fumar.': 'Dejé de fumar',
             'He dejado de beber cerveza.': 'He dejado de beber cerveza',
         },
    ),
    Rule('es.habit.ended.deje', HABIT,
         NOT_NEGATED + r"(?P<fact>\b(?:he\s+dejado|dejé|deje)\s+" + ARTICLE + THING +
         r"(?!\s+(?:en|a|al|con|para)\s+(?:el|la|los|las|casa|mi|su|un|una)\b))",
         examples={
             'Dejé el gimnasio en verano.': 'Dejé el gimnasio',
             'He dejado el tabaco por fin.': 'He dejado el tabaco',
         },
         counter=('Dejé el coche en el garaje.', 'No dejé el gimnasio.'),
    ),
    Rule('es.habit.ended.vendi', HABIT,
         NOT_NEGATED + r"(?P<fact>\b(?:vendí|he\s+vendido)\s+" + ARTICLE + THING + r")",
         examples={
             'Vendí la bici vieja.': 'Vendí la bici',
         },
         counter=('No vendí la bici.',),
    ),
    Rule('es.habit.ended.renuncie', HABIT,
         NOT_NEGATED + r"(?P<fact>\b(?:renuncié\s+a|me\s+fui\s+de)\s+" + ARTICLE + CAP_THING +
         r")",
         examples={
             'Renuncié a Telefónica en mayo.': 'Renuncié a Telefónica',
             'Me fui de Inditex el año pasado.': 'Me fui de Inditex',
         },
         counter=('No renuncié a Telefónica.',),
    ),
    # --- profile: name ---
    Rule('es.profile.name.me_llamo', PROFILE,
         r"\bme\s+llamo\b|\bmi\s+nombre\s+es\b",
         examples={
             'me llamo Lucía': 'Lucía',
             'Mi nombre es Andrés.': 'Andrés',
         },
    ),
    # --- profile: residence and origin ---
    Rule('es.profile.residence.vivo_en', PROFILE,
         r"\b(?:yo\s+)?vivo\s+en\b|\bnací\s+en\b|\bsoy\s+de\b(?=\s+" + CAP + r")",
         examples={
             'Vivo en Madrid.': 'Madrid',
             'Vivo en Málaga.': 'Málaga',
             'Nací en Sevilla.': 'Sevilla',
             'Soy de Bilbao.': 'Bilbao',
         },
         counter=('vivo en', 'No vivo en Madrid.', 'Soy de los que madrugan.'),
    ),
    Rule('es.profile.residence.vivimos_or_job', PROFILE,
         r"\b(?:yo\s+)?(?:ahora\s+)?soy\s+(?=" + JOB +
         r"\b)|\b(?:vivimos\s+en|nos\s+(?:mudamos|hemos\s+mudado)\s+a)\b" +
         r"|\bahora\s+(?:vivo|trabajo)\s+(?:en|como|para)\b",
         examples={
             'Soy camarero.': 'camarero',
             'Soy dependienta.': 'dependienta',
             'Vivimos en Valencia.': 'Valencia',
             'Ahora trabajo para Mercadona.': 'Mercadona',
         },
    ),
    Rule("es.profile.residence.soy_de", PROFILE,
         r"(?:^|(?<=[,;]\s)|\byo\s+)soy\s+(?:originari[oa]\s+)?de\b(?!\s+" + any_of(
             "los las la el lo que pocas muchas fiar verdad buen mal ciudad campo pueblo "
             "izquierdas derechas mente carne hierro palo madera pocos") +
         r"\b)(?=\s+(?-i:[a-zà-ü]))",
         examples={
             "soy de rosario pero vivo en córdoba": "rosario",
             "soy originaria de cádiz": "cádiz",
         },
         counter=("Soy de los que madrugan.", "soy de pocas palabras", "Mi padre es de Lima."),
    ),
    # --- profile: work ---
    Rule('es.profile.work.trabajo_como', PROFILE,
         r"\b(?:yo\s+)?trabajo\s+(?:como|de|en|para)\b",
         examples={
             'Trabajo en Iberia.': 'Iberia',
             'trabajo en mercadona': 'mercadona',
         },
         counter=('No trabajo en un banco.',),
    ),
    Rule('es.profile.work.soy_un', PROFILE,
         r"\b(?:yo\s+)?soy\s+(?:un|una)\s+",
         examples={
             'Soy un desarrollador web.': 'desarrollador web',
             'Soy una enfermera de urgencias.': 'enfermera de urgencias',
         },
    ),
    Rule('es.profile.work.me_hice', PROFILE,
         NOT_NEGATED +
         r"\b(?:me\s+(?:hice|he\s+hecho)|me\s+convertí\s+en)\s+(?:una?\s+)?(?P<fact>" + JOB +
         r")\b",
         examples={
             'Me hice peluquera.': 'peluquera',
             'Me he hecho enfermera.': 'enfermera',
         },
         counter=('No me hice peluquera.',),
    ),
    Rule('es.profile.work.trabajo_de', PROFILE,
         NOT_NEGATED + r"\btrabajo\s+de\s+(?P<fact>" + JOB + r")\b",
         examples={
             'Trabajo de camarera en un bar.': 'camarera',
         },
    ),
    Rule('es.profile.work.curro', PROFILE,
         NOT_NEGATED + r"\bcurro\s+(?:ahora\s+)?(?:en|para)\s+" + PLACE,
         examples={
             'Curro en Zara desde marzo.': 'Zara',
             'Ya no estoy en Mercadona, ahora curro en Inditex.': 'Inditex',
         },
    ),
    Rule('es.profile.work.jubilado', PROFILE,
         NOT_NEGATED + r"\bme\s+(?:he\s+)?(?P<fact>jubilé|jubilado)\b",
         examples={
             'Me jubilé en 2024.': 'jubilé',
         },
         counter=('No me he jubilado.',),
    ),
    Rule("es.profile.work.trabajo_en", PROFILE,
         CLAUSE_START + r"(?:(?:trabajo|trabajamos|curro|currelo)\s+(?:en|para)\b" +
         r"(?=\s+(?-i:[a-zà-ü]))|laburo\s+(?:en|para)\b)" +
         r"(?!\s+(?:esto|eso|ello|algo|nada|lo\s+mismo|silencio|paz|negro|equipo|remoto|" +
         r"casa)\b)",
         examples={
             "laburo en un banco desde hace años": "banco desde hace años",
             "ahora curro en una librería del centro": "librería del centro",
         },
         counter=("¿Trabajas en un banco?", "No trabajo en un banco.", "laburo en casa hoy",
                  "El trabajo en equipo es clave."),
    ),
    Rule("es.profile.work.soy_profe", PROFILE,
         r"\b(?:yo\s+)?(?:ahora\s+)?soy\s+(?=(?:profe|maestr[oa]|camarer[oa]|meser[oa]|" +
         r"albañil|fontaner[oa]|plomer[oa]|autónom[oa]|funcionari[oa]|freelance|becari[oa]|" +
         r"dependient[oa]|repartidor(?:a)?|cajer[oa]|administrativ[oa]|comercial|" +
         r"informátic[oa]|desarrollador(?:a)?|psicólog[oa]|fisio|fisioterapeuta)\b)",
         examples={
             "Soy profe de historia en un instituto.": "profe de historia en un instituto",
             "soy autónoma desde 2020": "autónoma desde 2020",
         },
         counter=("¿Soy funcionario?", "No soy camarero."),
    ),
    Rule("es.profile.work.estudie", PROFILE,
         r"\b(?:yo\s+)?(?P<pre>estudié|me\s+gradué\s+en|me\s+licencié\s+en|soy\s+licenciad[oa]" +
         r"\s+en|soy\s+graduad[oa]\s+en)\s+(?=\w)",
         examples={
             "Estudié derecho en Salamanca.": "estudié derecho en Salamanca",
             "me licencié en biología hace diez años": "me licencié en biología hace diez años",
         },
         counter=("¿Estudiaste derecho?", "Mi hija estudió medicina."),
    ),
    # --- profile: relationships and family ---
    # Un estado sin "estoy": a comienzo de frase ("recién divorciado y…"), o tras "llevo N años".
    Rule("es.profile.relationship.estado_sin_sujeto", PROFILE,
         r"(?:^(?:(?:ok|bueno|pues|y)\s+)?|(?<=[,;]\s))(?:(?:recién|felizmente|ya)\s+)?"
         r"(?P<fact>(?P<value>casad[oa]|divorciad[oa]|comprometid[oa]|separad[oa]|viud[oa]|"
         r"solter[oa]))(?=\s*(?:[,.!?;)]|$)|\s+(?:y|desde|hace|de\s+nuevo|otra\s+vez|ya|\d)\b)",
         slot="relationship",
         examples={"recién separada y con dos críos, cómo me organizo": "separada",
                   "casado desde 2015 y todavía no sé cocinar": "casado"},
         counter=("casados y solteros pueden venir", "divorciados famosos de hollywood")),
    Rule("es.profile.relationship.llevo_anos", PROFILE,
         r"\bllevo\s+(?:[\w-]+\s+){1,3}(?P<fact>(?P<value>casad[oa]|divorciad[oa]|"
         r"comprometid[oa]|separad[oa]|viud[oa]))\b",
         slot="relationship",
         examples={"llevo cinco años casado con la mejor persona": "casado"},
         counter=("lleva 10 años casada mi hermana",)),
    Rule('es.profile.relationship.casado', PROFILE,
         r"\b(?:(?:yo\s+)?(?:estoy|soy))\s+(?:(?:ahora|felizmente|otra\s+vez" +
         r"|de\s+nuevo)\s+)?(?P<fact>solter[oa]|casad[oa]|divorciad[oa]|separad[oa]" +
         r"|prometid[oa]|viud[oa]|en\s+pareja)\b",
         examples={
             'Estoy casada desde 2019.': 'casada',
             'Lucía y yo lo dejamos, ahora estoy soltero.': 'soltero',
         },
         counter=('¿Estoy casado?',),
    ),
    Rule('es.profile.relationship.nos_casamos', PROFILE,
         r"\b(?:nos|me)\s+(?P<fact>casamos|casé|divorciamos|divorcié|separamos|separé" +
         r"|comprometimos)\b",
         examples={
             'Nos casamos en junio.': 'casamos',
             'Me divorcié hace dos años.': 'divorcié',
         },
    ),
    Rule('es.profile.relationship.lo_dejamos', PROFILE,
         r"\b(?P<fact>lo\s+dejamos|rompimos)\b",
         examples={
             'Lucía y yo lo dejamos, ahora estoy soltero.': 'lo dejamos',
             'Mi novio y yo rompimos en verano.': 'rompimos',
         },
    ),
    Rule('es.profile.family.se_llama', PROFILE,
         r"\b(?P<pre>mis?\s+" + FAMILY + r"\s+se\s+llaman?)\b(?=\s+\w)",
         examples={
             'Mi hija se llama Lucía.': 'Mi hija se llama Lucía',
             'Mi marido se llama Javier.': 'Mi marido se llama Javier',
             'Mi perro se llama Toby.': 'Mi perro se llama Toby',
         },
    ),
    Rule('es.profile.family.tengo_hijos', PROFILE,
         r"\btengo\s+(?=(?:un|una|dos|tres|\d+)\s+(?:\w+\s+)?(?:perr[oa]s?|gat[oa]s?" +
         r"|hij[oa]s?|niñ[oa]s)\b)",
         examples={
             'tengo un perro': 'perro',
             'Tengo un perro, Toby.': 'perro, Toby',
             'Tengo dos hijos pequeños.': 'dos hijos pequeños',
             'Tengo una gata negra.': 'gata negra',
         },
         counter=('Tengo una pregunta.',),
    ),
    Rule("es.profile.relationship.casado_con", PROFILE,
         r"\b(?:(?:yo\s+)?(?:estoy|soy))\s+(?:(?:felizmente)\s+)?(?P<fact>(?:casad[oa]|" +
         r"prometid[oa]|de\s+novi[oa]s?|en\s+pareja)\s+con\s+[\w']+)",
         examples={
             "Estoy casada con Javier desde 2010.": "casada con Javier",
             "estoy de novio con marta": "de novio con marta",
         },
         counter=("¿Estás casada con Javier?", "No estoy casado con ella."),
    ),
    Rule("es.profile.family.nombre", PROFILE,
         r"\bmis?\s+(?P<fact>" + RELATIVE + r"\s+" + CAP + r"\w+\b)" +
         r"(?!\s+(?:se\s+)?(?:murió|falleció)\b)",
         examples={
             "Mañana viene mi hermana Lucía a comer.": "hermana Lucía",
             "mi perro Bruno tiene diez años": "perro Bruno",
         },
         counter=("Tu hermana Lucía es simpática.",),
    ),
    # --- profile: diet and health ---
    Rule('es.profile.health.alergico', PROFILE,
         r"\b(?:yo\s+)?soy\s+(?=(?:muy\s+)?(?:alérgic[oa]|intolerante)\b)",
         examples={
             'Soy alérgica al marisco.': 'alérgica al marisco',
             'Soy alérgica a las nueces.': 'alérgica a las nueces',
         },
    ),
    Rule('es.profile.diet.soy_vegetariano', PROFILE,
         r"\b(?:yo\s+)?soy\s+(?=(?:vegetarian[oa]|vegan[oa]|celíac[oa]|diabétic[oa]" +
         r"|casad[oa]|solter[oa]|zurd[oa])\b)",
         examples={
             'Soy celíaca.': 'celíaca',
         },
         counter=('¿Soy vegetariano?', 'No soy vegetariano.'),
    ),
    Rule('es.profile.diet.sigo_una_dieta', PROFILE,
         r"\b(?:yo\s+)?sigo\s+(?=una\s+dieta\b)",
         examples={
             'Sigo una dieta sin gluten.': 'dieta sin gluten',
         },
    ),
    Rule('es.profile.diet.dieta_ahora', PROFILE,
         NOT_NEGATED +
         r"\b(?:(?:yo\s+)?soy|ser)\s+(?:(?:ora|adesso|ahora|agora|maintenant|jetzt|nun" +
         r"|strettamente|totalmente|completamente|strictement|complètement|streng" +
         r"|un[ae]?|eine?|uma?)\s+)*(?P<fact>" + DIETS + r")\b",
         examples={
             'Soy vegana': 'vegana',
             'soy vegetariano': 'vegetariano',
             'Ahora soy vegetariana.': 'vegetariana',
         },
         counter=('¿Soy vegetariano?', 'Parei de ser vegetariano em agosto.', 'No soy vegana.'),
    ),
    Rule('es.profile.diet.volvi_a_comer_carne', PROFILE,
         r"\b(?P<pre>(?:volví|he\s+vuelto)\s+a\s+comer)\s+(?=carne\b)",
         examples={
             'Nunca volví a comer carne.': 'volví a comer carne',
         },
    ),
    Rule('es.profile.diet.como_carne', PROFILE,
         NOT_NEGATED + r"\b(?:como\s+(?:otra\s+vez\s+|de\s+nuevo\s+)|(?:volví" +
         r"|he\s+vuelto)\s+a\s+comer\s+)(?P<fact>carne)\b",
         examples={
             'Ya no soy vegana, he vuelto a comer carne.': 'carne',
             'Como otra vez carne.': 'carne',
         },
         counter=('No como de nuevo carne.',),
    ),
    Rule("es.profile.health.tengo_condicion", PROFILE,
         r"(?:^|(?<=[,;]\s)|\byo\s+|\b(?:y|pero|también|ojo\s+que)\s+)(?:tengo|sufro\s+de|" +
         r"padezco)\s+(?:una?\s+)?(?=" + CONDITION + r"\b)",
         examples={
             "Tengo diabetes tipo 1 desde niña.": "diabetes tipo 1 desde niña",
             "sufro de migrañas": "migrañas",
             "tengo alergia al polen": "alergia al polen",
         },
         counter=("Mi padre tiene diabetes.", "¿Tienes alergia a algo?"),
    ),
    # --- profile: age ---
    # La edad que se va a cumplir: "cumplo 40 el sábado".
    Rule("es.profile.age.cumplo", PROFILE,
         r"\b(?P<fact>(?:cumplo|voy\s+a\s+cumplir)\s+(?P<value>\d{1,3})(?:\s+años)?)\b(?!\s+(?:años|de|con)\b)",
         slot="age",
         examples={"el jueves cumplo 31 y no tengo plan": "cumplo 31"},
         counter=("mi hijo cumple 4 años", "cumplo 10 años de casada")),
    Rule('es.profile.age.tengo_anos', PROFILE,
         r"\btengo\s+(?P<fact>\d{1,3}\s+años)\b",
         examples={
             'Tengo 31 años.': '31 años',
             'Tengo 40 años.': '40 años',
         },
    ),
    Rule('es.profile.age.cumpli', PROFILE,
         r"\b(?:ya\s+|acabo\s+de\s+)?(?P<pre>cumplí" +
         r"|he\s+cumplido)\s+(?P<fact>\d{1,3})(?:\s+años)?\b",
         examples={
             'Cumplí 60 el domingo.': 'Cumplí 60',
         },
    ),
    Rule("es.profile.age.tengo_n", PROFILE,
         r"(?:^|(?<=[,;]\s)|\byo\s+|\b(?:y|pero|ya)\s+)(?P<pre>tengo)\s+(?:ya\s+)?" +
         r"(?P<fact>\d{1,2})(?!\s+y\s+medio)" +
         r"(?=\s*(?:[.,;!?]|$)|\s+(?:y|pero|así|ya|recién|tacos|pirulos)\b)",
         examples={
             "tengo 35 y sigo viviendo con mis padres": "tengo 35",
             "Ya tengo 50, pero me siento joven.": "tengo 50",
         },
         counter=("Tengo 3 hijos.", "¿Tienes 30?", "Ya tengo 41 años.",
                  "Tengo 2 y medio de ventaja."),
    ),
    # --- profile: what one owns, drives, sold or replaced ---
    Rule('es.profile.owns.conduzco', PROFILE,
         r"\b(?:yo\s+)?(?:conduzco|manejo)\s+(?:(?:jetzt|nun|ora|adesso|ahora|maintenant" +
         r"|agora)\s+)?" + CAR_ARTICLE + r"\s+(?=" + CAP + r")",
         examples={
             'Conduzco un Seat León.': 'Seat León',
             'Ahora manejo un Toyota.': 'Toyota',
         },
    ),
    Rule('es.profile.owns.cambie', PROFILE,
         NOT_NEGATED + r"(?P<fact>\b(?:cambié|cambie|he\s+cambiado)\s+" + ARTICLE + THING +
         r"\s+por\s+" + ARTICLE + NEW_THING + r")",
         examples={
             'Cambié el C3 por un Dacia Spring': 'Cambié el C3 por un Dacia Spring',
             'He cambiado el Ibiza por un León.': 'He cambiado el Ibiza por un León',
         },
         counter=('No cambié el C3 por un Dacia.',),
    ),
    Rule('es.profile.owns.vendi_y_compre', PROFILE,
         NOT_NEGATED + r"(?P<fact>\b(?:vendí|he\s+vendido)\s+" + ARTICLE + THING +
         r"\s*,?\s+y\s+(?:me\s+)?(?:he\s+)?(?:compré|comprado|compre)\s+" + ARTICLE + NEW_THING +
         r")",
         examples={
             'Vendí el Seat y me compré un Toyota Corolla.':
                 'Vendí el Seat y me compré un Toyota Corolla',
         },
         counter=('No vendí el Seat y compré un Toyota.',),
    ),
    Rule('es.profile.owns.tengo_marca', PROFILE,
         NOT_NEGATED + r"^(?:yo\s+)?tengo\s+(?:una?)\s+" + NAMED,
         examples={
             'Tengo un Citroën C3': 'Citroën C3',
             'Tengo un Seat León.': 'Seat León',
         },
    ),
    Rule('es.profile.owns.compre', PROFILE,
         NOT_NEGATED + r"\b(?:me\s+)?(?:compré|he\s+comprado)\s+(?:una?)\s+" + NAMED,
         examples={
             'Me compré un iPhone 15.': 'iPhone 15',
             'He comprado un Kindle.': 'Kindle',
         },
         counter=('No me compré un iPhone.',),
    ),
    # --- profile: pets and people gone ---
    Rule('es.profile.pet.adoptamos', PROFILE,
         NOT_NEGATED + r"\b(?:adopté|adoptamos|he\s+adoptado" +
         r"|hemos\s+adoptado)\s+(?:una?)\s+(?P<name>perr[oa]|perrita|perrito" +
         r"|gat[oa])\s*(?:,|que\s+se\s+llama|llamad[oa])\s*" + PET_NAME,
         examples={
             'Hemos adoptado un gato, Chispa.': 'Chispa',
             'Toby murió en enero y adoptamos una perrita, Canela.': 'Canela',
         },
    ),
    Rule('es.profile.pet.murio', PROFILE,
         NOT_NEGATED +
         r"(?P<fact>\b(?P<thing>(?-i:[A-Z])[\w'’-]+)\s+(?:se\s+(?:nos\s+)?)?(?:murió" +
         r"|falleció)\b)",
         examples={
             'Toby murió en enero y adoptamos una perrita, Canela.': 'Toby murió',
             'Mi abuela Carmen falleció el año pasado.': 'Carmen falleció',
         },
         counter=('Toby no murió, está bien.',),
    ),
    Rule('es.profile.pet.perdimos', PROFILE,
         NOT_NEGATED + r"(?P<fact>\bperdimos\s+a\s+(?P<thing>(?-i:[A-Z])[\w'’-]+))",
         examples={
             'Perdimos a Lola en marzo.': 'Perdimos a Lola',
         },
    ),
    Rule("es.profile.pet.que_se_llama", PROFILE,
         r"\b(?:tengo|tenemos)\s+(?P<fact>(?:una?|dos)\s+" + PET + r"(?:\s+[\w']+){0,2}?\s+" +
         r"(?:que\s+se\s+llaman?|llamad[oa]s?)\s+[\w']+)",
         examples={
             "tenemos una gatita blanca que se llama Nieve": "gatita blanca que se llama Nieve",
             "Tengo un conejo llamado Tambor.": "conejo llamado Tambor",
         },
         counter=("Tienen un perro que se llama Rex.",),
    ),
    Rule("es.profile.language.hablo", PROFILE,
         r"(?:^|(?<=[,;]\s)|\byo\s+)(?P<pre>hablo)\s+(?:(?:bien|perfectamente|un\s+poco\s+de|" +
         r"también)\s+)?(?=" + LANGUAGE + r"\b)",
         examples={
             "Hablo inglés y un poco de alemán.": "hablo inglés y un poco de alemán",
             "yo hablo perfectamente francés": "hablo francés",
         },
         counter=("¿Hablas inglés?", "Mi marido habla alemán."),
    ),
    # --- cambios implícitos: una casa nueva, los primeros días en otra empresa ---
    Rule("es.profile.residence.new_home", PROFILE,
         r"\b(?P<fact>(?:(?:nuestro|mi)\s+nuevo\s+(?:piso|departamento|depa|apartamento|hogar)"
         r"|(?:nuestra|mi)\s+nueva\s+casa)\s+en\s+" + PLACE_VALUE + ")",
         slot="residence",
         examples={"ya estamos en nuestro nuevo piso en Valencia": "nuestro nuevo piso en Valencia"
             },
         counter=("el nuevo piso de mi hermana en Vigo",)),
    Rule("es.profile.employer.first_days", PROFILE,
         r"\b(?P<fact>(?:(?:mi\s+)?primer(?:a|o)?\s+(?:d[ií]a|semana|mes)|(?:mi\s+)?nuevo\s+"
         r"(?:trabajo|curro|empleo|puesto|laburo))\s+en\s+" + ORG_VALUE + ")",
         slot="employer",
         examples={"primera semana en Mercadona y ya estoy muerta": "primera semana en Mercadona"}),
    # --- los nombres de la familia y las mascotas ---
    Rule("es.profile.family_name.called", PROFILE,
         r"(?:(?<=\bmi\s)|(?<=\bmis\s)|(?<=\bnuestro\s)|(?<=\bnuestra\s))(?P<fact>(?P<name>"
              + KIN + r")(?:\s+[\w-]+)?\s+"
         r"(?:que\s+)?se\s+llama(?:n)?\s+(?P<value>" + NAME_CAP + "|" + NAME_LOWER + "))",
         slot="name",
         examples={"mi perrita se llama canela y es un amor": "perrita se llama canela"}),
    Rule("es.profile.family_name.apposition", PROFILE,
         r"\b(?P<fact>(?:mi|nuestro|nuestra)\s+(?P<name>" + KIN +
             r")\s+(?P<value>" +
             r"(?!(?:ahora|también|todavía|ya|siempre|nunca|dice|es|tiene|y|que|no)\b)"
              + NAME_LOWER
         + "))",
         slot="name",
         examples={"mi hijo mateo tiene 6 años": "mi hijo mateo",
                   "mi marido andrés trabaja de noche": "mi marido andrés",
                   "nuestro podenco rayo ladra a todo": "nuestro podenco rayo"},
         counter=("mi hermano vive en Quito", "mi novia siempre llega tarde",
                  "mi hijo juega al fútbol")),
    # --- en minúsculas y sin tildes: la mudanza, dónde se vive y se trabaja ahora ---
    Rule("es.profile.residence.me_mude", PROFILE,
         r"\b(?:me\s+(?:mud[eé]|he\s+mudado|fui\s+a\s+vivir|vine\s+a\s+vivir)|nos\s+(?:hemos\s+"
         r"mudado|fuimos\s+a\s+vivir|vinimos\s+a\s+vivir)|(?:estoy|estamos)\s+viviendo|(?:llevo|"
         r"llevamos)\s+(?:[\w-]+\s+){1,3}viviendo|resido)\s+(?:a|en|para)\s+(?P<fact>"
         + PLACE_VALUE + ")",
         slot="residence",
         examples={"me mudé a sevilla el año pasado": "sevilla",
                   "llevo tres años viviendo en granada": "granada",
                   "estoy viviendo en Málaga": "Málaga"},
         counter=("mi hermano se mudó a vigo", "no me mudé a madrid")),
    Rule("es.profile.residence.piso_nuevo", PROFILE,
         r"\b(?:(?:nuestro|mi|el)\s+(?:piso|depa|departamento|apartamento|hogar)\s+nuevo|(?:nuestra|"
         r"mi|la)\s+casa\s+nueva)\s+en\s+(?P<fact>" + PLACE_VALUE + ")",
         slot="residence",
         examples={"terminamos la mudanza a nuestro piso nuevo en valencia": "valencia"},
         counter=("el piso nuevo de mi hermana en vigo",)),
    Rule("es.profile.employer.trabajo_en", PROFILE,
         r"\b(?:(?:empec[eé]|he\s+empezado|comenc[eé])\s+a\s+trabajar|ahora\s+(?:trabajo|curro|"
         r"estoy\s+trabajando)|(?:trabajo|curro)\s+ahora|entr[eé]\s+a\s+trabajar)\s+(?:en|para)\s+"
         r"(?P<fact>" + ORG_LOWER + ")",
         slot="employer",
         examples={"empecé a trabajar en inditex": "inditex",
                   "dejé santander, ahora trabajo en bbva": "bbva"},
         counter=("no trabajo en un banco", "mi novia ahora trabaja en zara")),
    # --- el coche nuevo, por marca o modelo ---
    Rule("es.profile.own.coche_o_movil_nuevo", PROFILE,
         r"\b(?:mi|nuestro)\s+(?:(?:coche|carro|auto|m[oó]vil|celular)\s+nuevo|nuevo\s+(?:coche|"
         r"carro|auto|m[oó]vil|celular)?)\s*,?\s*(?:un|una|el)?\s*" + OWNED_VALUE,
         slot="owned",
         examples={"ya tengo mi coche nuevo, un Tesla": "Tesla",
                   "me encanta mi nuevo seat leon": "seat leon"},
         counter=("mi nuevo piso",)),
    Rule("es.profile.employer.nuevos_companeros", PROFILE,
         r"\b(?:mis\s+)?(?:nuevos\s+compañeros|nuevo\s+(?:jefe|equipo)|nueva\s+oficina)\s+(?:de|en)\s+"
         r"(?P<fact>" + ORG_VALUE + ")",
         slot="employer",
         examples={"mis nuevos compañeros de Glovo son majísimos": "Glovo"},
         counter=("los nuevos compañeros de mi hermano",)),
    # --- el coche o el móvil que se tiene, por marca o modelo ("mi ibiza", "tengo un seat
    # leon"); un nombre que es sobre todo otra palabra solo si se habla de un coche ---
    # Un coche o un móvil recién estrenado o comprado: "estrené el iphone 15".
    Rule("es.profile.own.estrene", PROFILE,
         r"\b(?:estren[eé]|me\s+compr[eé]|compr[eé])\s+(?:(?:el|la|un|una|mi)\s+)?(?:(?:nuevo|"
         r"nueva)\s+)?" + OWNED_SAID,
         slot="owned_here",
         examples={"por fin estrené el galaxy s24, qué cámara": "galaxy s24"},
         counter=("mi hermano se compró un seat",)),
    Rule("es.profile.own.mi", PROFILE,
         r"\b(?:mi|nuestro|nuestra)\s+(?:(?:viejo|vieja|querido|querida)\s+)?" + OWNED_HERE,
         slot="owned_here",
         examples={"mi corolla hace un ruido raro al frenar": "corolla",
                   "mi viejo golf no arranca, será la batería": "golf"},
         counter=("mi fiesta de cumpleaños es el sábado", "mi golf mejora cada semana")),
    Rule("es.profile.own.tengo_un", PROFILE,
         r"\b(?:tengo|conduzco|llevo|tenemos)\s+(?:un|una)\s+(?:(?:viejo|vieja|nuevo|"
         r"nueva)\s+)?" + OWNED_HERE,
         slot="owned_here",
         examples={"tengo un dacia sandero y el embrague va fatal": "dacia sandero"},
         counter=("tengo una fiesta el sábado",)),
    Rule("es.profile.family_name.entre_parentesis", PROFILE,
         r"(?P<fact>(?P<value>" + NAME_CAP + "|" + NAME_LOWER + r")\s*\((?:mi|nuestr[oa])\s+"
         r"(?P<name>" + KIN + r"|perr[oa]|gat[oa])\))",
         slot="name",
         examples={"Luna (mi perra) odia los truenos": "Luna (mi perra)"},
         counter=("Luna (su perra) odia los truenos",)),
    # Una cita fija de la semana sin verbo: "los domingos pádel con mis amigas".
    Rule("es.habit.routine.dia_fijo", HABIT,
         r"^(?P<when>(?:los|todos\s+los|cada)\s+(?:lunes|martes|miércoles|jueves|viernes|"
         r"sábados?|domingos?)(?:\s+por\s+la\s+(?:noche|mañana|tarde))?)(?:\s*[=:]\s*|\s+"
         r"(?!(?:me|nos|como|juego|voy|hago|salgo|ceno|quedo|entreno|corro|nado|leo|trabajo)\b)"
         + WEEKLY_WITH + ")",
         examples={"los jueves por la tarde natación con los peques":
                   "natación con los peques los jueves por la tarde"},
         counter=("el jueves cena con mis suegros",)),
    Rule("es.habit.routine.mi_habitual", HABIT,
         r"\b(?:mi|nuestro|nuestra)\s+(?P<fact>[^\W\d_][\w-]*(?:\s+de\s+[\w-]+)?)\s+habitual\b",
         examples={"hoy no hice mi paseo habitual con el perro": "paseo"},
         counter=("su paseo habitual",)),
)

STOPWORDS = (
    "el de que y no un una por para es me con los las del pero muy también yo en mi soy gusta "
    "siempre nunca desde hasta cuando donde hoy usar nada todo esta este estoy hacer más así "
    "porque")
"""Frequent Spanish words: how a short text is told to be Spanish."""

GRAMMAR = Grammar(
    car_context=words(
        "motor fren ruedas neumáticos mecánico taller conduc gasolina diésel diesel cargador "
        "kilómetros km embrague salpicadero testigo aceite batería seguro itv aparc"),
    name_followers=words(
        "ama odia duerme come quiere dice hace va trabaja vive ladra maúlla juega ronca está "
        "estudia adora detesta cumple tiene es era"),
    adverbs=words(
        "todavía siempre nunca también ya solo sólo justo casi muy tan bastante super súper re "
        "ahora hoy ayer anoche"),
    adverb_endings=("mente",),
    laughs=("jaja", "jeje", "xd", "lol"),
    code="es", name="Spanish", rules=RULES,
    boundaries=("pero", "porque", "aunque", r"así\s+que", "mientras", "sino"),
    boundary_extra=r"|,?\s+y\s+(?=(?:yo|me|no|tengo|soy)\b)",
    hypothetical=("si", "supongamos", "imagina", r"en\s+caso\s+de", "hipotéticamente",
                  r"no\s+estoy\s+segur[oa]",
                  'traduce', 'traducir', 'traducción', 'letra\\s+de', 'poema'),
    articles=("el", "la", "los", "las", "un", "una", "unos", "unas"),
    list_conjunctions=("y", "e", "o", "u"),
    stopwords=frozenset(STOPWORDS.split()),
    letter_hints="ñ¿¡",
    contrasts=("pero",), joins=("y",),
    clause_subjects=(r"yo\b", r"tengo\b", r"soy\b", r"trabajo\b", r"prefiero\b", r"no\s+me\b",
                     r"me\s+llamo\b"),
    negated_before="no",
    work_at=("en", "para"),
    leading_fillers=("que", "mucho", "bien", "nada", "yo", "bastante"),
    trailing_fillers=("mucho", "muchísimo", "también", r"la\s+verdad", "y", "o", "pero"),
    time_words=("ahora", r"hoy\s+en\s+día"),
    pronoun_facts=("esto", "eso"),
    clause_openers=("yo", "soy"),
    list_dependents=("especialmente", "llamado", "llamada", "con", "de"),
    kin=(
         "wife: esposa mujer; husband: esposo marido; partner: pareja; boyfriend: novio; "
         "girlfriend: novia; son: hijo; daughter: hija; brother: hermano; sister: hermana; "
         "mother: madre mamá mama; father: padre papá; grandmother: abuela; "
         "grandfather: abuelo; cousin: primo prima; uncle: tío tio; aunt: tía tia; "
         "nephew: sobrino; niece: sobrina; dog: perrito galgo galga podenco; "
         "cat: gatito gatita; rabbit: conejo; "
         "parrot: loro; horse: caballo"),
)
