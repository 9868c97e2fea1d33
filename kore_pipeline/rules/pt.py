"""Portuguese (Brazilian and European): the grammar of facts a user states about themself.

Sections, in this order: the named fragments the rules are built from (refusals, the
optional "eu", clause ends, the pieces shared with the other languages' "what changed"
rules), then the rules grouped by kind (preference, decision, habit, profile), each kind
sub-grouped by topic (tastes, dislikes, plans, routines, endings, name and age, diet and
health, work, home, family and pets, relationship, things owned), and last the word lists
the engine reads (clause boundaries, hypotheticals, articles, stopwords).

Both variants are read: "estou a trabalhar" and "tô trabalhando", "mudei-me" and "me mudei",
"casámo-nos" and "nos casamos". The engine tries the rules in this order and, at a tie
(same start, same length), the earlier one wins.
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
    OWNED_SAID,
    OWNED_VALUE,
    PET_BREEDS,
    PLACE_LOWER,
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

EU = r"\b(?:eu\s+)?"
"""The subject pronoun, mostly dropped: "(eu) gosto de"."""
NOT_REFUSAL = r"(?!\s+não\s+(?:responder|dizer|falar|comentar)\w*)"
"""Not a refusal to answer after a preference verb: "Prefiro não comentar"."""
OF = r"(?:de|do|da|dos|das)"
""""de" and its contractions with the article ("gosto do mar", "fã das novelas")."""
IN = r"(?:em|no|na|nos|nas)"
OCCUPATION = OCCUPATIONS["pt"]
"""Jobs, masculine and feminine ("enfermeira", "garçom", "eletricista")."""
CLAUSE_REST = r"[^.;!?,]{0,80}?"
CLAUSE_END = r"(?=\s*(?:[.;!?,]|$)|\s+(?:porque|mas|então|e\s+agora)\b)"
"""Where a fact that runs to its clause's end stops: punctuation, "porque", "mas"…"""
SUBJECT = r"(?:^|(?<=[,;]\s)|\beu\s+)"
"""Where a first-person verb may stand: after "eu", or (dropped) at a clause's start."""
HABIT_VERB = r"pratico|corro|bebo|fumo|jogo|nado|toco"
"""First-person habit verbs ("como", "I eat", is left out: it is also "as")."""
NOT_TASTE = r"(?!(?:viel\s+|eher\s+)?(?:lieber|gerne?|volentieri|volontiers|plutôt)\b)"
"""Not a word of taste after a habit verb (the list is shared by the languages)."""
CLITIC = r"(?:(?:lo|la|li|le|ne|mi|ci|ti|me|te|se)\s+)?"
NOT_PLAN_VERB = (r"(?!(?:ser|estar|dizer|ver|saber|admitir|perguntar|pensar|ir)\b"
                 r"(?!\s+(?:a|à|ao|para)\b))")
"""Verbs after "vou" that make no plan ("vou ser sincero", "vou pensar"), but "vou ir a"."""
INFINITIVE = r"(?=\w+(?:ar|er|ir|or)(?:-me|-se|-lo|-la)?\b)"

# Pieces shared with the other languages' rules of what changed (a thing replaced, given up,
# a pet adopted): the same strings in every grammar, hence their mixed languages.
NEGATIONS = "non no not não nao ne nicht nie mai never nunca jamais"
SAID = "".join(rf"(?<!\b{w}\s)" for w in NEGATIONS.split())
"""Not right after a negation ("não", "nunca"): such a statement is no fact."""
ART = (r"(?:(?:the|my|our|a|an|il|lo|la|i|gli|le|el|los|las|mi|mis|les|ma|mon|mes|der|die|"
       r"das|den|dem|meinen|meine|mein|meinem|o|os|as|meu|minha|do|da|no|na|un|una|uno|une|"
       r"um|uma|einen|eine|ein|old|vecchi[ao]|viej[oa]|vieille|vieux|alte[nr]?|velh[oa])\s+|"
       r"l['’]\s*)*")
"""Articles, possessives and "vieux" before the thing named ("o meu velho Uno")."""
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
"""The new thing: up to three words, not a time or "usado" after it."""
CAP_THING = r"(?P<thing>(?-i:[A-Z])[\w'’&+-]*(?:\s+(?-i:[A-Z0-9])[\w'’&+-]*){0,2})"
"""A name (an employer's): "saí da Petrobras"."""
UPPER = r"(?-i:[A-ZÀ-Ý])"
PLACE = rf"(?P<fact>{UPPER}[\w'’.&-]*(?<!\.)(?:\s+(?!I\b){UPPER}[\w'’.&-]*(?<!\.)){{0,3}})"
"""A named place or employer ("Nubank", "Campinas")."""
NAMED = rf"(?P<fact>(?:{UPPER}|i(?-i:[A-Z]))[\w'’+-]*(?:\s+(?-i:[A-Z0-9])[\w'’+-]*){{0,2}})"
"""A named thing: a brand and its model ("Honda Civic", "iPhone")."""
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

WHO = r"(?P<thing>(?-i:[A-Z])[\w'’-]+)"
"""Someone named (a relative, a pet)."""

# Chat Portuguese: "a gente" for "nós", "tô", names and places typed in lower case.
CONDITION = any_of(
    r"alergia intolerância diabetes asma hipertensão pressão\s+alta ansiedade depressão "
    r"enxaqueca epilepsia tdah autismo fibromialgia endometriose psoríase artrose artrite "
    r"lúpus hipotireoidismo colesterol\s+alto rinite sinusite esclerose doença\s+de\s+\w+ "
    r"síndrome\s+de\s+\w+ bronquite gastrite")
"""Health conditions one "has" ("tenho asma", "tenho alergia a camarão")."""
LANGUAGE = any_of(
    "português inglês espanhol francês alemão italiano japonês chinês mandarim russo árabe "
    "libras coreano holandês sueco polaco polonês grego hebraico catalão galego crioulo")
"""Languages one speaks ("falo inglês e espanhol"; "libras", Brazilian Sign Language)."""
FIELD = any_of(
    "engenharia medicina direito faculdade mestrado doutorado licenciatura letras psicologia "
    "enfermagem jornalismo arquitetura arquitectura economia informática administração design "
    "biologia física química matemática história filosofia gestão contabilidade nutrição "
    "farmácia odontologia fisioterapia pedagogia")
"""Fields and degrees one studies ("estou a tirar engenharia", "tô fazendo mestrado")."""
RELATIVE = any_of(
    r"marido esposa esposo mulher namorad[oa] filh[oa]s? mãe pai irmão irmã avó avô "
    r"cachorr[oa] cão cadela gat[oa] gatinh[oa] cachorrinh[oa] chefe melhor\s+amig[oa]")
NAME_FOLLOWERS = words(
    "tá está é tem faz adora ama odeia vai foi começou aprendeu mora trabalha estuda dorme "
    "come late mia ronca anda chegou nasceu fez")
