"""German: the grammar of facts.

What a German speaker says of themself, as rules grouped by kind: preferences (likes,
favourites, dislikes), decisions (choices, tools, plans), habits (routines, never, things
given up) and the profile (name and age, health and diet, what one is, work, residence,
family and pets, things had). At the end, the word lists the engine reads: clause
boundaries, hypotheticals, articles, stopwords, and how German says "not".

Rules are tried in this order: at a tie (same start, same length) the earlier one wins.
Changes said by the thing rather than by a verb ("Mit dem Alkohol habe ich aufgehört",
"Den Polo habe ich gegen einen Corsa getauscht") share their patterns with the slots
(:mod:`kore_pipeline.text.swaps`), so both read the same statement.
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
    PLACE_LOWER,
    PLACE_VALUE,
    PREFERENCE,
    PROFILE,
    Grammar,
    Rule,
    words,
)
from kore_pipeline.text.swaps import ENDED_PATTERNS, GONE_PATTERNS, SWAP_PATTERNS

SAID = "".join(rf"(?<!\b{w}\s)" for w in ("non", "no", "not", "não", "nao", "ne", "nicht", "nie",
                                         "mai", "never", "nunca", "jamais"))
"""Not right after a negation in any language read ("Ich bin nicht bei Bosch")."""

LEAD = (r"^(?:(?:moin|servus|hallo|hi|hey|grüezi|grüß\s+gott|also|ja|naja|ok|okay|btw|"
        r"übrigens|boah|ach|egal|lol|ehrlich\s+gesagt),?!?\s+)*")
"""Greetings and fillers a chat sentence may open with before its first word."""
SPEAKER = r"(?:\bi\s+|" + LEAD + r")"
"""A sentence whose "ich" is dropped ("wohne in Leipzig", "bin Lehrerin", "hab Migräne"), or
Austrian "i" (the rules with "ich" spelt out read the rest)."""
ICH = r"(?:\b(?:ich|i)\s+|" + LEAD + r")"
"""The speaker, said or dropped, for frames no older rule reads ("ich hab Migräne")."""
WE = r"(?:\b(?:i|wir)\s+|" + LEAD + r")"
"""A dropped "ich", or the household ("wir leben seit Jahren in …")."""
RELATIVE = (r"(?:mann|frau|ehemann|ehefrau|partner(?:in)?|freund(?:in)?|verlobte[rn]?|sohn|"
            r"tochter|bruder|schwester|mutter|vater|mama|papa|oma|opa|hund|hündin|katze|kater|"
            r"dackel|pferd|hase|kaninchen)(?:-[\w-]+)?")
"""Who a name may follow ("meine Tochter Lena", "unser Dackel-Mix Bruno")."""
NAME_FOLLOWERS = words(
    "ist hat war wird kommt kocht geht macht spielt arbeitet wohnt studiert nervt liebt mag "
    "schläft frisst bellt und wurde fängt fährt")
"""Verbs right after a relative's name, which show the word before is a name ("unser kater
pelle frisst alles")."""
CONDITION = (r"(?:[\w-]*allergie|[\w-]*intoleranz|[\w-]*unverträglichkeit|migräne|asthma|"
             r"diabetes|neurodermitis|rheuma|tinnitus|adhs|depressionen|bluthochdruck|"
             r"zöliakie|endometriose|epilepsie|heuschnupfen|schuppenflechte|arthrose|"
             r"long\s+covid|morbus\s+\w+)")
"""Conditions one "has" ("ich habe Migräne", "hab ne Nussallergie")."""
NOT_A_STATE = (r"(?!(?:immer|aber|wieder|leider|sicher|lieber|weiter|später|oder|hier|in|"
               r"drin|ein|kein|mein|dein|sein|hin|eher|selber|unter|über|hinter|vorher|"
               r"nachher|wer|der|er|dagegen|dafür|gerade|grad|fertig|dran|raus|rein|drauf|"
               r"gleich|zufrieden|sauer|müde|froh|bereit|dabei|daheim|zuhause)\b)")
"""Words after "bin" that end like a job ("-er", "-in") but say no job."""

WEEKLY_WITH = (r"(?=[\w'-]+(?:\s+[\w'-]+){0,3}\s+(?:mit|beim|bei|im)\b)")
"""What fills a weekly slot said without a verb: a few words, then who with or where."""

