"""Evaluation fixtures, hand-written in the formats of the public sets.

They copy only the *formats* (file names, column names and keys) of the sets that the harness
reads from ``../shared/data``, so the loaders are tested without reading ``../shared``; the
people and lines are made up. :func:`write_eval_fixtures` lays them out as a data folder.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

SPC_ROWS = [['user 1 personas', 'user 2 personas', 'Best Generated Conversation'],
 ['I keep bees in my garden.\nI am a night nurse.\nMy favorite food is ramen.',
  'I grow tomatoes on my balcony.\nI play the cello in an orchestra.',
  'User 1: Hello there! How was your week?\n'
  'User 2: Busy, but good. I play the cello in an orchestra and we had two concerts.\n'
  'User 1: Wow. I am a night nurse, so I barely see daylight.\n'
  'User 2: That sounds tiring. What do you do to relax?\n'
  'User 1: I love ramen, and I keep bees in my garden.\n'
  'User 2: I grow tomatoes on my balcony too.\n'
  'User 1: Nice, fresh tomatoes are the best.'],
 ['I have a parrot named kiwi.\nI collect vintage postcards.',
  'I drive a yellow taxi.\nI like hiking in the mountains.',
  'User 1: Good morning! Do you have any pets?\n'
  'User 2: No pets, I drive a yellow taxi all day.\n'
  'User 1: I have a parrot named Kiwi. She talks a lot.\n'
  'User 2: Ha, that is fun. I like hiking in the mountains on weekends.\n'
  'User 1: I also have a parrot, so I like hiking in the mountains with her\n'
  'when it is sunny.\n'
  'User 2: Sounds lovely.']]

MADIAL_MEMORIES = [{'1': {'time': '2023-06-01',
        'scene': 'Activity',
        'emotion': 'Happy',
        'event': 'Tom built a red kite with his grandpa and flew it at the beach.'}},
 {'2': {'time': '2023-09-12',
        'scene': 'Preferences',
        'emotion': 'Happy',
        'event': 'Tom tasted strawberry pancakes at the diner and loved them.'}},
 {'3': {'time': '2023-11-20',
        'scene': 'Emotional',
        'emotion': 'Sad',
        'event': 'Ann lost her blue scarf on the school bus and cried.'}}]

MADIAL_DIALOGUES = [{'dialogue': ['<BOD>\n',
               '<Tom>: "The wind is so strong today!"\n',
               '<Assistant>: "It really is. Perfect weather for outdoor games."\n',
               '<Tom>: "I want to fly a kite at the beach again."\n',
               '<Assistant>: "Remember the red kite you built with your grandpa?"\n',
               '<Tom>: "Yes! It flew so high."\n',
               '<EOD>\n'],
  'test-turn': [4],
  'relevant-id': [1],
  'user-id': 1},
 {'dialogue': ['<BOD>\n',
               '<Ann>: "It is getting cold outside."\n',
               '"Yes, winter is coming. Do you have warm clothes?"\n',
               '<Ann>: "I miss my scarf from the bus."\n',
               '<Assistant>: "Oh, the blue scarf you lost on the school bus? That was sad."\n',
               '<EOD>\n'],
  'test-turn': [4],
  'relevant-id': [3, 2],
  'user-id': 2}]

MEMORYBANK = {'Mira': {'name': 'Mira',
          'summary': {},
          'personality': {},
          'overall_history': {},
          'history': {'2023-04-27': [{'query': 'Hi, I am Mira. I really like knitting and '
                                               'gardening.',
                                      'response': 'Nice to meet you, Mira!'},
                                     {'query': 'What should I plant in spring?',
                                      'response': 'Tulips are a good start.'}],
                      '2023-04-28': [{'query': 'Yesterday I went to a jazz concert and it was '
                                               'wonderful.',
                                      'response': 'Jazz is great.'}]},
          'meta_information': {'name': 'Mira',
                               'personality': 'cheerful, patient',
                               'hobbies': 'knitting, gardening and jazz concerts',
                               'speaking_style': 'warm'}},
 ' Olek ': {'name': ' Olek ',
            'summary': {},
            'personality': {},
            'overall_history': {},
            'history': {'2023-04-27': [{'query': 'I prefer chess over video games.',
                                        'response': 'Chess is a classic.'}]},
            'meta_information': {'name': 'Olek',
                                 'personality': 'calm',
                                 'hobbies': 'chess, sailing',
                                 'speaking_style': 'short'}}}


def write_eval_fixtures(root: Path) -> Path:
    """Write the fixture files under ``root`` (a data folder for the harness); return it."""
    spc = root / "synthetic-persona-chat" / "Synthetic-Persona-Chat_test.csv"
    madial = root / "madial-bench" / "en"
    bank = root / "memorybank" / "en" / "memory_bank_en.json"
    for folder in (spc.parent, madial, bank.parent):
        folder.mkdir(parents=True, exist_ok=True)
    with spc.open("w", encoding="utf-8", newline="") as fh:
        csv.writer(fh).writerows(SPC_ROWS)
    for name, rows in (("MADial-Bench-en-memory.json", MADIAL_MEMORIES),
                       ("MADial-Bench-en-dialogue.json", MADIAL_DIALOGUES)):
        (madial / name).write_text("".join(json.dumps(r) + "\n" for r in rows),
                                   encoding="utf-8")
    bank.write_text(json.dumps(MEMORYBANK), encoding="utf-8")
    return root
