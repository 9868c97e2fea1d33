"""Things given up or replaced, said by the thing rather than by a verb of habit: "J'ai
arrêté le café", "Ich habe mit dem Handball aufgehört", "I've packed in the squash", "Ho
venduto la Panda"; and one thing replaced by another: "I traded in the Corsa for a Kia",
"Cambié el Clio por un Hyundai", "Vendi o Uno e comprei um Honda Civic".

A thing ended sets the slot ``ended:<thing>`` (value ``not <thing>``); a replacement the slot
``tool:<old>`` (value the new thing), as "I switched from X to Y" does. Neither slot names
what the old thing was (a car, a sport, an employer): the store ends the earlier memories
whose slot value names the thing, word for word (:func:`.slots.also_ends`).
"""

from __future__ import annotations

import re

from kore_pipeline.text.fact_guard import plain

_F = re.IGNORECASE | re.UNICODE
_ART = (r"(?:(?:the|my|our|a|an|il|lo|la|i|gli|le|el|los|las|mi|mis|les|ma|mon|mes|der|die|"
        r"das|den|dem|meinen|meine|mein|meinem|o|os|as|meu|minha|do|da|no|na|un|una|uno|une|"
        r"um|uma|einen|eine|ein|old|vecchi[ao]|viej[oa]|vieille|vieux|alte[nr]?|velh[oa])\s+|"
        r"l['’]\s*)*")
"""Articles, possessives and "old" before the thing named ("my old Xbox", "la vecchia Panda")."""
_NOT_THING_WORDS = (
    "it that this them him her me you up off out in on at to for by from all of with "
    "smoking drinking di de d' a que work job lavoro trabajo travail arbeit trabalho the my our "
    "an il lo la i gli le el los las mi mis les ma mon mes der die das den dem meinen meine "
    "mein meinem o os as meu minha do da no na un una uno une um uma einen eine ein one two "
    "three four five six seven eight nine ten years months weeks days ago last so and but")
_A_THING = r"(?!(?-i:(?:" + "|".join(re.escape(w) for w in _NOT_THING_WORDS.split()) + r"))\b)"
"""Not one of :data:`_NOT_THING_WORDS` in lower case (the trigger rows read this too)."""
_THING = _A_THING + r"(?P<thing>[^\W\d_][\w'’+-]*(?:\s+(?-i:[A-Z0-9])[\w'’+-]*){0,2})(?![\w'’+-])"
"""The thing: a word, and the capitalised words or numbers of a name after it ("Kia Niro")."""
_NEW = r"(?P<new>[^\W_][\w'’+-]*(?:\s+(?!(?:last|this|in|on|for|since|ago|a|the|and|e|y|et|" \
       r"und|usad[ao]|usata|gebraucht|d'occasion|instead|invece|en|em|il|el|le|o)\b)[\w'’+-]+)" \
       r"{0,2})"
"""The new thing: up to three words, not a time or "instead" that follows it."""

_ENDED_WORDS = ("packed", "jacked", "ditched", "gave", "given", "quit", "sold", "notice",
                "resigned", "left", "smesso", "lasciato", "venduto", "mollato", "licenziat",
                "dejado", "dejé", "deje", "vendí", "vendido", "renuncié", "arrêté", "laissé",
                "lâché", "abandonné", "vendu", "démissionné", "aufgehört", "aufgegeben",
                "verkauft", "gekündigt", "larguei", "parei", "abandonei", "vendi", "desisti",
                "demissão", "saí")
