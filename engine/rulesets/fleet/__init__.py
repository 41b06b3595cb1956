"""Catan Fleet, the "Catan Book" scenario for 3 or 4 players (rules/catan-fleet.md)."""

from __future__ import annotations

from engine.config import OptionSpec
from engine.rulesets.base import game_ruleset
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


RULESET = game_ruleset("fleet", "Catan Fleet", (3, 4), OPTIONS, FleetGame, "Fleet")