"""Verbs right after a relative's name, which show the word before is a name ("minha filha
bia tá com febre", "o nosso cão bobi late a noite toda")."""
NOT_NAME = any_of(
    "tá está é tem faz vai foi e que de do da em no na com também sempre nunca já mais "
    "muito mais não se me te mais velh[oa] mais nov[oa] caçula mais preto preta branco branca")
"""Words after "minha filha", "meu cão" that are no name."""
NOT_ORIGIN = any_of(
    "acordo opinião família confiança paz boa esquerda direita humanas exatas lua signo "
    "casa manhã noite novo nada tudo fora contra lá aqui")
"""Words after "sou de" that say no place ("sou de humanas", "sou da paz")."""

BARE = dict(zip("áàâãéêíóôõúç", "aaaaeeiooouc", strict=True))
"""Accented small letters and the bare letter a chat writes for them."""


def loose(pattern: str) -> str:
    """``pattern`` with each accented small letter outside a ``[…]`` class also matching its
    bare letter ("décidé" -> "d[eé]cid[eé]"): chats drop accents ("je deteste", "nao gosto")."""
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

WEEKLY_WITH = (r"(?=[\w'-]+(?:\s+[\w'-]+){0,3}\s+(?:com|no|na)\b)")
"""What fills a weekly slot said without a verb: a few words, then who with or where."""

