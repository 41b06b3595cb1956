"""The four phases of a turn (rules §7), and Longest Road counting roads only (§13)."""

from __future__ import annotations

import itertools

import pytest

from engine.errors import IllegalAction
from engine.rulesets.base.actions import BuildRoad
from engine.rulesets.fleet.actions import StartFleetPhase, SwapChip
from engine.rulesets.fleet.phases import BUILD, FLEET, TRADE
from engine.shared.actions import EndTurn, MaritimeTrade, OfferTrade

from .fleetfix import I3, S, corners, edge, fleet_game, hid, legal, refused

ROAD = {"brick": 2, "lumber": 2}
TRADE_CARDS = {"ore": 4}


def _home() -> tuple[int, int]:
    """A W vertex and a land edge at it."""
    game = fleet_game()
    v = 37
    e = next(e for e in game.board.grid.vertex_edges[v] if game.sea.road_edge[e])
    return v, e


HOME, HOME_EDGE = _home()


def test_phase_order_swap_before_phase_four_trade_and_road_after_it() -> None:
    """Edge case 28: a swap in phase 3 is refused; after declaring phase 4 a trade or a road
    is refused; a trade after the first build is refused (seed order)."""
    s = corners(fleet_game(), S)
    game = fleet_game(
        settlements={0: [HOME]},
        roads={0: [HOME_EDGE]},
        fleets={0: (s[3], s[2], s[1])},
        hands={0: {**ROAD, **TRADE_CARDS}},
    )
    refused(game, SwapChip(hid(game, I3)), "belong to the fleet phase")
    legal(game, MaritimeTrade("ore", "grain"))
    road = next(a for a in game.legal_actions() if isinstance(a, BuildRoad))
    game.apply(road)
    assert game.stage == BUILD
    refused(game, MaritimeTrade("ore", "grain"), "no trading after building")
    assert not any(isinstance(a, MaritimeTrade | OfferTrade) for a in game.legal_actions())
    game.apply(StartFleetPhase())
    assert game.stage == FLEET
    refused(game, MaritimeTrade("ore", "grain"), "no more trading")
    grid = game.board.grid
    free = next(
        e for e in grid.vertex_edges[HOME] if game.sea.road_edge[e] and game.edge_owner[e] < 0
    )
    refused(game, BuildRoad(free), "no more building")
    legal(game, SwapChip(hid(game, I3)))
    game.apply(EndTurn())
    assert game.stage == TRADE


def test_combined_trade_build_allows_trading_after_building() -> None:
    """Edge case 28 (option): with combined_trade_build a trade after a build is accepted."""
    game = fleet_game(
        settlements={0: [HOME]},
        roads={0: [HOME_EDGE]},
        hands={0: {**ROAD, **TRADE_CARDS}},
        options={"combined_trade_build": True},
    )
    game.apply(next(a for a in game.legal_actions() if isinstance(a, BuildRoad)))
    legal(game, MaritimeTrade("ore", "grain"))
    game.apply(StartFleetPhase())
    refused(game, MaritimeTrade("ore", "grain"), "no more trading")


def test_the_fleet_phase_is_declared_once() -> None:
    game = fleet_game(stage=FLEET)
    refused(game, StartFleetPhase(), "already begun")
    game = fleet_game(stage=TRADE)
    legal(game, StartFleetPhase())


def test_longest_road_ignores_ships() -> None:
    """Edge case 30: 4 roads and 3 ships in a row: the road is 4 long and wins no card."""
    game = fleet_game()
    sea = game.sea
    # Four roads along W's east coast (coast edges), then three ships out to sea.
    path = [38, 47, 56, 66, 76]
    assert all(sea.home_vertex[v] for v in path)
    assert all(sea.road_edge[edge(game, a, b)] for a, b in itertools.pairwise(path))
    start = path[0]
    ships = [path[-1]]
    while len(ships) < 4:
        w = next(w for w, _ in sea.ship_adjacent[ships[-1]] if w not in ships and w not in path)
        ships.append(w)
    game = fleet_game(
        settlements={0: [start]},
        roads={0: [edge(game, a, b) for a, b in itertools.pairwise(path)]},
        fleets={0: tuple(ships)},
    )
    assert game.road_length[0] == 4
    assert game.longest_holder == -1
    assert game.view(0)["players"][0]["longest_road"] is False


def test_fleet_takes_the_inlined_apply_and_its_stage_rule_still_refuses() -> None:
    """The stage rule lives in the checker table, so `apply` inlines the check (no `check`
    override) and a build after the fleet phase began is still refused, by name."""
    from engine.rulesets.fleet.game import FleetGame

    assert FleetGame._INLINE_APPLY
    assert "check" not in vars(FleetGame)
    game = fleet_game(stage=FLEET, hands={0: TRADE_CARDS})
    with pytest.raises(IllegalAction, match="no more trading"):
        game.apply(MaritimeTrade("ore", "grain"))
