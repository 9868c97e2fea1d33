"""Trigger rows of the third coverage round (issue 13 item 4: the blind list and the update
pairs of ``evals/cases/coverage-blind.jsonl`` and ``updates-tuned.jsonl``), appended to
each language's table after the second round's rows.

Classes: idioms of taste ("X isn't my cup of tea", "X is my thing", "I'm partial to",
"I've never liked"; not "I've never been into X", which in chats mostly answers the other
person's "I love X" and is matched to their persona by the polarity-blind SPC rule), teams
("I support Arsenal", "I root for the Cubs"), plans with a time ("we're planning to…",
"I've booked…", "I'm going to … next year"), standing requests
("from now on…", "… going forward", "remind me … every day", "when you suggest X, leave out
Y"), residence and work said with "we" or after "but/and now", employers ("I've been at
Deloitte for…", "my new job at…", "I left X and joined Y"), relatives named in apposition
("my husband, Tom,"), "our dog Biscuit", "my partner's called", "my birthday's", vehicles and
phones ("my car is a…"), routines by frequency ("twice a day", "on Saturday mornings"),
health states ("I'm asthmatic"), diets taken up ("I went vegan", "I've been vegan for…"),
unwillingness ("I'm not willing to…"), "I can't do/handle X", "no X for me", fans ("I'm a
huge Lakers fan"), life events said in passing ("I just got a puppy", "I started learning
Spanish", "I took up pottery"), and in the
other languages moves and work said with "we"/"now" and professions without an article
("Sou professor", "Je suis infirmière").

Rows are ``(category, polarity, regex)`` as in ``patterns_lang.TABLE``.
"""

from __future__ import annotations

from kore_pipeline.extract.trigger_parts import CAP as _CAP
from kore_pipeline.extract.trigger_parts import CHAT_LEAD as _LEAD
from kore_pipeline.extract.trigger_parts import DEC, HAB, PREF, PROF, Row
from kore_pipeline.extract.trigger_parts import I_AM as _IM
from kore_pipeline.extract.trigger_parts import any_of as _any
from kore_pipeline.text.occupations import OCCUPATIONS

_ADV = r"(?:\s+(?:really|also|just|definitely|genuinely|totally|absolutely|still|now|kind\s+of))"
_DAYS = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_MONTHS = (r"(?:january|february|march|april|may|june|july|august|september|october|"
           r"november|december|spring|summer|autumn|fall|winter)")
_TO_END = r"(?P<fact>[^.;!?]{2,150}?)(?=\s*[.;!?]|$)"
_OBJ = r"(?!(?:it|that|this|them|those|these|him|her|you|anything|much|everything)\b)"
_RELATIVES = ("wife husband partner boyfriend girlfriend fianc[ée]e? son daughter kid child "
              "baby mom mum mother dad father brother sister boss manager")
