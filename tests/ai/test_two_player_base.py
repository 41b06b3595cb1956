"""Bots in the 2-seat base game: value bots play a whole game, seed named."""

from __future__ import annotations

from ai.registry import create_bot
from engine import GameConfig, new_game
from engine.headless import play_headless

SEED = 5


def test_value_bots_finish_a_two_player_base_game_seed_5() -> None:
    game = new_game(GameConfig("base", 2, seed=SEED))
    deciders = [create_bot("value", SEED * 16 + seat).decide for seat in range(2)]
    result = play_headless(game, deciders, turn_cap=400)
    assert result.illegal == []
    assert not result.capped and result.winner is not None
    assert result.scores[result.winner] >= 10
