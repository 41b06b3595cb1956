"""The built-in bots settle Catan Fleet's islets: the evaluation sees the islet chips and the
settlement price a fleet at an islet needs in phase 4 (rules/catan-fleet.md §9, §11)."""

from __future__ import annotations

from typing import Any

import pytest

from ai.features import fleet as fleet_features
from ai.protocol import bot_view
from ai.registry import create_bot
from engine.rulesets.base.actions import BuildSettlement
from engine.rulesets.fleet.game import FleetGame
from engine.rulesets.fleet.phases import BUILD
from tests.fleet.fleetfix import I3, S, corners, fleet_game, vid

SEED_BOT = 11  # the bots' seed in the behaviour test
I3_INDEX = 2  # the centre islet's index in the islet chips
SETTLE = {"brick": 1, "lumber": 1, "wool": 1, "grain": 1}
ORE = {"ore": 4}  # as many cards, none of a settlement's price


def _places() -> dict[str, Any]:
    """Seat 0's home (two W settlements, a road each), a fleet on I3's coast, and I3's corners."""
    game = fleet_game()
    grid = game.board.grid
    s = corners(game, S)
    i3 = corners(game, I3)
    x = next(v for v in grid.vertex_adjacent[s[1]] if v in i3 and v != s[2])
    first = vid(game, (-3, -1), (-2, -1), (-3, 0))  # fields 8, pasture 10, hills 9
    second = vid(game, (-4, 1), (-3, 1), (-4, 2))  # forest 4, pasture 6, mountains 3
    roads = [
        next(e for e in grid.vertex_edges[v] if game.sea.road_edge[e]) for v in (first, second)
    ]
    near = {s[1], s[2], *grid.vertex_adjacent[s[1]], *grid.vertex_adjacent[s[2]]}
    rival = next(v for v in i3 if v not in near)
    return {
        "settlements": [first, second],
        "roads": roads,
        "fleet": (s[3], s[2], s[1], x),
        "islet": (s[2], s[1]),  # I3 corners on the fleet's path
        "rival": rival,
    }


P = _places()


def _game(*, fleet: bool, hand: dict[str, int]) -> FleetGame:
    """Seat 0's build phase (phase 3), with or without its fleet at I3."""
    return fleet_game(
        settlements={0: P["settlements"]},
        roads={0: P["roads"]},
        fleets={0: P["fleet"]} if fleet else {},
        hands={0: hand},
        stage=BUILD,
    )


def test_evaluation_values_a_settlement_price_held_where_the_fleet_can_settle() -> None:
    """The same four cards are worth more as a settlement's price when the fleet lies at an
    islet vertex it can settle in phase 4 than when it has no fleet to settle from."""
    e = fleet_features.evaluate
    at_islet = e(_game(fleet=True, hand=SETTLE), 0) - e(_game(fleet=True, hand=ORE), 0)
    no_fleet = e(_game(fleet=False, hand=SETTLE), 0) - e(_game(fleet=False, hand=ORE), 0)
    assert at_islet > no_fleet + 2.0, (at_islet, no_fleet)


def test_evaluation_prefers_holding_an_islet_chip() -> None:
    """Alone on I3 the seat holds its chip; a rival's settlement there ties and returns it.
    That rival settlement costs the seat's evaluation its chip's point on top of what the same
    rival settlement on the E island costs it."""
    mine = [*P["settlements"], P["islet"][0]]
    alone = fleet_game(settlements={0: mine}, roads={0: P["roads"]})
    tied = fleet_game(settlements={0: mine, 1: [P["rival"]]}, roads={0: P["roads"]})
    far = vid(alone, (3, -1), (4, -1), (3, 0))  # E: pasture 4, fields 6, hills 5
    rival_on_e = fleet_game(settlements={0: mine, 1: [far]}, roads={0: P["roads"]})
    assert alone.islet_holders[I3_INDEX] == 0 and rival_on_e.islet_holders[I3_INDEX] == 0
    assert tied.islet_holders[I3_INDEX] == -1
    e = fleet_features.evaluate
    settlement_cost = e(alone, 0) - e(rival_on_e, 0)
    chip_and_settlement = e(alone, 0) - e(tied, 0)
    assert chip_and_settlement > settlement_cost + 3.0, (chip_and_settlement, settlement_cost)


@pytest.mark.parametrize("spec", ["value", "mcts:iterations=8"])
def test_bot_keeps_the_price_and_settles_the_islet_from_its_fleet(spec: str) -> None:
    """Holding exactly a settlement's price in the build phase, with its fleet at a free I3
    vertex, the bot spends nothing on a road: it declares phase 4 and settles I3 that turn."""
    game = _game(fleet=True, hand=SETTLE)
    bot = create_bot(spec, SEED_BOT)
    bot.on_game_start(0, bot_view(game.view(0)))
    played = []
    while game.to_act == 0 and len(played) < 20:
        action = bot.decide(bot_view(game.view(0)), game.legal_actions())
        played.append(action)
        events = game.apply(action)
        bot.on_events([ev.for_seat(0) for ev in events])
        if action.type == "end_turn":
            break
    settled = [a for a in played if isinstance(a, BuildSettlement)]
    assert settled and game.sea.islet_of_vertex[settled[0].vertex] == I3_INDEX, played
    assert game.islet_holders[I3_INDEX] == 0