_PETS = "dog cat puppy kitten parrot rabbit horse hamster tortoise"
EN: list[Row] = [
    # idioms of taste: "Horror movies aren't my cup of tea", "Mornings are not my thing"
    (PREF, "-", _LEAD + r"(?P<fact>(?!(?:it|that|this|which|what)\b)[\w' -]{2,40}?)\s+"
                r"(?:is|are|was|were)(?:n't|\s+not|\s+never)\s+(?:really\s+|exactly\s+|quite\s+|"
                r"at\s+all\s+|just\s+)?(?:my\s+(?:cup\s+of\s+tea|thing)\b|for\s+me\b)"),
    (PREF, "+", _LEAD + r"(?P<fact>(?!(?:it|that|this|which|what)\b)[\w' -]{2,40}?)\s+"
                r"(?:is|are)\s+(?:totally\s+|really\s+|very\s+much\s+|definitely\s+|so\s+|"
                r"absolutely\s+|completely\s+|just\s+)?my\s+(?:thing|cup\s+of\s+tea)\b"),
    (PREF, "+", _IM + _ADV + r"{0,2}\s+(?:partial\s+to|hooked\s+on|mad\s+about|big\s+on|"
                r"keen\s+on|fond\s+of)\b"
                r"|\bI(?:\s+have|'ve\s+got|\s+have\s+got)\s+a\s+(?:real\s+|big\s+|huge\s+)?"
                r"(?:soft\s+spot|weakness)\s+for\b"),
    (PREF, "-", r"\bI(?:'ve|\s+have)\s+never\s+(?:really\s+|much\s+|ever\s+)?(?:liked|enjoyed|"
                r"cared\s+for)\b"),
    # teams: "I support Arsenal", "I root for the Cubs" ("I'm a huge Lakers fan" is the profile
    # fact of "I'm a …", as before)
    (PREF, "+", r"\b(?:I|we)(?:\s+(?:really|still|now|also|always|have\s+always))?\s+(?:support|"
                r"supported|root\s+for|cheer\s+for)\s+(?=(?:the\s+)?" + _CAP + r")"),
    # plans: "we're planning to move", "I've booked a trip", "I'm getting married"
    (DEC, "+", r"\bwe(?:'re|\s+are)\s+(?:now\s+|still\s+|seriously\s+)?planning\s+(?:to|on)\b"
               r"|\b(?:I|we)(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|already\s+)?(?:booked|"
               r"signed\s+up\s+for|registered\s+for|entered)\s+(?=(?:a|an|the|my|our)\s+\w)"
               r"|\b(?:I|we)(?:'m|'re|\s+am|\s+are)\s+getting\s+(?=(?:married|engaged|"
               r"divorced)\b)"),
    (DEC, "+", r"\b(?:I|we)(?:'m|'re|\s+am|\s+are)\s+going\s+to\s+(?=(?:run|do|start|take\s+up|"
               r"learn|move|visit|travel|quit|retire|apply|sign\s+up|go\s+back|switch)\b"
               r"[^.;!?]*?\b(?:(?:in|by)\s+" + _MONTHS + r"|next\s+(?:year|month|spring|summer|"
               r"autumn|fall|winter|" + _MONTHS + r")|this\s+(?:year|spring|summer|autumn|fall|"
               r"winter))\b)"),
    # standing requests: "From now on, please call me Alex", "Keep it brief going forward"
    (DEC, "+", r"^(?:(?:ok|okay|also|and|oh|so),?\s+)?(?:from\s+now\s+on|going\s+forward|"
               r"in\s+(?:the\s+)?future|from\s+here\s+on(?:\s+out)?),?\s+(?:please,?\s+)?"
               r"(?!I\b|I'|we\b|it\b|things\b)" + _TO_END),
    (DEC, "+", r"^(?=[^.;!?]*?\b(?:from\s+now\s+on|going\s+forward|from\s+here\s+on)\b)"
               r"(?:(?:please|pls|and|also|ok|okay|so),?\s+)*(?:(?:can|could|would|will)\s+"
               r"you\s+(?:please\s+)?)?(?P<fact>(?!(?:well|but|I|I'|we|it|this|that|things)\b)"
               r"(?:(?!\b(?:I|I'm|I'll|we|you'll|you're|he|she|they)\b)[^.;!?]){2,150}?),?\s+"
               r"(?:from\s+now\s+on|going\s+forward|from\s+here\s+on(?:\s+out)?)\b"),
    (DEC, "+", r"^(?:(?:please|pls|and|also|ok|okay|so),?\s+)*(?:(?:can|could|would|will)\s+"
               r"you\s+(?:please\s+)?)?remind\s+me\s+(?=[^.;!?]{0,80}?\b(?:(?:every|each)\s+"
               r"(?:day|morning|evening|night|week|month|weekday|" + _DAYS + r")|daily|weekly|"
               r"monthly)\b)" + _TO_END),
    (DEC, "+", r"^(?:(?:and|also|oh|so),?\s+)?when(?:ever)?\s+you\s+(?:suggest|recommend|write|"
               r"plan|give|make|draft|reply|answer|send|book|pick|choose|propose|list)\b"
               r"[^.;!?]{0,60}?,\s*(?:please\s+)?(?P<fact>(?:leave\s+out|skip|avoid|don't|"
               r"do\s+not|never|always|include|use|stick\s+to|add|mention|keep|exclude)\b"
               r"[^.;!?]{2,120}?)(?=\s*[.;!?]|$)"),
    # residence and work with "we", "relocated", "home is", "but (now) live in"
    (PROF, "+", r"\bwe(?:'re|\s+are)\s+(?:now\s+|currently\s+|still\s+)?(?:based|living|"
                r"settled)\s+in\s+(?=" + _CAP + r")|\bwe\s+(?:now\s+|currently\s+|still\s+)?"
                r"live\s+in\s+(?=" + _CAP + r")"
                r"|\b(?:I|we)(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+)?(?:moved|"
                r"relocated)\s+(?:back\s+|over\s+|down\s+|up\s+|out\s+|away\s+)?to\s+(?="
                + _CAP + r")|\b(?:I|we)(?:'ve|\s+have)\s+(?:lived|been\s+living)\s+in\s+(?="
                + _CAP + r")"),
    (PROF, "+", _LEAD + r"(?:my\s+)?home\s+(?:is|'s)\s+(?:now\s+)?(?:in\s+)?(?=" + _CAP + r")"),
    (PROF, "+", r"^(?:but|and|though)\s+(?:now\s+|currently\s+|these\s+days\s+)?(?:live|living)"
                r"\s+in\s+(?=" + _CAP + r")|(?<=\w)\s+(?:and|but)\s+(?:now|these\s+days)\s+"
                r"(?=(?:drive|ride|live\s+in|work\s+(?:at|for|as))\b)"),
    # employers: "I've been at Deloitte for five years", "my new job at Lego", "joined Shopify"
    (PROF, "+", r"\bI(?:'ve|\s+have)\s+been\s+(?:working\s+)?(?:at|with|for)\s+(?=" + _CAP +
                r"[^.;!?]{0,40}?\b(?:for|since)\b)"
                r"|\bmy\s+(?:new\s+)?(?:job|position|role)\s+(?:at|with)\s+(?=" + _CAP + r")"
                r"|\bI(?:'ve|\s+have)\s+(?:just\s+|recently\s+)?started\s+(?:working\s+)?at\s+(?="
                + _CAP + r")"
                r"|\bI(?:'ve|\s+have)?\s+(?:just\s+|recently\s+)?(?:started|got|landed|took|"
                r"accepted)\s+(?:a\s+)?(?:new\s+)?(?:job|position|role)\s+(?:at|with)\s+(?="
                + _CAP + r")"
                r"|\bI(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+)?(?:left|quit)\s+"
                r"[^.;!?]{1,40}?\s+(?:and|to)\s+(?:join(?:ed)?|start(?:ed)?\s+(?:at|with))\s+(?="
                + _CAP + r")"),
    # relatives and pets: "my husband, Tom, is", "our dog Biscuit", "my partner's called Sam"
    (PROF, "+", _LEAD + r"(?:(?:my|our)\s+(?=" + _any(_RELATIVES + " " + _PETS) +
                r"\s*,\s*" + _CAP + r"[\w'-]+\s*,)|our\s+(?=" + _any(
                    _RELATIVES + " " + _PETS + " kids children") + r",?\s+" + _CAP + r"\w))"),
    (PROF, "+", r"\bmy\s+(?P<pre>" + _any(_RELATIVES + " " + _PETS) +
                r"'s\s+(?:called|named))(?=\s+" + _CAP + r")"
                r"|\bmy\s+(?P<pre2>(?:" + _any(_RELATIVES) + r"'s\s+)?(?:birthday|anniversary|"
                r"name's|surname|star\s+sign))'s\b(?=\s+\w)"),
    (PROF, "+", r"\b(?:I|we)\s+(?:now\s+|also\s+)?(?:have|got|adopted)\s+(?:a|an)\s+(?:new\s+)?"
                r"(?=" + _any(_PETS) + r"\s+(?:called|named)\s+" + _CAP + r")"),
    # vehicles and devices: "My car is an old Volvo estate", "my phone is a Pixel"
    (PROF, "+", r"\bmy\s+(?:current\s+|new\s+)?(?P<pre>(?:car|phone|bike|motorbike|motorcycle|"
                r"laptop|van|truck|scooter|tablet)\s+is)\s+(?=(?:now\s+)?(?:an?\s+|the\s+)"
                r"\w|" + _CAP + r")"),
    # routines by frequency: "I walk the dog twice a day", "on Saturday mornings"
    (HAB, "+", r"\bI\s+(?=(?:[\w'-]+,?\s+){1,8}?(?:(?:once|twice|three\s+times|four\s+times|"
               r"\d+\s+times)\s+(?:a|an|per|every)\s+(?:day|week|month|year|fortnight)|on\s+"
               + _DAYS + r"s?\s+(?:mornings|afternoons|evenings|nights)|(?:most|many)\s+"
               r"(?:mornings|days|evenings|nights|weekends))\b)"),
    # health states and diets taken up
    (PROF, "+", _IM + _ADV + r"{0,2}\s+(?=(?:asthmatic|epileptic|autistic|anaemic|anemic|"
                r"dyslexic|dyspraxic|hypoglycemic|insulin-dependent|immunocompromised|"
                r"hard\s+of\s+hearing|teetotal|tee-total|sober|gluten[- ]intolerant)\b)"),
    # a diet with an adverb or said as "plant-based": "I'm fully plant-based now", "I'm
    # strictly vegan" (the bare "I'm vegan" is the first round's row)
    (PROF, "+", _IM + r"\s+(?:now\s+)?(?=(?:(?:fully|strictly|mostly|completely|entirely|"
                r"totally|100%)\s+)(?:plant[- ]based|vegan|vegetarian|pescatarian|pescetarian)\b"
                r"|plant[- ]based\b)"),
    (PROF, "+", r"\bI(?:'ve|\s+have)\s+been\s+(?:a\s+|an\s+)?(?:strict\s+|fully\s+)?(?=(?:vegan|"
                r"vegetarian|pescatarian|pescetarian|sober|teetotal|gluten[- ]free|dairy[- ]free|"
                r"plant[- ]based|keto)\b)"
                r"|\bI(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+)?(?:went|gone|turned|"
                r"switched\s+to\s+being)\s+(?=(?:fully\s+)?(?:vegan|vegetarian|pescatarian|"
                r"pescetarian|keto|teetotal|sober|gluten[- ]free|dairy[- ]free|plant[- ]based)"
                r"\b)"),
    # work with the adverb after "I'm": "I'm now working as a UX designer"
    (PROF, "+", _IM + r"\s+(?:now|currently|still|also)\s+(?:working|employed)\s+(?:as|at|for|"
                r"with|by)\b"),
    # explicit change: "I'm no longer vegan", "I'm not a smoker anymore", "I no longer eat meat"
    (PROF, "-", _IM + r"\s+(?=no\s+longer\s+\w|not\s+(?:an?\s+)?[\w-]+"
                r"(?:\s+[\w-]+)?\s+any\s?more\b)|\bI\s+(?=no\s+longer\s+(?:live|work|eat|drink|drive|smoke|"
                r"use|have|own|play|support|do|go)\b)"),
    # unwillingness and limits: "I'm not willing to relocate", "I can't do stairs"
    (PREF, "-", _IM + r"\s+(?:not\s+(?:really\s+)?(?:willing|prepared|open)|unwilling)\s+to\b"),
    (PROF, "-", r"\bI(?<!\bthat\sI)(?<!\blike\sI)(?<!\bthink\sI)\s+(?:can't|cannot|can\s+not)\s+"
                r"(?:do|handle|tolerate|digest|eat|drink)\s+" + _OBJ +
                r"(?!(?:a\s+thing|so|too|any|the\s+same|more|better|without|this|that|much|"
                r"enough|anything|everything|all)\b)(?=\w)"),
    (PREF, "-", _LEAD + r"no\s+(?P<fact>(?!(?:problem|problems|worries|idea|way|thanks|need|"
                r"rush|pressure|doubt|offence|offense|kidding|clue)\b)[^.;!?]{2,60}?)\s+for\s+"
                r"me\b"),
    # fans: "I'm a huge Lakers fan", "I'm a lifelong Celtic supporter" (a liking; the clause
    # keeps its other facts: "I like to run, I'm a huge Ed Sheeran fan")
    (PREF, "+", _IM + r"\s+(?:an?\s+)?(?:(?:big|huge|massive|lifelong|life-long|die-?hard|"
                r"long-?time|proud|loyal|true|avid)\s+)*(?P<fact>" + _CAP + r"[\w'.&-]*(?:\s+"
                + _CAP + r"[\w'.&-]*){0,3}\s+(?:fan|supporter))\b"),
    # life events said in passing: "I just got a puppy", "I started learning Spanish", "I took
    # up pottery" (what one now has or does)
    (PROF, "+", r"\bI(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+|also\s+|now\s+)?"
                r"(?:got|bought|purchased)\s+(?=(?:a|an|my\s+first|our\s+first)\s+(?:new\s+)?"
                r"(?!(?:chance|lot|bit|little|feeling|idea|question|call|message|text|email|"
                r"minute|second|moment|sec|break|reply|response|sense|glimpse|look|kick|laugh|"
                r"taste|hold|grip|clue|point|problem|headache|cold|cough|flu|c|b|d)\b)\w)"),
    (HAB, "+", r"\bI(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+|also\s+)?(?:started|began|"
               r"begun)\s+(?=(?:learning|taking|doing|playing|practi[cs]ing|studying|training|"
               r"running|swimming|cycling|going\s+to)\s+" + _OBJ + r"\w)"
               r"|\bI(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+|also\s+)?(?:took|taken|"
               r"picked)\s+up\s+(?=" + _OBJ + r"(?!(?:the|my|your|a\s+call|a\s+thing|some|"
               r"a\s+few|one|on)\b)\w)"),
]

