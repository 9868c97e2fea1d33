"""The one shape of an extraction rule, and of a language's grammar of facts.

A :class:`Rule` is a trigger: its ``pattern`` matches where a first-person statement starts
("I prefer", "ho deciso di"); the fact is the text after it up to the clause's end, unless the
pattern has a ``fact`` group. Optional groups: ``pre`` is put before the fact (a verb: "bevo"
in "non bevo mai caffè"), ``when`` after it ("every morning"). Patterns are compiled with
IGNORECASE after apostrophes are normalised to ``'``; ``(?-i:[A-Z])`` asks for a capital.

Every rule carries its proof: ``examples`` (text -> the fact it must yield, by this rule) and
``counter`` (texts that must yield no fact by this rule). ``tests/rules`` runs them all.

A :class:`Grammar` is one language's file: its rules and the word lists the language-agnostic
engine (:mod:`kore_pipeline.extract.patterns`) reads: clause boundaries, hypotheticals,
articles, list conjunctions, stopwords, and how the language says "not".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum

from kore_pipeline.text.owned import CAR_WORDS, PHONE_WORDS


class Kind(StrEnum):
    """What a fact says of the speaker."""

    PREFERENCE = "preference"
    """What one likes or dislikes ("I love hiking", "I can't stand reality TV")."""
    DECISION = "decision"
    """What one chose, decided or plans ("we went with Postgres", "I'm going to quit")."""
    HABIT = "habit"
    """What one does regularly, or never ("I usually run before work")."""
    PROFILE = "profile"
    """What one is or has: home, work, family, diet, health ("I live in Lyon")."""


PREFERENCE, DECISION, HABIT, PROFILE = (k.value for k in Kind)

_NAME = re.compile(r"^[a-z]{2}\.(?:preference|decision|habit|profile)(?:\.[a-z0-9_]+)+$")


@dataclass(frozen=True)
class Rule:
    """One trigger of one language, with the examples that prove it."""

    name: str
    """Stable id, ``<lang>.<kind>.<what>[.<how>]`` ("en.profile.residence.moved"): stored with
    every memory it finds, so it is never renumbered or reused."""
    kind: str
    """A :class:`Kind` value."""
    pattern: str
    """The trigger regex (source text, compiled by the engine)."""
    polarity: str = "+"
    """``+``, or ``-`` for a dislike, a "never" habit, a decision against."""
    examples: dict[str, str] = field(default_factory=dict)
    """Text -> the fact it must yield by this rule (``Fact.fact``, case-insensitive)."""
    counter: tuple[str, ...] = ()
    """Texts this rule must yield no fact from (other people's facts, questions, idioms)."""
    slot: str | None = None
    """The slot its facts set ("residence", "employer"): read from the pattern's ``value``
    group when it has one ("our new flat in (?P<value>Porto)"), and then set on the fact;
    otherwise the slot the slot rules read from the fact (documentation)."""

    @property
    def language(self) -> str:
        """The language code the name starts with."""
        return self.name.split(".", 1)[0]

    def check(self) -> None:
        """Raise ``ValueError`` when the rule is malformed (name, kind, polarity, regex)."""
        if not _NAME.match(self.name):
            raise ValueError(f"rule name {self.name!r} is not <lang>.<kind>.<what>")
        if self.kind not in Kind.__members__.values() or self.name.split(".")[1] != self.kind:
            raise ValueError(f"rule {self.name}: kind {self.kind!r} does not match its name")
        if self.polarity not in ("+", "-"):
            raise ValueError(f"rule {self.name}: polarity {self.polarity!r} is not + or -")
        try:
            re.compile(self.pattern)
        except re.error as exc:
            raise ValueError(f"rule {self.name}: bad pattern: {exc}") from exc


@dataclass(frozen=True)
class Grammar:
    """One language's grammar of facts: its rules and the words the engine reads."""

    code: str
    """ISO 639-1 code ("en", "nl")."""
    name: str
    """The language's English name."""
    rules: tuple[Rule, ...]
    """Its triggers, in order: at a tie (same start, same length) the earlier one wins."""
    boundaries: tuple[str, ...]
    """Words (regex) an open fact ends before: "but", "because", "weil"."""
    boundary_extra: str = ""
    """More boundary alternatives as regex (``|…``): "and" before a new subject."""
    hypothetical: tuple[str, ...] = ()
    """A trigger after one of these in its sentence is hypothetical: "if", "suppose"."""
    articles: tuple[str, ...] = ()
    """Articles a fact does not start with."""
    list_conjunctions: tuple[str, ...] = ()
    """Words joining the last item of a list: "and", "or"."""
    stopwords: frozenset[str] = frozenset()
    """Frequent words that tell the language apart (language guess of a sentence)."""
    elisions: tuple[str, ...] = ()
    """Elided words that tell the language apart ("j'", "d'"): each counts as a stopword."""
    letter_hints: str = ""
    """Letters that hint at the language; each occurrence counts like a stopword."""
    contrasts: tuple[str, ...] = ()
    """Contrastive conjunctions (regex) a sentence is split into clauses before: "but"."""
    joins: tuple[str, ...] = ()
    """Conjunctions a sentence is split before when a new subject follows: "and", "so"."""
    clause_subjects: tuple[str, ...] = ()
    """How a new clause's subject starts (regex, after a join): "ich", "we", "my"."""
    clause_extra: str = ""
    """More clause splits as regex alternatives (``|…``): a chat's "and then"."""
    not_contrasts: tuple[str, ...] = ()
    """Other languages' contrasts that are no conjunction here (French "ma" is "my")."""
    negated_before: str = ""
    """Regex of this language's "not" right before a positive trigger ("Non sono
    vegetariana"): such a statement gives no fact."""
    negation_head: str = ""
    """Regex at a fact's start that makes it negative ("pas de viande")."""
    negation_tail: str = ""
    """Regex at a fact's end that makes it negative (German "… nicht")."""
    habit_negation: str = ""
    """Regex over a habit's fact that makes it a "never" habit ("Ich rauche nicht")."""
    sarcasm: str = ""
    """Regex of what makes a sentence say the opposite of its words ("oh great, I just love
    waiting in line"): such a sentence states no fact (besides 🙄 and "/s" in any language)."""
    adverbs: tuple[str, ...] = ()
    """Adverbs and particles that may follow a subject ("just", "still", "sempre", "einfach"):
    never a name ("my wife just started" names no one)."""
    adverb_endings: tuple[str, ...] = ()
    """Regexes of how this language's adverbs end ("ly", "mente"): a word so ending that the
    dictionary knows, of six letters or more, is no name ("really"; not "lily")."""
    name_followers: tuple[str, ...] = ()
    """Verbs that, right after a relative's name, show the word before is one ("unser kater
    pelle frisst alles"), even where the name is also a word of the language."""
    car_context: tuple[str, ...] = ()
    """Regexes of words that show a sentence is about a car ("engine", "brakes", "garage"):
    a car named only by a word that is mostly another ("my golf", "la mia panda", "ma 208")
    is one only in such a sentence (rules whose slot is ``owned_here``)."""
    kin_compounds: tuple[str, ...] = ()
    """Nouns that make one noun with a relative or a pet ("baby shower", "dog food", "cat
    litter"): never a name after one."""
    laughs: tuple[str, ...] = ()
    """Chat laughter ("lol", "kkk", "jaja"), each also with its end repeated ("hahaha",
    "kkkkk", "mdrrr"): in a chat a laugh between two thoughts ends the first, as a full stop
    would ("moro em curitiba kkk dicas de roupa?")."""
    question_words: tuple[str, ...] = ()
    """Words a question starts with ("what", "wie", "où"): a clause so opened before a
    question's last comma is part of the question, not a statement."""
    negation_lookalikes: tuple[str, ...] = ()
    """Other languages' words for "not" that are ordinary words here (Portuguese "no": "in
    the"): the slots never read them as a "not"."""
    clause_negation: str = ""
    """Regex of a "not" said after the verb, anywhere in the clause (German "Ich trinke keinen
    Kaffee", "Ich rauche nicht"): a habit so said sets no slot, as "I don't smoke" sets none."""
    nouns_capitalised: bool = False
    """Every noun is written with a capital (German): a capital alone makes no word a name."""
    leading_fillers: tuple[str, ...] = ()
    """Words trimmed from a fact's start ("molto", "sehr"): "I like very much X" states X."""
    trailing_fillers: tuple[str, ...] = ()
    """Regexes trimmed from a fact's end ("a lot", "un sacco", "aussi", "lol")."""
    time_words: tuple[str, ...] = ()
    """Regexes of when a fact holds, not what it is ("now", "adesso", "last year"): trimmed
    from its end, kept in its content. Matched in lower case only (a title keeps its "Now")."""
    pronoun_facts: tuple[str, ...] = ()
    """Words that are no fact alone ("it", "questo", "ça"): a fact of only one is dropped."""
    clause_openers: tuple[str, ...] = ()
    """Words a list piece opening with starts a new clause, not an item ("i", "io", "je")."""
    list_dependents: tuple[str, ...] = ()
    """Words a comma piece opening with qualifies what came before ("aged", "chiamato"): no
    list item."""
    vague_words: tuple[str, ...] = ()
    """Words a fact made only of says nothing ("do those things", "all of them too")."""
    anaphora: tuple[str, ...] = ()
    """Words a short fact opening with points back at the conversation ("that book")."""
    junk_facts: str = ""
    """Regex of stock phrases that follow a trigger without stating a fact ("it when")."""
    kin: str = ""
    """Family and pets by their English name ("wife: moglie; dog: cane cagnolino"), so that a
    name is one slot whatever the language it was said in ("mi perro se llama Toby":
    ``name:dog``)."""
    work_at: tuple[str, ...] = ()
    """Words before where one works ("at", "bei", "chez"): a work fact's object said after one
    of them names the employer ("je travaille chez l'Oréal" -> employer: l'oréal)."""
    chat_spelling: bool = False
    """Read chat spellings of contractions ("im", "dont", "gonna"): English."""
    dropped_subject: bool = False
    """Read chat sentences that drop their "I" ("moved to Berlin") as English does
    (:mod:`kore_pipeline.extract.chat`)."""
    dropped_subject_at: str = ""
    """Regex matching, at a sentence's start, up to where a chat sentence dropped its
    subject ("bin single", "arbeite bei Siemens"): the sentence is read with
    :attr:`subject` put there; its content stays as said."""
    subject: str = ""
    """The first-person subject put back where :attr:`dropped_subject_at` matched ("ich")."""


DOG_BREEDS = ("beagle labrador lab retriever terrier spaniel poodle collie husky pug bulldog "
              "greyhound whippet dachshund corgi chihuahua schnauzer boxer dalmatian rottweiler "
              "doberman maltese cocker sheltie samoyed akita shiba vizsla weimaraner spitz "
              "pinscher staffy lurcher")
"""Dog breeds said as "our beagle biscuit", "unser labrador bruno": each is a dog."""
CAT_BREEDS = "siamese persian ragdoll bengal sphynx"
"""Cat breeds said as "my ragdoll mochi": each is a cat."""

CAP = r"(?-i:[A-ZÀ-ÖØ-Þ])"
"""An upper-case letter, whatever the flags (a name, a place)."""


def words(text: str) -> tuple[str, ...]:
    """``"a b c"`` -> ``("a", "b", "c")``: a word list written as one string."""
    return tuple(text.split())


def any_of(words: str) -> str:
    """``"a b\\s+c"`` -> ``"(?:a|b\\s+c)"``: alternatives written as space-separated words."""
    return "(?:" + "|".join(words.split()) + ")"


PET_BREEDS = any_of(DOG_BREEDS + " " + CAT_BREEDS)
"""Any dog or cat breed, as a regex alternative."""


PLACE_VALUE = (r"(?P<value>(?-i:[A-ZÀ-Ý])[\w'.-]*(?:\s+(?-i:[A-ZÀ-Ý])[\w'.-]*){0,2}"
               r"|(?-i:[a-zà-ÿ])[\w'-]*(?:\s+(?-i:[a-zà-ÿ])[\w'-]*){0,2})")
"""A place as a rule's slot value: a name, or lower-case words (kept as far as they name a
known place: :func:`kore_pipeline.text.slots.rule_slot`)."""
ORG_NEXT = (
    r"done|today|tomorrow|went|was|is|lol|haha|and|but|so|finally|yay|now|starts?|begins?|"
    r"geschafft|vorbei|rum|fatto|finita|finito|terminada|terminado|terminé|terminée|finie?|"
    r"feita|feito|acabou|check|concluído|concluido|erop|"
    # what follows a name in any of the languages: a time, "and", "since", a verb
    r"yesterday|since|for|in|oggi|ieri|hoy|ayer|hier|heute|gestern|hoje|ontem|vandaag|"
    r"gisteren|e|y|et|und|en|ma|pero|mais|aber|mas|maar|da|dal|desde|depuis|seit|sinds|"
    r"há|ha|zit|angefangen|begonnen|gestartet|gewechselt")
"""What may follow an employer written in lower case: the end of its clause."""
ORG_VALUE = (r"(?!(?:school|work|uni|university|college|home|the|my|our|a|an|last|this|next|"
             r"it|scuola|casa|escuela|école|ecole|schule|arbeit|escola|trabalho|office|ufficio|oficina|"
             r"bureau|büro|buero|escritório|kantoor|thuis|moi|mir|gym|palestra|gimnasio|remote|"
             r"mio|mia|mi|mis|mon|ma|mes|mein|meine|meiner|meinem|meinen|meu|minha|mijn|m'n|"
             r"nostro|nostra|nuestro|nuestra|notre|nos|unser|unsere|unserer|nosso|nossa|onze|"
             r"suo|sua|su|son|sa|sein|seine|seu|zijn|haar)\b)"
             r"(?P<value>(?-i:[A-Z0-9À-Ý])[\w&.'-]*(?:\s+(?-i:[A-Z0-9À-Ý])[\w&.'-]*){0,2}"
             r"|(?-i:[a-z])[\w&.'-]+(?:\s+(?!(?:" + ORG_NEXT + r")\b)(?-i:[a-z])[\w&.'-]+)?"
             r"(?=\s*(?:[.,;:!?)]|$)|\s+(?:" + ORG_NEXT + r")\b|\s+[^\w\s]))")
"""An employer as a rule's slot value: a name, or one or two lower-case words ending their
clause ("first week at meta done", "primo mese in intesa sanpaolo finito"); never school,
work or home."""


PLACE_LOWER = r"(?P<value>(?-i:[a-zà-ÿ])[\w'-]*(?:\s+(?-i:[a-zà-ÿ])[\w'-]*){0,2})"
"""A place as chats write it, in lower case ("since moving to denver"): the rules whose
capitalised form another rule reads; kept as far as it names a known place (a lower-case
value the slot does not read gives no fact)."""
ORG_LOWER = ORG_VALUE.replace(
    r"(?P<value>(?-i:[A-Z0-9À-Ý])[\w&.'-]*(?:\s+(?-i:[A-Z0-9À-Ý])[\w&.'-]*){0,2}|", "(?P<value>")
assert ORG_LOWER != ORG_VALUE
"""An employer as chats write it: one or two lower-case words ending their clause ("now at
google,")."""


OWNED_VALUE = r"(?P<fact>(?P<value>[\w-]+(?:\s+[\w-]+){0,3}))"
"""A car or a phone as a rule's slot value (slot ``owned``): up to four words, kept from the
first make or model on (:func:`kore_pipeline.text.owned.owned_slot`; words naming neither are
no match)."""


OWNED_HERE = (r"(?=(?-i:[a-z0-9]))(?P<fact>(?P<value>(?:"
              + "|".join(sorted(map(re.escape, CAR_WORDS | PHONE_WORDS), key=len, reverse=True))
              + r")\b(?:\s+[\w-]+)?))")
"""A car or a phone one has, named right here (slot ``owned_here``): one or two words that
name a make or model ("corsa", "skoda fabia", "iphone 12"); a name that is mostly another
word ("golf", "panda", "208") only in a sentence about a car (the grammar's ``car_context``).
In lower case: a name with its capital is read by the rules of "I drive a Clio"."""


OWNED_SAID = OWNED_HERE.replace(r"(?=(?-i:[a-z0-9]))", "")
""":data:`OWNED_HERE` in any case ("got the iPhone 15"): after a verb of getting or buying."""
assert OWNED_SAID != OWNED_HERE


NAME_CAP = r"(?-i:[A-ZÀ-Ý])[\w'-]+"
"""A name as written with its capital ("Rex", "Noé")."""
NAME_LOWER = r"(?-i:[a-zà-ÿ])[\w'-]+"
"""A name as chats write it, in lower case ("luca"): a rule reads it only where nothing but
a name fits (after "called", or before a verb that follows a name)."""
