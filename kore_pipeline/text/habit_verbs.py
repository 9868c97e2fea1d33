"""Habit verbs of it/es/fr/de/pt ("fumo", "je bois", "ich spiele"), named by their English
verb so that one habit has one slot in every language (``habit:smoke``), and the words
after them that say how often, how much, since when or why rather than what ("fumo *molto*",
"ich rauche *seit* Jahren"): such a habit has no object, and its ending ends any.
"""

from __future__ import annotations

import re

VERBS: dict[str, dict[str, tuple[tuple[str, str], ...]]] = {
    # English name: {language: ((first person present, infinitive), ...)}
    "smoke": {"it": (("fumo", "fumare"),), "es": (("fumo", "fumar"),),
              "fr": (("fume", "fumer"),), "de": (("rauche", "rauchen"),),
              "pt": (("fumo", "fumar"),)},
    "drink": {"it": (("bevo", "bere"),), "es": (("bebo", "beber"),), "fr": (("bois", "boire"),),
              "de": (("trinke", "trinken"),), "pt": (("bebo", "beber"),)},
    "run": {"it": (("corro", "correre"), ("vado a correre", "andare a correre")),
            "es": (("corro", "correr"), ("salgo a correr", "salir a correr")),
            "fr": (("cours", "courir"),), "de": (("laufe", "laufen"), ("jogge", "joggen")),
            "pt": (("corro", "correr"),)},
    "play": {"it": (("gioco", "giocare"), ("suono", "suonare")),
             "es": (("juego", "jugar"), ("toco", "tocar")), "fr": (("joue", "jouer"),),
             "de": (("spiele", "spielen"),), "pt": (("jogo", "jogar"), ("toco", "tocar"))},
    "swim": {"it": (("nuoto", "nuotare"),), "es": (("nado", "nadar"),),
             "fr": (("nage", "nager"),), "de": (("schwimme", "schwimmen"),),
             "pt": (("nado", "nadar"),)},
    "eat": {"it": (("mangio", "mangiare"),), "fr": (("mange", "manger"),),
            "de": (("esse", "essen"),)},
    "do": {"it": (("faccio", "fare"),), "es": (("hago", "hacer"), ("practico", "practicar")),
           "fr": (("fais", "faire"), ("pratique", "pratiquer")), "de": (("mache", "machen"),),
           "pt": (("faço", "fazer"), ("pratico", "praticar"))},
}
"""What the five other languages' habit rules read ("como", Spanish and Portuguese for "I
eat", is left out: it is also "as")."""
DO = ("faccio", "hago", "fais", "mache", "faço")
""""I do": a habit's verb for the slots ("je ne fais plus d'escalade" ends "je fais de
l'escalade"), but most of what one "does" is no habit ("faccio una domanda"), so extraction
reads it only in French before a partitive ("je fais du yoga")."""

NAME_OF: dict[str, str] = {form: name for name, langs in VERBS.items()
                           for forms in langs.values() for pair in forms for form in pair}
"""Any form -> its English name: "rauche" -> "smoke"."""
FIRST_PERSON: dict[str, dict[str, str]] = {
    lang: {inf: first for langs in VERBS.values() for first, inf in langs.get(lang, ())}
    for lang in ("it", "es", "fr", "de", "pt")}
"""Per language, infinitive -> first person: "fumare" -> "fumo" (an ending says the
infinitive: "ho smesso di fumare")."""


def first_persons(lang: str, without: tuple[str, ...] = ()) -> str:
    """A regex alternation of ``lang``'s first-person habit verbs, longest first, then
    alphabetical (the same text in every process), but the forms ``without``."""
    forms = sorted(set(FIRST_PERSON[lang].values()) - set(without), key=lambda f: (-len(f), f))
    return "|".join(re.escape(f).replace(r"\ ", r"\s+") for f in forms)


def infinitives(lang: str) -> str:
    """A regex alternation of ``lang``'s habit infinitives, longest first."""
    forms = sorted(FIRST_PERSON[lang], key=len, reverse=True)
    return "|".join(re.escape(f).replace(r"\ ", r"\s+") for f in forms)