# From the held-out update pairs: statements that end a fact ("I stopped drinking coffee",
# "I gave up smoking", "I quit my job at Amazon", "I don't live in Leeds anymore", "I no
# longer cook"), age ("I'm 34", "I just turned 30"), "in a relationship", pets of any breed
# said with "we" ("we have a golden retriever called Max"), places and employers said in
# passing ("since we got to Gdansk", "ever since moving to Seattle", "we packed up and moved
# to", "I started at Klarna"), eating everything, "I've become a … fan", "my hobby is",
# "I use a <phone>".
_NAMED = _CAP + r"[\w'.&-]*(?:\s+(?!I\b)" + _CAP + r"[\w'.&-]*){0,3}"
_CLAUSE_END = (r"(?=\s*(?:[.;!?,]|$)|\s+(?:because|but|so|since|as|though|although|and\s+"
               r"(?:I|we|now|then))\b)")
_NOT_AMOUNT = (r"(?!\s*(?:%|min|mins|minutes?|h|hours?|days?|weeks?|months?|km|kg|miles?|times|"
               r"percent|euros?|dollars?|pounds?|foot|feet|ft|cm|inches|degrees|stone|lbs?)\b)")
_ARRIVED = (r"(?:I|we)(?:'ve|\s+have)?\s+(?:got|gotten|come|came|arrived|moved|relocated|"
            r"settled)\s+(?:back\s+|here\s+|over\s+)?(?:to|in)\s+(?P<fact>" + _NAMED + r")")
