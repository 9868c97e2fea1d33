"""Plans and intentions for the extraction coverage figure (``kore eval --sets coverage``).

Written on 2026-12-01 *before* the extractor read plans: "I'm going to start a pottery
class", "I plan to run the Berlin marathon", "I need to renew my passport", "voy a empezar a
correr", "ich werde nach Hamburg ziehen". What someone means to do is a decision an agent
must remember ("remind me", "how is the marathon training going?"); main gave most of them no
fact, and a short one ("im gonna quit smoking") not even an episode. Rows are (text,
language, category, phrase, class) as in :mod:`.coverage_extra`; negatives are (text,
language) and must yield no fact: what one is about to say or do in the conversation ("I'm
going to be honest", "I'll let you know", "je vais bien"), questions, hypotheticals, other
people's plans, plans given up. Reported as ``plans``, not in ``all``; ``PLANS_FINAL_*`` at
the end were written after the rules, by their author, and never used to tune them.
"""

from __future__ import annotations

DEC = "decision"

PLANS_POSITIVE: list[tuple[str, str, str, str, str]] = [
    ("I'm going to start a pottery class in January.", "en", DEC, "pottery class", "going to"),
    ("I'm gonna repaint the kitchen this weekend", "en", DEC, "repaint the kitchen", "going to"),
    ("We're going to move to Porto next year.", "en", DEC, "move to Porto", "going to"),
    ("I plan to run the Berlin marathon in September.", "en", DEC, "Berlin marathon", "plan"),
    ("I'm planning on taking a gap year.", "en", DEC, "gap year", "plan"),
    ("I intend to finish my thesis by March.", "en", DEC, "finish my thesis", "plan"),
    ("I'll start learning Spanish next month.", "en", DEC, "learning Spanish", "will"),
    ("I will sell my old bike.", "en", DEC, "sell my old bike", "will"),
    ("I want to learn how to surf.", "en", DEC, "learn how to surf", "goal"),
    ("My goal this year is to read fifty books.", "en", DEC, "read fifty books", "goal"),
    ("I need to renew my passport before June.", "en", DEC, "renew my passport", "need to"),
    ("I have to get my car serviced next week.", "en", DEC, "car serviced", "need to"),
    ("I've got to call the dentist tomorrow.", "en", DEC, "call the dentist", "need to"),
    ("Next year I'm going to try for a promotion.", "en", DEC, "promotion", "going to"),
    ("I really want to quit my job and travel.", "en", DEC, "quit my job", "goal"),
    ("i wanna get a tattoo", "en", DEC, "tattoo", "goal"),
    ("I'm definitely going to cut down on sugar.", "en", DEC, "cut down on sugar", "going to"),
    ("We plan to have a second child.", "en", DEC, "second child", "plan"),
    ("I'm going to ask for a raise on Monday.", "en", DEC, "ask for a raise", "going to"),
    ("This summer I'm going to learn to sail.", "en", DEC, "learn to sail", "going to"),
    ("Ho intenzione di iscrivermi in palestra.", "it", DEC, "iscrivermi in palestra", "plan"),
    ("Il prossimo anno voglio imparare il giapponese.", "it", DEC, "imparare il giapponese",
     "goal"),
    ("Devo rinnovare il passaporto entro giugno.", "it", DEC, "rinnovare il passaporto",
     "need to"),
    ("Voy a empezar a correr por las mañanas.", "es", DEC, "empezar a correr", "going to"),
    ("Pienso mudarme a Valencia el año que viene.", "es", DEC, "mudarme a Valencia", "plan"),
    ("Quiero aprender a tocar la guitarra.", "es", DEC, "tocar la guitarra", "goal"),
    ("Je vais m'inscrire à un cours de cuisine.", "fr", DEC, "cours de cuisine", "going to"),
    ("Je compte vendre ma voiture cet été.", "fr", DEC, "vendre ma voiture", "plan"),
    ("Je veux apprendre l'allemand.", "fr", DEC, "apprendre l'allemand", "goal"),
    ("Ich werde nächstes Jahr nach Hamburg ziehen.", "de", DEC, "nach Hamburg ziehen", "will"),
    ("Ich habe vor, einen Marathon zu laufen.", "de", DEC, "Marathon", "plan"),
    ("Ich will mit dem Rauchen aufhören.", "de", DEC, "Rauchen aufhören", "goal"),
    ("Vou começar a estudar para o mestrado.", "pt", DEC, "estudar para o mestrado",
     "going to"),
    ("Pretendo mudar de emprego este ano.", "pt", DEC, "mudar de emprego", "plan"),
    ("Quero aprender a nadar.", "pt", DEC, "aprender a nadar", "goal"),
]

