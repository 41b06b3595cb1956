"""Seeded random games' digests, recorded before game.py was split per rule and sped up.

Each digest hashes, step by step, the legal actions listed (in order), the action
chosen, the events it gave and, at the end, the game's snapshot: a refactor that
changes any listing, its order, an outcome or the state fails here.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from tests.ck.ckfix import OPEN_ENDED, new

DIGESTS = {
    (3, 101): "4971f97c68d397ab71fac283aa242e7fddd78963d809f1f7fdfd2779ec819ba6",
    (4, 102): "5a71f3bc12af9232522ade130559b75d43a7d633ab9bedaca10b384ce3942c0f",
    (3, 103): "746aa8a78c659223ce77bf4f9ad4f1731d9f4e89cee9fad3745a4db93058c1be",
    (4, 104): "14644fd86c5c7a3a863432b9a0c5a87a6f0b0a95efffc2fb992e3a9f0573f72e",
}


def digest(seats: int, seed: int, cap: int = 4000) -> str:
    game = new(seats, seed)
    rng = random.Random(seed)
    h = hashlib.sha256()
    steps = 0
    while game.to_act is not None and steps < cap:
        legal = game.legal_actions()
        h.update(json.dumps([a.to_json() for a in legal], sort_keys=True).encode())
        choices = [a for a in legal if a.type not in OPEN_ENDED]
        action = rng.choice(choices)
        events = [e.full() for e in game.apply(action)]
        h.update(json.dumps(events, sort_keys=True, default=str).encode())
        steps += 1
        if steps % 97 == 0:  # a copy is the same game (the copy code may change too)
            assert game.copy().snapshot() == game.snapshot()
    h.update(json.dumps(game.snapshot(), sort_keys=True, default=str).encode())
    return h.hexdigest()


@pytest.mark.parametrize(("seats", "seed"), sorted(DIGESTS))
def test_seeded_games_give_the_recorded_digest(seats: int, seed: int) -> None:
    assert digest(seats, seed) == DIGESTS[(seats, seed)]
