"""The slot rules: for each language, the patterns that read which slot a statement sets
and its value (``value`` group; ``name`` when the slot has one), used by :mod:`.slots`."""

from __future__ import annotations

import re

from kore_pipeline.text.habit_verbs import (
    ARTICLES,
    NOT_OBJECTS,
    QUANTITIES,
    SUBJECT,
    first_persons,
)
from kore_pipeline.text.occupations import OCCUPATIONS
from kore_pipeline.text.slot_rules_now import NOW_RULES

FLAGS = re.IGNORECASE | re.UNICODE
_END = (r"(?=\s*(?:[.,;!?]|\band\b|\bbut\b|\bsince\b|\bfor\b|\bnow\b|\bbecause\b|\bwith\b|"
        r"\bat\b|\bin\b|\bthese\s+days\b|\bnowadays\b|\blately\b|\bagain\b|\blast\s+(?:week|"
        r"month|year|night|weekend)\b|\bthis\s+(?:week|month|year|summer|spring|autumn|winter)\b|"
        r"\byesterday\b|$))")
_UPPER = r"(?-i:[A-ZÀ-Ý])"
_PLACE = rf"(?P<value>{_UPPER}[\w'’.-]*(?:\s+(?!I\b){_UPPER}[\w'’.-]*){{0,3}})"
_LOWER = r"(?-i:[a-zà-ÿ])"
_HOME = (rf"(?P<value>{_UPPER}[\w'’.-]*(?:\s+(?!I\b){_UPPER}[\w'’.-]*){{0,3}}"
         rf"|{_LOWER}[\w'’-]*(?:\s+{_LOWER}[\w'’-]*){{0,2}})")
"""Where one lives: a name, or lower-case words the slots keep only as far as they name a
known place (:func:`kore_pipeline.text.places.place_prefix`: "we live in leipzig now")."""
_THING_BODY = r"[\w'’.+#-]+(?:\s+[\w'’.+#-]+){0,3}?"
_THING = rf"(?P<value>{_THING_BODY})"
_NAME = rf"(?P<value>{_UPPER}[\w'’-]*(?:\s+{_UPPER}[\w'’-]*)?)"
_NOW = r"(?:\s+(?:now|currently|still|actually|finally|just|recently))?"
_I_AM = r"(?:I\s+am|I'm|I’m)"
PEOPLE = ("wife|husband|partner|girlfriend|boyfriend|fianc[ée]e?|boss|manager|dog|cat|"
           "doctor|dentist|therapist|landlord|puppy|kitten")
DIETS = ("vegan|vegetarian|pescatarian|pescetarian|keto|paleo|carnivore|omnivore|"
          "flexitarian|plant[- ]based|gluten[- ]free|lactose[- ]free|dairy[- ]free|halal|"
          "kosher|raw")

RULES: list[tuple[str, str, re.Pattern[str]]] = []
"""(language, slot, pattern with a ``value`` group, and ``name`` group when the slot has one)."""


def _rule(lang: str, slot: str, pattern: str) -> None:
    RULES.append((lang, slot, re.compile(pattern, FLAGS)))


# Residence.
_rule("en", "residence", rf"\b(?:I{_NOW}\s+(?:live|reside)\s+in(?:\s+an?\s+(?:[\w-]+\s+){{0,2}}?"
      rf"(?:flat|house|apartment|studio|village|town|suburb|cottage|bungalow)\s+(?:in|near|"
      rf"outside(?:\s+of)?))?|{_I_AM}{_NOW}\s+"
      rf"(?:living|based|settled)\s+in|I(?:'ve|’ve|\s+have)?{_NOW}\s+(?:moved|relocated)"
      rf"(?:\s+(?:back|over|here|permanently|abroad|down|up|out|away))?\s+to|my\s+(?:new\s+)?"
      rf"home\s+is\s+(?:now\s+)?in|I(?:'ve|’ve|\s+have)\s+(?:lived|been\s+living)\s+in)"
      rf"\s+{_HOME}")
_rule("it", "residence", rf"\b(?:(?:io\s+)?(?:abito|vivo)\s+(?:a|ad|in)|mi\s+sono\s+"
      rf"trasferit[oa]\s+(?:a|ad|in))\s+{_HOME}")
