"""Catan Fleet, the "Catan Book" scenario for 3 or 4 players (rules/catan-fleet.md)."""

from __future__ import annotations

from engine.config import GameConfig, OptionSpec
from engine.game import Game
from engine.registry import Ruleset
from engine.rulesets.fleet.actions import CODEC
from engine.rulesets.fleet.game import FleetGame

OPTIONS = (
    OptionSpec("vp_to_win", tuple(range(5, 21)), 12, "victory points needed to win"),
    OptionSpec(
        "trade_offers_per_turn",
        tuple(range(0, 21)),
        3,
        "domestic offers a player may make per turn",
    ),
    OptionSpec(
        "combined_trade_build",
        (False, True),
        False,
        "trade and build in any order (the seed: no trading after the first build)",
    ),
)


def _create(config: GameConfig) -> Game:
    return FleetGame(config)


RULESET = Ruleset(
    name="fleet",
    title="Catan Fleet",
    seats=(3, 4),
    options=OPTIONS,
    create=_create,
    codec=CODEC,
    sample_consistent=FleetGame.sample_consistent,
    samples_beliefs=True,
    from_position=FleetGame.from_position,
)