EN.extend([
    (HAB, "+", r"\b(?:I|we)(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|recently\s+|completely\s+|"
               r"totally\s+|actually\s+|also\s+)?(?P<pre>stopped|quit|gave\s+up|given\s+up)\s+"
               r"(?!(?:by|at|in|for|to|off|there|here|on|and|but|it|that|this|now|me|him|her|"
               r"them|you|being)\b)(?!(?:(?:a|an|one|two|three|four|five|six|few|couple|of|several|many|"
               r"\d+)\s+){0,2}?(?:ago|years?|months?|weeks?|days?)\b)"
               r"(?P<fact>\w[^.;!?,]{1,100}?)" + _CLAUSE_END),
    (PROF, "-", r"\b(?:I|we)\s+(?:don't|do\s+not)\s+(?!(?:really\s+)?\w+\s+(?:it|that|this|them|"
                r"as\s+much|much|anything)\b)(?=\w[^.;!?]{0,60}?\bany\s?more\b)"
                r"|\b(?:I|we)\s+(?=no\s+longer\s+\w)"),
    (PROF, "+", r"\b(?P<pre>I(?:'m| am))\s+(?:now\s+)?(?P<fact>\d{1,3})(?!\s*years?\s+old)"
                + _NOT_AMOUNT + r"(?=\s*(?:[.,;!?]|$|now\b|and\b|but\b|so\b|today\b|my\b|"
                r"I\b|this\b|next\b|in\b))"),
    (PROF, "+", r"\bI(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+)?(?P<pre>turned)\s+"
                r"(?P<fact>\d{1,3})\b" + _NOT_AMOUNT),
    (PROF, "+", _IM + r"\s+(?:now\s+)?(?=in\s+a\s+(?:relationship|couple)\b)"),
    (PROF, "+", r"\b(?:I|we)(?:'ve|\s+have)?\s+(?:now\s+|also\s+)?(?:have|got|adopted|"
                r"rescued)\s+(?=(?:a|an)\s+(?:new\s+)?(?!" + _any(_PETS) + r"\s)(?:[\w-]+\s+)"
                r"{1,3}?(?:called|named)\s+" + _CAP + r")"),
    (PROF, "+", r"\b(?:ever\s+)?since\s+" + _ARRIVED),
    (PROF, "+", r"\bnow that\s+" + _ARRIVED),
    (PROF, "+", r"\b(?:ever\s+)?since\s+(?:moving|relocating|coming|getting)\s+(?:back\s+|"
                r"here\s+|over\s+)?to\s+(?P<fact>" + _NAMED + r")"),
    (PROF, "+", r"\b(?:I|we)\s+(?:[\w']+\s+){1,3}?and\s+(?:moved|relocated)(?:\s+(?:back|over|"
                r"down|up|out|away))?\s+to\s+(?P<fact>" + _NAMED + r")"),
    (PROF, "+", r"\bI(?:'ve|\s+have)?\s+(?:just\s+|recently\s+)?started\s+(?:working\s+)?at\s+"
                r"(?P<fact>" + _NAMED + r")"),
    (PROF, "+", r"\bI(?:'ll|\s+will|\s+can)\s+(?P<pre>eat)\s+(?:just\s+|pretty\s+much\s+)?"
                r"(?P<fact>everything|anything)\b"),
    (PREF, "+", r"\bI(?:'ve|\s+have)?\s+(?:now\s+)?become\s+(?:an?\s+)?(?:(?:big|huge|massive|"
                r"proper|real)\s+)?(?P<fact>" + _NAMED + r"\s+(?:fan|supporter))\b"),
    (PREF, "+", r"\bmy\s+(?:main\s+|new\s+|big\s+)?(?P<pre>hobby|pastime)\s+(?:(?:these\s+days|"
                r"now|at\s+the\s+moment|lately)\s+)?is\s+(?:now\s+)?(?=\w)"),
    (PROF, "+", r"\bI\s+(?:now\s+|currently\s+|still\s+)?use\s+(?:an?\s+|the\s+)?(?=(?:iPhone|"
                r"Pixel|Galaxy|Samsung|OnePlus|Xiaomi|Motorola|Nokia|Huawei|Fairphone)\b)"),
])