_RULES: tuple[Rule, ...] = (
    # === Preference ===
    # Tastes: "prefiro", "adoro", "gosto de", "preferiria", "o meu … favorito é", "curto"
    Rule("pt.preference.like.adoro", PREFERENCE,
         EU + r"(?:prefiro|adoro|amo)\b" + NOT_REFUSAL,
         examples={"eu amo praia": "praia", "Eu adoro café.": "café",
                   "Prefiro o chá verde.": "chá verde"},
         counter=("Amo la mia macchina ma odio guidare.", "Prefiro não comentar.")),
    Rule("pt.preference.like.gosto_de", PREFERENCE,
         EU + r"gosto\s+(?:muito\s+|bastante\s+)?" + OF + r"\b",
         examples={"Eu gosto de futebol.": "futebol", "Gosto muito do mar.": "mar"},
         counter=("Eu gosto de", "não tenho certeza se eu gosto de jazz")),
    Rule("pt.preference.would_rather", PREFERENCE,
         EU + r"preferiria\b" + NOT_REFUSAL,
         examples={"Eu preferiria trabalhar de casa.": "trabalhar de casa"},
         counter=("Preferiria não responder.",)),
    Rule("pt.preference.favourite", PREFERENCE,
         r"\b(?:o\s+|a\s+)?(?:meu|minha)\s+[\w ]{1,40}?\s+(?:favorit[oa]|preferid[oa])\s+é\b",
         examples={"A minha cor favorita é o azul.": "azul",
                   "Meu filme preferido é Cidade de Deus.": "Cidade de Deus"}),
    Rule("pt.preference.curto", PREFERENCE,
         r"(?:^|(?<=,\s)|\beu\s+)curto\s+(?:muito\s+|demais\s+|bastante\s+)?(?!prazo\b)(?=\w)",
         examples={"curto muito samba de raiz": "samba de raiz"},
         counter=("o prazo é curto demais", "curto prazo é complicado")),
    # Idioms of taste: "sou fã de", "ando viciada em", "não vivo sem"
    Rule("pt.preference.fan", PREFERENCE,
         EU + r"sou\s+(?:muito\s+|super\s+|grande\s+)?f[ãa]\s+" + OF + r"\s+",
         examples={"Sou fã de samba.": "samba", "Sou super fã de novelas.": "novelas"}),
    Rule("pt.preference.hooked", PREFERENCE,
         EU + r"(?:ando|estou|tô|to|sou)\s+(?:muito\s+|super\s+|totalmente\s+)?(?:viciad[oa]|"
         r"obcecad[oa]|apaixonad[oa])\s+(?:em|no|na|nos|nas|por|pelo|pela|pelos|pelas)\s+",
         examples={"tô viciado em podcasts de história": "podcasts de história",
                   "ando obcecada por cerâmica": "cerâmica"}),
    Rule("pt.preference.cant_live_without", PREFERENCE,
         EU + r"não\s+(?:vivo|consigo\s+viver|posso\s+viver)\s+sem\s+",
         examples={"Não vivo sem café.": "café"}),
    # Dislikes: "não gosto de", "odeio", "não curto", "não sou fã de", "… não é a minha praia"
    Rule("pt.preference.dislike.nao_gosto", PREFERENCE,
         EU + r"não\s+gosto\s+(?:muito\s+)?" + OF + r"\b",
         polarity="-",
         examples={"Não gosto de chuva.": "chuva", "Eu não gosto muito de praia.": "praia"}),
    Rule("pt.preference.dislike.odeio", PREFERENCE,
         EU + r"(?:odeio|detesto|evito)\b|\bnão\s+suporto\b",
         polarity="-",
         examples={"Odeio trânsito.": "trânsito", "Não suporto barulho.": "barulho"}),
    Rule("pt.preference.dislike.nao_curto", PREFERENCE,
         EU + r"não\s+curto\s+(?:muito\s+|nada\s+|tanto\s+)?(?=\w)",
         polarity="-",
         examples={"não curto muito praia lotada": "praia lotada"}),
    Rule("pt.preference.dislike.nao_sou_fa", PREFERENCE,
         EU + r"não\s+sou\s+(?:muito\s+|grande\s+|super\s+)?f[ãa]\s+" + OF + r"\s+",
         polarity="-",
         examples={"não sou muito fã de filmes de terror": "filmes de terror"}),
    Rule("pt.preference.dislike.nao_e_minha_praia", PREFERENCE,
         r"^(?P<fact>(?!(?:isso|isto)\b)[\w' -]{2,40}?)\s+não\s+é\s+(?:muito\s+)?(?:a\s+)?"
         r"minha\s+praia\b",
         polarity="-",
         examples={"Corrida não é a minha praia.": "Corrida",
                   "Futebol não é a minha praia.": "Futebol"},
         counter=("Isso não é a minha praia.",)),
    # Distrust and refusal: "não confio em", "me recuso a"
    Rule("pt.preference.distrust", PREFERENCE,
         EU + r"não\s+confio\s+" + IN + r"\b",
         polarity="-",
         examples={"Não confio em bancos.": "bancos"}),
    Rule("pt.preference.refuse", PREFERENCE,
         EU + r"me\s+recuso\s+a\b",
         polarity="-",
         examples={"Eu me recuso a usar Windows.": "usar Windows"}),
    # === Decision ===
    # Decided and chosen: "decidi usar", "escolhemos", "vou usar", "a gente decidiu"
    Rule("pt.decision.decided", DECISION,
         EU + r"(?:decidi|decidimos|resolvi|resolvemos)(?:\s+(?:usar|utilizar|"
         r"ir\s+com|ficar\s+com|mudar\s+para))?\b",
         examples={"Decidi usar Kotlin no backend.": "Kotlin no backend"},
         counter=("Decidimos usar PostgreSQL para o novo projeto.",)),
    Rule("pt.decision.chose", DECISION,
         EU + r"(?:escolhi|escolhemos|optei\s+por|optamos\s+por|vou\s+usar|"
         r"vamos\s+usar|usarei|usaremos|vou\s+ficar\s+com)\b",
         examples={"Escolhi o plano anual.": "plano anual",
                   "Optamos por React Native.": "React Native"}),
    Rule("pt.decision.a_gente", DECISION,
         r"\ba\s+gente\s+(?:decidiu|resolveu|escolheu|optou\s+por)\b",
         examples={"a gente decidiu mudar para o interior": "mudar para o interior"}),
    # Plans: "quero aprender", "vou mudar de emprego" (an infinitive follows)
    Rule("pt.decision.plan.intend", DECISION,
         EU + r"(?:vou|vamos|pretendo|pretendemos|quero|queremos|planejo|"
         r"tenho\s+(?:que|de)|temos\s+(?:que|de))\s+" + NOT_PLAN_VERB + INFINITIVE,
         examples={"Quero aprender a nadar.": "aprender a nadar",
                   "vou comecar a estudar ingles": "comecar a estudar ingles"},
         counter=("Vou ser sincero contigo.",)),
    # === Habit ===
    # How often: "costumo", "normalmente", "sempre", "nunca", "todos os dias", "aos domingos"
    Rule("pt.habit.usually", HABIT,
         EU + r"(?:costumo|costumamos|normalmente|geralmente|habitualmente|"
         r"frequentemente)\b",
         examples={"Costumo correr de manhã.": "correr de manhã"},
         counter=("Normalmente trabajo desde casa.",)),
    Rule("pt.habit.always", HABIT,
         r"(?:^|(?<=,\s)|\beu\s+)sempre\b",
         examples={"Eu sempre tomo café sem açúcar.": "tomo café sem açúcar"}),
    Rule("pt.habit.never", HABIT,
         r"(?:^|(?<=,\s)|\beu\s+)nunca\b",
         polarity="-",
         examples={"Eu nunca bebo refrigerante.": "bebo refrigerante"},
         counter=("Nunca hablamos del nuevo panel de control con el equipo",)),
    Rule("pt.habit.routine.every", HABIT,
         r"\b(?P<when>tod[oa]s?\s+(?:as\s+|os\s+)?" + any_of(
             r"dias? manhãs? noites? semanas? segundas? sextas? fins\s+de\s+semana") + r"),?",
         examples={"Todos os dias eu leio o jornal.": "leio o jornal todos os dias"}),
    Rule("pt.habit.routine.weekly", HABIT,
         r"\b(?P<when>aos\s+(?:domingos|sábados|sabados|segundas|terças|quartas|quintas|sextas|"
         r"fins\s+de\s+semana)),?\s*(?=\w)",
         examples={"aos domingos faço almoço para a família toda":
                   "faço almoço para a família toda aos domingos"}),
    # Sleep: "acordo às sete", "deito-me tarde"
    Rule("pt.habit.schedule.sleep", HABIT,
         EU + r"(?P<pre>acordo|levanto-me|me\s+levanto|deito-me|me\s+deito|"
         r"vou\s+(?:dormir|para\s+a\s+cama|deitar-me))(?=\s+(?:às|à|por\s+volta\s+das|"
         r"antes\s+das|depois\s+das|cedo|tarde)(?!\w))",
         examples={"Acordo às sete.": "Acordo às sete", "Deito-me tarde.": "Deito-me tarde"}),
    # Habits said with their verb: "jogo futebol", "faço pilates", "não como carne", the way to
    # work, a sport taken up ("comecei a nadar")
    Rule("pt.habit.activity.verb", HABIT,
         SUBJECT + r"(?P<pre>" + HABIT_VERB + r")\b\s+" + NOT_TASTE + r"(?P<fact>\w"
         + CLAUSE_REST + ")" + CLAUSE_END,
         examples={"eu fumo muito": "fumo muito", "Jogo futebol às quartas.":
                   "Jogo futebol às quartas"},
         counter=("Eu bebo café?", "Jogo futebol?")),
    Rule("pt.habit.never.nao_como", HABIT,
         EU + r"não\s+(?P<pre>como|bebo|fumo)\s+"
         r"(?!(?:mais|nada|porque|muito|bem|nem|há|desde|hoje|agora|ainda|já|tanto|assim|isso|"
             r"aqui)\b)"
         r"(?=\w)",
         polarity="-",
         examples={"não como glúten": "como glúten",
                   "eu não bebo refrigerante": "bebo refrigerante"},
         counter=("não como mais doce", "não como porque estou sem fome", "não como agora")),
    Rule("pt.habit.faco", HABIT,
         r"(?:^|(?<=[,;]\s)|\beu\s+)(?P<pre>faço)\s+(?=(?:yoga|ioga|pilates|natação|musculação|"
             r"academia|"
         r"crossfit|corrida|ginástica|terapia|dança|capoeira|ballet|balé|karatê|judô|boxe|"
             r"jiu-jitsu|"
         r"futebol|ciclismo|caminhada|hidroginástica|meditação|aulas?\s+de)\b)",
         examples={"faço pilates duas vezes por semana": "faço pilates duas vezes por semana"}),
    Rule("pt.habit.commute", HABIT,
         r"(?:^|\beu\s+)(?P<pre>vou|venho)\s+(?=(?:de|a)\s+(?:bicicleta|bike|carro|metrô|metro|"
             r"ônibus|"
         r"autocarro|comboio|trem|pé|moto|mota)\s+(?:para|pro|pra|ao)\s+(?:o\s+|a\s+)?(?:trabalho|"
         r"escritório|serviço|faculdade|escola|emprego)\b)",
         examples={"vou de metrô para a faculdade": "vou de metrô para a faculdade"}),
    Rule("pt.habit.taken_up", HABIT,
         r"(?:^|\beu\s+)(?:comecei|voltei)\s+a\s+(?=\w+(?:ar|er|ir)\b)(?!(?:trabalhar|pensar|"
         r"perceber|sentir|chorar|rir|ler\s+esse)\b)",
         examples={"comecei a nadar em janeiro": "nadar em janeiro"},
         counter=("comecei a pensar nisso",)) ,
    # Endings: "não fumo mais", "já não corro", "parei de beber", "larguei o cigarro", "saí da
    # Vodafone" (what a later statement ends is read by the slots)
    Rule("pt.habit.ended.nao_mais", HABIT,
         EU + r"(?P<fact>não\s+" + CLITIC + r"\w+\s+mais\b(?!\s+(?:que|de|do|da)\b)"
         + CLAUSE_REST + ")" + CLAUSE_END,
         examples={"não fumo mais": "não fumo", "Não fumo mais.": "Não fumo"},
         counter=("Não sou mais vegetariana.", "Não jogo mais ténis, dói-me o ombro.")),
    Rule("pt.habit.ended.ja_nao", HABIT,
         r"\b(?P<fact>já\s+não\s+\w+" + CLAUSE_REST + ")" + CLAUSE_END,
         examples={"Já não corro, por causa das costas.": "Já não corro"}),
    Rule("pt.habit.ended.deixei_de", HABIT,
         r"\b(?P<fact>(?:deixei|parei|larguei)\s+de\s+\w+" + CLAUSE_REST + ")" + CLAUSE_END,
         examples={"Parei de comer açúcar.": "Parei de comer açúcar",
                   "Deixei de beber há seis meses.": "Deixei de beber há seis meses"}),
    Rule("pt.habit.ended.thing_given_up", HABIT,
         SAID + r"(?P<fact>\b(?:larguei|abandonei|vendi|desisti\s+d[oa]s?|parei\s+com)\s+" + ART
         + THING + ")",
         examples={"Larguei o ténis no ano passado.": "Larguei o ténis",
                   "Não fumo mais, larguei o cigarro.": "larguei o cigarro"},
         counter=("Nunca larguei o violão.",)),
    Rule("pt.habit.ended.employer_left", HABIT,
         SAID + r"(?P<fact>\b(?:saí|pedi\s+demissão)\s+(?:d[oa]s?\s+|de\s+)?" + CAP_THING + ")",
         examples={"Saí da Vodafone em março.": "Saí da Vodafone",
                   "Saí da Petrobras e agora trabalho no Itaú.": "Saí da Petrobras"}),
    # === Profile ===
    # Name and age: "meu nome é", "chamo-me", "tenho 25 anos", "fiz 30 anos"
    Rule("pt.profile.name.chamo", PROFILE,
         r"\b(?:o\s+)?meu\s+nome\s+é\b|" + EU + r"me\s+chamo\b|\bchamo-me\b",
         examples={"Meu nome é João.": "João", "Chamo-me Inês.": "Inês"}),
    # A idade que se vai fazer: "faço 28 anos amanhã".
    Rule("pt.profile.age.faco_anos", PROFILE,
         r"\b(?P<fact>(?:faço|vou\s+fazer)\s+(?P<value>\d{1,3})\s+anos)\b",
         slot="age",
         examples={"semana que vem faço 40 anos, socorro": "faço 40 anos"},
         counter=("minha filha faz 7 anos",)),
    Rule("pt.profile.age.anos", PROFILE,
         r"\btenho\s+(?P<fact>\d{1,3}\s+anos)\b",
         examples={"Tenho 19 anos.": "19 anos", "Tenho 25 anos.": "25 anos"}),
    Rule("pt.profile.age.turned", PROFILE,
         r"\b(?P<pre>fiz|completei)\s+(?P<fact>\d{1,3}\s+anos)\b",
         examples={"Fiz 26 anos ontem!": "Fiz 26 anos"}),
    # Health, diet and status said with "sou" or "tenho"
    Rule("pt.profile.health.condition", PROFILE,
         EU + r"(?:tenho|sofro\s+de)\s+(?:uma?\s+)?(?=" + CONDITION + r"\b)",
         examples={"tenho asma desde criança": "asma desde criança",
                   "sofro de enxaqueca": "enxaqueca"}),
    Rule("pt.profile.health.allergy", PROFILE,
         EU + r"sou\s+(?=(?:muito\s+)?(?:alérgic[oa]|intolerante)\b)",
         examples={"Sou alérgica a amendoim.": "alérgica a amendoim"}),
    Rule("pt.profile.status.adjective", PROFILE,
         EU + r"sou\s+(?=(?:vegetarian[oa]|vegan[oa]?|celíac[oa]|diabétic[oa]|"
         r"casad[oa]|solteir[oa]|canhot[oa])\b)",
         examples={"Sou diabético.": "diabético", "Sou canhota.": "canhota"},
         counter=("Sou casada?", "Sou vegano?")),
    Rule("pt.profile.identity.um_uma", PROFILE,
         EU + r"sou\s+(?:um|uma)\s+",
         examples={"Sou uma pessoa muito caseira.": "pessoa muito caseira"}),
    Rule("pt.profile.diet.dieta", PROFILE,
         EU + r"sigo\s+(?=uma\s+dieta\b)",
         examples={"Sigo uma dieta vegana.": "dieta vegana"}),
    Rule("pt.profile.diet.diet_word", PROFILE,
         SAID + r"\b(?:(?:eu\s+)?sou|ser)\s+" + DIET_ADV + r"(?P<fact>" + DIET + r")\b",
         examples={"sou vegano": "vegano", "sou vegetariano em agosto.": "vegetariano"},
         counter=("Sou vegano?", "Não sou vegetariana.")),
    Rule("pt.profile.diet.meat_again", PROFILE,
         SAID + r"\b(?:como\s+(?:de\s+novo\s+)|voltei\s+a\s+comer\s+)(?P<fact>carne)\b",
         examples={"Voltei a comer carne.": "carne"}),
    # Work: "trabalho na", "sou enfermeira", "virei advogada", "trabalho de garçom", "tô
    # trabalhando no Nubank", "acabei de começar na", "estou desempregado", "aposentei-me" (the
    # occupation rule also reads homes said with "nós")
    Rule("pt.profile.work.trabalho", PROFILE,
         EU + r"trabalho\s+(?:como|na|no|em|para)\b",
         examples={"Trabalho na Natura.": "Natura", "Trabalho no Bradesco.": "Bradesco"}),
    Rule("pt.profile.work.trabalho_num", PROFILE,
         EU + r"trabalho\s+(?:numa|num|pra|pela|pelo)\b",
         examples={"trabalho numa agência de publicidade": "agência de publicidade"}),
    Rule("pt.profile.job.occupation_or_our_home", PROFILE,
         EU + r"(?:agora\s+)?sou\s+(?=" + OCCUPATION + r"\b)"
         r"|\b(?:moramos|vivemos)\s+em\b|\bnos\s+mudamos\s+para\b"
         r"|\bagora\s+(?:moro|vivo|trabalho)\s+(?:em|como|na|no|para)\b",
         examples={"Sou garçom.": "garçom", "Sou professor.": "professor",
                   "Moramos em Curitiba.": "Curitiba"}),
    Rule("pt.profile.job.virei", PROFILE,
         SAID + r"\b(?:virei|tornei-me|me\s+tornei)\s+(?:uma?\s+)?(?P<fact>" + OCCUPATION
         + r")\b",
         examples={"Virei eletricista.": "eletricista", "Tornei-me enfermeira.": "enfermeira"}),
    Rule("pt.profile.job.trabalho_de", PROFILE,
         SAID + r"\btrabalho\s+de\s+(?P<fact>" + OCCUPATION + r")\b",
         examples={"Trabalho de motorista.": "motorista"}),
    Rule("pt.profile.employer.trabalhando", PROFILE,
         SAID + r"\b(?:(?:eu\s+)?(?:estou|tô|to)|agora\s+(?:estou|tô|to))\s+(?:agora\s+)?"
         r"(?:trabalhando|a\s+trabalhar)\s+(?:no|na|em|para|pra)\s+" + PLACE,
         examples={"Tô trabalhando na Ambev.": "Ambev",
                   "Agora tô trabalhando no Nubank.": "Nubank"},
         counter=("Não estou trabalhando na Ambev.",)),
    Rule("pt.profile.employer.started", PROFILE,
         r"\b(?:comecei|acabei\s+de\s+começar|comecei\s+a\s+trabalhar)\s+(?:(?:num|"
             r"um)\s+(?:emprego|"
         r"trabalho)\s+novo\s+|(?:num|um)\s+novo\s+(?:emprego|trabalho)\s+)?(?:na|no|em)\s+"
         r"(?=" + CAP + ")",
         examples={"acabei de começar na Embraer": "Embraer"}),
    Rule("pt.profile.employer.now_at", PROFILE,
         r"\bmudei\s+de\s+(?:emprego|trabalho),?\s+agora\s+(?:estou|tô|to)\s+(?:na|no)\s+"
         r"(?=" + CAP + ")",
         examples={"mudei de emprego, agora tô no Itaú": "Itaú"},
         counter=("agora estou no Google Meet",)),
    Rule("pt.profile.employer.first_week", PROFILE,
         r"\b(?:primeira\s+semana|primeiro\s+(?:dia|mês))\s+(?:na|no|em)\s+"
         r"(?P<fact>" + ORG_VALUE + ")",
         slot="employer",
         examples={"primeiro dia no Mercado Livre hoje": "Mercado Livre",
                   "primeira semana na vodafone feita": "vodafone"}),
    Rule("pt.profile.employer.out_of_work", PROFILE,
         EU + r"(?:estou|tô|to|fiquei)\s+(?:agora\s+)?(?P<fact>desempregad[oa]|sem\s+emprego|"
         r"sem\s+trabalho|de\s+licença(?:\s+maternidade)?|afastad[oa])\b",
         examples={"fiquei desempregada em junho": "desempregada"}),
    Rule("pt.profile.job.retired", PROFILE,
         SAID + r"\b(?:me\s+)?(?P<fact>aposentei)(?:-me)?\b",
         examples={"Aposentei-me no ano passado.": "aposentei"}),
    # Schooling and languages: "me formei em direito", "estou a tirar medicina", "falo inglês"
    Rule("pt.profile.education", PROFILE,
         r"\b(?:me\s+formei|formei-me|sou\s+formad[oa])\s+(?:em\s+)?(?=\w)"
         r"|\b(?:(?:eu\s+)?estudo|(?:estou|tô|to)\s+(?:a\s+tirar|a\s+estudar|fazendo|cursando|"
         r"estudando)|fiz|faço|curso)\s+(?=" + FIELD + r"\b)",
         examples={"me formei em nutrição em 2018": "nutrição em 2018",
                   "tô cursando psicologia na federal": "psicologia na federal"},
         counter=("estou fazendo o jantar",)),
    Rule("pt.profile.language.falo", PROFILE,
         EU + r"falo\s+(?:fluentemente\s+|bem\s+|também\s+)?(?=" + LANGUAGE + r"\b)",
         examples={"falo inglês e um pouco de francês": "inglês e um pouco de francês"}),
    # Home and origin: "moro em", "nasci em", "sou de recife", "a gente mora em", "estamos a
    # viver em", "nosso apê fica em", moves ("mudei-me para"; with "pra" after it: a tie goes to
    # the first)
    Rule("pt.profile.residence.moro", PROFILE,
         EU + r"(?:moro|vivo)\s+" + IN + r"\b|\bnasci\s+(?:em|no|na)\b"
         r"|\bsou\s+d[eoa]\b(?=\s+" + CAP + ")",
         examples={"Moro em Porto.": "Porto", "Moro em Lisboa.": "Lisboa",
                   "Nasci em Recife.": "Recife"},
         counter=("moro em", "Não moro no Porto.")),
    Rule("pt.profile.residence.sou_de", PROFILE,
         r"(?:^|\beu\s+)sou\s+d[eoa]\s+(?!" + NOT_ORIGIN + r"\b)(?P<fact>[^\W\d_][\w-]+"
         r"(?:\s+(?:d[eoa]s?\s+)?[^\W\d_][\w-]+){0,2})(?=\s*(?:[,.!;]|$)|\s+(?:mas|e|porém)\b)",
         examples={"sou de fortaleza mas moro no rio": "fortaleza"},
         counter=("sou de humanas, matemática não é comigo", "sou do contra")),
    Rule("pt.profile.residence.a_gente", PROFILE,
         r"\ba\s+gente\s+(?:mora|vive)\s+(?:em|no|na|nos|nas)\b",
         examples={"a gente mora em Niterói": "Niterói"}),
    Rule("pt.profile.residence.morando", PROFILE,
         SAID + r"\b(?:estou|estamos|tô|to)\s+(?:agora\s+)?(?:a\s+viver|a\s+morar|morando|"
         r"vivendo)\s+(?:em|no|na)\s+" + PLACE,
         examples={"Estamos morando em Campinas.": "Campinas",
                   "Já estamos a viver em Braga desde o verão.": "Braga"}),
    Rule("pt.profile.residence.our_home", PROFILE,
         r"\b(?:nosso|nossa|meu|minha)\s+(?:nova\s+|novo\s+)?(?:apê|apartamento|casa|flat|ap)\s+"
         r"(?:nov[oa]\s+)?(?:fica\s+|é\s+)?(?:em|no|na)\s+(?P<fact>[^\W\d_][\w'-]*(?:[\s-]" + CAP
         + r"[\w'-]*)*)",
         examples={"nossa casa nova em Sintra tem quintal": "Sintra",
                   "meu apê fica em Copacabana": "Copacabana"}),
    # a new home named by its place, without "my": "as caixas no apê novo em campinas"
    Rule("pt.profile.residence.ape_novo", PROFILE,
         r"\b(?:no|na|pro|pra|pelo|pela)\s+(?:(?:apê|apartamento|casa|ap)\s+nov[oa]|nov[oa]\s+"
         r"(?:apê|apartamento|casa|ap))\s+(?:em|no|na)\s+(?P<fact>" + PLACE_VALUE + ")",
         slot="residence",
         examples={"primeira noite no apê novo em campinas": "campinas"},
         counter=("a festa na casa nova da minha irmã em santos",)),
    Rule("pt.profile.residence.lives_with", PROFILE,
         EU + r"(?:moro|vivo)\s+com\s+[\w ]{2,30}?\s+(?:em|no|na)\s+",
         examples={"moro com meu namorado em Santos": "Santos"}),
    Rule("pt.profile.residence.mudei", PROFILE,
         r"\b(?:mudei-me|me\s+mudei|mudámo-nos|mudamo-nos)\s+para\b",
         examples={"Mudei-me para o Porto no ano passado.": "Porto no ano passado",
                   "Me mudei para Floripa.": "Floripa"}),
    Rule("pt.profile.residence.moved", PROFILE,
         r"\b(?:mudei-me|me\s+mudei|mudei|mudamos|nos\s+mudamos|mudámo-nos|mudamo-nos)\s+(?:pra|"
             r"para|pro)"
         r"\b(?=\s+(?:o\s+|a\s+)?" + CAP + ")",
         examples={"me mudei pra Floripa em 2021": "Floripa em 2021"},
         counter=("mudei para o plano anual",)),
    # Family and pets: "tenho dois filhos", "temos dois gatos", "sou mãe de", "minha filha se
    # chama", "meu filho davi tá …", "perdemos o Bolinha", "adotamos uma gata chamada Mel"
    Rule("pt.profile.family.children_pets", PROFILE,
         EU + r"tenho\s+(?=(?:um|uma|dois|duas|três|\d+)\s+(?:\w+\s+)?"
         r"(?:cachorros?|cães|cão|gat[oa]s?|filh[oa]s?)\b)",
         examples={"Tenho dois filhos.": "dois filhos", "Tenho um gato.": "gato"}),
    Rule("pt.profile.family.our_children_pets", PROFILE,
         r"\b(?:temos|a\s+gente\s+tem)\s+(?=(?:um|uma|dois|duas|três|\d+)\s+(?:\w+\s+)?"
         r"(?:cachorros?|cães|cão|cadelas?|gat[oa]s?|filh[oa]s?)\b)",
         examples={"temos duas filhas": "duas filhas",
                   "a gente tem um cachorro chamado Paçoca": "cachorro chamado Paçoca"}),
    Rule("pt.profile.family.parent_of", PROFILE,
         EU + r"sou\s+(?:mãe|pai)\s+(?:de|do|da|dos|das)\s+",
         examples={"sou pai de duas meninas": "duas meninas"}),
    Rule("pt.profile.family.named", PROFILE,
         r"\b(?P<pre>(?:meu|minha|meus|minhas)\s+" + any_of(
             r"marido esposa esposo mulher namorad[oa] filh[oa]s? mãe pai irmão irmã irmãos "
             r"irmãs avó avô cachorro cão gat[oa] chefe melhor\s+amig[oa]")
         + r"\s+(?:se\s+chamam?|chamam?-se))(?=\s+\w)",
         examples={"Minha filha se chama Beatriz.": "Minha filha se chama Beatriz",
                   "O meu cão chama-se Bobi.": "meu cão chama-se Bobi"}),
    Rule("pt.profile.family.named.nosso", PROFILE,
         r"\b(?P<pre>(?:nosso|nossa|nossos|nossas)\s+" + RELATIVE + r"\s+(?:se\s+chamam?|"
         r"chamam?-se))(?=\s+\w)",
         examples={"o nosso cão chama-se Farrusco": "nosso cão chama-se Farrusco"}),
    Rule("pt.profile.family.died", PROFILE,
         SAID + r"(?P<fact>\b(?:o\s+|a\s+)?" + WHO + r"\s+(?:morreu|faleceu)\b)",
         examples={"O Rex morreu no inverno.": "Rex morreu"}),
    Rule("pt.profile.family.lost", PROFILE,
         SAID + r"(?P<fact>\bperdemos\s+(?:o\s+|a\s+)?" + WHO + ")",
         examples={"Perdemos o Bolinha em março.": "Perdemos o Bolinha"}),
    Rule("pt.profile.pet.adopted_named", PROFILE,
         SAID + r"\b(?:adotei|adotamos|adoptei|adoptámos)\s+(?:uma?)\s+(?P<name>cachorr[oa]|cão|"
         r"cadela|gat[oa])\s*(?:,|que\s+se\s+chama|chamad[oa])\s*" + PET_NAME,
         examples={"Adotamos uma gata chamada Mel.": "Mel"}),
    # Relationship: "sou casada", "casada com o Marcos", "namoro", "casámo-nos", "nos casamos",
    # "casamos em outubro" (a tie on "nos casamos" goes to nos_casamos)
    # Um estado sem "sou", no início da frase ("casada há 10 anos"), ou "acabei de ficar
    # noiva".
    Rule("pt.profile.relationship.estado_sem_sujeito", PROFILE,
         r"(?:^(?:(?:então|bom|e|ah)\s+)?|(?<=[,;]\s)|\b(?:acabei\s+de\s+ficar|fiquei)\s+)"
         r"(?:(?:recém|felizmente)[\s-]+)?(?P<fact>(?P<value>casad[oa]|divorciad[oa]|noiv[oa]|"
         r"separad[oa]|viúv[oa]|solteir[oa]))(?=\s*(?:[,.!?;)]|$)|\s+(?:e|há|faz|desde|de\s+novo|"
         r"ontem|hoje|agora|\d)\b)",
         slot="relationship",
         examples={"divorciada faz dois anos e finalmente em paz": "divorciada",
                   "fiquei noivo ontem!! e agora?": "noivo"},
         counter=("casados e solteiros são bem-vindos", "ela ficou noiva ontem")),
    Rule("pt.profile.relationship.status", PROFILE,
         r"\b(?:(?:eu\s+)?(?:sou|estou))\s+(?:(?:agora|de\s+novo)\s+)?(?P<fact>solteir[oa]|"
         r"casad[oa]|divorciad[oa]|separad[oa]|noiv[oa]|viúv[oa]|namorando)\b",
         examples={"Sou casada.": "casada", "Estou namorando.": "namorando"},
         counter=("Sou casada?", "Sou solteiro?")),
    Rule("pt.profile.relationship.married_to", PROFILE,
         EU + r"(?:sou|estou)\s+(?P<fact>(?:casad[oa]|noiv[oa]|namorando)\s+com\s+(?:o\s+|a\s+)?"
         r"[^\W\d_][\w-]+)",
         examples={"estou noiva do… não, estou noiva com o Rui": "noiva com o Rui",
                   "sou casada com o marcos": "casada com o marcos"}),
    Rule("pt.profile.relationship.namoro", PROFILE,
         r"(?:^|\beu\s+)(?P<fact>namoro(?:\s+com\s+(?:o\s+|a\s+)?[^\W\d_][\w-]+)?)"
         r"(?=\s+(?:há|faz|desde)\b|\s*(?:[,.!;]|$))",
         examples={"namoro com a Carla desde 2020": "namoro com a Carla",
                   "eu namoro faz dois anos": "namoro"}),
    Rule("pt.profile.relationship.casamo_nos", PROFILE,
         r"\b(?P<fact>casámo-nos|casamo-nos|divorciámo-nos|separámo-nos)\b",
         examples={"Casámo-nos em maio.": "casámo-nos"}),
    Rule("pt.profile.relationship.nos_casamos", PROFILE,
         r"\bnos\s+(?P<fact>casamos|divorciamos|separamos)\b",
         examples={"Nós nos casamos em 2019.": "casamos"}),
    Rule("pt.profile.relationship.we_married", PROFILE,
         r"(?:^|\b(?:nós|a\s+gente|eu\s+e\s+(?:o\s+|a\s+)?\w+)\s+)(?P<fact>casamos|noivamos|"
         r"ficamos\s+noivos|separamos|terminamos)\b",
         examples={"a gente casou… não, a gente casamos em maio": "casamos",
                   "casamos em outubro": "casamos"}),
    # Things: the car driven, named things had or bought, one replaced by another
    Rule("pt.profile.car.dirijo", PROFILE,
         EU + r"(?:dirijo|conduzo)\s+" + CAR_NOW + CAR_ARTICLE + r"\s+(?=" + CAP + ")",
         examples={"Dirijo um Honda Civic.": "Honda Civic"}),
    Rule("pt.profile.owns.named_thing", PROFILE,
         SAID + r"^(?:eu\s+)?tenho\s+(?:uma?)\s+" + NAMED,
         examples={"Tenho um iPad.": "iPad", "Tenho um iPhone.": "iPhone"}),
    Rule("pt.profile.owns.bought", PROFILE,
         SAID + r"\bcomprei\s+(?:uma?)\s+" + NAMED,
         examples={"Comprei um Kindle.": "Kindle"}),
    Rule("pt.profile.owns.swapped", PROFILE,
         SAID + r"(?P<fact>\btroquei\s+" + ART + THING + r"\s+(?:por|pel[oa])\s+" + ART + NEW
         + ")",
         examples={"Troquei o iPhone por um Samsung Galaxy.":
                   "Troquei o iPhone por um Samsung Galaxy"}),
    Rule("pt.profile.owns.sold_and_bought", PROFILE,
         SAID + r"(?P<fact>\bvendi\s+" + ART + THING + r"\s*,?\s+e\s+comprei\s+" + ART + NEW
         + ")",
         examples={"Vendi a Biz e comprei uma Yamaha.": "Vendi a Biz e comprei uma Yamaha",
                   "Vendi o Uno e comprei um Honda Civic.":
                   "Vendi o Uno e comprei um Honda Civic"}),
    # --- em minúsculas: a mudança, onde se trabalha agora ---
    Rule("pt.profile.residence.mudei_pra", PROFILE,
         r"\b(?:me\s+mudei|mudei-me|nos\s+mudamos|mudamo-nos|fui\s+morar|fomos\s+morar)\s+(?:pra|"
         r"pro|pro\s+o|pra\s+a)\s+(?P<fact>" + PLACE_LOWER + ")",
         slot="residence",
         examples={"me mudei pro recife ano passado": "recife"},
         counter=("meu irmão se mudou pro recife",)),
    Rule("pt.profile.employer.trabalho_na_lower", PROFILE,
         r"\b(?:(?:comecei|começei)\s+a\s+trabalhar|(?:agora\s+)?(?:trabalho|estou\s+trabalhando|"
         r"tô\s+trabalhando|to\s+trabalhando)(?:\s+agora)?|entrei)\s+(?:na|no|em|para|pra|pro)\s+"
         r"(?P<fact>" + ORG_LOWER + ")",
         slot="employer",
         examples={"comecei a trabalhar no itaú": "itaú",
                   "saí da sonae, agora trabalho na galp": "galp"},
         counter=("não trabalho na galp", "minha mãe trabalha na galp")),
    # --- o carro novo, por marca ou modelo ---
    Rule("pt.profile.own.carro_ou_celular_novo", PROFILE,
         r"\b(?:o\s+)?(?:meu|nosso)\s+(?:(?:carro|celular|telemóvel)\s+novo|novo\s+(?:carro|"
         r"celular|telemóvel)|novo)\s*,?\s*(?:um|uma|o)?\s*" + OWNED_VALUE,
         slot="owned",
         examples={"chegou o meu carro novo, um Tesla": "Tesla"},
         counter=("o meu novo emprego",)),
    # --- dieta e namoro mudados, ditos como o que aconteceu ---
    Rule("pt.profile.diet.virei", PROFILE,
         r"\b(?:eu\s+)?(?:virei|tornei-me|me\s+tornei|fiquei)\s+(?P<fact>(?P<value>"
         r"vegetarian[oa]|vegan[oa]?|vegetarian[oa]s?))\b",
         slot="diet",
         examples={"virei vegetariana": "vegetariana"},
         counter=("minha irmã virou vegana",)),
    Rule("pt.profile.relationship.terminei", PROFILE,
         r"\b(?:eu\s+)?(?P<fact>(?P<value>terminei))\s+com\s+(?:o\s+meu|a\s+minha|meu|minha)\s+"
         r"(?:namorad[oa]|noiv[oa]|marido|mulher)\b",
         slot="relationship",
         examples={"terminei com o meu namorado": "terminei"},
         counter=("terminei com o trabalho",)),
    Rule("pt.profile.employer.novos_colegas", PROFILE,
         r"\b(?:os\s+)?(?:meus\s+)?(?:novos\s+colegas|novo\s+(?:chefe|emprego|trabalho))\s+(?:na|no|"
         r"da|do|em)\s+(?P<fact>" + ORG_VALUE + ")",
         slot="employer",
         examples={"os meus novos colegas na Farfetch são fixes": "Farfetch"},
         counter=("os novos colegas do meu marido",)),
    # --- o nome de um parente ou bicho logo depois, em minúsculas também ("meu gato paçoca
    # dorme"): o motor distingue um nome de um verbo ou advérbio ---
    Rule("pt.profile.family_name.apposition", PROFILE,
         r"\b(?P<fact>(?:meu|minha|nosso|nossa)\s+(?P<name>(?:"
         + RELATIVE + "|vira-lata|" + PET_BREEDS
         + r"))\s+(?P<value>(?!" + NOT_NAME + r"\b)(?:" + NAME_CAP + "|" + NAME_LOWER
         + r")\b))(?!\s+(?:morreu|faleceu)\b)",
         slot="name",
         examples={"minha namorada carol odeia frio": "minha namorada carol",
                   "nosso vira-lata pipoca é medroso": "nosso vira-lata pipoca",
                   "meu marido rafa trabalha em casa": "meu marido rafa",
                   "meu filho davi tá com catapora": "meu filho davi"},
         counter=("meu marido trabalha à noite", "minha filha sempre chora",
                  "meu cachorro come grama", "minha filha também adora", "meu cão tem 3 anos")),
    # --- o carro ou o celular que se tem, por marca ou modelo ("meu onix", "tenho um gol");
    # um nome que é sobretudo outra palavra só quando se fala de carro ---
    # Um carro ou celular que acabou de chegar: "peguei meu corolla zero", "comprei um iphone 15".
    Rule("pt.profile.own.peguei", PROFILE,
         r"\b(?:peguei|comprei)\s+(?:(?:o|a|um|uma|meu|minha)\s+)?(?:(?:novo|nova)\s+)?"
         + OWNED_SAID,
         slot="owned_here",
         examples={"finalmente peguei meu corolla zero km": "corolla"},
         counter=("meu irmão comprou um gol",)),
    Rule("pt.profile.own.meu", PROFILE,
         r"\b(?:(?:o|a)\s+)?(?:meu|minha|nosso|nossa)\s+(?:(?:velho|velha|querido)\s+)?"
         + OWNED_HERE,
         slot="owned_here",
         examples={"meu corolla tá fazendo um barulho no freio": "corolla",
                   "a bateria do meu iphone 11 não dura nada": "iphone 11"},
         counter=("minha fiesta de aniversário", "meu tipo preferido de filme")),
    Rule("pt.profile.own.tenho_um", PROFILE,
         r"\b(?:tenho|dirijo|temos)\s+(?:um|uma)\s+(?:(?:velho|velha|novo|nova)\s+)?"
         + OWNED_HERE,
         slot="owned_here",
         examples={"tenho um fiat argo e a embreagem tá dura": "fiat"},
         counter=("tenho uma nota de 50",)),
    # Um compromisso fixo da semana sem verbo: "às quintas à noite futebol com a galera".
    Rule("pt.habit.routine.dia_fixo", HABIT,
         r"^(?P<when>(?:às|aos|toda|todo|todas\s+as|todos\s+os)\s+(?:segunda|terça|quarta|"
         r"quinta|sexta|sábado|domingo)s?(?:-feiras?)?(?:\s+(?:à\s+noite|de\s+manhã|à\s+tarde))?)"
         r"(?:\s*[=:]\s*|\s+(?:é\s+)?" + WEEKLY_WITH + ")",
         examples={"aos sábados de manhã feira com a minha mãe":
                   "feira com a minha mãe aos sábados de manhã"},
         counter=("sábado churrasco com os amigos",)),
    Rule("pt.profile.family_name.entre_parenteses", PROFILE,
         r"(?P<fact>(?P<value>" + NAME_CAP + "|" + NAME_LOWER + r")\s*\((?:o\s+|a\s+)?(?:meu|minha|"
         r"nosso|nossa)\s+(?P<name>cachorr[oa]|cão|cao|cadela|gat[oa]|filh[oa]|marido|mulher|"
         r"namorad[oa]|irmão|irmã)\))",
         slot="name",
         examples={"Tareca (a nossa gata) dorme o dia todo": "Tareca (a nossa gata)"},
         counter=("Tareca (a gata dela) dorme",)),
    Rule("pt.habit.routine.habitual", HABIT,
         r"\b(?:o\s+meu|a\s+minha|meu|minha)\s+(?P<fact>[^\W\d_][\w-]*(?:\s+de\s+[\w-]+)?)\s+"
         r"habitual\b",
         examples={"fiz a minha caminhada habitual": "caminhada"},
         counter=("a caminhada habitual dela",)),
)

