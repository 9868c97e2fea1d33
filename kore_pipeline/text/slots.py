"""Slots: the one thing a statement sets, so that a later value can supersede an earlier one.

``slot_of("I moved to Berlin", "en") == ("residence", "berlin")``: "I live in Turin" fills the
same slot with another value, so the later statement supersedes the earlier (extraction upsert
and compression both ask). A slot holds one value at a time for one person: where one person
can have many (tools, children, tickets) the slot name carries what tells them apart
("tool:vs code" is what the user uses *in place of* VS Code; "count:kid" how many kids).
Patterns are English first, with residence, job and employer in it/es/fr/de/pt too.
"""

from __future__ import annotations

import re
from functools import lru_cache

from kore_pipeline.text import endings
from kore_pipeline.text.fact_guard import NUMBER_WORDS, plain
from kore_pipeline.text.literals import LiteralFilter, WordStarts, case_fold
from kore_pipeline.text.occupations import OCCUPATIONS

Slot = tuple[str, str]
"""(slot name, value), both lower case."""

_F = re.IGNORECASE | re.UNICODE
_END = (r"(?=\s*(?:[.,;!?]|\band\b|\bbut\b|\bsince\b|\bfor\b|\bnow\b|\bbecause\b|\bwith\b|"
        r"\bat\b|\bin\b|\bthese\s+days\b|\bnowadays\b|\blately\b|\bagain\b|\blast\s+(?:week|"
        r"month|year|night|weekend)\b|\byesterday\b|$))")
_UPPER = r"(?-i:[A-ZÀ-Ý])"
_PLACE = rf"(?P<value>{_UPPER}[\w'’.-]*(?:\s+(?!I\b){_UPPER}[\w'’.-]*){{0,3}})"
_THING_BODY = r"[\w'’.+#-]+(?:\s+[\w'’.+#-]+){0,3}?"
_THING = rf"(?P<value>{_THING_BODY})"
_NAME = rf"(?P<value>{_UPPER}[\w'’-]*(?:\s+{_UPPER}[\w'’-]*)?)"
_NOW = r"(?:\s+(?:now|currently|still|actually|finally|just|recently))?"
_I_AM = r"(?:I\s+am|I'm|I’m)"
_PEOPLE = ("wife|husband|partner|girlfriend|boyfriend|fianc[ée]e?|boss|manager|dog|cat|"
           "doctor|dentist|therapist|landlord|puppy|kitten")
_DIETS = ("vegan|vegetarian|pescatarian|pescetarian|keto|paleo|carnivore|omnivore|"
          "flexitarian|plant[- ]based|gluten[- ]free|lactose[- ]free|dairy[- ]free|halal|"
          "kosher|raw")

_RULES: list[tuple[str, str, re.Pattern[str]]] = []
"""(language, slot, pattern with a ``value`` group, and ``name`` group when the slot has one)."""


def _rule(lang: str, slot: str, pattern: str) -> None:
    _RULES.append((lang, slot, re.compile(pattern, _F)))


# Residence.
_rule("en", "residence", rf"\b(?:I{_NOW}\s+(?:live|reside)\s+in(?:\s+an?\s+(?:[\w-]+\s+){{0,2}}?"
      rf"(?:flat|house|apartment|studio|village|town|suburb|cottage|bungalow)\s+(?:in|near|"
      rf"outside(?:\s+of)?))?|{_I_AM}{_NOW}\s+"
      rf"(?:living|based|settled)\s+in|I(?:'ve|’ve|\s+have)?{_NOW}\s+(?:moved|relocated)"
      rf"(?:\s+(?:back|over|here|permanently|abroad|down|up|out|away))?\s+to|my\s+(?:new\s+)?"
      rf"home\s+is\s+(?:now\s+)?in|I(?:'ve|’ve|\s+have)\s+(?:lived|been\s+living)\s+in)"
      rf"\s+{_PLACE}")
_rule("it", "residence", rf"\b(?:(?:io\s+)?(?:abito|vivo)\s+(?:a|ad|in)|mi\s+sono\s+"
      rf"trasferit[oa]\s+(?:a|ad|in))\s+{_PLACE}")
_rule("es", "residence", rf"\b(?:(?:yo\s+)?vivo\s+en|me\s+(?:mudé|mude|he\s+mudado)\s+a)"
      rf"\s+{_PLACE}")
_rule("fr", "residence", rf"\b(?:j['’]habite\s+(?:à|a|en)|je\s+vis\s+(?:à|a|en)|j['’]ai\s+"
      rf"déménagé\s+(?:à|a|en))\s+{_PLACE}")
_rule("de", "residence", rf"\b(?:ich\s+(?:wohne|lebe)\s+(?:jetzt\s+)?in|ich\s+bin\s+nach)"
      rf"\s+{_PLACE}")
