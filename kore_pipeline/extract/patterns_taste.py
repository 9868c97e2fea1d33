"""Trigger rows of idioms of taste: preferences said without "like" or "love".

"I'm more of a tea person", "I'm not a morning person", "tea over coffee any day",
"nothing beats homemade pasta", "I can't get enough of K-pop", "I go crazy for dark
chocolate", "jazz is my jam", "horror films are my guilty pleasure", "I really dig hip hop",
"I can't live without my morning run", "I could live on sushi", "I never get tired of
Italian food", "I'm a sucker for mystery novels", "I'm not much of a reader", "I've always loved the
ocean", "ive always hated flying"; "vado matto per
la pizza", "il jazz non fa per me", "me vuelve loco el chocolate", "soy más de té", "el
fútbol no es lo mío", "je suis fan de rugby", "ce n'est pas mon truc", "je raffole du
chocolat", "ich stehe auf Jazz", "Fußball ist nicht mein Ding", "sou fã de samba", "futebol
não é a minha praia", and "I can't live without X" in each language.

Each needs its idiom whole: "I can't get enough sleep" (no "of"), "I could live on less",
"I'm not much of a help", "ich stehe früh auf" (to get up), "you'd go crazy for it" (someone
else) give nothing. Rows are ``(category, polarity, regex)`` as in ``patterns_lang.TABLE``;
appended after the plans' rows.
"""

from __future__ import annotations

from kore_pipeline.extract.trigger_parts import CHAT_LEAD as _LEAD
from kore_pipeline.extract.trigger_parts import I_AM as _IM
from kore_pipeline.extract.trigger_parts import PREF, Row, any_of

_OBJ = (r"(?!(?:it|that|this|them|those|these|him|her|you|anything|everything)\b\s*(?:[.,;!?]|$))"
        r"(?!(?:me|us|much|less|more|little|nothing|very|a\s+budget|my\s+own|\d)\b)")
"""An object that is a thing one likes ("this show"), not a pronoun alone or an amount."""


def _thing_said(not_words: str) -> str:
    """The liked thing a sentence opens with ("Jazz is my jam", "Il jazz non fa per me"): a
    few words, not one of ``not_words`` (pronouns: "it", "questo")."""
    return r"(?P<fact>(?!" + any_of(not_words) + r"\b)[\w' -]{2,40}?)"


_SUBJECT = _thing_said("it that this which what there he she they you")
_NOT = r"\s+(?:really\s+|just\s+|honestly\s+|definitely\s+)?not\s+"
_TASTE_PERSON = (
    r"(?!(?:pretty|very|really|quite|super|so|fairly|rather|nice|good|kind|simple|happy|shy|"
    r"quiet|private|busy|lazy|normal|regular|young|old|different|big|small|bad|great|real|"
    r"positive|negative|strong|calm|better|worse|new|whole|changed)\b)"
    r"(?![\w-]+(?:y|ful|ous|ive|al|ic|ish|ed|ent|ant|ble|less)\s+person\b)"
    r"(?P<fact>[\w-]+\s+person)\b")
"""A person of a taste ("a morning person", "a cat person"), not of a trait ("a happy person",
"a religious person", "a very social person": profile facts, as before)."""

