"""Evidence of MemoryBank's (en) probing questions: the turns that hold each answer.

Labelled on 2026-12-02 by reading each user's history, never from a retriever's output (so
the labels do not lean towards what our search finds). A turn id is ``<day>#<i>:user`` (the
``query`` of pair ``i``, 0-based, of that day) or ``<day>#<i>:assistant`` (its
``response``). One entry per question, in file order: the question's first four words (to
check the alignment; no text is copied) and its turns. Judgements: where the user states a
thing and the assistant echoes it, the user's turn only; where the answer is what the
assistant said (a recommendation), the assistant's turn; a question with a false premise
("I don't like X, right?") gets the turn that contradicts it; turns said twice in a day (one
user's day repeats four pairs) are both labelled; one question has no answer in the history
(an empty list: not asked). 100 questions: 64 answered by the user's turns, 34 by the
assistant's, 1 by both, 1 by none.
"""

from __future__ import annotations

EVIDENCE: dict[str, list[tuple[str, list[str]]]] = {
    "Emily": [
        ("I recommended a science", ["2023-04-30#3:user"]),
        ("When I was studying", ["2023-05-01#0:user"]),
        ("What painters did you", ["2023-05-03#2:assistant"]),
        ("A few days ago,", ["2023-04-28#1:user"]),
        ("I shared with you", ["2023-04-30#2:user"]),
        ("I mentioned on May", ["2023-05-02#1:user"]),
        ("On May 4th, I", ["2023-05-04#1:user", "2023-05-04#2:user"]),
    ],
    "Frank": [
        ("On April 27th, how", ["2023-04-27#2:user"]),
        ("I once recommended a", ["2023-04-28#8:user"]),
        ("What are some good", ["2023-04-29#1:assistant"]),
        ('"What type of music', ["2023-05-05#1:user"]),
        ("On May 6th, I", ["2023-05-06#1:user"]),
        ("Why did I ask", ["2023-04-30#1:user"]),
        ("You once recommended a", ["2023-04-28#2:assistant"]),
    ],
    "Lucy": [
        ("I recently went on", ["2023-04-27#3:user"]),
        ("I recently went to", ["2023-04-29#1:user", "2023-04-29#2:user"]),
        ('"What genres of movies', ["2023-04-28#1:user"]),
        ('"What kind of cuisine', ["2023-04-30#1:user"]),
        ("What methods have you", ["2023-04-30#2:assistant", "2023-05-03#0:assistant"]),
        ("What methods have you", ["2023-05-02#1:assistant"]),
        ("I don't like watching", ["2023-04-28#1:user"]),
    ],
    "Sunny": [
        ("Recently I've been exploring", ["2023-04-28#1:user"]),
        ("When I was taking", ["2023-04-27#3:user", "2023-04-27#4:user"]),
        ("On May 3rd, which", ["2023-05-03#1:assistant"]),
        ('"On May 1st, I', ["2023-05-01#1:user"]),
        ('"I don\'t like working', ["2023-04-27#2:user"]),
        ("You recommended a seaside", ["2023-04-30#1:assistant"]),
        ("What photography tips have", ["2023-05-04#0:assistant", "2023-05-04#1:assistant"]),
    ],
    "Jason": [
        ("Which country should I", ["2023-04-28#2:user"]),
        ("What kind of cuisine", ["2023-04-29#3:user"]),
        ("I don't like outdoor", ["2023-04-28#2:user"]),
        ("Which movie did you", ["2023-04-27#4:assistant"]),
        ("I went to visit", ["2023-05-01#1:user"]),
        ('"What places do I', ["2023-05-02#3:user"]),
        ("On May 4th, I", ["2023-05-04#1:assistant"]),
    ],
    "Linda": [
        ("On May 6th, I", ["2023-05-06#1:user"]),
        ("On May 6th, I", ["2023-05-06#3:user"]),
        ('"What topic did we', ["2023-04-27#2:user", "2023-04-27#3:user"]),
        ("On April 28th, you", ["2023-04-28#2:assistant"]),
        ('"On May 2nd, I', ["2023-05-02#1:user"]),
        ("On May 1st, I", ["2023-05-01#1:user"]),
        ("On May 4th, I", ["2023-05-04#1:user"]),
    ],
    "John Zhang": [
        ('"I don\'t like warm', ["2023-04-28#1:user"]),
        ("What topics did we", ["2023-04-29#0:user", "2023-04-29#1:user", "2023-04-29#2:user"]),
        ("I have watched \"Looking", ["2023-04-28#2:user"]),
        ('"What dish did I', ["2023-04-30#0:user"]),
        ('"What dish did I', []),
        ("I once watched a", ["2023-05-04#0:user"]),
        ("I shared a psychology", ["2023-05-06#0:user"]),
    ],
    "Ivy": [
        ("Do you remember what", ["2023-04-27#1:user", "2023-04-27#2:user",
                                  "2023-04-27#3:user", "2023-04-27#4:user"]),
        ("I once shared a", ["2023-05-06#1:user", "2023-05-06#2:user"]),
        ("What was my mood", ["2023-05-02#0:user"]),
        ("I once shared with", ["2023-04-28#2:user"]),
        ("I have a badminton", ["2023-04-27#3:user"]),
        ('"What suggestions did you', ["2023-05-05#0:assistant"]),
        ('"About how to overcome', ["2023-05-02#0:assistant"]),
    ],
    "Henry": [
        ('"I don\'t like playing', ["2023-04-27#1:user"]),
        ("What was the weather", ["2023-04-30#0:user"]),
        ("What advice did you", ["2023-04-30#1:assistant"]),
        ("You recommended me a", ["2023-05-04#1:assistant"]),
        ("I once encountered a", ["2023-05-06#1:user", "2023-05-06#2:user"]),
        ("You once taught me", ["2023-04-28#2:assistant"]),
        ('"What advice have you', ["2023-05-02#0:assistant"]),
    ],
    "Gary": [
        ("On April 28th, did", ["2023-04-28#2:user"]),
        ("I once consulted you", ["2023-05-04#0:assistant"]),
        ("You once recommended a", ["2023-05-05#1:assistant"]),
        ("You recommended me a", ["2023-05-04#1:assistant"]),
        ("On May 2nd, we", ["2023-05-02#0:user", "2023-05-02#1:user"]),
        ("You have recommended many", ["2023-04-30#0:assistant"]),
        ("What good ways did", ["2023-05-03#0:assistant"]),
    ],
    "Jack": [
        ("On April 27th, which", ["2023-04-27#2:assistant"]),
        ("On April 27th, which", ["2023-04-27#2:assistant"]),
        ('"What types of music', ["2023-05-05#2:user"]),
        ("I once shared an", ["2023-04-30#1:user"]),
        ('"What movie did I', ["2023-05-03#1:user"]),
        ("On May 2nd, what", ["2023-05-02#1:assistant"]),
        ('"May 4th is not', ["2023-05-04#0:user"]),
    ],
    "Roland": [
        ("What are the games", ["2023-04-30#1:assistant", "2023-04-30#5:assistant"]),
        ("Which movies did you", ["2023-04-30#2:assistant", "2023-04-30#6:assistant"]),
        ("On April 30th, we", ["2023-04-30#1:assistant", "2023-04-30#2:assistant",
                               "2023-04-30#5:assistant", "2023-04-30#6:assistant"]),
        ("On May 2nd, I", ["2023-05-02#1:user"]),
        ("I once consulted you", ["2023-04-28#1:assistant", "2023-04-28#2:assistant"]),
        ('"What outdoor sports do', ["2023-04-27#2:user"]),
    ],
    "Susan": [
        ('"What kind of music', ["2023-04-27#2:user"]),
        ("What rock bands do", ["2023-04-27#2:user"]),
        ("One of my paintings", ["2023-04-30#1:user"]),
        ("I once shared with", ["2023-04-29#1:user"]),
        ("You once recommended me", ["2023-05-04#1:assistant"]),
    ],
    "Luna": [
        ('"What specific problems have', ["2023-04-28#1:user", "2023-04-28#2:user"]),
        ("Why was I in", ["2023-04-30#1:user", "2023-04-30#2:user"]),
        ("What's the weather like", ["2023-05-04#0:user"]),
        ("I once consulted with", ["2023-05-03#2:assistant"]),
        ("I once shared a", ["2023-04-28#4:user"]),
    ],
    "Leo": [
        ('"What classical music pieces', ["2023-04-27#2:user"]),
        ("On May 2nd, which", ["2023-05-02#1:user"]),
        ('"What\'s my favorite scene', ["2023-05-02#2:user"]),
        ("On May 3rd, what", ["2023-05-03#1:assistant"]),
        ("On May 3rd, what", ["2023-05-03#1:assistant"]),
        ("What meditation apps did", ["2023-05-04#1:assistant"]),
        ("On May 6th, why", ["2023-05-06#0:user", "2023-05-06#0:assistant"]),
    ],
}