_rule("pt", "residence", rf"\b(?:(?:eu\s+)?(?:moro|vivo)\s+em|mudei-me\s+para|me\s+mudei\s+"
      rf"para)\s+{_PLACE}")
# Diet.
_rule("en", "diet", rf"\b(?:{_I_AM}|I(?:'ve|’ve|\s+have)?\s+(?:become|became|gone|went|turned|been|"
      rf"switched\s+to\s+being))\s+(?:now\s+|a\s+|an\s+|strict(?:ly)?\s+|fully\s+|mostly\s+|"
      rf"completely\s+|entirely\s+|100%\s+)*"
      rf"(?P<value>{_DIETS})\b")
_rule("en", "diet", rf"\b(?:I\s+(?:follow|eat|am\s+on|'m\s+on|’m\s+on)|my\s+diet\s+is)\s+"
      rf"(?:a\s+|an\s+|now\s+)*(?P<value>{_DIETS})(?:\s+diet)?\b")
# Employer before job: "I work at Acme" is an employer, "I work as a nurse" a job.
_rule("en", "employer", rf"\b(?:I{_NOW}\s+work\s+(?:at|for)|I(?:'ve|’ve|\s+have)?\s+"
      rf"(?:just\s+|recently\s+)?(?:joined|started(?:\s+working)?\s+at)|I(?:'m|’m|\s+am)\s+"
      rf"(?:now\s+)?(?:employed|working)\s+(?:at|by|for)|my\s+(?:new\s+)?employer\s+is"
      rf"(?:\s+now)?)\s+{_PLACE}")
_rule("it", "employer", rf"\blavoro\s+(?:per|presso|da|in)\s+{_PLACE}")
_rule("es", "employer", rf"\btrabajo\s+(?:para|en)\s+{_PLACE}")
_rule("fr", "employer", rf"\bje\s+travaille\s+(?:pour|chez)\s+{_PLACE}")
_rule("de", "employer", rf"\bich\s+arbeite\s+(?:jetzt\s+)?(?:bei|für)\s+{_PLACE}")
_rule("pt", "employer", rf"\btrabalho\s+(?:para|na|no|em)\s+{_PLACE}")
_rule("en", "job", rf"\b(?:I{_NOW}\s+work\s+as|{_I_AM}{_NOW}\s+working\s+as|my\s+(?:new\s+)?"
      rf"(?:job|role|position|title)\s+is(?:\s+now)?|I\s+(?:became|got\s+promoted\s+to|"
      rf"was\s+promoted\s+to))\s+(?:an?\s+|the\s+)?{_THING}{_END}")
_rule("it", "job", rf"\blavoro\s+come\s+{_THING}{_END}")
_rule("es", "job", rf"\btrabajo\s+como\s+{_THING}{_END}")
_rule("fr", "job", rf"\bje\s+travaille\s+comme\s+{_THING}{_END}")
_rule("de", "job", rf"\bich\s+arbeite\s+als\s+{_THING}{_END}")
_rule("pt", "job", rf"\btrabalho\s+como\s+{_THING}{_END}")
# Names of the people (and pets) around the user.
_rule("en", "name", rf"\bmy\s+(?:new\s+)?(?P<name>{_PEOPLE})(?:['’]s\s+name)?\s+is\s+(?:now\s+)?"
      rf"(?:called\s+|named\s+)?{_NAME}")
_rule("en", "name", rf"\bmy\s+(?:new\s+)?(?P<name>{_PEOPLE})(?:,)?\s+{_NAME}\s*,")
# Third coverage round (issue 13 item 4, the update pairs): residence and employer said with
# "we", "home is", "my new job at", "(and) joined"; jobs from a closed list of occupations;
# names said in apposition or of a pet "called" so; favourites, phone, car, sleep times and
# a weekly place: each holds one value at a time, so a later other value supersedes.
_rule("en", "residence", rf"\b(?:we{_NOW}\s+(?:live|reside)\s+in|we(?:'re|’re|\s+are){_NOW}\s+"
      rf"(?:living|based|settled)\s+in|we(?:'ve|’ve|\s+have)?{_NOW}\s+(?:moved|relocated)"
      rf"(?:\s+(?:back|over|here|down|up|out|away))?\s+to|we(?:'ve|’ve|\s+have)\s+(?:lived|"
      rf"been\s+living)\s+in|(?:^|\bmy\s+)home\s+(?:is|'s|’s)(?:\s+now)?(?:\s+in)?|"
      rf"\b(?:and|but)\s+(?:now\s+)?live\s+in)\s+{_PLACE}")
_rule("fr", "residence", rf"\b(?:(?:nous\s+avons|on\s+a)\s+déménagé\s+(?:à|a|en)|(?:nous\s+"
      rf"habitons|on\s+habite|nous\s+vivons)\s+(?:à|a|en))\s+{_PLACE}")
