"""The base game with 2 seats: plain base rules (rules/catan.md names no 2-player variant)."""

from __future__ import annotations

import json
import random

import pytest
from basefix import check_invariants

from engine import GameConfig, new_game
from engine.position import game_from_position
from engine.registry import get_ruleset
from engine.rulesets.base.game import BaseGame
from tui.cli import main
from tui.local import parse_seats

SEED = 21


def two(seed: int = SEED) -> BaseGame:
    game = new_game(GameConfig("base", 2, seed=seed))
    assert isinstance(game, BaseGame)
    return game


def test_the_base_ruleset_seats_two() -> None:
    assert 2 in get_ruleset("base").seats


def test_setup_goes_a_b_b_a() -> None:
    game = two()
    order = []
    pick = random.Random(SEED)
    while game.phase in ("setup_settlement", "setup_road"):
        if game.phase == "setup_settlement":
            order.append(game.to_act)
        game.apply(pick.choice(game.legal_actions()))
    a = game.start
    assert order == [a, 1 - a, 1 - a, a]
    assert game.phase == "pre_roll" and game.to_act == a
    assert sum(len(r) for r in game.roads) == 4 and sum(len(b) for b in game.buildings) == 4


def test_a_random_two_player_game_plays_to_the_end_seed_21() -> None:
    game = two()
    pick = random.Random(SEED)
    steps = 0
    while game.to_act is not None:
        game.apply(pick.choice(game.legal_actions()))
        steps += 1
        if steps % 97 == 0:
            check_invariants(game)
            assert game_from_position(game.position()).snapshot() == game.snapshot()
    check_invariants(game)
    assert game.winner is not None and game.scores()[game.winner] >= 10
    assert len(game.view(0)["players"]) == 2


def test_simulate_takes_two_players(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--ruleset", "base", "--players", "2", "--games", "2", "--seed", "1"]
    code = main([*argv, "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0
    assert report["players"] == 2 and len(report["wins"]) == 2
    assert sum(report["wins"]) + report["capped"] == 2


def test_play_takes_two_seats() -> None:
    kinds = parse_seats("human,value")
    assert kinds == ["human", "value"]
    from engine.registry import normalise_config

    assert normalise_config(GameConfig("base", len(kinds), seed=1)).seats == 2


def test_one_seat_is_still_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--ruleset", "base", "--players", "1"]) == 2
    assert "is played by 2, 3 or 4 players, not 1" in capsys.readouterr().err