_rule("es", "residence", rf"\b(?:(?:yo\s+)?vivo\s+en|me\s+(?:mudé|mude|he\s+mudado)\s+a)"
      rf"\s+{_HOME}")
_rule("fr", "residence", rf"\b(?:j['’]habite\s+(?:à|a|en)|je\s+vis\s+(?:à|a|en)|j['’]ai\s+"
      rf"déménagé\s+(?:à|a|en))\s+{_HOME}")
_rule("de", "residence", rf"\b(?:ich\s+(?:wohne|lebe)\s+(?:jetzt\s+)?in|ich\s+bin\s+nach)"
      rf"\s+{_HOME}")
_rule("pt", "residence", rf"\b(?:(?:eu\s+)?(?:moro|vivo)\s+em|mudei-me\s+para|me\s+mudei\s+"
      rf"para)\s+(?:o\s+|a\s+)?{_HOME}")
# Diet.
_rule("en", "diet", rf"\b(?:{_I_AM}|I(?:'ve|’ve|\s+have)?\s+(?:become|became|gone|went|turned|been|"
      rf"switched\s+to\s+being))\s+(?:now\s+|a\s+|an\s+|strict(?:ly)?\s+|fully\s+|mostly\s+|"
      rf"completely\s+|entirely\s+|100%\s+)*"
      rf"(?P<value>{DIETS})\b")
_rule("en", "diet", rf"\b(?:I\s+(?:follow|eat|am\s+on|'m\s+on|’m\s+on)|my\s+diet\s+is)\s+"
      rf"(?:a\s+|an\s+|now\s+)*(?P<value>{DIETS})(?:\s+diet)?\b")
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
_rule("en", "name", rf"\bmy\s+(?:new\s+)?(?P<name>{PEOPLE})(?:['’]s\s+name)?\s+is\s+(?:now\s+)?"
      rf"(?:called\s+|named\s+)?{_NAME}")
_rule("en", "name", rf"\bmy\s+(?:new\s+)?(?P<name>{PEOPLE})(?:,)?\s+{_NAME}\s*,")
# Residence and employer said with
# "we", "home is", "my new job at", "(and) joined"; jobs from a closed list of occupations;
# names said in apposition or of a pet "called" so; favourites, phone, car, sleep times and
# a weekly place: each holds one value at a time, so a later other value supersedes.
_rule("en", "residence", rf"\b(?:we{_NOW}\s+(?:live|reside)\s+in|we(?:'re|’re|\s+are){_NOW}\s+"
      rf"(?:living|based|settled)\s+in|we(?:'ve|’ve|\s+have)?{_NOW}\s+(?:moved|relocated)"
      rf"(?:\s+(?:back|over|here|down|up|out|away))?\s+to|we(?:'ve|’ve|\s+have)\s+(?:lived|"
      rf"been\s+living)\s+in|(?:^|\bmy\s+)home\s+(?:is|'s|’s)(?:\s+now)?(?:\s+in)?|"
      rf"\b(?:and|but)\s+(?:now\s+)?live\s+in)\s+{_HOME}")
_rule("fr", "residence", rf"\b(?:(?:nous\s+avons|on\s+a)\s+déménagé\s+(?:à|a|en)|(?:nous\s+"
      rf"habitons|on\s+habite|nous\s+vivons)\s+(?:à|a|en))\s+{_HOME}")
_rule("de", "residence", rf"\b(?:wir\s+(?:wohnen|leben)\s+(?:jetzt\s+|nun\s+)?in|(?:ich\s+bin|"
      rf"wir\s+sind)\s+(?:jetzt\s+|nun\s+)?nach)\s+{_HOME}")
_rule("it", "residence", rf"\b(?:(?:abitiamo|viviamo)\s+(?:a|ad|in)|ci\s+siamo\s+trasferiti\s+"
      rf"(?:a|ad|in))\s+{_HOME}")