_rule("de", "residence", rf"\b(?:wir\s+(?:wohnen|leben)\s+(?:jetzt\s+|nun\s+)?in|(?:ich\s+bin|"
      rf"wir\s+sind)\s+(?:jetzt\s+|nun\s+)?nach)\s+{_PLACE}")
_rule("it", "residence", rf"\b(?:(?:abitiamo|viviamo)\s+(?:a|ad|in)|ci\s+siamo\s+trasferiti\s+"
      rf"(?:a|ad|in))\s+{_PLACE}")
_rule("es", "residence", rf"\b(?:vivimos\s+en|nos\s+(?:mudamos|hemos\s+mudado)\s+a)\s+{_PLACE}")
_rule("pt", "residence", rf"\b(?:(?:moramos|vivemos)\s+em|nos\s+mudamos\s+para)\s+{_PLACE}")
_rule("en", "employer", rf"\b(?:my\s+(?:new\s+)?(?:job|position|role)\s+(?:at|with)|(?:started|"
      rf"got|landed|took|accepted)\s+(?:a\s+)?(?:new\s+)?(?:job|position|role)\s+(?:at|with)|"
      rf"I(?:'ve|’ve|\s+have)\s+been\s+(?:working\s+(?:at|for)|at)(?=\s+{_UPPER}[^.;!?]{{0,30}}?"
      rf"\b(?:for\s+(?:\w+\s+)?(?:years?|months?|decades?)|since)\b)|(?:and|to)\s+join(?:ed)?)"
      rf"\s+{_PLACE}")
_rule("en", "job", rf"\b{_I_AM}{_NOW}\s+(?:now\s+)?(?:an?\s+)(?P<value>(?:(?:junior|senior|lead|"
      rf"head|chief|principal|staff|freelance|trainee|qualified|certified|self-employed|"
      rf"full-time|part-time|registered|ux|ui|software|data|web|graphic|civil|mechanical|"
      rf"primary|secondary|school|nursery|dental|veterinary|medical|research|sous|pastry|"
      rf"product|project|sales|marketing|account|hr|it|backend|frontend|mobile)\s+){{0,2}}"
      rf"{OCCUPATIONS['en']})\b")
for _lang, _verb in (("pt", r"(?:eu\s+)?(?:agora\s+)?sou(?:\s+uma?)?"),
                     ("es", r"(?:yo\s+)?(?:ahora\s+)?soy(?:\s+una?)?"),
                     ("it", r"(?:io\s+)?(?:ora\s+|adesso\s+)?sono(?:\s+una?)?"),
                     ("fr", r"je\s+suis\s+(?:maintenant\s+)?(?:une?\s+)?"),
                     ("de", r"ich\s+bin\s+(?:jetzt\s+|nun\s+)?(?:eine?\s+)?")):
    _rule(_lang, "job", rf"\b{_verb}\s*(?P<value>{OCCUPATIONS[_lang]})\b")
_rule("en", "name", rf"\bmy\s+(?:new\s+)?(?P<name>{_PEOPLE})(?:\s+(?:now|these\s+days))\s+is\s+"
      rf"{_NAME}")
_rule("en", "name", rf"\bmy\s+(?:new\s+)?(?P<name>{_PEOPLE})['’]s\s+(?:called|named)\s+{_NAME}")
_rule("en", "name", rf"\bmy\s+(?:new\s+)?(?P<name>{_PEOPLE})\s+{_NAME}\s+(?=(?:is|was|loves|"
      rf"likes|has|works|lives|just|always|never|really)\b)")
_rule("en", "name", rf"\b(?:I|we)\s+(?:now\s+)?(?:have|got|adopted)\s+(?:a|an)\s+(?:new\s+)?"
      rf"(?P<name>dog|cat|puppy|kitten)\s+(?:called|named)\s+{_NAME}")
_rule("en", "favourite", r"\bmy\s+(?:all[- ]time\s+|current\s+|new\s+)?favou?rite\s+"
      r"(?P<name>(?!now\b)[a-z]+(?:\s+(?!now\b|these\b|lately\b|at\b|right\b|is\b|are\b)"
      r"[a-z]+)?)\s+(?:(?:now|these\s+days|at\s+the\s+moment|lately|right\s+now)\s+)?"
      rf"(?:is|are)\s+(?:now\s+|still\s+|probably\s+)*{_THING}{_END}")
_PHONES = r"(?:iPhone|Pixel|Galaxy|Samsung|OnePlus|Xiaomi|Motorola|Nokia|Huawei|Fairphone)"
_rule("en", "phone", rf"\bmy\s+(?:new\s+)?phone\s+is\s+(?:now\s+)?(?:an?\s+)?{_THING}{_END}")
_rule("en", "phone", rf"\b(?:I|we|just)\s+(?:now\s+|just\s+)?(?:have|got|bought|use|switched\s+"
      rf"to|upgraded\s+to)\s+(?:(?:a|an|the|my)\s+)?(?:new\s+)?(?P<value>{_PHONES}"
      rf"(?:\s+[\w+]+){{0,2}}?){_END}")
