"""Per-language data for :mod:`kore_pipeline.patterns`: trigger regexes and word lists.

Each ``TABLE`` row is ``(category, polarity, regex)``. A regex matches the trigger
("I prefer", "ho deciso di"); the fact is the text after it up to the clause end,
unless the regex has a ``fact`` group (German "für X entschieden"). Optional groups:
``pre`` is put before the fact (a verb, "bevo" in "non bevo mai caffè"), ``when`` after
it ("every morning"). Regexes are compiled with IGNORECASE; text is matched after
apostrophes are normalised to ``'``. ``(?-i:[A-Z])`` asks for a capital letter.
"""

from __future__ import annotations

from kore_pipeline.extract.patterns_changes import CHANGE_ROWS
from kore_pipeline.extract.patterns_more import MORE_ROWS, NOT_REFUSAL
from kore_pipeline.extract.patterns_people import NOT_THEIRS_EN, NOT_THEIRS_IT, PEOPLE_ROWS
from kore_pipeline.extract.patterns_plans import PLAN_ROWS
from kore_pipeline.extract.patterns_taste import TASTE_ROWS
from kore_pipeline.extract.patterns_third import THIRD_ROWS
from kore_pipeline.extract.trigger_parts import CAP as _CAP
from kore_pipeline.extract.trigger_parts import DEC, HAB, PREF, PROF
from kore_pipeline.extract.trigger_parts import I_AM as _IM
from kore_pipeline.extract.trigger_parts import any_of as _any

CATEGORIES = (PREF, DEC, HAB, PROF)


_ADV = (r"(?:\s+(?:really|also|just|definitely|genuinely|personally|actually|truly|totally|"
        r"absolutely|kinda|do|much|still|generally|usually|always|mostly|rather|strongly|"
        r"rly|lowkey|def|defo|legit|literally|honestly|seriously|srsly|sooo*))")
_I = r"\bI" + _ADV + "{0,2}"
_IMA = _IM + _ADV + "{0,2}"
_IN = r"\bI(?:\s+(?:also|currently|still|now))?\s+"
_IN0 = r"\bI(?:\s+(?:also|currently|still|now))?"  # … then "\s+live" or "'ve lived"
_USE = r"(?:\s+(?:use|go\s+with|stick\s+with|switch\s+to|adopt|move\s+to|migrate\s+to))?"
_WEEKDAYS_EN = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday"
# Not after a word that makes the clause reported or feared rather than stated:
# "I feel like I can't", "I'm worried that I won't", "the mood that I can't shake".
_NOT_REPORTED = "".join(rf"(?<!\b{w}\s)" for w in (
    "that", "like", "think", "guess", "worried", "afraid", "hope", "feel", "know", "sure",
    "wish", "maybe", "probably", "if", "what", "how", "why", "where", "when"))
# The object of a rule stated as an imperative ("never deploy on Fridays"): to the clause end.
_RULE_FACT = (r"(?P<fact>[^.;!?]{2,150}?)(?=\s*[.;!?]|,?\s+(?:but|because|since|unless|so|and"
              r"|or)\b|,\s|$)")

