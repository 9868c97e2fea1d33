"""French: the grammar of facts a user states about themself.

Sections, in this order: the named fragments the rules are built from (refusals, days,
clause ends, the pieces shared with the other languages' "what changed" rules), then the
rules grouped by kind (preference, decision, habit, profile), each kind sub-grouped by topic
(tastes, dislikes, plans, routines, endings, name and age, diet and health, work, home,
family and pets, relationship, things owned), and last the word lists the engine reads
(clause boundaries, hypotheticals, articles, stopwords).

The engine tries the rules in this order and, at a tie (same start, same length), the
earlier one wins: keep "je suis <adjective>" (status) before "je suis <occupation>".
"""

from __future__ import annotations

from dataclasses import replace

from kore_pipeline.rules.shape import (
    CAP,
    DECISION,
    HABIT,
    NAME_CAP,
    NAME_LOWER,
    ORG_LOWER,
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
from kore_pipeline.text.occupations import OCCUPATIONS

# --- Named fragments -------------------------------------------------------------------------

NOT_REFUSAL = r"(?!\s+ne\s+pas\s+(?:répondre|le\s+dire|dire|en\s+parler|parler|commenter)\b)"
"""Not a refusal to answer after a preference verb: "Je préfère ne pas en parler"."""
OCCUPATION = OCCUPATIONS["fr"]
"""Jobs, masculine and feminine ("infirmière", "plombier", "sage-femme")."""
WEEKDAYS = "lundi mardi mercredi jeudi vendredi samedi dimanche"
EVERY = ("chaque\\s+" + any_of("matin jour soir semaine " + WEEKDAYS)
         + "|tous\\s+les\\s+" + any_of("matins jours soirs "
                                       + " ".join(d + "s" for d in WEEKDAYS.split())
                                       + " week-ends"))
"""A routine's time: "chaque matin", "tous les lundis"."""
CLAUSE_REST = r"[^.;!?,]{0,80}?"
CLAUSE_END = r"(?=\s*(?:[.;!?,]|$)|\s+(?:parce|mais|donc|et\s+maintenant)\b)"
"""Where a fact that runs to its clause's end stops: punctuation, "parce que", "mais"…"""
HABIT_VERB = r"pratique|cours|mange|bois|fume|joue|nage|fais(?=\s+(?:du\s|de\s+la\s|de\s+l'|des\s))"
"""First-person habit verbs ("fais" only before a partitive: "je fais du yoga")."""
NOT_TASTE = r"(?!(?:viel\s+|eher\s+)?(?:lieber|gerne?|volentieri|volontiers|plutôt)\b)"
"""Not a word of taste after a habit verb ("je mange plutôt du poisson" is a preference)."""
ENDED_ADV = r"(?:(?:complètement|enfin|déjà|définitivement)\s+)?"
PLAN_HEAD = (r"\b(?:je\s+(?:vais|compte|veux|dois|prévois\s+de)|nous\s+(?:allons|comptons|"
             r"voulons|devons)|j'ai\s+l'intention\s+de|on\s+va)\s+")
NOT_PLAN_VERB = r"(?!(?:être|dire|voir|savoir|avouer|partir|y\s+aller|demander|dormir|réfléchir)\b)"
"""Verbs after "je vais" that make no plan ("je vais être honnête", "je vais y réfléchir")."""
INFINITIVE = r"(?=(?:m'|me\s+|nous\s+|y\s+)?\w+(?:er|ir|re|oir)\b)"

# Pieces shared with the other languages' rules of what changed (a thing replaced, given up,
# a pet adopted): the same strings in every grammar, hence their mixed languages.
NEGATIONS = "non no not não nao ne nicht nie mai never nunca jamais"
SAID = "".join(rf"(?<!\b{w}\s)" for w in NEGATIONS.split())
"""Not right after a negation ("ne", "jamais"): such a statement is no fact."""
ART = (r"(?:(?:the|my|our|a|an|il|lo|la|i|gli|le|el|los|las|mi|mis|les|ma|mon|mes|der|die|"
       r"das|den|dem|meinen|meine|mein|meinem|o|os|as|meu|minha|do|da|no|na|un|una|uno|une|"
       r"um|uma|einen|eine|ein|old|vecchi[ao]|viej[oa]|vieille|vieux|alte[nr]?|velh[oa])\s+|"
       r"l['’]\s*)*")
"""Articles, possessives and "vieux" before the thing named ("ma vieille Twingo")."""
NOT_THING = (r"(?!(?-i:(?:it|that|this|them|him|her|me|you|up|off|out|in|on|at|to|for|by|from|"
             r"all|of|with|smoking|drinking|di|de|d'|a|que|work|job|lavoro|trabajo|travail|arbeit|"
             r"trabalho|the|my|our|an|il|lo|la|i|gli|le|el|los|las|mi|mis|les|ma|mon|mes|der|die|"
             r"das|den|dem|meinen|meine|mein|meinem|o|os|as|meu|minha|do|da|no|na|un|una|uno|une|"
             r"um|uma|einen|eine|ein|one|two|three|four|five|six|seven|eight|nine|ten|years|months|"
             r"weeks|days|ago|last|so|and|but))\b)")
THING = (NOT_THING + r"(?P<thing>[^\W\d_][\w'’+-]*(?:\s+(?-i:[A-Z0-9])[\w'’+-]*){0,2})"
         r"(?![\w'’+-])")
"""The thing: a word, and the capitalised words or numbers of a name after it ("Renault
Clio")."""
NEW = (r"(?P<new>[^\W_][\w'’+-]*(?:\s+(?!(?:last|this|in|on|for|since|ago|a|the|and|e|y|et|"
       r"und|usad[ao]|usata|gebraucht|d'occasion|instead|invece|en|em|il|el|le|o)\b)[\w'’+-]+)"
       r"{0,2})")
"""The new thing: up to three words, not a time or "d'occasion" after it."""
CAP_THING = r"(?P<thing>(?-i:[A-Z])[\w'’&+-]*(?:\s+(?-i:[A-Z0-9])[\w'’&+-]*){0,2})"
"""A name (an employer's): "j'ai quitté Renault"."""
UPPER = r"(?-i:[A-ZÀ-Ý])"
PLACE = rf"(?P<fact>{UPPER}[\w'’.&-]*(?<!\.)(?:\s+(?!I\b){UPPER}[\w'’.&-]*(?<!\.)){{0,3}})"
"""A named place or employer ("Leroy Merlin", "Rennes")."""
NAMED = rf"(?P<fact>(?:{UPPER}|i(?-i:[A-Z]))[\w'’+-]*(?:\s+(?-i:[A-Z0-9])[\w'’+-]*){{0,2}})"
"""A named thing: a brand and its model ("Peugeot 208", "iPhone")."""
PET_NAME = (rf"(?P<fact>{UPPER}[\w'’-]*)(?=\s*(?:[.,;!?]|$|\s+(?:e|y|et|und|mas|ma|pero|"
            rf"mais)\b))")
"""A pet's name, alone before the end of its clause."""
DIET_ADV = (r"(?:(?:ora|adesso|ahora|agora|maintenant|jetzt|nun|strettamente|totalmente|"
            r"completamente|strictement|complètement|streng|un[ae]?|eine?|uma?)\s+)*")
DIET = (r"vegetarian[oa]|vegan[oa]|pescetarian[oa]|crudist[oa]|végétarien(?:ne)?|"
        r"végétalien(?:ne)?|végane?|pescétarien(?:ne)?|vegetarier(?:in)?|"
        r"veganer(?:in)?|vegan|pescetarier(?:in)?|flexitarier(?:in)?")
"""Diets in the languages we read (one list for all)."""
CAR_NOW = r"(?:(?:jetzt|nun|ora|adesso|ahora|maintenant|agora)\s+)?"
CAR_ARTICLE = r"(?:una?|une?|einen|ein|eine|uma?)"

# Chat French: "j'suis", "chuis", "j'vis", "j'peux", names and places typed in lower case.
JE = r"(?:\bje\s+|\bj')"
""""je" before a verb, as written or elided in chat ("j'vis", "j'bosse")."""
SUIS = r"(?:\bje\s+suis|\bj'suis|\bchuis)"
""""je suis", "j'suis", "chuis"."""
JOB_COLLOQUIAL = any_of(
    "kiné kinésithérapeute prof postdoc post-doc doctorante? chercheuse chercheur ingé dev "
    "développeuse aide-soignante? auxiliaire agricultrice agriculteur artisane? freelance "
    "indépendante? chauffeur chauffeuse caissière caissier factrice facteur manager consultante? "
    "commerciale? graphiste photographe traductrice traducteur éducatrice éducateur "
    "ostéopathe orthophoniste sage-femme ambulancière ambulancier mécanicienne? mécanicien "
    "menuisière menuisier maçon infographiste animatrice animateur avocate? notaire")
"""Jobs said as chats say them ("kiné", "prof", "postdoc"), besides :data:`OCCUPATION`."""
CONDITION = any_of(
    r"diabète asthme endométriose sclérose épilepsie migraines? hypertension fibromyalgie "
    r"dépression anxiété tdah autisme psoriasis eczéma arthrose arthrite apnée cancer "
    r"maladie\s+de\s+\w+ hypothyroïdie thyroïde lupus spondylarthrite cholestérol acouphènes "
    r"intolérance\s+\w+ allergie\s+\w+")
"""Health conditions one "has" ("j'ai de l'asthme", "j'ai une sclérose en plaques")."""
LANGUAGE = any_of(
    "français anglais arabe espagnol allemand italien portugais chinois mandarin japonais "
    "russe breton créole wolof néerlandais turc polonais roumain grec hébreu coréen hindi "
    "vietnamien catalan basque corse alsacien occitan lsf suédois danois norvégien")
"""Languages one speaks ("je parle arabe et anglais")."""
RELATIVE = any_of(
    r"mari femme époux épouse compagnon compagne conjoint conjointe copain copine chum blonde "
    r"fils fille enfants frère sœur soeur mère père maman papa grand-mère grand-père "
    r"chien chienne chat chatte chaton chiot lapin perroquet patron patronne "
    r"meilleure?\s+amie?")
"""Relatives and pets one names ("ma blonde", Québec "girlfriend"; "notre chaton")."""
NAME_FOLLOWERS = words(
    "a est fait va vient dort mange adore aime déteste refuse joue travaille habite vit "
    "ronfle aboie miaule commence rentre part apprend parle marche court on")
"""Verbs right after a relative's name, which show the word before is a name ("mon fils
noé a 3 ans", "notre chat pistache ronfle")."""
NOT_NAME = any_of(
    "a est fait va vient qui que et de du des en à au avec il elle me m' se s' ne n' y pour "
    "sur dans aussi toujours jamais encore déjà vraiment bien très trop pas plus souvent "
    "aîné aînée cadet cadette jumelle jumeau petit petite grand grande préféré préférée ex "
    "noir noire blanc blanche roux rousse gris grise actuel actuelle")
"""Words after "mon fils", "ma femme" that are no name."""
TIME_AHEAD = (r"(?=[^.;!?]*?\b(?:en\s+(?:janvier|février|mars|avril|mai|juin|juillet|août|"
              r"septembre|octobre|novembre|décembre)|cet\s+(?:été|hiver|automne)|ce\s+printemps|"
              r"la\s+semaine\s+prochaine|le\s+mois\s+prochain|l'année\s+prochaine|"
              r"l'(?:été|hiver|automne)\s+prochain)\b)")
"""A time to come in the clause: what one does then is a plan."""

BARE = dict(zip("éèêëàâîïôûùç", "eeeeaaiiouuc", strict=True))
"""Accented small letters and the bare letter a chat writes for them."""


def loose(pattern: str) -> str:
    """``pattern`` with each accented small letter outside a ``[…]`` class also matching its
    bare letter ("décidé" -> "d[eé]cid[eé]"), and the apostrophe after "j" optional: chats
    drop accents and elisions ("je deteste", "jai 2 chats", "j ai arrêté de fumer")."""
    for head in ("\\b", "(?P<fact>", "^"):
        pattern = (pattern.replace(head + "j'", head + "j(?:'|\\s)?")
                   .replace(head + "j['’]", head + "j(?:['’]|\\s)?"))
    out, in_class, escaped = [], False, False
    for ch in pattern:
        if escaped:
            out.append(ch)
            escaped = False
        elif ch == "\\":
            out.append(ch)
            escaped = True
        elif in_class:
            out.append(ch)
            in_class = ch != "]"
        elif ch == "[":
            out.append(ch)
            in_class = True
        elif ch in BARE:
            out.append(f"[{BARE[ch]}{ch}]")
        else:
            out.append(ch)
    return "".join(out)


# --- Rules -----------------------------------------------------------------------------------

WEEKLY_WITH = (r"(?=[\w'-]+(?:\s+[\w'-]+){0,3}\s+(?:avec|au|à\s+la|chez)\b)")
"""What fills a weekly slot said without a verb: a few words, then who with or where."""

_RULES: tuple[Rule, ...] = (
    # === Preference ===
    # Tastes: "j'aime", "je préfère", "je préférerais", "ma … préférée est"
    Rule("fr.preference.like", PREFERENCE,
         r"\bje\s+préfère\b" + NOT_REFUSAL + r"|\bj'(?:aime|adore)\b",
         examples={"J'aime le vélo.": "vélo", "Je préfère le thé.": "thé",
                   "J'adore les romans policiers.": "romans policiers"},
         counter=("Si j'étais riche j'aime le caviar.", "je ne suis pas sûr que j'aime le jazz",
                  "Je préfère ne pas en parler.")),
    Rule("fr.preference.would_rather", PREFERENCE,
         r"\bje\s+préférerais\b" + NOT_REFUSAL,
         examples={"Je préférerais travailler de chez moi.": "travailler de chez moi"},
         counter=("Je préférerais ne pas répondre.",)),
    Rule("fr.preference.favourite", PREFERENCE,
         r"\b(?:mon|ma)\s+[\w' ]{1,40}?\s+préférée?\s+(?:est|c'est)\b",
         examples={"Ma couleur préférée est le vert.": "vert",
                   "Mon plat préféré c'est la raclette.": "raclette"}),
    # Idioms of taste: "je suis fan de", "je raffole de", "je ne peux pas vivre sans"
    Rule("fr.preference.fan", PREFERENCE,
         r"\bje\s+suis\s+(?:une?\s+)?(?:grande?\s+|très\s+|super\s+|vraiment\s+|trop\s+)?"
         r"fan\s+(?:de\s+|du\s+|des\s+|d')",
         examples={"Je suis fan de rugby.": "rugby",
                   "Je suis une grande fan de Céline Dion.": "Céline Dion"}),
    Rule("fr.preference.raffole", PREFERENCE,
         r"\bje\s+raffole\s+(?:de\s+|du\s+|des\s+|d')",
         examples={"Je raffole du chocolat noir.": "chocolat noir"}),
    Rule("fr.preference.cant_live_without", PREFERENCE,
         r"\bje\s+ne\s+(?:peux|pourrais)\s+pas\s+vivre\s+sans\s+",
         examples={"Je ne peux pas vivre sans café.": "café",
                   "Je ne pourrais pas vivre sans mon vélo.": "mon vélo"}),
    # Dislikes: "je n'aime pas", "je déteste", "… ce n'est pas mon truc"
    Rule("fr.preference.dislike.naime_pas", PREFERENCE,
         r"\bje\s+n'(?:aime|supporte)\s+pas\b|\bje\s+ne\s+supporte\s+pas\b",
         polarity="-",
         examples={"Je n'aime pas le café": "café", "Je n'aime pas le thé vert.": "thé vert",
                   "Je ne supporte pas la foule.": "foule"}),
    Rule("fr.preference.dislike.deteste", PREFERENCE,
         r"\bje\s+(?:déteste|hais)\b|\bj'(?:évite|ai\s+horreur\s+d(?:e|u|es))\b",
         polarity="-",
         examples={"Je déteste le bruit.": "bruit", "J'ai horreur des araignées.": "araignées"}),
    Rule("fr.preference.dislike.pas_mon_truc", PREFERENCE,
         r"^(?P<fact>(?!(?:ça|cela|ce|c')\b)[\w' -]{2,40}?),?\s+(?:ce\s+)?n'est\s+"
         r"(?:vraiment\s+)?pas\s+(?:vraiment\s+)?mon\s+truc\b",
         polarity="-",
         examples={"Le jazz, ce n'est pas mon truc.": "jazz"},
         counter=("Ça, ce n'est pas mon truc.",)),
    # Distrust and refusal: "je ne fais pas confiance à", "je refuse de"
    Rule("fr.preference.distrust", PREFERENCE,
         r"\bje\s+ne\s+fais\s+pas\s+confiance\s+(?:à|aux|au|en)\b|\bje\s+n'ai\s+pas\s+"
         r"confiance\s+(?:en|dans)\b",
         polarity="-",
         examples={"Je ne fais pas confiance aux banques.": "banques",
                   "Je n'ai pas confiance en la presse.": "presse"}),
    Rule("fr.preference.refuse", PREFERENCE,
         r"\bje\s+refuse\s+(?:de\b|d')",
         polarity="-",
         examples={"Je refuse d'utiliser Windows.": "utiliser Windows"}),
    # Chat tastes: "je kiffe", "fan absolue de", "je suis à fond dans", "j'aime pas",
    # "le rap c'est pas mon truc", a topic first ("la foule, je supporte pas"), "pas fan de"
    Rule("fr.preference.kiffe", PREFERENCE,
         JE + r"kiffe\b(?!\s+pas\b)",
         examples={"je kiffe le rap des années 90": "rap des années 90"},
         counter=("je kiffe pas trop le froid",)),
    Rule("fr.preference.fan.chat", PREFERENCE,
         r"(?:^|" + SUIS + r"\s+)(?:une?\s+)?(?:grande?\s+|très\s+|super\s+|vraiment\s+|trop\s+|"
         r"énorme\s+)?fan\s+(?:absolue?\s+|inconditionnelle?\s+|finie?\s+|numéro\s+un\s+)?"
         r"(?:de\s+|du\s+|des\s+|d')",
         examples={"fan inconditionnelle de Goldman depuis toujours": "Goldman depuis toujours",
                   "chuis fan absolu des films de Miyazaki": "films de Miyazaki"}),
    Rule("fr.preference.into", PREFERENCE,
         SUIS + r"\s+(?:(?:trop|vraiment|grave|complètement|en\s+ce\s+moment)\s+)?(?:à\s+fond\s+"
         r"(?:dans|sur)|accro\s+(?:à|au|aux)|passionnée?\s+(?:de|par|du|des)|dingue\s+(?:de|du|"
             r"des))"
         r"(?:\s+|\b)",
         examples={"je suis accro au café": "café",
                   "en ce moment je suis à fond dans la poterie": "poterie"}),
    Rule("fr.preference.dislike.aime_pas", PREFERENCE,
         JE + r"(?:aime|supporte|kiffe)\s+pas\b",
         polarity="-",
         examples={"j'aime pas le poisson": "poisson",
                   "je supporte pas les moustiques": "moustiques"}),
    Rule("fr.preference.dislike.cest_pas_mon_truc", PREFERENCE,
         r"^(?P<fact>(?!(?:ça|cela|ce|c')\b)[\w' -]{2,60}?),?\s+c'est\s+(?:vraiment\s+)?pas\s+"
         r"(?:trop\s+|vraiment\s+|du\s+tout\s+)?mon\s+truc\b",
         polarity="-",
         examples={"le camping c'est pas trop mon truc": "camping"},
         counter=("ça c'est pas mon truc",)),
    Rule("fr.preference.dislike.topic_first", PREFERENCE,
         r"^(?P<fact>(?:les?\s+|la\s+|l'\s*)(?!"
         + any_of(WEEKDAYS + " matin soir midi week-end semaine") + r"\b)[\w' -]{2,40}?),?\s+"
         r"(?:je\s+(?:ne\s+)?supporte\s+pas|j'supporte\s+pas|j'aime\s+pas|je\s+n'aime\s+pas|"
         r"je\s+déteste)\b(?=\s*(?:[,.;!?]|$))",
         polarity="-",
         examples={"le fromage de chèvre, j'aime pas": "fromage de chèvre",
                   "la foule je supporte pas.": "foule"},
         counter=("la réunion, je peux pas", "le lundi je supporte pas")),
    Rule("fr.preference.dislike.pas_fan", PREFERENCE,
         r"(?:" + SUIS + r"|\bje\s+ne\s+suis)\s+(?:vraiment\s+)?pas\s+(?:très\s+|trop\s+|super\s+|"
         r"hyper\s+|vraiment\s+|une?\s+)?(?:grande?\s+)?fan\s+(?:de\s+|du\s+|des\s+|d')",
         polarity="-",
         examples={"je suis pas trop fan des films d'horreur": "films d'horreur",
                   "Je ne suis pas fan de rap.": "rap"}),
    # === Decision ===
    # Decided, chosen, going to use: "j'ai décidé de", "on a choisi", "je vais utiliser"
    Rule("fr.decision.decided", DECISION,
         r"\b(?:j'ai|nous\s+avons|on\s+a)\s+(?:finalement\s+)?décidé\s+(?:d'(?:utiliser|"
         r"adopter)\b|de\s+(?:prendre|passer\s+à|partir\s+sur)\b|de\b|d')",
         examples={"J'ai décidé d'utiliser Vue pour le front.": "Vue pour le front",
                   "On a finalement décidé de partir sur Django.": "Django"}),
    Rule("fr.decision.chose", DECISION,
         r"\b(?:j'ai|nous\s+avons|on\s+a)\s+(?:choisi|opté\s+pour)\b",
         examples={"Nous avons choisi PostgreSQL.": "PostgreSQL",
                   "J'ai opté pour un vélo électrique.": "vélo électrique"}),
    Rule("fr.decision.going_to_use", DECISION,
         r"\b(?:je\s+vais|nous\s+allons|on\s+va)\s+(?:utiliser|partir\s+sur|prendre)\b",
         examples={"On va partir sur Svelte.": "Svelte"}),
    Rule("fr.decision.will_use", DECISION,
         r"\bj'utiliserai\b|\bj'opte\s+pour\b",
         examples={"J'opte pour la formule annuelle.": "formule annuelle"}),
    # Plans: "je veux apprendre", "on va déménager" (an infinitive follows)
    Rule("fr.decision.plan.intend", DECISION,
         PLAN_HEAD + NOT_PLAN_VERB + INFINITIVE,
         examples={"Je veux écrire un roman.": "écrire un roman",
                   "Je veux apprendre l'allemand.": "apprendre l'allemand"},
         counter=("Je vais être honnête avec toi.",)),
    # Decided, said after or before the plan: "je me mets au vélo, c'est décidé"; and plans in
    # the present with a time to come: "on déménage en juin", "je change de boulot cet été"
    Rule("fr.decision.cest_decide.after", DECISION,
         r"^(?P<fact>(?:je\s+|j')[^.;!?,]{3,80}?),?\s+c'est\s+décidé\b",
         examples={"je me mets au vélo en mars, c'est décidé": "me mets au vélo en mars"}),
    Rule("fr.decision.cest_decide.before", DECISION,
         r"\bc'est\s+décidé\s*[,:!]*\s*(?=(?:je|j'|on|nous)\b)",
         examples={"c'est décidé : je reprends la natation": "reprends la natation"}),
    Rule("fr.decision.plan.present", DECISION,
         r"\b(?:on|nous|je)\s+(?=(?:part|partons|pars|déménage|déménageons|commence|commençons|"
         r"passe|passons|change|changeons|arrête|arrêtons|quitte|quittons)\s+\w)" + TIME_AHEAD,
         examples={"on déménage à Bordeaux en septembre": "déménage à Bordeaux en septembre"},
         counter=("je passe te voir", "on commence à 9h demain")),
    # === Habit ===
    # How often: "d'habitude", "je … toujours", "je ne … jamais", "chaque matin"
    Rule("fr.habit.usually", HABIT,
         r"\b(?:d'habitude|habituellement|généralement|en\s+général|normalement|"
         r"souvent)\b|\bj'ai\s+l'habitude\s+(?:de\b|d')",
         examples={"D'habitude je travaille le matin.": "travaille le matin"}),
    Rule("fr.habit.always", HABIT,
         r"\bje\s+(?P<pre>\w+)\s+toujours\b",
         examples={"Je prends toujours le train.": "prends train"}),
    Rule("fr.habit.never", HABIT,
         r"\bje\s+(?:ne\s+|n')(?P<pre>\w+)\s+jamais\b",
         polarity="-",
         examples={"Je ne bois jamais de soda.": "bois de soda"}),
    Rule("fr.habit.routine.every", HABIT,
         r"\b(?P<when>" + EVERY + "),?",
         examples={"Tous les matins je cours.": "cours tous les matins"},
         counter=("tous les matins",)),
    # Sleep and work hours: "je me couche vers 23h", "je commence le travail à 8h"
    Rule("fr.habit.schedule.sleep_work", HABIT,
         r"\bje\s+(?P<pre>me\s+couche|me\s+lève|me\s+réveille|vais\s+(?:me\s+coucher|"
         r"au\s+lit|dormir)|commence\s+(?:le\s+travail|à\s+travailler)|"
         r"finis\s+(?:le\s+travail|de\s+travailler))(?=\s+(?:à|vers|avant|après|tôt|"
         r"tard)(?!\w))",
         examples={"Je me couche vers 23h.": "me couche vers 23h",
                   "Je me lève tôt.": "me lève tôt"}),
    # Habits said with their verb: "je bois du thé", "je fais du yoga"
    Rule("fr.habit.activity.verb", HABIT,
         r"\bje\s+(?P<pre>" + HABIT_VERB + r")\b\s+" + NOT_TASTE + r"(?P<fact>\w"
         + CLAUSE_REST + ")" + CLAUSE_END,
         examples={"Je bois du thé.": "bois thé", "je fais de l'escalade": "fais de l'escalade",
                   "Je joue au tennis le samedi.": "joue au tennis le samedi"},
         counter=("Est-ce que je bois du café ?", "Est-ce que je joue au foot ?",
                  "Je mange plutôt du poisson.")),
    # What one does not eat or drink: "je mange pas de viande", "je ne bois pas d'alcool"
    Rule("fr.habit.never.ne_pas", HABIT,
         JE + r"(?:ne\s+|n')?(?P<pre>mange|bois|fume)\s+pas\s+(?:de\s+|d')",
         polarity="-",
         examples={"Je ne mange pas de porc.": "mange porc",
                   "Je ne bois pas d'alcool.": "bois alcool"},
         counter=("est-ce que je mange pas de sucre ?",)),
    # The way to work: "je prends le train pour aller au bureau"
    Rule("fr.habit.commute", HABIT,
         JE + r"(?=(?:(?:prends\s+(?:le|la|les|mon|ma)\s+\w+|pédale|marche)\s+(?:[\w']+\s+){0,3}?"
         r"|(?:vais|pars)\s+(?:à\s+pied|à\s+vélo|en\s+\w+)\s+)(?:au|à\s+la|à\s+l')\s*(?:boulot|"
         r"travail|bureau|taf|fac|école|usine)\b|(?:vais|pars)\s+(?:au|à\s+la|à\s+l')\s*(?:boulot|"
         r"travail|bureau|taf|fac|école|usine)\s+(?:à\s+pied|à\s+vélo|en\s+(?:vélo|bus|métro|"
         r"train|tram|voiture|trottinette|scooter|moto))\b)",
         examples={"je prends le bus pour aller à la fac": "prends le bus pour aller à la fac",
                   "je vais au bureau à vélo": "vais au bureau à vélo"},
         counter=("je vais au boulot",)),
    # Taken up: "je me suis mise à la course à pied"
    Rule("fr.habit.taken_up", HABIT,
         r"\bje\s+me\s+suis\s+(?:re)?mise?\s+(?:à\s+la\s+|à\s+l'|au\s+|aux\s+)(?=\w)",
         examples={"je me suis mis au vélo cet hiver": "vélo cet hiver",
                   "je me suis remise à la natation": "natation"},
         counter=("je me suis mis à pleurer",)),
    # Endings: "je ne fume plus", "j'ai arrêté de fumer", "j'ai arrêté le sucre", "j'ai quitté
    # Renault" (what a later statement ends is read by the slots)
    Rule("fr.habit.ended.ne_plus", HABIT,
         r"\b(?P<fact>je\s+(?:ne\s+|n')\w+\s+plus\b(?!\s+(?:que|qu')\b)" + CLAUSE_REST + ")"
         + CLAUSE_END,
         examples={"Je ne joue plus du piano.": "ne joue plus du piano",
                   "Je n'habite plus à Toulouse.": "n'habite plus à Toulouse"},
         counter=("Je ne bois plus que de l'eau.",)),
    Rule("fr.habit.ended.arrete_de", HABIT,
         r"\b(?P<fact>j'ai\s+" + ENDED_ADV + r"(?:arrêté|cessé)\s+(?:de\s+|d')\w+" + CLAUSE_REST
         + ")" + CLAUSE_END,
         examples={"J'ai arrêté de fumer en octobre.": "J'ai arrêté de fumer en octobre",
                   "J'ai cessé de boire.": "J'ai cessé de boire"}),
    Rule("fr.habit.ended.thing_given_up", HABIT,
         SAID + r"(?P<fact>\bj['’]ai\s+" + ENDED_ADV + r"(?:arrêté|laissé\s+tomber|lâché|"
         r"abandonné|vendu|revendu)\s+" + ART + THING + ")",
         examples={"J'ai arrêté le sucre.": "J'ai arrêté le sucre",
                   "J'ai arrêté le café, je dormais mal.": "J'ai arrêté le café"},
         counter=("Je n'ai jamais arrêté le café.",)),
    Rule("fr.habit.ended.employer_left", HABIT,
         SAID + r"(?P<fact>\bj['’]ai\s+(?:quitté|démissionné\s+(?:de|du|des))\s+" + ART
         + CAP_THING + ")",
         examples={"J'ai quitté Renault, maintenant je bosse chez Airbus.": "J'ai quitté Renault",
                   "J'ai démissionné de la SNCF, je suis chez Decathlon maintenant.":
                   "J'ai démissionné de la SNCF"}),
    # === Profile ===
    # Name and age: "je m'appelle", "j'ai 25 ans", "j'ai eu 30 ans"
    Rule("fr.profile.name.appelle", PROFILE,
         r"\bje\s+m'appelle\b|\bmon\s+nom\s+est\b",
         examples={"Je m'appelle Claire.": "Claire", "Mon nom est Dupont.": "Dupont"}),
    # L'âge qu'on va avoir : "je vais avoir 40 ans en mars".
    Rule("fr.profile.age.vais_avoir", PROFILE,
         r"\b(?P<fact>(?:je\s+vais\s+avoir|j'aurai|je\s+fête\s+mes)\s+(?P<value>\d{1,3})\s+ans)\b",
         slot="age",
         examples={"je vais avoir 45 ans et je veux faire un truc fou": "vais avoir 45 ans"},
         counter=("elle va avoir 3 ans",)),
    Rule("fr.profile.age.ans", PROFILE,
         r"\bj'ai\s+(?:maintenant\s+)?(?P<fact>\d{1,3}\s+ans)\b",
         examples={"J'ai 25 ans.": "25 ans", "J'ai 40 ans.": "40 ans"}),
    Rule("fr.profile.age.turned", PROFILE,
         r"\bj'ai\s+(?P<pre>eu)\s+(?P<fact>\d{1,3}\s+ans)\b",
         examples={"J'ai eu 30 ans hier.": "eu 30 ans"}),
    # Chat health: "j'ai de l'asthme", "je souffre de migraines"
    Rule("fr.profile.health.condition", PROFILE,
         JE + r"(?:ai|souffre)\s+(?:d'une?\s+|d'|de\s+l'|de\s+la\s+|du\s+|des\s+|une?\s+|de\s+)?"
         r"(?=" + CONDITION + r"\b)",
         examples={"j'ai de l'asthme depuis petit": "asthme depuis petit",
                   "je souffre de migraines": "migraines"}),
    # Diet said without a subject: "végane depuis 2020"
    Rule("fr.profile.diet.dropped_subject", PROFILE,
         r"^(?P<fact>végétarien(?:ne)?|végétalien(?:ne)?|végane?|vegan|pescétarien(?:ne)?|"
         r"flexitarien(?:ne)?)\b"
         r"(?=\s+depuis\b|\s*(?:[,.!]|$)|\s+(?:et|mais)\b)",
         examples={"végane depuis trois ans, ça va très bien": "végane"},
         counter=("végétarien ou pas ?",)),
    # Health, diet and status said with "je suis" (the status one before the occupations: a
    # tie on "je suis retraitée" goes to it)
    Rule("fr.profile.health.allergy", PROFILE,
         r"\bje\s+suis\s+(?=(?:très\s+)?(?:allergique|intolérante?)\b)",
         examples={"Je suis allergique aux noix.": "allergique aux noix",
                   "Je suis intolérante au lactose.": "intolérante au lactose"}),
    Rule("fr.profile.status.adjective", PROFILE,
         r"\bje\s+suis\s+(?=(?:végétarienne?|végane?|vegan|cœliaque|coeliaque|"
         r"diabétique|mariée?|célibataire|gauchère|gaucher|enceinte|retraitée?)\b)",
         examples={"Je suis diabétique.": "diabétique", "Je suis enceinte.": "enceinte",
                   "Je suis retraitée.": "retraitée"},
         counter=("Est-ce que je suis marié ?", "Est-ce que je suis célibataire ?")),
    Rule("fr.profile.identity.un_une", PROFILE,
         r"\bje\s+suis\s+(?:un|une)\s+(?!peu\b)",
         examples={"Je suis un régime sans gluten.": "régime sans gluten"},
         counter=("Je suis un peu fatigué.",)),
    Rule("fr.profile.diet.diet_word", PROFILE,
         SAID + r"\b(?:je\s+suis|être)\s+" + DIET_ADV + r"(?P<fact>" + DIET + r")\b",
         examples={"Je suis végétarien.": "végétarien", "Je suis végétalienne.": "végétalienne"},
         counter=("Est-ce que je suis végétarien ?", "Je ne suis pas végétarien.")),
    Rule("fr.profile.diet.meat_again", PROFILE,
         SAID + r"\b(?:je\s+(?:re)?mange\s+(?:à\s+nouveau\s+|de\s+nouveau\s+)?|recommencé\s+"
         r"à\s+manger\s+)(?:de\s+la\s+)?(?P<fact>viande)\b",
         examples={"Je remange de la viande depuis l'été.": "viande"}),
    # Work: "je travaille chez", "je suis infirmière", "je suis devenue coiffeuse", "je bosse
    # chez", "je suis à la retraite" (the occupation rule also reads homes said with "nous")
    Rule("fr.profile.work.travaille", PROFILE,
         r"\bje\s+travaille\s+(?:comme|chez|pour|à|au|en|dans)\b",
         examples={"Je travaille chez Total.": "Total", "Je travaille chez Orange.": "Orange"}),
    Rule("fr.profile.job.occupation_or_our_home", PROFILE,
         r"\bje\s+suis\s+(?:maintenant\s+)?(?=" + OCCUPATION + r"\b)"
         r"|\b(?:nous\s+avons|on\s+a)\s+déménagé\s+(?:à|a|en|au)\b"
         r"|\b(?:nous\s+habitons|on\s+habite|nous\s+vivons)\s+(?:à|a|en|au)\b",
         examples={"Je suis serveuse.": "serveuse", "Je suis comptable.": "comptable",
                   "On a déménagé à Nantes.": "Nantes", "Nous habitons à Metz.": "Metz"}),
    Rule("fr.profile.job.devenu", PROFILE,
         SAID + r"\bje\s+suis\s+(?:enfin\s+|finalement\s+)?devenue?\s+(?:une?\s+)?(?P<fact>"
         + OCCUPATION + r")\b",
         examples={"Je suis devenu plombier.": "plombier",
                   "Je suis devenue coiffeuse.": "coiffeuse"}),
    Rule("fr.profile.employer.bosse", PROFILE,
         SAID + r"\bje\s+bosse\s+(?:maintenant\s+|désormais\s+)?(?:chez|pour|à\s+la|"
         r"à\s+l['’]|au|à)\s*" + PLACE,
         examples={"Je bosse à la SNCF.": "SNCF", "Je bosse chez Leroy Merlin.": "Leroy Merlin"}),
    Rule("fr.profile.job.retired", PROFILE,
         SAID + r"\b(?:je\s+suis|j['’]ai\s+pris\s+ma)\s+(?:à\s+la\s+)?(?P<fact>retraite)\b",
         examples={"Je suis à la retraite depuis 2019.": "retraite",
                   "J'ai pris ma retraite l'an dernier.": "retraite"}),
    # Chat work: "chuis prof", "je bosse chez decathlon" (lower case)
    Rule("fr.profile.job.colloquial", PROFILE,
         SUIS + r"\s+(?:maintenant\s+|actuellement\s+)?(?:une?\s+)?(?=(?:" + OCCUPATION + "|"
         + JOB_COLLOQUIAL + r")\b)",
         examples={"chuis prof de maths au collège": "prof de maths au collège",
                   "je suis ostéopathe à Nantes": "ostéopathe à Nantes"}),
    Rule("fr.profile.employer.chez", PROFILE,
         JE + r"(?:bosse|taffe|travaille)\s+(?:maintenant\s+|actuellement\s+|désormais\s+)?"
         r"(?:chez|pour)\b(?=\s+\w)",
         examples={"j'bosse chez leclerc le week-end": "leclerc le week-end"}),
    # Schooling: "j'ai fait une école de commerce", "je suis en master"
    Rule("fr.profile.education", PROFILE,
         JE + r"(?:ai\s+fait|ai\s+étudié|étudie|suis\s+en)\s+(?:une?\s+|des\s+|mes\s+|la\s+|l')?"
         r"(?=(?:\w+ème\s+année|école|études|master|licence|doctorat|thèse|bts|dut|iut|prépa|fac|"
         r"médecine|"
         r"droit|bac|informatique|psycho|socio|histoire|lettres)\b)",
         examples={"j'ai fait une école de commerce à Rouen": "école de commerce à Rouen",
                   "je suis en master de droit": "master de droit"}),
    # Languages: "je parle arabe et anglais"
    Rule("fr.profile.language.parle", PROFILE,
         JE + r"parle\s+(?:couramment\s+|bien\s+|aussi\s+)?(?:le\s+|l')?(?=" + LANGUAGE + r"\b)",
         examples={"je parle couramment l'espagnol": "espagnol"},
         counter=("je parle français avec toi ?",)),
    # Work begun, or none: "j'ai commencé chez Safran", "je suis chez Ubisoft maintenant",
    # "première semaine chez Doctolib", "je suis au chômage"
    Rule("fr.profile.employer.started", PROFILE,
         r"\b(?:j'ai\s+(?:commencé|démarré)|je\s+viens\s+de\s+(?:commencer|démarrer)|"
             r"je\s+commence)\s+"
         r"(?:un\s+nouveau\s+(?:job|boulot|poste|travail)\s+|un\s+(?:job|boulot|poste|stage|CDI|"
             r"CDD)\s+)?"
         r"(?:chez\b(?=\s+\w)|à\b(?=\s+" + CAP + "))",
         examples={"je viens de commencer chez Safran": "Safran",
                   "j'ai commencé un nouveau boulot chez Lidl": "Lidl"},
         counter=("j'ai commencé à lire ce livre",)),
    Rule("fr.profile.employer.chez_now", PROFILE,
         SUIS + r"\s+(?:maintenant\s+|désormais\s+|actuellement\s+)?chez\s+(?!Mamie|Papi|Mamy)"
         r"(?=" + CAP + ")",
         examples={"je suis chez Decathlon maintenant": "Decathlon"},
         counter=("je suis chez moi", "je suis chez Mamie")),
    Rule("fr.profile.employer.first_week", PROFILE,
         r"\b(?:(?:premi[eè]re|1[eè]re)\s+(?:semaine|journée)|premier\s+(?:jour|mois))\s+"
         r"(?:chez|à|au)\s+(?P<fact>" + ORG_VALUE + ")",
         slot="employer",
         examples={"première journée chez Doctolib, épuisée": "Doctolib",
                   "premiere semaine chez airbus terminée": "airbus"},
         counter=("la première semaine de ma fille à l'école",)),
    Rule("fr.profile.employer.out_of_work", PROFILE,
         SUIS + r"\s+(?:(?:maintenant|actuellement|toujours)\s+)?(?P<fact>au\s+chômage|"
         r"sans\s+emploi|en\s+recherche\s+d'emploi|demandeuse\s+d'emploi|demandeur\s+d'emploi|"
             r"en\s+arrêt\s+maladie|"
         r"en\s+congé\s+(?:maternité|parental))\b",
         examples={"je suis en arrêt maladie depuis un mois": "en arrêt maladie"}),
    # Home and origin: "j'habite à", "je suis né à", "je viens de", "on s'est installés à"
    Rule("fr.profile.residence.habite", PROFILE,
         r"\b(?:j'habite|je\s+vis)\s+(?:à|au|aux|en|dans)\b|\bje\s+suis\s+née?\s+"
         r"(?:à|en|au|le)\b|\bje\s+viens\s+(?:de\s+|d'|du\s+)(?=" + CAP + ")",
         examples={"Je vis à Lille.": "Lille", "J'habite à Lyon.": "Lyon",
                   "Je suis née à Brest.": "Brest"},
         counter=("Je viens de manger.",)),
    Rule("fr.profile.residence.installe", PROFILE,
         SAID + r"\b(?:on\s+est|nous\s+sommes|je\s+suis|on\s+s['’]est|nous\s+nous\s+"
         r"sommes|je\s+me\s+suis)\s+(?:(?:bien|maintenant|enfin)\s+)?installée?s?\s+"
         r"(?:à|a|en)\s+(?P<fact>" + PLACE_VALUE + ")",
         slot="residence",
         examples={"On s'est installés à Angers.": "Angers",
                   "on s'est installés à rennes": "rennes",
                   "Ça fait six mois qu'on est installés à Rennes.": "Rennes"}),
    # Chat French that drops "je" at the start: "habite à Lille depuis 2 ans", "suis infirmière"
    Rule("fr.profile.dropped_subject.lives_works", PROFILE,
         r"^(?:(?:bon|bref|sinon|alors|perso|moi|et\s+moi|ah|oh|oui|ouais),?\s+)*(?:habite|vis|bosse|"
         r"travaille)\s+(?:à|au|aux|en|dans|chez|pour|comme)\b",
         examples={"habite à Lille depuis 2 ans": "Lille depuis 2 ans",
                   "bref, bosse chez Thales maintenant": "Thales"}),
    Rule("fr.profile.dropped_subject.job", PROFILE,
         r"^(?:(?:bon|bref|sinon|alors|perso|moi|et\s+moi|ah|oh|oui|ouais),?\s+)*suis\s+"
         r"(?:maintenant\s+)?(?=(?:" + OCCUPATION + "|" + JOB_COLLOQUIAL + r")\b)",
         examples={"perso suis kiné": "kiné"},
         counter=("suis-je prof ?",)),
    # Chat homes and origin: "j'vis à lyon", "on vit en Bretagne", "je suis originaire de"
    Rule("fr.profile.residence.chat", PROFILE,
         r"\b(?:j'vis|j'habite|jhabite|je\s+vis|je\s+crèche|j'crèche|on\s+vit|on\s+habite|"
             r"on\s+crèche)\s+"
         r"(?:maintenant\s+|actuellement\s+|depuis\s+\w+\s+)?(?:à|au|aux|en|dans|sur)\b",
         examples={"j'vis à marseille depuis 2019": "marseille depuis 2019",
                   "on vit en Bretagne": "Bretagne"}),
    Rule("fr.profile.residence.originaire", PROFILE,
         SUIS + r"\s+originaire\s+(?:de\s+|d'|du\s+|des\s+)",
         examples={"je suis originaire du Jura": "Jura"}),
    Rule("fr.profile.residence.moved", PROFILE,
         r"\b(?:j'ai|on\s+a|nous\s+avons)\s+(?:récemment\s+|enfin\s+|finalement\s+)?"
         r"(?:déménagé|emménagé)\s+(?:à|au|aux|en|dans|sur)\b",
         examples={"on a emménagé à Dijon en mars": "Dijon en mars",
                   "j'ai déménagé en Suisse": "Suisse"}),
    Rule("fr.profile.residence.lives_with", PROFILE,
         r"\b(?:je\s+vis|j'vis|j'habite)\s+avec\s+[\w' ]{2,30}?\s+(?:à|au|en)\s+",
         examples={"je vis avec mon copain à Toulouse": "Toulouse"}),
    # Our home: "notre appart est à Pantin", "notre nouvelle maison en Bretagne"
    Rule("fr.profile.residence.our_home", PROFILE,
         r"\b(?:notre|mon|ma)\s+(?:nouvel\s+|nouveau\s+|nouvelle\s+)?(?:appart|appartement|maison|"
         r"logement|studio|coloc)\s+(?:est\s+|se\s+trouve\s+)?(?:(?:à|au)\s+|(?:en|dans|sur)\s+"
         r"(?=" + CAP + r"))(?P<fact>[^\W\d_][\w'-]*(?:[\s-]" + CAP + r"[\w'-]*)*)",
         examples={"notre nouvelle maison à quimper a un jardin": "quimper",
                   "mon appart est à Pantin": "Pantin"},
         counter=("ma soeur a un appart à Nice", "mon appart est en bazar")),
    # Family and pets: "j'ai deux enfants", "ma fille s'appelle Chloé", "Minou est mort"
    Rule("fr.profile.family.children_pets", PROFILE,
         r"\bj'ai\s+(?=(?:un|une|deux|trois|\d+)\s+(?:\w+\s+)?(?:chiens?|chats?|"
         r"chattes?|enfants|fils|filles?)\b)",
         examples={"J'ai un chien, il s'appelle Max.": "chien, il s'appelle Max",
                   "J'ai une chatte, elle s'appelle Pixel.": "chatte, elle s'appelle Pixel",
                   "J'ai deux enfants.": "deux enfants"}),
    # Parents, and the children and pets of a "we": "je suis maman de jumeaux", "on a deux chats"
    Rule("fr.profile.family.parent_of", PROFILE,
         SUIS + r"\s+(?:(?:la|le)\s+)?(?:maman|papa|mère|père)\s+(?:de\s+|d')(?=\w)",
         examples={"je suis maman de jumeaux": "jumeaux"}),
    Rule("fr.profile.family.our_children_pets", PROFILE,
         r"\b(?:on\s+a|nous\s+avons)\s+(?=(?:un|une|deux|trois|\d+)\s+(?:\w+\s+)?(?:chiens?|chats?|"
         r"chattes?|chiots?|chatons?|lapins?|enfants|fils|filles?)\b)",
         examples={"nous avons trois enfants": "trois enfants",
                   "on a un chien qui s'appelle Filou": "chien qui s'appelle Filou"}),
    Rule("fr.profile.family.named", PROFILE,
         r"\b(?P<pre>(?:mon|ma|mes)\s+" + any_of(
             r"mari femme époux épouse compagnon compagne copain copine fils fille enfants frère "
             r"sœur soeur mère père maman papa chien chienne chat chatte patron patronne "
             r"meilleure?\s+amie?") + r"\s+s'appell(?:e|ent))(?=\s+\w)",
         examples={"Mon chien s'appelle Rex.": "Mon chien s'appelle Rex",
                   "Ma fille s'appelle Chloé.": "Ma fille s'appelle Chloé"}),
    # Names of relatives and pets said in passing, often in lower case: "mon fils léo a 4 ans",
    # "notre chienne, Lula, …", "ma soeur jumelle s'appelle", "ma blonde s'appelle"
    Rule("fr.profile.family.named.more", PROFILE,
         r"\b(?P<pre>(?:mon|ma|mes|notre|nos)\s+(?:\w+\s+)?" + RELATIVE + r"(?:\s+\w+)?\s+"
         r"s'appell(?:e|ent))(?=\s+\w)",
         examples={"notre chaton s'appelle Biscotte": "notre chaton s'appelle Biscotte",
                   "mon grand frère s'appelle Hugo": "mon grand frère s'appelle Hugo"}),
    Rule("fr.profile.family.died", PROFILE,
         SAID + r"(?P<fact>\b(?P<thing>(?-i:[A-Z])[\w'’-]+)\s+est\s+morte?\b)",
         examples={"Notre chat Minou est mort en mai.": "Minou est mort"}),
    Rule("fr.profile.pet.adopted_named", PROFILE,
         SAID + r"\b(?:j['’]ai|nous\s+avons|on\s+a)\s+adopté\s+(?:une?)\s+(?P<name>chienne|"
         r"chien|chatte|chat)\s*(?:,\s*(?:il|elle)\s+s['’]appelle|,|qui\s+s['’]appelle|"
         r"nommée?)\s*" + PET_NAME,
         examples={"On a adopté un chien qui s'appelle Filou.": "Filou"}),
    # Relationship: "je suis marié", "on s'est séparés"
    # Un statut sans "je suis", en début de phrase ("divorcé depuis l'an dernier"), ou "je
    # viens de me marier".
    Rule("fr.profile.relationship.statut_sans_sujet", PROFILE,
         r"(?:^(?:(?:bon|bref|alors|et)\s+)?|(?<=[,;]\s))(?:(?:jeune|fraîchement|récemment|"
         r"officiellement|enfin)\s+)?(?P<fact>(?P<value>mariée?|divorcée?|fiancée?|séparée?|"
         r"pacsée?|célibataire|veuf|veuve))(?=\s*(?:[,.!?;)]|$)|\s+(?:et|depuis|maintenant|"
         r"\d)\b)",
         slot="relationship",
         examples={"divorcée depuis deux ans et je revis": "divorcée",
                   "fraîchement pacsé, on cherche un appart": "pacsé"},
         counter=("mariés depuis 40 ans, mes grands-parents",
                  "célibataire endurci, ce personnage")),
    Rule("fr.profile.relationship.je_viens_de", PROFILE,
         r"\bje\s+viens\s+de\s+me\s+(?P<fact>(?P<value>marier|fiancer|pacser|séparer))\b",
         slot="relationship",
         examples={"je viens de me fiancer, par quoi on commence ?": "fiancer"},
         counter=("il vient de se marier",)),
    Rule("fr.profile.relationship.status", PROFILE,
         r"\bje\s+suis\s+(?:(?:maintenant|désormais|de\s+nouveau)\s+)?(?P<fact>célibataire|"
         r"mariée?|divorcée?|fiancée?|séparée?|veu(?:f|ve)|en\s+couple|pacsée?)\b",
         examples={"Je suis marié.": "marié", "Je suis célibataire.": "célibataire",
                   "Je suis en couple.": "en couple"},
         counter=("Est-ce que je suis marié ?", "Est-ce que je suis célibataire ?")),
    Rule("fr.profile.relationship.married_to", PROFILE,
         SUIS + r"\s+(?P<fact>(?:mariée?|pacsée?|fiancée?|en\s+couple)\s+(?:avec|à)\s+"
         r"[^\W\d_][\w-]+)",
         examples={"je suis mariée avec Karim depuis 2012": "mariée avec Karim"}),
    Rule("fr.profile.relationship.we_became", PROFILE,
         r"\b(?:nous\s+nous\s+sommes|on\s+s['’]est)\s+(?:(?:enfin|finalement)\s+)?"
         r"(?P<fact>mariés?|séparés?|fiancés?|quittés?|pacsés?)\b",
         examples={"Nous nous sommes séparés l'an dernier.": "séparés",
                   "On s'est mariés en juin.": "mariés"}),
    # Things: the car driven, named things had or bought, one replaced by another
    Rule("fr.profile.car.conduis", PROFILE,
         r"\bje\s+conduis\s+" + CAR_NOW + CAR_ARTICLE + r"\s+(?=" + CAP + ")",
         examples={"Je conduis une Renault Clio.": "Renault Clio"}),
    Rule("fr.profile.car.roule", PROFILE,
         JE + r"(?:conduis|roule\s+en|roule\s+avec)\s+(?:une?\s+)?"
         r"(?:vieille\s+|vieux\s+|nouvelle\s+|petite\s+)?"
         r"(?!(?:vélo|trottinette|direction|ville|ce\s+moment|plein|sens)\b)(?=\w)",
         examples={"je roule en Zoé": "Zoé", "je conduis une vieille clio": "clio"},
         counter=("je roule en vélo", "je roule en direction de Lyon")),
    Rule("fr.profile.owns.named_thing", PROFILE,
         SAID + r"^j['’]ai\s+(?:une?)\s+" + NAMED,
         examples={"J'ai une Clio.": "Clio"}),
    Rule("fr.profile.owns.bought", PROFILE,
         SAID + r"\bj['’]ai\s+acheté\s+(?:une?)\s+" + NAMED,
         examples={"J'ai revendu ma Clio et j'ai acheté une Peugeot 208.": "Peugeot 208"}),
    Rule("fr.profile.owns.swapped", PROFILE,
         SAID + r"(?P<fact>\bj['’]ai\s+(?:échangé|remplacé)\s+" + ART + THING
         + r"\s+(?:contre|par)\s+" + ART + NEW + ")",
         examples={"J'ai échangé ma Twingo contre une Zoé.":
                   "J'ai échangé ma Twingo contre une Zoé"}),
    Rule("fr.profile.owns.sold_and_bought", PROFILE,
         SAID + r"(?P<fact>\bj['’]ai\s+(?:re)?vendu\s+" + ART + THING
         + r"\s*,?\s+et\s+(?:j['’]ai\s+)?(?:acheté|pris)\s+" + ART + NEW + ")",
         examples={"J'ai vendu mon Xbox et acheté une Switch.":
                   "J'ai vendu mon Xbox et acheté une Switch"}),
    # --- en minuscules : être maintenant chez, les premiers jours ---
    Rule("fr.profile.employer.maintenant_chez", PROFILE,
         r"\b(?:je\s+suis|je\s+bosse|je\s+travaille|j'ai\s+été\s+embauchée?)\s+(?:maintenant|"
         r"désormais|depuis\s+peu|enfin)?\s*chez\s+(?P<fact>" + ORG_LOWER + ")",
         slot="employer",
         examples={"je suis maintenant chez thales": "thales",
                   "j'ai été embauchée chez doctolib!": "doctolib"},
         counter=("je suis chez moi", "mon frère est chez thales")),
    # --- la nouvelle voiture, par marque ou modèle ---
    Rule("fr.profile.own.nouvelle_voiture_ou_telephone", PROFILE,
         r"\b(?:ma|mon|notre)\s+(?:nouvelle\s+|nouveau\s+|nouvel\s+)?(?:(?:voiture|téléphone|"
         r"portable)\s*,?\s*(?:une?\s+)?)?"
         + OWNED_VALUE + r"(?=\s+(?:est|vient|a\s+été)\s+(?:enfin\s+)?(?:arrivée?|livrée?|là|"
         r"d'arriver|d'être\s+livrée?))",
         slot="owned",
         examples={"ma Tesla est arrivée hier, fini la vieille Clio": "Tesla"},
         counter=("ma commande est arrivée",)),
    # --- un régime changé, dit comme ce qui s'est passé ---
    Rule("fr.profile.diet.devenu", PROFILE,
         r"\b(?:je\s+suis|on\s+est|nous\s+sommes)\s+(?:passée?s?\s+au|devenue?s?)\s+(?P<fact>"
         r"(?P<value>végétarisme|véganisme|végétarien(?:ne)?s?|végane?s?|vegan))\b",
         slot="diet",
         examples={"je suis passée au végétarisme": "végétarisme",
                   "je suis devenu végétarien": "végétarien"},
         counter=("ma soeur est devenue végane",)),
    Rule("fr.profile.employer.nouveaux_collegues", PROFILE,
         r"\b(?:mes\s+)?(?:nouveaux\s+collègues|nouveau\s+(?:chef|boss|bureau|poste)|nouvelle\s+"
         r"équipe)\s+(?:chez|de)\s+(?P<fact>" + ORG_VALUE + ")",
         slot="employer",
         examples={"mes nouveaux collègues chez Ubisoft sont top": "Ubisoft"},
         counter=("les nouveaux collègues de mon mari",)),
    # --- a relative's or a pet's name right after them, in any case ("ma chatte praline vomit",
    # "mon copain karim ronfle"): the engine tells a name from a verb or an adverb there ---
    Rule("fr.profile.family_name.apposition", PROFILE,
         r"\b(?P<fact>(?:mon|ma|notre)\s+(?P<name>(?:" + RELATIVE + "|teckel|"
         + PET_BREEDS + r"))\s+(?P<value>(?!" + NOT_NAME + r"\b)(?:" + NAME_CAP + "|"
         + NAME_LOWER + r")\b))(?!\s+est\s+morte?\b)",
         slot="name",
         examples={"ma chienne praline a mangé mes chaussons": "ma chienne praline",
                   "ma fille inès commence le CP": "ma fille inès",
                   "notre chien Ouzo, un vrai clown": "notre chien Ouzo",
                   "mon copain karim ronfle trop": "mon copain karim",
                   "notre labrador filou adore l'eau": "notre labrador filou"},
         counter=("mon mari travaille de nuit", "ma femme toujours en retard",
                  "ma fille joue au foot", "ma femme aussi adore le ski", "mon fils a 3 ans",
                  "mon chat noir dort")),
    # --- la voiture ou le téléphone qu'on a, par marque ou modèle ("ma 208", "j'ai une
    # clio"); un nom qui est surtout un autre mot seulement quand on parle de voiture ---
    Rule("fr.profile.own.ma", PROFILE,
         r"\b(?:ma|mon|notre)\s+(?:(?:vieille|vieux|petite|petit|chère)\s+)?" + OWNED_HERE,
         slot="owned_here",
         examples={"ma vieille twingo ne démarre plus ce matin": "twingo",
                   "le voyant huile de ma 308 clignote": "308"},
         counter=("ma 2008 était une belle année", "ma fiesta d'anniversaire")),
    Rule("fr.profile.own.j_ai_une", PROFILE,
         r"(?:\bj'ai|\bon\s+a|\bnous\s+avons)\s+(?:une|un)\s+(?:(?:vieille|vieux|"
         r"nouvelle|nouveau)\s+)?" + OWNED_HERE,
         slot="owned_here",
         examples={"j'ai une dacia duster et les pneus sont usés": "dacia duster"},
         counter=("j'ai une note de frais",)),
    Rule("fr.profile.family_name.entre_parentheses", PROFILE,
         r"(?P<fact>(?P<value>" + NAME_CAP + "|" + NAME_LOWER + r")\s*\((?:mon|ma|notre)\s+"
         r"(?P<name>chat|chatte|chien|chienne|chaton|lapin|fils|fille|femme|mari|copain|copine|"
         r"frère|soeur|sœur)\))",
         slot="name",
         examples={"Pixel (notre chat) dort partout": "Pixel (notre chat)"},
         counter=("Pixel (son chat) dort partout",)),
    # Un rendez-vous fixe de la semaine, sans verbe : "le mercredi soir c'est badminton avec…".
    Rule("fr.habit.routine.jour_fixe", HABIT,
         r"^(?P<when>(?:le|chaque|tous\s+les)\s+(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|"
         r"dimanche)s?(?:\s+(?:soir|matin|midi|après-midi)s?)?)(?:\s*[=:]\s*|,?\s+(?:c'est\s+)?"
         + WEEKLY_WITH + ")",
         examples={"le samedi matin c'est marché avec les enfants":
                   "marché avec les enfants le samedi matin"},
         counter=("samedi soir dîner avec des amis",)),
    Rule("fr.habit.routine.habituel", HABIT,
         r"\b(?:mon|ma|notre)\s+(?P<fact>[^\W\d_][\w-]*(?:\s+(?:de|du|à)\s+[\w-]+)?)\s+"
         r"habituel(?:le)?\b",
         examples={"après ma balade habituelle au parc": "balade"},
         counter=("sa balade habituelle",)),
)

RULES: tuple[Rule, ...] = tuple(replace(r, pattern=loose(r.pattern)) for r in _RULES)
"""The rules as the engine reads them: every accent may be left out."""

# --- Word lists the engine reads -------------------------------------------------------------

STOPWORDS = (
    "le de et je ne pas un une est pour avec des du mais c'est très les au suis toujours "
    "jamais aujourd'hui où quand aussi avec sur dans je")
"""Frequent words that tell the language apart in a short text."""

GRAMMAR = Grammar(
    car_context=words(
        "moteur frein pneus garagiste garage conduire conduis rouler roule essence diesel "
        "recharge km kilomètres embrayage voyant huile batterie assurance contrôle"),
    name_followers=NAME_FOLLOWERS,
    adverbs=words(
        "encore toujours jamais aussi déjà juste seulement vraiment trop très super grave "
        "carrément enfin maintenant aujourd'hui hier"),
    laughs=("mdr", "ptdr", "haha", "lol", "xd"),
    code="fr", name="French", rules=RULES,
    boundaries=("mais", r"parce\s+que", r"parce\s+qu'", "car", r"bien\s+que", "donc",
                r"tandis\s+que", r"alors\s+que"),
    boundary_extra=r"|,?\s+et\s+(?=(?:je|j'|on|nous)\b)",
    hypothetical=("si", "s'il", "supposons", "imagine", "imaginons", r"au\s+cas\s+où",
                  r"pas\s+sûre?",
                  'traduis', 'traduire', 'traduction', 'paroles', 'poème'),
    articles=("le", "la", "les", "l'", "un", "une", "des", "du", r"de\s+la"),
    list_conjunctions=("et", "ou"),
    stopwords=frozenset(STOPWORDS.split()),
    letter_hints="œêëû",
    contrasts=(r"mais(?!\s*(?:[,.;!?]|$))",), joins=("et",),
    clause_subjects=(r"je\b", "j'"),
    negation_head=r"pas\s+(?:d'|de\s+)?",
    not_contrasts=("ma",),
    elisions=("j'", "d'"),
    work_at=("chez", "pour", r"à\s+la", r"à\s+l'", "au"),
    leading_fillers=("que", "bien", "beaucoup", "je"),
    trailing_fillers=("beaucoup", "aussi", "vraiment", "et", "ou", "mais"),
    time_words=("maintenant", r"en\s+ce\s+moment", "désormais"),
    pronoun_facts=("ça", "cela", "ceci"),
    clause_openers=("je", "j'ai", "c'est"),
    list_dependents=("surtout", "notamment", "appelé", "appelée", "avec"),
    kin=(
         "wife: femme; husband: mari; partner: conjoint conjointe; "
         "boyfriend: copain chum chéri cheri; girlfriend: copine blonde chérie cherie; "
         "son: fils; daughter: fille; brother: frère frere; sister: sœur soeur; "
         "mother: mère mere maman; father: père pere papa; grandmother: grand-mère; "
         "grandfather: grand-père; cousin: cousine; uncle: oncle; aunt: tante; nephew: neveu; "
         "niece: nièce niece; cat: chaton; rabbit: lapin; parrot: perroquet; horse: cheval"),
)
