"""The pirate and the robber on a 7 or a Knight (rules §10).

Round the sea hex S = (0, 1): corners s0..s5, ship edges between neighbours.
"""

from __future__ import annotations

from engine.rulesets.base.actions import BuildRoad, PlayKnight
from engine.rulesets.base.game import MAIN, MOVE_ROBBER
from engine.rulesets.fleet.actions import BuildShip, KeepFleet, MoveFleet, MovePirate
from engine.rulesets.fleet.game import KEEP_FLEET
from engine.rulesets.fleet.phases import FLEET
from engine.shared.actions import MoveRobber

from .fleetfix import S, check_invariants, corners, edge, fleet_game, hid, legal, refused

ROBBER = [[MAIN, 0, None], [MOVE_ROBBER, 0, None]]
CARDS = {"ore": 2}


def _s() -> tuple[int, ...]:
    return corners(fleet_game(), S)


s = _s()


def _outside(v: int, *avoid: int) -> int:
    """The neighbour of corner `v` off the hex S (its third ship edge)."""
    game = fleet_game()
    return next(w for w, _ in game.sea.ship_adjacent[v] if w not in s and w not in avoid)


def test_pirate_sinks_the_two_ships_on_its_hex_and_the_third_stays() -> None:
    """Edge case 19: a 3-ship fleet with 2 ships on S's edges keeps one ship."""
    out = _outside(s[1])
    game = fleet_game(fleets={1: (out, s[1], s[2], s[3])}, hands={1: CARDS}, pending=ROBBER)
    events = game.apply(MovePirate(hid(game, S)))
    pirate = next(e for e in events if e.kind == "pirate")
    assert pirate.data["sunk"] == {"1": sorted([edge(game, s[1], s[2]), edge(game, s[2], s[3])])}
    assert game.fleet[1] == (out, s[1])
    steal = next(e for e in events if e.kind == "steal")
    assert steal.data == {"seat": 0, "victim": 1} and sum(game.hand(0)) == 1
    assert game.phase == MAIN
    check_invariants(game)


def test_pirate_spares_a_two_ship_fleet_and_cannot_rob_through_it() -> None:
    """Edge case 20: a 2-ship fleet on S's edges is let go; its owner is not robbed."""
    game = fleet_game(fleets={1: (s[1], s[2], s[3])}, hands={1: CARDS}, pending=ROBBER)
    events = game.apply(MovePirate(hid(game, S)))
    pirate = next(e for e in events if e.kind == "pirate")
    assert pirate.data["sunk"] == {} and pirate.data["spared"] == [1]
    assert game.fleet[1] == (s[1], s[2], s[3])
    assert not any(e.kind == "steal" for e in events) and game.hand(1)[4] == 2
    assert game.phase == MAIN


def test_pirate_sinks_the_middle_ship_owner_keeps_one_piece() -> None:
    """Edge case 21: the middle ship of 3 sunk; the owner keeps one single ship, the other
    returns to its supply; the steal comes after the choice."""
    a = _outside(s[1])
    d = _outside(s[2], a)
    game = fleet_game(fleets={1: (a, s[1], s[2], d)}, hands={1: CARDS}, pending=ROBBER)
    events = game.apply(MovePirate(hid(game, S)))
    assert game.phase == KEEP_FLEET and game.to_act == 1
    assert not any(e.kind == "steal" for e in events)
    choices = game.legal_actions()
    assert set(choices) == {KeepFleet(edge(game, a, s[1])), KeepFleet(edge(game, s[2], d))}
    refused(game, KeepFleet(edge(game, s[1], s[2])), "holds none of the pieces")
    check_invariants(game)
    events = game.apply(KeepFleet(edge(game, s[2], d)))
    assert game.fleet[1] == (s[2], d)
    assert game.ship_owner[edge(game, a, s[1])] == -1
    assert [e.kind for e in events] == ["keep_fleet", "steal"]
    assert game.phase == MAIN and game.to_act == 0
    check_invariants(game)


def test_pirate_sinks_the_movers_own_ships() -> None:
    """Edge case 22: the mover's own 3-ship fleet on S loses its ships there; no self-robbery."""
    game = fleet_game(fleets={0: (s[0], s[1], s[2], s[3])}, hands={0: CARDS}, pending=ROBBER)
    events = game.apply(MovePirate(hid(game, S)))
    assert game.fleet[0] == ()
    assert not any(e.kind == "steal" for e in events)
    check_invariants(game)


def test_blockade_then_a_knight_lifts_it_for_the_turn() -> None:
    """Edge case 23: with the pirate on S, a ship may not be built on or moved onto S's edges;
    after the player's Knight this turn both are allowed."""
    out = _outside(s[2])
    game = fleet_game(
        settlements={0: [s[2]]},
        fleets={0: (out, s[2])},
        hands={0: {"lumber": 2, "wool": 2}},
        dev={0: {"knight": 1}},
        extra={"pirate": hid(fleet_game(), S)},
    )
    onto = edge(game, s[2], s[3])
    refused(game, BuildShip(onto), "lies next to the pirate")
    game.apply(PlayKnight())
    robber_to = next(a for a in game.legal_actions() if isinstance(a, MoveRobber))
    game.apply(robber_to)
    legal(game, BuildShip(onto))
    # Moving: a fresh position in the fleet phase.
    game = fleet_game(
        fleets={0: (out, s[2])},
        dev={0: {"knight": 1}},
        extra={"pirate": hid(fleet_game(), S)},
        stage=FLEET,
    )
    refused(game, MoveFleet((s[2], s[3])), "lies next to the pirate")
    game.apply(PlayKnight())
    game.apply(next(a for a in game.legal_actions() if isinstance(a, MoveRobber)))
    legal(game, MoveFleet((s[2], s[3])))
    check_invariants(game)


def test_robber_not_onto_a_desert_but_onto_a_just_swapped_hex() -> None:
    """Edge case 24: a desert carries no chip: refused; a hex whose chip was swapped this turn
    is a legal target."""
    game = fleet_game()
    east_desert = hid(game, (4, 0))
    i3 = hid(game, (0, 0))
    i3_edge = next(e for e in game.board.grid.hex_edges[i3] if game.sea.navigable[e])
    a, b = game.board.grid.edge_vertices[i3_edge]
    game = fleet_game(fleets={0: (a, b)}, dev={0: {"knight": 1}}, stage=FLEET)
    from engine.rulesets.fleet.actions import SwapChip

    game.apply(SwapChip(i3))
    game.apply(PlayKnight())
    refused(game, MoveRobber(east_desert), "may not move to hex")
    legal(game, MoveRobber(i3))
    game.apply(MoveRobber(i3))
    assert game.robber == i3


def test_the_pirate_must_move_and_sails_only_at_sea() -> None:
    game = fleet_game(pending=ROBBER, extra={"pirate": hid(fleet_game(), S)})
    refused(game, MovePirate(hid(game, S)), "must move to a different sea hex")
    refused(game, MovePirate(hid(game, (0, 0))), "not a sea hex")
    assert not any(isinstance(a, BuildRoad) for a in game.legal_actions())