TABLE: dict[str, list[tuple[str, str, str]]] = {
    "en": [
        (PREF, "+", _I + r"\s+(?:prefer|like|love|enjoy|adore)\b" + NOT_REFUSAL["en"]),
        (PREF, "+", _IMA + r"\s+(?:(?:a\s+)?(?:big\s+|huge\s+|massive\s+|great\s+)?fan\s+of|into|"
                    r"obsessed\s+with|passionate\s+about|interested\s+in|crazy\s+about)\b"),
        (PREF, "+", r"^(?P<fact>[\w' -]{2,40}?)\s+(?:is|are)\s+(?:definitely\s+|probably\s+)?my\s+"
                    r"(?:all[- ]time\s+)?favou?rite\b(?:\s+(?!and\b|but\b|too\b)[\w-]+)?"),
        (PREF, "+", r"\bmy\s+(?:all[- ]time\s+)?favou?rite(?:\s+[\w'\- ]{1,40}?)?\s+(?:is|are)\b"),
        (PREF, "-", _I + r"\s+(?:do\s+not|don't|did\s+not|didn't|can't|cannot|can\s+not)\s+"
                         r"(?:really\s+)?(?:like|stand|bear|enjoy|love|be\s+doing\s+with)\b"),
        (PREF, "-", _I + r"\s+(?:hate|dislike|detest|avoid|loathe)\b(?!\s+to\s+(?:ask|say|admit|"
                         r"bother|interrupt|break|burst|disappoint|complain|be\s+(?:that|the|a)|"
                         r"tell\s+you|do\s+this|trouble)\b)"),
        (PREF, "-", _IM + r"\s+not\s+(?:a\s+)?(?:big\s+|huge\s+)?fan\s+of\b"),
        (DEC, "+", r"\b(?:I|we)(?:'ll|\s+will|\s+shall)\s+(?:use|go\s+with|stick\s+with|"
                   r"switch\s+to|adopt|pick)\b"),
        (DEC, "+", r"\b(?:I|we)(?:'m|'re|\s+am|\s+are)\s+going\s+(?:with|to\s+use|to\s+go\s+with|"
                   r"to\s+switch\s+to)\b"),
        (DEC, "+", r"\b(?:I|we)(?:'ve|\s+have)?\s+(?:finally\s+|just\s+)?(?:chose|chosen|picked|"
                   r"opted\s+for|settled\s+on|went\s+with|gone\s+with)\b"),
        (DEC, "+", r"\b(?:I|we)(?:'ve|\s+have)?\s+(?:finally\s+|just\s+)?decided\s+"
                   r"(?:to" + _USE + r"|on|that)\b"),
        (DEC, "-", r"\b(?:I|we)(?:'ve|\s+have)?\s+(?:finally\s+)?decided\s+(?:against|not\s+to"
                   + _USE + r")\b"),
        (DEC, "+", r"\blet's\s+(?:go\s+with|use|stick\s+with|pick)\b"),
        (DEC, "+", r"\bwe\s+agreed\s+(?:to" + _USE + r"|on)\b"),
        (HAB, "+", r"\bI(?:\s+(?:also|still|just))?\s+(?:usually|always|often|normally|generally|"
                   r"typically|regularly|mostly|frequently|sometimes|tend\s+to)\b"),
        (HAB, "-", r"\bI(?:\s+(?:also|still|just))?\s+(?:never|rarely|seldom|hardly\s+ever)\b"
                   r"(?!\s+(?:know|knew|thought|expected|imagined|meant|said|reali[sz]ed|noticed|"
                   r"understood|got\s+(?:the|a)\s+chance)\b)"),
        (HAB, "+", _IM + r"\s+(?:usually|always|normally|often|generally|typically)\b"),
        (HAB, "+", r"\b(?P<when>(?:every|each)\s+(?:single\s+)?(?:morning|day|evening|night|week|"
                   r"weekday|weekend|month|" + _WEEKDAYS_EN + r")),?\s+I\b"),
        (HAB, "+", r"\b(?P<when>on\s+(?:(?:" + _WEEKDAYS_EN + r")s|weekends)),?\s+I\b"),
        (HAB, "+", r"\bI\s+(?!(?:can't|cannot|couldn't|could|won't|wouldn't|would|wish|hope|want|"
                   r"need|might|may|should|doubt|don't\s+think)\b)(?=(?:[\w'-]+,?\s+){1,8}?(?:(?:every|each)\s+(?:morning|day|evening|"
                   r"night|week|weekday|weekend|" + _WEEKDAYS_EN + r")|on\s+(?:(?:"
                   + _WEEKDAYS_EN + r")s|weekends))\b)"),
        (PROF, "+", r"\bmy\s+name\s+is\b|\bI(?:'m|\s+am)\s+called\b|\bcall\s+me\b"),
        (PROF, "+", _IM + r"\s+(?!ok\b)(?=" + _CAP + r"[\w-]+(?:\s+" + _CAP
                    + r"[\w-]+)?\s*(?:[.,!]|$))"),
        (PROF, "+", _IMA + r"\s+(?=(?:severely\s+|mildly\s+|very\s+|so\s+)?" + _any(
            r"allergic intolerant afraid\s+of scared\s+of terrified\s+of close\s+(?:with|to) "
            r"worried\s+about unable\s+to on\s+a\s+diet") + r"\b)"),
        (PROF, "+", _IMA + r"\s+(?=" + _any(
            r"not\s+religious religious homeschooled widowed shy an?\s+only\s+child vegetarian "
            r"vegan pescatarian diabetic celiac coeliac lactose[-\s]intolerant left-handed "
            r"right-handed married single divorced retired pregnant colou?r-?blind deaf blind "
            r"engaged \d{1,3}\s+years?\s+old") + r"\b)"),
        (PROF, "+", _IMA + r"\s+(?:a|an)\s+(?!bit\b|little\b|lot\b|(?:big|huge|great)\s+fan\b|"
                    r"fan\b)|" + _IM + r"\s+the\s+(?!same\b|one\b|best\b|worst\b)"),
        (PROF, "+", _IM + r"(?:\s+originally)?\s+(?:from|based\s+in)\b|\bI\s+(?:originally\s+)?"
                    r"come\s+from\b|\bI\s+(?:grew\s+up|was\s+raised)\s+(?:in|on|near)\b"),
        (PROF, "+", _IN0 + r"(?:\s+work|\s+am\s+working|'m\s+working)"
                           r"(?:\s+(?:part|full)[- ]time)?\s+(?:as|at|for|in|with)\b"),
        (PROF, "+", _IN0 + r"(?:\s+live|\s+have\s+lived|'ve\s+lived)\s+(?:in|on|with|near|by)\b"),
        (PROF, "+", r"\bI\s+was\s+born\s+(?:in|on)\b"),
        (PROF, "+", _I + r"(?:\s+have|'ve\s+got|\s+have\s+got|\s+own)\s+(?=(?:a|an|one|two|three|"
                    r"four|five|six|\d+)\s+(?!(?:lot|few|bit|little|question|feeling|idea|couple\s+"
                    r"of\s+questions|(?:good|great|fun|nice|hard|tough|busy|long|"
                    r"wonderful)\s+(?:time|"
                    r"day|week))\b))"),
        (PROF, "+", r"\bI(?:\s+(?:also|just|once))?\s+(?=used\s+to\b)"),
        (PROF, "+", r"\bI(?:'ve|\s+have)?(?:\s+(?:just|recently|finally|also))?\s+(?=" + _any(
            r"graduated retired adopted bought joined moved\s+to became served\s+in studied "
            r"had\s+surgery had\s+(?:a\s+baby|my\s+first) got\s+(?:married|divorced|engaged) "
            r"went\s+(?:in)?to\s+(?:the\s+)?(?:army|navy|military|college|university)") + r"\b)"),
        (PROF, "+", _I + r"\s+(?=" + _any(
            r"play teach study collect volunteer coach attend homeschool knit sew write paint sing "
            r"drive ride speak spend lift own eat hunt fish surf hike swim bake cook garden travel "
            r"run\s+(?:a|an|my) go\s+to\s+(?:[\w-]+\s+)?(?:school|college|university|church)")
                    + r"\b(?!\s+(?:it|that|this|them)\b))"),
        (PROF, "+", _IM + r"(?:\s+(?:also|currently|still|now))?\s+(?=" + _any(
            r"studying majoring\s+in learning training\s+(?:for|to) saving\s+(?:up\s+)?(?:for|to) "
            r"going\s+to\s+(?:[\w-]+\s+)?(?:school|college|university) thinking\s+(?:about|of)\s+"
            r"\w+ing considering planning\s+(?:to|on) hoping\s+to\s+(?:be|become) "
            r"in\s+(?:the\s+)?(?:army|navy|military|marines|air\s+force|a\s+band|college|"
            r"university)"
            r" in\s+(?:middle|high|grad|law|medical|nursing)\s+school") + r"\b)"),
        (PROF, "+", r"\bI(?:\s+(?:really|also))?\s+(?:(?:want\s+to|plan\s+to)\s+(?=(?:be|become)\s+"
                    r"(?:a|an)\b)|(?:hope\s+to|'d\s+like\s+to|would\s+like\s+to)\s+(?=(?:be|"
                    r"become)\s+(?:a|an)\b|(?:retire|travel|move|study|open|start)\b))"
                    r"|\bmy\s+(?:dream|goal)\s+is\b"),
        (PROF, "+", r"^(?:(?:oh|well|yes|yeah|no|also|and|so),?\s+)?my\s+(?=" + _any(
            r"wife husband partner boyfriend girlfriend fianc[ée]e? sons? daughters? kids children "
            r"mom mother dad father parents brothers? sisters? family best\s+friend "
            r"grand(?:ma|pa|mother|father|parents)") + r"\s+(?!and\s+I\b)" + NOT_THEIRS_EN
                    + r"\w)"),
        (HAB, "+", r"\bI(?:'ve|\s+have)(?:\s+(?:also|actually|just))?\s+been\s+(?=\w+ing\b"
                   r"[^.!?]{0,60}?\b(?:for\s+(?:over\s+|about\s+|almost\s+|nearly\s+)?(?:a|an|"
                   r"\w+|\d+)"
                   r"\s+(?:years?|months?|decades?)|since)\b)"),
        (HAB, "-", r"\bI\s+(?:don't|do\s+not)\s+(?=(?:eat|drink|smoke|drive|own)\b)"),
        # --- issue 13: constraints, aversions, diets and health, distrust, rules ---
        (HAB, "+", _NOT_REPORTED + r"\bI(?:\s+(?:also|still|now))?\s+only\s+(?!" + _any(
            r"just have\s+(?:a|an|one|two|\d+)\s+(?:minute|second|moment|hour|day)s?\b know "
            r"want wanted mean meant wish hope said asked got had need needed think thought "
            r"remember found saw heard started recently once ever really realized noticed "
            r"learned came went did") + r"\b)(?P<pre>[a-z]+)\b"),
        (PROF, "-", _NOT_REPORTED + r"\bI\s+(?:cannot|can't|can\s+not)\s+(?!" + _any(
            r"wait believe imagine remember thank say tell help see understand decide find "
            r"think stand bear like enjoy love get complain argue agree blame even really quite "
            r"do go make recall express explain figure afford stop describe hear speak "
            r"emphasi[sz]e stress overstate picture guarantee promise compete live seem be "
            r"pick choose have\s+(?:any|it|that|them|one|enough)") + r"\b)(?P<pre>[a-z]+)\b"),
        (PREF, "-", _I + r"\s+(?:refuse|decline)\s+to\b"),
        (DEC, "-", _NOT_REPORTED + r"\b(?:I|we)(?:\s+will\s+not|\s+won't|'ll\s+never|"
                   r"\s+will\s+never|\s+shall\s+not"
                   r"|\s+am\s+never\s+going\s+to|'m\s+never\s+going\s+to)\s+(?!" + _any(
            r"be keep lie bother let forget say tell take\s+(?:long|much) hold mind ever stop "
            r"judge disappoint miss have know happen understand forgive") + r"\b)"
                   r"(?P<pre>[a-z]+)\b"),
        (PREF, "-", _I + r"\s+(?:despise|abhor|distrust|detest)\b"),
        (PREF, "-", r"\bI\s+(?:don't|do\s+not|never|no\s+longer|can't|cannot)\s+(?:really\s+|"
                    r"fully\s+)?"
                    r"trust\b"),
        (PREF, "-", r"\bI(?:\s+have|'ve\s+got|\s+have\s+got)\s+(?:no|zero|little|"
                    r"absolutely\s+no)\s+"
                    r"(?:real\s+)?interest\s+in\b"),
        (PREF, "-", _IM + r"\s+not\s+(?:really\s+|very\s+|that\s+|too\s+|so\s+)?(?:into|"
                          r"interested\s+in|"
                    r"keen\s+on|fond\s+of|a\s+(?:big\s+|huge\s+)?fan\s+of)\b"),
        (PREF, "-", r"\bI\s+(?:really\s+|usually\s+|always\s+|"
                    r"often\s+)?find\s+(?P<fact>(?!(?:it|that|"
                    r"this|them|those|these|him|her|you|myself|out)\b)[\w'\- ]{2,60}?)\s+(?:(?:so|"
                    r"very|really|quite|incredibly|extremely|pretty|super|a\s+bit|kind\s+of|rather)"
                    r"\s+)?(?:tedious|boring|dull|annoying|exhausting|tiring|stressful|frustrating|"
                    r"overwhelming|draining|unbearable|pointless)\b"),
        (PREF, "+", r"\bI\s+(?:really\s+|usually\s+|always\s+|"
                    r"often\s+)?find\s+(?P<fact>(?!(?:it|that|"
                    r"this|them|those|these|him|her|you|myself|out)\b)[\w'\- ]{2,60}?)\s+(?:(?:so|"
                    r"very|really|quite|incredibly|extremely|pretty|super)\s+)?(?:relaxing|"
                    r"fascinating|calming|rewarding|therapeutic|enjoyable|soothing|satisfying|"
                    r"inspiring|energi[sz]ing)\b"),
        (PROF, "+", _I + r"\s+(?:follow|am\s+following|'m\s+following|stick\s+to|keep\s+to)\s+(?="
                    r"(?:a|an|the)\s+(?:[\w-]+\s+){0,3}?diet\b)"
                    r"|" + _IMA + r"\s+(?=on\s+(?:a|an)\s+(?:[\w-]+\s+){1,3}?diet\b)"),
        (PROF, "+", _I + r"(?:\s+have|'ve\s+got|\s+have\s+got|\s+was\s+diagnosed\s+with|"
                         r"\s+suffer\s+"
                    r"from|\s+live\s+with|\s+struggle\s+with)\s+(?=(?:(?:a|"
                    r"an)\s+)?(?:(?:severe|mild|"
                    r"chronic|bad|terrible|serious|type\s+[12])\s+)?(?:[\w'-]+\s+){0,2}?" + _any(
            r"allerg(?:y|ies) intolerances? diabetes asthma celiac coeliac disease disorder "
            r"syndrome migraines? arthritis epilepsy adhd autism anxiety depression insomnia "
            r"eczema ibs lupus hypertension high\s+blood\s+pressure cancer tinnitus dyslexia") +
         r"\b)"),
        (PREF, "+", r"\bI(?:'d|\s+would)\s+(?:much\s+|really\s+|honestly\s+)?rather\s+(?!not\b|"
                    r"(?:say|tell|talk|discuss|comment|answer|share|be|go\s+into|elaborate|"
                    r"disclose|reveal)\b)(?P<fact>[^.;!?]{2,120}?)"
                    r"(?=\s+than\b|\s+instead\b|\s*[.;!?,]|$)"),
        (PREF, "-", r"\bI(?:'d|\s+would)\s+(?:much\s+|really\s+)?rather\s+not\s+(?!(?:say|tell|"
                    r"talk|"
                    r"discuss|comment|answer|share|get\s+into|be|think\s+about\s+it|go\s+into|"
                    r"elaborate|disclose|reveal|specify|mention)\b)"
                    r"(?P<fact>[^.;!?]{2,120}?)(?=\s+than\b|\s*[.;!?,]|$)"),
        (PROF, "+", r"\bmy\s+(?P<pre>(?:(?:wife|husband|partner|boyfriend|girlfriend|"
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
                    r"(?:\s+(?:on|in|at)\b)?(?=\s+\w)"),
        (DEC, "+", r"\b(?:I|we)(?:'ve|\s+have|'d|\s+had)?\s+(?:just\s+|finally\s+|recently\s+|"
                   r"now\s+|"
                   r"already\s+)?(?:switched|changed|migrated|converted|transitioned|upgraded|"
                   r"downgraded)\s+(?=from\s+[^.;!?]{1,60}?\s+to\s+\w|"
                   r"(?:over\s+)?to\s+(?!(?:the\s+)?"
                   r"(?:subject|topic)\b)\w)"),
        (PROF, "+", r"\bI(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+)?(?:moved|"
                    r"relocated)\s+"
                    r"(?=from\s+[^.;!?]{1,60}?\s+to\s+\w)"),
        (DEC, "-", r"^(?:(?:please|also|and|just|oh|so|but),?\s+){0,2}(?:never|don't|"
                   r"do\s+not)\s+(?!"
         + _any(r"mind worry know care think forget get bother ask remind tell even say judge "
                r"laugh "
                r"heard seen been thought had met done got gone tried ever again really feel "
                r"apologi[sz]e hesitate panic stress sweat give quit lose miss let go you i we "
                r"they he she it that this have want like need be see understand hate blame "
                r"expect recall remember wish") + r"\b)(?=[a-z]+\b(?<!ed\b))" + _RULE_FACT),
        (DEC, "+", r"^(?:(?:please|also|and|just),?\s+){0,2}(?:always|make\s+sure\s+to|"
                   r"remember\s+to)\s+(?!" + _any(
            r"happy glad good great nice a an the been fun love loved wanted thought liked "
            r"enjoyed have had was is are will do did so such more ready here there welcome "
            r"on in at for with my your our be been there's wondered dreamed") +
         r"\b)(?=[a-z]+\b(?<!ed\b))" + _RULE_FACT),
    ],
    "it": [
        (PREF, "+", r"\b(?:io\s+)?(?:preferisco|adoro|amo)\b" + NOT_REFUSAL["it"]),
        (PREF, "+", r"\b(?:a\s+me\s+)?mi\s+(?:piace|piacciono)\b"),
        (PREF, "+", r"\b(?:il|la)\s+mi[oa]\s+[\w' ]{1,40}?\s+preferit[oa]\s+è\b"),
        (PREF, "+", r"\bvado\s+matt[oa]\s+per\b|\b(?:io\s+)?sono\s+(?:(?:un|una)\s+)?(?:grande\s+|"
                    r"gran\s+)?(?:fan|appassionat[oa]|tifos[oa])\s+(?:di|del|della|dei|delle)\b"),
        (PREF, "-", r"\b(?:io\s+|a\s+me\s+)?non\s+mi\s+(?:piace|piacciono)\b"),
        (PREF, "-", r"\b(?:io\s+)?(?:odio|detesto|evito)\b|\bnon\s+sopporto\b"),
        (DEC, "+", r"\b(?:(?:io\s+)?(?:l'ho|ho)|abbiamo)\s+(?:finalmente\s+)?deciso\s+(?:di(?:\s+"
                   r"(?:usare|utilizzare|passare\s+a|adottare|andare\s+con))?|per)\b"),
        (DEC, "+", r"\b(?:l'ho|ho|abbiamo)\s+(?:scelto|optato\s+per)\b"),
        (DEC, "+", r"\b(?:userò|useremo|utilizzerò|utilizzeremo|opto\s+per|scelgo|"
                   r"andiamo\s+con)\b"),
        (HAB, "+", r"\b(?:io\s+)?(?:di\s+solito|solitamente|normalmente|generalmente|abitualmente|"
                   r"spesso|tendo\s+a)\b"),
        (HAB, "+", r"\b(?P<when>ogni\s+(?:mattina|giorno|sera|notte|settimana|weekend|fine\s+"
                   r"settimana|lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica)),?"),
        (HAB, "+", r"(?:^|(?<=,\s)|\bio\s+)(?P<pre>(?:(?:lo|la|li|le|ne|mi|ci|ti)\s+)?\w+o)\s+"
                   r"sempre\b"),
        (HAB, "-", r"\b(?:io\s+)?non\s+(?P<pre>(?:(?:lo|la|li|le|ne|mi|ci|ti)\s+)?\w+)\s+mai\b"),
        (PROF, "+", r"\bmi\s+chiamo\b|\bil\s+mio\s+nome\s+è\b"),
        (PROF, "+", r"\b(?:io\s+)?sono\s+(?=(?:molto\s+|gravemente\s+)?(?:allergic[oa]|"
                    r"intollerante)\b)"),
        (PROF, "+", r"\b(?:io\s+)?sono\s+(?=(?:vegetarian[oa]|vegan[oa]|celiac[oa]|diabetic[oa]|"
                    r"sposat[oa]|single|mancin[oa]|in\s+pensione|incinta)\b)"),
        (PROF, "+", r"\b(?:io\s+)?sono\s+(?:un'|(?:un|una|uno)\s+)(?!po\b|attimo\b|sacco\b|"
                    r"(?:grande\s+|gran\s+)?(?:fan|appassionat[oa]|tifos[oa])\b)"),
        (PROF, "+", r"\b(?:io\s+)?lavoro\s+(?:come|presso|per)\b|\blavoro\s+(?:a|in|da)\s+(?="
                    + _CAP + ")"),
        (PROF, "+", r"\b(?:io\s+)?(?:vivo|abito)\s+(?:a|ad|in|al|nel|nella|con)\b|\bsono\s+"
                    r"cresciut[oa]\s+(?:a|ad|in|al|nel|nella)\b"),
        (PROF, "+", r"(?:^|\bio\s+)(?P<pre>suono|insegno|studio|colleziono)\b(?=\s+\w)"),
        (PROF, "+", r"^(?:e\s+)?(?P<pre>(?:mio|mia)\s+" + _any(
            "marito moglie figli[oa] madre padre mamma papà fratello sorella compagn[oa] "
            "ragazz[oa]")
                    + r")\b(?!\s+e\s+io\b)" + NOT_THEIRS_IT + r"(?=\s+\w)"),
        (PROF, "+", r"\bsono\s+nat[oa]\s+(?:a|ad|in|il|nel)\b|\bsono\s+di\b(?=\s+" + _CAP + ")"),
        (PROF, "+", r"\b(?:io\s+)?(?:ho|possiedo)\s+(?=(?:un'|(?:un|una|uno|due|tre|quattro|\d+)"
                    r"\s+)(?!po'|po\b|attimo|sacco|domand|idea|paio\s+di\s+domande|momento)\w)"),
        # --- issue 13 ---
        (PREF, "+", r"\b(?:io\s+)?preferirei\b" + NOT_REFUSAL["it"]),
        (PREF, "-", r"\b(?:io\s+)?non\s+mi\s+fido\s+(?:di|del|della|dei|degli|delle|dello)\b"),
        (PROF, "+", r"\b(?:io\s+)?(?:seguo|faccio)\s+(?=una\s+dieta\b)"),
        (PREF, "-", r"\b(?:io\s+)?mi\s+rifiuto\s+di\b"),
    ],
    "es": [
        (PREF, "+", r"\b(?:yo\s+)?(?:prefiero|adoro)\b" + NOT_REFUSAL["es"]),
        (PREF, "+", r"\b(?:a\s+mí\s+)?me\s+(?:gusta|gustan|encanta|encantan)\b"),
        (PREF, "+", r"\bmi\s+[\w ]{1,40}?\s+(?:favorit[oa]|preferid[oa])\s+es\b"),
        (PREF, "-", r"\b(?:a\s+mí\s+)?no\s+me\s+(?:gusta|gustan)\b"),
        (PREF, "-", r"\b(?:yo\s+)?(?:odio|detesto|evito)\b|\bno\s+soporto\b"),
        (DEC, "+", r"\b(?:yo\s+)?(?:decidí|he\s+decidido|hemos\s+decidido|decidimos)(?:\s+(?:que|"
                   r"usar|utilizar|ir\s+con|quedarme\s+con|cambiar\s+a))?\b"),
        (DEC, "+", r"\b(?:elegí|escogí|opté\s+por|me\s+quedo\s+con|voy\s+a\s+usar|usaré|"
                   r"vamos\s+a\s+usar|usaremos)\b"),
        (HAB, "+", r"\b(?:yo\s+)?(?:normalmente|generalmente|por\s+lo\s+general|habitualmente|"
                   r"suelo|solemos|a\s+menudo)\b"),
        (HAB, "+", r"(?:^|(?<=,\s)|\byo\s+)siempre\b"),
        (HAB, "-", r"(?:^|(?<=,\s)|\byo\s+)(?:nunca|jamás)\b"),
        (HAB, "+", r"\b(?P<when>cada\s+(?:mañana|día|noche|tarde|semana|lunes|martes|miércoles|"
                   r"jueves|viernes|sábado|domingo)|todos\s+los\s+(?:días|lunes|martes|miércoles|"
                   r"jueves|viernes|sábados|domingos)|todas\s+las\s+(?:mañanas|noches|tardes|"
                   r"semanas)),?"),
        (PROF, "+", r"\bme\s+llamo\b|\bmi\s+nombre\s+es\b"),
        (PROF, "+", r"\b(?:yo\s+)?soy\s+(?=(?:muy\s+)?(?:alérgic[oa]|intolerante)\b)"),
        (PROF, "+", r"\b(?:yo\s+)?soy\s+(?=(?:vegetarian[oa]|vegan[oa]|celíac[oa]|diabétic[oa]|"
                    r"casad[oa]|solter[oa]|zurd[oa])\b)"),
        (PROF, "+", r"\b(?:yo\s+)?soy\s+(?:un|una)\s+"),
        (PROF, "+", r"\b(?:yo\s+)?trabajo\s+(?:como|de|en|para)\b"),
        (PROF, "+", r"\b(?:yo\s+)?vivo\s+en\b|\bnací\s+en\b|\bsoy\s+de\b(?=\s+" + _CAP + ")"),
        (PROF, "+", r"\btengo\s+(?=(?:un|una|dos|tres|\d+)\s+(?:\w+\s+)?(?:perr[oa]s?|gat[oa]s?|"
                    r"hij[oa]s?|niñ[oa]s)\b)"),
        # --- issue 13 ---
        (PREF, "+", r"\b(?:yo\s+)?preferiría\b" + NOT_REFUSAL["es"]),
        (PREF, "-", r"\b(?:yo\s+)?no\s+confío\s+(?:en|de)\b"),
        (PROF, "+", r"\b(?:yo\s+)?sigo\s+(?=una\s+dieta\b)"),
        (PREF, "-", r"\b(?:yo\s+)?me\s+niego\s+a\b"),
    ],
    "fr": [
        (PREF, "+", r"\bje\s+préfère\b" + NOT_REFUSAL["fr"] + r"|\bj'(?:aime|adore)\b"),
        (PREF, "+", r"\b(?:mon|ma)\s+[\w' ]{1,40}?\s+préférée?\s+(?:est|c'est)\b"),
        (PREF, "-", r"\bje\s+n'(?:aime|supporte)\s+pas\b|\bje\s+ne\s+supporte\s+pas\b"),
        (PREF, "-", r"\bje\s+(?:déteste|hais)\b|\bj'(?:évite|ai\s+horreur\s+d(?:e|u|es))\b"),
        (DEC, "+", r"\b(?:j'ai|nous\s+avons|on\s+a)\s+(?:finalement\s+)?décidé\s+(?:d'(?:utiliser|"
                   r"adopter)\b|de\s+(?:prendre|passer\s+à|partir\s+sur)\b|de\b|d')"),
        (DEC, "+", r"\b(?:j'ai|nous\s+avons|on\s+a)\s+(?:choisi|opté\s+pour)\b"),
        (DEC, "+", r"\b(?:je\s+vais|nous\s+allons|on\s+va)\s+(?:utiliser|partir\s+sur|prendre)\b"),
        (DEC, "+", r"\bj'utiliserai\b|\bj'opte\s+pour\b"),
        (HAB, "+", r"\b(?:d'habitude|habituellement|généralement|en\s+général|normalement|"
                   r"souvent)\b|\bj'ai\s+l'habitude\s+(?:de\b|d')"),
        (HAB, "+", r"\bje\s+(?P<pre>\w+)\s+toujours\b"),
        (HAB, "-", r"\bje\s+(?:ne\s+|n')(?P<pre>\w+)\s+jamais\b"),
        (HAB, "+", r"\b(?P<when>chaque\s+(?:matin|jour|soir|semaine|lundi|mardi|mercredi|jeudi|"
                   r"vendredi|samedi|dimanche)|tous\s+les\s+(?:matins|jours|soirs|lundis|mardis|"
                   r"mercredis|jeudis|vendredis|samedis|dimanches|week-ends)),?"),
        (PROF, "+", r"\bje\s+m'appelle\b|\bmon\s+nom\s+est\b"),
        (PROF, "+", r"\bje\s+suis\s+(?=(?:très\s+)?(?:allergique|intolérante?)\b)"),
        (PROF, "+", r"\bje\s+suis\s+(?=(?:végétarienne?|végane?|vegan|cœliaque|coeliaque|"
                    r"diabétique|mariée?|célibataire|gauchère|gaucher|enceinte|retraitée?)\b)"),
        (PROF, "+", r"\bje\s+suis\s+(?:un|une)\s+(?!peu\b)"),
        (PROF, "+", r"\bje\s+travaille\s+(?:comme|chez|pour|à|au|en|dans)\b"),
        (PROF, "+", r"\b(?:j'habite|je\s+vis)\s+(?:à|au|aux|en|dans)\b|\bje\s+suis\s+née?\s+"
                    r"(?:à|en|au|le)\b|\bje\s+viens\s+(?:de\s+|d'|du\s+)(?=" + _CAP + ")"),
        (PROF, "+", r"\bj'ai\s+(?=(?:un|une|deux|trois|\d+)\s+(?:\w+\s+)?(?:chiens?|chats?|"
                    r"chattes?|enfants|fils|filles?)\b)"),
        # --- issue 13 ---
        (PREF, "+", r"\bje\s+préférerais\b" + NOT_REFUSAL["fr"]),
        (PREF, "-", r"\bje\s+ne\s+fais\s+pas\s+confiance\s+(?:à|aux|au|en)\b|\bje\s+n'ai\s+pas\s+"
                    r"confiance\s+(?:en|dans)\b"),
        (PROF, "+", r"\bje\s+suis\s+(?=un\s+régime\b)"),
        (PREF, "-", r"\bje\s+refuse\s+(?:de\b|d')"),
    ],
    "de": [
        (PREF, "+", r"\bich\s+(?:bevorzuge|mag|liebe)\b(?!\s+kein(?:e|en|er|es)?\b)"),
        (PREF, "+", r"\bich\s+(?P<pre>\w+)\s+(?:sehr\s+)?(?:gerne?|am\s+liebsten)\b"),
        (PREF, "+", r"\bmeine?\s+lieblings[\w-]+\s+(?:ist|sind)\b"),
        (PREF, "-", r"\bich\s+mag\s+(?:kein|keine|keinen|keiner|keines)\b"),
        (PREF, "-", r"\bich\s+(?:hasse|vermeide|verabscheue)\b"),
        (PREF, "-", r"\bich\s+kann\s+(?P<fact>[^.;!?]{1,200}?)\s+nicht\s+(?:leiden|ausstehen)\b"),
        (DEC, "+", r"\b(?:ich\s+habe\s+mich|wir\s+haben\s+uns)\s+(?:jetzt\s+|endlich\s+)?für\s+"
                   r"(?P<fact>[^.;!?]{1,200}?)\s+entschieden\b"),
        (DEC, "+", r"\b(?:ich\s+habe|wir\s+haben)\s+(?:entschieden|beschlossen),?(?:\s+dass)?"),
        (DEC, "+", r"\b(?:ich\s+entscheide\s+mich|wir\s+entscheiden\s+uns)\s+für\b"),
        (DEC, "+", r"\b(?:ich\s+werde|wir\s+werden)\s+(?P<fact>[^.;!?]{1,200}?)\s+(?:verwenden|"
                   r"benutzen|nutzen|einsetzen|nehmen)\b"),
        (DEC, "+", r"\b(?:ich\s+nehme|wir\s+nehmen)\b"),
        (HAB, "+", r"\b(?:normalerweise|gewöhnlich|üblicherweise|meistens|in\s+der\s+Regel)"
                   r"(?:\s+(?P<pre>\w+)\s+ich\b)?"),
        (HAB, "+", r"\bich\s+(?P<pre>\w+)\s+(?:normalerweise|gewöhnlich|üblicherweise|meistens|"
                   r"immer|oft|häufig|in\s+der\s+Regel)\b"),
        (HAB, "-", r"\bich\s+(?P<pre>\w+)\s+(?:nie|niemals)\b"),
        (HAB, "+", r"\b(?P<when>jeden\s+(?:Morgen|Tag|Abend|Montag|Dienstag|Mittwoch|Donnerstag|"
                   r"Freitag|Samstag|Sonntag)|jede\s+Woche|jedes\s+Wochenende)\s+(?P<pre>\w+)\s+"
                   r"ich\b"),
        (PROF, "+", r"\bich\s+hei(?:ß|ss)e\b|\bmein\s+Name\s+ist\b"),
        (PROF, "+", r"\bich\s+bin\s+(?=(?:stark\s+|sehr\s+)?allergisch\b)"),
        (PROF, "+", r"\bich\s+bin\s+(?=(?:Vegetarier(?:in)?|Veganer(?:in)?|vegetarisch|vegan|"
                    r"Diabetiker(?:in)?|verheiratet|ledig|Linkshänder(?:in)?|schwanger|"
                    r"Rentner(?:in)?)\b)"),
        (PROF, "+", r"\bich\s+bin\s+(?:ein|eine)\s+"),
        (PROF, "+", r"\bich\s+bin\s+(?P<fact>" + _CAP + r"\w+(?:er|in))\b"),
        (PROF, "+", r"\bich\s+arbeite\s+(?:als|bei|für)\b"),
        (PROF, "+", r"\bich\s+(?:wohne|lebe)\s+in\b|\bich\s+komme\s+aus\b"),
        (PROF, "+", r"\bich\s+bin\s+(?:(?:in|im)\s+)?(?P<fact>[^.;!?,]{1,100}?)\s+geboren\b"),
        (PROF, "+", r"\bich\s+habe\s+(?=(?:einen|eine|ein|zwei|drei|\d+)\s+(?:\w+\s+)?(?:Hunde?|"
                    r"Katzen?|Kater|Kinder|Kind|Sohn|Söhne|Tochter|Töchter)\b)"),
        # --- issue 13 ---
        (PREF, "+", r"\bich\s+würde\s+lieber\b" + NOT_REFUSAL["de"]),
        (PREF, "-", r"\bich\s+weigere\s+mich,?\s+(?P<fact>[^.;!?]{1,100}?)\s+zu\s+\w+\b"),
        (PREF, "-", r"\bich\s+vertraue\s+(?P<fact>[^.;!?]{1,100}?)\s+nicht\b"),
    ],
    "pt": [
        (PREF, "+", r"\b(?:eu\s+)?(?:prefiro|adoro|amo)\b" + NOT_REFUSAL["pt"]),
        (PREF, "+", r"\b(?:eu\s+)?gosto\s+(?:muito\s+|bastante\s+)?(?:de|do|da|dos|das)\b"),
        (PREF, "+", r"\b(?:o\s+|a\s+)?(?:meu|minha)\s+[\w ]{1,40}?\s+(?:favorit[oa]|preferid[oa])"
                    r"\s+é\b"),
        (PREF, "-", r"\b(?:eu\s+)?não\s+gosto\s+(?:muito\s+)?(?:de|do|da|dos|das)\b"),
        (PREF, "-", r"\b(?:eu\s+)?(?:odeio|detesto|evito)\b|\bnão\s+suporto\b"),
        (DEC, "+", r"\b(?:eu\s+)?(?:decidi|decidimos|resolvi|resolvemos)(?:\s+(?:usar|utilizar|"
                   r"ir\s+com|ficar\s+com|mudar\s+para))?\b"),
        (DEC, "+", r"\b(?:eu\s+)?(?:escolhi|escolhemos|optei\s+por|optamos\s+por|vou\s+usar|"
                   r"vamos\s+usar|usarei|usaremos|vou\s+ficar\s+com)\b"),
        (HAB, "+", r"\b(?:eu\s+)?(?:costumo|costumamos|normalmente|geralmente|habitualmente|"
                   r"frequentemente)\b"),
        (HAB, "+", r"(?:^|(?<=,\s)|\beu\s+)sempre\b"),
        (HAB, "-", r"(?:^|(?<=,\s)|\beu\s+)nunca\b"),
        (HAB, "+", r"\b(?P<when>tod[oa]s?\s+(?:as\s+|os\s+)?(?:dias?|manhãs?|noites?|semanas?|"
                   r"segundas?|sextas?|fins\s+de\s+semana)),?"),
        (PROF, "+", r"\b(?:o\s+)?meu\s+nome\s+é\b|\b(?:eu\s+)?me\s+chamo\b|\bchamo-me\b"),
        (PROF, "+", r"\b(?:eu\s+)?sou\s+(?=(?:muito\s+)?(?:alérgic[oa]|intolerante)\b)"),
        (PROF, "+", r"\b(?:eu\s+)?sou\s+(?=(?:vegetarian[oa]|vegan[oa]?|celíac[oa]|diabétic[oa]|"
                    r"casad[oa]|solteir[oa]|canhot[oa])\b)"),
        (PROF, "+", r"\b(?:eu\s+)?sou\s+(?:um|uma)\s+"),
        (PROF, "+", r"\b(?:eu\s+)?trabalho\s+(?:como|na|no|em|para)\b"),
        (PROF, "+", r"\b(?:eu\s+)?(?:moro|vivo)\s+(?:em|no|na|nos|nas)\b|\bnasci\s+(?:em|no|na)\b"
                    r"|\bsou\s+d[eoa]\b(?=\s+" + _CAP + ")"),
        (PROF, "+", r"\b(?:eu\s+)?tenho\s+(?=(?:um|uma|dois|duas|três|\d+)\s+(?:\w+\s+)?"
                    r"(?:cachorros?|cães|cão|gat[oa]s?|filh[oa]s?)\b)"),
        # --- issue 13 ---
        (PREF, "+", r"\b(?:eu\s+)?preferiria\b" + NOT_REFUSAL["pt"]),
        (PREF, "-", r"\b(?:eu\s+)?não\s+confio\s+(?:em|no|na|nos|nas)\b"),
        (PROF, "+", r"\b(?:eu\s+)?sigo\s+(?=uma\s+dieta\b)"),
        (PREF, "-", r"\b(?:eu\s+)?me\s+recuso\s+a\b"),
    ],
}

