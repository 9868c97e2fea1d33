"""English: the grammar of facts a speaker states about themself.

The file reads top-down: named fragments of regex (who speaks, adverbs that may come between
"I" and the verb, times, objects that are no thing), then the rules grouped by kind —
preferences (likes, favourites, kinds of person, fans, dislikes, refusals), decisions
(choices, plans, standing requests), habits (routines, habits taken up or ended) and profile
facts (name and age, origin and residence, work, what one is, diet, health, limits, family
and partner, pets, things owned, activities and aims, facts that ended) — and last the word
lists the engine reads (clause boundaries, hypotheticals, stopwords).

Chat spellings ("im", "dont", "gonna", "wanna") come from the engine (``chat_spelling``):
patterns here are written in standard spelling. At a tie (same start, same length) the rule
listed first wins.
"""

from __future__ import annotations

from kore_pipeline.rules.shape import (
    CAP,
    CAT_BREEDS,
    DECISION,
    DOG_BREEDS,
    HABIT,
    NAME_CAP,
    NAME_LOWER,
    ORG_LOWER,
    ORG_VALUE,
    OWNED_HERE,
    OWNED_VALUE,
    PET_BREEDS,
    PLACE_LOWER,
    PREFERENCE,
    PROFILE,
    Grammar,
    Rule,
    any_of,
    words,
)
from kore_pipeline.text.endings import CONSUMED
from kore_pipeline.text.occupations import OCCUPATIONS
from kore_pipeline.text.slot_rules_now import NOW_RULES
from kore_pipeline.text.swaps import ENDED_PATTERNS, GONE_PATTERNS, SWAP_PATTERNS

# --- Who speaks, and the adverbs between "I" and the verb ---------------------------------

ADV = (r"(?:\s+(?:really|also|just|definitely|genuinely|personally|actually|truly|totally|"
       r"absolutely|kinda|do|much|still|generally|usually|always|mostly|rather|strongly|"
       r"rly|lowkey|def|defo|legit|literally|honestly|seriously|srsly|sooo*))")
"""An adverb of degree or frequency: "I *really* like", "I *lowkey* hate"."""
I_AM = r"\bI(?:'m|\s+am)"
I_ADV = r"\bI" + ADV + "{0,2}"
""""I" and up to two adverbs: "I really just love"."""
I_AM_ADV = I_AM + ADV + "{0,2}"
I_NOW = r"\bI(?:\s+(?:also|currently|still|now))?"
""""I" and an adverb of now, before "live" / "work" or "'ve lived"."""
ADV_FEW = (r"(?:\s+(?:really|also|just|definitely|genuinely|totally|absolutely|still|now|"
           r"kind\s+of))")
"""The adverbs of "I'm really partial to", "I'm totally asthmatic"."""
CHAT_LEAD = (r"^(?:(?:honestly|tbh|ngl|well|so|and|but|oh|yeah|also|ok|okay|anyway|btw|lol),?"
             r"\s+)*")
"""Interjections a chat sentence may open with before the thing it is about."""
NOT_HEDGED = (r"(?<!maybe )(?<!perhaps )(?<!might )(?<!what )(?<!whatever )(?<!where )"
              r"(?<!how )(?<!if )(?<!whether )(?<!when )")
"""A hedge or a question word right before: "maybe I'll …", "what I want to do"."""
WE_I = NOT_HEDGED + r"\b(?:I|we)"
NOT_REPORTED = "".join(rf"(?<!\b{w}\s)" for w in (
    "that", "like", "think", "guess", "worried", "afraid", "hope", "feel", "know", "sure",
    "wish", "maybe", "probably", "if", "what", "how", "why", "where", "when"))
"""Not after a word that makes the clause reported or feared rather than stated: "I feel like
I can't", "I'm worried that I won't", "the mood that I can't shake"."""
NOT_NEGATED = "".join(rf"(?<!\b{w}\s)" for w in (
    "non", "no", "not", "não", "nao", "ne", "nicht", "nie", "mai", "never", "nunca", "jamais"))
"""Not right after a negation ("not sold my bike")."""

# --- Refusals to answer, which are no preference ------------------------------------------

TELL = any_of(r"answer say tell talk discuss comment share disclose reveal go\s+into "
              r"get\s+into elaborate specify mention speak respond reply")
NOT_REFUSAL = (r"(?!\s+(?:not\s+to|to\s+not)\s+" + TELL + r"\b|\s+to\s+keep\s+(?:that|it|this|"
               r"those|these|my\s+\w+)\s+(?:private|to\s+myself|personal|confidential|secret)\b)")
"""Not "I prefer not to answer that", "I'd prefer to keep that private"."""

# --- Times ----------------------------------------------------------------------------------

WEEKDAYS = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday"
DAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
MONTH_OR_SEASON = (r"(?:january|february|march|april|may|june|july|august|september|october|"
                   r"november|december|spring|summer|autumn|fall|winter)")
HOUR = (r"(?:about\s+|around\s+)?(?:\d|noon|midnight|half|one|two|three|four|five|six|"
        r"seven|eight|nine|ten|eleven|twelve)")
NOT_ONE_OFF = (r"(?![^;!?]*\b(?:tomorrow|tonight|today|this\s+(?:morning|afternoon|evening|week|"
               r"weekend|time)|next\s+\w+|right\s+now)\b)")
"""Not a one-off: "I get up at 6 tomorrow" is no routine."""
LATER = (r"(?=[^.;!?]*?\b(?:"
         r"next\s+(?:week|weekend|month|year|spring|summer|autumn|fall|winter|term|semester|"
         r"january|february|march|april|may|june|july|august|september|october|november|"
         r"december|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|"
         r"this\s+(?:year|spring|summer|autumn|fall|winter|weekend)|"
         r"(?:in|by|before)\s+(?:january|february|march|april|june|july|august|september|"
         r"october|november|december|the\s+new\s+year|\d{4}|a\s+(?:few\s+)?(?:weeks?|"
         r"months?|years?)))\b)")
"""A time to come in the clause ("next month", "before June", "this summer")."""
SOON = LATER.replace("(?:", "(?:tomorrow|", 1)
"""The same, or tomorrow: a thing one needs to do tomorrow is a plan, one will do is chat."""
LATER_NOT_NOW = (
    r"(?=[^.;!?]*?\b(?:next\s+(?:week|weekend|month|year|spring|summer|autumn|fall|"
    r"winter|term|semester|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|"
    r"(?:in|this|from)\s+(?:january|february|march|april|may|june|july|august|september|"
    r"october|november|december|the\s+new\s+year|the\s+spring|the\s+summer|the\s+autumn|"
    r"the\s+fall|\d{4}|a\s+(?:few\s+)?(?:weeks?|months?)))\b)"
    r"(?![^.;!?]*?\b(?:now|tonight|in\s+a\s+(?:bit|minute|sec|second|moment|while))\b)")
"""A time to come in the clause (not "now", "tonight", "in a minute"): what is going on then is
a plan, not what is true now."""

# --- Objects and ends of a fact -----------------------------------------------------------

NOT_PRONOUN = r"(?!(?:it|that|this|them|him|her|you|those|these|one)\b)"
NOT_VAGUE = r"(?!(?:it|that|this|them|those|these|him|her|you|anything|much|everything)\b)"
NOT_OBJ = r"(?!(?:it|that|this|them|those|these|him|her|you|me|us|if|when|either|at)\b)"
LIKED_THING = (
    r"(?!(?:it|that|this|them|those|these|him|her|you|anything|everything)\b\s*(?:[.,;!?]|$))"
    r"(?!(?:me|us|much|less|more|little|nothing|very|a\s+budget|my\s+own|\d)\b)")
"""An object that is a thing one likes ("this show"), not a pronoun alone or an amount."""
TASTE_OBJ = (r"\s+(?!(?:you|u|it|that|this|them|him|her|theirs|yours|hers|his|every\s+minute|"
             r"every\s+second|talking|chatting|our|the\s+(?:chat|conversation|talk))\b)"
             + LIKED_THING)
"""A liked thing that is not the conversation ("I've always enjoyed our talks")."""
TO_END = r"(?P<fact>[^.;!?]{2,150}?)(?=\s*[.;!?]|$)"
RULE_FACT = (r"(?P<fact>[^.;!?]{2,150}?)(?=\s*[.;!?]|,?\s+(?:but|because|since|unless|so|and"
             r"|or)\b|,\s|$)")
"""The object of a rule stated as an imperative ("never deploy on Fridays"): to the clause end."""
CLAUSE_END = (r"(?=\s*(?:[.;!?,]|$)|\s+(?:because|but|so|since|as|though|although|and\s+"
              r"(?:I|we|now|then))\b)")
NOT_AMOUNT = (r"(?!\s*(?:%|min|mins|minutes?|h|hours?|days?|weeks?|months?|km|kg|miles?|times|"
              r"percent|euros?|dollars?|pounds?|foot|feet|ft|cm|inches|degrees|stone|lbs?)\b)")
"""A number that is no age: "I'm 5 minutes away"."""
NAMED = CAP + r"[\w'.&-]*(?:\s+(?!I\b)" + CAP + r"[\w'.&-]*){0,3}"
"""A name of up to four capitalised words ("New York", "Deutsche Bank")."""
ARRIVED_IN = (r"(?:I|we)(?:'ve|\s+have)?\s+(?:got|gotten|come|came|arrived|moved|relocated|"
              r"settled)\s+(?:back\s+|here\s+|over\s+)?(?:to|in)\s+(?P<fact>" + NAMED + r")")
"""Arrived at a place: "we got to Gdansk", "I moved to Cork"."""
CONSUMED_THING = "|".join(sorted(CONSUMED, key=len, reverse=True))
"""What one drinks, eats or smokes ("coffee", "sugar"): what "I've cut out …" can name."""

# --- People and pets ------------------------------------------------------------------------

RELATIVES = ("wife husband partner boyfriend girlfriend fianc[ée]e? son daughter kid child "
             "baby mom mum mother dad father brother sister boss manager")
PETS = "dog cat puppy kitten parrot rabbit horse hamster tortoise"
PETS_RELATIVES = any_of(
    "dog cat puppy kitten parrot rabbit hamster bird horse tortoise wife husband partner "
    "boyfriend girlfriend bf gf son daughter kid baby brother sister mom mum dad")
THEIR_ADV = (r"(?:(?:really|also|just|absolutely|totally|kinda|kind\s+of|still|always|actually|"
             r"definitely|seriously|so|truly|honestly|now|both|all|too)\s+)*")
NOT_THEIRS = (
    r"(?!" + THEIR_ADV + r"(?:"
    r"(?:does|do)(?:n't|\s+not)\s+(?:really\s+)?(?:like|love|enjoy|mind|care\s+for|want)\b"
    r"|(?:can't|cannot|can\s+not)\s+stand\b"
    r"|(?:loves?|loved|likes?|liked|hates?|hated|adores?|enjoys?|prefers?|dislikes?|detests?|"
    r"despises?|loathes?|wants?|wanted|plans?|planned|hopes?|intends?|dreams?\s+of|"
    r"thinks?|thought|says?|said|reckons?|believes?|told|asked|suggested|keeps\s+saying|"
    r"would\s+(?:like|love|rather)|will|'ll|'d\s+(?:like|love|rather)|can't\s+get\s+enough)\b"
    r"|(?:is|are|was|were)(?:n't|\s+not)?\s+(?:really\s+|also\s+|just\s+|totally\s+|so\s+|"
    r"definitely\s+|very\s+)*(?:going\s+to|planning|hoping|thinking\s+(?:of|about)|about\s+to|"
    r"aiming|trying\s+to|into|obsessed|crazy\s+about|mad\s+about|passionate|keen|fond|"
    r"(?:a\s+)?(?:big\s+|huge\s+|massive\s+)?fan\s+of|(?:more|much)\s+of\s+an?|"
    r"an?\s+(?:[\w-]+\s+){0,2}?(?:person|fan)\b)"
    r"))")
"""After "my <relative>": not their taste, wish or plan ("my sister loves …", "my dad doesn't
like …", "my brother is going to …", "my husband is not a morning person")."""

# --- Tastes -----------------------------------------------------------------------------------

THING_SAID = (r"(?P<fact>(?!" + any_of("it that this which what there he she they you")
              + r"\b)[\w' -]{2,40}?)")
"""The liked thing a sentence opens with ("Jazz is my jam"): a few words, not a pronoun."""
IS_NOT = r"\s+(?:really\s+|just\s+|honestly\s+|definitely\s+)?not\s+"
TASTE_PERSON = (
    r"(?!(?:pretty|very|really|quite|super|so|fairly|rather|nice|good|kind|simple|happy|shy|"
    r"quiet|private|busy|lazy|normal|regular|young|old|different|big|small|bad|great|real|"
    r"positive|negative|strong|calm|better|worse|new|whole|changed)\b)"
    r"(?![\w-]+(?:y|ful|ous|ive|al|ic|ish|ed|ent|ant|ble|less)\s+person\b)"
    r"(?P<fact>[\w-]+\s+person)\b")
"""A person of a taste ("a morning person", "a cat person"), not of a trait ("a happy person",
"a religious person": profile facts)."""
I_HAVE = r"\bI(?:'ve|\s+have)"
ALWAYS = (r"(?:\s+(?:really|honestly|truly|just))?\s+(?:always|long|forever)"
          r"(?:\s+(?:really|just))?")
LOVED = (r"\s+(?:loved|liked|enjoyed|adored|been\s+(?:really\s+)?(?:into|obsessed\s+with|"
         r"passionate\s+about|crazy\s+about)|been\s+an?\s+(?:big\s+|huge\s+|massive\s+)?fan\s+of)")
HATED = r"\s+(?:hated|disliked|loathed|detested|been\s+scared\s+of)"
HELD_SINCE = (r"(?P<fact>[^.;!?,]{2,80}?)(?=\s+(?:since|for\s+(?:years|ages|decades|"
              r"a\s+long\s+time|as\s+long\s+as\s+I\s+can\s+remember|most\s+of\s+my\s+life|"
              r"my\s+whole\s+life))\b)")
"""What a taste is held for: up to "since …" / "for years" ("I've loved jazz since …")."""

# --- Decisions and plans --------------------------------------------------------------------

USE_VERB = r"(?:\s+(?:use|go\s+with|stick\s+with|switch\s+to|adopt|move\s+to|migrate\s+to))?"
PLAN_ADV = (r"(?:\s+(?:really|definitely|finally|seriously|actually|also|just|still|"
            r"totally|probably|hopefully|eventually|soon))?")
NOT_PLAN = (
    r"(?!" + any_of(
        r"the a an my our your his her their this that these those some it them so something "
        r"anything bed school work church "
        r"college university class town lunch dinner breakfast gym \w+'s "
        r"[\w-]+\s+(?:school|college|university) enjoy love like "
        r"be say tell ask\s+(?:you|u|if|whether|why|what|how|about|a\s+question) admit agree add "
        r"mention point confess thank know see hear "
        r"try\b(?=\s*(?:[,.!?]|$|again|harder|it\b|that\b|this\b)) "
        r"think wonder check let leave head sleep bed cry die scream faint explode miss "
        r"lose(?!\s+(?:weight|some\s+weight|[\w.]+\s+(?:kilos?|kgs?|pounds|lbs|stone))\b) "
        r"talk chat text message reply answer respond look keep hug wait guess bet need "
        r"have\s+(?:to|a\s+look|a\s+think|a\s+go|fun|a\s+nap) "
        r"get\s+going get\s+back get\s+some\s+sleep go\s+(?:now|home|to\s+bed|to\s+sleep|back"
        r"\s+to\s+sleep|out\s+now|for\s+now) go\b(?=\s*(?:[,.!?]|$)) run\b(?=\s*(?:[,.!?]|$)) "
        r"do\s+(?:my\s+best|that|this|it|so|the\s+same) make\s+(?:sure|it|this|that) "
        r"take\s+(?:a\s+look|care|a\s+nap|it|that|this) give\s+(?:it|you|that) share "
        r"remember forget stop\s+(?:there|here|now) call\s+(?:you|it|him|her) send\s+you "
        r"show\s+you pass tag kill join\s+in") + r"\b)"
    r"(?!\w+\s+(?:it|that|this|them|you|him|her|tomorrow|today|later|again|soon|"
    r"(?:next|this)\s+\w+)\s*(?:[.,!?]|$))"
    r"(?![^.;!?]*\b(?:now|in\s+a\s+(?:bit|minute|sec|second|moment|while)|tonight|later\s+today|"
    r"this\s+(?:afternoon|evening|morning))\b)"
    r"(?=(?-i:[a-z])[a-z]+\s+\w)")
"""Not a plan: what one says or does in the conversation, a place one goes to, a verb with only
a pronoun or a time, a verb alone ("I'm going to try."), a name ("I'm going to Italy"), or what
one does now ("I'm going to go for a walk in a bit"). A plan's verb has something after it."""
PLAN_VERB = any_of(
    r"start begin quit stop sell buy move learn finish join apply retire travel visit study "
    r"switch sign\s+up take\s+up enrol enroll train save open launch build renovate "
    r"repaint adopt get\s+(?:married|engaged|divorced) run\s+(?:a|the|my) cut\s+down "
    r"give\s+up") + r"\b"
"""Verbs of a life plan, which make "I'll …" a plan without a time ("I'll start running")."""
PLAN_ING = any_of(
    r"starting beginning moving relocating leaving quitting retiring joining switching "
    r"getting\s+(?:married|engaged|a) going\s+back taking\s+up selling buying opening "
    r"launching studying travell?ing emigrating")

# --- Patterns shared with the slots (text/swaps.py, text/slot_rules_now.py) ----------------

NOW_EN = {slot: pattern.replace("(?P<value>", "(?P<fact>")
          for lang, slot, pattern in NOW_RULES if lang == "en"}
"""What is true now said by becoming ("I've become a nurse", "I retired", "I eat meat again")."""

# ==== PREFERENCE: what one likes or dislikes ===============================================

KIN = (r"(?:wife|husband|partner|boyfriend|girlfriend|bf|gf|fianc[ée]e?|son|daughter|kid|baby|"
       r"brother|sister|mom|mum|mother|dad|father|grandma|grandpa|grandmother|grandfather|cousin|"
       r"uncle|aunt|niece|nephew|dog|cat|puppy|kitten|pup|rabbit|bunny|hamster|parrot|horse|"
       r"tortoise|turtle|guinea\s+pig|" + PET_BREEDS + ")")
"""Family and pets: whose name a name is."""

WEEKLY_WITH = (r"(?=[\w'-]+(?:\s+[\w'-]+){0,3}\s+(?:with|w/|at\s+the|down\s+the)\b)")
"""What fills a weekly slot said without a verb: a few words, then who with or where."""