EN: list[Row] = [
    (PREF, "+", _IM + r"\s+(?:definitely\s+|really\s+|totally\s+|much\s+)?more\s+of\s+an?\s+"
                r"(?P<fact>[\w-]+(?:\s+[\w-]+)?\s+(?:(?:kind|sort|type)\s+of\s+)?person)\b"),
    (PREF, "+", _IM + r"\s+(?:definitely\s+|totally\s+|such\s+)?an?\s+" + _TASTE_PERSON),
    (PREF, "-", _IM + _NOT + r"(?:really\s+|exactly\s+|much\s+of\s+)?an?\s+" + _TASTE_PERSON),
    (PREF, "-", _IM + _NOT + r"(?:really\s+)?much\s+of\s+an?\s+(?!(?:help|use|problem|chance|"
                r"difference|choice|deal|surprise|fan|thing|one|secret|issue|risk|threat|"
                r"conversation|talk)\b)(?P<fact>[\w-]+(?:\s+[\w-]+)?)(?=\s*(?:[.,;!?]|$)|\s+(?:but|"
                r"and|so|because|though|anymore|any\s+more|these\s+days|tbh|either|myself|really)\b)"),
    (PREF, "+", _LEAD + r"(?P<fact>(?!(?:game|it|that|this|we|you)\b)(?![\w' -]*?\b(?-i:I)\b)"
                r"[\w' -]{2,30}?\s+over\s+"
                r"(?!(?:the|a|an|my|our)\b)[\w' -]{2,30}?)(?=,?\s+(?:any\s+day|every\s+time|"
                r"always|hands\s+down|all\s+day|every\s+day|for\s+sure)\b)"),
    (PREF, "+", _LEAD + r"nothing\s+(?:beats|compares\s+to|tops)\s+" + _OBJ),
    (PREF, "+", r"\bI\s+(?:just\s+|honestly\s+|really\s+)?(?:can't|cannot|can\s+not)\s+get\s+"
                r"enough\s+of\s+" + _OBJ),
    (PREF, "+", r"\bI(?:'m|\s+am|\s+go|\s+get)\s+(?:absolutely\s+|totally\s+|just\s+|so\s+)?"
                r"(?:crazy|nuts|wild|bananas)\s+(?:for|about|over)\s+" + _OBJ),
    (PREF, "+", _LEAD + _SUBJECT + r"(?:\s+(?:is|are)|'s|'re)\s+(?:totally\s+|so\s+|really\s+|"
                r"definitely\s+)?my\s+(?:jam|guilty\s+pleasure|weakness|comfort\s+food|happy\s+"
                r"place|obsession)\b"),
    (PREF, "-", _LEAD + _SUBJECT + r"(?:'s|'re)\s+(?:not|never)\s+(?:really\s+|exactly\s+|quite\s+"
                r"|just\s+)?(?:my\s+(?:cup\s+of\s+tea|thing)\b|for\s+me\b)"),
    (PREF, "+", r"\bI\s+(?:really|totally|kinda|kind\s+of|seriously|absolutely)\s+dig\s+" + _OBJ),
    (PREF, "+", r"\bI\s+(?:honestly\s+|literally\s+|just\s+|really\s+)?(?:can't|cannot|couldn't|"
                r"could\s+not)\s+live\s+without\s+" + _OBJ),
    (PREF, "+", r"\bI\s+could\s+(?:happily\s+|honestly\s+|literally\s+|easily\s+)?live\s+on\s+"
                + _OBJ),
    (PREF, "+", r"\bI\s+(?:never|don't\s+ever)\s+(?:get|grow)\s+(?:tired|sick|bored)\s+of\s+"
                + _OBJ),
    (PREF, "+", _IM + r"\s+(?:such\s+|a\s+(?:total|real|huge|big|complete)\s+|a\s+)sucker\s+for\s+"
                r"(?!(?:an?\s+)?(?:happy|glad)\b)" + _OBJ),  # "happy …" starts no fact: the
    # profile row of "I'm a …" keeps "I'm a sucker for a happy ending", as before
]

_ALWAYS = r"(?:\s+(?:really|honestly|truly|just))?\s+(?:always|long|forever)(?:\s+(?:really|just))?"
_HAVE = r"\bI(?:'ve|\s+have)"
_LOVED = (r"\s+(?:loved|liked|enjoyed|adored|been\s+(?:really\s+)?(?:into|obsessed\s+with|"
          r"passionate\s+about|crazy\s+about)|been\s+an?\s+(?:big\s+|huge\s+|massive\s+)?fan\s+of)")
_HATED = r"\s+(?:hated|disliked|loathed|detested|been\s+scared\s+of)"
_TASTE_OBJ = (r"\s+(?!(?:you|u|it|that|this|them|him|her|theirs|yours|hers|his|every\s+minute|"
              r"every\s+second|talking|chatting|our|the\s+(?:chat|conversation|talk))\b)" + _OBJ)
_HELD = (r"(?P<fact>[^.;!?,]{2,80}?)(?=\s+(?:since|for\s+(?:years|ages|decades|a\s+long\s+time|"
         r"as\s+long\s+as\s+I\s+can\s+remember|most\s+of\s+my\s+life|my\s+whole\s+life))\b)")