_rule("en", "car", rf"\bmy\s+(?:new\s+)?car\s+is\s+(?:now\s+)?(?:an?\s+)?(?:(?:old|new|"
      rf"second-hand|used|little)\s+)?{_THING}{_END}")
_rule("en", "car", rf"\b(?:I|now)\s+(?:now\s+)?drive\s+(?:a|an)\s+(?!(?:lot|bit|little)\b)"
      rf"(?:(?:old|new|second-hand|used|little)\s+)?{_THING}{_END}")
_rule("en", "schedule", r"\bI\s+(?:now\s+|usually\s+|normally\s+|generally\s+)?"
      r"(?P<name>wake\s+up|get\s+up|go\s+to\s+bed|go\s+to\s+sleep)\s+(?:at|around|about)\s+"
      r"(?:about\s+|around\s+)?(?P<value>\d{1,2}(?:[:.h]\d{2})?\s?(?:am|pm)?|midnight|noon)")
_rule("en", "schedule", r"\bI\s+(?:now\s+|usually\s+|normally\s+)?go\s+to\s+(?:the\s+)?"
      r"(?P<name>gym|pool|climbing\s+gym|yoga|pilates|choir|church|office)\s+on\s+"
      r"(?P<value>(?:mon|tues|wednes|thurs|fri|satur|sun)days?(?:\s+and\s+(?:mon|tues|wednes|"
      r"thurs|fri|satur|sun)days?)?)(?!\s+(?:too|as\s+well))")
# Budget.
_rule("en", "budget", r"\bmy\s+(?:total\s+|new\s+|monthly\s+|max(?:imum)?\s+)?budget\s+"
      r"(?:for\s+(?P<name>[\w\s]{1,30}?)\s+)?(?:is|was\s+raised\s+to|is\s+now|has\s+"
      r"changed\s+to|went\s+up\s+to|dropped\s+to|changed\s+to)\s+(?:now\s+)?(?:about\s+|around\s+)?"
      r"(?P<value>[$€£]?\s?\d[\d.,]*\s?(?:k|euros?|dollars?|pounds?|usd|eur|gbp|[$€£])?)")
# Schedule: "my flight is at 10:30", "the dentist appointment was moved to 11:30".
_rule("en", "schedule", r"\b(?:my|the|our)\s+(?P<name>(?:[\w-]+\s+){0,2}?(?:flight|train|"
      r"meeting|appointment|call|interview|class|lesson|shift|standup|stand-up|bus|dinner|"
      r"session|exam)(?:\s+[A-Z]{1,3}\s?\d{1,5})?(?:\s+(?:to|from|with)\s+(?-i:[A-Z])[\w-]*)?)"
      r"\s+(?:is|was|has\s+been|got|leaves|departs|"
      r"starts)\s+(?:now\s+)?(?:moved\s+|changed\s+|rescheduled\s+|pushed\s+|postponed\s+|"
      r"brought\s+forward\s+)?(?:to|at|for|on)\s+(?P<value>\d{1,2}(?:[:.h]\d{2})?\s?(?:am|pm)?"
      r"|\w+day(?:\s+at\s+\d{1,2}(?:[:.h]\d{2})?\s?(?:am|pm)?)?)")
# Tools: "I switched from X to Y" is the slot of X, with value Y; "I use X" is X's own slot.
_rule("en", "tool", rf"\bI(?:'ve|’ve|\s+have)?\s+(?:switched|moved|migrated|changed)\s+from\s+"
      rf"(?P<name>{_THING_BODY})\s+to\s+{_THING}{_END}")
_rule("en", "tool", rf"\bI{_NOW}\s+(?:use|work\s+with|code\s+in|develop\s+in)\s+{_THING}{_END}")
# Counts: "I have two kids" / "I have 3 cats".
_rule("en", "count", r"\bI\s+(?:now\s+)?have\s+(?P<value>\d+|[a-z]+)\s+(?P<name>kids?|"
      r"children|child|sons?|daughters?|cats?|dogs?|pets?|siblings?|brothers?|sisters?|"
      r"grandchildren|cars?|bikes?)\b")
_rule("en", "age", rf"\b{_I_AM}\s+(?:now\s+)?(?P<value>\d{{1,3}})(?:\s+years?\s+old)?\b(?!\s*(?:%|"
      r"min|mins|minutes?|h|hours?|days?|weeks?|km|kg|miles?|times|percent|euros?|dollars?))")