PREFERENCE_RULES: tuple[Rule, ...] = (
    # Likes said with a verb or an adjective of liking: "I love hiking", "I'm really into jazz".
    Rule(
        "en.preference.like.verb", PREFERENCE,
        I_ADV + r"\s+(?:prefer|like|love|enjoy|adore)\b" + NOT_REFUSAL,
        examples={"I like tea": "tea", "I love dogs": "dogs"},
        counter=("I prefer not to talk about it.", "I'd like to keep that private."),
    ),
    Rule(
        "en.preference.like.into", PREFERENCE,
        I_AM_ADV + r"\s+(?:(?:a\s+)?(?:big\s+|huge\s+|massive\s+|great\s+)?fan\s+of|into|"
            r"obsessed\s+with|passionate\s+about|interested\s+in|crazy\s+about)\b"
            r"(?!(?<=into)\s+(?:the\s+|my\s+)?(?-i:first|second|third|fourth|fifth|last|final|next|"
            r"\d+(?:st|nd|rd|th))\b)",
        examples={
            "I'm really into jazz.": "jazz",
            "I'm a big fan of Queen.": "Queen",
            "I'm really into The Last of Us.": "Last of Us",
        },
        counter=("I'm into the second chapter now.", "I'm into my third week of training."),
    ),
    Rule(
        "en.preference.like.partial_to", PREFERENCE,
        I_AM + ADV_FEW + r"{0,2}\s+(?:partial\s+to|hooked\s+on|mad\s+about|big\s+on|"
            r"keen\s+on|fond\s+of)\b"
            r"|\bI(?:\s+have|'ve\s+got|\s+have\s+got)\s+a\s+(?:real\s+|big\s+|huge\s+)?"
            r"(?:soft\s+spot|weakness)\s+for\b",
        examples={
            "I'm partial to a good gin and tonic on a Friday.": "good gin and tonic on a Friday",
        },
    ),
    Rule(
        "en.preference.like.crazy_for", PREFERENCE,
        r"\bI(?:'m|\s+am|\s+go|\s+get)\s+(?:absolutely\s+|totally\s+|just\s+|so\s+)?"
            r"(?:crazy|nuts|wild|bananas)\s+(?:for|about|over)\s+" + LIKED_THING,
        examples={
            "I go nuts for salted caramel.": "salted caramel",
            "I go crazy for dark chocolate.": "dark chocolate",
        },
    ),
    Rule(
        "en.preference.like.cant_get_enough", PREFERENCE,
        r"\bI\s+(?:just\s+|honestly\s+|really\s+)?(?:can't|cannot|can\s+not)\s+get\s+"
            r"enough\s+of\s+" + LIKED_THING,
        examples={
            "I can't get enough of K-pop.": "K-pop",
            "I can't get enough of Thai curries.": "Thai curries",
        },
        counter=("i cant get enough of this show", "I can't get enough sleep."),
    ),
    Rule(
        "en.preference.like.dig", PREFERENCE,
        r"\bI\s+(?:really|totally|kinda|kind\s+of|seriously|absolutely)\s+dig\s+" + LIKED_THING,
        examples={"I really dig old-school hip hop.": "old-school hip hop"},
    ),
    Rule(
        "en.preference.like.cant_live_without", PREFERENCE,
        r"\bI\s+(?:honestly\s+|literally\s+|just\s+|really\s+)?(?:can't|cannot|couldn't|"
            r"could\s+not)\s+live\s+without\s+" + LIKED_THING,
        examples={
            "I can't live without my morning run.": "my morning run",
            "I honestly couldn't live without my bike.": "my bike",
        },
    ),
    Rule(
        "en.preference.like.could_live_on", PREFERENCE,
        r"\bI\s+could\s+(?:happily\s+|honestly\s+|literally\s+|easily\s+)?live\s+on\s+"
            + LIKED_THING,
        examples={
            "I could live on sushi.": "sushi",
            "I could happily live on dumplings.": "dumplings",
        },
    ),
    Rule(
        "en.preference.like.never_tired_of", PREFERENCE,
        r"\bI\s+(?:never|don't\s+ever)\s+(?:get|grow)\s+(?:tired|sick|bored)\s+of\s+"
            + LIKED_THING,
        examples={
            "I never get tired of Italian food.": "Italian food",
            "I never get bored of Friends reruns.": "Friends reruns",
        },
    ),
    Rule(
        "en.preference.like.sucker_for", PREFERENCE,
        I_AM + r"\s+(?:such\s+|a\s+(?:total|real|huge|big|complete)\s+|a\s+)sucker\s+for\s+"
            r"(?!(?:an?\s+)?(?:happy|glad)\b)" + LIKED_THING,
        examples={
            "im a sucker for old movies": "old movies",
            "I'm a total sucker for thrillers.": "thrillers",
        },
    ),
    Rule(
        "en.preference.like.find_relaxing", PREFERENCE,
        r"\bI\s+(?:really\s+|usually\s+|always\s+|"
            r"often\s+)?find\s+(?P<fact>(?!(?:it|that|"
            r"this|them|those|these|him|her|you|myself|out)\b)[\w'\- ]{2,60}?)\s+(?:(?:so|"
            r"very|really|quite|incredibly|extremely|pretty|super)\s+)?(?:relaxing|"
            r"fascinating|calming|rewarding|therapeutic|enjoyable|soothing|satisfying|"
            r"inspiring|energi[sz]ing)\b",
        examples={"I find gardening relaxing.": "gardening"},
    ),
    Rule(
        "en.preference.like.dont_mind", PREFERENCE,
        r"\bI(?:\s+(?:really|honestly|actually|genuinely))?\s+(?:don't|do\s+not)\s+"
            r"(?:really\s+)?mind\s+" + NOT_OBJ + r"(?!(?:waiting|helping|doing|telling|"
            r"sharing|explaining|asking|answering|a\s+bit|much|too\s+much)\b)(?=\w)",
        examples={
            "I don't mind spicy food": "spicy food",
            "i dont mind the rain tbh, i actually love it": "rain",
        },
        counter=("I don't mind waiting.", "I don't mind it."),
    ),
    # Tastes held for long: "I've always loved the sea", "I've loved jazz since I was a kid".
    Rule(
        "en.preference.like.always_loved", PREFERENCE,
        I_HAVE + ALWAYS + LOVED + TASTE_OBJ,
        examples={"I've always loved the sea.": "sea", "ive always loved the ocean": "ocean"},
        counter=("I've always loved it.", "I've always enjoyed talking to you."),
    ),
    Rule(
        "en.preference.like.loved_since", PREFERENCE,
        I_HAVE + r"(?:\s+(?:really|truly))?" + LOVED + TASTE_OBJ + HELD_SINCE,
        examples={
            "I've been a big fan of Arsenal for decades.": "Arsenal",
            "I have loved folk music since I was a teenager.": "folk music",
        },
    ),
    # A taste said as a recent run of it: "I've been loving sourdough baking lately".
    Rule(
        "en.preference.like.been_loving", PREFERENCE,
        r"(?:\bI(?:'ve|\s+have)\s+|" + CHAT_LEAD + r")been\s+(?:really\s+|totally\s+|"
            r"absolutely\s+|so\s+)?(?:loving|enjoying|obsessed\s+with|into|hooked\s+on|"
            r"addicted\s+to)" + TASTE_OBJ + r"(?![\w-]+\s+(?:this|that|it|them)\b)",
        examples={
            "I've been loving sourdough baking lately.": "sourdough baking",
            "honestly been obsessed with crime podcasts": "crime podcasts",
        },
        counter=("I've been enjoying our chat.", "Been loving it!", "I've been into making this."),
    ),
    # Comparisons and wishes: "I'd rather walk", "I'd pick Vim over Emacs", "I'd prefer tea".
    Rule(
        "en.preference.like.rather", PREFERENCE,
        r"\bI(?:'d|\s+would)\s+(?:much\s+|really\s+|honestly\s+)?rather\s+(?!not\b|"
            r"(?:say|tell|talk|discuss|comment|answer|share|be|go\s+into|elaborate|"
            r"disclose|reveal)\b)(?P<fact>[^.;!?]{2,120}?)"
            r"(?=\s+than\b|\s+instead\b|\s*[.;!?,]|$)",
        examples={
            "I'd rather walk": "walk",
            "I'd much rather stay in than go clubbing.": "stay in",
        },
        counter=("I'd rather not say.",),
    ),
    Rule(
        "en.preference.like.pick_over", PREFERENCE,
        r"\bI(?:(?:'d|\s+would|'ll|\s+will)(?:\s+(?:always|much|still))?\s+(?:pick|"
            r"choose|take|go\s+for|opt\s+for|vote\s+for)|(?:\s+(?:always|usually))?\s+"
            r"(?:pick|choose|go\s+for|opt\s+for|vote\s+for))\s+(?=" + NOT_PRONOUN +
            r"[^.;!?]{1,60}?\s+over\s+(?!(?:the\s+)?(?:weekend|phone|years?|summer|winter|"
            r"holidays?|past|course|there|here|it|that|this|time|internet|radio|top|"
            r"edge|moon)\b)\w)",
        examples={
            "I'd pick Vim over Emacs any day.": "Vim over Emacs any day",
            "I always pick trains over planes.": "trains over planes",
        },
        counter=("I'll pick you up over the weekend.",),
    ),
    Rule(
        "en.preference.like.would_prefer", PREFERENCE,
        r"\bI(?:'d|\s+would)\s+(?:much\s+|really\s+|honestly\s+)?prefer\b"
            + NOT_REFUSAL + r"(?!\s+(?:it|that|if)\b)",
        examples={
            "I'd prefer a window seat.": "window seat",
            "I would prefer tea to coffee.": "tea to coffee",
        },
        counter=("If I were rich, I would prefer a yacht.", "I'd prefer not to answer that."),
    ),
    Rule(
        "en.preference.like.over_any_day", PREFERENCE,
        CHAT_LEAD + r"(?P<fact>(?!(?:game|it|that|this|we|you)\b)(?![\w' -]*?\b(?-i:I)\b)"
            r"[\w' -]{2,30}?\s+over\s+"
            r"(?!(?:the|a|an|my|our)\b)[\w' -]{2,30}?)(?=,?\s+(?:any\s+day|every\s+time|"
            r"always|hands\s+down|all\s+day|every\s+day|for\s+sure)\b)",
        examples={
            "Tea over coffee any day.": "Tea over coffee",
            "Books over films, hands down.": "Books over films",
        },
    ),
    Rule(
        "en.preference.like.nothing_beats", PREFERENCE,
        CHAT_LEAD + r"nothing\s+(?:beats|compares\s+to|tops)\s+" + LIKED_THING,
        examples={
            "Nothing beats a Sunday roast.": "Sunday roast",
            "Nothing beats homemade pasta.": "homemade pasta",
        },
    ),
    # Favourites: "my favourite food is tacos", "Jazz is my thing", "my go-to drink is".
    Rule(
        "en.preference.favourite.is_my", PREFERENCE,
        r"^(?P<fact>[\w' -]{2,40}?)\s+(?:is|are)\s+(?:definitely\s+|probably\s+)?my\s+"
            r"(?:all[- ]time\s+)?favou?rite\b(?:\s+(?!and\b|but\b|too\b)[\w-]+)?",
        examples={"Pizza is my favorite food.": "Pizza"},
        counter=("What is my favourite", "who is my favourite author?"),
    ),
    Rule(
        "en.preference.favourite.my_is", PREFERENCE,
        r"\bmy\s+(?:all[- ]time\s+)?favou?rite(?:\s+[\w'\- ]{1,40}?)?\s+(?:is|are)\b",
        examples={"my fav food is tacos": "tacos", "my fav colour is green": "green"},
        counter=("my favourite thing is", "Is my favourite colour blue?"),
    ),
    Rule(
        "en.preference.favourite.go_to", PREFERENCE,
        r"\bmy\s+(?:(?:absolute|current|all[- ]time)\s+)?(?:go-to|goto|comfort|"
            r"guilty\s+pleasure|[\w-]+\s+of\s+choice|usual\s+(?:order|drink|coffee|"
            r"breakfast|snack|spot|haunt))(?:\s+[\w'\-]{1,20}){0,2}?\s+(?:is|are)\b",
        examples={
            "My editor of choice is Neovim.": "Neovim",
            "My guilty pleasure is reality TV.": "reality TV",
        },
        counter=("What's my go-to drink?",),
    ),
    Rule(
        "en.preference.favourite.hobby", PREFERENCE,
        r"\bmy\s+(?:main\s+|new\s+|big\s+)?(?P<pre>hobby|pastime)\s+(?:(?:these\s+days|"
            r"now|at\s+the\s+moment|lately)\s+)?is\s+(?:now\s+)?(?=\w)",
        examples={
            "My hobby is painting.": "hobby painting",
            "My hobby these days is rock climbing.": "hobby rock climbing",
        },
    ),
    Rule(
        "en.preference.favourite.my_thing", PREFERENCE,
        CHAT_LEAD + r"(?P<fact>(?!(?:it|that|this|which|what)\b)[\w' -]{2,40}?)\s+"
            r"(?:is|are)\s+(?:totally\s+|really\s+|very\s+much\s+|definitely\s+|so\s+|"
            r"absolutely\s+|completely\s+|just\s+)?my\s+(?:thing|cup\s+of\s+tea)\b",
        examples={
            "Jazz is my thing, especially Coltrane.": "Jazz",
            "Cold showers are absolutely my thing now.": "Cold showers",
        },
    ),
    Rule(
        "en.preference.favourite.my_jam", PREFERENCE,
        CHAT_LEAD + THING_SAID + r"(?:\s+(?:is|are)|'s|'re)\s+(?:totally\s+|so\s+|really\s+|"
            r"definitely\s+)?my\s+(?:jam|guilty\s+pleasure|weakness|comfort\s+food|happy\s+"
            r"place|obsession)\b",
        examples={"Jazz is my jam.": "Jazz", "Rainy Sundays are my happy place.": "Rainy Sundays"},
    ),
    Rule(
        "en.preference.favourite.is_my_absolute", PREFERENCE,
        CHAT_LEAD + THING_SAID + r"(?:\s+(?:is|are)|'s|'re)\s+(?:definitely\s+|probably\s+|"
            r"still\s+)?my\s+(?:absolute|ultimate|total|number\s+one|all[- ]time)\s+"
            r"(?:favou?rite|fave?)\b",
        examples={
            "Thai food is my absolute favourite.": "Thai food",
            "honestly mint choc chip is my ultimate fave": "mint choc chip",
        },
        counter=("That's my absolute favourite!", "They're my all-time favorite band."),
    ),
    # Kinds of person by taste: "I'm more of a tea person", "I'm not a morning person".
    Rule(
        "en.preference.person.more_of", PREFERENCE,
        I_AM + r"\s+(?:definitely\s+|really\s+|totally\s+|much\s+)?more\s+of\s+an?\s+"
            r"(?P<fact>[\w-]+(?:\s+[\w-]+)?\s+(?:(?:kind|sort|type)\s+of\s+)?person)\b",
        examples={
            "I'm more of a tea person.": "tea person",
            "honestly im more of a dog person": "dog person",
        },
    ),
    Rule(
        "en.preference.person.a", PREFERENCE,
        I_AM + r"\s+(?:definitely\s+|totally\s+|such\s+)?an?\s+" + TASTE_PERSON,
        examples={"I'm a beach person.": "beach person"},
        counter=("I'm a happy person.", "I'm a very private person."),
    ),
    Rule(
        "en.preference.person.not_a", PREFERENCE,
        I_AM + IS_NOT + r"(?:really\s+|exactly\s+|much\s+of\s+)?an?\s+" + TASTE_PERSON,
        polarity="-",
        examples={
            "I'm really not a winter person.": "winter person",
            "i'm not really a cat person tbh": "cat person",
        },
    ),
    Rule(
        "en.preference.person.not_much_of", PREFERENCE,
        I_AM + IS_NOT + r"(?:really\s+)?much\s+of\s+an?\s+(?!(?:help|use|problem|chance|"
            r"difference|choice|deal|surprise|fan|thing|one|secret|issue|risk|threat|"
            r"conversation|talk)\b)(?P<fact>[\w-]+(?:\s+[\w-]+)?)(?=\s*(?:[.,;!?]|$)|\s+(?:but|"
            r"and|so|because|though|anymore|any\s+more|these\s+days|tbh|either|myself|really)\b)",
        polarity="-",
        examples={"I'm not much of a cook.": "cook", "I'm not much of a reader.": "reader"},
    ),
    # Teams and fans: "I support Arsenal", "I'm a huge Lakers fan".
    Rule(
        "en.preference.fan.support", PREFERENCE,
        r"\b(?:I|we)(?:\s+(?:really|still|now|also|always|have\s+always))?\s+(?:support|"
            r"supported|root\s+for|cheer\s+for)\s+(?=(?:the\s+)?" + CAP + r")",
        examples={"I support Chelsea": "Chelsea", "I support Arsenal.": "Arsenal"},
        counter=("I support the idea.",),
    ),
    Rule(
        "en.preference.fan.of_team", PREFERENCE,
        I_AM + r"\s+(?:an?\s+)?(?:(?:big|huge|massive|lifelong|life-long|die-?hard|"
            r"long-?time|proud|loyal|true|avid)\s+)*(?P<fact>" + CAP + r"[\w'.&-]*(?:\s+"
            + CAP + r"[\w'.&-]*){0,3}\s+(?:fan|supporter))\b",
        examples={"I'm a Knicks fan": "Knicks fan", "I'm a Lakers fan.": "Lakers fan"},
    ),
    Rule(
        "en.preference.fan.become", PREFERENCE,
        r"\bI(?:'ve|\s+have)?\s+(?:now\s+)?become\s+(?:an?\s+)?(?:(?:big|huge|massive|"
            r"proper|real)\s+)?(?P<fact>" + NAMED + r"\s+(?:fan|supporter))\b",
        examples={
            "I've become a Fulham fan these days.": "Fulham fan",
            "I've become a Tottenham fan, my son made me.": "Tottenham fan",
        },
    ),
    # Dislikes: "I don't like olives", "I hate parties", "Camping isn't my thing".
    Rule(
        "en.preference.dislike.dont_like", PREFERENCE,
        I_ADV + r"\s+(?:do\s+not|don't|did\s+not|didn't|can't|cannot|can\s+not)\s+"
            r"(?:really\s+)?(?:like|stand|bear|enjoy|love|be\s+doing\s+with)\b",
        polarity="-",
        examples={"I don't like horror films.": "horror films", "i dont like olives": "olives"},
        counter=("I don't like",),
    ),
    Rule(
        "en.preference.dislike.cant_stand_dropped", PREFERENCE,
        CHAT_LEAD + r"(?:really\s+|honestly\s+|just\s+)?(?:can't|cannot)\s+(?:be\s+doing\s+with|"
            r"bear|abide|handle|deal\s+with)\s+" + LIKED_THING,
        polarity="-",
        examples={"can't be doing with loud music": "loud music", "honestly cannot bear mayo":
                  "mayo"},
        counter=("can't handle it",),
    ),
    Rule(
        "en.preference.dislike.hate", PREFERENCE,
        I_ADV + r"\s+(?:hate|dislike|detest|avoid|loathe)\b(?!\s+to\s+(?:ask|say|admit|"
            r"bother|interrupt|break|burst|disappoint|complain|be\s+(?:that|the|a)|"
            r"tell\s+you|do\s+this|trouble)\b)",
        polarity="-",
        examples={"i lowkey hate parties": "parties", "I avoid sugary drinks.": "sugary drinks"},
        counter=("I hate", "I hate to say it, but you're right."),
    ),
    Rule(
        "en.preference.dislike.despise", PREFERENCE,
        I_ADV + r"\s+(?:despise|abhor|distrust|detest)\b",
        polarity="-",
        examples={"I abhor small talk.": "small talk", "I despise cilantro.": "cilantro"},
        counter=("My brother despises cilantro.",),
    ),
    Rule(
        "en.preference.dislike.not_a_fan", PREFERENCE,
        I_AM + r"\s+not\s+(?:a\s+)?(?:big\s+|huge\s+)?fan\s+of\b",
        polarity="-",
        examples={"im not a fan of jazz": "jazz", "not a fan of musicals": "musicals"},
    ),
    Rule(
        "en.preference.dislike.not_into", PREFERENCE,
        I_AM + r"\s+not\s+(?:really\s+|very\s+|that\s+|too\s+|so\s+)?(?:into|"
            r"interested\s+in|"
            r"keen\s+on|fond\s+of|a\s+(?:big\s+|huge\s+)?fan\s+of)\b",
        polarity="-",
        examples={"im not into video games": "video games", "im not really into sports": "sports"},
        counter=("My wife isn't really into sports.",),
    ),
    Rule(
        "en.preference.dislike.really_not_into", PREFERENCE,
        I_AM + r"(?:\s+(?:really|just|honestly|definitely|totally|genuinely))\s+not\s+(?:into|"
            r"(?:a\s+)?(?:big\s+|huge\s+)?fan\s+of|keen\s+on|fond\s+of|interested\s+in)\b",
        polarity="-",
        examples={
            "I'm honestly not into football.": "football",
            "im just not a fan of musicals": "musicals",
        },
        counter=("I'm really not sure.", "My husband is really not into football."),
    ),
    Rule(
        "en.preference.dislike.no_interest", PREFERENCE,
        r"\bI(?:\s+have|'ve\s+got|\s+have\s+got)\s+(?:no|zero|little|"
            r"absolutely\s+no)\s+"
            r"(?:real\s+)?interest\s+in\b",
        polarity="-",
        examples={
            "I have no interest in football.": "football",
            "I have zero interest in crypto.": "crypto",
        },
        counter=("She has no interest in football.",),
    ),
    Rule(
        "en.preference.dislike.find_tedious", PREFERENCE,
        r"\bI\s+(?:really\s+|usually\s+|always\s+|"
            r"often\s+)?find\s+(?P<fact>(?!(?:it|that|"
            r"this|them|those|these|him|her|you|myself|out)\b)[\w'\- ]{2,60}?)\s+(?:(?:so|"
            r"very|really|quite|incredibly|extremely|pretty|super|a\s+bit|kind\s+of|rather)"
            r"\s+)?(?:tedious|boring|dull|annoying|exhausting|tiring|stressful|frustrating|"
            r"overwhelming|draining|unbearable|pointless)\b",
        polarity="-",
        examples={
            "I find spreadsheets tedious.": "spreadsheets",
            "I find long meetings exhausting.": "long meetings",
        },
        counter=("I find it tedious.",),
    ),
    Rule(
        "en.preference.dislike.never_liked", PREFERENCE,
        r"\bI(?:'ve|\s+have)\s+never\s+(?:really\s+|much\s+|ever\s+)?(?:liked|enjoyed|"
            r"cared\s+for)\b",
        polarity="-",
        examples={"I've never liked the taste of olives.": "taste of olives"},
    ),
    Rule(
        "en.preference.dislike.always_hated", PREFERENCE,
        I_HAVE + ALWAYS + HATED + TASTE_OBJ,
        polarity="-",
        examples={"ive always hated the cold": "cold"},
    ),
    Rule(
        "en.preference.dislike.hated_since", PREFERENCE,
        I_HAVE + r"(?:\s+(?:really|truly))?" + HATED + TASTE_OBJ + HELD_SINCE,
        polarity="-",
        examples={
            "I've hated olives since I was a kid.": "olives",
            "I have really hated crowds for years.": "crowds",
        },
        counter=("I've hated every minute of it since Monday.",),
    ),
    Rule(
        "en.preference.dislike.not_my_thing", PREFERENCE,
        CHAT_LEAD + r"(?P<fact>(?!(?:it|that|this|which|what)\b)[\w' -]{2,40}?)\s+"
            r"(?:is|are|was|were)(?:n't|\s+not|\s+never)\s+(?:really\s+|exactly\s+|quite\s+|"
            r"at\s+all\s+|just\s+)?(?:my\s+(?:cup\s+of\s+tea|thing)\b|for\s+me\b)",
        polarity="-",
        examples={
            "Camping isn't my thing.": "Camping",
            "Mornings are not my thing at all.": "Mornings",
        },
    ),
    Rule(
        "en.preference.dislike.not_my_thing_short", PREFERENCE,
        CHAT_LEAD + THING_SAID + r"(?:'s|'re)\s+(?:not|never)\s+(?:really\s+|exactly\s+|quite\s+"
            r"|just\s+)?(?:my\s+(?:cup\s+of\s+tea|thing)\b|for\s+me\b)",
        polarity="-",
        examples={
            "Opera's not really my thing.": "Opera",
            "Coffee's not really my thing.": "Coffee",
        },
    ),
    Rule(
        "en.preference.dislike.no_x_for_me", PREFERENCE,
        CHAT_LEAD + r"no\s+(?P<fact>(?!(?:problem|problems|worries|idea|way|thanks|need|"
            r"rush|pressure|doubt|offence|offense|kidding|clue)\b)[^.;!?]{2,60}?)\s+for\s+"
            r"me\b",
        polarity="-",
        examples={
            "no more long commutes for me": "more long commutes",
            "No meetings before 10 for me, I'm useless earlier.": "meetings before 10",
        },
        counter=("No problem for me.", "No worries for me."),
    ),
    Rule(
        "en.preference.dislike.distrust", PREFERENCE,
        r"\bI\s+(?:don't|do\s+not|never|no\s+longer|can't|cannot)\s+(?:really\s+|"
            r"fully\s+)?"
            r"trust\b",
        polarity="-",
        examples={
            "I never trust weather apps.": "weather apps",
            "I do not trust online reviews.": "online reviews",
        },
        counter=("Do you trust online reviews?",),
    ),
    # Refusals: "I refuse to fly", "I'd rather not drive", "I'm not willing to relocate".
    Rule(
        "en.preference.refusal.refuse_to", PREFERENCE,
        I_ADV + r"\s+(?:refuse|decline)\s+to\b",
        polarity="-",
        examples={
            "I refuse to work weekends.": "work weekends",
            "I refuse to pay for cable TV.": "pay for cable TV",
        },
    ),
    Rule(
        "en.preference.refusal.rather_not", PREFERENCE,
        r"\bI(?:'d|\s+would)\s+(?:much\s+|really\s+)?rather\s+not\s+(?!(?:say|tell|"
            r"talk|"
            r"discuss|comment|answer|share|get\s+into|be|think\s+about\s+it|go\s+into|"
            r"elaborate|disclose|reveal|specify|mention)\b)"
            r"(?P<fact>[^.;!?]{2,120}?)(?=\s+than\b|\s*[.;!?,]|$)",
        polarity="-",
        examples={
            "I'd rather not drive at night.": "drive at night",
            "I would rather not fly long-haul.": "fly long-haul",
        },
        counter=("I'd rather not say.", "I'd rather not go into it."),
    ),
    Rule(
        "en.preference.refusal.not_willing", PREFERENCE,
        I_AM + r"\s+(?:not\s+(?:really\s+)?(?:willing|prepared|open)|unwilling)\s+to\b",
        polarity="-",
        examples={"I'm not willing to relocate for a job.": "relocate for a job"},
    ),

)

