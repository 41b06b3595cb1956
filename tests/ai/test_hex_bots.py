"""The built-in ladder plays Cities & Knights and Catan Fleet, and knows what those rulesets add."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from ai.features import ck as ck_features
from ai.features import features_for
from ai.features import fleet as fleet_features
from ai.features.base import PIPS
from ai.protocol import bot_view
from ai.registry import create_bot
from ai.tournament import MatchSpec, play_game
from engine.config import GameConfig
from engine.registry import new_game
from engine.rng import Rng
from engine.rulesets.base.decisions import MAIN
from engine.rulesets.ck.actions import ActivateKnight
from engine.rulesets.ck.cards import BARBARIAN_TRACK
from engine.rulesets.fleet.actions import SwapChip
from engine.rulesets.fleet.phases import FLEET

SEED_HEX_LADDER = 41
SEED_WALK = 5  # the greedy games searched for the positions of the unit tests
LOW_VP = 7  # whole games stay short with a lowered target

LADDER = ["random", "greedy", "value", "mcts:iterations=2"]


@pytest.mark.parametrize("ruleset", ["ck", "fleet"])
@pytest.mark.parametrize("seats", [3, 4])
@pytest.mark.parametrize("spec", LADDER)
def test_builtin_bot_finishes_a_hex_game_without_faults(
    ruleset: str, seats: int, spec: str
) -> None:
    lineup = (spec, "greedy", "value", "random")[:seats]
    options = {"vp_to_win": LOW_VP}
    record = play_game(MatchSpec(ruleset, lineup, SEED_HEX_LADDER, options, max_turns=250), 0)
    assert not record.capped
    assert all(s.faults == 0 for s in record.seats), [s.log for s in record.seats]
    assert max(s.vp for s in record.seats) >= LOW_VP


@pytest.mark.parametrize("ruleset", ["ck", "fleet"])
def test_feature_modules_are_registered(ruleset: str) -> None:
    game: Any = new_game(GameConfig(ruleset, 4, 1))
    assert game.HAND_CARDS.names == features_for(ruleset).RESOURCES
    assert create_bot("mcts").rulesets >= {"ck", "fleet"}


def _walk(ruleset: str, seed: int, turns: int = 120) -> Iterator[Any]:
    """Every position of a seeded game the greedy policy plays against itself."""
    game: Any = new_game(GameConfig(ruleset, 4, seed))
    feats = features_for(ruleset)
    rng = Rng(seed)
    while game.to_act is not None and game.turn < turns:
        yield game
        game.apply(feats.policy(game, game.to_act, game.legal_actions(), rng))


# -- Catan Fleet: the number chips ----------------------------------------------------------


def _swap_position() -> tuple[Any, int, int]:
    """A fleet phase where the seat's ships touch a hex of its own that lacks a 6 or an 8.

    The seat is handed a 6 (its held chip); returns (game, seat, that hex).
    """
    for seed in range(SEED_WALK, SEED_WALK + 20):
        for game in _walk("fleet", seed):
            if game.phase != MAIN or game.stage == FLEET:
                continue
            seat = game.to_act
            if not game.fleet[seat]:
                continue
            grid = game.board.grid
            number = game.board.number
            for h in game._swap_hexes(seat):
                mine = any(game.vertex_owner[v] == seat for v in grid.hex_vertices[h])
                if mine and PIPS[number[h]] <= 3:
                    g = game.copy()
                    g.stage = FLEET
                    g.fleet_moved = True
                    g.held_chip[seat] = 6
                    g.chip_known[seat] = True
                    return g, seat, h
    raise AssertionError("no seeded game reached a fleet next to its own hex")


@pytest.mark.parametrize("spec", ["greedy", "value", "mcts:iterations=8"])
def test_fleet_bot_puts_a_six_on_its_own_hex(spec: str) -> None:
    game, seat, _ = _swap_position()
    legal = game.legal_actions()
    bot = create_bot(spec, 3)
    action = bot.decide(bot_view(game.view(seat)), legal)
    assert isinstance(action, SwapChip), action
    grid = game.board.grid
    assert any(game.vertex_owner[v] == seat for v in grid.hex_vertices[action.hex])
    before = fleet_features.evaluate(game, seat)
    game.apply(action)
    assert game.board.number[action.hex] == 6
    assert fleet_features.evaluate(game, seat) > before


def test_fleet_policy_never_puts_a_two_on_its_own_hex() -> None:
    game, seat, _ = _swap_position()
    game.held_chip[seat] = 2
    action = fleet_features.policy(game, seat, game.legal_actions(), Rng(1))
    grid = game.board.grid
    if isinstance(action, SwapChip):
        assert not any(game.vertex_owner[v] == seat for v in grid.hex_vertices[action.hex])
    else:
        assert action.type == "end_turn"


# -- Cities & Knights: the barbarians --------------------------------------------------------


def _barbarian_position() -> tuple[Any, int]:
    """The seat's main phase with an inactive knight it can activate, and a city at stake.

    The barbarians are moved one step from landing; activating a knight saves the city.
    """
    for seed in range(SEED_WALK, SEED_WALK + 20):
        for game in _walk("ck", seed):
            if game.phase != MAIN:
                continue
            seat = game.to_act
            activations = [a for a in game.legal_actions() if isinstance(a, ActivateKnight)]
            if not activations or not game.plain_cities(seat):
                continue
            g = game.copy()
            g.barbarian = BARBARIAN_TRACK - 1
            if not ck_features.loses_city(g, seat):
                continue
            saved = g.copy()
            saved.apply(activations[0])
            if not ck_features.loses_city(saved, seat):
                return g, seat
    raise AssertionError("no seeded game reached an inactive knight and a city at stake")


@pytest.mark.parametrize("spec", ["greedy", "value", "mcts:iterations=8"])
def test_ck_bot_activates_a_knight_before_the_barbarians_land(spec: str) -> None:
    game, seat = _barbarian_position()
    bot = create_bot(spec, 3)
    action = bot.decide(bot_view(game.view(seat)), game.legal_actions())
    assert isinstance(action, ActivateKnight), action


def test_ck_evaluation_fears_the_barbarians_only_when_they_are_near() -> None:
    game, seat = _barbarian_position()
    near = ck_features.evaluate(game, seat)
    far = game.copy()
    far.barbarian = 0
    assert ck_features.evaluate(far, seat) > near
