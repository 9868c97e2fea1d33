"""The words a slot rule needs (:mod:`.slots`): a text with none of them sets no slot.

The fast first test of :func:`.slots.slot_of`: one scan for how each hint word begins
(:data:`HINT_STARTS`), cheaper than searching the rules; :data:`HINT` is the regular
expression it stands for (a test keeps the two in step).
"""

from __future__ import annotations

import re

from kore_pipeline.text.habit_verbs import VERBS
from kore_pipeline.text.literals import WordStarts, case_fold
from kore_pipeline.text.occupations import OCCUPATIONS
from kore_pipeline.text.slot_rules import DIETS, FLAGS, PEOPLE

_HAS_DIGIT = re.compile(r"\d")
HINT = re.compile(
    r"\b(?:live|living|reside|stay|based|settled|moved|relocated|home|abito|vivo|trasferit[oa]|"
    r"mud\w*|habite|vis|d[ée]m[ée]nag[ée]|wohne|lebe|nach|moro|work|joined|started|employed|"
    r"working|employer|lavoro|trabajo|travaille|arbeite|trabalho|job|role|position|title|became|"
    r"promoted|diet|budget|switched|migrated|changed|use|code|develop|have|(?:I'm|I’m|I\s+am)"
    rf"\s+(?:now\s+)?\d+|{PEOPLE}|{DIETS}|flight|train|meeting|appointment|call|interview|"
    r"class|lesson|shift|stand-?up|bus|dinner|session|exam|support|root|cheer|fan|supporter|"
    r"learning|studying)\b", FLAGS)
"""Words one of the rules needs: a text with none of them sets no slot (a fast first test)."""
HINT_WORDS = (
    "live living reside stay based settled moved relocated home abito vivo trasferit mud "
    "habite vis dém dem wohne lebe nach moro work joined started employ lavoro trabajo "
    "travaille arbeite trabalho job role position title became promoted diet budget switched "
    "migrated changed use code develop have wife husband partner girlfriend boyfriend fianc "
    "boss manager dog cat doctor dentist therapist landlord puppy kitten vegan vegetarian "
    "pescatarian pescetarian keto paleo carnivore omnivore flexitarian gluten lactose dairy "
    "halal kosher raw plant flight train meeting appointment call interview class lesson shift "
    "stand bus dinner session exam")
HINT_MORE_WORDS = (
    "habitons vivons habite wohnen leben abitiamo viviamo vivimos moramos vivemos join "
    "favourite favorite phone car drive wake bed sleep gym pool yoga get_up "
    "pilates choir church office iphone pixel galaxy "
    "samsung oneplus xiaomi motorola nokia huawei fairphone called named longer anymore been "
    "support root cheer fan supporter learning studying began "
    "stopped quit gave given cut since seit single married divorced engaged widowed separated "
    "relationship become laptop tablet bike motor watch camera console van truck scooter hobby "
    "pastime agora hoje eat drink smok vap play run jog swim cycl ride take medita gambl "
    "practi sing paint bake cook surf climb hike danc knit volunteer "
    # the other languages' endings, diets and habit verbs
    "più smess ya_no más dej plus arrêt cess mehr aufgehört mais não já_não deixei parei "
    "larguei vegetari végé végan vegan pescet carne viande fleisch ricominciato volví vuelto "
    "voltei recommencé compiuto cumplí cumplido eu_ fiz completei geworden gezogen sono soy "
    "estoy sou estou je_suis ich_bin ci_siamo mi_sono nos me_ lo_dejamos rompimos nous_nous "
    "on_s'est on_s’est wir_haben casámo casamo divorciámo separámo guido conduzco manejo "
    "conduis fahre dirijo conduzo broke broken split separated seeing unemployed out_of "
    "between_jobs jobless near close outside instead "
    # things replaced or given up, colloquial verbs, becoming, things had
    "packed jacked ditched sold notice resigned left lasciat vendut mollat licenziat dejado "
    "dejé deje vendí vendido renuncié me_fui laissé lâché abandonn vendu revendu démission "
    "quitté aufgegeben verkauft gekündigt abandonei vendi desisti saí pedi_ traded swapped "
    "exchanged cambi sostituit échangé remplacé getauscht eingetauscht troquei dropped bosse "
    "curro arbeite wohnen wohne leben lebe installé on_est nous_sommes estamos tô sto_ "
    "stiamo adesso ora_ ormai virei tornei diventat devenu hice convertí faccio trabajo_de "
    "trabalho_de trabalhando gone ho_ tengo_ j'ai j’ai tenho_ compré comprei acheté preso comprato "
    "retired retraite jubil aposent pensione rente died passed lost morto morta mancat murió "
    "falleció perdimos mort gestorben morreu faleceu perdemos abbiamo tenemos temos nous_avons "
    "on_a ich_habe wir_haben adopt adot "
    + " ".join(sorted({f.replace(" ", "_") + "_" for langs in VERBS.values()
                       for forms in langs.values() for pair in forms for f in pair}))
    + " "
    + " ".join(re.match(r"[^\\(\[?]+", alt).group(0)  # type: ignore[union-attr]
               for alts in OCCUPATIONS.values() for alt in alts[3:-1].split("|")))
"""Words the third round's rules need (their first letters, occupations' stems; ``_`` is a
space). A text with no word starting like a hint word sets no slot; one that has one goes to
the rules' literal filter (one scan), which is cheaper than searching :data:`HINT`."""
HINT_STARTS = WordStarts([*HINT_WORDS.split(),
                           *(w.replace("_", " ") for w in HINT_MORE_WORDS.split())])
"""How every alternative of :data:`HINT` but "I'm <number>" begins, as a whole word."""


def hint_start(text: str) -> int:
    """Where :data:`HINT` can first match ``text`` (-1: nowhere), from one literal scan.

    A text with a digit may hold "I'm 34": it is searched from the start.
    """
    if _HAS_DIGIT.search(text):
        return 0
    return HINT_STARTS.first(case_fold(text))