# ==== DECISION: what one chose, plans or asks for ==========================================

DECISION_RULES: tuple[Rule, ...] = (
    # Choices: "I'll use Postgres", "we went with the blue one", "I decided to learn Rust".
    Rule(
        "en.decision.choice.will_use", DECISION,
        r"\b(?:I|we)(?:'ll|\s+will|\s+shall)\s+(?:use|go\s+with|stick\s+with|"
            r"switch\s+to|adopt|pick)\b",
        examples={
            "I'll use postgres for this": "postgres for this",
            "we'll go with the blue one": "blue one",
        },
        counter=("I'll use",),
    ),
    Rule(
        "en.decision.choice.going_with", DECISION,
        r"\b(?:I|we)(?:'m|'re|\s+am|\s+are)\s+going\s+(?:with|to\s+use|to\s+go\s+with|"
            r"to\s+switch\s+to)\b",
        examples={"I'm going with FastAPI.": "FastAPI"},
    ),
    Rule(
        "en.decision.choice.chose", DECISION,
        r"\b(?:I|we)(?:'ve|\s+have)?\s+(?:finally\s+|just\s+)?(?:chose|chosen|picked|"
            r"opted\s+for|settled\s+on|went\s+with|gone\s+with)\b",
        examples={
            "I chose Rust for the CLI.": "Rust for the CLI",
            "I went with the blue theme.": "blue theme",
        },
    ),
    Rule(
        "en.decision.choice.decided", DECISION,
        r"\b(?:I|we)(?:'ve|\s+have)?\s+(?:finally\s+|just\s+)?decided\s+"
            r"(?:to" + USE_VERB + r"|on|that)\b",
        examples={
            "We decided to ship the beta in May.": "ship the beta in May",
            "I decided to learn Rust.": "learn Rust",
        },
        counter=("I decided to", "Imagine I decided to use Perl."),
    ),
    Rule(
        "en.decision.choice.decided_against", DECISION,
        r"\b(?:I|we)(?:'ve|\s+have)?\s+(?:finally\s+)?decided\s+(?:against|not\s+to"
            + USE_VERB + r")\b",
        polarity="-",
        examples={
            "I decided against the gym membership.": "gym membership",
            "We've decided not to use Docker.": "Docker",
        },
    ),
    Rule(
        "en.decision.choice.lets", DECISION,
        r"\blet's\s+(?:go\s+with|use|stick\s+with|pick)\b",
        examples={"Let's go with option B.": "option B", "let's go with the red one": "red one"},
    ),
    Rule(
        "en.decision.choice.agreed", DECISION,
        r"\bwe\s+agreed\s+(?:to" + USE_VERB + r"|on)\b",
        examples={
            "We agreed to use Slack for everything.": "Slack for everything",
            "We agreed on a budget of 500 euros.": "budget of 500 euros",
        },
    ),
    Rule(
        "en.decision.choice.switched", DECISION,
        r"\b(?:I|we)(?:'ve|\s+have|'d|\s+had)?\s+(?:just\s+|finally\s+|recently\s+|"
            r"now\s+|"
            r"already\s+)?(?:switched|changed|migrated|converted|transitioned|upgraded|"
            r"downgraded)\s+(?=from\s+[^.;!?]{1,60}?\s+to\s+\w|"
            r"(?:over\s+)?to\s+(?!(?:the\s+)?"
            r"(?:subject|topic)\b)\w)",
        examples={"I've switched to decaf.": "decaf", "I switched to a Pixel 8.": "Pixel 8"},
        counter=("If I switched to Rust, would it be faster?",),
    ),
    # Plans: "I'm going to start a pottery class", "I plan to run the marathon", "I won't fly".
    Rule(
        "en.decision.plan.going_to_when", DECISION,
        r"\b(?:I|we)(?:'m|'re|\s+am|\s+are)\s+going\s+to\s+(?=(?:run|do|start|take\s+up|"
            r"learn|move|visit|travel|quit|retire|apply|sign\s+up|go\s+back|switch)\b"
            r"[^.;!?]*?\b(?:(?:in|by)\s+" + MONTH_OR_SEASON
            + r"|next\s+(?:year|month|spring|summer|autumn|fall|winter|" + MONTH_OR_SEASON
            + r")|this\s+(?:year|spring|summer|autumn|fall|winter))\b)",
        examples={
            "gonna move to Porto next year": "move to Porto next year",
            "im gonna learn spanish next year": "learn spanish next year",
        },
    ),
    Rule(
        "en.decision.plan.going_to", DECISION,
        WE_I + r"(?:'m|'re|\s+am|\s+are)" + PLAN_ADV + r"\s+going\s+to\s+" + NOT_PLAN,
        examples={
            "im gonna quit smoking": "quit smoking",
            "I'm going to quit sugar.": "quit sugar",
        },
        counter=(
            "If it rains I'm going to stay in.",
            "If I win the lottery I'm going to buy a boat.",
        ),
    ),
    Rule(
        "en.decision.plan.plan_to", DECISION,
        WE_I + PLAN_ADV + r"\s+(?:plan|intend|aim|mean)\s+(?:to|on)\s+" + NOT_PLAN
            + r"|" + WE_I + r"(?:'m|'re|\s+am|\s+are)" + PLAN_ADV + r"\s+(?:planning|"
            r"intending|aiming|hoping)\s+(?:to|on)\s+" + NOT_PLAN,
        examples={
            "I'm aiming to lose 5 kilos": "lose 5 kilos",
            "im planning to sell my car": "sell my car",
        },
    ),
    Rule(
        "en.decision.plan.want_to", DECISION,
        NOT_HEDGED + r"\bI" + PLAN_ADV + r"\s+want\s+to\s+" + NOT_PLAN,
        examples={
            "i wanna get a tattoo": "get a tattoo",
            "I want to learn how to surf.": "learn how to surf",
        },
        counter=("I want to say thank you.", "I want to ask you something."),
    ),
    Rule(
        "en.decision.plan.need_to", DECISION,
        NOT_HEDGED + r"\bI" + PLAN_ADV + r"(?:\s+need\s+to|\s+have\s+to|'ve\s+got\s+to|"
            r"\s+have\s+got\s+to|\s+gotta)\s+"
            + NOT_PLAN + r"(?:(?=" + PLAN_VERB + r")|" + SOON + r")",
        examples={
            "gotta renew my passport before july": "renew my passport before july",
            "I've got to call the dentist tomorrow.": "call the dentist tomorrow",
        },
        counter=("I need to go now.", "I have to say, that's clever."),
    ),
    Rule(
        "en.decision.plan.will", DECISION,
        WE_I + r"(?:'ll|\s+will)" + PLAN_ADV + r"\s+" + NOT_PLAN
            + r"(?:(?=" + PLAN_VERB + r")|" + LATER + r")",
        examples={
            "I will sell my old bike.": "sell my old bike",
            "I will move to Berlin next month.": "move to Berlin next month",
        },
    ),
    Rule(
        "en.decision.plan.my_goal", DECISION,
        r"\b(?:my|our)\s+(?:main\s+|big\s+|new\s+)?(?:goal|plan|aim|resolution|new\s+year's"
            r"\s+resolution)(?:\s+for\s+(?:this|next)\s+\w+|\s+(?:this|next)\s+\w+)?\s+"
            r"is\s+to\s+" + NOT_PLAN,
        examples={
            "My plan is to open a small bakery.": "open a small bakery",
            "Our goal is to buy a house by 2028": "buy a house by 2028",
        },
    ),
    Rule(
        "en.decision.plan.booked", DECISION,
        r"\bwe(?:'re|\s+are)\s+(?:now\s+|still\s+|seriously\s+)?planning\s+(?:to|on)\b"
            r"|\b(?:I|we)(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|already\s+)?(?:booked|"
            r"signed\s+up\s+for|registered\s+for|entered)\s+(?=(?:a|an|the|my|our)\s+\w)"
            r"|\b(?:I|we)(?:'m|'re|\s+am|\s+are)\s+getting\s+(?=(?:married|engaged|"
            r"divorced)\b)",
        examples={
            "I'm getting married in October!": "married in October",
            "I've booked a trip to Japan for April.": "trip to Japan for April",
        },
    ),
    Rule(
        "en.decision.plan.ing_with_time", DECISION,
        r"(?:\b(?:I|we)(?:'m|'re|\s+am|\s+are)|\b(?:me|my\s+\w+)\s+and\s+(?:I|me|my\s+"
            r"\w+)\s+are)(?:\s+(?:finally|actually|officially|also|now))?\s+(?=" + PLAN_ING
            + r"\s+\w)" + LATER_NOT_NOW,
        examples={
            "I'm moving to Bristol in September": "moving to Bristol in September",
            "im starting at a new company in march": "starting at a new company in march",
        },
    ),
    Rule(
        "en.decision.plan.will_be_ing", DECISION,
        r"\b(?:I|we)(?:'ll|\s+will)\s+(?:finally\s+|officially\s+|actually\s+)?be\s+"
            r"(?=" + PLAN_ING + r"\s+\w)" + LATER_NOT_NOW,
        examples={
            "We'll be moving to Oslo in the spring": "moving to Oslo in the spring",
            "I'll be starting a new job next month.": "starting a new job next month",
        },
    ),
    Rule(
        "en.decision.plan.ing_dropped", DECISION,
        CHAT_LEAD + r"(?:finally\s+|officially\s+)?" + LATER_NOT_NOW + r"(?P<fact>" + PLAN_ING
            + r"\s+[^.;!?,]{1,100}?)(?=\s*[.;!?,]|$)",
        examples={"moving to Lisbon in September!": "moving to Lisbon in September"},
        counter=("moving to Lisbon would be a dream",),
    ),
    Rule(
        "en.decision.plan.off_to", DECISION,
        r"\b(?:I(?:'m|\s+am)|we(?:'re|\s+are))\s+(?:finally\s+)?off\s+to\s+(?=" + CAP + r")"
            + LATER_NOT_NOW,
        examples={"We're off to Crete in June.": "Crete in June"},
        counter=("I'm off to Tesco now.",),
    ),
    Rule(
        "en.decision.plan.quitting", DECISION,
        I_AM + r"\s+(?:finally\s+|officially\s+|seriously\s+)?(?=(?:quitting|giving\s+up|"
            r"stopping|cutting\s+out)\s+(?!(?:now|it|this|that|for)\b)\w)",
        examples={"I'm giving up sugar for Lent.": "giving up sugar for Lent"},
        counter=("I'm quitting for now.",),
    ),
    Rule(
        "en.decision.plan.doing_event", DECISION,
        I_AM + r"\s+(?:also\s+)?(?=doing\s+(?:a|an|the|my\s+first)\s+(?:[\w-]+\s+){0,2}?"
            r"(?:marathon|10k|5k|triathlon|ironman|trek|skydive|swim|bike\s+ride|cycle\s+ride|"
            r"sponsored\s+\w+)\b)",
        examples={"I'm doing the London Marathon in April.": "doing the London Marathon in April"},
    ),
    Rule(
        "en.decision.plan.planning_a", DECISION,
        r"\b(?:I(?:'m|\s+am)|we(?:'re|\s+are))\s+(?:currently\s+|now\s+)?planning\s+(?=(?:a|an|"
            r"our|my)\s+(?:[\w-]+\s+)?(?:trip|holiday|wedding|move|party|vacation|honeymoon|"
            r"road\s+trip|gap\s+year|career\s+change)\b)",
        examples={"We're planning a road trip to Wales.": "road trip to Wales"},
    ),
    Rule(
        "en.decision.plan.thinking_of", DECISION,
        r"\bwe(?:'re|\s+are)\s+(?:seriously\s+|really\s+|now\s+)?(?:thinking\s+"
            r"(?:of|about)|considering)\s+(?=(?:getting|buying|moving|adopting|selling|starting|"
            r"having|switching|learning|going\s+back|quitting|retiring)\b)",
        examples={"We're thinking of getting a dog.": "getting a dog"},
        counter=("We're thinking of you.",),
    ),
    Rule(
        "en.decision.plan.trying_to", DECISION,
        I_AM + r"(?:\s+(?:really|also|still|now|seriously))?\s+trying\s+to\s+(?=(?:cut\s+"
            r"(?:back|down)\s+on|cut\s+out|quit|give\s+up|lose|eat\s+less|eat\s+more|"
            r"drink\s+less|save\s+(?:up|for|money)|learn|get\s+fit|go\s+(?:vegan|vegetarian|"
            r"veggie|plant[- ]based|sober|dry|teetotal|gluten[- ]free|dairy[- ]free))\b)",
        examples={
            "I'm trying to cut down on caffeine.": "cut down on caffeine",
            "im trying to save up for a car": "save up for a car",
            "I'm trying to go plant-based.": "go plant-based",
        },
        counter=("I'm trying to understand this.", "I'm trying to stop the error."),
    ),
    Rule(
        "en.decision.plan.wont", DECISION,
        NOT_REPORTED + r"\b(?:I|we)(?:\s+will\s+not|\s+won't|'ll\s+never|"
            r"\s+will\s+never|\s+shall\s+not"
            r"|\s+am\s+never\s+going\s+to|'m\s+never\s+going\s+to)\s+(?!" + any_of(
            r"be keep lie bother let forget say tell take\s+(?:long|much) hold mind ever stop "
            r"judge disappoint miss have know happen understand forgive") + r"\b)"
            r"(?P<pre>[a-z]+)\b",
        polarity="-",
        examples={"i wont eat tripe": "eat tripe", "i wont eat seafood": "eat seafood"},
        counter=("I won't be long.", "I think I won't make it."),
    ),
    # Standing requests to the assistant: "Please use metric units", "From now on, call me Alex".
    Rule(
        "en.decision.request.please", DECISION,
        r"^(?:(?:also|and|oh|so|ok|okay),?\s+)?please,?\s+(?:just\s+)?(?=(?:use|"
            r"avoid|stick\s+to|default\s+to|format|spell|cc|bcc|"
            r"(?:reply|respond|answer|write|talk|speak)\s+(?:to\s+me\s+)?(?:only\s+)?"
            r"(?:in|briefly|concisely|formally|informally|casually)|"
            r"keep\s+(?:(?:your|the|all|my)\s+)?(?:answers|responses|replies|messages|"
            r"emails|summaries|explanations)\s+(?:short|brief|concise|simple|under|below)|"
            r"refer\s+to\s+me\s+as|address\s+me\s+as|stop\s+\w+ing)\b(?!\s+(?:it|this|that|"
            r"these|those|them|the\s+(?:following|attached|above|same|one))\b))"
            r"(?P<fact>[^.;!?]{2,150}?)(?=\s*[.;!?]|,?\s+(?:but|because|since|unless|so)\b"
            r"|,\s|$)",
        examples={
            "Please use metric units.": "use metric units",
            "Please use British spelling.": "use British spelling",
        },
    ),
    Rule(
        "en.decision.request.never_do", DECISION,
        r"^(?:(?:please|also|and|just|oh|so|but),?\s+){0,2}(?:never|don't|"
            r"do\s+not)\s+(?!"
            + any_of(r"mind worry know care think forget get bother ask remind tell even say judge "
            r"laugh "
            r"heard seen been thought had met done got gone tried ever again really feel "
            r"apologi[sz]e hesitate panic stress sweat give quit lose miss let go you i we "
            r"they he she it that this have want like need be see understand hate blame "
            r"expect recall remember wish") + r"\b)(?=[a-z]+\b(?<!ed\b))" + RULE_FACT,
        polarity="-",
        examples={
            "Don't call me after 9pm.": "call me after 9pm",
            "Never deploy on Fridays.": "deploy on Fridays",
        },
        counter=("Don't worry about it.", "Never mind."),
    ),
    Rule(
        "en.decision.request.always_do", DECISION,
        r"^(?:(?:please|also|and|just),?\s+){0,2}(?:always|make\s+sure\s+to|"
            r"remember\s+to)\s+(?!" + any_of(
            r"happy glad good great nice a an the been fun love loved wanted thought liked "
            r"enjoyed have had was is are will do did so such more ready here there welcome "
            r"on in at for with my your our be been there's wondered dreamed") +
            r"\b)(?=[a-z]+\b(?<!ed\b))" + RULE_FACT,
        examples={
            "Always use UTC timestamps.": "use UTC timestamps",
            "Please always reply in Italian.": "reply in Italian",
        },
        counter=("Always happy to help.",),
    ),
    Rule(
        "en.decision.request.from_now_on", DECISION,
        r"^(?:(?:ok|okay|also|and|oh|so),?\s+)?(?:from\s+now\s+on|going\s+forward|"
            r"in\s+(?:the\s+)?future|from\s+here\s+on(?:\s+out)?),?\s+(?:please,?\s+)?"
            r"(?!I\b|I'|we\b|it\b|things\b)" + TO_END,
        examples={
            "From now on, please call me Alex.": "call me Alex",
            "Going forward, please write all dates as DD/MM/YYYY.": "write all dates as DD/MM/YYYY",
        },
    ),
    Rule(
        "en.decision.request.from_now_on_after", DECISION,
        r"^(?=[^.;!?]*?\b(?:from\s+now\s+on|going\s+forward|from\s+here\s+on)\b)"
            r"(?:(?:please|pls|and|also|ok|okay|so),?\s+)*(?:(?:can|could|would|will)\s+"
            r"you\s+(?:please\s+)?)?(?P<fact>(?!(?:well|but|I|I'|we|it|this|that|things)\b)"
            r"(?:(?!\b(?:I|I'm|I'll|we|you'll|you're|he|she|they)\b)[^.;!?]){2,150}?),?\s+"
            r"(?:from\s+now\s+on|going\s+forward|from\s+here\s+on(?:\s+out)?)\b",
        examples={
            "Can you keep your replies short from now on?": "keep your replies short",
            "Could you give me metric units from now on?": "give me metric units",
        },
        counter=("OK, from now on",),
    ),
    Rule(
        "en.decision.request.remind_me", DECISION,
        r"^(?:(?:please|pls|and|also|ok|okay|so),?\s+)*(?:(?:can|could|would|will)\s+"
            r"you\s+(?:please\s+)?)?remind\s+me\s+(?=[^.;!?]{0,80}?\b(?:(?:every|each)\s+"
            r"(?:day|morning|evening|night|week|month|weekday|" + DAY + r")|daily|weekly|"
            r"monthly)\b)" + TO_END,
        examples={
            "Please remind me to take my meds at 9pm every day.": "take my meds at 9pm every day",
        },
    ),
    Rule(
        "en.decision.request.when_you", DECISION,
        r"^(?:(?:and|also|oh|so),?\s+)?when(?:ever)?\s+you\s+(?:suggest|recommend|write|"
            r"plan|give|make|draft|reply|answer|send|book|pick|choose|propose|list)\b"
            r"[^.;!?]{0,60}?,\s*(?:please\s+)?(?P<fact>(?:leave\s+out|skip|avoid|don't|"
            r"do\s+not|never|always|include|use|stick\s+to|add|mention|keep|exclude)\b"
            r"[^.;!?]{2,120}?)(?=\s*[.;!?]|$)",
        examples={"When you suggest recipes, leave out mushrooms.": "leave out mushrooms"},
    ),

)

# ==== HABIT: what one does regularly, or no longer =========================================

