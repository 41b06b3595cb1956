"""Legal actions, events and final states are what they were before the hot path was sped up.

data/rules_digests.json was written by tests/engine/rules_walk.py on the
engine before the speed work (5ed11a8); random games with trade offers,
every legal list in order, every event with its secrets, the final snapshot.
Fleet's were added on 0ca6346, before its stage rule moved into the checker table.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.engine.rules_walk import GAMES, walk

DIGESTS = json.loads((Path(__file__).parent / "data" / "rules_digests.json").read_text())


@pytest.mark.parametrize("ruleset", sorted(GAMES))
def test_games_play_as_recorded(ruleset: str) -> None:
    got = walk(ruleset)
    expected = DIGESTS[ruleset]
    assert len(got) == GAMES[ruleset]
    changed = [i + 1 for i, (a, b) in enumerate(zip(got, expected, strict=True)) if a != b]
    assert not changed, f"games with seeds {changed} no longer play as recorded"