for _lang, _rows in MORE_ROWS.items():  # second coverage round: after every other row
    TABLE[_lang].extend(_rows)
for _lang, _rows in THIRD_ROWS.items():  # third round (the blind list): after the second's
    TABLE[_lang].extend(_rows)
for _lang, _rows in PLAN_ROWS.items():  # plans and intentions: after the third round's
    TABLE[_lang].extend(_rows)
for _lang, _rows in TASTE_ROWS.items():  # idioms of taste: after the plans'
    TABLE[_lang].extend(_rows)
for _lang, _rows in CHANGE_ROWS.items():  # issue 19u (endings in five languages)
    TABLE[_lang].extend(_rows)
for _lang, _rows in PEOPLE_ROWS.items():  # issue 20c (facts as people type them): last
    TABLE[_lang].extend(_rows)

# Clause boundaries that end an open fact: (words, extra regex alternatives).
BOUNDARIES: dict[str, tuple[tuple[str, ...], str]] = {
    "en": (("but", "however", "although", "though", "because", "whereas", "unless", r"so\s+that",
            r"which\s+means", r"since\s+(?=it|they|we|I)"),
           r"|,?\s+(?:and|so)\s+(?=I\b|I'|we\b|my\b|im\b|ive\b)"
           # a chat's run-on: "…, so no more rain for me", "… so the commute is long", "… and
           # then moved to Leeds" (not the "so" of degree: "so peaceful", "so much"; "and
           # then" in lower case: "And Then There Were None" is a title)
           r"|,?\s+(?-i:and\s+then)\b|,\s*so\b|\s+so\s+(?=(?:i|im|ive|we|my|it|its|that|thats|there|"
           r"theres|this|now|no|yeah|you|u|youre|he|she|they|the|everything|nothing|anyway|idk|"
           r"then)\b|i')"),
    "it": (("ma", "però", "perché", r"anche\s+se", "mentre", "quindi", "invece", "siccome"),
           r"|,?\s+e\s+(?=(?:io|ho|sono|non|mi|ci)\b)"),
    "es": (("pero", "porque", "aunque", r"así\s+que", "mientras", "sino"),
           r"|,?\s+y\s+(?=(?:yo|me|no|tengo|soy)\b)"),
    "fr": (("mais", r"parce\s+que", r"parce\s+qu'", "car", r"bien\s+que", "donc", r"tandis\s+que",
            r"alors\s+que"),
           r"|,?\s+et\s+(?=(?:je|j'|on|nous)\b)"),
    "de": (("aber", "weil", "obwohl", "denn", "sondern", "während"),
           r"|,?\s+und\s+(?=(?:ich|wir)\b)"),
    "pt": (("mas", "porque", "porém", "embora", "então", "enquanto"),
           r"|,?\s+e\s+(?=(?:eu|não|tenho|sou)\b)"),
}