# Fandom and the language being learnt: one can hold several at once ("a Yankees fan" and a
# "Knicks fan"), so a later other value replaces an earlier one only when it says it changed
# (:data:`CHANGE_ONLY_SLOTS`): "I'm a Mets fan now", "I support Brighton these days".
_NAMED = rf"(?P<value>{_UPPER}[\w'’.&-]*(?:\s+{_UPPER}[\w'’.&-]*){{0,3}})"
_rule("en", "fan", rf"\bI{_NOW}\s+(?:support|root\s+for|cheer\s+(?:for|on))\s+(?:the\s+)?"
      rf"{_NAMED}{_END}")
_rule("en", "fan", rf"\b{_I_AM}{_NOW}\s+(?:now\s+)?(?:an?\s+)?(?:(?:big|huge|massive|lifelong|"
      rf"life-long|die-?hard|long-?time|proud|loyal|true|avid)\s+)*{_NAMED}\s+(?:fan|supporter)\b")
_LANGUAGE_NAMES = ("English|French|Spanish|Italian|German|Portuguese|Japanese|Chinese|Mandarin|"
                   "Cantonese|Korean|Arabic|Russian|Dutch|Swedish|Norwegian|Danish|Finnish|"
                   "Polish|Greek|Turkish|Hindi|Hebrew|Vietnamese|Thai|Indonesian|Swahili|Czech|"
                   "Hungarian|Romanian|Ukrainian|Latin|Catalan|Irish|Welsh|Tagalog|Persian|"
                   "Farsi|Urdu|Bengali|Punjabi|Tamil|Icelandic|Croatian|Serbian|Bulgarian")
_rule("en", "learning", rf"\b(?:{_I_AM}{_NOW}\s+(?:now\s+)?(?:learning|studying)|I{_NOW}\s+"
      rf"(?:started|began)\s+(?:learning|studying))\s+(?P<value>{_LANGUAGE_NAMES})\b")
# Issue h18u (the held-out update pairs): a value said in passing ("since we got to Gdansk",
# "ever since moving to Seattle", "seit wir in Dresden wohnen"), a diet said by eating
# everything (an omnivore's; "I've been vegan" is the first diet rule's), age said with "I
# turned", relationship status, "I've become a … fan", the things one owns one of ("my
# laptop is a …"), a hobby, and the other languages' age and "now"; last, habits ("I drink
# coffee", "I play tennis"), which one may hold several of: only a statement ending one
# replaces it (:data:`ENDING_ONLY_PREFIX`).
_ARRIVED = (rf"(?:I|we)(?:'ve|’ve|\s+have)?\s+(?:got|gotten|come|came|arrived|moved|relocated|"
            rf"settled)\s+(?:back\s+|here\s+|over\s+)?(?:to|in)\s+{_PLACE}")
_rule("en", "residence", rf"\b(?:ever\s+)?since\s+{_ARRIVED}")
_rule("en", "residence", rf"\bnow that\s+{_ARRIVED}")
_rule("en", "residence", rf"\b(?:ever\s+)?since\s+(?:moving|relocating|coming|getting)\s+"
      rf"(?:back\s+|here\s+|over\s+)?to\s+{_PLACE}")
_rule("en", "residence", rf"\b(?:I|we)\s+(?:[\w'’]+\s+){{1,3}}?and\s+(?:moved|relocated)"
      rf"(?:\s+(?:back|over|down|up|out|away))?\s+to\s+{_PLACE}")
_rule("de", "residence", rf"\bseit\s+(?:wir|ich)\s+(?:jetzt\s+)?in\s+{_PLACE}\s+(?:wohnen|"
      rf"wohne|leben|lebe)\b")
_rule("en", "diet", r"\bI(?:'ll|’ll|\s+will|\s+can|\s+do|\s+now|\s+still)?\s+eat\s+(?:just\s+|"
      r"pretty\s+much\s+)?"
      r"(?P<value>everything|anything|meat)\b")
_rule("en", "age", r"\bI(?:'ve|’ve|\s+have)?\s+(?:just\s+|recently\s+)?turned\s+"
      r"(?P<value>\d{1,3})\b(?!\s*(?:%|min|mins|minutes?|h|hours?|days?|weeks?|km|kg|miles?))")
_rule("en", "relationship", rf"\b{_I_AM}{_NOW}\s+(?:(?:now|happily|newly|recently|officially|"
      rf"finally)\s+)?(?P<value>single|married|divorced|engaged|widowed|separated|in\s+a\s+"
      rf"relationship)\b")
_rule("en", "relationship", r"\b(?:I|we)(?:'ve|’ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+)?"
      r"got\s+(?P<value>married|engaged|divorced)\b")
_rule("en", "fan", rf"\bI(?:'ve|’ve|\s+have)?\s+(?:now\s+)?become\s+(?:an?\s+)?(?:(?:big|huge|"
      rf"massive|proper|real)\s+)?{_NAMED}\s+(?:fan|supporter)\b")