HABIT_RULES: tuple[Rule, ...] = (
    # Routines by adverb: "I usually skip lunch", "I never eat after 8pm".
    Rule(
        "en.habit.routine.usually", HABIT,
        r"\bI(?:\s+(?:also|still|just))?\s+(?:usually|always|often|normally|generally|"
            r"typically|regularly|mostly|frequently|sometimes|tend\s+to)\b",
        examples={"I always walk my dog": "walk my dog", "i usually skip lunch": "skip lunch"},
    ),
    Rule(
        "en.habit.routine.im_usually", HABIT,
        I_AM + r"\s+(?:usually|always|normally|often|generally|typically)\b",
        examples={
            "I'm usually up by six.": "up by six",
            "I'm always in bed before midnight.": "in bed before midnight",
        },
        counter=("I'm always happy to help.",),
    ),
    Rule(
        "en.habit.routine.never", HABIT,
        r"\bI(?:\s+(?:also|still|just))?\s+(?:never|rarely|seldom|hardly\s+ever)\b"
            r"(?!\s+(?:know|knew|thought|expected|imagined|meant|said|reali[sz]ed|noticed|"
            r"understood|got\s+(?:the|a)\s+chance)\b)",
        polarity="-",
        examples={"I never eat meat.": "eat meat", "i never eat after 8pm": "eat after 8pm"},
        counter=("I never", "I never thought I'd say this."),
    ),
    Rule(
        "en.habit.routine.dont_usually", HABIT,
        r"\bI\s+(?:don't|do\s+not)\s+(?:usually|normally|typically|generally|often|"
            r"really\s+ever|ever)\s+" + NOT_OBJ
            + r"(?!(?:do|say|get|talk|ask|post|share|know|think|have\s+(?:time|a))\b)"
            r"(?=\w+\s+\w)",
        polarity="-",
        examples={
            "i dont usually eat breakfast": "eat breakfast",
            "I don't normally drink coffee after 4": "drink coffee after 4",
        },
        counter=("I don't usually do this.", "I don't usually talk about it."),
    ),
    Rule(
        "en.habit.routine.dont_eat", HABIT,
        r"\bI\s+(?:don't|do\s+not)\s+(?=(?:eat|drink|smoke|drive|own)\b)",
        polarity="-",
        examples={"i dont drive": "drive", "I don't smoke.": "smoke"},
    ),
    Rule(
        "en.habit.routine.only", HABIT,
        NOT_REPORTED + r"\bI(?:\s+(?:also|still|now))?\s+only\s+(?!" + any_of(
            r"just have\s+(?:a|an|one|two|\d+)\s+(?:minute|second|moment|hour|day)s?\b know "
            r"want wanted mean meant wish hope said asked got had need needed think thought "
            r"remember found saw heard started recently once ever really realized noticed "
            r"learned came went did") + r"\b)(?P<pre>[a-z]+)\b",
        examples={
            "I only eat fish on Fridays.": "eat fish on Fridays",
            "I only drink decaf after noon.": "drink decaf after noon",
        },
    ),
    # Routines by time and frequency: "Every morning I run", "I walk the dog twice a day".
    Rule(
        "en.habit.routine.every_day_first", HABIT,
        r"\b(?P<when>(?:every|each)\s+(?:single\s+)?(?:morning|day|evening|night|week|"
            r"weekday|weekend|month|" + WEEKDAYS + r")),?\s+I\b",
        examples={
            "Every morning I run 5k.": "run 5k every morning",
            "Every Monday I go running.": "go running every Monday",
        },
        counter=("Every morning I",),
    ),
    Rule(
        "en.habit.routine.on_weekdays_first", HABIT,
        r"\b(?P<when>on\s+(?:(?:" + WEEKDAYS + r")s|weekends)),?\s+I\b",
        examples={"On Tuesdays I have choir practice.": "have choir practice on Tuesdays"},
    ),
    Rule(
        "en.habit.routine.every_day_after", HABIT,
        r"\bI\s+(?!(?:can't|cannot|couldn't|could|won't|wouldn't|would|wish|hope|want|"
            r"need|might|may|should|doubt|don't\s+think)\b)(?=(?:[\w'-]+,?\s+){1,8}?(?:(?:every|"
                r"each)\s+(?:morning|day|evening|"
            r"night|week|weekday|weekend|" + WEEKDAYS + r")|on\s+(?:(?:"
            + WEEKDAYS + r")s|weekends))\b)",
        examples={
            "I run every morning": "run every morning",
            "I use Neovim every day.": "use Neovim every day",
        },
        counter=(
            "What do I like on Mondays?",
            "If I lived in Paris I'd like croissants every day.",
        ),
    ),
    # ... said with "we", or with "most": "Every Sunday we go to my mum's", "Most days I cycle".
    Rule(
        "en.habit.routine.every_day_we", HABIT,
        r"\b(?P<when>(?:every|each)\s+(?:single\s+)?(?:morning|day|evening|night|week|"
            r"weekday|weekend|month|" + WEEKDAYS + r")|on\s+(?:(?:" + WEEKDAYS + r")s|weekends)),?"
            r"\s+we\b",
        examples={
            "Every Friday we order pizza.": "order pizza every Friday",
            "on weekends we go hiking": "go hiking on weekends",
        },
        counter=("Every morning we",),
    ),
    Rule(
        "en.habit.routine.most_days_first", HABIT,
        r"\b(?P<when>most\s+(?:mornings|days|evenings|nights|weekends|weekdays)),?\s+(?:I|we)\b",
        examples={
            "Most mornings I swim before work.": "swim before work most mornings",
            "most evenings we watch a film": "watch a film most evenings",
        },
    ),
    Rule(
        "en.habit.routine.we_how_often", HABIT,
        r"\bwe\s+(?!(?:could|should|can|might|may|will|would|'ll|'d|must|need|have\s+to|"
            r"don't|do\s+not|never|used\s+to)\b)(?=(?:[\w'-]+,?\s+){1,8}?(?:(?:once|twice|"
            r"three\s+times|four\s+times|"
            r"\d+\s+times)\s+(?:a|an|per|every)\s+(?:day|week|month|year|fortnight)|(?:every|each)"
            r"\s+(?:morning|day|evening|night|week|weekday|weekend|" + WEEKDAYS + r")|on\s+"
            r"(?:(?:" + WEEKDAYS + r")s|weekends)|(?:most|many)\s+(?:mornings|days|evenings|nights|"
            r"weekends))\b)",
        examples={
            "We walk the dog twice a day.": "walk the dog twice a day",
            "we go climbing every weekend": "go climbing every weekend",
        },
        counter=("Can we meet every Monday?", "We could meet up every week.",
                 "We don't go often, maybe once a year."),
    ),
    Rule(
        "en.habit.routine.times_a_week", HABIT,
        r"\bI\s+(?=(?:[\w'-]+,?\s+){1,8}?(?:(?:once|twice|three\s+times|four\s+times|"
            r"\d+\s+times)\s+(?:a|an|per|every)\s+(?:day|week|month|year|fortnight)|on\s+"
            + DAY + r"s?\s+(?:mornings|afternoons|evenings|nights)|(?:most|many)\s+"
            r"(?:mornings|days|evenings|nights|weekends))\b)",
        examples={
            "i walk to work most days": "walk to work most days",
            "I run three times a week.": "run three times a week",
        },
    ),
    Rule(
        "en.habit.routine.been_doing_for", HABIT,
        r"\bI(?:'ve|\s+have)(?:\s+(?:also|actually|just))?\s+been\s+(?=\w+ing\b"
            r"[^.!?]{0,60}?\b(?:for\s+(?:over\s+|about\s+|almost\s+|nearly\s+)?(?:a|an|"
            r"\w+|\d+)"
            r"\s+(?:years?|months?|decades?)|since)\b)",
        examples={
            "I've been learning Italian since 2019.": "learning Italian since 2019",
            "I've been playing guitar for ten years.": "playing guitar for ten years",
        },
    ),
    Rule(
        "en.habit.routine.sleep", HABIT,
        r"\bI(?:\s+(?:now|still|also|generally|mostly))?\s+(?P<pre>go\s+to\s+(?:bed|sleep)|"
            r"get\s+to\s+bed|fall\s+asleep|"
            r"wake\s+up|get\s+up|turn\s+in|start\s+work|finish\s+work|leave\s+work)(?=\s+(?:at|"
                r"around|by|before|after|"
            r"about|between)\s+" + HOUR + r"|\s+(?:early|late|at\s+dawn)\b)" + NOT_ONE_OFF,
        examples={"I get up at 6am.": "get up at 6am", "I get up at seven.": "get up at seven"},
    ),
    Rule(
        "en.habit.routine.sleep_hours", HABIT,
        r"\bI\s+(?:usually\s+|only\s+|normally\s+|generally\s+)?(?P<pre>sleep|get)\s+"
            r"(?:like\s+|about\s+|around\s+|roughly\s+|maybe\s+)?(?P<fact>\d+(?:[.,]5)?\s*"
            r"(?:hrs?|hours?)(?:\s+of\s+sleep)?(?:\s+(?:a|per|each)\s+night)?)\b",
        examples={
            "i sleep like 6 hrs a night": "sleep 6 hrs a night",
            "I usually get 7 hours of sleep.": "get 7 hours of sleep",
        },
        counter=("Did I sleep 8 hours?",),
    ),
    Rule(
        "en.habit.routine.commute", HABIT,
        r"\b(?:I|we)(?:\s+(?:usually|always|normally|mostly|just|also|now))?\s+"
            r"(?=(?:walk|cycle|bike|drive|run|commute|jog|skate|ride\s+my\s+bike|"
            r"take\s+the\s+(?:bus|train|tube|subway|metro|tram|ferry)|get\s+the\s+(?:bus|"
            r"train|tube))\s+to\s+(?:work|school|uni|college|the\s+office|class|the\s+"
            r"station)\b)",
        examples={
            "I drive to the office": "drive to the office",
            "usually cycle to work": "cycle to work",
        },
        counter=("do I cycle to work?",),
    ),
    Rule(
        "en.habit.routine.everywhere", HABIT,
        r"\b(?:I|we)(?:\s+(?:usually|mostly|just|now))?\s+(?=(?:cycle|walk|drive|bike|run|"
            r"take\s+the\s+bus)\s+everywhere\b)",
        examples={"I cycle everywhere": "cycle everywhere"},
    ),
    Rule(
        "en.habit.routine.smoke_drink_run", HABIT,
        r"\b(?:I|we)(?:\s+(?:still|also|usually|often|really|actually|sometimes)){0,2}\s+"
            r"(?=(?:smoke|vape|drink|run(?!\s+(?:a|an|my|our|the)\b)|jog)\b(?!\s+(?:it|that|"
            r"this|them|out|into|over|away|late|low|up|for|to|across|through|by|off)\b))",
        examples={"I jog.": "jog", "I run marathons.": "run marathons"},
        counter=("do I run?", "do I drink?"),
    ),
    # Habits taken up or ended: "I started learning Korean", "I gave up smoking", "I left Halfords".
    Rule(
        "en.habit.change.started", HABIT,
        r"\bI(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+|also\s+)?(?:started|began|"
            r"begun)\s+(?=(?:learning|taking|doing|playing|practi[cs]ing|studying|training|"
            r"running|swimming|cycling|going\s+to)\s+" + NOT_VAGUE + r"\w)"
            r"|\bI(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+|also\s+)?(?:took|taken|"
            r"picked)\s+up\s+(?=" + NOT_VAGUE + r"(?!(?:the|my|your|a\s+call|a\s+thing|some|"
            r"a\s+few|one|on)\b)\w)",
        examples={
            "started learning korean": "learning korean",
            "I started learning Spanish.": "learning Spanish",
        },
    ),
    Rule(
        "en.habit.change.stopped", HABIT,
        r"\b(?:I|we)(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|recently\s+|completely\s+|"
            r"totally\s+|actually\s+|also\s+)?(?P<pre>stopped|quit|gave\s+up|given\s+up)\s+"
            r"(?!(?:by|at|in|for|to|off|there|here|on|and|but|it|that|this|now|me|him|her|"
            r"them|you|being)\b)(?!(?:(?:a|an|one|two|three|four|five|six|few|couple|of|several|"
                r"many|"
            r"\d+)\s+){0,2}?(?:ago|years?|months?|weeks?|days?)\b)"
            r"(?P<fact>\w[^.;!?,]{1,100}?)" + CLAUSE_END,
        examples={
            "I stopped drinking coffee in January.": "stopped drinking coffee in January",
            "quit smoking": "quit smoking",
        },
        counter=(
            "Hypothetically, if I quit my job, could I still get a mortgage?",
            "I stopped by the shop.",
        ),
    ),
    Rule(
        "en.habit.change.cut_out", HABIT,
        r"\b(?:I|we)(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|completely\s+|totally\s+)?"
            r"(?P<pre>cut\s+out)\s+(?P<fact>(?:(?:my|all|most)\s+)?(?:" + CONSUMED_THING + r")\b"
            r"[^.;!?,]{0,60}?)(?=\s*(?:[.;!?,]|$)|\s+(?:because|but|so|since|and)\b)",
        examples={
            "I've cut out alcohol": "cut out alcohol",
            "I've cut out beer completely.": "cut out beer completely",
        },
    ),
    Rule(
        "en.habit.change.off_the", HABIT,
        I_AM + r"\s+(?:now\s+|completely\s+|totally\s+)?off\s+(?:the\s+)?(?=(?:booze|drink|alcohol|"
            r"fags|cigarettes|smokes|sugar|caffeine|coffee|meat|carbs|dairy)\b)",
        polarity="-",
        examples={"I'm off the fags for good.": "fags for good"},
    ),
    Rule(
        "en.habit.change.gave_up_thing", HABIT,
        NOT_NEGATED + "(?P<fact>" + ENDED_PATTERNS["en"][0] + ")",
        examples={
            "I sold my bike.": "I sold my bike",
            "I sold my old Xbox on eBay.": "I sold my old Xbox",
        },
    ),
    Rule(
        "en.habit.change.left_employer", HABIT,
        NOT_NEGATED + "(?P<fact>" + ENDED_PATTERNS["en"][1] + ")",
        examples={
            "I left Halfords in April.": "I left Halfords",
            "I left Deutsche Bank in May.": "I left Deutsche Bank",
        },
    ),

)

# ==== PROFILE: who one is and what one has =================================================