RULES: tuple[Rule, ...] = tuple(replace(r, pattern=loose(r.pattern)) for r in _RULES)
"""The rules as the engine reads them: every accent may be left out."""

# --- Word lists the engine reads -------------------------------------------------------------

STOPWORDS = (
    "o de que e não um uma para com eu é os do da em mas muito meu minha sou gosto sempre "
    "nunca no na você hoje também onde está estou fazer mais já assim porque "
    "à às ao aos tô tá pra pro né isso gente")
"""Frequent words that tell the language apart in a short text."""

GRAMMAR = Grammar(
    car_context=words(
        "motor freio pneu mecânico oficina dirig gasolina álcool diesel carregador km "
        "quilômetros embreagem painel óleo bateria seguro ipva revisão estacion"),
    name_followers=NAME_FOLLOWERS,
    adverbs=words(
        "ainda sempre nunca também já só so apenas muito bem mesmo tipo agora hoje ontem"),
    adverb_endings=("mente",),
    laughs=("kkk", "rsrs", "haha", "huehue", "lol"),
    code="pt", name="Portuguese", rules=RULES,
    boundaries=("mas", "porque", "porém", "embora", "então", "enquanto"),
    boundary_extra=r"|,?\s+e\s+(?=(?:eu|não|tenho|sou)\b)",
    hypothetical=("se", "suponha", "imagine", "caso", "hipoteticamente",
                  r"não\s+tenho\s+certeza",
                  'traduz', 'traduza', 'traduzir', 'tradução', 'letra\\s+d[aeo]', 'poema'),
    articles=("o", "a", "os", "as", "um", "uma"),
    list_conjunctions=("e", "ou"),
    stopwords=frozenset(STOPWORDS.split()),
    letter_hints="ãõ",
    contrasts=("mas", "porém"), joins=("e",),
    clause_subjects=(r"eu\b", r"tenho\b", r"sou\b", r"moro\b", r"trabalho\b", r"prefiro\b",
                     r"não\s+gosto\b"),
    negated_before="não|nao",
    work_at=("na", "no", "em", "para", "pra", "pro"),
    negation_lookalikes=("no",),
    leading_fillers=("que", "muito", "bastante", "nada", "eu"),
    trailing_fillers=("muito", "também", "demais", "e", "ou", "mas"),
    time_words=("agora", r"hoje\s+em\s+dia"),
    pronoun_facts=("isso", "isto", "ele", "ela"),
    clause_openers=("eu",),
    list_dependents=("principalmente", "chamado", "chamada", "com"),
    kin=(
         "wife: mulher; husband: marido; boyfriend: namorado noivo; "
         "girlfriend: namorada noiva; son: filho; daughter: filha; brother: irmão irmao; "
         "sister: irmã irma; mother: mãe mae; father: pai; grandmother: avó avo; "
         "grandfather: avô; nephew: sobrinho; niece: sobrinha; dog: cachorrinho cachorrinha; "
         "cat: gatinho gatinha; rabbit: coelho; parrot: papagaio; horse: cavalo"),
)