_rule("es", "residence", rf"\b(?:vivimos\s+en|nos\s+(?:mudamos|hemos\s+mudado)\s+a)\s+{_HOME}")
_rule("pt", "residence", rf"\b(?:(?:moramos|vivemos)\s+em|nos\s+mudamos\s+para)\s+{_HOME}")
_rule("en", "employer", rf"\b(?:my\s+(?:new\s+)?(?:job|position|role)\s+(?:at|with)|(?:started|"
      rf"got|landed|took|accepted)\s+(?:a\s+)?(?:new\s+)?(?:job|position|role)\s+(?:at|with)|"
      rf"I(?:'ve|’ve|\s+have)\s+been\s+(?:working\s+(?:at|for)|at)(?=\s+{_UPPER}[^.;!?]{{0,30}}?"
      rf"\b(?:for\s+(?:\w+\s+)?(?:years?|months?|decades?)|since)\b)|(?:and|to)\s+join(?:ed)?)"
      rf"\s+(?:the\s+)?{_PLACE}")  # "a job at the BBC": the name after "the"
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
_rule("en", "name", rf"\bmy\s+(?:new\s+)?(?P<name>{PEOPLE})(?:\s+(?:now|these\s+days))\s+is\s+"
      rf"{_NAME}")
_rule("en", "name", rf"\bmy\s+(?:new\s+)?(?P<name>{PEOPLE})['’]s\s+(?:called|named)\s+{_NAME}")
_rule("en", "name", rf"\bmy\s+(?:new\s+)?(?P<name>{PEOPLE})\s+{_NAME}\s+(?=(?:is|was|loves|"
      rf"likes|has|works|lives|just|always|never|really)\b)")
_rule("en", "name", rf"\b(?:I|we)\s+(?:now\s+)?(?:have|got|adopted)\s+(?:a|an)\s+(?:new\s+)?"
      rf"(?P<name>dog|cat|puppy|kitten)\s+(?:called|named)\s+{_NAME}")
_rule("en", "favourite", r"\bmy\s+(?:all[- ]time\s+|current\s+|new\s+)?favou?rite\s+"
      r"(?P<name>(?!now\b)[a-z]+(?:\s+(?!now\b|these\b|lately\b|at\b|right\b|is\b|are\b)"
      r"[a-z]+)?)\s+(?:(?:now|these\s+days|at\s+the\s+moment|lately|right\s+now)\s+)?"
      rf"(?:is|are)\s+(?:now\s+|still\s+|probably\s+)*{_THING}{_END}")
_PHONES = r"(?:iPhone|Pixel|Galaxy|Samsung|OnePlus|Xiaomi|Motorola|Nokia|Huawei|Fairphone)"
_rule("en", "phone", rf"\bmy\s+(?:new\s+)?phone\s+is\s+(?:now\s+)?(?:an?\s+)?{_THING}{_END}")
_rule("en", "phone", rf"\b(?:I|we|just)(?:'ve|’ve|\s+have)?\s+(?:now\s+|just\s+|finally\s+|"
      rf"recently\s+)?(?:have|got|bought|use|switched\s+"
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
LANGUAGE_NAMES = ("English|French|Spanish|Italian|German|Portuguese|Japanese|Chinese|Mandarin|"
                   "Cantonese|Korean|Arabic|Russian|Dutch|Swedish|Norwegian|Danish|Finnish|"
                   "Polish|Greek|Turkish|Hindi|Hebrew|Vietnamese|Thai|Indonesian|Swahili|Czech|"
                   "Hungarian|Romanian|Ukrainian|Latin|Catalan|Irish|Welsh|Tagalog|Persian|"
                   "Farsi|Urdu|Bengali|Punjabi|Tamil|Icelandic|Croatian|Serbian|Bulgarian")
_rule("en", "learning", rf"\b(?:{_I_AM}{_NOW}\s+(?:now\s+)?(?:learning|studying)|I{_NOW}\s+"
      rf"(?:started|began)\s+(?:learning|studying))\s+(?P<value>{LANGUAGE_NAMES})\b")
# From the held-out update pairs: a value said in passing ("since we got to Gdansk",
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
      rf"(?:back\s+|here\s+|over\s+)?to\s+{_HOME}")
_rule("en", "residence", rf"\b(?:I|we)\s+(?:[\w'’]+\s+){{1,3}}?and\s+(?:moved|relocated)"
      rf"(?:\s+(?:back|over|down|up|out|away))?\s+to\s+{_HOME}")
_rule("de", "residence", rf"\bseit\s+(?:wir|ich)\s+(?:jetzt\s+)?in\s+{_HOME}\s+(?:wohnen|"
      rf"wohne|leben|lebe)\b")
_rule("en", "diet", r"\bI(?:'ll|’ll|\s+will|\s+can|\s+do|\s+now|\s+still)?\s+eat\s+(?:just\s+|"
      r"pretty\s+much\s+)?"
      r"(?P<value>everything|anything|meat)\b")