# A trigger preceded (in its sentence) by one of these is hypothetical and skipped.
HYPOTHETICAL: dict[str, tuple[str, ...]] = {
    "en": ("if", "suppose", "supposing", "imagine", "unless", "whether", "pretend",
           "hypothetically", r"not\s+sure", "unsure"),
    "it": ("se", "supponiamo", "immagina", r"nel\s+caso", "qualora", "ipoteticamente",
           r"non\s+(?:sono|so\s+se\s+sono)\s+sicur[oa]"),
    "es": ("si", "supongamos", "imagina", r"en\s+caso\s+de", "hipotéticamente",
           r"no\s+estoy\s+segur[oa]"),
    "fr": ("si", "s'il", "supposons", "imagine", "imaginons", r"au\s+cas\s+où",
           r"pas\s+sûre?"),
    "de": ("wenn", "falls", "angenommen", r"stell\s+dir\s+vor", r"nicht\s+sicher"),
    "pt": ("se", "suponha", "imagine", "caso", "hipoteticamente",
           r"não\s+tenho\s+certeza"),
}

ARTICLES: dict[str, tuple[str, ...]] = {
    "en": ("the", "a", "an"),
    "it": ("il", "lo", "la", "i", "gli", "le", "l'", "un", "una", "uno", "un'"),
    "es": ("el", "la", "los", "las", "un", "una", "unos", "unas"),
    "fr": ("le", "la", "les", "l'", "un", "une", "des", "du", r"de\s+la"),
    "de": ("der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer"),
    "pt": ("o", "a", "os", "as", "um", "uma"),
}

