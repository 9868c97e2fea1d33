"""Slot rules of what is true now, said with a colloquial verb, by becoming, by going back to
something, or by having a named thing; in the six languages we read.

Each rule is ``(language, slot, regex with a value group)``; :mod:`.slot_rules` appends
them to its table, and each grammar of :mod:`kore_pipeline.rules` has the same regex as a
trigger too (the value its fact), so the statement is kept as a fact that the slot reads.
"""

from __future__ import annotations

from kore_pipeline.text.occupations import OCCUPATIONS

_UPPER = r"(?-i:[A-ZÀ-Ý])"
_PLACE = rf"(?P<value>{_UPPER}[\w'’.&-]*(?<!\.)(?:\s+(?!I\b){_UPPER}[\w'’.&-]*(?<!\.)){{0,3}})"
_NAMED = rf"(?P<value>(?:{_UPPER}|i(?-i:[A-Z]))[\w'’+-]*(?:\s+(?-i:[A-Z0-9])[\w'’+-]*){{0,2}})"
"""A named thing: a brand and its model ("Renault Clio", "PlayStation 5")."""
_LOWER = r"(?-i:[a-zà-ÿ])"
_HOME = (rf"(?P<value>{_UPPER}[\w'’.&-]*(?<!\.)(?:\s+(?!I\b){_UPPER}[\w'’.&-]*(?<!\.)){{0,3}}"
         rf"|{_LOWER}[\w'’-]*(?:\s+{_LOWER}[\w'’-]*){{0,2}})")
"""Where one lives: a name, or lower-case words kept only as far as they name a known place."""
_PET_NAME = (rf"(?P<value>{_UPPER}[\w'’-]*)(?=\s*(?:[.,;!?]|$|\s+(?:e|y|et|und|mas|ma|pero|"
             rf"mais)\b))")
"""A pet's name, alone before the end of its clause."""
_NOT_HOME = (r"(?!(?:Mama|Mutti|Papa|Oma|Opa|Freunden|Eltern|meiner|meinem|meinen|ihm|ihr|"
             r"dir|euch|uns)\b)")
"""Who one is "bei" without working there ("ich bin jetzt bei Oma")."""
_NOT_VISIT = (r"(?![^.;!?]{0,25}\b(?:per\s+(?:lavoro|qualche|un|una|il|lo|le|due|tre|pochi)|"
              r"in\s+vacanza|fino\s+a)\b)")
"""What makes "adesso sto a Roma" a stay, not one's home."""


def _job(lang: str) -> str:
    return rf"(?P<value>{OCCUPATIONS[lang]})\b"