_rule("en", "age", r"\bI(?:'ve|’ve|\s+have)?\s+(?:just\s+|recently\s+)?turned\s+"
      r"(?P<value>\d{1,3})\b(?!\s*(?:%|min|mins|minutes?|h|hours?|days?|weeks?|km|kg|miles?))")
_rule("en", "relationship", rf"\b{_I_AM}{_NOW}\s+(?:(?:now|happily|newly|recently|officially|"
      rf"finally)\s+)?(?P<value>single|married|divorced|engaged|widowed|separated|in\s+a\s+"
      rf"relationship)\b(?!-)")
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
_rule("pt", "residence", rf"\b(?:agora|hoje)\s+(?:moro|vivo)\s+(?:em|no|na)\s+{_HOME}")
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
                r"whenever|if|or|the|a|an|my|our|some|really|quite|very|way|ago|times?|years?|months?|"
                r"weeks?|days?|hours?|minutes?|nights?|mornings?|evenings?|completely|entirely|"
                r"altogether|one|two|three|four|five|six|seven|eight|nine|ten|several|few|couple")
_rule("en", "habit", rf"\b(?:I|we){_NOW}(?:\s+(?:usually|often|always|regularly|normally|"
      rf"sometimes|occasionally|still|also))?\s+(?P<name>{_HABIT_VERBS})\b(?:\s+(?:(?:a|an|the|"
      rf"my|our|some|\d+|one|two|three|four|five|six|several|a\s+few|lots|a\s+lot|plenty|"
      rf"cups?|glass(?:es)?|bottles?|pints?|cans?|mugs?|of)\s+)*(?P<value>(?!(?:{_OBJECT_STOP})"
      rf"\b)[a-z][\w'’-]*))?")

# The other languages' diets (named in English: "vegetariana", "Vegetarierin" ->
# "vegetarian", by :func:`.slots` ``_diet``), eating meat again (an omnivore's), and habits
# ("fumo", "je bois du café", "ich spiele Handball"; their English name is the slot's), which
# only an ending replaces, as in English.
_DIETS_OTHER = (r"vegetarian[oa]|vegan[oa]|pescetarian[oa]|crudist[oa]|végétarien(?:ne)?|"
                r"végétalien(?:ne)?|végane?|pescétarien(?:ne)?|vegetarier(?:in)?|"
                r"veganer(?:in)?|vegan|pescetarier(?:in)?|flexitarier(?:in)?")
for _lang, _be in (("it", r"(?:(?:io\s+)?sono|essere)"), ("es", r"(?:(?:yo\s+)?soy|ser)"),
                   ("fr", r"(?:je\s+suis|être)"), ("de", r"(?:ich\s+bin|sein)"),
                   ("pt", r"(?:(?:eu\s+)?sou|ser)")):
    _rule(_lang, "diet", rf"\b{_be}\s+(?:(?:ora|adesso|ahora|agora|maintenant|jetzt|nun|"
          rf"strettamente|totalmente|completamente|strictement|complètement|streng|"
          rf"un[ae]?|eine?|uma?)\s+)*(?P<value>{_DIETS_OTHER})\b")
_rule("it", "diet", r"\b(?:mangio\s+(?:di\s+nuovo\s+|ancora\s+|anche\s+)?|ricominciato\s+a\s+"
      r"mangiare\s+)(?:la\s+)?(?P<value>carne)\b")
_rule("es", "diet", r"\b(?:como\s+(?:otra\s+vez\s+|de\s+nuevo\s+)|(?:volví|he\s+vuelto)\s+a\s+"
      r"comer\s+)(?P<value>carne)\b")
_rule("fr", "diet", r"\b(?:je\s+(?:re)?mange\s+(?:à\s+nouveau\s+|de\s+nouveau\s+)?|recommencé\s+"
      r"à\s+manger\s+)(?:de\s+la\s+)?(?P<value>viande)\b")
