"""Swapping number chips from the fleet (rules §12)."""

from __future__ import annotations

from engine.rulesets.base.board import RESOURCE_INDEX
from engine.rulesets.fleet.actions import SwapChip
from engine.rulesets.fleet.phases import FLEET
from engine.shared.actions import EndTurn, Roll

from .fleetfix import (
    I3,
    NORTH_SEA,
    S,
    check_invariants,
    corners,
    edge,
    fleet_game,
    hid,
    legal,
    refused,
)


def test_swap_needs_a_ship_on_an_edge_not_only_a_corner() -> None:
    """Edge case 25: a ship on a sea-sea edge whose end is a corner of I3 cannot swap there."""
    s = corners(fleet_game(), S)
    game = fleet_game(fleets={0: (s[2], s[3])}, stage=FLEET)  # s[2] is a corner of I3
    assert game.sea.navigable[edge(game, s[2], s[3])]
    assert hid(game, I3) not in game.board.grid.edge_land[edge(game, s[2], s[3])]
    refused(game, SwapChip(hid(game, I3)), "none of your ships lies on an edge")


def test_swap_on_the_robbers_hex_is_legal_and_it_still_produces_nothing() -> None:
    """Edge case 26: the robber on I3; the swap puts the 2 there; a 2 then pays nobody."""
    s = corners(fleet_game(), S)
    i3 = hid(fleet_game(), I3)
    game = fleet_game(
        settlements={1: [s[1]]},
        fleets={0: (s[3], s[2], s[1], s[0])},
        robber=i3,
        extra={"held_chip": [2, 12, 2, 12]},
        stage=FLEET,
        forced_dice=[[1, 1]],
    )
    legal(game, SwapChip(i3))
    events = game.apply(SwapChip(i3))
    assert events[0].data == {"seat": 0, "hex": i3, "took": 3, "placed": 2}
    assert game.board.number[i3] == 2 and game.held_chip[0] == 3
    game.apply(EndTurn())
    before = game.hand(1)
    events = game.apply(Roll())
    assert events[0].data["total"] == 2
    assert game.hand(1) == before
    check_invariants(game)


def test_two_swaps_in_one_fleet_phase() -> None:
    """Edge case 27: 2 <-> X's 6, then 6 <-> Y's 5: X shows 2, Y 6, the player holds 5."""
    game = fleet_game()
    c = corners(game, NORTH_SEA)
    x, y = hid(game, (0, -2)), hid(game, (-2, -2))  # I1 mountains 6, W forest 5
    assert game.board.number[x] == 6 and game.board.number[y] == 5
    game = fleet_game(
        fleets={0: (c[2], c[3], c[4], c[5], c[0])}, extra={"held_chip": [2, 12, 2, 12]}, stage=FLEET
    )
    assert x in game.board.grid.edge_land[edge(game, c[5], c[0])]
    assert y in game.board.grid.edge_land[edge(game, c[2], c[3])]
    game.apply(SwapChip(x))
    game.apply(SwapChip(y))
    assert game.board.number[x] == 2 and game.board.number[y] == 6 and game.held_chip[0] == 5
    refused(game, SwapChip(y), "it goes to another hex")
    # Everyone saw the swaps: the held chip is public now.
    assert game.view(1)["held_chips"][0] == 5
    assert game.view(1)["held_chips"][2] is None
    check_invariants(game)


def test_a_hex_ringed_by_roads_cannot_be_swapped() -> None:
    """Edge case 29: roads on all of I3's edges: no ship reaches an edge of it, so no swap."""
    game = fleet_game()
    i3 = hid(game, I3)
    ring = list(game.board.grid.hex_edges[i3])
    home = corners(game, I3)[0]
    s = corners(game, S)
    game = fleet_game(
        settlements={1: [home]},
        roads={1: ring},
        fleets={0: (s[3], s[2])},
        stage=FLEET,
    )
    refused(game, SwapChip(i3), "none of your ships lies on an edge")
    from engine.rulesets.fleet.actions import MoveFleet

    for a in game.legal_actions():
        if isinstance(a, MoveFleet):
            assert not set(game.board.grid.hex_edges[i3]) & {
                edge(game, p, q) for p, q in zip(a.route, a.route[1:], strict=False)
            }


def test_swaps_change_production() -> None:
    """A swapped chip produces under its new number (the board's chips are the state)."""
    s = corners(fleet_game(), S)
    i3 = hid(fleet_game(), I3)
    game = fleet_game(
        settlements={1: [s[1]]},
        fleets={0: (s[3], s[2], s[1], s[0])},
        extra={"held_chip": [12, 2, 2, 12]},
        stage=FLEET,
        forced_dice=[[6, 6]],
    )
    game.apply(SwapChip(i3))
    game.apply(EndTurn())
    game.apply(Roll())
    assert game.hand(1)[RESOURCE_INDEX["lumber"]] == 1


def test_a_gold_field_owes_a_pending_choice() -> None:
    """§13: a settlement on I5's gold field (0, 2) 10: a roll of 10 owes its owner one pick."""
    from engine.rulesets.base.actions import PickGold
    from engine.rulesets.base.game import GOLD_PICK, MAIN, PRE_ROLL

    game = fleet_game()
    gold = hid(game, (0, 2))
    assert game.board.terrain[gold] == "gold" and game.board.number[gold] == 10
    v = game.board.grid.hex_vertices[gold][0]
    game = fleet_game(settlements={1: [v]}, pending=[[PRE_ROLL, 0, None]], forced_dice=[[4, 6]])
    events = game.apply(Roll())
    assert events[-1].data["gold"] == {"1": 1}
    assert game.phase == GOLD_PICK and game.to_act == 1
    game.apply(PickGold("ore"))
    assert game.phase == MAIN and game.to_act == 0 and game.hand(1)[RESOURCE_INDEX["ore"]] == 1
    check_invariants(game)