ARTICLES = {
    "it": "il lo la i gli le un uno una l' un' del dello della dei degli delle al allo alla ai "
          "agli alle a",
    "es": "el la los las un una unos unas del al a",
    "fr": "le la les un une des du de d' l' au aux",
    "de": "der die das den dem des ein eine einen einem",
    "pt": "o a os as um uma do da dos das no na ao à",
}
"""Words between a habit verb and its object ("gioco *a* calcetto", "je bois *du* café")."""
QUANTITIES = {
    "it": "molto molta molti molte tanto tanta tanti tante poco poca pochi due tre quattro "
          "cinque sei dieci decina qualche tazza tazze bicchiere bicchieri bottiglia "
          "bottiglie lattina lattine pacchetto pacchetti di",
    "es": "mucho mucha muchos muchas bastante poco poca pocos pocas dos tres cuatro cinco "
          "seis diez decena docena taza tazas vaso vasos botella botellas lata latas paquete "
          "paquetes de",
    "fr": "beaucoup peu deux trois quatre cinq six dix dizaine tasse tasses verre verres "
          "bouteille bouteilles canette canettes paquet paquets",
    "de": "viel viele vielen wenig wenige zwei drei vier fünf sechs zehn tasse tassen glas "
          "gläser flasche flaschen dose dosen schachtel schachteln",
    "pt": "muito muita muitos muitas pouco pouca poucos poucas dois duas três quatro cinco "
          "seis dez dezena xícara xícaras copo copos garrafa garrafas lata latas maço maços "
          "de",
}
"""Amounts skipped on the way to a habit's object ("bevo *due tazze di* caffè")."""
NOT_OBJECTS = {
    "it": "troppo spesso sempre ogni tutti tutte tutto da dal dalla dai per "
          "perché con quando ancora più mai ormai quasi circa già anche ma e di in ieri oggi "
          "adesso ora niente nulla solo qualche un po'",
    "es": "demasiado siempre cada todos todas todo desde hace por porque "
          "con cuando todavía más casi ya también pero y de en ahora hoy nada solo algo",
    "fr": "trop souvent toujours tous toutes tout chaque depuis il pour parce "
          "avec quand encore plus presque déjà aussi mais et en maintenant rien seulement",
    "de": "oft immer jeden jede jeder seit vor für weil mit wenn noch mehr fast "
          "schon auch aber und im in am zu jetzt gern gerne sehr täglich nichts nur ab",
    "pt": "demais sempre cada todos todas tudo desde há por porque com quando "
          "ainda mais quase já também mas e de em agora hoje às nada só",
}
_WHEN = {
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre "
          "dicembre primavera estate autunno inverno anno anni mese mesi settimana giorno",
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre "
          "diciembre primavera verano otoño invierno año años mes meses semana día",
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre "
          "décembre printemps été automne hiver an ans année mois semaine jour",
    "de": "januar februar märz april mai juni juli august september oktober november "
          "dezember frühling sommer herbst winter jahr jahren monat monaten woche tag ostern",
    "pt": "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro "
          "dezembro primavera verão outono inverno ano anos mês meses semana dia",
}
_AROUND = {"it": "dopo prima durante verso", "es": "después antes durante tras",
           "fr": "après avant pendant vers", "de": "nach während danach", "pt": "depois antes "
           "durante após"}
for _lang, _words in _WHEN.items():
    NOT_OBJECTS[_lang] += " " + _AROUND[_lang]
    NOT_OBJECTS[_lang] += " " + _words
"""Words after a habit verb that are not its object (degree, frequency, time, reason)."""
SUBJECT = {"it": r"(?:^|(?<=[,;]\s)|\bio\s+)", "es": r"(?:^|(?<=[,;]\s)|\byo\s+)",
           "fr": r"\bje\s+", "de": r"\bich\s+", "pt": r"(?:^|(?<=[,;]\s)|\beu\s+)"}
"""Where a first-person habit verb may stand: after the pronoun, or (where it is dropped)
at the start of the statement or of a clause."""