_rule("de", "diet", r"\bich\s+esse\s+(?:jetzt\s+)?(?:wieder\s+|auch\s+)?(?P<value>fleisch)\b")
_rule("pt", "diet", r"\b(?:como\s+(?:de\s+novo\s+)|voltei\s+a\s+comer\s+)(?P<value>carne)\b")
for _lang in ("it", "es", "fr", "de", "pt"):
    _words = " ".join(w for w in f"{ARTICLES[_lang]} {QUANTITIES[_lang]}".split()
                      if not w.endswith("'"))
    _apos = "|".join(w[:-1] for w in ARTICLES[_lang].split() if w.endswith("'"))
    _skip = (rf"(?:\s+(?:{_words.replace(' ', '|')}|\d+)(?=\s)" +
             (rf"|\s+(?:{_apos})['’]|\b(?:{_apos})['’]" if _apos else "") + ")*")
    _rule(_lang, "habit", rf"{SUBJECT[_lang]}(?P<name>{first_persons(_lang)})\b(?:{_skip}\s*"
          rf"(?P<value>(?!(?:{NOT_OBJECTS[_lang].replace(' ', '|')}|{_words.replace(' ', '|')})\b)"
          rf"[^\W\d_][\w'’-]*))?")
_rule("en", "employer", rf"\b(?:joined|work(?:ing)?\s+(?:at|for)|started\s+(?:working\s+)?at)\s+"
      rf"(?:a|an)\s+(?:[\w-]+\s+){{1,3}}?(?:called|named)\s+{_PLACE}")
_rule("de", "residence", rf"\b(?:ich\s+bin|wir\s+sind)\s+(?:[\w-]+\s+){{1,3}}?nach\s+{_HOME}"
      rf"(?=[^.;!?]{{0,30}}?\bgezogen\b)")
_rule("it", "age", r"\bho\s+(?:appena\s+)?compiuto\s+(?P<value>\d{1,3})\s+anni\b")
_rule("es", "age", r"\b(?:cumplí|he\s+cumplido)\s+(?P<value>\d{1,3})(?:\s+años)?\b")
_rule("fr", "age", r"\bj['’]ai\s+eu\s+(?P<value>\d{1,3})\s+ans\b")
_rule("de", "age", r"\bich\s+bin\s+(?:gerade\s+|gestern\s+|jetzt\s+)?(?P<value>\d{1,3})\s+"
      r"geworden\b")
_rule("pt", "age", r"\b(?:fiz|completei)\s+(?P<value>\d{1,3})\s+anos\b")
# Relationship status in the other languages, and the statements that change it ("ci siamo
# lasciati", "nos casamos", "wir haben uns scheiden lassen"): named in English by slots.
RELATIONSHIP_OTHER: dict[str, tuple[str, ...]] = {
    "it": (r"\b(?:io\s+)?sono\s+(?:(?:ora|adesso|felicemente|di\s+nuovo)\s+)?(?P<value>single|"
           r"sposat[oa]|divorziat[oa]|fidanzat[oa]|separat[oa]|vedov[oa])\b",
           r"\b(?:ci\s+siamo|mi\s+sono)\s+(?:appena\s+|finalmente\s+)?(?P<value>lasciat[io]|"
           r"sposat[io]|separat[io]|fidanzat[io])\b"),
    "es": (r"\b(?:(?:yo\s+)?(?:estoy|soy))\s+(?:(?:ahora|felizmente|otra\s+vez|de\s+nuevo)\s+)?"
           r"(?P<value>solter[oa]|casad[oa]|divorciad[oa]|separad[oa]|prometid[oa]|viud[oa]|"
           r"en\s+pareja)\b",
           r"\b(?:nos|me)\s+(?P<value>casamos|casé|divorciamos|divorcié|separamos|separé|"
           r"comprometimos)\b",
           r"\b(?P<value>lo\s+dejamos|rompimos)\b"),
    "fr": (r"\bje\s+suis\s+(?:(?:maintenant|désormais|de\s+nouveau)\s+)?(?P<value>célibataire|"
           r"mariée?|divorcée?|fiancée?|séparée?|veu(?:f|ve)|en\s+couple|pacsée?)\b",
           r"\b(?:nous\s+nous\s+sommes|on\s+s['’]est)\s+(?:(?:enfin|finalement)\s+)?"
           r"(?P<value>mariés?|séparés?|fiancés?|quittés?|pacsés?)\b"),
    "de": (r"\bich\s+bin\s+(?:(?:jetzt|nun|wieder|glücklich|frisch)\s+)?(?P<value>single|"
           r"verheiratet|geschieden|verlobt|verwitwet|getrennt|ledig|vergeben)\b",
           r"\bwir\s+haben\s+(?:uns\s+)?(?:[\w-]+\s+){0,3}?(?P<value>geheiratet|getrennt|"
           r"scheiden\s+lassen|verlobt)\b"),
    "pt": (r"\b(?:(?:eu\s+)?(?:sou|estou))\s+(?:(?:agora|de\s+novo)\s+)?(?P<value>solteir[oa]|"
           r"casad[oa]|divorciad[oa]|separad[oa]|noiv[oa]|viúv[oa]|namorando)\b",
           r"\b(?P<value>casámo-nos|casamo-nos|divorciámo-nos|separámo-nos)\b",
           r"\bnos\s+(?P<value>casamos|divorciamos|separamos)\b"),
}
for _lang, _patterns in RELATIONSHIP_OTHER.items():
    for _pattern in _patterns:
        _rule(_lang, "relationship", _pattern)
