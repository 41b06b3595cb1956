"""The example plugin bot (ai/examples/plugin) plays whole games by its rules and wins."""

from __future__ import annotations

from aifix import PLUGIN

from ai.tournament import MatchSpec, play_game

SPEC = f"inproc:{PLUGIN / 'catan_example_bot' / '__init__.py'}:ExampleBot"


def test_the_example_bot_plays_whole_games_without_a_fault_and_beats_random_bots() -> None:
    """Seed 1, four boards with the example in a different seat each. Measured over 100
    games it won all of them against three random bots; a fault would mean it returned an
    action that is not legal, or crashed on some view."""
    spec = MatchSpec("base", (SPEC, "random", "random", "random"), seed=1)
    records = [play_game(spec, i) for i in range(4)]
    for record in records:
        example = next(s for s in record.seats if s.entry == 0)
        assert example.faults == 0 and not example.replaced, example.log
        assert not record.capped
    assert sum(r.winner_entry == 0 for r in records) >= 3, [r.winner_entry for r in records]