IT: list[Row] = [
    (PROF, "+", r"\b(?:io\s+)?(?:ora\s+|adesso\s+)?sono\s+(?=" + OCCUPATIONS["it"] +
                r"\b)|\b(?:abitiamo|viviamo)\s+(?:a|ad|in)\b|\bci\s+siamo\s+trasferiti\s+"
                r"(?:a|ad|in)\b|\b(?:ora|adesso)\s+(?:abito|vivo)\s+(?:a|ad|in)\b"),
    (PROF, "+", r"\bmi\s+sono\s+(?:appena\s+)?trasferit[oa]\s+(?:a|ad|in)\b"
                r"|\blavoro\s+(?:alla|al|allo|nella|nel)\b"),
]

ES: list[Row] = [
    (PROF, "+", r"\b(?:yo\s+)?(?:ahora\s+)?soy\s+(?=" + OCCUPATIONS["es"] + r"\b)"
                r"|\b(?:vivimos\s+en|nos\s+(?:mudamos|hemos\s+mudado)\s+a)\b"
                r"|\bahora\s+(?:vivo|trabajo)\s+(?:en|como|para)\b"),
    (PROF, "+", r"\btengo\s+(?P<fact>\d{1,3}\s+años)\b"),
]

FR: list[Row] = [
    (PROF, "+", r"\bje\s+suis\s+(?:maintenant\s+)?(?=" + OCCUPATIONS["fr"] + r"\b)"
                r"|\b(?:nous\s+avons|on\s+a)\s+déménagé\s+(?:à|a|en|au)\b"
                r"|\b(?:nous\s+habitons|on\s+habite|nous\s+vivons)\s+(?:à|a|en|au)\b"),
    (PROF, "+", r"\bj'ai\s+(?:maintenant\s+)?(?P<fact>\d{1,3}\s+ans)\b"),
]

