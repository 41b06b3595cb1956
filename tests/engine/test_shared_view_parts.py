"""The static parts of views are made once per game and shared; sampled games reuse the board."""

from __future__ import annotations

import random

import pytest

from engine.config import GameConfig
from engine.registry import new_game, sample_consistent
from engine.rng import Rng
from engine.rulesets.base.board_json import board_from_json

SEED_GAME = 4
SEED_SAMPLE = 8


@pytest.mark.parametrize("ruleset", ["base", "starfarers"])
def test_every_view_of_a_game_shares_one_board(ruleset: str) -> None:
    game = new_game(GameConfig(ruleset, 4, SEED_GAME, {}))
    first = game.view(0)["board"]  # type: ignore[typeddict-item]
    game.apply(game.legal_actions()[0])
    assert game.view(1)["board"] is first  # type: ignore[typeddict-item]
    assert game.view(None)["board"] is first  # type: ignore[typeddict-item]


def test_a_game_sampled_from_a_view_reuses_its_board() -> None:
    game = new_game(GameConfig("base", 4, SEED_GAME, {}))
    rng = random.Random(SEED_SAMPLE)
    for _ in range(60):
        game.apply(rng.choice([a for a in game.legal_actions() if a.type != "offer_trade"]))
    view = game.view(game.to_act)
    sampled = sample_consistent(dict(view), Rng(SEED_SAMPLE))
    assert sampled.board is game.board  # type: ignore[attr-defined]


def test_an_equal_board_from_elsewhere_is_rebuilt_equal() -> None:
    game = new_game(GameConfig("base", 4, SEED_GAME, {}))
    copy = game.board.to_json()  # type: ignore[attr-defined]
    rebuilt = board_from_json(copy)
    assert rebuilt is not game.board  # type: ignore[attr-defined]
    assert rebuilt == game.board  # type: ignore[attr-defined]


def test_a_sampled_world_is_made_without_drawing_a_board(monkeypatch: pytest.MonkeyPatch) -> None:
    """Search samples a world per iteration: it must not realise a layout each time."""
    from engine.rulesets.base.game import BaseGame

    game = new_game(GameConfig("base", 4, SEED_GAME, {}))
    view = dict(game.view(game.to_act))

    def refuse(self: BaseGame, rng: Rng) -> None:
        raise AssertionError("make_board called while sampling")

    monkeypatch.setattr(BaseGame, "make_board", refuse)
    sampled = sample_consistent(view, Rng(SEED_SAMPLE))
    assert sampled.board is game.board  # type: ignore[attr-defined]
    assert sampled.view(game.to_act)["board"] is view["board"]  # type: ignore[typeddict-item]
