"""Common occupations per language, as regex alternatives (whole words, lower case).

Shared by extraction ("Sou professor", "Je suis infirmière": professions said without an
article in the Romance languages and German) and slots ("I'm a paramedic these days" gives
the ``job`` slot): a closed list, so "I'm a beginner" or "I'm a mess" is no job.
"""

from __future__ import annotations


def _alts(words: str) -> str:
    return "(?:" + "|".join(words.split()) + ")"


OCCUPATIONS: dict[str, str] = {
    "en": _alts(
        r"teacher nurse doctor engineer developer programmer designer architect accountant "
        r"lawyer solicitor barrister attorney pharmacist paramedic barista chef cook waiter "
        r"waitress bartender electrician plumber carpenter builder mechanic firefighter "
        r"police\s+officer officer journalist writer editor photographer artist musician "
        r"consultant analyst scientist researcher professor lecturer dentist vet "
        r"veterinarian therapist physiotherapist psychologist psychiatrist surgeon midwife "
        r"cleaner driver pilot farmer manager receptionist librarian cashier banker "
        r"economist translator interpreter tutor coach carer caregiver social\s+worker "
        r"paralegal recruiter marketer copywriter illustrator animator technician "
        r"administrator secretary student postman courier hairdresser baker butcher "
        r"optician radiographer sonographer surveyor"
        r" nanny shop\s+assistant"),
    "pt": _alts(
        r"professora? engenheir[oa] médic[oa] enfermeir[oa] advogad[oa] programador(?:a)? "
        r"estudante arquitet[oa] designer jornalista dentista contador(?:a)? motorista "
        r"cozinheir[oa] gerente analista psicólog[oa] farmacêutic[oa] veterinári[oa] "
        r"bombeir[oa] músic[oa] escritor(?:a)? aposentad[oa] desenvolvedor(?:a)?"
        r" vendedor(?:a)? cabeleireir[oa] padeir[oa] policial eletricista garçom garçonete"),
    "es": _alts(
        r"profesora? ingenier[oa] médic[oa] enfermer[oa] abogad[oa] programador(?:a)? "
        r"estudiante arquitect[oa] diseñador(?:a)? periodista dentista contador(?:a)? "
        r"cociner[oa] camarer[oa] gerente psicólog[oa] farmacéutic[oa] veterinari[oa] "
        r"bomber[oa] músic[oa] escritor(?:a)? jubilad[oa] maestr[oa] desarrollador(?:a)?"
        r" dependient[ae] peluquer[oa] policía panader[oa] fontaner[oa] electricista"),
    "it": _alts(
        r"insegnante ingegnere medico infermier[ea] avvocat[oa] programmator[ei] studente "
        r"studentessa architetto designer giornalista dentista commercialista cuoc[oa] "
        r"camerier[ea] psicolog[oa] farmacista veterinari[oa] pompiere musicista "
        r"scrittor[ei] pensionat[oa] sviluppator[ei] professor(?:e|essa)"
        r" impiegat[oa] commess[oa] operai[oa] parrucchier[ea] poliziott[oa] ostetrica"
        r" elettricista idraulico fornai[oa]"),
    "fr": _alts(
        r"infirmière infirmier professeure? ingénieure? médecin avocate? "
        r"développeur(?:se)? étudiante? architecte designer journaliste dentiste comptable "
        r"cuisinière? cuisinier serveuse serveur psychologue pharmacienne? pharmacien "
        r"vétérinaire pompier musicienne? musicien écrivaine? écrivain retraitée? "
        r"enseignante? institutrice instituteur"
        r" sage-femme boulangère boulanger coiffeuse coiffeur vendeuse vendeur policière"
        r" policier électricien(?:ne)? plombier"),
    "de": _alts(
        r"lehrer(?:in)? ingenieur(?:in)? arzt ärztin krankenschwester krankenpfleger(?:in)? "
        r"entwickler(?:in)? programmierer(?:in)? designer(?:in)? anwalt anwältin "
        r"student(?:in)? koch köchin verkäufer(?:in)? architekt(?:in)? journalist(?:in)? "
        r"rentner(?:in)? apotheker(?:in)? erzieher(?:in)? elektriker(?:in)? "
        r"mechaniker(?:in)? buchhalter(?:in)? polizist(?:in)?"
        r" rettungssanitäter(?:in)? sanitäter(?:in)? hebamme bäcker(?:in)? friseur(?:in)?"
        r" pfleger(?:in)? altenpfleger(?:in)?"),
}
"""Language -> ``(?:teacher|nurse|…)``."""