NOW_RULES: list[tuple[str, str, str]] = [
    # becoming: "Sono diventata insegnante", "Me hice bombero", "Je suis devenue sage-femme",
    # "Ich bin Rettungssanitäter geworden", "Virei advogada", "I've become a teacher"
    ("en", "job", r"\bI(?:'ve|’ve|\s+have)\s+(?:now\s+|just\s+|finally\s+)?become\s+(?:an?\s+)?"
                  + _job("en")),
    ("it", "job", r"\b(?:sono|mi\s+sono)\s+(?:appena\s+|finalmente\s+|ormai\s+)?diventat[oa]\s+"
                  r"(?:una?\s+)?" + _job("it")),
    ("es", "job", r"\b(?:me\s+(?:hice|he\s+hecho)|me\s+convertí\s+en)\s+(?:una?\s+)?" + _job("es")),
    ("fr", "job", r"\bje\s+suis\s+(?:enfin\s+|finalement\s+)?devenue?\s+(?:une?\s+)?" + _job("fr")),
    ("de", "job", r"\bich\s+bin\s+(?:(?:jetzt|nun|inzwischen|mittlerweile|endlich|letztes\s+"
                  r"Jahr)\s+)?(?:eine?\s+)?" + _job("de") + r"\s+geworden\b"),
    ("pt", "job", r"\b(?:virei|tornei-me|me\s+tornei)\s+(?:uma?\s+)?" + _job("pt")),
    # a job said with "fare" / "trabajar de": "Faccio l'impiegata", "Trabajo de camarero"
    ("it", "job", r"\bfaccio\s+(?:il|lo|la|l['’])\s*" + _job("it")),
    ("es", "job", r"\btrabajo\s+de\s+" + _job("es")),
    ("pt", "job", r"\btrabalho\s+de\s+" + _job("pt")),
    # colloquial employers: "je bosse chez Airbus", "curro en Inditex", "ich bin jetzt bei
    # SAP", "tô trabalhando no Nubank", "sto lavorando da Zara", "arbeite ich jetzt bei SAP"
    ("fr", "employer", r"\bje\s+bosse\s+(?:maintenant\s+|désormais\s+)?(?:chez|pour|à\s+la|"
                       r"à\s+l['’]|au|à)\s*" + _PLACE),
    ("es", "employer", r"\bcurro\s+(?:ahora\s+)?(?:en|para)\s+" + _PLACE),
    ("de", "employer", r"\bich\s+bin\s+(?:jetzt|nun|inzwischen|mittlerweile|seit\s+\w+)\s+bei\s+"
                       r"(?:der\s+|dem\s+)?" + _NOT_HOME + _PLACE),
    ("de", "employer", r"\bich\s+arbeite\s+(?:jetzt\s+|nun\s+|seit\s+\w+\s+)?(?:bei|für)\s+"
                       r"(?:der|dem|den)\s+" + _PLACE),
    ("de", "employer", r"\bund\s+arbeite\s+(?:jetzt|nun|inzwischen|mittlerweile)\s+(?:bei|für)\s+"
                       r"(?:der\s+|dem\s+)?" + _PLACE),
    ("de", "employer", r"\barbeite\s+ich\s+(?:jetzt\s+|nun\s+|inzwischen\s+|mittlerweile\s+)?"
                       r"(?:bei|für)\s+(?:der\s+|dem\s+)?" + _PLACE),
    ("pt", "employer", r"\b(?:(?:eu\s+)?(?:estou|tô|to)|agora\s+(?:estou|tô|to))\s+(?:agora\s+)?"
                       r"(?:trabalhando|a\s+trabalhar)\s+(?:no|na|em|para|pra)\s+" + _PLACE),
    ("it", "employer", r"\bsto\s+(?:ora\s+|adesso\s+)?lavorando\s+(?:in|per|da|presso|alla|al)\s+"
                       + _PLACE),
    # residence said colloquially: "Mittlerweile wohnen wir in Freiburg", "on est installés
    # à Rennes", "estamos a viver em Braga", "adesso stiamo a Verona"
    ("de", "residence", r"\b(?:wohnen\s+wir|wohne\s+ich|leben\s+wir|lebe\s+ich)\s+(?:jetzt\s+|"
                        r"nun\s+|inzwischen\s+|mittlerweile\s+|seit\s+\w+\s+)?in\s+" + _HOME),
    ("fr", "residence", r"\b(?:on\s+est|nous\s+sommes|je\s+suis|on\s+s['’]est|nous\s+nous\s+"
                        r"sommes|je\s+me\s+suis)\s+(?:(?:bien|maintenant|enfin)\s+)?installée?s?\s+"
                        r"(?:à|a|en)\s+" + _HOME),
    ("pt", "residence", r"\b(?:estou|estamos|tô|to)\s+(?:agora\s+)?(?:a\s+viver|a\s+morar|morando|"
                        r"vivendo)\s+(?:em|no|na)\s+" + _HOME),
    ("it", "residence", r"\b(?:adesso|ora|ormai)\s+(?:stiamo|sto|viviamo|abitiamo)\s+(?:a|ad)\s+"
                        + _HOME + _NOT_VISIT),
    # retiring ends the job: "I retired from teaching", "me jubilé", "je suis à la retraite"
    ("en", "retired", r"\bI(?:'ve|’ve|\s+have)?\s+(?:just\s+|now\s+|finally\s+|recently\s+)?"
                      r"(?P<value>retired)\b(?!\s+(?:the|my|our|a|an|it|that|this|him|her|them)\b)"),
    ("it", "retired", r"\b(?:sono|mi\s+sono)\s+(?:appena\s+)?(?P<value>(?:andat[oa]\s+in|"
                      r"messo\s+in|messa\s+in)\s+pensione)\b"),
    ("es", "retired", r"\bme\s+(?:he\s+)?(?P<value>jubilé|jubilado)\b"),
    ("fr", "retired", r"\b(?:je\s+suis|j['’]ai\s+pris\s+ma)\s+(?:à\s+la\s+)?(?P<value>retraite)\b"),
    ("de", "retired", r"\bich\s+bin\s+(?:jetzt\s+|seit\s+\w+\s+)?in\s+(?P<value>Rente|Pension)\b"),
    ("pt", "retired", r"\b(?:me\s+)?(?P<value>aposentei)(?:-me)?\b"),
    # going back to meat: "I've gone back to eating chicken", "ho ripreso a mangiare carne"
    ("en", "diet", r"\bI(?:'ve|’ve|\s+have|'m|’m|\s+am)?\s+(?:gone\s+back\s+to\s+eating|"
                   r"(?:started|been|begun)\s+eating\s+(?=\w+\s+again\b)|eating\s+(?=\w+\s+"
                   r"again\b))\s*(?P<value>meat|chicken|beef|pork|fish)\b"),
    ("it", "diet", r"\bho\s+(?:ripreso|ricominciato)\s+a\s+mangiare\s+(?:la\s+)?"
                   r"(?P<value>carne)\b"),
    # a pet named when got: "we've got a rabbit called Bun now", "I have a hamster called
    # Nibbles" (each kind of pet its own slot: a second one is no update)
    ("en", "name", r"\b(?:I|we)(?:'ve|’ve|\s+have)?\s+(?:now\s+|just\s+)?(?:have|got|adopted)\s+"
                   r"(?:a|an)\s+(?:new\s+)?(?P<name>dog|cat|puppy|kitten|rabbit|bunny|hamster|"
                   r"guinea\s+pig|parrot|budgie|tortoise|turtle|horse|pony|ferret)\s+(?:called|"
                   r"named)\s+(?P<value>" + _UPPER + r"[\w'’-]*)"),
    # the other languages' pets and their names: "Tengo un perro, Toby", "Ho un cane che si
    # chiama Rocky", "J'ai un chien qui s'appelle Max", "Ich habe einen Hund namens Bello",
    # "Tenho um cachorro chamado Rex" (the pet named in English by slots: name:dog)
    ("it", "name", r"\b(?:ho|abbiamo)\s+(?:una?|uno)\s+(?P<name>cane|gatt[oa])\s*(?:,|che\s+si\s+"
                   r"chiama|di\s+nome)\s*" + _PET_NAME),
    ("es", "name", r"\b(?:tengo|tenemos)\s+(?:una?)\s+(?P<name>perr[oa]|perrita|perrito|gat[oa])\s*"
                   r"(?:,|que\s+se\s+llama|llamad[oa])\s*" + _PET_NAME),
    ("fr", "name", r"\b(?:j['’]ai|nous\s+avons|on\s+a)\s+(?:une?)\s+(?P<name>chienne|chien|chatte|"
                   r"chat)\s*(?:,\s*(?:il|elle)\s+s['’]appelle|,|qui\s+s['’]appelle|nommée?)\s*"
                   + _PET_NAME),
    ("de", "name", r"\b(?:ich\s+habe|wir\s+haben)\s+(?:einen|eine|ein)\s+(?P<name>Hund|Hündin|"
                   r"Katze|Kater)\s*(?:,|namens|(?:,\s*)?(?:der|die)\s+heißt)\s*" + _PET_NAME),
    ("pt", "name", r"\b(?:tenho|temos)\s+(?:uma?)\s+(?P<name>cachorr[oa]|cão|cadela|gat[oa])\s*"
                   r"(?:,|que\s+se\s+chama|chamad[oa])\s*" + _PET_NAME),
    # a pet adopted or got, named: "adoptamos una perrita, Canela", "abbiamo preso un gatto,
    # Briciola", "on a adopté un chien qui s'appelle Filou", "adotamos uma gata chamada Mel"
    ("it", "name", r"\b(?:ho|abbiamo)\s+(?:preso|adottato)\s+(?:una?|uno)\s+"
                   r"(?P<name>cane|gatt[oa])\s*(?:,|che\s+si\s+chiama|di\s+nome)\s*" + _PET_NAME),
    ("es", "name", r"\b(?:adopté|adoptamos|he\s+adoptado|hemos\s+adoptado)\s+(?:una?)\s+"
                   r"(?P<name>perr[oa]|perrita|perrito|gat[oa])\s*(?:,|que\s+se\s+llama|llamad[oa])"
                   r"\s*" + _PET_NAME),
    ("fr", "name", r"\b(?:j['’]ai|nous\s+avons|on\s+a)\s+adopté\s+(?:une?)\s+(?P<name>chienne|"
                   r"chien|chatte|chat)\s*(?:,\s*(?:il|elle)\s+s['’]appelle|,|qui\s+s['’]appelle|"
                   r"nommée?)\s*" + _PET_NAME),
    ("pt", "name", r"\b(?:adotei|adotamos|adoptei|adoptámos)\s+(?:uma?)\s+(?P<name>cachorr[oa]|cão|"
                   r"cadela|gat[oa])\s*(?:,|que\s+se\s+chama|chamad[oa])\s*" + _PET_NAME),
    # a named thing one has: "Tengo un Renault Clio", "J'ai une Clio" (one of many: only
    # its ending or replacement ends it, :mod:`.swaps`)
    ("it", "has", r"^(?:io\s+)?ho\s+(?:una?|uno)\s+" + _NAMED),
    ("es", "has", r"^(?:yo\s+)?tengo\s+(?:una?)\s+" + _NAMED),
    ("fr", "has", r"^j['’]ai\s+(?:une?)\s+" + _NAMED),
    ("pt", "has", r"^(?:eu\s+)?tenho\s+(?:uma?)\s+" + _NAMED),
    # and one just bought: "ho preso una Golf", "j'ai acheté une Peugeot", "comprei um Civic"
    ("it", "has", r"\bho\s+(?:preso|comprato)\s+(?:una?|uno)\s+" + _NAMED),
    ("es", "has", r"\b(?:me\s+)?(?:compré|he\s+comprado)\s+(?:una?)\s+" + _NAMED),
    ("fr", "has", r"\bj['’]ai\s+acheté\s+(?:une?)\s+" + _NAMED),
    ("pt", "has", r"\bcomprei\s+(?:uma?)\s+" + _NAMED),
]
"""(language, slot, regex with a ``value`` group)."""