PLANS_NEGATIVE: list[tuple[str, str]] = [
    ("I'm going to be honest with you.", "en"),
    ("I'm going to say no to that.", "en"),
    ("I'll let you know tomorrow.", "en"),
    ("I'll think about it.", "en"),
    ("I want to know what you think.", "en"),
    ("I want to say thank you for everything.", "en"),
    ("I need to go now, bye!", "en"),
    ("I have to admit, that was funny.", "en"),
    ("I'm going to the shop now.", "en"),
    ("Are you going to move to Porto?", "en"),
    ("If I win the lottery I'm going to buy a boat.", "en"),
    ("My brother is going to study law.", "en"),
    ("I was going to call you but I forgot.", "en"),
    ("I'm going to try.", "en"),
    ("I'll be right back.", "en"),
    ("I want to ask you something.", "en"),
    ("I have to go.", "en"),
    ("Vado a dormire, buonanotte!", "it"),
    ("Je vais bien, merci.", "fr"),
    ("Voy a ver, te digo luego.", "es"),
    ("Ich muss los.", "de"),
    ("Vou pensar nisso.", "pt"),
    ("Quiero decir que no es así.", "es"),
]

PLANS_FINAL_POSITIVE: list[tuple[str, str, str, str, str]] = [
    ("We're going to try IVF again in the spring.", "en", DEC, "IVF", "going to"),
    ("i'm gonna sign up for the half marathon in october", "en", DEC, "half marathon",
     "going to"),
    ("I plan on visiting my grandparents in Manila over Christmas.", "en", DEC,
     "grandparents in Manila", "plan"),
    ("Honestly I want to move somewhere warmer.", "en", DEC, "move somewhere warmer", "goal"),
    ("I need to find a new flat before my lease ends in March.", "en", DEC, "new flat",
     "need to"),
    ("I'll be starting a new job at the hospital next month.", "en", DEC, "new job", "will"),
    ("Our plan is to get a camper van and drive around Scotland.", "en", DEC, "camper van",
     "goal"),
    ("I'm aiming to lose ten kilos by summer.", "en", DEC, "lose ten kilos", "plan"),
    ("Quest'estate voglio fare il cammino di Santiago.", "it", DEC, "cammino di Santiago",
     "goal"),
    ("Tenemos que renovar el pasaporte de la niña.", "es", DEC, "renovar el pasaporte",
     "need to"),
    ("Vamos a adoptar un gato el mes que viene.", "es", DEC, "adoptar un gato", "going to"),
    ("On va acheter une maison à la campagne.", "fr", DEC, "acheter une maison", "going to"),
    ("Ich werde im Herbst mit dem Studium anfangen.", "de", DEC, "Studium anfangen", "will"),
    ("Queremos ter um filho no próximo ano.", "pt", DEC, "ter um filho", "goal"),
    ("Tenho de marcar uma consulta no dentista.", "pt", DEC, "marcar uma consulta", "need to"),
]
PLANS_FINAL_NEGATIVE: list[tuple[str, str]] = [
    ("I'm going to have to disagree with you there.", "en"),
    ("I'll tell you all about it later.", "en"),
    ("I want to thank you for listening.", "en"),
    ("I need to vent for a second.", "en"),
    ("Are you going to the party on Saturday?", "en"),
    ("If I had the money I'd want to travel more.", "en"),
    ("My parents are going to retire next year.", "en"),
    ("Voglio sapere cosa ne pensi.", "it"),
    ("Je dois avouer que j'avais peur.", "fr"),
    ("Ich werde es mir überlegen.", "de"),
]