_rule("en", "owns", rf"\bmy\s+(?:new\s+|current\s+)?(?P<name>laptop|tablet|bike|motorbike|"
      rf"motorcycle|watch|camera|console|van|truck|scooter)\s+is\s+(?:now\s+)?(?:an?\s+)?"
      rf"{_THING}{_END}")
_rule("en", "hobby", rf"\bmy\s+(?:main\s+|new\s+|big\s+)?(?:hobby|pastime)\s+(?:(?:these\s+"
      rf"days|now|at\s+the\s+moment|lately)\s+)?is\s+(?:now\s+)?{_THING}{_END}")
_rule("de", "job", rf"\bich\s+arbeite\s+(?:jetzt|nun)\s+als\s+{_THING}{_END}")
_rule("pt", "residence", rf"\b(?:agora|hoje)\s+(?:moro|vivo)\s+(?:em|no|na)\s+{_PLACE}")
_rule("it", "employer", rf"\blavoro\s+(?:alla|al|allo|all['’]|nella|nel)\s*{_PLACE}")
_rule("fr", "age", r"\bj['’]ai\s+(?:maintenant\s+)?(?P<value>\d{1,3})\s+ans\b")
_rule("es", "age", r"\btengo\s+(?:ya\s+)?(?P<value>\d{1,3})\s+años\b")
_rule("it", "age", r"\bho\s+(?:ormai\s+)?(?P<value>\d{1,3})\s+anni\b")
_rule("pt", "age", r"\btenho\s+(?:já\s+)?(?P<value>\d{1,3})\s+anos\b")
_rule("de", "age", r"\bich\s+bin\s+(?:jetzt\s+|schon\s+)?(?P<value>\d{1,3})(?:\s+jahre\s+alt)?"
      r"(?=\s*(?:[.,;!?]|und\b|$))")
_HABIT_VERBS = (r"drink|smoke|vape|eat|play|run|jog|swim|cycle|ride|take|meditate|gamble|"
                r"practi[cs]e|sing|paint|bake|cook|surf|climb|hike|dance|knit|volunteer")
_OBJECT_STOP = (r"about|around|in|on|at|for|with|every|each|daily|twice|once|most|because|since|"
                r"any|again|too|now|still|and|but|so|of|to|from|all|lot|bit|little|much|more|"
                r"less|than|when|while|as|like|there|here|it|that|this|them|nearly|almost|"
                r"regularly|often|sometimes|anymore|out|up|back|home|before|after|after|once|"
                r"whenever|if|or|the|a|an|my|our|some|really|quite|very|way")
_rule("en", "habit", rf"\b(?:I|we){_NOW}(?:\s+(?:usually|often|always|regularly|normally|"
      rf"sometimes|occasionally|still|also))?\s+(?P<name>{_HABIT_VERBS})\b(?:\s+(?:(?:a|an|the|"
      rf"my|our|some|\d+|one|two|three|four|five|six|several|a\s+few|lots|a\s+lot|plenty|"
      rf"cups?|glass(?:es)?|bottles?|pints?|cans?|mugs?|of)\s+)*(?P<value>(?!(?:{_OBJECT_STOP})"
      rf"\b)[a-z][\w'’-]*))?")
ENDING_ONLY_PREFIX = "habit:"
"""Slots one may hold several values of at once that only a statement ending one replaces
("I play tennis" and "I play chess"; "I don't play tennis anymore" ends the first)."""

CHANGE_ONLY_SLOTS = frozenset({"fan", "learning"})
"""Slots a person may fill with several values at once: a later value replaces an earlier one
only when its statement says it changed (:func:`states_change`)."""

_SINGULAR = {"children": "kid", "child": "kid", "kids": "kid", "grandchildren": "grandchild"}
_SAME_NAME = {"puppy": "dog", "kitten": "cat", "favorite": "favourite", "get up": "wake up",
              "go to sleep": "go to bed"}
"""Slot names said two ways: a puppy's name is the dog's, "get up" is "wake up"."""
_SAME_DIET = {"everything": "omnivore", "anything": "omnivore", "meat": "omnivore"}
"""Diets said by what one eats: "I eat everything" is an omnivore's."""
_LANGUAGE_NAME = re.compile(_LANGUAGE_NAMES, _F)


def _clean(value: str) -> str:
    value = plain(value).replace("’", "'").strip(" .,'\"")
    return re.sub(r"\s+", " ", value)


def _count(value: str) -> str | None:
    word = value.casefold()
    if word.isdigit():
        return str(int(word))
    return str(NUMBER_WORDS[word]) if word in NUMBER_WORDS else None