LEADING_FILLER = ("really", "to", "that", "che", "que", "dass", "molto", "tanto", "mucho",
                  "bien", "beaucoup", "sehr", "muito", "bastante", "nada", "niente", "je", "yo",
                  "io", "eu", "ich")
TRAILING_FILLER = (
    r"a\s+lot", r"very\s+much", r"so\s+much", r"so\s+badly", r"so\s+bad", "too", r"as\s+well",
    "also", "really", "anyway", "actually", "though", "then", r"for\s+now", "please", "lol",
    "haha", "tbh", "ngl", "btw", "imo", "tho", "lmao", "molto", "tanto",
    r"un\s+sacco", "anche", "comunque", "davvero", "mucho", "muchísimo", "también",
    r"la\s+verdad", "beaucoup", "aussi", "vraiment", "sehr", "auch", "wirklich", "gerne", "gern",
    r"zu\s+verwenden", r"zu\s+benutzen", r"zu\s+nutzen", "muito", "também", "demais",
    "and", "or", "but", "so", "e", "o", "y", "et", "ou", "und", "oder", "ma", "pero", "mais",
    "aber", "mas",
)
TIME_FILLER = (  # when it is true, not what: "I'm a Mets fan now" states "Mets fan"
    # lower case only: "I love Apocalypse Now" keeps its title
    "now", r"right\s+now", "nowadays", r"these\s+days", r"at\s+the\s+moment", "currently",
    "atm", "rn", r"as\s+of\s+now", "originally",  # chat: "in Leeds atm", "from Brazil originally"
    "adesso", "ormai", "ahora", r"hoy\s+en\s+día", "maintenant", r"en\s+ce\s+moment",
    "désormais", "jetzt", "mittlerweile", "inzwischen", "agora", r"hoje\s+em\s+dia",
    # ... or since when: "I took up pottery last year" states "pottery"
    "again", "recently", "lately", "yesterday", "today", "tonight", r"this\s+(?:morning|"
    r"afternoon|evening|week|weekend|month|year)", r"last\s+(?:week|weekend|month|year|night|"
    r"spring|summer|autumn|fall|winter)", r"(?:a|one|two|three|four|five|six|a\s+few|several|"
    r"a\s+couple\s+of|\d+)\s+(?:days?|weeks?|months?|years?)\s+ago",
)
PRONOUN_FACTS = frozenset({
    "it", "that", "this", "them", "those", "these", "one", "you", "him", "her", "it all",
    "that one", "this one", "lo", "la", "li", "le", "esto", "eso", "ça", "cela", "ceci", "das",
    "es", "ihn", "sie", "isso", "isto", "ele", "ela", "questo", "quello", "quella", "questa",
})

