"""Seeded random walks through games, and a digest of every view met on the way.

`tests/engine/test_view_digests.py` compares the digests with
`data/view_digests.json`, which this module wrote on the engine before views
were made lazy and shared (commit 5ed11a8): a view that changes as data, in
any key, for any seat, fails the test. Regenerate only for a deliberate
change of the view format. Starfarers' were written again on 25 November 2026,
when its first turn of play became turn 1 (every view carries the turn's number;
with "turn" left out they were the old views):

    python -m tests.engine.view_walk > tests/engine/data/view_digests.json
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from typing import Any

from engine.config import GameConfig
from engine.registry import new_game

SEED_WALK = 20261124
"""The seed of the walks' choices (each game's own seed is its index)."""
GAMES = {"base": 8, "starfarers": 6}
ACTIONS_PER_GAME = {"base": 900, "starfarers": 1200}
EVERY = 3
"""A position is digested every EVERY actions."""


def digest(view: Any) -> str:
    text = json.dumps(view, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def walk(ruleset: str) -> list[str]:
    """Per position: the digest of the views of the seat to act, the next seat and a spectator.

    Choices are uniform over the legal actions, trade offers included (one in
    four times they come up), so open trades appear in the views.
    """
    out: list[str] = []
    rng = random.Random(f"{SEED_WALK}-{ruleset}")
    for index in range(GAMES[ruleset]):
        game = new_game(GameConfig(ruleset, 4, index + 1, {}))
        for step in range(ACTIONS_PER_GAME[ruleset]):
            seat = game.to_act
            if seat is None:
                break
            if step % EVERY == 0:
                views = [game.view(seat), game.view((seat + 1) % 4), game.view(None)]
                out.append(digest(views))
            legal = game.legal_actions()
            calm = [a for a in legal if a.type not in ("offer_trade", "counter_trade")]
            pick = legal if not calm or rng.random() < 0.05 else calm
            game.apply(rng.choice(pick))
        out.append(digest([game.view(s) for s in range(4)] + [game.view(None)]))
    return out


def main() -> int:
    data = {ruleset: walk(ruleset) for ruleset in GAMES}
    json.dump(data, sys.stdout, indent=0)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