def _money(value: str) -> str:
    """"2,500 euros" -> "2500 eur", "$1.5k" -> "1.5k usd": one spelling per amount."""
    value = value.replace(" ", "")
    marks = (("€", "eur"), ("eur", "eur"), ("$", "usd"), ("dollar", "usd"), ("usd", "usd"),
             ("£", "gbp"), ("pound", "gbp"), ("gbp", "gbp"))
    currency = next((code for mark, code in marks if mark in value), "")
    amount = re.sub(r"[^\d.,k]", "", value)
    if re.fullmatch(r"\d{1,3}(?:[.,]\d{3})+", amount):
        amount = re.sub(r"[.,]", "", amount)
    return f"{amount} {currency}".strip()


_HINT = re.compile(
    r"\b(?:live|living|reside|stay|based|settled|moved|relocated|home|abito|vivo|trasferit[oa]|"
    r"mud\w*|habite|vis|d[ée]m[ée]nag[ée]|wohne|lebe|nach|moro|work|joined|started|employed|"
    r"working|employer|lavoro|trabajo|travaille|arbeite|trabalho|job|role|position|title|became|"
    r"promoted|diet|budget|switched|migrated|changed|use|code|develop|have|(?:I'm|I’m|I\s+am)"
    rf"\s+(?:now\s+)?\d+|{_PEOPLE}|{_DIETS}|flight|train|meeting|appointment|call|interview|"
    r"class|lesson|shift|stand-?up|bus|dinner|session|exam|support|root|cheer|fan|supporter|"
    r"learning|studying)\b", _F)
"""Words one of the rules needs: a text with none of them sets no slot (a fast first test)."""
_HINT_WORDS = (
    "live living reside stay based settled moved relocated home abito vivo trasferit mud "
    "habite vis dém dem wohne lebe nach moro work joined started employ lavoro trabajo "
    "travaille arbeite trabalho job role position title became promoted diet budget switched "
    "migrated changed use code develop have wife husband partner girlfriend boyfriend fianc "
    "boss manager dog cat doctor dentist therapist landlord puppy kitten vegan vegetarian "
    "pescatarian pescetarian keto paleo carnivore omnivore flexitarian gluten lactose dairy "
    "halal kosher raw plant flight train meeting appointment call interview class lesson shift "
    "stand bus dinner session exam")
_HINT_MORE_WORDS = (
    "habitons vivons habite wohnen leben abitiamo viviamo vivimos moramos vivemos join "
    "favourite favorite phone car drive wake bed sleep gym pool yoga get_up "
    "pilates choir church office iphone pixel galaxy "
    "samsung oneplus xiaomi motorola nokia huawei fairphone called named longer anymore been "
    "support root cheer fan supporter learning studying began "
    "stopped quit gave given since seit single married divorced engaged widowed separated "
    "relationship become laptop tablet bike motor watch camera console van truck scooter hobby "
    "pastime agora hoje eat drink smok vap play run jog swim cycl ride take medita gambl "
    "practi sing paint bake cook surf climb hike danc knit volunteer "
    + " ".join(re.match(r"[^\\(\[?]+", alt).group(0)  # type: ignore[union-attr]
               for alts in OCCUPATIONS.values() for alt in alts[3:-1].split("|")))
"""Words the third round's rules need (their first letters, occupations' stems; ``_`` is a
space). A text with no word starting like a hint word sets no slot; one that has one goes to
the rules' literal filter (one scan), which is cheaper than searching :data:`_HINT`."""
_HINT_STARTS = WordStarts([*_HINT_WORDS.split(),
                           *(w.replace("_", " ") for w in _HINT_MORE_WORDS.split())])
"""How every alternative of :data:`_HINT` but "I'm <number>" begins, as a whole word."""
_HAS_DIGIT = re.compile(r"\d")
_ANY_JOB = re.compile(r"\s*(?:I|we)\s+(?:(?:my|our)\s+(?:old\s+|current\s+|day\s+)?job|working)"
                      r"\b", _F)
"""The ending of a job with no employer a slot can read: "I quit my job (at amazon)"."""
_RULE_FILTER = LiteralFilter([rx for _, _, rx in _RULES])
_RULES_OF: dict[str, tuple[int, ...]] = {
    lang: tuple(i for i, rule in enumerate(_RULES) if rule[0] == lang)
    for lang in dict.fromkeys(rule[0] for rule in _RULES)}
"""Each language's rules, by index in :data:`_RULES` (in order)."""
"""Which rules can match a text (their literals are in it)."""


def hint_start(text: str) -> int:
    """Where :data:`_HINT` can first match ``text`` (-1: nowhere), from one literal scan.

    A text with a digit may hold "I'm 34": it is searched from the start.
    """
    if _HAS_DIGIT.search(text):
        return 0
    return _HINT_STARTS.first(case_fold(text))