"""What a taste is held for: up to "since …" / "for years" ("I've loved jazz since …")."""
EN += [
    # "I've always loved the ocean", "ive always hated flying", "I have loved jazz since I was
    # a kid", "I've been a huge fan of Radiohead for years": a taste held until now. Without
    # "always" or a "since / for years" it is mostly about the chat ("I've enjoyed our talk").
    (PREF, "+", _HAVE + _ALWAYS + _LOVED + _TASTE_OBJ),
    (PREF, "-", _HAVE + _ALWAYS + _HATED + _TASTE_OBJ),
    (PREF, "+", _HAVE + r"(?:\s+(?:really|truly))?" + _LOVED + _TASTE_OBJ + _HELD),
    (PREF, "-", _HAVE + r"(?:\s+(?:really|truly))?" + _HATED + _TASTE_OBJ + _HELD),
]

IT: list[Row] = [
    (PREF, "+", r"\b(?:io\s+)?vado\s+(?:matt[oa]|pazz[oa])\s+per\s+|\bmi\s+fa(?:nno)?\s+"
                r"impazzire\s+"),
    (PREF, "-", r"^" + _thing_said("questo quello ciò non") + r"\s+non\s+fa\s+"
                r"(?:proprio\s+)?per\s+me\b"),
    (PREF, "+", r"\bnon\s+(?:posso|riesco\s+a)\s+vivere\s+senza\s+"),
]

ES: list[Row] = [
    (PREF, "+", r"\bme\s+vuelven?\s+(?:loc[oa]s?|lo+c[oa])\s+"),
    (PREF, "+", r"\b(?:yo\s+)?soy\s+(?:más|mas|muy)\s+de\s+(?!(?:lo|que|aquí|allí)\b)"),
    (PREF, "-", r"^" + _thing_said("eso esto no") + r"\s+no\s+es\s+lo\s+m[ií]o\b"),
    (PREF, "+", r"\bno\s+(?:puedo|podría)\s+vivir\s+sin\s+"),
    (PREF, "+", r"\b(?:yo\s+)?soy\s+(?:muy\s+|súper\s+|super\s+)?fan\s+(?:de|del)\s+"),
]

FR: list[Row] = [
    (PREF, "+", r"\bje\s+suis\s+(?:une?\s+)?(?:grande?\s+|très\s+|super\s+|vraiment\s+|trop\s+)?"
                r"fan\s+(?:de\s+|du\s+|des\s+|d')"),
    (PREF, "-", r"^" + _thing_said("ça cela ce c'") + r",?\s+(?:ce\s+)?n'est\s+"
                r"(?:vraiment\s+)?pas\s+(?:vraiment\s+)?mon\s+truc\b"),
    (PREF, "+", r"\bje\s+ne\s+(?:peux|pourrais)\s+pas\s+vivre\s+sans\s+"),
    (PREF, "+", r"\bje\s+raffole\s+(?:de\s+|du\s+|des\s+|d')"),
]

DE: list[Row] = [
    (PREF, "+", r"\bich\s+(?!würde\b|hätte\b|wäre\b)\w+e\s+(?:viel\s+|eher\s+)?lieber\s+(?=\w)"),
    (PREF, "+", r"\bich\s+stehe\s+(?:total\s+|voll\s+|echt\s+|sehr\s+|richtig\s+|einfach\s+)?"
                r"auf\s+(?=\w)(?![^.;!?]*\bauf\b)"),
    (PREF, "-", r"^" + _thing_said("das es dies") + r"\s+ist\s+(?:echt\s+|einfach\s+|"
                r"wirklich\s+)?nicht\s+(?:so\s+)?mein\s+Ding\b"),
    (PREF, "+", r"^ohne\s+(?P<fact>[\w' -]{2,40}?)\s+kann\s+ich\s+nicht\s+leben\b"),
    (PREF, "+", r"\bich\s+kann\s+ohne\s+(?P<fact>[\w' -]{2,40}?)\s+nicht\s+leben\b"),
]

PT: list[Row] = [
    (PREF, "+", r"\b(?:eu\s+)?sou\s+(?:muito\s+|super\s+|grande\s+)?f[ãa]\s+(?:de|do|da|dos|das)"
                r"\s+"),
    (PREF, "-", r"^" + _thing_said("isso isto") + r"\s+não\s+é\s+(?:muito\s+)?(?:a\s+)?"
                r"minha\s+praia\b"),
    (PREF, "+", r"\b(?:eu\s+)?não\s+(?:vivo|consigo\s+viver|posso\s+viver)\s+sem\s+"),
]

TASTE_ROWS: dict[str, list[Row]] = {"en": EN, "it": IT, "es": ES, "fr": FR, "de": DE, "pt": PT}
