"""Views are the same data they were before they were made lazy and shared.

The digests in data/view_digests.json were written by tests/engine/view_walk.py
on the engine as it stood before (5ed11a8), over a few thousand positions of
seeded random games per ruleset, three views each (the seat to act, another
seat, a spectator). Any change of any key of any of those views fails here.
Starfarers' were written again on 25 November 2026, when the encounter card in
the view gained `offer_to` (who gets the cards offered); with that key left
out, the new engine gave the old digests.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.engine.view_walk import GAMES, walk

DIGESTS = json.loads((Path(__file__).parent / "data" / "view_digests.json").read_text())


@pytest.mark.parametrize("ruleset", sorted(GAMES))
def test_views_equal_the_recorded_ones(ruleset: str) -> None:
    expected: list[str] = DIGESTS[ruleset]
    got = walk(ruleset)
    assert len(expected) > 2000
    first_difference = next(
        (i for i, (a, b) in enumerate(zip(got, expected, strict=False)) if a != b), None
    )
    assert first_difference is None, f"the view at position {first_difference} changed"
    assert len(got) == len(expected)