RULES: tuple[Rule, ...] = (
    # --- Preferences: likes ("Ich mag", "gern", "lieber", "stehe auf") ---
    Rule('de.preference.like.mag', PREFERENCE,
         r'\bich\s+(?:bevorzuge|mag|liebe)\b(?!\s+kein(?:e|en|er|es)?\b)',
         examples={'Ich mag Jazz.': 'Jazz', 'Ich mag Kaffee nicht': 'Kaffee'},
         counter=('Wenn ich reich wäre, ich mag Kaviar.',)),
    Rule('de.preference.like.gern', PREFERENCE,
         r'\bich\s+(?P<pre>\w+)\s+(?:sehr\s+)?(?:gerne?|am\s+liebsten)\b',
         examples={
             'Ich koche gern italienisch.': 'koche italienisch',
             'Ich höre gerne Jazz.': 'höre Jazz',
         }),
    Rule('de.preference.like.wuerde_lieber', PREFERENCE,
         (r'\bich\s+würde\s+lieber\b(?!\s+(?:nicht|nichts)\s+(?:dazu\s+|'
         r'darüber\s+)?(?:sagen|reden|sprechen|antworten)\b)'),
         examples={'Ich würde lieber von zu Hause arbeiten.': 'von zu Hause arbeiten'},
         counter=('Ich würde lieber nichts dazu sagen.',)),
    Rule('de.preference.like.lieber', PREFERENCE,
         r'\bich\s+(?!würde\b|hätte\b|wäre\b)\w+e\s+(?:viel\s+|eher\s+)?lieber\s+(?=\w)',
         examples={'Ich esse lieber Fisch als Fleisch.': 'Fisch als Fleisch'},
         counter=('Wenn ich reich wäre, würde ich lieber segeln.',)),
    Rule('de.preference.like.stehe_auf', PREFERENCE,
         (r'\bich\s+stehe\s+(?:total\s+|voll\s+|echt\s+|sehr\s+|richtig\s+|'
         r'einfach\s+)?auf\s+(?=\w)(?![^.;!?]*\bauf\b)'),
         examples={'Ich stehe total auf Jazz.': 'Jazz', 'Ich stehe voll auf Techno.': 'Techno'}),
    Rule('de.preference.like.ohne_nicht_leben', PREFERENCE,
         r"^ohne\s+(?P<fact>[\w' -]{2,40}?)\s+kann\s+ich\s+nicht\s+leben\b",
         examples={'Ohne Kaffee kann ich nicht leben.': 'Kaffee'}),
    Rule('de.preference.like.kann_ohne_nicht_leben', PREFERENCE,
         r"\bich\s+kann\s+ohne\s+(?P<fact>[\w' -]{2,40}?)\s+nicht\s+leben\b",
         examples={'Ich kann ohne Musik nicht leben.': 'Musik'}),
    # --- Preferences: favourites ---
    Rule('de.preference.favourite.lieblings', PREFERENCE,
         r'\bmeine?\s+lieblings[\w-]+\s+(?:ist|sind)\b',
         examples={
             'Mein Lieblingsessen ist Pizza.': 'Pizza',
             'Meine Lieblingsfarbe ist Blau.': 'Blau',
         }),
    # --- Preferences: dislikes ("mag kein", "hasse", "kann nicht leiden") ---
    Rule('de.preference.dislike.mag_kein', PREFERENCE,
         r'\bich\s+mag\s+(?:kein|keine|keinen|keiner|keines)\b',
         polarity='-',
         examples={'ich mag keine pilze': 'pilze', 'Ich mag keinen Fisch.': 'Fisch'}),
    Rule('de.preference.dislike.hasse', PREFERENCE,
         r'\bich\s+(?:hasse|vermeide|verabscheue)\b',
         polarity='-',
         examples={'Ich hasse Regen.': 'Regen'}),
    Rule('de.preference.dislike.nicht_leiden', PREFERENCE,
         r'\bich\s+kann\s+(?P<fact>[^.;!?]{1,200}?)\s+nicht\s+(?:leiden|ausstehen)\b',
         polarity='-',
         examples={'Ich kann Lärm nicht ausstehen.': 'Lärm'}),
    Rule('de.preference.dislike.weigere_mich', PREFERENCE,
         r'\bich\s+weigere\s+mich,?\s+(?P<fact>[^.;!?]{1,100}?)\s+zu\s+\w+\b',
         polarity='-',
         examples={'Ich weigere mich, Windows zu benutzen.': 'Windows'}),
    Rule('de.preference.dislike.vertraue_nicht', PREFERENCE,
         r'\bich\s+vertraue\s+(?P<fact>[^.;!?]{1,100}?)\s+nicht\b',
         polarity='-',
         examples={'Ich vertraue Banken nicht.': 'Banken'}),
    Rule('de.preference.dislike.nicht_mein_ding', PREFERENCE,
         (r"^(?P<fact>(?!(?:das|es|dies)\b)[\w' -]{2,40}?)\s+ist\s+(?:echt\s+|einfach\s+|"
         r"wirklich\s+)?nicht\s+(?:so\s+)?mein\s+Ding\b"),
         polarity='-',
         examples={'Fußball ist nicht mein Ding.': 'Fußball'},
         counter=('Das ist nicht mein Ding.',)),
    # --- Decisions: choices made ---
    Rule('de.decision.choice.fuer_entschieden', DECISION,
         (r'\b(?:ich\s+habe\s+mich|wir\s+haben\s+uns)\s+(?:jetzt\s+|'
         r'endlich\s+)?für\s+(?P<fact>[^.;!?]{1,200}?)\s+entschieden\b'),
         examples={'Ich habe mich für Rust entschieden.': 'Rust'}),
    Rule('de.decision.choice.beschlossen', DECISION,
         r'\b(?:ich\s+habe|wir\s+haben)\s+(?:entschieden|beschlossen),?(?:\s+dass)?',
         examples={
             'Ich habe beschlossen, mehr Sport zu machen.': 'mehr Sport zu machen',
             'Wir haben entschieden, dass wir umziehen.': 'wir umziehen',
         }),
    Rule('de.decision.choice.entscheide_fuer', DECISION,
         r'\b(?:ich\s+entscheide\s+mich|wir\s+entscheiden\s+uns)\s+für\b',
         examples={'Ich entscheide mich für Linux.': 'Linux'}),
    # --- Decisions: tools and things taken ---
    Rule('de.decision.tool.werde_verwenden', DECISION,
         (r'\b(?:ich\s+werde|wir\s+werden)\s+(?P<fact>[^.;!?]{1,200}?)\s+(?:verwenden|'
         r'benutzen|nutzen|einsetzen|nehmen)\b'),
         examples={
             'Ich werde Python verwenden.': 'Python',
             'Wir werden Postgres nutzen.': 'Postgres',
         }),
    Rule('de.decision.tool.nehme', DECISION,
         r'\b(?:ich\s+nehme|wir\s+nehmen)\b',
         examples={'Ich nehme das Fahrrad.': 'Fahrrad', 'Wir nehmen den Zug.': 'Zug'}),
    # --- Decisions: plans ("ich will", "ich habe vor") ---
    Rule('de.decision.plan.werde_will', DECISION,
         (r'\b(?:ich|wir)\s+(?:werde|werden|will|wollen|muss|müssen|plane|planen)'
         r'\s+(?!(?:los|nicht|es|das|mal\s+sehen|sehen|sagen|zugeben|gestehen|gehen)\b)'
         r'(?=[^.;!?]*?\w+(?:en|ern|eln)\s*(?:[.;!?,]|$))|\b(?:ich|wir)\s+(?:habe|haben)'
         r'\s+vor,?\s+(?=[^.;!?]*?\bzu\s+\w+en\b)'),
         examples={
             'Ich will mit dem Rauchen aufhören.': 'mit dem Rauchen aufhören',
             'Ich habe vor, einen Marathon zu laufen.': 'Marathon zu laufen',
         },
         counter=('Ich werde mal sehen.', 'Ich muss los.')),
    # --- Habits: routines (an adverb of frequency, a time of day, a habit verb) ---
    # Ein fester Termin der Woche ohne Verb: "sonntags immer brunch mit der familie".
    Rule("de.habit.routine.fester_tag", HABIT,
         r"^(?P<when>jeden\s+(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)"
         r"(?:abend|morgen|nachmittag)?|(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|"
         r"sonntag)(?:abend|morgen|nachmittag)?s)(?:\s*[=:]\s*|\s+(?:(?:ist|sind|immer)\s+)?"
         + WEEKLY_WITH + ")",
         examples={"dienstags immer volleyball mit den kollegen":
                   "volleyball mit den kollegen dienstags"},
         counter=("am sonntag brunch mit der familie",)),
    Rule('de.habit.routine.normalerweise', HABIT,
         (r'\b(?:normalerweise|gewöhnlich|üblicherweise|meistens|in\s+der\s+Regel)'
         r'(?:\s+(?P<pre>\w+)\s+ich\b)?'),
         examples={'Normalerweise arbeite ich von zu Hause.': 'arbeite von zu Hause'}),
    Rule('de.habit.routine.verb_adverb', HABIT,
         (r'\bich\s+(?P<pre>\w+)\s+(?:normalerweise|gewöhnlich|üblicherweise|meistens|'
         r'immer|oft|häufig|in\s+der\s+Regel)\b'),
         examples={'Ich lese oft Krimis.': 'lese Krimis'}),
    Rule('de.habit.routine.jeden_tag', HABIT,
         (r'\b(?P<when>jeden\s+(?:Morgen|Tag|Abend|Montag|Dienstag|Mittwoch|Donnerstag|'
         r'Freitag|Samstag|Sonntag)|jede\s+Woche|jedes\s+Wochenende)\s+(?P<pre>\w+)'
         r'\s+ich\b'),
         examples={
             'Jeden Abend lese ich ein Buch.': 'lese Buch jeden Abend',
             'Jede Woche gehe ich schwimmen.': 'gehe schwimmen jede Woche',
         }),
    Rule('de.habit.routine.uhrzeit', HABIT,
         (r'\bich\s+(?P<pre>stehe|gehe|wache|lege\s+mich|fange|höre)\s+(?=(?:um|gegen|vor|'
         r'nach|ab)\s+(?:\d|halb|Mitternacht|ein|zwei|drei|vier|fünf|sechs|sieben|acht|'
         r'neun|zehn|elf|zwölf)[^.;!?]{0,30}?\b(?:auf|ins\s+Bett|schlafen|zu\s+Bett|an|'
         r'mit\s+der\s+Arbeit)\b)'),
         examples={'Ich stehe um 6 Uhr auf.': 'stehe um 6 Uhr auf'}),
    Rule('de.habit.routine.verb_objekt', HABIT,
         (r'\bich\s+(?P<pre>schwimme|rauche|spiele|trinke|jogge|laufe|esse)'
         r'\b\s+(?!(?:viel\s+|eher\s+)?(?:lieber|gerne?|volentieri|volontiers|plutôt)\b)'
         r'(?P<fact>\w[^.;!?,]{0,80}?)(?=\s*(?:[.;!?,]|$)|\s+(?:weil|aber|also|'
         r'und\s+jetzt)\b)'),
         examples={'Ich rauche nicht.': 'rauche nicht', 'Ich spiele Schach.': 'spiele Schach'}),
    # --- Habits: never ---
    Rule('de.habit.never.nie', HABIT,
         r'\bich\s+(?P<pre>\w+)\s+(?:nie|niemals)\b',
         polarity='-',
         examples={'Ich fahre nie Auto.': 'fahre Auto'}),
    # --- Habits: ended ("nicht mehr", "aufgehört", "aufgegeben", "gekündigt") ---
    Rule('de.habit.ended.nicht_mehr', HABIT,
         (r'\b(?P<fact>ich\s+\w+\s+(?:[\w-]+\s+){0,4}?(?:nicht|kein(?:e|en|er|'
         r'es)?\s+[\w-]+)\s+mehr\b[^.;!?,]{0,80}?)(?=\s*(?:[.;!?,]|$)|\s+(?:weil|aber|'
         r'also|und\s+jetzt)\b)'),
         examples={'Ich bin keine Veganerin mehr.': 'bin keine Veganerin mehr'}),
    Rule('de.habit.ended.aufgehoert', HABIT,
         (r'\b(?P<fact>ich\s+habe\s+(?:[\w-]+\s+){0,3}?(?:mit\s+(?:dem\s+|'
         r'der\s+)?[\w-]+\s+)?aufgehört(?:,?\s+(?:[\w-]+\s+){0,3}?zu\s+\w+)?[^.;!?,]{0,80'
         r'}?)(?=\s*(?:[.;!?,]|$)|\s+(?:weil|aber|also|und\s+jetzt)\b)'),
         examples={
             'Ich habe mit dem Rudern aufgehört.': 'habe mit dem Rudern aufgehört',
             'Ich habe aufgehört, Cola zu trinken.': 'habe aufgehört, Cola zu trinken',
         }),
    Rule('de.habit.ended.mit_aufgehoert', HABIT,
         SAID + f'(?P<fact>{ENDED_PATTERNS["de"][0]})',
         examples={
             'Ich habe mit meinem alten Verein aufgehört.':
                 'habe mit meinem alten Verein aufgehört',
         }),
    Rule('de.habit.ended.mit_voran', HABIT,
         SAID + f'(?P<fact>{ENDED_PATTERNS["de"][1]})',
         examples={
             'Mit dem Alkohol habe ich aufgehört': 'Mit dem Alkohol habe ich aufgehört',
             'Mit dem Alkohol habe ich ganz aufgehört.': 'Mit dem Alkohol habe ich ganz aufgehört',
         }),
    Rule('de.habit.ended.aufgegeben', HABIT,
         SAID + f'(?P<fact>{ENDED_PATTERNS["de"][2]})',
         examples={'Ich habe die Gitarre aufgegeben.': 'habe die Gitarre aufgegeben'}),
    Rule('de.habit.ended.aufgegeben_voran', HABIT,
         SAID + f'(?P<fact>{ENDED_PATTERNS["de"][3]})',
         examples={'Das Klavier habe ich aufgegeben.': 'Klavier habe ich aufgegeben'}),
    Rule('de.habit.ended.gekuendigt', HABIT,
         SAID + f'(?P<fact>{ENDED_PATTERNS["de"][4]})',
         examples={
             'Ich habe bei Bosch gekündigt.': 'habe bei Bosch gekündigt',
             'Ich habe bei Aldi gekündigt und arbeite jetzt bei Rewe.': 'habe bei Aldi gekündigt',
         }),
    # --- Profile: name and age ---
    Rule('de.profile.name.heisse', PROFILE,
         r'\bich\s+hei(?:ß|ss)e\b|\bmein\s+Name\s+ist\b',
         examples={'Ich heiße Jonas.': 'Jonas'}),
    # Das Alter, das man bald hat: "werd nächsten monat 35".
    Rule("de.profile.age.werde", PROFILE,
         r"(?:^(?:(?:also|naja|ok|und)\s+)?|\bich\s+)(?P<fact>(?:werd|werde)\s+(?:(?:im\s+\w+|"
         r"nächste[nrs]?\s+\w+|morgen|bald|diese[nrs]?\s+\w+|am\s+\w+)\s+)?(?P<value>\d{1,3}))\b"
         r"(?!\s*(?:uhr|min|minuten|km|€|%|mal|tage))",
         slot="age",
         examples={"ich werde im mai 60 und plane eine feier": "werde im mai 60"},
         counter=("ich werde 10 minuten zu spät sein", "mein sohn wird 8")),
    Rule('de.profile.age.bin_jahre', PROFILE,
         (r'\b(?P<pre>ich\s+bin)\s+(?:jetzt\s+)?(?P<fact>\d{1,3})'
         r'(?:\s+Jahre\s+alt)?(?=\s*(?:[.,;!?]|und\b|$))'),
         examples={'Ich bin 28.': 'Ich bin 28'}),
    Rule('de.profile.age.geworden', PROFILE,
         (r'\b(?P<pre>ich\s+bin)\s+(?:gerade\s+|gestern\s+|jetzt\s+)?(?P<fact>\d{1,3})'
         r'\s+geworden\b'),
         examples={'Ich bin gerade 45 geworden.': 'Ich bin 45'}),
    # --- Profile: what one is ("ich bin Lehrerin", "ich bin ein …") ---
    Rule('de.profile.identity.bin_wort', PROFILE,
         (r'\bich\s+bin\s+(?=(?:Vegetarier(?:in)?|Veganer(?:in)?|vegetarisch|vegan|'
         r'Diabetiker(?:in)?|verheiratet|ledig|Linkshänder(?:in)?|schwanger|'
         r'Rentner(?:in)?)\b)'),
         examples={'Ich bin schwanger.': 'schwanger'}),
    Rule('de.profile.identity.bin_ein', PROFILE,
         r'\bich\s+bin\s+(?:ein|eine)\s+',
         examples={'Ich bin ein Morgenmensch.': 'Morgenmensch'}),
    Rule('de.profile.identity.bin_nomen', PROFILE,
         r'\bich\s+bin\s+(?P<fact>' + CAP + r'\w+(?:er|in))\b',
         examples={'Ich bin Lehrerin.': 'Lehrerin', 'Ich bin Veganerin.': 'Veganerin'}),
    # --- Profile: health and diet ---
    Rule('de.profile.health.allergisch', PROFILE,
         r'\bich\s+bin\s+(?=(?:stark\s+|sehr\s+)?allergisch\b)',
         examples={'Ich bin allergisch gegen Nüsse.': 'allergisch gegen Nüsse'},
         counter=('Ich bin nicht allergisch.',)),
    Rule('de.profile.diet.vegetarier', PROFILE,
         SAID + (r'\b(?:ich\s+bin|sein)\s+(?:(?:ora|adesso|ahora|agora|maintenant|jetzt|nun|'
         r'strettamente|totalmente|completamente|strictement|complètement|streng|un[ae]?|'
         r'eine?|uma?)\s+)*(?P<fact>vegetarian[oa]|vegan[oa]|pescetarian[oa]|crudist[oa]|'
         r'végétarien(?:ne)?|végétalien(?:ne)?|végane?|pescétarien(?:ne)?|'
         r'vegetarier(?:in)?|veganer(?:in)?|vegan|pescetarier(?:in)?|flexitarier(?:in)?)'
         r'\b'),
         examples={'ich bin vegetarierin': 'vegetarierin'},
         counter=('Ich bin nicht vegetarisch.', 'Ich bin kein Vegetarier.')),
    Rule('de.profile.diet.fleisch', PROFILE,
         SAID + r'\bich\s+esse\s+(?:jetzt\s+)?(?:wieder\s+|auch\s+)?(?P<fact>fleisch)\b',
         examples={
             'Ich esse wieder Fleisch – nach zehn Jahren als Vegetarierin '
             'war das am Anfang eine ziemlich komische Umstellung für mich':
                 'Fleisch',
         }),
    # --- Profile: work and retirement ---
    Rule('de.profile.work.arbeite', PROFILE,
         r'\bich\s+arbeite\s+(?:als|bei|für)\b',
         examples={'Ich arbeite bei Aldi.': 'Aldi', 'Ich arbeite bei Audi.': 'Audi'}),
    Rule('de.profile.work.geworden', PROFILE,
         SAID + (r'\bich\s+bin\s+(?:(?:jetzt|nun|inzwischen|mittlerweile|endlich|letztes\s+Jahr)'
         r'\s+)?(?:eine?\s+)?(?P<fact>(?:lehrer(?:in)?|ingenieur(?:in)?|arzt|ärztin|'
         r'krankenschwester|krankenpfleger(?:in)?|entwickler(?:in)?|programmierer(?:in)?|'
         r'designer(?:in)?|anwalt|anwältin|student(?:in)?|koch|köchin|verkäufer(?:in)?|'
         r'architekt(?:in)?|journalist(?:in)?|rentner(?:in)?|apotheker(?:in)?|'
         r'erzieher(?:in)?|elektriker(?:in)?|mechaniker(?:in)?|buchhalter(?:in)?|'
         r'polizist(?:in)?|rettungssanitäter(?:in)?|sanitäter(?:in)?|hebamme|'
         r'bäcker(?:in)?|friseur(?:in)?|pfleger(?:in)?|altenpfleger(?:in)?))'
         r'\b\s+geworden\b'),
         examples={
             'Ich bin Polizist geworden.': 'Polizist',
             'Ich bin letztes Jahr Lehrerin geworden.': 'Lehrerin',
         }),
    Rule('de.profile.work.bin_bei', PROFILE,
         SAID + (r"\b(?:ich\s+)?bin\s+(?:jetzt|nun|inzwischen|mittlerweile|seit\s+\w+)"
         r"\s+bei\s+(?:der\s+|dem\s+)?(?!(?:Mama|Mutti|Papa|Oma|Opa|Freunden|Eltern|"
         r"meiner|meinem|meinen|ihm|ihr|dir|euch|uns)\b)(?P<fact>(?-i:[A-ZÀ-Ý])"
         r"[\w'’.&-]*(?<!\.)(?:\s+(?!I\b)(?-i:[A-ZÀ-Ý])[\w'’.&-]*(?<!\.)){0,3})"),
         examples={
             'Ich bin inzwischen bei Bosch.': 'Bosch',
             'Ich bin jetzt bei Lidl im Einkauf.': 'Lidl',
         },
         counter=('Ich bin nicht bei Bosch.', 'Ich bin jetzt bei meiner Mutter.')),
    Rule('de.profile.work.bei_der', PROFILE,
         SAID + (r"\bich\s+arbeite\s+(?:jetzt\s+|nun\s+|seit\s+\w+\s+)?(?:bei|für)\s+(?:der|dem|"
         r"den)\s+(?P<fact>(?-i:[A-ZÀ-Ý])[\w'’.&-]*(?<!\.)(?:\s+(?!I\b)(?-i:[A-ZÀ-Ý])"
         r"[\w'’.&-]*(?<!\.)){0,3})"),
         examples={'Ich arbeite bei der Post.': 'Post', 'Ich arbeite bei der Telekom.': 'Telekom'}),
    Rule('de.profile.work.und_arbeite', PROFILE,
         SAID + (r"\bund\s+arbeite\s+(?:jetzt|nun|inzwischen|mittlerweile)\s+(?:bei|für)"
         r"\s+(?:der\s+|dem\s+)?(?P<fact>(?-i:[A-ZÀ-Ý])[\w'’.&-]*(?<!\.)(?:\s+(?!I\b)"
         r"(?-i:[A-ZÀ-Ý])[\w'’.&-]*(?<!\.)){0,3})"),
         examples={
             'Ich habe bei Aldi gekündigt und arbeite jetzt bei Rewe.': 'Rewe',
             'Ich habe bei Siemens gekündigt und arbeite jetzt bei SAP.': 'SAP',
         }),
    Rule('de.profile.work.arbeite_ich', PROFILE,
         SAID + (r"\barbeite\s+ich\s+(?:jetzt\s+|nun\s+|inzwischen\s+|mittlerweile\s+)?(?:bei|"
         r"für)\s+(?:der\s+|dem\s+)?(?P<fact>(?-i:[A-ZÀ-Ý])[\w'’.&-]*(?<!\.)(?:\s+(?!I\b)"
         r"(?-i:[A-ZÀ-Ý])[\w'’.&-]*(?<!\.)){0,3})"),
         examples={'Seit März arbeite ich bei Siemens.': 'Siemens'}),
    Rule('de.profile.work.rente', PROFILE,
         SAID + r'\bich\s+bin\s+(?:jetzt\s+|seit\s+\w+\s+)?in\s+(?P<fact>Rente|Pension)\b',
         examples={'Ich bin seit Mai in Rente.': 'Rente', 'Ich bin jetzt in Pension.': 'Pension'},
         counter=('Ich bin nicht in Rente.',)),
    # --- Profile: residence and origin ---
    Rule('de.profile.residence.wohne_in', PROFILE,
         r'\bich\s+(?:wohne|lebe)\s+in\b|\bich\s+komme\s+aus\b',
         examples={'Ich wohne in Köln.': 'Köln', 'Ich wohne in Bremen.': 'Bremen'}),
    Rule('de.profile.residence.jetzt', PROFILE,
         (r'\bich\s+(?:wohne|lebe)\s+(?:jetzt|nun|seit\s+\w+)\s+in\b|\bwir\s+(?:wohnen|'
         r'leben)\s+(?:jetzt\s+|nun\s+)?in\b|\b(?:ich\s+bin|wir\s+sind)\s+(?:jetzt\s+|'
         r'nun\s+)?nach\s+(?='
         + CAP
         + r'[^.;!?]{0,30}?\bgezogen\b)|\bich\s+arbeite\s+(?:jetzt|nun)\s+(?:als|bei|für)\b'),
         examples={'Wir wohnen jetzt in Köln.': 'Köln', 'Ich wohne jetzt in Leipzig.': 'Leipzig'}),
    Rule('de.profile.residence.seit_wir', PROFILE,
         (r'\bseit\s+(?:wir|ich)\s+(?:jetzt\s+)?in\s+(?P<fact>'
         + CAP
         + r"[\w'.&-]*(?:\s+(?!I\b)"
         + CAP
         + r"[\w'.&-]*){0,3})\s+(?:wohnen|wohne|leben|lebe)\b"),
         examples={'Seit wir in Dresden wohnen, fahre ich Rad.': 'Dresden'}),
    Rule('de.profile.residence.wohne_ich', PROFILE,
         SAID + (r"\b(?:wohnen\s+wir|wohne\s+ich|leben\s+wir|lebe\s+ich)\s+(?:jetzt\s+|nun\s+|"
         r"inzwischen\s+|mittlerweile\s+|seit\s+\w+\s+)?in\s+(?P<fact>(?-i:[A-ZÀ-Ý])"
         r"[\w'’.&-]*(?<!\.)(?:\s+(?!I\b)(?-i:[A-ZÀ-Ý])[\w'’.&-]*(?<!\.)){0,3})"),
         examples={
             'Inzwischen wohne ich in Kassel.': 'Kassel',
             'Mittlerweile wohnen wir in Freiburg.': 'Freiburg',
         }),
    Rule('de.profile.origin.geboren', PROFILE,
         r'\bich\s+bin\s+(?:(?:in|im)\s+)?(?P<fact>[^.;!?,]{1,100}?)\s+geboren\b',
         examples={'Ich bin in Wien geboren.': 'Wien'}),
    # --- Profile: family, partner and pets ---
    Rule('de.profile.family.habe_kind_tier', PROFILE,
         (r'\bich\s+habe\s+(?=(?:einen|eine|ein|zwei|drei|\d+)\s+(?:\w+\s+)?(?:Hunde?|'
         r'Katzen?|Kater|Kinder|Kind|Sohn|Söhne|Tochter|Töchter)\b)'),
         examples={'Ich habe zwei Katzen.': 'zwei Katzen', 'Ich habe einen Sohn.': 'Sohn'},
         counter=('Ich habe keine Katze.',)),
    Rule('de.profile.family.heisst', PROFILE,
         (r'\b(?P<pre>(?:mein|meine)\s+(?:Mann|Frau|Ehemann|Ehefrau|Partner(?:in)?|'
         r'Freund(?:in)?|Sohn|Tochter|Kinder|Bruder|Schwester|Mutter|Vater|Mama|Papa|'
         r'Hund|Katze|Kater|Chef(?:in)?)\s+hei(?:ß|ss)(?:t|en))\b(?=\s+\w)'),
         examples={
             'Mein Sohn heißt Lukas.': 'Mein Sohn heißt Lukas',
             'Meine Tochter heißt Emma.': 'Meine Tochter heißt Emma',
         }),
    Rule('de.profile.family.gestorben', PROFILE,
         SAID + f'(?P<fact>{GONE_PATTERNS["de"][0]})',
         examples={'Luna ist im Winter gestorben.': 'Luna ist im Winter gestorben'}),
    # Ein Stand ohne "ich bin" am Satzanfang ("frisch getrennt und …", "seit 10 jahren
    # verheiratet"), oder "(wir) sind seit kurzem verheiratet".
    Rule("de.profile.relationship.stand_ohne_subjekt", PROFILE,
         r"(?:^(?:(?:also|naja|ok|und)\s+)?(?:(?:wir\s+)?sind\s+)?|(?<=[,;]\s))(?:(?:seit\s+"
         r"(?:kurzem|[\w-]+\s+[\w-]+)|frisch|jetzt|endlich|glücklich|wieder)\s+){0,2}"
         r"(?P<fact>(?P<value>verheiratet|geschieden|verlobt|getrennt|verwitwet|single))\b",
         slot="relationship",
         examples={"frisch getrennt und keine ahnung wohin mit mir": "getrennt",
                   "seit drei jahren verheiratet, was schenkt man sich": "verheiratet",
                   "sind seit kurzem verlobt und planen schon": "verlobt"},
         counter=("meine eltern sind seit 30 jahren verheiratet",)),
    Rule('de.profile.relationship.status', PROFILE,
         (r'\bich\s+bin\s+(?:(?:jetzt|nun|wieder|glücklich|frisch)\s+)?(?P<fact>single|'
         r'verheiratet|geschieden|verlobt|verwitwet|getrennt|ledig|vergeben)\b'),
         examples={
             'Ich bin verheiratet.': 'verheiratet',
             'Lena und ich haben Schluss gemacht, ich bin wieder Single.': 'Single',
         }),
    Rule('de.profile.relationship.wir_haben', PROFILE,
         (r'\bwir\s+haben\s+(?:uns\s+)?(?:[\w-]+\s+){0,3}?(?P<fact>geheiratet|getrennt|'
         r'scheiden\s+lassen|verlobt)\b'),
         examples={
             'Wir haben im Mai geheiratet.': 'geheiratet',
             'Wir haben uns letztes Jahr scheiden lassen.': 'scheiden lassen',
         }),
    # --- Profile: things had (car) and replaced ---
    Rule('de.profile.car.fahre', PROFILE,
         (r'\bich\s+fahre\s+(?:(?:jetzt|nun|ora|adesso|ahora|maintenant|agora)'
         r'\s+)?(?:una?|une?|einen|ein|eine|uma?)\s+(?=' + CAP + r')'),
         examples={'Ich fahre einen BMW.': 'BMW', 'Ich fahre einen VW Golf.': 'VW Golf'}),
    Rule('de.profile.swap.getauscht', PROFILE,
         SAID + f'(?P<fact>{SWAP_PATTERNS["de"][0]})',
         examples={
             'Den Polo habe ich gegen einen Corsa getauscht.':
                 'Polo habe ich gegen einen Corsa getauscht',
         }),
    Rule('de.profile.swap.verkauft_gekauft', PROFILE,
         SAID + f'(?P<fact>{SWAP_PATTERNS["de"][1]})',
         examples={
             'Den Astra habe ich verkauft und mir einen Tesla geholt.':
                 'Astra habe ich verkauft und mir einen Tesla geholt',
         }),
    # --- Chat German: the speaker dropped ("wohne in …"), a household, lower case ---
    Rule('de.profile.residence.chat', PROFILE,
         WE + r"(?!(?:wohnen|leben)\s+(?:jetzt\s+|nun\s+)?in\b)(?:wohn|leb)(?:e|en)?\s+"
         r"(?:(?:jetzt|nun|schon|seit\s+(?:\d+\s+)?\w+|"
         r"grad|gerade|eh|aber|ewig|immer\s+noch|inzwischen|mittlerweile)\s+)*in\b",
         examples={"wohn jetzt in bremen, ist ganz nett": "bremen",
                   "wir leben seit 3 jahren in Zürich": "Zürich",
                   "Moin, wohne seit kurzem in Kiel": "Kiel"},
         counter=("Wer wohnt in Bremen?", "Wohnst du in Kiel?"), slot="residence"),
    Rule('de.profile.origin.chat', PROFILE,
         SPEAKER + r"(?:komm|komme|stamm|stamme)\s+(?:(?:ursprünglich|eigentlich|original)\s+)?"
         r"aus\s+(?=\w)",
         examples={"komme ursprünglich aus kärnten": "kärnten"},
         counter=("Kommst du aus Kärnten?",)),
    Rule('de.profile.work.chat', PROFILE,
         SPEAKER + r"arbeite?\s+(?:(?:jetzt|nun|seit\s+(?:\d+\s+)?\w+|grad|gerade|schon|"
         r"inzwischen|mittlerweile)\s+)*(?:als|bei|für|beim)\b",
         examples={"arbeite seit 2019 bei der sparkasse": "sparkasse",
                   "arbeit als erzieherin in einer kita": "erzieherin in einer kita"},
         counter=("Arbeitest du bei der Sparkasse?",), slot="employer"),
    Rule('de.profile.health.intolerant', PROFILE,
         SPEAKER + r"bin\s+(?:(?:leider|seit\s+\w+|auch)\s+)?(?P<fact>[\w-]*(?:intolerant|"
         r"allergiker(?:in)?|diabetiker(?:in)?|zöliakiker(?:in)?))\b",
         examples={"bin fruktoseintolerant": "fruktoseintolerant"}),
    Rule('de.profile.identity.chat', PROFILE,
         LEAD + r"bin\s+(?:(?:jetzt|seit\s+\w+|gelernte[r]?|eigentlich)\s+)?" + NOT_A_STATE
         + r"(?P<fact>[a-zäöüß][\w-]*(?:er|erin|in|ist|istin|ent|entin|eur|eurin|loge|login|"
         r"ant|antin))\b",
         examples={"bin krankenpfleger auf der intensiv": "krankenpfleger",
                   "Moin, bin gelernte Tischlerin": "Tischlerin"},
         counter=("bin immer müde", "bin in Hamburg", "bin gleich wieder da")),
    Rule('de.profile.age.chat', PROFILE,
         LEAD + r"(?P<pre>bin)\s+(?:jetzt\s+|schon\s+|grad\s+)?(?P<fact>\d{1,2})"
         r"(?:\s+jahre(?:\s+alt)?)?(?=\s*(?:[.,;!?]|und\b|$))",
         examples={"bin 42, also kein jungspund mehr": "bin 42"},
         counter=("bin 5 minuten zu spät",)),
    Rule('de.profile.health.hab', PROFILE,
         ICH + r"(?:hab|habe)\s+(?:(?:seit\s+(?:\d+\s+)?\w+|leider|auch|schon|chronische?n?|"
         r"starke?n?|eine?n?|ne|'ne|n)\s+)*(?=" + CONDITION + r"\b)",
         examples={"hab leider heuschnupfen": "heuschnupfen",
                   "Ich habe eine Glutenunverträglichkeit.": "Glutenunverträglichkeit"},
         counter=("Hast du Migräne?",), slot="health"),
    Rule('de.profile.diet.ernaehre', PROFILE,
         ICH + r"ernähre?\s+mich\s+(?:(?:seit\s+(?:\d+\s+)?\w+|jetzt|schon|komplett|rein|"
         r"überwiegend|fast)\s+)*(?P<fact>vegan|vegetarisch|pescetarisch|glutenfrei|"
         r"laktosefrei|low\s+carb|keto|pflanzlich|zuckerfrei)\b",
         examples={"ich ernähre mich überwiegend pflanzlich": "pflanzlich"}, slot="diet"),
    Rule('de.profile.relationship.mit', PROFILE,
         ICH + r"bin\s+(?:(?:seit|schon)\s+(?:\w+\s+)?\w+\s+|(?:glücklich|jetzt)\s+)*mit\s+"
         r"(?P<fact>\w+(?:\s+(?!seit\b|schon\b)\w+)?)\s+(?:verheiratet|zusammen|verlobt)\b",
         examples={"Ich bin seit fünf Jahren mit Tom zusammen.": "Tom"},
         counter=("Bist du mit Tom zusammen?",)),
    Rule('de.decision.choice.chat', DECISION,
         WE + r"(?!haben\s+(?:entschieden|beschlossen)\b)(?:hab|habe|haben)\s+"
         r"(?:(?:uns|mich)\s+)?(?:jetzt\s+|endlich\s+|"
         r"fest\s+)?(?:entschieden|beschlossen|vorgenommen),?(?:\s+dass)?",
         examples={"hab beschlossen, mehr zu lesen": "mehr zu lesen",
                   "Wir haben uns entschieden, den Garten aufzugeben.": "Garten aufzugeben"},
         counter=("Hast du dich entschieden?",)),
    Rule('de.decision.plan.umziehen', DECISION,
         WE + r"(?:ziehe?|ziehen)\s+(?:(?:bald|im\s+\w+|nächste[ns]?\s+\w+|dieses\s+\w+|"
         r"jetzt|demnächst|wahrscheinlich|endlich)\s+)*(?:nach|in\s+die|in\s+den|aufs)\s+(?=\w)",
         examples={"wir ziehen nächsten monat nach Bern": "Bern"},
         counter=("Ziehst du nach Bern?",)),
    # --- Chat German: what one likes, said object first ("Techno find ich super") ---
    Rule('de.preference.like.find_ich', PREFERENCE,
         r"^(?P<fact>(?!(?:das|es|dies|so|was|wie|da)\b)[\w' -]{2,40}?)\s+find(?:e)?\s+ich\s+"
         r"(?:echt\s+|total\s+|voll\s+|so\s+|einfach\s+|richtig\s+|mega\s+|sehr\s+)?"
         r"(?:super|toll|lecker|klasse|genial|großartig|geil|mega|wunderbar|schön|cool)\b",
         examples={"Sushi find ich mega lecker": "Sushi"},
         counter=("Das find ich super",)),
    Rule('de.preference.dislike.find_ich', PREFERENCE,
         r"^(?P<fact>(?!(?:das|es|dies|so|was|wie|da)\b)[\w' -]{2,40}?)\s+find(?:e)?\s+ich\s+"
         r"(?:echt\s+|total\s+|voll\s+|so\s+|einfach\s+|richtig\s+|ziemlich\s+)?"
         r"(?:eklig|furchtbar|schrecklich|ätzend|doof|blöd|scheiße|schlimm|widerlich|langweilig)\b",
         polarity='-', examples={"koriander find ich widerlich": "koriander"},
         counter=("Das find ich doof",)),
    Rule('de.preference.dislike.geht_gar_nicht', PREFERENCE,
         r"^(?P<fact>(?!(?:das|es|dies|so|heute|morgen|da|hier|nichts|gar)\b)[\w' -]{2,40}?)\s+"
         r"geht\s+(?:gar|überhaupt)\s+nicht\b",
         polarity='-', examples={"Schlager geht gar nicht": "Schlager"},
         counter=("Das geht gar nicht", "Morgen geht gar nicht")),
    Rule('de.preference.like.mir_lieber', PREFERENCE,
         r"^(?P<fact>(?!(?:das|es|dies|so|was)\b)[\w' -]{2,40}?)\s+(?:ist|sind)\s+mir\s+"
         r"(?:viel\s+|eh\s+)?(?:lieber|heilig)\b",
         examples={"Tee ist mir lieber als Kaffee": "Tee",
                   "Der Sonntagsbrunch ist mir heilig": "Sonntagsbrunch"},
         counter=("Das ist mir lieber",)),
    # --- Chat German: routines with the verb before "ich" ("samstags geh ich …") ---
    Rule('de.habit.routine.wochentags', HABIT,
         r"\b(?P<when>(?:montags|dienstags|mittwochs|donnerstags|freitags|samstags|sonntags|"
         r"morgens|abends|mittags|nachts|täglich|wochenends|am\s+wochenende)(?:\s+immer)?)\s+"
         r"(?P<pre>(?!bin\b|hab\b|habe\b|war\b|kann\b|muss\b)\w+)\s+ich\b",
         examples={"Sonntags backe ich Brot.": "backe Brot sonntags"},
         counter=("Montags kann ich nicht.",)),
    Rule('de.habit.routine.inverted', HABIT,
         r"\b(?P<pre>(?!(?:hab|habe|bin|war|hatte|kann|will|muss|soll|werde|würde|frag|sag|"
         r"dachte|denke|weiß|glaube|find|finde|sehe|wäre|hätte)\b)\w+e?)\s+ich\s+"
         r"(?:immer|meistens|fast\s+immer|jeden\s+(?:tag|morgen|abend))\s+(?=\w)",
         examples={"nach der arbeit geh ich immer joggen": "geh joggen"},
         counter=("das hab ich immer gesagt",)),
    # --- Chat German: verb-second after a time or a reason, education, training ---
    Rule('de.decision.choice.fuer_entschieden_inverted', DECISION,
         r"\b(?:habe?\s+ich\s+mich|haben\s+wir\s+uns)\s+(?:jetzt\s+|endlich\s+|doch\s+|dann\s+)?"
         r"für\s+(?P<fact>[^.;!?]{1,200}?)\s+entschieden\b",
         examples={"Nach ewigem Überlegen haben wir uns für einen Hund entschieden.": "Hund"},
         counter=("Habt ihr euch für einen Hund entschieden?",)),
    Rule('de.decision.plan.ab_zeit', DECISION,
         r"^(?:ab|nächste[nmrs]?|kommende[nmrs]?|im|diesen|dieses|diese|ab\s+nächste[nmr]?)\s+"
         r"\w+(?:\s+\w+)?\s+(?:werde|will|geh|gehe|fang|fange|zieh|ziehe|werden|wollen|gehen|"
         r"ziehen)\s+(?:ich|wir)\s+(?=\w)",
         examples={"Ab Januar fange ich mit Spanisch an.": "mit Spanisch an"},
         counter=("Ab wann gehst du?",)),
    Rule('de.profile.education.studiert', PROFILE,
         ICH + r"(?:hab|habe)\s+(?P<fact>(?!(?:das|es|viel|lange|hart|nie)\b)[^.;!?,]{2,60}?)\s+"
         r"studiert\b",
         examples={"Ich habe Germanistik in Wien studiert.": "Germanistik in Wien"},
         counter=("Ich habe lange studiert.",)),
    Rule('de.profile.education.studiere', PROFILE,
         ICH + r"studiere?\s+(?:jetzt\s+|gerade\s+|grad\s+)?(?!(?:noch|gerade|viel|nicht)\b)"
         r"(?=\w)",
         examples={"studiere Medizin in Graz": "Medizin in Graz"},
         counter=("Studierst du Medizin?",)),
    Rule('de.profile.work.ausbildung', PROFILE,
         ICH + r"(?:mach|mache)\s+(?:grad\s+|gerade\s+|jetzt\s+)?(?:meine|eine|die)\s+"
         r"(?:ausbildung|lehre|umschulung)\s+(?:zum|zur|als)\b",
         examples={"Ich mache eine Ausbildung zum Koch.": "Koch"}),
    Rule('de.habit.routine.chat_jeden', HABIT,
         LEAD + r"(?P<pre>(?!(?:ist|war|sind|gibt|geht|kommt|regnet|klappt|passiert|bin|hab|"
         r"habe)\b)\w+)\s+(?:fast\s+|eigentlich\s+)?(?P<when>jeden\s+(?:morgen|tag|abend|montag|"
         r"dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)|jede\s+woche|jedes\s+"
         r"wochenende)\b",
         examples={"schwimm fast jeden morgen im see": "schwimm im see jeden morgen"},
         counter=("Ist jeden Tag so.",)),
    Rule('de.profile.language.spreche', PROFILE,
         ICH + r"spreche?\s+(?:fließend\s+|gut\s+|ein\s+bisschen\s+|etwas\s+|auch\s+|nur\s+)?"
         r"(?=(?:deutsch|englisch|französisch|spanisch|italienisch|portugiesisch|türkisch|"
         r"russisch|polnisch|arabisch|niederländisch|schwedisch|griechisch|kroatisch|serbisch|"
         r"bosnisch|ukrainisch|persisch|chinesisch|japanisch|koreanisch|hindi|schweizerdeutsch|"
         r"plattdeutsch|kurdisch|rumänisch|ungarisch|tschechisch)\b)",
         examples={"Ich spreche fließend Polnisch.": "Polnisch",
                   "spreche italienisch und ein bisschen spanisch":
                   "italienisch und ein bisschen spanisch"},
         counter=("Sprichst du Polnisch?", "Ich spreche mit meinem Chef.")),
    # --- stille Wechsel: ein neues Zuhause, die ersten Tage bei einem neuen Arbeitgeber ---
    Rule("de.profile.residence.new_home", PROFILE,
         r"\b(?P<fact>(?:(?:unsere|meine)[rn]?\s+neuen?\s+wohnung|(?:unser|mein)e?[ms]?\s+"
         r"neue[ns]?\s+(?:haus|zuhause|zimmer|wg-zimmer))\s+in\s+" + PLACE_VALUE + ")",
         slot="residence",
         examples={"endlich in unserer neuen wohnung in dresden 🎉":
                   "unserer neuen wohnung in dresden"},
         counter=("die neue Wohnung meiner Schwester in Kiel",)),
    Rule("de.profile.employer.first_days", PROFILE,
         r"\b(?P<fact>(?:(?:mein\s+|meine\s+)?erste[rn]?\s+(?:tag|arbeitstag|woche|monat)|"
             r"(?:mein\s+)?"
         r"neuer\s+job)\s+bei\s+" + ORG_VALUE + ")",
         slot="employer",
         examples={"erste woche bei zeiss geschafft": "erste woche bei zeiss"}),
    # --- klein geschrieben und mit dem Verb am Ende: umgezogen, seit ich in … wohne, jetzt bei ---
    Rule("de.profile.residence.nach_gezogen", PROFILE,
         r"\b(?:ich\s+bin|wir\s+sind|bin|sind)\s+(?:[\w-]+\s+){0,3}?nach\s+(?P<fact>" + PLACE_VALUE
         + r")\s+(?:um)?gezogen\b",
         slot="residence",
         examples={"wir sind letztes jahr nach münchen umgezogen": "münchen",
                   "Wir sind letzten Sommer nach Leipzig gezogen.": "Leipzig"},
         counter=("meine schwester ist nach kiel gezogen",)),
    Rule("de.profile.residence.seit_wohne_lower", PROFILE,
         r"\b(?:seit|weil|da|wo)\s+(?:ich|wir)\s+(?:[\w-]+\s+){0,2}?in\s+(?P<fact>" + PLACE_LOWER
         + r")\s+(?:wohne|wohnen|lebe|leben)\b",
         slot="residence",
         examples={"seit ich in hamburg wohne fahre ich nur noch rad": "hamburg"},
         counter=("seit meine eltern in bonn wohnen",)),
    Rule("de.profile.residence.neue_wohnung", PROFILE,
         r"\b(?:der|die|das|dem|den)\s+neuen?\s+(?:wohnung|bude|haus|zuhause)\s+in\s+(?P<fact>"
         + PLACE_VALUE + ")",
         slot="residence",
         examples={"die letzten kisten in der neuen wohnung in köln sind ausgepackt": "köln"},
         counter=("die neue Wohnung meiner Schwester in Kiel",)),
    Rule("de.profile.employer.jetzt_bei_lower", PROFILE,
         r"\b(?:ich\s+)?bin\s+(?:jetzt|nun|inzwischen|mittlerweile|seit\s+[\w-]+)\s+"
         r"bei\s+(?:der\s+|dem\s+)?(?P<fact>" + ORG_LOWER + ")",
         slot="employer",
         examples={"hab bei bosch gekündigt, bin jetzt bei sap": "sap"},
         counter=("ich bin jetzt bei meiner mutter", "mein mann ist jetzt bei sap")),
    Rule("de.profile.employer.angefangen", PROFILE,
         r"\b(?:ich\s+)?(?:hab|habe)\s+(?:jetzt\s+|gerade\s+|neu\s+)?bei\s+(?:der\s+|dem\s+)?"
         r"(?P<fact>(?P<value>[\w&.'-]+(?:\s+[\w&.'-]+)?))\s+(?:angefangen|begonnen)\b",
         slot="employer",
         examples={"hab bei daimler angefangen": "daimler"},
         counter=("mein bruder hat bei daimler angefangen",)),
    # --- das neue Auto, nach Marke oder Modell ---
    Rule("de.profile.own.neues_auto_oder_handy", PROFILE,
         r"\b(?:mein|unser|meine|unsere)\s+(?:neuer|neue|neues)\s+(?:(?:auto|wagen|handy|"
         r"smartphone)\s*,?\s*(?:ein|eine|einen)?\s*)?" + OWNED_VALUE,
         slot="owned",
         examples={"mein neuer Golf ist endlich da": "Golf",
                   "mein neues iPhone ist da": "iPhone"},
         counter=("meine neue Wohnung",)),
    # --- Ernährung und Ehe geändert, als das gesagt, was geschah ---
    Rule("de.profile.diet.seit_vegan", PROFILE,
         r"\b(?:ich\s+)?bin\s+(?:seit\s+[\w-]+|jetzt|inzwischen|mittlerweile|nun)\s+(?P<fact>"
         r"(?P<value>vegan|vegetarier(?:in)?|vegetarisch|veganer(?:in)?))\b",
         slot="diet",
         examples={"bin seit januar vegan": "vegan"},
         counter=("meine frau ist seit januar vegan",)),
    Rule("de.profile.relationship.geheiratet", PROFILE,
         r"\b(?:ich|wir)\s+(?:hab|habe|haben)\s+(?:endlich\s+|letzte\s+woche\s+|gestern\s+)?"
         r"(?P<fact>(?P<value>geheiratet))\b",
         slot="relationship",
         examples={"ich hab geheiratet 💍": "geheiratet"},
         counter=("meine schwester hat geheiratet",)),
    Rule("de.profile.employer.neue_kollegen", PROFILE,
         r"\b(?:meine\s+)?(?:neuen\s+kollegen|neuer?\s+(?:chef|chefin|team|büro))\s+(?:bei|von)\s+"
         r"(?:der\s+|dem\s+)?(?P<fact>" + ORG_VALUE + ")",
         slot="employer",
         examples={"meine neuen Kollegen bei Zalando sind super": "Zalando"},
         counter=("die neuen kollegen meiner frau",)),
    # --- der Name eines Verwandten oder Tiers gleich danach, auch klein geschrieben ("unser
    # labrador bruno frisst alles"): die Engine trennt Namen von Verben und Adverbien ---
    Rule("de.profile.family_name.apposition", PROFILE,
         r"\b(?P<fact>(?:mein|meine|unser|unsere)\s+(?P<name>"
         r"(?:" + RELATIVE + "|mops|" + PET_BREEDS + r"))\s+(?P<value>"
         + NAME_CAP + "|" + NAME_LOWER + "))",
         slot="name",
         examples={"meine frau katrin arbeitet nachts": "meine frau katrin",
                   "unser Dackel Otto bellt den Postboten an": "unser Dackel Otto",
                   "mein freund timo und ich fahren nach rom": "mein freund timo",
                   "Meine Schwester Anna wohnt in Bonn.": "Meine Schwester Anna",
                   "unser kater pelle frisst alles": "unser kater pelle"},
         counter=("mein mann arbeitet nachts", "meine tochter einfach nie",
                  "mein hund frisst gras", "meine tochter ist krank", "mein Mann und ich")),
    # --- Auto oder Handy, das man hat, nach Marke oder Modell ("mein polo", "hab nen golf
    # 7"); ein Name, der meist ein anderes Wort ist, nur wenn es um ein Auto geht ---
    # Ein Auto oder Handy, das man seit kurzem hat: "seit ich das galaxy s24 hab".
    Rule("de.profile.own.seit_ich_hab", PROFILE,
         r"\bseit\s+ich\s+(?:das|den|die|ein|einen|eine|mein|meinen|meine)\s+(?:neue[ns]?\s+)?"
         + OWNED_SAID + r"(?=\s+(?:hab|habe|fahre|fahr)\b)",
         slot="owned_here",
         examples={"seit ich den skoda octavia fahre spare ich sprit": "skoda octavia"},
         counter=("seit ich das golf-turnier gewonnen hab",)),
    # Eine Ernährung seit einer Weile: "seit ich vegan lebe".
    Rule("de.profile.diet.seit_ich", PROFILE,
         r"\bseit\s+ich\s+(?P<fact>(?P<value>vegan|vegetarisch|pescetarisch|glutenfrei|keto))\s+"
         r"(?:lebe|esse|bin)\b",
         slot="diet",
         examples={"seit ich vegetarisch esse schlafe ich besser": "vegetarisch"},
         counter=("seit sie vegan lebt",)),
    Rule("de.profile.own.mein", PROFILE,
         r"\b(?:mein|meinen|unser|unseren)\s+(?:(?:alter|alten|treuer|kleiner)\s+)?"
         + OWNED_HERE,
         slot="owned_here",
         examples={"mein alter polo springt bei kälte nicht an": "polo",
                   "unser skoda octavia muss zum tüv": "skoda octavia"},
         counter=("mein golf-handicap wird besser", "mein panda-kuscheltier ist weg")),
    Rule("de.profile.own.hab_nen", PROFILE,
         r"\b(?:ich\s+)?(?:hab|habe|fahre|fahr)\s+(?:einen|ein|nen|'nen)\s+(?:(?:alten|neuen)\s+)?"
         + OWNED_HERE,
         slot="owned_here",
         examples={"fahre nen seat leon und die bremsen quietschen": "seat leon"},
         counter=("ich hab einen golf-kurs gebucht",)),
    Rule("de.profile.family_name.in_klammern", PROFILE,
         r"(?P<fact>(?P<value>" + NAME_CAP + "|" + NAME_LOWER + r")\s*\((?:mein|meine|unser|unsere)"
         r"\s+(?P<name>hund|hündin|katze|kater|kaninchen|sohn|tochter|frau|mann|freund|freundin|"
         r"bruder|schwester)\))",
         slot="name",
         examples={"Bruno (unser Hund) hasst Gewitter": "Bruno (unser Hund)"},
         counter=("Bruno (ihr Hund) hasst Gewitter",)),
    Rule("de.habit.routine.ueblich", HABIT,
         r"\b(?:mein(?:e[nmr]?)?|unser(?:e[nmr]?)?)\s+übliche[nrs]?\s+(?P<fact>[^\W\d_][\w-]*)",
         examples={"nach meiner üblichen Joggingrunde": "Joggingrunde"},
         counter=("seine übliche Runde",)),
)

