"""Seeded random games, digested: every legal list and every event, per game.

`tests/engine/test_rules_digests.py` compares them with
`data/rules_digests.json`, written by this module on the engine before the
speed work (commit 5ed11a8): an optimisation of the hot path (legal actions,
apply, longest road, production) that changes any list, its order or any
event fails there. Starfarers' were written again on 25 November 2026, when its
`encounter_revealed` event gained `answer_kind` (for the log): with that field
left out, the new engine gave the old digests. Written again on 25 November 2026
(session 19), when Starfarers' first turn of play became turn 1 (it was 0, the
setup's number): with every "turn" field left out, events, views and snapshots of
all four variants were the old ones. Written again on 29 November 2026 (session 29),
when a withdrawn offer's `trade_closed` gained `accepted` and `countered` (the answers it
turned down, for the log): with those two fields left out, every ruleset's digests were
the old ones. Written again on 29 November 2026 (session 32), when Starfarers' `end_move`
gained `ship` (the kind that flew, for the log): with that field left out, its digests were
the old ones. Regenerate only for a deliberate change of the rules or the events:

    python -m tests.engine.rules_walk > tests/engine/data/rules_digests.json
"""

from __future__ import annotations

import hashlib
import json
import random
import sys

from engine.config import GameConfig
from engine.registry import new_game

SEED_WALK = 7
GAMES = {"base": 10, "starfarers": 3, "fleet": 4}
MAX_ACTIONS = 2500


def walk(ruleset: str) -> list[str]:
    """Per game: a digest of every legal list met and every event (full, secrets included)."""
    out = []
    for index in range(GAMES[ruleset]):
        game = new_game(GameConfig(ruleset, 4, index + 1, {}))
        rng = random.Random(SEED_WALK * 100 + index)
        digest = hashlib.sha256()
        while game.to_act is not None and game.num_actions < MAX_ACTIONS:
            legal = game.legal_actions()
            digest.update(repr(legal).encode())
            events = game.apply(rng.choice(legal))
            digest.update(json.dumps([e.full() for e in events], sort_keys=True).encode())
        digest.update(json.dumps(game.snapshot(), sort_keys=True).encode())
        out.append(digest.hexdigest()[:16])
    return out


def main() -> int:
    json.dump({ruleset: walk(ruleset) for ruleset in GAMES}, sys.stdout, indent=0)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
