"""Plans carried out, for ``kore eval --sets updates`` (``plans``).

The earlier statement says what one means to do ("we're going to move to Porto next year");
the later one, five months on, that it happened ("we finally moved to Porto"). Handled as any
update pair (:mod:`.updates`): the later fact current, the plan superseded by it (done, kept,
linked), the later statement ranked first for the question. The non-updates are plans the
later statement does not carry out (a move elsewhere, another habit dropped): the plan stays.
Written on 2026-12-01 after the rules of ``text/plans.py``, by their author: not an unseen
figure, but the whole pipeline's check (decay, compression and search included) that a plan
and the statement that carries it out stay two memories, the plan closed.
"""

from __future__ import annotations

from evals.coverage_blind import UpdatePair
from evals.updates_heldout import NON_UPDATE

PLAN_PAIRS: list[UpdatePair] = [
    # (earlier, later, lang, thing, new, old, question, wording)
    ("We're going to move to Porto next year.", "We finally moved to Porto in May!", "en",
     "city", "moved to porto", "going to move", "where do I live?", "explicit"),
    ("I'm going to quit smoking in the new year.", "I quit smoking, four months clean now.",
     "en", "smoking", "i quit smoking", "going to quit", "do I smoke?", "explicit"),
    ("I plan to go vegan after the summer.", "I went vegan in September.", "en", "diet",
     "went vegan", "plan to go vegan", "what is my diet?", "explicit"),
    ("I want to get a job at the BBC.", "I got a job at the BBC, I start in June!", "en",
     "employer", "got a job at the bbc", "want to get", "where do I work?", "explicit"),
    ("I'm planning to start learning Korean.", "I started learning Korean last month.", "en",
     "language", "started learning korean", "planning to start", "what language am I learning?",
     "explicit"),
    ("We're gonna move to Leeds in the spring.", "We moved to Leeds in April.", "en", "city",
     "moved to leeds", "gonna move", "where do I live?", "explicit"),
]

PLAN_NON_UPDATES: list[UpdatePair] = [
    ("I'm going to move to Bristol next year.", "We moved to Cardiff in the end.", "en", "city",
     "cardiff", "going to move to bristol", "where was I going to move?", NON_UPDATE),
    ("I'm going to quit sugar.", "I quit smoking last month.", "en", "sugar", "quit smoking",
     "going to quit sugar", "what was I going to quit?", NON_UPDATE),
]