PROFILE_RULES: tuple[Rule, ...] = (
    # Name and age: "My name is Priya", "I'm 34", "I just turned 30".
    Rule(
        "en.profile.name.my_name_is", PROFILE,
        r"\bmy\s+name\s+is\b|\bI(?:'m|\s+am)\s+called\b|\bcall\s+me\b",
        examples={"My name is Priya.": "Priya", "Call me Sam.": "Sam"},
        counter=("My name is [name].",),
    ),
    Rule(
        "en.profile.name.im_capitalised", PROFILE,
        I_AM + r"\s+(?!ok\b)(?=" + CAP + r"[\w-]+(?:\s+" + CAP
            + r"[\w-]+)?\s*(?:[.,!]|$))",
        examples={"Hi, I'm Priya.": "Priya", "I'm Tom Baker.": "Tom Baker"},
        counter=("I'm OK.",),
    ),
    # The age one is about to be: "turning 40 next week", "i'm gonna be 30 in may".
    Rule(
        "en.profile.age.turning", PROFILE,
        r"(?:^(?:(?:ok|so|lol|well|also|btw|and)\s+)?|\bi'?m\s+|\bi\s+am\s+)(?P<fact>(?:about\s+to\s+"
        r"be|turning|gonna\s+be|going\s+to\s+be)\s+(?P<value>\d{1,3}))\b(?!\s*(?:%|mins?|minutes|"
        r"km|miles|kg|lbs|pm|am|:|\.\d))",
        slot="age",
        examples={"turning 35 on friday and i want a quiet dinner": "turning 35",
                  "i'm gonna be 30 in may, any trip ideas": "gonna be 30"},
        counter=("the twins are turning 5", "i'm gonna be 10 minutes late"),
    ),
    Rule(
        "en.profile.age.im_number", PROFILE,
        r"\b(?P<pre>I(?:'m| am))\s+(?:now\s+)?(?P<fact>\d{1,3})(?!\s*years?\s+old)"
            + NOT_AMOUNT + r"(?=\s*(?:[.,;!?]|$|now\b|and\b|but\b|so\b|today\b|my\b|"
            r"I\b|this\b|next\b|in\b))",
        examples={"im 19": "im 19", "I'm 34": "I'm 34"},
        counter=("I'm 5 minutes away.",),
    ),
    Rule(
        "en.profile.age.bare_number", PROFILE,
        r"\b(?P<fact>I(?:'m|\s+am)\s+[1-9]\d?)(?=(?:\s*(?:[.,!]|$)|\s+(?:btw|lol|tbh|now|"
            r"myself|too|haha|lmao|ngl|fyi|actually|already)\b))",
        examples={"im 19 lol": "im 19", "im 34 btw": "im 34"},
    ),
    Rule(
        "en.profile.age.turned", PROFILE,
        r"\bI(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+)?(?P<pre>turned)\s+"
            r"(?P<fact>\d{1,3})\b" + NOT_AMOUNT,
        examples={"I just turned 39": "turned 39", "I just turned 28!": "turned 28"},
    ),
    Rule(
        "en.profile.age.turned_dropped", PROFILE,
        CHAT_LEAD + r"(?:just\s+)?(?P<pre>turned)\s+(?P<fact>\d{1,3})\b" + NOT_AMOUNT
            + r"(?=\s*(?:[.,!;]|$)|\s+(?:this|last|on|today|yesterday|recently|and|but|so|lol|"
            r"yay|eek|omg|haha)\b)",
        examples={"turned 40 last week lol": "turned 40"},
        counter=("turned 5 pages and fell asleep",),
    ),
    # Origin and residence: "I'm from Naples", "I live in Lyon", "we moved to Oslo".
    Rule(
        "en.profile.origin.from", PROFILE,
        I_AM + r"(?:\s+originally)?\s+(?:from|based\s+in)\b|\bI\s+(?:originally\s+)?"
            r"come\s+from\b|\bI\s+(?:grew\s+up|was\s+raised)\s+(?:in|on|near)\b",
        examples={"I'm from Naples.": "Naples", "Im based in Austin": "Austin"},
        counter=("I'm from (city).",),
    ),
    Rule(
        "en.profile.origin.born", PROFILE,
        r"\bI\s+was\s+born\s+(?:in|on)\b",
        examples={"I was born in 1988.": "1988", "I was born in 1990.": "1990"},
    ),
    Rule(
        "en.profile.origin.grew_up_dropped", PROFILE,
        CHAT_LEAD + r"(?:grew\s+up|born\s+and\s+raised|was\s+born|raised)\s+(?:in|on|near)\b",
        examples={"born and raised in Glasgow": "Glasgow", "grew up in a small town in Ohio":
                  "small town in Ohio"},
    ),
    Rule(
        "en.profile.residence.live", PROFILE,
        I_NOW + r"(?:\s+live|\s+have\s+lived|'ve\s+lived)\s+(?:in|on|with|near|by)\b",
        examples={"I live in Lyon": "Lyon", "I live in Oslo": "Oslo"},
        counter=("i live in", "do I live in Paris?"),
    ),
    Rule(
        "en.profile.residence.moved_to", PROFILE,
        r"\bwe(?:'re|\s+are)\s+(?:now\s+|currently\s+|still\s+)?(?:based|living|"
            r"settled)\s+in\s+(?=" + CAP + r")|\bwe\s+(?:now\s+|currently\s+|still\s+)?"
            r"live\s+in\s+(?=" + CAP + r")"
            r"|\b(?:I|we)(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+)?(?:moved|"
            r"relocated)\s+(?:back\s+|over\s+|down\s+|up\s+|out\s+|away\s+)?to\s+(?="
            + CAP + r")|\b(?:I|we)(?:'ve|\s+have)\s+(?:lived|been\s+living)\s+in\s+(?="
            + CAP + r")",
        examples={
            "I moved to Oslo.": "Oslo",
            "We live in Glasgow.": "Glasgow",
            "We're based in Lisbon now.": "Lisbon",
        },
        counter=("What would happen if I moved to Berlin?",),
    ),
    Rule(
        "en.profile.residence.we_live_near", PROFILE,
        r"\bwe\s+(?:now\s+)?live\s+(?:just\s+)?(?:outside(?:\s+of)?|near|close\s+to)\s+"
            r"(?=" + CAP + ")",
        examples={
            "We live near Harrogate.": "Harrogate",
            "We live just outside Cardiff.": "Cardiff",
        },
    ),
    Rule(
        "en.profile.residence.home_is", PROFILE,
        CHAT_LEAD + r"(?:my\s+)?home\s+(?:is|'s)\s+(?:now\s+)?(?:in\s+)?(?=" + CAP + r")",
        examples={
            "home is Chicago for me": "Chicago for me",
            "home is Vancouver these days": "Vancouver",
        },
    ),
    Rule(
        "en.profile.residence.and_now", PROFILE,
        r"^(?:but|and|though)\s+(?:now\s+|currently\s+|these\s+days\s+)?(?:live|living)"
            r"\s+in\s+(?=" + CAP + r")|(?<=\w)\s+(?:and|but)\s+(?:now|these\s+days)\s+"
            r"(?=(?:drive|ride|live\s+in|work\s+(?:at|for|as))\b)",
        examples={
            "I sold the Focus and now drive a Tesla Model 3.": "drive a Tesla Model 3",
            "I'm from Porto originally but live in Lisbon now.": "Lisbon",
        },
    ),
    Rule(
        "en.profile.residence.moved_from_to", PROFILE,
        r"\bI(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+)?(?:moved|"
            r"relocated)\s+"
            r"(?=from\s+[^.;!?]{1,60}?\s+to\s+\w)",
        examples={"I moved from Turin to Berlin.": "from Turin to Berlin"},
    ),
    Rule(
        "en.profile.residence.since_arrived", PROFILE,
        r"\b(?:ever\s+)?since\s+" + ARRIVED_IN,
        examples={
            "Since we got to Whitby": "Whitby",
            "Since we arrived in Riga, I've been cycling to work.": "Riga",
        },
    ),
    Rule(
        "en.profile.residence.now_that", PROFILE,
        r"\bnow that\s+" + ARRIVED_IN,
        examples={"Now that I've moved to Cork I see my parents more.": "Cork"},
    ),
    Rule(
        "en.profile.residence.since_moving", PROFILE,
        r"\b(?:ever\s+)?since\s+(?:moving|relocating|coming|getting)\s+(?:back\s+|"
            r"here\s+|over\s+)?to\s+(?P<fact>" + NAMED + r")",
        examples={
            "Ever since relocating to Oslo I ski a lot.": "Oslo",
            "Ever since moving to York we walk everywhere.": "York",
        },
    ),
    Rule(
        "en.profile.residence.since_the_move", PROFILE,
        r"\bsince\s+(?:the|our|my)\s+(?:big\s+)?move\s+(?:back\s+)?to\s+(?P<fact>" + NAMED + r")",
        examples={
            "Since our move to Galway we cycle everywhere.": "Galway",
        },
    ),
    Rule(
        "en.profile.residence.and_moved", PROFILE,
        r"\b(?:I|we)\s+(?:[\w']+\s+){1,3}?and\s+(?:moved|relocated)(?:\s+(?:back|over|"
            r"down|up|out|away))?\s+to\s+(?P<fact>" + NAMED + r")",
        examples={
            "We sold the house and moved to Exmouth.": "Exmouth",
            "We packed up and moved to Norwich in March.": "Norwich",
        },
    ),
    # A home named by its place: "our new flat in Hackney", "we bought a house in Cardiff",
    # "my wife and I live in Bath", "live in lisbon now" (the "I" dropped).
    Rule(
        "en.profile.residence.our_home_in", PROFILE,
        r"\b(?:our|my)\s+(?:new\s+|little\s+|tiny\s+|rented\s+|first\s+)?(?:flat|house|place|"
            r"apartment|home|condo|cottage|bungalow)\s+(?:here\s+)?in\s+(?P<fact>" + NAMED + r")",
        examples={
            "Our new flat in Hackney has a balcony.": "Hackney",
            "my little house in Cork is freezing": "Cork",
        },
        counter=("My sister's flat in Paris is huge.", "Our holiday in Spain was great."),
    ),
    Rule(
        "en.profile.residence.bought_rent", PROFILE,
        r"\b(?:I|we)(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|now\s+|recently\s+)?(?:bought|"
            r"rent|rented|own|moved\s+into|found|got|have)\s+(?:a|an|our|the|my)\s+(?:new\s+|"
            r"little\s+|small\s+|tiny\s+|first\s+|lovely\s+)?(?:flat|house|place|apartment|home|"
                r"condo|"
            r"cottage|bungalow|studio)\s+in\s+(?P<fact>" + NAMED + r")",
        examples={
            "We bought a house in Cardiff last spring.": "Cardiff",
            "I rent a studio in Lyon.": "Lyon",
            "We've got a flat in Leith.": "Leith",
            "ok so we finally moved into a house in Totnes": "Totnes",
        },
        counter=("They rent a flat in Rome.",),
    ),
    Rule(
        "en.profile.residence.partner_and_i_live", PROFILE,
        r"\b(?:me\s+(?:and|n|&)\s+my\s+\w+|my\s+\w+\s+(?:and|n|&)\s+(?:I|me))\s+(?:now\s+|"
            r"currently\s+)?(?:live|rent|are\s+living|'re\s+living|are\s+renting|'re\s+renting)\s+"
            r"(?:out\s+)?(?:in|near|outside)\b",
        examples={
            "Me and my wife live in Bath.": "Bath",
            "me and my boyfriend live near Dundee": "Dundee",
            "me n my bf rent in Leith": "Leith",
        },
        counter=("My sister and her husband live in Bath.",),
    ),
    Rule(
        "en.profile.residence.we_live", PROFILE,
        r"(?<!\bworld\s)(?<!\btimes\s)(?<!\bsociety\s)(?<!\bage\s)(?<!\bera\s)(?<!\bthat\s)"
            r"(?<!\bwhere\s)\bwe\s+(?:now\s+|currently\s+|still\s+|both\s+|all\s+)?live\s+(?:on|"
            r"near|by|with|outside|in(?=\s+(?:a|an|the)\s+(?:[\w-]+\s+){0,2}?(?:village|town|city|"
            r"flat|house|cottage|apartment|bungalow|caravan|houseboat|narrowboat|suburbs?|"
            r"countryside)\b))\b(?!\s+(?:today|now|nowadays)\b)(?=\s+\w)",
        examples={
            "we live on a narrowboat": "narrowboat",
            "We all live with my in-laws.": "my in-laws",
            "We live in a tiny village in Kent.": "tiny village in Kent",
        },
        counter=("Where do we live?", "the world we live in today", "We live in a strange time."),
    ),
    Rule(
        "en.profile.residence.home_is_a", PROFILE,
        CHAT_LEAD + r"(?:my\s+|our\s+)?home\s+(?:is|'s)\s+(?:now\s+)?(?:a|an|the)\s+"
            r"(?:[\w-]+\s+){0,3}?in\s+(?P<fact>" + NAMED + r")",
        examples={"Home is a tiny flat in Leith.": "Leith"},
    ),
    Rule(
        "en.profile.residence.in_a_home_in", PROFILE,
        r"\b(?:I(?:'m|\s+am)|we(?:'re|\s+are))\s+(?:now\s+|currently\s+|still\s+)?in\s+(?:a|an)\s+"
            r"(?:[\w-]+\s+){0,3}?(?:flat|house|terrace|semi|bungalow|cottage|apartment|studio|"
            r"maisonette|houseshare|house\s+share|new[- ]build)\s+in\s+(?P<fact>" + NAMED + r")",
        examples={"We're in a two-bed flat in Walthamstow.": "Walthamstow"},
    ),
    Rule(
        "en.profile.residence.moved_direction_to", PROFILE,
        r"(?:\b(?:I|we)(?:'ve|\s+have)?\s+|^)(?:just\s+|recently\s+|finally\s+)?moved\s+(?:back\s+|"
            r"up\s+|down\s+|out\s+|over\s+)?(?:north|south|east|west|abroad|overseas|back\s+home|"
            r"home|across|out\s+west|out\s+east)\s+to\s+(?P<fact>" + NAMED + r")",
        examples={"We moved down south to Exeter in 2020.": "Exeter"},
    ),
    Rule(
        "en.profile.residence.living_in_dropped", PROFILE,
        CHAT_LEAD + r"(?:now\s+|currently\s+|still\s+)?living\s+in\s+(?P<fact>" + NAMED + r")"
            r"(?=,?\s+(?:now|these\s+days|atm|at\s+the\s+moment)\b|\s*[.,!]|\s*$)",
        examples={"living in Dublin these days": "Dublin", "Living in Bristol now.": "Bristol"},
        counter=("Living in London is expensive.",),
    ),
    Rule(
        "en.profile.residence.live_dropped", PROFILE,
        CHAT_LEAD + r"(?:now\s+|currently\s+|still\s+)?live\s+in\s+(?!(?:the|a|an|fear|hope|"
            r"peace|harmony|denial|sin)\b)(?=\w)",
        examples={"live in leeds now": "leeds", "Live in Dublin these days.": "Dublin"},
        counter=("Live in the moment!", "Live in peace."),
    ),
    Rule(
        "en.profile.residence.in_place_now", PROFILE,
        r"\b(?:I(?:'m|\s+am)|we(?:'re|\s+are))\s+(?:now\s+|currently\s+)?"
            r"(?:in|out\s+in|over\s+in)\s+(?P<fact>" + NAMED + r")(?=,?\s+(?:now|"
            r"these\s+days|nowadays)\b(?!\s+for\b))",
        examples={
            "we're in Edinburgh now, moved last spring": "Edinburgh",
            "I'm in Vancouver these days.": "Vancouver",
        },
        counter=("I'm in Paris now for a conference.", "Is he in Rome now?"),
    ),
    # Work: "I work at Ikea", "I work night shifts", "I've been at Deloitte for five years".
    Rule(
        "en.profile.work.work_at", PROFILE,
        I_NOW + r"(?:\s+work|\s+am\s+working|'m\s+working)"
            r"(?:\s+(?:part|full)[- ]time)?\s+(?:as|at|for|in|with)\b",
        examples={"I work at Ikea": "Ikea", "I work at HSBC.": "HSBC"},
        counter=("i work for", "which company do I work for?"),
    ),
    Rule(
        "en.profile.work.shifts", PROFILE,
        r"\bI(?:\s+(?:also|currently|still|now|mostly|usually|often))?\s+"
            r"(?:work|am\s+working|'m\s+working)\s+(?=(?:the\s+|a\s+)?(?:night|early|late|"
            r"morning|evening|afternoon|day|graveyard|overnight|weekend|double|split|"
            r"rotating|\d+[- ]hour|twelve[- ]hour)\s+shifts?\b|(?:nights|weekends|"
            r"from\s+home|remotely|overnight|shifts|two\s+jobs|three\s+jobs|"
            r"\d+\s+hours\s+a)\b)",
        examples={
            "I work from home most days.": "from home most days",
            "I work weekends at a garden centre.": "weekends at a garden centre",
        },
    ),
    Rule(
        "en.profile.work.now_working", PROFILE,
        I_AM + r"\s+(?:now|currently|still|also)\s+(?:working|employed)\s+(?:as|at|for|"
            r"with|by)\b",
        examples={"I'm now working as a UX designer.": "UX designer"},
    ),
    Rule(
        "en.profile.work.employer", PROFILE,
        r"\bI(?:'ve|\s+have)\s+been\s+(?:working\s+)?(?:at|with|for)\s+(?=" + CAP +
            r"[^.;!?]{0,40}?\b(?:for|since)\b)"
            r"|\bmy\s+(?:new\s+)?(?:job|position|role)\s+(?:at|with)\s+(?=" + CAP + r")"
            r"|\bI(?:'ve|\s+have)\s+(?:just\s+|recently\s+)?started\s+(?:working\s+)?at\s+(?="
            + CAP + r")"
            r"|\bI(?:'ve|\s+have)?\s+(?:just\s+|recently\s+)?(?:started|got|landed|took|"
            r"accepted)\s+(?:a\s+)?(?:new\s+)?(?:job|position|role)\s+(?:at|with)\s+(?="
            + CAP + r")"
            r"|\bI(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+)?(?:left|quit)\s+"
            r"[^.;!?]{1,40}?\s+(?:and|to)\s+(?:join(?:ed)?|start(?:ed)?\s+(?:at|with))\s+(?="
            + CAP + r")",
        examples={
            "I've been at IKEA for years.": "IKEA for years",
            "I left Accenture and joined Shopify.": "Shopify",
        },
    ),
    Rule(
        "en.profile.work.started_at", PROFILE,
        r"\bI(?:'ve|\s+have)?\s+(?:just\s+|recently\s+)?started\s+(?:working\s+)?at\s+"
            r"(?P<fact>" + NAMED + r")",
        examples={
            "I've just started at Monzo, new job!": "Monzo",
            "I've started working at Ocado, nights.": "Ocado",
        },
    ),
    # A new job said in passing: "first week at Lidl done", "I got a job at the council".
    Rule(
        "en.profile.work.first_week_at", PROFILE,
        r"(?<!'s\s)(?<!\bher\s)(?<!\bhis\s)(?<!\btheir\s)\b(?:first|1st|second|third)\s+"
            r"(?:day|week|month|shift)\s+(?:at|with)\s+(?P<fact>" + NAMED + r")",
        examples={
            "first month at Monzo done, loving it": "Monzo",
            "Survived my first week at Lidl!": "Lidl",
        },
        counter=("My son's first day at Greenfield Primary went well.",
                 "Her first week at Google was hard."),
    ),
    Rule(
        "en.profile.work.new_job_at", PROFILE,
        r"\bI(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+)?(?:started|got|landed|took|"
            r"accepted|began)\s+(?:a\s+|my\s+)?(?:new\s+)?(?:job|position|role|placement|"
            r"internship|apprenticeship)\s+(?:at|with|in|as)\s+(?=\w)",
        examples={
            "I just got a job at the local hospital.": "local hospital",
            "I've started a new role with the council.": "council",
            "I've started a new job as a receptionist.": "receptionist",
        },
        counter=("My brother got a job at the bank.",),
    ),
    Rule(
        "en.profile.work.been_a_for", PROFILE,
        r"\bI(?:'ve|\s+have)\s+been\s+(?:a|an)\s+(?!(?:vegan|vegetarian|pescatarian|pescetarian|"
            r"strict|fully|member|bit|little|lot|[\w-]+\s+fan|fan)\b)"
            r"(?=[\w-]+(?:\s+[\w-]+)?\s+(?:for\s+(?:over\s+|"
            r"about\s+|almost\s+|nearly\s+)?(?:a|an|\d+|\w+)\s+(?:years?|months?|decades?)|since)"
            r"\b)",
        examples={"i've been a teacher for 12 years": "teacher for 12 years"},
        counter=("I've been a bit tired for weeks.", "I've been a Zelda fan since I was a kid."),
    ),
    Rule(
        "en.profile.work.worked_at_for", PROFILE,
        r"\bI(?:'ve|\s+have)\s+(?:worked|been\s+working)\s+(?:at|for|with|in)\s+(?!(?:home|it|"
            r"this|that|hours|ages|years|months|days|weeks)\b)(?=[^.;!?]{1,40}?\b(?:for|since)\b)",
        examples={"ive worked at the council for a decade": "council for a decade"},
        counter=("I've worked at home since March.", "I've worked for hours on this."),
    ),
    Rule(
        "en.profile.work.work_dropped", PROFILE,
        CHAT_LEAD + r"(?:currently\s+|still\s+|now\s+)?(?:work|working)\s+(?:as|at|in)\s+"
            r"(?!(?:the\s+)?(?:moment|weekend|weekends|home|night|it|that|this|all|progress|"
            r"a\s+bit|hours)\b)(?=\w)",
        examples={
            "work as a barista in town": "barista in town",
            "Working at Tesco for now.": "Tesco",
        },
        counter=("Work at the weekend is quiet.", "Working at home is hard.", "Work in progress."),
    ),
    Rule(
        "en.profile.work.been_at_dropped", PROFILE,
        CHAT_LEAD + r"been\s+(?:working\s+)?(?:at|with|for)\s+(?=" + CAP
            + r"[^.;!?]{0,40}?\b(?:for|since)\b)",
        examples={"Been with Lloyds since 2015.": "Lloyds since 2015"},
        counter=("Been at home for hours.",),
    ),
    Rule(
        "en.profile.work.do_shifts_at", PROFILE,
        r"\bI\s+(?:do|pull)\s+(?:(?:night|day|early|late|weekend|double)\s+shifts|nights|"
            r"shifts|lates|earlies)\s+(?:at|in|for)\s+(?=\w)",
        examples={"I do nights at the care home.": "care home"},
        counter=("I work nights at the care home.",),
    ),
    # Studies: "I'm doing a master's in law".
    Rule(
        "en.profile.work.doing_degree", PROFILE,
        I_AM + r"(?:\s+(?:currently|now|also|still))?\s+(?:doing|taking|studying\s+for|"
            r"working\s+on)\s+(?=(?:a|an|my)\s+(?:[\w-]+\s+)?(?:PhD|doctorate|masters?|"
            r"master's|MSc|MA|MBA|degree|bachelor's|BSc|BA|apprenticeship|diploma|PGCE)\b)",
        examples={
            "I'm doing a master's in law.": "master's in law",
            "im doing my PGCE this year": "my PGCE",
        },
        counter=("My sister is doing a PhD.",),
    ),
    Rule(
        "en.profile.work.new_job_named", PROFILE,
        r"(?<!'s\s)(?<!\bher\s)(?<!\bhis\s)(?<!\btheir\s)(?<!\byour\s)\bnew\s+(?:job|role|"
            r"position)\s+(?:at|with)\s+(?P<fact>" + NAMED + r")",
        examples={
            "New job at Ocado starts next week!": "Ocado",
            "so the new role with Siemens is going well": "Siemens",
        },
        counter=("His new job at Google pays well.", "How's your new job at Lidl?"),
    ),
    Rule(
        "en.profile.work.at_as", PROFILE,
        I_AM + r"\s+(?:now\s+|currently\s+|still\s+)?(?:at|with)\s+(?P<fact>" + NAMED + r")"
            r"(?=\s+as\s+(?:a|an)\b)",
        examples={"I'm at Google as a product manager.": "Google"},
        counter=("I'm at Tesco now.",),
    ),
    Rule(
        "en.profile.work.self_employed", PROFILE,
        I_AM_ADV + r"\s+(?:now\s+)?(?=(?:self[- ]employed|freelance|freelancing|"
            r"on\s+(?:maternity|paternity|parental|sick)\s+leave)\b)",
        examples={
            "I'm self employed": "self employed",
            "I'm on maternity leave until March.": "on maternity leave until March",
        },
    ),
    Rule(
        "en.profile.work.status_dropped", PROFILE,
        CHAT_LEAD + r"(?:currently\s+|still\s+|now\s+)?(?P<fact>unemployed|out\s+of\s+work|"
            r"between\s+jobs|self[- ]employed)\b",
        examples={"currently between jobs, looking for work": "between jobs"},
    ),
    Rule(
        "en.profile.work.my_job_is_in", PROFILE,
        r"\bmy\s+(?:job|work|career|background|degree|field)\s+is\s+in\b(?!\s+(?:danger|jeopardy|"
            r"trouble|the\s+balance|question|doubt|limbo|a\s+mess)\b)",
        examples={"My background is in finance.": "finance"},
        counter=("My job is in danger.",),
    ),
    Rule(
        "en.profile.work.do_job_for", PROFILE,
        r"\bI\s+do\s+(?=(?:admin|accounts|payroll|marketing|sales|(?-i:IT|HR|PR)|web\s+design|"
            r"social\s+media|bookkeeping|customer\s+service|nursing|teaching|research|cleaning|"
            r"security|reception)\s+(?:for|at|in)\b)",
        examples={"I do payroll for a big retailer.": "payroll for a big retailer"},
        counter=("I do it for exercise.",),
    ),
    Rule(
        "en.profile.work.we_are_both", PROFILE,
        r"\b(?:we(?:'re|\s+are)|I\s+are)\s+both\s+(?=" + OCCUPATIONS["en"] + r"s\b)",
        examples={"my husband and I are both nurses": "nurses", "We're both architects.":
                  "architects"},
        counter=("We're both tired.",),
    ),
    Rule(
        "en.profile.work.laid_off", PROFILE,
        r"\bI(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+)?(?P<fact>(?:got|been|was)\s+"
            r"(?:laid\s+off|made\s+redundant|fired|let\s+go|sacked)|lost\s+my\s+job(?:\s+(?:at|"
                r"with)"
            r"\s+" + NAMED + r")?)\b",
        examples={
            "I got laid off in March.": "got laid off",
            "I've just lost my job.": "lost my job",
            "I lost my job at Argos in May.": "lost my job at Argos",
        },
        counter=("My brother got laid off.",),
    ),
    Rule(
        "en.profile.work.unemployed", PROFILE,
        r"\bI(?:'m|\s+am)\s+(?:currently\s+|still\s+|now\s+)?(?P<fact>unemployed|"
            r"out\s+of\s+work|between\s+jobs|jobless)\b",
        examples={
            "I'm unemployed at the moment.": "unemployed",
            "I'm out of work since the factory closed.": "out of work",
        },
    ),
    Rule(
        "en.profile.work.become", PROFILE,
        NOT_NEGATED + NOW_EN["job"],
        examples={"I've become a paramedic.": "paramedic"},
    ),
    Rule(
        "en.profile.work.retired", PROFILE,
        NOT_NEGATED + NOW_EN["retired"],
        examples={"I retired last spring.": "retired"},
    ),
    # What one is: "I'm a nurse", "I'm vegan", "I'm allergic to cats".
    Rule(
        "en.profile.identity.a_noun", PROFILE,
        I_AM_ADV + r"\s+(?:a|an)\s+(?!bit\b|little\b|lot\b|(?:big|huge|great)\s+fan\b|"
            r"fan\b)|" + I_AM + r"\s+the\s+(?!same\b|one\b|best\b|worst\b)",
        examples={"im a nurse": "nurse", "im a welder": "welder"},
        counter=("I'm a happy person.", "do you think im a good cook?"),
    ),
    Rule(
        "en.profile.identity.state", PROFILE,
        I_AM_ADV + r"\s+(?=" + any_of(
            r"not\s+religious religious homeschooled widowed shy an?\s+only\s+child vegetarian "
            r"vegan pescatarian diabetic celiac coeliac lactose[-\s]intolerant left-handed "
            r"right-handed married single divorced retired pregnant colou?r-?blind deaf blind "
            r"engaged \d{1,3}\s+years?\s+old") + r"\b)",
        examples={"I'm vegan": "vegan", "im diabetic": "diabetic"},
    ),
    # An allergy names what one reacts to, and lasts: its own slot ("allergy:…").
    Rule(
        "en.profile.allergy.allergic_to", PROFILE,
        I_AM_ADV + r"\s+(?:severely\s+|mildly\s+|very\s+|so\s+|deathly\s+)?(?P<fact>allergic\s+"
        r"to\s+(?!(?:them|it|that|this|those|these|him|her|everything|something|anything)\b)"
        r"(?:[\w'-]+\s+){0,2}?[\w'-]+(?:(?:,\s*|\s+(?:and|or)\s+)(?:[\w'-]+\s+){0,2}?[\w'-]+)*)"
        r"(?=\s*(?:[.,;!?)(]|$)|\s+(?:so|and|but|which|too|as|lol)\b)",
        examples={"oh and im allergic to sesame so no tahini": "allergic to sesame",
                  "I'm severely allergic to tree nuts.": "allergic to tree nuts"},
        counter=("i wonder if im allergic to something", "my son is allergic to eggs",
                 "I'm allergic to them."),
    ),
    Rule(
        "en.profile.identity.allergic_afraid", PROFILE,
        I_AM_ADV + r"\s+(?=(?:severely\s+|mildly\s+|very\s+|so\s+)?" + any_of(
            r"allergic intolerant afraid\s+of scared\s+of terrified\s+of close\s+(?:with|to) "
            r"worried\s+about unable\s+to on\s+a\s+diet") + r"\b)",
        examples={
            "I'm scared of spiders.": "scared of spiders",
            "I'm terrified of flying.": "terrified of flying",
        },
        counter=("i wonder if im allergic to something",),
    ),
    # Traits said in two words or with a type: "I'm colour blind", "I'm type 2 diabetic".
    Rule(
        "en.profile.identity.trait", PROFILE,
        I_AM_ADV + r"\s+(?=(?:colou?r[- ]?blind|short[- ]sighted|long[- ]sighted|near[- ]sighted|"
            r"far[- ]sighted|partially\s+sighted|registered\s+blind|left[- ]handed|right[- ]handed|"
            r"type\s*(?:1|2|one|two)\s+diabetic|pre-?diabetic|neurodivergent|bipolar|disabled|"
            r"a\s+wheelchair\s+user)\b)",
        examples={"I'm colour blind": "colour blind", "i'm type 1 diabetic": "type 1 diabetic"},
        counter=("Am I colour blind?",),
    ),
    Rule(
        "en.profile.identity.languages", PROFILE,
        I_AM_ADV + r"\s+(?=(?:bilingual|trilingual|multilingual|fluent)\s+in\b)",
        examples={"I'm bilingual in Dutch and English.": "bilingual in Dutch and English"},
    ),
    Rule(
        "en.profile.identity.half_nationality", PROFILE,
        I_AM_ADV + r"\s+(?:half|part|a\s+quarter)\s+(?=" + CAP + r"\w+)",
        examples={"I'm half Italian.": "Italian", "I'm a quarter Irish.": "Irish"},
    ),
    Rule(
        "en.profile.identity.orientation", PROFILE,
        I_AM_ADV + r"\s+(?:now\s+)?(?=(?:gay|bi|bisexual|lesbian|queer|trans|transgender|"
            r"non-binary|nonbinary|asexual|pansexual|straight(?!\s+(?:up|away|out|after|from|to|"
            r"with|back)\b))\b)",
        examples={"I'm bisexual.": "bisexual", "im non-binary btw": "non-binary"},
        counter=("I'm straight up exhausted.",),
    ),
    # Things owned: "I have a cat", "My car is an old Volvo", "I traded in the Corsa for a Kia".
    Rule(
        "en.profile.own.have_a", PROFILE,
        I_ADV + r"(?:\s+have|'ve\s+got|\s+have\s+got|\s+own)\s+(?=(?:a|an|one|two|three|"
            r"four|five|six|\d+)\s+(?!(?:lot|few|bit|little|question|feeling|idea|couple\s+"
            r"of\s+questions|(?:good|great|fun|nice|hard|tough|busy|long|"
            r"wonderful)\s+(?:time|"
            r"day|week))\b))",
        examples={"I have a cat": "cat", "I have a dog": "dog"},
        counter=("do I have a job?", "I have a question."),
    ),
    Rule(
        "en.profile.own.my_car_is", PROFILE,
        r"\bmy\s+(?:current\s+|new\s+)?(?P<pre>(?:car|phone|bike|motorbike|motorcycle|"
            r"laptop|van|truck|scooter|tablet)\s+is)\s+(?=(?:now\s+)?(?:an?\s+|the\s+)"
            r"\w|" + CAP + r")",
        examples={
            "My bike is a Trek.": "bike is Trek",
            "My car is a Honda Civic.": "car is Honda Civic",
        },
    ),
    Rule(
        "en.profile.own.phone", PROFILE,
        r"\bI\s+(?:now\s+|currently\s+|still\s+)?use\s+(?:an?\s+|the\s+)?(?=(?:iPhone|"
            r"Pixel|Galaxy|Samsung|OnePlus|Xiaomi|Motorola|Nokia|Huawei|Fairphone)\b)",
        examples={"I use a Pixel 6.": "Pixel 6", "I use a Samsung phone.": "Samsung phone"},
    ),
    Rule(
        "en.profile.own.we_have_named", PROFILE,
        r"\bwe(?:'ve\s+got|\s+have|\s+own|\s+drive)\s+(?:a|an)\s+(?:new\s+|old\s+|second-hand\s+)?"
            r"(?=" + CAP + r")",
        examples={"We have a Tesla.": "Tesla", "we drive an old Volvo estate": "Volvo estate"},
    ),
    Rule(
        "en.profile.own.device", PROFILE,
        r"\bI\s+(?:now\s+|currently\s+|mainly\s+|mostly\s+)?use\s+(?:an?\s+|the\s+)?(?=(?:MacBook|"
            r"Mac|iPad|ThinkPad|Chromebook|Kindle|Linux|Windows|Ubuntu|Android)\b)",
        examples={"I use a MacBook Air for work.": "MacBook Air for work"},
    ),
    Rule(
        "en.profile.own.got", PROFILE,
        r"\bI(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+|also\s+|now\s+)?"
            r"(?:got|bought|purchased)\s+(?=(?:a|an|my\s+first|our\s+first)\s+(?:new\s+)?"
            r"(?!(?:chance|lot|bit|little|feeling|idea|question|call|message|text|email|"
            r"minute|second|moment|sec|break|reply|response|sense|glimpse|look|kick|laugh|"
            r"taste|hold|grip|clue|point|problem|headache|cold|cough|flu|c|b|d)\b)\w)",
        examples={"Just got a puppy!": "puppy", "I just bought a new bike.": "new bike"},
        counter=("I got a feeling it will rain.",),
    ),
    Rule(
        "en.profile.own.swapped", PROFILE,
        NOT_NEGATED + "(?P<fact>" + SWAP_PATTERNS["en"][0] + ")",
        examples={
            "I swapped my Kindle for a Kobo.": "I swapped my Kindle for a Kobo",
            "I traded my Vespa for a Honda scooter.": "I traded my Vespa for a Honda scooter",
        },
    ),
    Rule(
        "en.profile.own.sold_and_bought", PROFILE,
        NOT_NEGATED + "(?P<fact>" + SWAP_PATTERNS["en"][1] + ")",
        examples={
            "We sold the Qashqai and bought a Skoda.": "We sold the Qashqai and bought a Skoda",
            "I sold the Focus and got a Tesla Model 3.": "I sold the Focus and got a Tesla Model 3",
        },
    ),
    # Diet: "I'm on a low-sodium diet", "I went vegan", "I'll eat anything".
    Rule(
        "en.profile.diet.follow", PROFILE,
        I_ADV + r"\s+(?:follow|am\s+following|'m\s+following|stick\s+to|keep\s+to)\s+(?="
            r"(?:a|an|the)\s+(?:[\w-]+\s+){0,3}?diet\b)"
            r"|" + I_AM_ADV + r"\s+(?=on\s+(?:a|an)\s+(?:[\w-]+\s+){1,3}?diet\b)",
        examples={
            "I'm on a low-sodium diet.": "on a low-sodium diet",
            "I follow a plant-based diet.": "plant-based diet",
        },
    ),
    Rule(
        "en.profile.diet.strictly", PROFILE,
        I_AM + r"\s+(?:now\s+)?(?=(?:(?:fully|strictly|mostly|completely|entirely|"
            r"totally|100%)\s+)(?:plant[- ]based|vegan|vegetarian|pescatarian|pescetarian)\b"
            r"|plant[- ]based\b)",
        examples={"I gave up meat last year and I'm fully plant-based now.": "fully plant-based"},
    ),
    Rule(
        "en.profile.diet.been_went", PROFILE,
        r"\bI(?:'ve|\s+have)\s+been\s+(?:a\s+|an\s+)?(?:strict\s+|fully\s+)?(?=(?:vegan|"
            r"vegetarian|pescatarian|pescetarian|sober|teetotal|gluten[- ]free|dairy[- ]free|"
            r"plant[- ]based|keto)\b)"
            r"|\bI(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+)?(?:went|gone|turned|"
            r"switched\s+to\s+being)\s+(?=(?:fully\s+)?(?:vegan|vegetarian|pescatarian|"
            r"pescetarian|keto|teetotal|sober|gluten[- ]free|dairy[- ]free|plant[- ]based)"
            r"\b)",
        examples={
            "ive been vegan since 2021": "vegan since 2021",
            "I went vegan in September.": "vegan in September",
        },
    ),
    Rule(
        "en.profile.diet.eat_anything", PROFILE,
        r"\bI(?:'ll|\s+will|\s+can)\s+(?P<pre>eat)\s+(?:just\s+|pretty\s+much\s+)?"
            r"(?P<fact>everything|anything)\b",
        examples={"I'll eat anything, I'm not picky.": "eat anything"},
    ),
    Rule(
        "en.profile.diet.back_to_meat", PROFILE,
        NOT_NEGATED + NOW_EN["diet"],
        examples={
            "I've gone back to eating beef.": "beef",
            "I've gone back to eating chicken.": "chicken",
        },
    ),
    # A diet said with "we", "-free" or with the "I've" dropped: "We're both vegan".
    Rule(
        "en.profile.diet.we_are", PROFILE,
        r"\bwe(?:'re|\s+are)\s+(?:all\s+|both\s+|mostly\s+|now\s+)?(?:an?\s+)?(?=(?:vegetarian|"
            r"vegan|pescatarian|plant[- ]based|gluten[- ]free|dairy[- ]free|nut[- ]free|"
            r"meat[- ]free|kosher|halal)\b)",
        examples={
            "We're both vegan.": "vegan",
            "we are vegetarian at home": "vegetarian at home",
            "We're a meat-free household.": "meat-free household",
        },
        counter=("Are we vegan?", "They're vegan."),
    ),
    Rule(
        "en.profile.diet.free_from", PROFILE,
        I_AM_ADV + r"\s+(?:now\s+)?(?=(?:gluten|dairy|nut|meat|sugar|alcohol|wheat|lactose|egg)"
            r"[- ]free\b)",
        examples={"I'm dairy-free these days.": "dairy-free", "im nut free": "nut free"},
        counter=("I'm free on Friday.",),
    ),
    Rule(
        "en.profile.diet.been_dropped", PROFILE,
        CHAT_LEAD + r"been\s+(?:a\s+|an\s+)?(?:strict\s+|fully\s+)?(?=(?:vegan|vegetarian|"
            r"pescatarian|sober|teetotal|gluten[- ]free|dairy[- ]free|plant[- ]based|keto)\b)",
        examples={"been sober for two years now": "sober for two years"},
        counter=("Been there, done that.",),
    ),
    Rule(
        "en.profile.diet.veggie", PROFILE,
        I_AM_ADV + r"\s+(?:now\s+)?(?:a\s+)?(?=(?:veggie|vego|veg|flexitarian)\b)",
        examples={"im veggie": "veggie", "I'm mostly veggie.": "veggie"},
    ),
    # Health and needs: "I have asthma", "I'm asthmatic", "I have to avoid gluten".
    Rule(
        "en.profile.health.condition", PROFILE,
        I_ADV + r"(?:\s+have|'ve\s+got|\s+have\s+got|\s+was\s+diagnosed\s+with|"
            r"\s+suffer\s+"
            r"from|\s+live\s+with|\s+struggle\s+with)\s+(?=(?:(?:a|"
            r"an)\s+)?(?:(?:severe|mild|"
            r"chronic|bad|terrible|serious|type\s+[12])\s+)?(?:[\w'-]+\s+){0,2}?" + any_of(
            r"allerg(?:y|ies) intolerances? diabetes asthma celiac coeliac disease disorder "
            r"syndrome migraines? arthritis epilepsy adhd autism anxiety depression insomnia "
            r"eczema ibs lupus hypertension high\s+blood\s+pressure cancer tinnitus dyslexia") +
            r"\b)",
        examples={"I have asthma.": "asthma", "I have celiac disease.": "celiac disease"},
    ),
    Rule(
        "en.profile.health.state", PROFILE,
        I_AM + ADV_FEW + r"{0,2}\s+(?=(?:asthmatic|epileptic|autistic|anaemic|anemic|"
            r"dyslexic|dyspraxic|hypoglycemic|insulin-dependent|immunocompromised|"
            r"hard\s+of\s+hearing|teetotal|tee-total|sober|gluten[- ]intolerant|coeliac|celiac|"
            r"diabetic|pre-?diabetic|lactose[- ]intolerant)\b)",
        examples={
            "I'm asthmatic.": "asthmatic",
            "I'm epileptic, so no flashing lights please.": "epileptic",
        },
    ),
    Rule(
        "en.profile.health.have_to_avoid", PROFILE,
        r"\bI(?:\s+(?:really|also|still|now))?(?:\s+have\s+to|\s+need\s+to|\s+must|"
            r"'ve\s+got\s+to|\s+have\s+got\s+to|(?:'m|\s+am)\s+supposed\s+to)\s+"
            r"(?:(?:strictly|always|really|completely)\s+)?(?=(?:avoid|stay\s+away\s+from|"
            r"steer\s+clear\s+of|cut\s+out|cut\s+back\s+on|stay\s+off|keep\s+off)\s+"
            + NOT_PRONOUN + r"\w)"
            r"|\bI(?:'m|\s+am)\s+not\s+(?:allowed|supposed|permitted)\s+to\s+(?=(?:eat|drink|"
            r"have|take|consume|lift|drive)\s+" + NOT_PRONOUN + r"\w)"
            r"|\bI(?:\s+(?:always|usually|also|still))?(?:\s+must|\s+have\s+to|\s+need\s+to|"
            r"'ve\s+got\s+to|\s+have\s+got\s+to)\s+" + NOT_ONE_OFF + r"(?=(?:be|get|leave|"
            r"finish|pick\s+up|drop\s+off|start|stop|arrive|go\s+to\s+bed)\b[^.;!?]{0,40}?"
            r"\b(?:by|before|until|till|no\s+later\s+than)\s+(?:\d|noon|midnight|one|two|"
            r"three|four|five|six|seven|eight|nine|ten|eleven|twelve|" + WEEKDAYS + r"))",
        examples={
            "I need to avoid gluten.": "avoid gluten",
            "ive gotta cut out dairy": "cut out dairy",
        },
    ),
    Rule(
        "en.profile.health.need", PROFILE,
        r"\bI(?:\s+(?:always|really|also|still))?\s+(?:need|require)\s+(?!(?:(?:a|an|"
            r"the|some)\s+)?(?:[\w-]+\s+)?(?:moment|minute|second|break|day|night|time|"
            r"word|weekend|holiday|nap)\b)(?=(?:(?:a|an|"
            r"the|some)\s+)?(?:[\w-]+\s+){0,2}?(?:[\w]+-(?:accessible|friendly|free|proof|"
            r"floor)|wheelchair|accessible|step-free|ground[- ]floor|elevator|quiet\s+(?:place|"
            r"room|space|spot|area|table|environment|office|hotel|corner|seat)|"
            r"halal|kosher|vegan|vegetarian|aisle\s+seats?|window\s+seats?|hearing\s+aids?|"
            r"glasses|insulin|inhaler|(?:\d+|six|seven|eight|nine|ten)\s+hours\s+of\s+"
            r"sleep)\b)",
        examples={
            "I need a ground-floor room.": "ground-floor room",
            "I need a quiet place to work.": "quiet place to work",
        },
        counter=("I need a moment.", "I need a break."),
    ),
    Rule(
        "en.profile.health.on_medication", PROFILE,
        I_AM_ADV + r"\s+(?:now\s+)?(?:on|taking)\s+(?=(?:antidepressants|insulin|medication|meds|"
            r"blood\s+thinners|statins|chemo|chemotherapy|dialysis|HRT|beta[- ]blockers|"
            r"the\s+pill|(?:[\w-]+\s+){1,2}(?:medication|tablets|pills))\b)",
        examples={
            "I'm on antidepressants.": "antidepressants",
            "I'm taking blood pressure medication.": "blood pressure medication",
        },
        counter=("I'm on the train.",),
    ),
    Rule(
        "en.profile.health.take_medication", PROFILE,
        r"\bI\s+(?:now\s+|also\s+|still\s+|have\s+to\s+|need\s+to\s+)?take\s+(?=(?:antidepressants|"
            r"insulin|medication|meds|blood\s+thinners|statins|HRT|beta[- ]blockers|the\s+pill|"
            r"(?:[\w-]+\s+){1,2}(?:medication|tablets|pills))\b)",
        examples={"I take insulin twice a day.": "insulin twice a day"},
    ),
    Rule(
        "en.profile.health.recovering", PROFILE,
        I_AM_ADV + r"\s+(?=recovering\s+from\s+(?:(?:a|an|my|the)\s+)?(?:[\w-]+\s+){0,2}?(?:op|"
            r"operation|surgery|injury|illness|stroke|heart\s+attack|covid|cancer|chemo|burnout|"
            r"breakdown|hip\s+replacement)\b)",
        examples={"I'm still recovering from hip surgery.": "recovering from hip surgery"},
    ),
    Rule(
        "en.profile.health.had_since", PROFILE,
        r"\bI(?:'ve|\s+have)\s+(?:always\s+)?had\s+(?=(?:[\w'-]+\s+){0,2}?(?:asthma|diabetes|"
            r"epilepsy|eczema|migraines?|arthritis|allerg(?:y|ies)|adhd|autism|anxiety|depression|"
            r"ibs|psoriasis|crohn's|tinnitus|insomnia|dyslexia)\b[^.;!?]{0,40}?\b(?:since|for)\b)",
        examples={"I've had eczema since I was a baby.": "eczema since I was a baby"},
        counter=("I've had a cold for days.",),
    ),
    Rule(
        "en.profile.health.wear_aids", PROFILE,
        r"\bI\s+(?:now\s+|also\s+|have\s+to\s+)?(?:wear|use)\s+(?=(?:glasses|contacts|contact\s+"
            r"lenses|hearing\s+aids?|a\s+hearing\s+aid|a\s+wheelchair|a\s+walking\s+stick|a\s+cane|"
            r"dentures|braces)\b)",
        examples={"I wear hearing aids.": "hearing aids", "i use a wheelchair": "wheelchair"},
    ),
    # Limits: "I cannot work on Sundays", "I can't eat nuts".
    Rule(
        "en.profile.limit.cannot", PROFILE,
        NOT_REPORTED + r"\bI\s+(?:cannot|can't|can\s+not)\s+(?!" + any_of(
            r"wait believe imagine remember thank say tell help see understand decide find "
            r"think stand bear like enjoy love get complain argue agree blame even really quite "
            r"do go make recall express explain figure afford stop describe hear speak "
            r"emphasi[sz]e stress overstate picture guarantee promise compete live seem be "
            r"pick choose have\s+(?:any|it|that|them|one|enough)") + r"\b)(?P<pre>[a-z]+)\b",
        polarity="-",
        examples={
            "I cannot work on Sundays.": "work on Sundays",
            "I can't run anymore since the knee surgery.": "run anymore since the knee surgery",
        },
        counter=("I can't wait for the weekend.", "I feel like I can't cope."),
    ),
    Rule(
        "en.profile.limit.cant_handle", PROFILE,
        r"\bI(?<!\bthat\sI)(?<!\blike\sI)(?<!\bthink\sI)\s+(?:can't|cannot|can\s+not)\s+"
            r"(?:do|handle|tolerate|digest|eat|drink)\s+" + NOT_VAGUE +
            r"(?!(?:a\s+thing|so|too|any|the\s+same|more|better|without|this|that|much|"
            r"enough|anything|everything|all)\b)(?=\w)",
        polarity="-",
        examples={"i cant eat nuts": "nuts", "i cant eat gluten": "gluten"},
    ),
    # Family and partner: "my wife is a nurse", "my husband, Tom,", "we got married"; only the
    # household: a parent's, sibling's or friend's job or diet is theirs, not the user's.
    Rule(
        "en.profile.family.my_relative", PROFILE,
        r"^(?:(?:oh|well|yes|yeah|no|also|and|so),?\s+)?my\s+(?=" + any_of(
            r"wife husband partner boyfriend girlfriend fianc[ée]e? sons? daughters? kids children")
            + r"\s+(?!and\s+I\b)" + NOT_THEIRS
            + r"\w)",
        examples={"my son is 5": "son is 5", "my wife is a nurse": "wife is a nurse"},
        counter=("My sister loves horror movies.", "My dad is going to retire.",
                 "my sister just went vegan", "my grandpa worked down the pits"),
    ),
    Rule(
        "en.profile.family.name_is", PROFILE,
        r"\bmy\s+(?P<pre>(?:(?:wife|husband|partner|boyfriend|girlfriend|"
            r"fianc[ée]e?|son|"
            r"daughter|kid|child|baby|mom|mum|mother|dad|father|brother|sister|"
            r"best\s+friend|"
            r"boss|manager|dog|cat|puppy|kitten|pet|bird|parrot|horse|"
            r"rabbit)(?:'s\s+(?:name|"
            r"birthday)\s+(?:is|was)|\s+is\s+(?:called|named))|(?:birthday|anniversary|"
            r"blood\s+"
            r"type|hometown|home\s+town|budget|time\s*zone|address|phone\s+number|"
            r"email(?:\s+"
            r"address)?|pronouns|shoe\s+size|star\s+sign|zodiac\s+sign|nationality|"
            r"native\s+"
            r"language|mother\s+tongue|first\s+language|middle\s+name|last\s+name|surname|"
            r"maiden\s+name|boss|manager|doctor|dentist|landlord|employer)\s+(?:is|are)))\b"
            r"(?:\s+(?:on|in|at)\b)?(?=\s+\w)",
        examples={"My boss is Karen.": "boss is Karen", "My timezone is CET.": "timezone is CET"},
    ),
    Rule(
        "en.profile.family.apposition", PROFILE,
        CHAT_LEAD + r"(?:(?:my|our)\s+(?=" + any_of(RELATIVES + " " + PETS) +
            r"\s*,\s*" + CAP + r"[\w'-]+\s*,)|(?:my|our)\s+(?=" + any_of(
            RELATIVES + " " + PETS + " kids children") + r",?\s+" + CAP + r"\w))",
        examples={
            "my husband, Tom, is a nurse": "husband, Tom, is a nurse",
            "Our dog Biscuit is a beagle.": "dog Biscuit is a beagle",
        },
    ),
    Rule(
        "en.profile.family.called", PROFILE,
        r"\bmy\s+(?P<pre>" + any_of(RELATIVES + " " + PETS) +
            r"'s\s+(?:called|named))(?=\s+" + CAP + r")"
            r"|\bmy\s+(?P<pre2>(?:" + any_of(RELATIVES) + r"'s\s+)?(?:birthday|anniversary|"
            r"name's|surname|star\s+sign))'s\b(?=\s+\w)",
        examples={
            "my cats called Miso": "cats called Miso",
            "My partner's called Sam.": "partner's called Sam",
        },
    ),
    Rule(
        "en.profile.family.called_lower", PROFILE,
        r"\bmy\s+(?P<pre>" + PETS_RELATIVES + r"s\s+(?:called|named))(?=\s+(?!(?:me|"
            r"you|him|her|us|them|it|out|back|in|off|the|a|an|my|to|for|again|yesterday|"
            r"today)\b)[a-z]+(?:\s*[.!,]|\s+(?:lol|haha|btw|tbh|lmao)\b|\s*$))",
        examples={
            "my cats called luna": "cats called luna",
            "my dogs called biscuit": "dogs called biscuit",
        },
    ),
    Rule(
        "en.profile.family.our_called", PROFILE,
        r"\bour\s+(?:little\s+|eldest\s+|oldest\s+|youngest\s+|new\s+)?(?P<pre>"
            + any_of(RELATIVES + " " + PETS + " kids baby girl boy")
            + r"(?:'s\s+(?:name\s+is|called|named)|\s+is\s+(?:called|named)|\s+name\s+is))"
            r"(?=\s+" + CAP + r")",
        examples={
            "Our dog is called Biscuit.": "dog is called Biscuit",
            "our baby's name is Noor": "baby's name is Noor",
        },
        counter=("Their dog is called Rex.",),
    ),
    # Children and pets counted: "we have three kids", "i got 2 dogs".
    Rule(
        "en.profile.family.we_have", PROFILE,
        r"\b(?:we(?:'ve\s+got|\s+have(?:\s+got)?|\s+got)|I\s+got)\s+(?=(?:a|an|one|two|three|"
            r"four|five|\d+)\s+(?:[\w-]+\s+)?(?:kids?|children|sons?|daughters?|boys|girls|"
            r"grandkids|grandchildren|dogs?|cats?|puppies|kittens|rabbits?|horses?|chickens|hens|"
            r"year[- ]olds?|babies|baby|toddlers?|newborn|teenagers?|teens)"
            r"\b)",
        examples={
            "We have three kids.": "three kids",
            "i got 2 dogs and a cat": "2 dogs and a cat",
            "We have a 4 year old.": "4 year old",
        },
        counter=("Do we have two cats?", "They have two kids."),
    ),
    Rule(
        "en.profile.family.lives_with_us", PROFILE,
        r"\b(?P<fact>my\s+(?:mum|mom|dad|mother|father|parents|grandma|grandad|granddad|gran|nan|"
            r"grandmother|grandfather|sister|brother|son|daughter|mother-in-law|father-in-law)\s+"
            r"(?:now\s+|still\s+)?lives?\s+with\s+(?:us|me))\b",
        examples={"My dad lives with us now.": "My dad lives with us"},
        counter=("My dad lives with his wife.",),
    ),
    # A partner named in chat slang: "my bf is called Jake", "my hubby is a nurse".
    Rule(
        "en.profile.family.partner_slang_called", PROFILE,
        r"\bmy\s+(?P<pre>(?:bf|gf|hubby|wifey|missus|missis|other\s+half|better\s+half|fiance|"
            r"fiancee|fella|bloke)(?:'s\s+(?:name\s+is|called|named)|\s+is\s+(?:called|named)|"
                r"\s+name\s+is))"
            r"(?=\s+\w)",
        examples={"my bf is called Jake": "bf is called Jake", "My other half's called Sam.":
                  "other half's called Sam"},
    ),
    Rule(
        "en.profile.family.partner_slang", PROFILE,
        CHAT_LEAD + r"my\s+(?=(?:bf|gf|hubby|wifey|missus|other\s+half|better\s+half)\s+"
            r"(?!and\s+I\b)" + NOT_THEIRS + r"\w)",
        examples={"my hubby is a nurse": "hubby is a nurse"},
        counter=("my bf loves horror films", "my gf is going to study law"),
    ),
    Rule(
        "en.profile.family.care_for", PROFILE,
        r"\bI(?:'m|\s+am)?\s+(?:also\s+)?(?:look\s+after|looking\s+after|care\s+for|caring\s+for|"
            r"(?:a\s+)?(?:full[- ]time\s+)?carer\s+for)\s+(?=my\s+(?:[\w-]+\s+)?(?:mum|mom|dad|"
            r"mother|father|parents|gran|grandma|grandad|nan|son|daughter|brother|sister|wife|"
            r"husband|partner|kids|children)\b)",
        examples={
            "I look after my disabled son.": "my disabled son",
            "I'm a carer for my mum.": "my mum",
        },
        counter=("I look after my health.",),
    ),
    # Family in chat slang: "the missus is a paramedic", "my lad is 12", "my youngest is 4".
    Rule(
        "en.profile.family.the_missus", PROFILE,
        CHAT_LEAD + r"the\s+(?=(?:missus|missis|wife|hubby|other\s+half)\s+"
            r"(?!and\s+I\b)" + NOT_THEIRS + r"\w)",
        examples={"the missus is a paramedic": "missus is a paramedic"},
        counter=("the missus wants a new sofa", "The kids look so happy."),
    ),
    Rule(
        "en.profile.family.my_child_slang", PROFILE,
        CHAT_LEAD + r"my\s+(?=(?:lad|lass|boy|girl|eldest|youngest|oldest|middle\s+one|"
            r"little\s+one|twins|toddler|stepson|stepdaughter|step-son|step-daughter|fella|bloke|"
            r"missus)\s+(?!and\s+I\b)" + NOT_THEIRS + r"\w)",
        examples={"my youngest is 4": "youngest is 4", "my lad is 12": "lad is 12"},
        counter=("my lad loves Fortnite",),
    ),
    Rule(
        "en.profile.family.expecting", PROFILE,
        r"\b(?:we(?:'re|\s+are)|I(?:'m|\s+am))\s+(?:now\s+|"
            r"finally\s+)?expecting\s+(?=(?:a\s+(?:baby|boy|girl)|our\s+(?:first|second|third)|"
            r"my\s+(?:first|"
            r"second|third)|twins|baby\s+number)\b)",
        examples={
            "We're expecting a baby girl in July!": "baby girl in July",
            "I'm expecting our second in March.": "our second in March",
        },
        counter=("I'm expecting a call.",),
    ),
    Rule(
        "en.profile.family.due", PROFILE,
        I_AM + r"\s+(?=due\s+(?:in|on|at\s+the\s+end\s+of)\s+(?:the\s+\d+\w*\s+of\s+)?(?:january|"
            r"february|march|april|may|june|july|august|september|october|november|december)\b)",
        examples={"I'm due in October!": "due in October"},
        counter=("I'm due in court.",),
    ),
    # A status with the "I" dropped, at a clause's start: "newly single and loving it",
    # "been separated since june", "engaged since christmas".
    Rule(
        "en.profile.relationship.status_dropped", PROFILE,
        r"(?:^(?:(?:ok|so|lol|well|also|btw|anyway|and)\s+)?|(?<=[,;]\s))(?:(?:been|just|newly|"
        r"recently|happily|now|officially|finally|still)\s+){0,2}(?P<fact>(?P<value>married|"
        r"divorced|engaged|single|separated|widowed))(?=\s*(?:[,.!?;)]|$)|\s+(?:and|since|for|"
        r"again|now|lol|af|\d|this|last|[a-z]+\s+(?:years|yrs|months))\b)",
        slot="relationship",
        examples={"newly single and loving it tbh": "single",
                  "been separated since june, how do i split the furniture": "separated",
                  "been widowed for a year, cooking for one is weird": "widowed"},
        counter=("single malt is the best whisky", "married couples always argue about money",
                 "divorced parents are more common now?"),
    ),
    Rule(
        "en.profile.relationship.in_a", PROFILE,
        I_AM + r"\s+(?:now\s+)?(?=in\s+a\s+(?:relationship|couple)\b)",
        examples={"I'm in a relationship now, with a guy called Tom.": "in a relationship"},
    ),
    Rule(
        "en.profile.relationship.got_married", PROFILE,
        r"\b(?:I|we)(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+)?"
            r"(?P<pre>got)\s+(?P<fact>married|engaged|divorced)\b",
        examples={
            "We got married in May!": "got married",
            "We got engaged last week!": "got engaged",
        },
    ),
    Rule(
        "en.profile.relationship.broke_up", PROFILE,
        r"\b(?:I|we|me\s+and\s+" + CAP + r"\w+)(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|"
            r"finally\s+)?(?P<fact>broke\s+up|broken\s+up|split\s+up|separated)\b(?!\s+(?:a|an|"
                r"the|it|that|"
            r"this|them|into|my|our|his|her|their)\b)",
        examples={
            "Me and Sam split up in March.": "split up",
            "Luke and I broke up, I'm single again.": "broke up",
        },
        counter=("I broke up the fight.",),
    ),
    Rule(
        "en.profile.relationship.seeing", PROFILE,
        r"\bI(?:'m|\s+am)\s+(?:now\s+)?(?P<pre>seeing)\s+(?=(?:someone|somebody|"
            r"a\s+(?:guy|girl|man|woman))\b(?!\s+(?:about|for|at|on|in|to|tomorrow|today|"
            r"next|this)\b))",
        examples={
            "I'm seeing someone called Priya.": "seeing someone called Priya",
            "Sam and I broke up; I'm seeing a guy named Ravi now.": "seeing guy named Ravi",
        },
    ),
    Rule(
        "en.profile.relationship.recently_state", PROFILE,
        I_AM + r"\s+(?:recently|newly|happily|just|finally)\s+(?=(?:divorced|married|engaged|"
            r"separated|widowed|single)\b)",
        examples={"I'm newly single.": "single", "I'm recently married": "married"},
    ),
    Rule(
        "en.profile.relationship.moved_in_together", PROFILE,
        r"\b(?:I|we|me\s+and\s+my\s+\w+)(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|recently\s+)?"
            r"(?P<fact>moved\s+in\s+(?:together|with\s+my\s+(?:partner|boyfriend|girlfriend|bf|gf|"
            r"fianc[ée]e?|husband|wife)))\b",
        examples={
            "Me and my boyfriend finally moved in together.": "moved in together",
            "We've just moved in together!": "moved in together",
            "I moved in with my girlfriend in May.": "moved in with my girlfriend",
        },
        counter=("My parents moved in together in 1980.",),
    ),
    Rule(
        "en.profile.relationship.me_and_x_married", PROFILE,
        r"\bme\s+and\s+(?:my\s+\w+|" + CAP + r"\w+)\s+(?:just\s+|finally\s+|recently\s+)?"
            r"(?P<pre>got)\s+(?P<fact>married|engaged|divorced)\b",
        examples={"me and Dan got engaged at christmas": "got engaged"},
        counter=("My sister and Dan got married.",),
    ),
    Rule(
        "en.profile.relationship.me_and_my_split", PROFILE,
        r"\bme\s+and\s+my\s+(?:ex|partner|bf|gf|boyfriend|girlfriend|husband|wife|fianc[ée]e?)\s+"
            r"(?:just\s+|finally\s+|recently\s+)?(?P<fact>broke\s+up|split\s+up|separated|"
            r"divorced|got\s+divorced)\b",
        examples={"me and my girlfriend broke up last month": "broke up"},
    ),
    Rule(
        "en.profile.relationship.been_married_for", PROFILE,
        r"\b(?:I|we)(?:'ve|\s+have)\s+been\s+(?:happily\s+)?(?P<fact>married|together|engaged|"
            r"divorced|single|widowed)\b(?=\s+(?:for|since)\b)",
        examples={"We've been together since 2012.": "together", "i've been married for 20 years":
                  "married"},
        counter=("We've been together all day.",),
    ),
    # Pets: "I have a dog named Rex", "We lost Biscuit in October".
    Rule(
        "en.profile.pet.named", PROFILE,
        r"\b(?:I|we)\s+(?:now\s+|also\s+)?(?:have|got|adopted)\s+(?:a|an)\s+(?:new\s+)?"
            r"(?=" + any_of(PETS) + r"\s+(?:called|named)\s+[^\W\d_])",
        examples={
            "I have a dog named Rex.": "dog named Rex",
            "I have a cat named Miso.": "cat named Miso",
        },
    ),
    Rule(
        "en.profile.pet.breed_named", PROFILE,
        r"\b(?:I|we)(?:'ve|\s+have)?\s+(?:now\s+|also\s+)?(?:have|got|adopted|"
            r"rescued)\s+(?=(?:a|an)\s+(?:new\s+)?(?!" + any_of(PETS) + r"\s)(?:[\w-]+\s+)"
            r"{1,3}?(?:called|named)\s+[^\W\d_])",
        examples={
            "We have a spaniel called Rolo.": "spaniel called Rolo",
            "I adopted a grey cat called Miso.": "grey cat called Miso",
        },
    ),
    Rule(
        "en.profile.pet.got_named", PROFILE,
        r"\b(?:I|we)(?:'ve|\s+have)\s+(?:now\s+|just\s+)?got\s+(?:a|an)\s+"
            r"(?:new\s+)?(?=(?:dog|cat|puppy|kitten|rabbit|bunny|hamster|guinea\s+pig|"
            r"parrot|budgie|tortoise|turtle|horse|pony|ferret)\s+(?:called|named)\s+"
            + CAP + ")",
        examples={
            "We've got a parrot called Kiwi now.": "parrot called Kiwi",
            "Nibbles died in the spring; we've got a rabbit called Bun now.": "rabbit called Bun",
        },
    ),
    Rule(
        "en.profile.pet.died", PROFILE,
        NOT_NEGATED + "(?P<fact>" + GONE_PATTERNS["en"][0] + ")",
        examples={
            "Rufus passed away": "Rufus passed away",
            "Max passed away last year; we now have a puppy called Luna.": "Max passed away",
        },
        counter=("It died on me halfway.",),
    ),
    Rule(
        "en.profile.pet.lost", PROFILE,
        NOT_NEGATED + "(?P<fact>" + GONE_PATTERNS["en"][1] + ")",
        examples={
            "We lost Biscuit in October.": "We lost Biscuit",
            "Sadly we lost Rolo last year.": "we lost Rolo",
        },
    ),
    Rule(
        "en.profile.pet.my_pet_died", PROFILE,
        r"\b(?P<fact>(?:my|our)\s+(?:old\s+|beloved\s+)?(?:dog|cat|puppy|kitten|rabbit|hamster|"
            r"parrot|horse|tortoise|guinea\s+pig)\s+(?:sadly\s+|just\s+)?(?:died|passed\s+away|"
            r"was\s+put\s+down|had\s+to\s+be\s+put\s+down))\b",
        examples={
            "Our cat died last week.": "Our cat died",
            "my old dog passed away": "my old dog passed away",
        },
        counter=("My friend's dog died.",),
    ),
    Rule(
        "en.profile.pet.pet_named", PROFILE,
        r"\b(?:my|our)\s+(?:new\s+|little\s+|rescue\s+)?(?=(?:pup|pupper|doggo|kitty|moggy|bunny|"
            r"budgie|guinea\s+pig|ferret|gerbil|lizard|snake|gecko|cockapoo|labrador|lab|spaniel|"
            r"terrier|collie|greyhound)\s+" + CAP + r"\w)",
        examples={"Our pup Biscuit is 6 months old.": "pup Biscuit is 6 months old"},
    ),
    # Activities, studies and the past: "I play chess", "I'm studying law", "I used to".
    Rule(
        "en.profile.activity.play", PROFILE,
        I_ADV + r"\s+(?=" + any_of(
            r"play teach study collect volunteer coach attend homeschool knit sew write paint sing "
            r"drive ride speak spend lift own eat hunt fish surf hike swim bake cook garden travel "
            r"run\s+(?:a|an|my) go\s+to\s+(?:[\w-]+\s+)?(?:school|college|university|church)")
            + r"\b(?!\s+(?:it|that|this|them)\b))",
        examples={
            "I play the cello.": "play the cello",
            "I teach yoga at the weekend.": "teach yoga at the weekend",
        },
        counter=("what do I eat?", "I play it every day."),
    ),
    Rule(
        "en.profile.activity.studying", PROFILE,
        I_AM + r"(?:\s+(?:also|currently|still|now))?\s+(?=" + any_of(
            r"studying majoring\s+in learning training\s+(?:for|to) saving\s+(?:up\s+)?(?:for|to) "
            r"going\s+to\s+(?:[\w-]+\s+)?(?:school|college|university) thinking\s+(?:about|of)\s+"
            r"\w+ing considering planning\s+(?:to|on) hoping\s+to\s+(?:be|become) "
            r"in\s+(?:the\s+)?(?:army|navy|military|marines|air\s+force|a\s+band|college|"
            r"university)"
            r" in\s+(?:middle|high|grad|law|medical|nursing)\s+school") + r"\b)",
        examples={
            "I'm in the army.": "in the army",
            "I'm studying law in Leeds.": "studying law in Leeds",
        },
    ),
    Rule(
        "en.profile.activity.we_saving", PROFILE,
        r"\bwe(?:'re|\s+are)\s+(?:currently\s+|now\s+|still\s+)?(?=saving\s+(?:up\s+)?(?:for|to)"
            r"\s+\w)",
        examples={"We're saving up for a house deposit.": "saving up for a house deposit"},
    ),
    Rule(
        "en.profile.past.used_to", PROFILE,
        r"\bI(?:\s+(?:also|just|once))?\s+(?=used\s+to\b)",
        examples={
            "I used to live in Rome.": "used to live in Rome",
            "I used to be in the military.": "used to be in the military",
        },
    ),
    Rule(
        "en.profile.past.event", PROFILE,
        r"\bI(?:'ve|\s+have)?(?:\s+(?:just|recently|finally|also))?\s+(?=" + any_of(
            r"graduated retired adopted bought joined moved\s+to became served\s+in studied "
            r"had\s+surgery had\s+(?:a\s+baby|my\s+first) got\s+(?:married|divorced|engaged) "
            r"went\s+(?:in)?to\s+(?:the\s+)?(?:army|navy|military|college|university)") + r"\b)",
        examples={
            "I graduated from Oxford in 2015.": "graduated from Oxford in 2015",
            "just adopted a rescue greyhound": "adopted a rescue greyhound",
        },
        counter=("what if i moved to paris", "What would happen if I moved to Berlin?"),
    ),
    # Facts that ended: "I'm no longer vegan", "I don't live in Leeds anymore".
    Rule(
        "en.profile.ended.no_longer", PROFILE,
        I_AM + r"\s+(?=no\s+longer\s+\w|not\s+(?:an?\s+)?[\w-]+"
            r"(?:\s+[\w-]+)?\s+any\s?more\b)|\bI\s+(?=no\s+longer\s+(?:live|work|eat|drink|drive|"
                r"smoke|"
            r"use|have|own|play|support|do|go)\b)",
        polarity="-",
        examples={
            "I'm not vegan anymore.": "not vegan anymore",
            "I no longer live in Leeds.": "no longer live in Leeds",
        },
    ),
    Rule(
        "en.profile.ended.dont_anymore", PROFILE,
        r"\b(?:I|we)\s+(?:don't|do\s+not)\s+(?!(?:really\s+)?\w+\s+(?:it|that|this|them|"
            r"as\s+much|much|anything)\b)(?=\w[^.;!?]{0,60}?\bany\s?more\b)"
            r"|\b(?:I|we)\s+(?=no\s+longer\s+\w)",
        polarity="-",
        examples={
            "I don't cycle to work anymore.": "cycle to work anymore",
            "I don't live in Paris anymore.": "live in Paris anymore",
        },
    ),

    Rule("en.preference.like.been_into", PREFERENCE,
         r"\bI(?:'ve|\s+have)?\s+(?:been|gotten|got|become)\s+(?:(?:kind\s+of|kinda|sort\s+of|"
         r"really|totally|super|so|pretty|very|a\s+bit|quite)\s+)*(?:obsessed\s+with|into|hooked\s+"
         r"on|addicted\s+to|loving|mad\s+about|crazy\s+about)\s+(?!(?:it|that|this|them|you)\b)",
         examples={"tbh ive been kind of obsessed with sourdough lately": "sourdough",
                   "i've gotten really into bouldering lately": "bouldering"},
         counter=("I've been into it for ages",)),
    Rule("en.profile.residence.been_living", PROFILE,
         r"\bI(?:'ve|\s+have)?\s+been\s+(?:living|based)\s+(?:in|near)\b",
         examples={"I've been living in a tiny flat with two roommates":
                   "tiny flat with two roommates"},
         counter=("if I've been living in the past",)),
    # --- the names of family and pets, in every word order people use ---
    Rule("en.profile.family_name.called", PROFILE,
         r"(?:(?<=\bmy\s)|(?<=\bour\s))(?P<fact>(?:(?:little|baby|older|younger|big|new|old|"
             r"twin)\s+)?"
         r"(?P<name>" + KIN +
             r")(?:'s\s+name\s+is|'s\s+(?:called|named)|\s+(?:is\s+)?(?:called|named))"
         r"\s+(?!(?:me|you|him|her|us|them|it|back|out|off)\b)(?P<value>"
         + NAME_CAP + "|" + NAME_LOWER + "))",
         slot="name",
         examples={"our cat's name is pistachio lol": "cat's name is pistachio",
                   "my mum's called linda btw": "mum's called linda",
                   "my little sister named Ava starts school": "little sister named Ava"}),
    Rule("en.profile.family_name.apposition", PROFILE,
         r"\b(?P<fact>(?:my|our)\s+(?:(?:little|baby|older|younger|big|"
             r"twin)\s+)?(?P<name>"
              + KIN
         + r")\s+(?P<value>" +
             r"(?!(?:too|just|now|also|still|really|always|never|recently|finally|actually|again|"
             r"here|there|then|has|is|was|and|who|that|which|says|said)\b)"
         + NAME_LOWER + "))",
         slot="name",
         examples={"our dog biscuit is a beagle and eats socks": "our dog biscuit",
                   "my husband dev snores like a tractor": "my husband dev",
                   "our collie mabel chewed the sofa": "our collie mabel",
                   "me and my sister jo went to york": "my sister jo"},
         counter=("my brother lives in Leeds", "my wife is a nurse",
                  "my wife really wants a puppy", "my husband keeps forgetting the bins",
                  "my son just started school", "my dog food order is late")),
    # --- quiet changes, in the lower case of chats (the capitalised forms are the rules above):
    # a home named by its place, a move, the first days at an employer, where one is now ---
    Rule("en.profile.residence.home_in_lower", PROFILE,
         r"\b(?:our|my)\s+(?:new\s+|little\s+|tiny\s+|rented\s+|first\s+)?(?:flat|house|place|"
         r"apartment|apt|home|condo|cottage|studio|bungalow)\s+(?:here\s+)?in\s+(?P<fact>"
         + PLACE_LOWER + ")",
         slot="residence",
         examples={"unpacked the last box in our new flat in porto 🎉": "porto",
                   "we finally got the keys to our house in york!": "york"},
         counter=("my sister's flat in paris is huge", "our holiday in spain was great",
                  "my new place in the woods")),
    Rule("en.profile.residence.moved_lower", PROFILE,
         r"\b(?:(?:I|we)(?:'ve|\s+have|'d|\s+had)?\s+(?:just\s+|finally\s+|recently\s+|"
         r"officially\s+)?(?:moved|relocated)|since\s+(?:(?:I|we)\s+moved|moving|relocating))"
         r"\s+(?:back\s+|over\s+)?to\s+(?P<fact>" + PLACE_LOWER + ")",
         slot="residence",
         examples={"since moving to denver i barely cook": "denver",
                   "we relocated to lisbon in may": "lisbon"},
         counter=("my brother moved to leeds", "since moving to the new desk i can't focus")),
    Rule("en.profile.residence.living_lower", PROFILE,
         r"\b(?:I|we)(?:'ve|\s+have|'re|\s+are|'m|\s+am)?\s+(?:been\s+|now\s+|currently\s+)?"
         r"(?:living|based)\s+(?:in|near)\s+(?P<fact>" + PLACE_LOWER + ")",
         slot="residence",
         examples={"we've been living in austin since 2019": "austin",
                   "been living in leeds for like 6 yrs now": "leeds",
                   "i'm now based in glasgow": "glasgow"},
         counter=("if we were living in rome", "they're living in boston",
                  "i'm living in the moment")),
    Rule("en.profile.employer.first_days", PROFILE,
         r"(?<!'s\s)(?<!\bher\s)(?<!\bhis\s)(?<!\btheir\s)(?<!\byour\s)\b(?:(?:first|1st|"
         r"second|third)\s+(?:day|week|month|shift)|day\s+(?:\d+|one|two|three|four|five)|"
         r"new\s+(?:job|role|office|position|team))\s+(?:at|with)\s+(?P<fact>" + ORG_LOWER + ")",
         slot="employer",
         examples={"first week at meta done, exhausted": "meta",
                   "day 3 at amazon and 200 emails already": "amazon",
                   "loving my new job at stripe!": "stripe"},
         counter=("her first week at google was hard", "my son's first day at school")),
    Rule("en.profile.employer.now_at", PROFILE,
         r"\b(?:I'm|I\s+am|im)\s+(?:now|currently)\s+(?:at|with|working\s+(?:at|for))\s+"
         r"(?P<fact>" + ORG_VALUE + ")",
         slot="employer",
         examples={"i'm now at google, left microsoft in june": "google",
                   "I'm currently working for Siemens.": "Siemens"},
         counter=("i'm now at home", "im currently at the gym")),
    # --- a new car or phone, named by make or model (its slot keeps one: the last said) ---
    # --- a car or a phone one has, named by make or model: "my corsa", "i drive a yaris"; a
    # name that is mostly another word ("my golf") only where the sentence is about a car ---
    # A diet some time in: "3 weeks into keto", "two months into being vegan".
    Rule("en.profile.diet.weeks_into", PROFILE,
         r"\b(?:\d+|a|one|two|three|four|five|six|a\s+few|several|a\s+couple\s+of)\s+(?:days?|"
         r"weeks?|months?|years?)\s+into\s+(?:being\s+)?(?P<fact>(?P<value>keto|vegan(?:ism)?|"
         r"vegetarian(?:ism)?|pescatarian|paleo|carnivore|plant[- ]based|gluten[- ]free|"
         r"dairy[- ]free))\b",
         slot="diet",
         examples={"six weeks into being vegetarian and i miss bacon": "vegetarian"},
         counter=("two weeks into the vegan cookbook challenge at work",)),
    # A car or a phone just got or bought, by make or model: "got the iphone 15 yesterday".
    Rule("en.profile.own.got_named", PROFILE,
         r"(?:^(?:(?:ok|so|lol|also|and|yay)\s+)?|\b(?:i|we)(?:'ve|\s+have)?\s+)(?:finally\s+|just\s+)?"
         r"(?:got|bought|picked\s+up)\s+(?:(?:the|a|an|my|our)\s+)?"
         r"(?:(?:new|brand\s+new|used|second[- ]hand)\s+)?" + OWNED_HERE,
         slot="owned_here",
         examples={"picked up my new octavia today, the garage was great": "octavia",
                   "got the pixel 9 on sale": "pixel 9"},
         counter=("got a golf lesson on sunday", "my brother bought a new clio")),
    Rule("en.profile.own.mine", PROFILE,
         r"(?<!'s\s)\b(?:my|our)\s+(?:(?:old|trusty|beloved|little|current|first|family|"
         r"work)\s+)?" + OWNED_HERE,
         slot="owned_here",
         examples={"my yaris needs an mot next month": "yaris",
                   "my golf won't start since the battery died": "golf",
                   "our trusty octavia just hit 200k miles": "octavia"},
         counter=("my golf swing is a mess", "my sister's fiat broke down",
                  "my focus is terrible today")),
    Rule("en.profile.own.have_named", PROFILE,
         r"\b(?:i|we)\s+(?:drive|have|own|got)\s+(?:a|an)\s+(?:(?:old|new|used|little)\s+)?"
         + OWNED_HERE,
         slot="owned_here",
         examples={"i drive a skoda fabia and the clutch is going": "skoda fabia",
                   "we have an old civic that leaks oil": "civic"},
         counter=("we got a mini fridge", "i have a seat by the window")),
    Rule("en.profile.own.new_car_or_phone", PROFILE,
         r"(?<!'s\s)\b(?:my|our)\s+(?:brand\s+)?new\s+(?:(?:car|phone)\s*[,:(-]?\s*"
         r"(?:a|an|the)?\s*)?" + OWNED_VALUE,
         slot="owned",
         examples={"my new tesla finally arrived!!": "tesla",
                   "picked up our new car, a kia niro": "kia niro",
                   "my new iPhone 15 Pro is so fast": "iPhone 15 Pro"},
         counter=("my new phone arrived", "my new job starts monday")),
    Rule("en.profile.own.switched_to", PROFILE,
         r"\b(?:I|we)(?:'ve|\s+have)?\s+(?:just\s+|finally\s+)?(?:upgraded|swapped|"
         r"traded\s+(?:it\s+)?in)\s+(?:to|for)\s+(?:a|an|the)\s+" + OWNED_VALUE,
         slot="owned",
         examples={"I finally upgraded to a Model 3": "Model 3",
                   "I just upgraded to a pixel 8 🙌": "pixel 8"},
         counter=("i switched to a standing desk",)),
    # --- a diet or a partner changed, said as what happened ---
    Rule("en.profile.diet.first_meat_in", PROFILE,
         r"\b(?:my|our)\s+first\s+(?P<fact>(?P<value>steak|burger|bacon|meat|chicken))\s+in\s+"
         r"(?:\d+|a|two|three|four|five|six|ten|many)\s+(?:years?|months?)",
         slot="diet",
         examples={"had my first steak in 5 years last night": "steak"},
         counter=("my first steak in a restaurant",)),
    Rule("en.profile.relationship.dumped", PROFILE,
         r"\bmy\s+(?:ex-?)?(?:boyfriend|girlfriend|bf|gf|partner|fianc[ée]e?)\s+(?:just\s+)?"
         r"(?P<fact>(?P<value>dumped|left|broke\s+up\s+with))\s+me\b",
         slot="relationship",
         examples={"my boyfriend dumped me": "dumped"},
         counter=("my boyfriend dumped his job",)),
    Rule("en.profile.employer.new_colleagues", PROFILE,
         r"(?<!'s\s)\b(?:my|our)\s+new\s+(?:colleagues|coworkers|co-workers|teammates|team|boss|"
         r"manager|office|desk|badge|workplace|employer)\s+(?:at|@|is)\s+(?P<fact>" + ORG_VALUE
         + ")",
         slot="employer",
         examples={"my new colleagues at Spotify are so chill": "Spotify"},
         counter=("my sister's new boss at Tesco",)),
    Rule("en.profile.employer.left_for", PROFILE,
         r"\bI\s+(?:just\s+|finally\s+)?(?:left|quit)\s+(?!(?:home|work|school|the|my)\b)"
         r"[\w&.'-]+(?:\s+[\w&.'-]+)?\s+for\s+(?P<fact>" + ORG_VALUE + ")",
         slot="employer",
         examples={"I left deloitte for kpmg": "kpmg"},
         counter=("I left home for work at 7",)),
    # --- chat forms of who one is and what one likes: "nurse here", "biscuit (our cat)",
    # "tea > coffee", "my usual 6am walk", "did my masters in …" ---
    Rule("en.profile.identity.here", PROFILE,
         r"(?:^|(?<=[,;.!]\s))\W*(?P<fact>(?:type\s+[12]\s+)?(?:diabetic|vegan|vegetarian|"
         r"pescatarian|coeliac|celiac|(?:mom|mum|dad|mother|father|parent)\s+of\s+(?:\d+|one|"
         r"two|three|four|five|twins)|(?:(?:a|an)\s+)?" + OCCUPATIONS["en"] + r"))\s+here\b",
         examples={"type 1 diabetic here so carb counts matter": "type 1 diabetic",
                   "mom of three here, any tips?": "mom of three",
                   "nurse here, long shifts all week": "nurse"},
         counter=("no nurse here can help", "is there a nurse here?")),
    Rule("en.profile.family_name.in_brackets", PROFILE,
         r"(?P<fact>(?P<value>" + NAME_CAP + "|" + NAME_LOWER + r")\s*\((?:our|my)\s+"
         r"(?:(?:little|old|new|baby)\s+)?(?P<name>" + KIN + r")\))",
         slot="name",
         examples={"biscuit (our cat) is lying across my keyboard": "biscuit (our cat)",
                   "Luna (my dog) hates thunder": "Luna (my dog)"},
         counter=("Luna (her dog) hates thunder",)),
    Rule("en.preference.like.over_symbol", PREFERENCE,
         r"(?:^|(?<=[,;]\s))(?P<fact>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*){0,2})\s*>\s*"
         r"[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*){0,2}(?=\s*(?:[,.!;:]|$)|\s+(?:any\s+day|"
         r"always|every\s+time|tbh|imo|honestly|lol|haha|fight\s+me)\b)",
         examples={"tea > coffee, earl grey specifically": "tea",
                   "pizza > burgers any day": "pizza"},
         counter=("if a > b then swap them", "3 > 2")),
    # A weekly slot named before what fills it, no verb: "thursday nights are 5-a-side with
    # the lads", "saturdays = parkrun" (the day, plural or with "every", is the habit).
    Rule("en.habit.routine.weekly_slot", HABIT,
         r"^(?:(?:ok|so|lol|also|and|btw)\s+)?(?P<when>every\s+(?:mon|tues|wednes|thurs|fri|"
         r"satur|sun)day(?:\s+(?:night|morning|evening|afternoon))?|(?:mon|tues|wednes|thurs|"
         r"fri|satur|sun)days(?:\s+(?:nights|mornings|evenings|afternoons))?|(?:mon|tues|"
         r"wednes|thurs|fri|satur|sun)day\s+(?:nights|mornings|evenings|afternoons))"
         r"(?:\s*[=:]\s*|\s+(?:are|is)\s+" + WEEKLY_WITH + ")",
         examples={"tuesday evenings are climbing with my sister":
                   "climbing with my sister tuesday evenings",
                   "sundays = long run then pancakes": "long run then pancakes sundays"},
         counter=("mondays are the worst", "sunday is my birthday with friends")),
    Rule("en.habit.routine.my_usual", HABIT,
         r"\bmy\s+usual\s+(?P<fact>(?:\d{1,2}\s*(?:am|pm)\s+)?"
         r"(?:walk|run|jog|swim|ride|workout|yoga|coffee|tea|gym\s+session|swim|commute|"
         r"bike\s+ride|hike|class)(?:\s+(?:with|at|in|on|before|after)\s+(?:the\s+|my\s+)?"
         r"[\w-]+)?)",
         examples={"just back from my usual 6am walk with the dog": "6am walk with the dog",
                   "skipped my usual swim today": "swim"},
         counter=("her usual walk",)),
    Rule("en.profile.education.degree_in", PROFILE,
         r"(?:\bI\s+|^\W*)(?:did|doing|finished|got|have|completed|studied\s+for)\s+(?:my|a)\s+"
         r"(?P<fact>(?:masters?|master's|phd|doctorate|degree|bachelors?|bachelor's|ba|bsc|msc|mba)"
         r"\s+(?:degree\s+)?in\s+[\w-]+(?:\s+(?!at\b|in\b|from\b|down\b|up\b)[\w-]+){0,3})",
         examples={"i did my masters in marine biology down in plymouth":
                   "masters in marine biology"},
         counter=("my brother did a degree in law",)),
)

