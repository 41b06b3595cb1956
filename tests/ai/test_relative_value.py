"""ai.features.base.relative_value: the one weighing every ruleset's evaluate shares."""

from __future__ import annotations

from dataclasses import dataclass, field

from ai.features.base import relative_value
from engine.config import GameConfig


@dataclass
class _Game:
    winner_seat: int
    config: GameConfig = field(default_factory=lambda: GameConfig(ruleset="base", seats=3))


def _values(game: _Game, seat: int, detail: bool) -> float:
    return (10.0, 20.0, 40.0)[seat] + (1.0 if detail else 0.0)


def test_a_won_game_is_all_or_nothing() -> None:
    game = _Game(winner_seat=1)
    assert relative_value(game, 1, _values) == 1000.0
    assert relative_value(game, 0, _values) == -1000.0


def test_own_detailed_value_less_strongest_and_sum_of_others() -> None:
    game = _Game(winner_seat=-1)
    # seat 0: 11 - 0.35*40 - 0.1*(20+40)
    assert relative_value(game, 0, _values) == 11.0 - 0.35 * 40.0 - 0.1 * 60.0
