"""Saves: a Starfarers game mid-flight survives dumps/load byte for byte."""

from __future__ import annotations

import random

import pytest

from engine.config import GameConfig
from engine.errors import ConfigError
from engine.registry import new_game
from engine.rulesets.starfarers.constants import FLIGHT
from engine.saves import dumps, load

from .helpers import VARIANTS, make


@pytest.mark.parametrize("variant", VARIANTS)
def test_save_round_trip_mid_flight(variant: str) -> None:
    """Play (seed 21) until a ship is moving in the flight phase; the save loads to the same
    game.
    """
    g = make(4, seed=21, variant=variant)
    rnd = random.Random(21)
    while not (g.phase == FLIGHT and g.moving >= 0 and g.turn > 20):
        legal = [a for a in g.legal_actions() if a.type not in ("offer_trade", "counter_trade")]
        g.apply(rnd.choice(legal))
        assert g.to_act is not None
    text = dumps(g)
    h = load(text)
    assert h.snapshot() == g.snapshot()
    assert h.legal_actions() == g.legal_actions()
    for _ in range(200):
        if g.to_act is None:
            break
        a = rnd.choice(g.legal_actions())
        assert g.apply(a) == h.apply(a)
    assert h.snapshot() == g.snapshot()


def test_options_are_validated() -> None:
    """Unknown options or values are errors naming the valid ones."""
    with pytest.raises(ConfigError, match="first_game"):
        new_game(GameConfig("starfarers", 4, 1, {"variant": "beginner"}))
    with pytest.raises(ConfigError, match="victory_check"):
        new_game(GameConfig("starfarers", 4, 1, {"victory": "immediate"}))
    with pytest.raises(ConfigError):
        new_game(GameConfig("starfarers", 5, 1, {}))
    g = new_game(GameConfig("starfarers", 3, 1, {}))
    assert g.config.options == {
        "variant": "first_game",
        "starting_hand": "seed",
        "victory_check": "end_of_turn",
        "trade_offers_per_turn": 3,
    }


def test_same_config_same_game() -> None:
    """Determinism (seed 33): same config and actions give the same snapshot."""
    a = make(4, seed=33, variant="wild_space")
    b = make(4, seed=33, variant="wild_space")
    rnd = random.Random(1)
    for _ in range(500):
        if a.to_act is None:
            break
        x = rnd.choice([y for y in a.legal_actions() if y.type != "offer_trade"])
        a.apply(x)
        b.apply(x)
    assert a.snapshot() == b.snapshot()