# ==== PROFILE (continued): aims ============================================================

AIM_RULES: tuple[Rule, ...] = (
    # A person one means to become: "I want to be a doctor" (a profile fact; tried before the
    # plans, so "I want to become a pilot" stays who one means to be rather than a plan).
    Rule(
        "en.profile.aim.want_to_be", PROFILE,
        r"\bI(?:\s+(?:really|also))?\s+(?:(?:want\s+to|plan\s+to)\s+(?=(?:be|become)\s+"
            r"(?:a|an)\b)|(?:hope\s+to|'d\s+like\s+to|would\s+like\s+to)\s+(?=(?:be|"
            r"become)\s+(?:a|an)\b|(?:retire|travel|move|study|open|start)\b))"
            r"|\bmy\s+(?:dream|goal)\s+is\b",
        examples={
            "wanna become a pilot": "become a pilot",
            "I want to be a doctor.": "be a doctor",
        },
    ),
)

RULES: tuple[Rule, ...] = (
    PREFERENCE_RULES + AIM_RULES + DECISION_RULES + HABIT_RULES + PROFILE_RULES)
"""Every English rule, by kind (the engine tries them in this order at a tie)."""

# ==== Word lists the engine reads ===========================================================

BOUNDARY_EXTRA = (
    r"|,?\s+(?:and|so)\s+(?=I\b|I'|we\b|my\b|im\b|ive\b)"
    # a chat's run-on: "…, so no more rain for me", "… so the commute is long", "… and
    # then moved to Leeds" (not the "so" of degree: "so peaceful", "so much"; "and
    # then" in lower case: "And Then There Were None" is a title)
    r"|,?\s+(?-i:and\s+then)\b|,\s*so\b|\s+so\s+(?=(?:i|im|ive|we|my|it|its|that|thats|there|"
    r"theres|this|now|no|yeah|you|u|youre|he|she|they|the|everything|nothing|anyway|idk|"
    r"then)\b|i')")