STOPWORDS = ("der", "die", "das", "und", "ich", "nicht", "ein", "eine", "ist", "mit", "für", "zu",
             "auf", "den", "dem", "mich", "wir", "aber", "sehr", "bin", "habe", "immer", "nie",
             "heute", "auch", "wann", "wo", "noch", "schon")
"""Frequent German words: a sentence with them is guessed German."""

GRAMMAR = Grammar(
    car_context=words(
        "motor bremse reifen werkstatt tüv fahr benzin diesel lade km kilometer kupplung "
        "kontrollleuchte öl batterie versicherung klimaanlage springt parken"),
    name_followers=NAME_FOLLOWERS,
    adverbs=words(
        "noch immer nie auch schon nur einfach echt total gerade wirklich halt mal eben grad "
        "jetzt heute gestern ständig dauernd"),
    laughs=("haha", "hihi", "lol", "xd"),
    code="de", name="German", rules=RULES,
    boundaries=("aber", "weil", "obwohl", "denn", "sondern", "während"),
    boundary_extra=r"|,?\s+und\s+(?=(?:ich|wir)\b)",
    hypothetical=("wenn", "falls", "angenommen", r"stell\s+dir\s+vor", r"nicht\s+sicher",
                  'übersetze', 'übersetzen', 'übersetzung', 'songtext', 'liedtext', 'gedicht'),
    articles=("der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer"),
    list_conjunctions=("und", "oder"),
    stopwords=frozenset(STOPWORDS),
    letter_hints="ßäöü",
    contrasts=("aber", "sondern"), joins=("und",),
    clause_subjects=(r"ich\b", r"wir\b"),
    negation_tail=r"\s+nicht$",
    habit_negation=(r"^\S+\s+(?:[\w-]+\s+)?(?:nicht|kein(?:e[nmrs]?)?)\b(?!\s+(?:mehr|nur)\b)"
                    r"|\snicht$"),
    work_at=("bei", "beim", "für", r"bei\s+der", r"bei\s+dem"),
    clause_negation=r"\b(?:nicht|kein(?:e[nmrs]?)?)\b(?!\s+nur\b)",
    nouns_capitalised=True,
    leading_fillers=("dass", "sehr", "ich"),
    trailing_fillers=("sehr", "auch", "wirklich", "gerne", "gern", r"zu\s+verwenden",
                      r"zu\s+benutzen", r"zu\s+nutzen", "und", "oder", "aber"),
    time_words=("jetzt", "mittlerweile", "inzwischen"),
    pronoun_facts=("das", "es", "ihn", "sie"),
    clause_openers=("ich", "es"),
    list_dependents=("besonders", "namens", "mit", "von"),
    kin=(
         "wife: frau ehefrau; husband: mann ehemann; partner: partnerin; boyfriend: freund; "
         "girlfriend: freundin; son: sohn; daughter: tochter; kid: kind; brother: bruder; "
         "sister: schwester; mother: mutter mama; father: vater papa; grandmother: oma; "
         "grandfather: opa; uncle: onkel; aunt: tante; nephew: neffe; niece: nichte; "
         "dog: hund hündin welpe; cat: kätzchen; rabbit: kaninchen hase; parrot: papagei; "
         "horse: pferd"),
)