def slot_of(text: str, language: str | None = "en") -> Slot | None:
    """The (slot, value) ``text`` sets, or None; tried in the text's language, then English.

    A negated statement ("It's not true that I live in Turin") sets no slot.
    """
    folded = case_fold(text)
    start = 0 if _HAS_DIGIT.search(text) else _HINT_STARTS.first(folded)
    if start < 0:
        return None
    # "I'm no longer vegan", "I stopped drinking coffee": the slot of "I'm vegan", "I drink
    # coffee", value "not vegan", "not coffee"
    ended = endings.ended_statements(text, folded)
    for positive in ended:
        if (said := _slot_of(positive, language)) is not None:
            return (said[0], endings.ended_value(said[1]))
    if ended and _ANY_JOB.match(ended[0]):  # "I quit my job": whatever the employer was
        return ("employer", endings.ended_value(endings.NO_OBJECT))
    return None if ended else _slot_of(text, language)


@lru_cache(maxsize=8192)
def _slot_of(text: str, language: str | None) -> Slot | None:
    langs = [language or "en"] + ([] if language == "en" else ["en"])
    may_match = frozenset(_RULE_FILTER.candidates(case_fold(text)))
    if not may_match:
        return None
    for lang in langs:
        for i in _RULES_OF.get(lang, ()):
            if i not in may_match:
                continue
            _, slot, pattern = _RULES[i]
            m = pattern.search(text)
            if m is None:
                continue
            said = m.group("value")
            neg = _NEG_PT if lang == "pt" else _NEG  # Portuguese "no" is "in the"
            if neg.search(text[max(0, m.start() - 25): m.start("value") if said else m.end()]):
                continue
            value = _clean(said or "")
            name = m.groupdict().get("name")
            if slot == "habit":  # "I run" (no object) is ended by "I don't run anymore"
                return (f"habit:{_clean(name or '').casefold()}",
                        value.casefold() or endings.NO_OBJECT)
            if not value:
                continue
            if slot == "count":
                count = _count(value)
                if count is None:
                    continue
                noun = _clean(name or "")
                noun = _SINGULAR.get(noun, noun[:-1] if noun.endswith("s") else noun)
                return (f"count:{noun}", count)
            if slot == "tool" and name is None:
                return (f"tool:{value}", value)
            if slot == "tool" and _LANGUAGE_NAME.fullmatch(name or ""):
                return ("learning", value)  # "I switched from Japanese to Korean"
            if slot == "diet":
                value = _SAME_DIET.get(value.casefold(), value)
            if slot == "budget":
                value = _money(value)
            if name:
                name = _clean(name).casefold()
                name = _SAME_NAME.get(name, name)
            return (f"{slot}:{name}" if name else slot, value)
    return None


def clear_cache() -> None:
    """Forget the cached slots."""
    _slot_of.cache_clear()


_NEG = re.compile(r"\b(?:not|never|don't|don’t|doesn't|didn't|didn’t|no\s+longer|non|no|"
                  r"nicht|kein|não|nao|jamais|pas|nunca)\b", _F)
_NEG_PT = re.compile(_NEG.pattern.replace("|non|no|", "|non|"), _F)



def supersedes(old: Slot | None, new: Slot | None) -> bool:
    """Whether a statement setting ``new`` replaces one setting ``old``: same slot, other
    value; an ending ("not coffee") replaces only what it ends (:func:`.endings.ends`), and
    a habit (``habit:play``: tennis, chess) replaces only its own ending ("I smoke again")
    and is replaced only by an ending."""
    if old is None or new is None or old[0] != new[0] or old[1] == new[1]:
        return False
    if endings.is_ending(new[1]):
        return endings.ends(old[1], new[1])
    if not new[0].startswith(ENDING_ONLY_PREFIX):
        return True
    return endings.is_ending(old[1]) and endings.ends(new[1], old[1])  # "I smoke again"


_CHANGE = re.compile(r"\b(?:now|nowadays|these\s+days|any\s?more|no\s+longer|instead|"
                     r"switched|changed|gave\s+up|given\s+up|stopped|quit|anymore|become|"
                     r"became)\b", _F)
"""Words saying a statement replaces what held before."""


def states_change(text: str) -> bool:
    """Whether ``text`` says it replaces what held before ("now", "these days", "instead",
    "switched", "gave up" ...)."""
    return _CHANGE.search(text) is not None


def may_replace(slot: str, later_text: str) -> bool:
    """Whether the later of two statements giving ``slot`` different values may supersede
    the earlier: always, but for :data:`CHANGE_ONLY_SLOTS` only when it says it changed."""
    return slot not in CHANGE_ONLY_SLOTS or states_change(later_text)


def replaces(old: Slot | None, new: Slot | None, new_text: str) -> bool:
    """Whether a statement ``new_text`` setting ``new`` supersedes one setting ``old``: another
    value of the same slot, and for :data:`CHANGE_ONLY_SLOTS` a statement of change."""
    return supersedes(old, new) and new is not None and may_replace(new[0], new_text)
