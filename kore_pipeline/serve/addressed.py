"""Questions about what the assistant said ("Which book did you recommend to me?").

With ``assistant_episodes`` on, the assistant's turns are memories too (subject
``assistant``). Most questions are about the user ("What music do I like?"), and the
assistant's replies echo the user's words at length ("Jazz is a wonderful genre…"), so
they would take the places of the user's own statements; and a question about what the
assistant said finds first the user's request ("Can you recommend a book?"), which shares
its words, then the answer. So the side a question is not about is scored
``x (1 - assistant_penalty)`` (serve/scoring): the assistant's memories for a question about
the user, the user's for one about what the assistant said — "you" with a verb of saying or
advising in the past ("what did you recommend", "you told me", "your suggestion"), in the
six pattern languages. In a store of one side every candidate gets the same factor: the
order is unchanged.
"""

from __future__ import annotations

import re

_SAYING = (r"recommend|suggest|advise|propose|tell|say|mention|give|share|teach|explain|list"
           r"|name|offer|remind")
_SAID = (r"recommended|suggested|advised|proposed|told|said|mentioned|gave|given|shared"
         r"|taught|explained|listed|named|offered|reminded")
_EN = (rf"\bdid\s+you\s+(?:\w+\s+){{0,2}}?(?:{_SAYING})\b"
       rf"|\byou(?:['’]ve|\s+have|\s+had)?\s+(?:\w+\s+){{0,2}}?(?:{_SAID})\b"
       r"|\byour\s+(?:\w+\s+)?(?:recommendation|suggestion|advice|tip|idea|answer|list|"
       r"opinion|thought)s?\b")
"""Past or asked in the past ("did you recommend", "you told me", "your tips"); not "can you
tell me what I like?", which asks about the user."""
_IT = (r"\bmi\s+(?:hai|avevi)\s+(?:\w+\s+)?(?:consigliat|suggerit|dett|raccomandat|propost)\w*"
       r"|\b(?:hai|avevi)\s+(?:consigliat|suggerit|raccomandat|propost)\w*"
       r"|\b(?:tuo|tuoi|tua|tue)\s+(?:consigli|suggeriment)\w*")
_ES = (r"\bme\s+(?:recomendaste|sugeriste|dijiste|aconsejaste|propusiste|contaste)\b"
       r"|\b(?:recomendaste|sugeriste|aconsejaste|propusiste)\b|\btus?\s+(?:consejos?|"
       r"recomendaci[oó]n(?:es)?|sugerencias?)\b")
_FR = (r"\btu\s+m['’]\s*as\s+(?:\w+\s+)?(?:conseill|recommand|sugg[eé]r|dit|propos)\w*"
       r"|\bvous\s+m['’]\s*avez\s+(?:\w+\s+)?(?:conseill|recommand|sugg[eé]r|dit|propos)\w*"
       r"|\b(?:tes|vos|ton|votre)\s+(?:conseils?|recommandations?|suggestions?)\b")
_DE = (r"\b(?:du\s+hast|hast\s+du)\s+(?:mir\s+)?(?:\w+\s+){0,3}?(?:empfohlen|vorgeschlagen|"
       r"geraten|gesagt|erz[aä]hlt|genannt)\b|\b(?:deine?n?|ihre?n?)\s+(?:Tipps?|Rat|"
       r"Empfehlung(?:en)?|Vorschl[aä]ge?)\b")
_PT = (r"\b(?:voc[eê]|tu)\s+(?:me\s+)?(?:recomendou|sugeriu|disse|aconselhou|indicou|"
       r"recomendaste|sugeriste)\b|\bme\s+(?:recomendou|sugeriu|disse|aconselhou|indicou)\b"
       r"|\b(?:seus?|suas?|teus?|tuas?)\s+(?:conselhos?|dicas?|recomenda[cç][oõ]es|"
       r"sugest[oõ]es)\b")
_ASKS_ASSISTANT = re.compile("|".join((_EN, _IT, _ES, _FR, _DE, _PT)),
                             re.IGNORECASE | re.UNICODE)


def asks_what_assistant_said(query: str) -> bool:
    """Whether ``query`` asks about something the assistant said: "what did you recommend",
    "the tips you gave me", "your advice", "cosa mi hai consigliato", "qué me recomendaste",
    "tu m'as conseillé", "was hast du mir empfohlen", "você me recomendou"."""
    return _ASKS_ASSISTANT.search(query) is not None