"""Where an open fact ends besides the boundary words: "and" / "so" before a new subject."""

STOP_TEXT = ("the and i is to of my it for with we you a in that this on be i'm i'll "
             "don't usually always never prefer like")
STOPWORDS = frozenset(STOP_TEXT.split())
"""Frequent English words that tell a sentence's language."""

CLAUSE_OPENERS = ("i i'm i've i'd i'll it its you you're we we're they they're he she there "
                  "there's what im ive youre theyre theres especially like plus even")
"""A list piece opening with one of these starts a new clause, not an item."""
LIST_DEPENDENTS = ("aged ages named called based located born raised made known including "
                   "includes especially mostly mainly particularly primarily usually like such "
                   "from with without in on at of for by about which who whom whose where when "
                   "while as than except")
"""A comma piece opening with one of these qualifies what came before ("two kids, aged 4")."""
VAGUE_WORDS = ("to do doing those these that this it them things thing stuff all of the same "
               "similar a lot lots kind kinds sort sorts different so much too both one ones two "
               "three there here as well")
"""A fact made only of these says nothing ("do those things", "all of them too")."""


GRAMMAR = Grammar(
    car_context=words(
        "engine brakes? brake tyres? tires? mot mileage garage mechanic driv parked parking "
        "fuel petrol diesel charg miles mpg clutch gearbox dashboard oil battery service "
        "exhaust windscreen windshield wheels? insurance km aircon"),
    name_followers=words(
        "keeps kept loves loved hates hated says said wants wanted likes liked eats ate sleeps "
        "slept barks barked snores snored works worked lives lived got gets started starts "
        "makes made thinks thought told tells went goes came comes does did can will would "
        "could never always just also still refuses refused"),
    adverbs=words(
        "most every each all some many much more less other same whole just still also always "
        "never even only really actually literally finally basically "
        "usually sometimes often already totally kinda sorta lowkey def definitely probably rly "
        "rlly tho though too so very barely hardly almost"),
    adverb_endings=("ly",),
    kin_compounds=words(
        "shower food litter walker walkers sitter sitters sitting bed beds bowl bowls toy toys "
        "treat treats park parks monitor carrier crate door flap hair fur leash lead collar vet "
        "insurance daycare duty stuff group chat birthday wedding talk years days steps "
        "friendly-ish friendly proof"),
    laughs=("lol", "lmao", "lmfao", "rofl", "haha", "hehe", "xd"),
    code="en", name="English", rules=RULES,
    boundaries=("but", "however", "although", "though", "because", "whereas", "unless",
                r"so\s+that", r"which\s+means", r"since\s+(?=it|they|we|I)"),
    boundary_extra=BOUNDARY_EXTRA,
    hypothetical=("if", "suppose", "supposing", "imagine", "unless", "whether", "pretend",
                  "hypothetically", r"not\s+sure", "unsure",
                  'translate', 'translation', 'lyrics', 'poem', 'roleplay', 'role[-\\s]?play',
                      'in\\s+character'),
    articles=("the", "a", "an"),
    list_conjunctions=("and", "or"),
    stopwords=STOPWORDS,
    letter_hints="",
    contrasts=("but", "however", "whereas"), joins=("and", "so"),
    clause_subjects=(r"(?-i:I)\b", r"(?-i:I)'", r"we\b", r"my\b"),
    clause_extra=r"|,?\s+and\s+(?=(?:i|im|ive)\b|i')|,?\s+(?-i:and\s+then)\s+",
    chat_spelling=True, dropped_subject=True,
    sarcasm=(r"^(?:oh|ah)\s+(?:joy|goody)\b|\b(?:just|simply|absolutely)\s+(?:love|adore)\s+"
             r"(?:it\s+when|when|being\s+stuck|waiting|getting\s+stuck|sitting\s+in\s+traffic)\b"),
    work_at=("at", "for"),
    leading_fillers=("really", "to", "that"),
    trailing_fillers=(r"a\s+lot", r"very\s+much", r"so\s+much", r"so\s+badly", r"so\s+bad", "too",
                      r"as\s+well", "also", "really", "anyway", "actually", "though", "then",
                      r"for\s+now", "please", "lol", "haha", "tbh", "ngl", "btw", "imo", "tho",
                      "lmao", "and", "or", "but", "so"),
    time_words=("now", r"right\s+now", "nowadays", r"these\s+days", r"at\s+the\s+moment",
                "currently", "atm", "rn", r"as\s+of\s+now", "originally", "again", "recently",
                "lately", "yesterday", "today", "tonight",
                r"this\s+(?:morning|afternoon|evening|week|weekend|month|year)",
                r"last\s+(?:week|weekend|month|year|night|spring|summer|autumn|fall|winter)",
                r"(?:a|one|two|three|four|five|six|a\s+few|several|a\s+couple\s+of|\d+)\s+"
                r"(?:days?|weeks?|months?|years?)\s+ago"),
    pronoun_facts=("it", "that", "this", "them", "those", "these", "one", "you", "him", "her",
                   "it all", "that one", "this one"),
    clause_openers=tuple(CLAUSE_OPENERS.split()),
    list_dependents=tuple(LIST_DEPENDENTS.split()),
    vague_words=tuple(VAGUE_WORDS.split()),
    anaphora=("that", "this", "those", "these", "it", "them", "their", "his", "her", "its"),
    junk_facts=(r"(?:it|that)\s+when\b|(?:happy|glad|willing|up\s+for|here|how|what|way|fact|"
                r"ones?|idea)\b|(?:sorry|sure|good|fine|well|ok|okay|great)\s*$"),
    kin=(
         "boyfriend: bf; girlfriend: gf; mother: mum mom; father: dad; grandmother: grandma; "
         "grandfather: grandpa; "
         "dog: pup shepherd mutt " + DOG_BREEDS + "; "
         "cat: tabby kitty moggy " + CAT_BREEDS),
)