# Words joining the last item of a list ("A, B and C").
LIST_CONJUNCTIONS: dict[str, tuple[str, ...]] = {
    "en": ("and", "or"), "it": ("e", "ed", "o", "oppure"), "es": ("y", "e", "o", "u"),
    "fr": ("et", "ou"), "de": ("und", "oder"), "pt": ("e", "ou")}
_SET_TEXT = (
    # a list piece opening with one of these starts a new clause, not an item
    "i i'm i've i'd i'll it its you you're we we're they they're he she there there's what "
    "im ive youre theyre theres "
    "especially like plus even io ho sono yo soy je j'ai c'est ich es eu",
    # a fact made only of these says nothing ("do those things", "all of them too")
    "to do doing those these that this it them things thing stuff all of the same similar a lot "
    "lots kind kinds sort sorts different so much too both one ones two three there here as well",
    # a short fact opening with one of these points back at the conversation ("that book")
    "that this those these it them their his her its",
)
LIST_STOPS, VAGUE_WORDS, ANAPHORA = (frozenset(t.split()) for t in _SET_TEXT)
# A comma piece opening with one of these qualifies what came before ("two kids, aged 4 and
# 7", "reading, mostly sci-fi"): it is not a list item, and "I have" + it is no phrase.
_DEPENDENT_TEXT = (
    "aged ages named called based located born raised made known including includes "
    "especially mostly mainly particularly primarily usually mainly like such from with "
    "without in on at of for by about which who whom whose where when while as than except "
    "soprattutto specialmente chiamato chiamata chiamati di con da "
    "especialmente llamado llamada con de "
    "surtout notamment appelé appelée avec "
    "besonders namens mit von "
    "principalmente chamado chamada com"
)
LIST_DEPENDENT = frozenset(_DEPENDENT_TEXT.split())
# Stock phrases that follow a trigger without stating a fact.
JUNK_FACTS = (r"(?:it|that)\s+when\b|(?:happy|glad|willing|up\s+for|here|how|what|way|fact|"
              r"ones?|idea)\b|"
              r"(?:sorry|sure|good|fine|well|ok|okay|great)\s*$")