"""Words one of :data:`ENDED_PATTERNS` needs (a cheap test before the regexes)."""
_CAP_THING = r"(?P<thing>(?-i:[A-Z])[\w'’&+-]*(?:\s+(?-i:[A-Z0-9])[\w'’&+-]*){0,2})"
"""A name (an employer's, a car's): "left Barclays", "gekündigt bei Siemens"."""
_I = r"(?:\bI(?:'ve|’ve|\s+have)?\s+|^)(?:just\s+|finally\s+|recently\s+|also\s+)?"
ENDED_PATTERNS: dict[str, tuple[str, ...]] = {
    "en": (rf"{_I}(?:packed\s+in|jacked\s+in|ditched|gave\s+up|given\s+up|quit|sold)\s+"
           rf"{_ART}{_THING}",
           rf"{_I}(?:handed\s+in\s+my\s+notice\s+at|resigned\s+from|left)\s+(?:the\s+)?"
           rf"{_CAP_THING}"),
    "it": (rf"\b(?:ho|avevo)\s+(?:(?:appena|già|finalmente|ormai|del\s+tutto)\s+)?(?:smesso\s+"
           rf"(?:con|col|coi|colla|con\s+la|con\s+il|con\s+lo)|lasciato\s+perdere|mollato|"
           rf"venduto)\s+{_ART}{_THING}",
           rf"\b(?:mi\s+sono\s+licenziat[oa]\s+(?:da|dalla|dal|dall['’])|ho\s+lasciato)\s*"
           rf"{_ART}{_CAP_THING}"),
    "es": (rf"\b(?:he\s+dejado|dejé|deje)\s+{_ART}{_THING}(?!\s+(?:en|a|al|con|para)\s+"
           rf"(?:el|la|los|las|casa|mi|su|un|una)\b)",
           rf"\b(?:vendí|he\s+vendido)\s+{_ART}{_THING}",
           rf"\b(?:renuncié\s+a|me\s+fui\s+de)\s+{_ART}{_CAP_THING}"),
    "fr": (rf"\bj['’]ai\s+(?:(?:complètement|enfin|déjà|définitivement)\s+)?(?:arrêté|"
           rf"laissé\s+tomber|lâché|abandonné|vendu|revendu)\s+{_ART}{_THING}",
           rf"\bj['’]ai\s+(?:quitté|démissionné\s+(?:de|du|des))\s+{_ART}{_CAP_THING}"),
    "de": (rf"\bich\s+habe\s+(?:[\w-]+\s+){{0,2}}?mit\s+{_ART}{_THING}\s+(?:[\w-]+\s+){{0,2}}?"
           rf"aufgehört",
           rf"\bmit\s+{_ART}{_THING}\s+habe\s+ich\s+(?:[\w-]+\s+){{0,2}}?aufgehört",
           rf"\bich\s+habe\s+{_ART}{_THING}\s+(?:[\w-]+\s+){{0,2}}?(?:aufgegeben|verkauft)",
           rf"^{_ART}{_THING}\s+habe\s+ich\s+(?:[\w-]+\s+){{0,2}}?(?:aufgegeben|verkauft)",
           rf"\bich\s+habe\s+bei\s+{_ART}{_CAP_THING}\s+gekündigt"),
    "pt": (rf"\b(?:larguei|abandonei|vendi|desisti\s+d[oa]s?|parei\s+com)\s+{_ART}{_THING}",
           rf"\b(?:saí|pedi\s+demissão)\s+(?:d[oa]s?\s+|de\s+)?{_CAP_THING}"),
}
"""Per language: a thing given up, dropped or sold, without a habit verb ("J'ai arrêté le
café"; "ho smesso di fumare" is :mod:`.endings`'), or an employer left ("I left Barclays")."""
_ENDED = {lang: tuple(re.compile(p, _F) for p in pats) for lang, pats in ENDED_PATTERNS.items()}
_NOT_THINGS = frozenset(_NOT_THING_WORDS.split())
"""Words that follow an ending verb without naming a thing ("I quit *my job*" is
:mod:`.slots`' own; "dejé de fumar" an infinitive)."""

_SWAP_WORDS = ("traded", "swapped", "exchanged", "replaced", "sold", "cambiato", "cambiado",
               "cambié", "cambie", "venduto", "vendí", "échangé", "remplacé", "vendu", "revendu",
               "getauscht", "eingetauscht", "verkauft", "troquei", "vendi", "dropped")
SWAP_PATTERNS: dict[str, tuple[str, ...]] = {
    "en": (rf"(?:\b(?:I|we)(?:'ve|’ve|\s+have)?\s+(?:just\s+|finally\s+)?)?\b(?:traded\s+in|traded|"
           rf"swapped(?:\s+out)?|exchanged)\s+{_ART}{_THING}\s+for\s+"
           rf"{_ART}{_NEW}",
           rf"(?:\b(?:I|we)(?:'ve|’ve|\s+have)?\s+(?:just\s+|finally\s+)?)?\b(?:sold|dropped|ditched)\s+"
           rf"{_ART}{_THING}\s*,?\s+(?:and|then)\s+(?:I\s+)?"
           rf"(?:got|bought|picked\s+up|took\s+up)\s+{_ART}{_NEW}"),
    "it": (rf"\b(?:ho\s+)?(?:cambiato|sostituito)\s+{_ART}{_THING}\s+con\s+{_ART}{_NEW}",
           rf"\b(?:ho\s+)?venduto\s+{_ART}{_THING}\s*,?\s+e\s+(?:ho\s+)?(?:preso|comprato)\s+"
           rf"{_ART}{_NEW}"),
    "es": (rf"\b(?:cambié|cambie|he\s+cambiado)\s+{_ART}{_THING}\s+por\s+{_ART}{_NEW}",
           rf"\b(?:vendí|he\s+vendido)\s+{_ART}{_THING}\s*,?\s+y\s+(?:me\s+)?(?:he\s+)?"
           rf"(?:compré|comprado|compre)\s+{_ART}{_NEW}"),
    "fr": (rf"\bj['’]ai\s+(?:échangé|remplacé)\s+{_ART}{_THING}\s+(?:contre|par)\s+{_ART}"
           rf"{_NEW}",
           rf"\bj['’]ai\s+(?:re)?vendu\s+{_ART}{_THING}\s*,?\s+et\s+(?:j['’]ai\s+)?"
           rf"(?:acheté|pris)\s+{_ART}{_NEW}"),
    "de": (rf"\b{_ART}{_THING}\s+(?:habe\s+ich\s+)?(?:gegen|durch)\s+{_ART}{_NEW}\s+"
           rf"(?:ein)?getauscht",
           rf"\b{_ART}{_THING}\s+habe\s+ich\s+verkauft\s*,?\s+und\s+(?:mir\s+)?{_ART}{_NEW}\s+"
           rf"(?:gekauft|geholt|zugelegt)"),
    "pt": (rf"\btroquei\s+{_ART}{_THING}\s+(?:por|pel[oa])\s+{_ART}{_NEW}",
           rf"\bvendi\s+{_ART}{_THING}\s*,?\s+e\s+comprei\s+{_ART}{_NEW}"),
}
"""Per language: one thing replaced by another, in one clause or two joined by "and"."""
_SWAPS = {lang: tuple(re.compile(p, _F) for p in pats) for lang, pats in SWAP_PATTERNS.items()}