# English transitions that state the new value without an ending word: a
# relationship begun or ended, being out of work (an employer ended), living just outside
# or near a place, "Y instead of X" (the slot of X, as "switched from X to Y").
_rule("en", "relationship", rf"\b(?:I|we|me\s+and\s+{_UPPER}\w+)(?:'ve|’ve|\s+have)?\s+(?:just\s+|"
      r"recently\s+|finally\s+)?(?P<value>broke\s+up|broken\s+up|split\s+up|separated)\b(?!\s+(?:a|an|the|it|that|this|"
      r"them|into|my|our|his|her|their)\b)")
_rule("en", "relationship", rf"\b{_I_AM}\s+(?:now\s+)?(?P<value>seeing)\s+(?:someone|somebody|"
      rf"a\s+(?:guy|girl|man|woman))\b(?!\s+(?:about|for|at|on|in|to|tomorrow|today|next|this|"
      rf"on\s+Monday))")
_rule("en", "employer", rf"\b{_I_AM}\s+(?:currently\s+|still\s+|now\s+)?(?P<value>unemployed|"
      rf"out\s+of\s+work|between\s+jobs|jobless)\b")
_rule("en", "residence", rf"\b(?:I|we){_NOW}\s+(?:live|reside)\s+(?:just\s+)?(?:outside(?:\s+of)?|"
      rf"near|close\s+to)\s+{_HOME}")
_rule("en", "employer", rf"\b(?:I{_NOW}\s+work\s+(?:at|for)|{_I_AM}{_NOW}\s+working\s+(?:at|for))"
      rf"\s+the\s+{_PLACE}")
_rule("en", "tool", rf"\bI(?:'ve|’ve|\s+have)?\s+(?:just\s+|now\s+|recently\s+)?(?:taken\s+up|"
      rf"took\s+up|started(?:\s+playing|\s+doing)?|switched\s+to|gone\s+over\s+to|moved\s+on\s+to)"
      rf"\s+{_THING}\s+instead\s+of\s+(?P<name>{_THING_BODY}){_END}")
for _lang, _verb in (("it", r"(?:io\s+)?guido"), ("es", r"(?:yo\s+)?(?:conduzco|manejo)"),
                     ("fr", r"je\s+conduis"), ("de", r"ich\s+fahre"),
                     ("pt", r"(?:eu\s+)?(?:dirijo|conduzo)")):
    _rule(_lang, "car", rf"\b{_verb}\s+(?:(?:jetzt|nun|ora|adesso|ahora|maintenant|agora)\s+)?"
          rf"(?:una?|une?|einen|ein|eine|uma?)\s+(?P<value>{_UPPER}[\w'’.+-]*(?:\s+[\w'’.+-]+)"
          rf"{{0,2}}?)(?=\s*(?:[.,;!?]|$)|\s+(?:e|y|et|und|seit|da|desde|depuis|mas|ma|pero|"
          rf"aber|mais)\b)")
DIET_OTHER_RULES = [(lang, rx.pattern) for lang, slot, rx in RULES
                    if slot == "diet" and lang != "en"]
"""The other languages' diet rules so far ("je suis végétarien"): trigger rows too."""
# Colloquial verbs, becoming, things had; first, as they read a clause more
# closely than the general rules ("faccio l'impiegata" is a job before it is a habit)
RULES[:0] = [(_lang, _slot, re.compile(_pattern, FLAGS)) for _lang, _slot, _pattern in NOW_RULES]