_STOP_TEXT = {
    "en": ("the and i is to of my it for with we you a in that this on be i'm i'll "
           "don't usually always never prefer like"),
    "it": ("il di che e non un una per sono mi ho è con del della lo gli le ma anche "
           "perché io al alla piace mai sempre solito oggi molto dove quando questo questa più "
           "già così fare sarò"),
    "es": ("el de que y no un una por para es me con los las del pero muy también yo "
           "en mi soy gusta siempre nunca desde hasta cuando donde hoy usar nada todo esta este "
           "estoy hacer más así porque"),
    "fr": ("le de et je ne pas un une est pour avec des du mais c'est très les au "
           "suis toujours jamais aujourd'hui où quand aussi avec sur dans je"),
    "de": ("der die das und ich nicht ein eine ist mit für zu auf den dem mich wir "
           "aber sehr bin habe immer nie heute auch wann wo noch schon"),
    "pt": ("o de que e não um uma para com eu é os do da em mas muito meu minha "
           "sou gosto sempre nunca no na você hoje também onde está estou fazer mais já assim "
           "porque"),
}
STOPWORDS: dict[str, frozenset[str]] = {k: frozenset(v.split()) for k, v in _STOP_TEXT.items()}
# Letters that hint at a language; each occurrence counts like a stopword.
LETTER_HINTS: dict[str, str] = {"es": "ñ¿¡", "pt": "ãõ", "de": "ßäöü", "fr": "œêëû", "it": "ìòù"}