def _name(said: str) -> str:
    return re.sub(r"\s+", " ", plain(said).casefold().strip(" .,'’\""))


_NEGATED = re.compile(r"\b(?:non|no|not|never|não|nao|ne|n['’]|nicht|nie|mai|nunca|jamais|"
                      r"haven['’]t|hasn['’]t|didn['’]t|don['’]t)\s*$", _F)
"""A negation right before an ending or a swap: "non ho venduto la Panda" ends nothing."""


def _said(text: str, m: re.Match[str]) -> bool:
    """Whether the match ``m`` of ``text`` is said, not negated."""
    return _NEGATED.search(text, max(0, m.start() - 20), m.start()) is None


def _names_thing(said: str) -> bool:
    """Whether the words said after an ending verb name a thing: not a pronoun, article or
    preposition in lower case ("gave up *on* it"; "Uno", a car, is one)."""
    return said.split()[0] not in _NOT_THINGS


def ended_thing(text: str, folded: str, language: str | None) -> str | None:
    """The thing ``text`` says was given up, dropped or sold ("J'ai arrêté le café" ->
    "cafe"), or None; ``folded``: ``text`` lower-cased."""
    if not any(w in folded for w in _ENDED_WORDS):
        return None
    for lang in dict.fromkeys((language or "en", "en")):
        for rx in _ENDED.get(lang, ()):
            m = rx.search(text)
            if m is not None and (thing := _name(m.group("thing"))) \
                    and _names_thing(m.group("thing")) and _said(text, m):
                return thing
    return None


def replacement(text: str, folded: str, language: str | None) -> tuple[str, str] | None:
    """(old thing, new thing) when ``text`` says one replaced the other ("Cambié el Clio por
    un Hyundai Tucson" -> ("clio", "hyundai tucson")), else None."""
    if not any(w in folded for w in _SWAP_WORDS):
        return None
    for lang in dict.fromkeys((language or "en", "en")):
        for rx in _SWAPS.get(lang, ()):
            m = rx.search(text)
            if m is not None and _said(text, m):
                old, new = _name(m.group("thing")), _name(m.group("new"))
                if old and new and old != new and _names_thing(m.group("thing")):
                    return old, new
    return None


_GONE_WORDS = ("died", "passed", "lost", "morto", "morta", "mancat", "murió", "falleció",
               "perdimos", "mort", "gestorben", "morreu", "faleceu", "perdemos")
"""Words one of :data:`GONE_PATTERNS` needs."""
_WHO = r"(?P<thing>(?-i:[A-Z])[\w'’-]+)"
GONE_PATTERNS: dict[str, tuple[str, ...]] = {
    "en": (rf"\b{_WHO}\s+(?:sadly\s+)?(?:died|passed\s+away)\b",
           rf"\bwe\s+(?:sadly\s+)?lost\s+{_WHO}(?=\s+(?:in|last|this|to|a|at|on|over)\b|\s*[,.;!]|$)"),
    "it": (rf"\b{_WHO}\s+(?:è|e)\s+(?:mort[oa]|mancat[oa])\b",),
    "es": (rf"\b{_WHO}\s+(?:se\s+(?:nos\s+)?)?(?:murió|falleció)\b", rf"\bperdimos\s+a\s+{_WHO}"),
    "fr": (rf"\b{_WHO}\s+est\s+morte?\b",),
    "de": (rf"\b{_WHO}\s+ist\s+(?:[\w-]+\s+){{0,3}}?gestorben\b",),
    "pt": (rf"\b(?:o\s+|a\s+)?{_WHO}\s+(?:morreu|faleceu)\b",
           rf"\bperdemos\s+(?:o\s+|a\s+)?{_WHO}"),
}
"""Per language: someone or a pet named who died ("Toby murió en enero")."""
_GONE = {lang: tuple(re.compile(p, _F) for p in pats) for lang, pats in GONE_PATTERNS.items()}
_NOT_NAME_WORDS = "I It He She They We You This That There My Our"
_NOT_NAMES = frozenset(_NOT_NAME_WORDS.split())


def gone_name(text: str, folded: str, language: str | None) -> str | None:
    """The name of one ``text`` says died ("Nibbles died in the spring" -> "nibbles")."""
    if not any(w in folded for w in _GONE_WORDS):
        return None
    for lang in dict.fromkeys((language or "en", "en")):
        for rx in _GONE.get(lang, ()):
            m = rx.search(text)
            if m is not None and m.group("thing") not in _NOT_NAMES and _said(text, m):
                return _name(m.group("thing"))
    return None