DE: list[Row] = [
    (PROF, "+", r"\bich\s+(?:wohne|lebe)\s+(?:jetzt|nun|seit\s+\w+)\s+in\b"
                r"|\bwir\s+(?:wohnen|leben)\s+(?:jetzt\s+|nun\s+)?in\b"
                r"|\b(?:ich\s+bin|wir\s+sind)\s+(?:jetzt\s+|nun\s+)?nach\s+(?=" + _CAP +
                r"[^.;!?]{0,30}?\bgezogen\b)"
                r"|\bich\s+arbeite\s+(?:jetzt|nun)\s+(?:als|bei|für)\b"),
    (PROF, "+", r"\bseit\s+(?:wir|ich)\s+(?:jetzt\s+)?in\s+(?P<fact>" + _NAMED + r")\s+(?:wohnen|"
                r"wohne|leben|lebe)\b"),
    (PROF, "+", r"\b(?P<pre>ich\s+bin)\s+(?:jetzt\s+)?(?P<fact>\d{1,3})(?:\s+Jahre\s+alt)?"
                r"(?=\s*(?:[.,;!?]|und\b|$))"),
]

PT: list[Row] = [
    (PROF, "+", r"\b(?:eu\s+)?(?:agora\s+)?sou\s+(?=" + OCCUPATIONS["pt"] + r"\b)"
                r"|\b(?:moramos|vivemos)\s+em\b|\bnos\s+mudamos\s+para\b"
                r"|\bagora\s+(?:moro|vivo|trabalho)\s+(?:em|como|na|no|para)\b"),
    (PROF, "+", r"\btenho\s+(?P<fact>\d{1,3}\s+anos)\b"),
]

THIRD_ROWS: dict[str, list[Row]] = {"en": EN, "it": IT, "es": ES, "fr": FR, "de": DE, "pt": PT}
