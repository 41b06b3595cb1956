"""Edge cases 25-38 and 49 of rules/starfarers.md §11: the flight phase."""

from __future__ import annotations

import pytest

from engine.rulesets.starfarers import board as B
from engine.rulesets.starfarers import flight
from engine.rulesets.starfarers.actions import (
    EncounterAnswer,
    EndMove,
    FlyStep,
    FoundColony,
    Shake,
    TakeFriendship,
)
from engine.rulesets.starfarers.constants import (
    COLONY,
    COLONY_SHIP,
    FLIGHT,
    FRIENDSHIP,
    MAIN,
    STUCK,
    TRADE_SHIP,
)
from engine.rulesets.starfarers.friendship import CARD_CIV, CARD_INDEX
from engine.rulesets.starfarers.layouts import (
    GREEN_FOLK,
    ICE3,
    NUM_DISCS,
    PIRATE4,
    PLANETARY,
)
from engine.shared.actions import EndTurn

from .helpers import check_invariants, clear_ships, make, put_ship, script, solo_ship, to_main, v

N1 = 4  # slot of tile T6 in the first game: carbon (12), ore hex (13), goods (14)
N6_DOCK = v(19, 2)  # Green Folk outpost in the first game


def _only_disc(g, pool: int, disc: int) -> None:  # type: ignore[no-untyped-def]
    g.disc_pools[pool] = [0] * NUM_DISCS
    g.disc_pools[pool][disc] = 3


def _sci(g, p: int, name: str) -> None:  # type: ignore[no-untyped-def]
    k = CARD_INDEX[name]
    g.fstack[k] -= 1
    g.fheld[p][k] += 1


def test_edge_25_no_ships_no_shake() -> None:
    """Case 25: no ships on the board -> no shake and no encounter; the turn just ends."""
    g = make(4, seed=1)
    to_main(g)
    p = g.current
    clear_ships(g, p)
    assert Shake() not in g.legal_actions()
    assert g.check(Shake()) is not None
    assert EndTurn() in g.legal_actions()
    events = g.apply(EndTurn())
    assert not any(e.kind in ("shake", "encounter") for e in events)


@pytest.mark.parametrize("pair_index", range(10))
def test_edge_26_ball_pairs(pair_index: int) -> None:
    """Case 26: each of the 10 ball pairs gives its base speed; black -> base 3 and an encounter."""
    g = make(4, seed=1)
    to_main(g)
    pair = flight.BALL_PAIRS[pair_index]
    script(g, below=[pair_index])
    events = g.apply(Shake())
    shake = next(e for e in events if e.kind == "shake")
    expected = {
        frozenset(["yellow"]): 4,
        frozenset(["yellow", "red"]): 5,
        frozenset(["yellow", "blue"]): 3,
        frozenset(["red", "blue"]): 4,
    }
    names = frozenset(flight.BALL_NAMES[b] for b in pair)
    if "black" in names:
        assert shake.data["base_speed"] == 3
        assert any(e.kind == "encounter" for e in events)
    else:
        assert shake.data["base_speed"] == expected[names]
        assert not any(e.kind == "encounter" for e in events)
        assert g.phase == FLIGHT


def test_edge_27_speed_sources() -> None:
    """Case 27: speed = base + boosters + Scientists; a booster gained in the encounter counts."""
    g = make(4, seed=1)
    solo_ship(g, 0, COLONY_SHIP, v(4, 1), base=3, boosters=2)
    _sci(g, 0, "scientists_boost")
    assert flight.speed(g, 0) == 3 + 2 + 2
    g.apply(FlyStep(v(4, 1), v(5, 1)))
    assert g.steps_left == 6
    # a booster won during the encounter adds to this flight
    h = make(4, seed=1)
    to_main(h)
    p = h.current
    # cannons and pods at their maximum: the Research shuttle's upgrade can only be a booster
    h.gain_upgrade(p, 1)
    while h.upgrades[p][1] < 6:
        h.gain_upgrade(p, 1)
    while h.upgrades[p][2] < 5:
        h.gain_upgrade(p, 2)
    _draw_card(h, 5)
    script(h, below=[3, 0])  # yellow + black; the only card left
    h.apply(Shake())
    boosters = h.upgrades[p][0]
    h.apply(EncounterAnswer(2))  # offer 2 cards: +UP
    while h.phase != FLIGHT:
        h.apply(h.legal_actions()[0])
    assert h.upgrades[p][0] == boosters + 1
    assert flight.speed(h, p) == 3 + boosters + 1
    check_invariants(h)


def _draw_card(g, card_id: int) -> None:  # type: ignore[no-untyped-def]
    """Make `card_id` the only card left to draw."""
    g.enc_draw = [0] * 32
    g.enc_draw[card_id - 1] = 1
    g.enc_discard = [1] * 32
    g.enc_discard[card_id - 1] = 0


def test_edge_28_pass_through_but_not_end_on_occupied() -> None:
    """Case 28: pass through occupied points (each step counted), never end there; U-turns
    allowed.
    """
    g = make(4, seed=1)
    solo_ship(g, 0, COLONY_SHIP, v(5, 1), base=4)
    put_ship(g, 1, COLONY_SHIP, v(6, 1))
    g.apply(FlyStep(v(5, 1), v(6, 1)))
    assert g.steps_left == 3
    assert EndMove() not in g.legal_actions()
    assert "occupied" in (g.check(EndMove()) or "")
    g.apply(FlyStep(v(6, 1), v(5, 1)))  # a U-turn
    g.apply(FlyStep(v(5, 1), v(6, 1)))
    assert g.steps_left == 1
    g.apply(FlyStep(v(6, 1), v(7, 1)))
    assert g.steps_left == 0
    g.apply(EndMove())
    assert g.occ_owner[v(7, 1)] == 0 and g.occ_owner[v(6, 1)] == 1
    # with no speed left on an occupied point, no legal end remains: the step was not offered
    h = make(4, seed=1)
    solo_ship(h, 0, COLONY_SHIP, v(5, 1), base=1)
    put_ship(h, 1, COLONY_SHIP, v(6, 1))
    assert FlyStep(v(5, 1), v(6, 1)) not in h.legal_actions()


def test_edge_29_illegal_end_points() -> None:
    """Case 29: another's spaceport site; trade ship on colony site; colony ship on a dock; pods."""
    g = make(4, seed=1)
    # red's spaceport (3,5) has sites (4,5) and (3,6)
    assert not flight.legal_end(g, 0, COLONY_SHIP, 0, -1, v(3, 6))
    assert flight.legal_end(g, 1, COLONY_SHIP, 0, -1, v(3, 6))
    assert not flight.legal_end(g, 0, TRADE_SHIP, 0, -1, v(9, 1))  # colony site of N1
    assert flight.legal_end(g, 0, COLONY_SHIP, 0, -1, v(9, 1))
    assert not flight.legal_end(g, 0, COLONY_SHIP, 0, -1, N6_DOCK)
    g.upgrades[0][2] = 0
    assert not flight.legal_end(g, 0, TRADE_SHIP, 0, -1, N6_DOCK)
    g.upgrades[0][2] = 1
    assert flight.legal_end(g, 0, TRADE_SHIP, 0, -1, N6_DOCK)
    g.stations[GREEN_FOLK] = [0, 2, 2, 1]
    g.upgrades[0][2] = 5
    assert not flight.legal_end(g, 0, TRADE_SHIP, 0, -1, N6_DOCK)  # full with 5
    # through the actions: the trade ship may not stop on the dock without pods
    h = make(4, seed=1)
    solo_ship(h, 0, TRADE_SHIP, v(18, 2), base=3)
    h.upgrades[0][2] = 0
    h.apply(FlyStep(v(18, 2), v(17, 2)))
    h.apply(FlyStep(v(17, 2), v(18, 2)))
    assert FlyStep(v(18, 2), N6_DOCK) not in h.legal_actions()


def test_edge_30_centres() -> None:
    """Case 30: system centres are unreachable; a docking point only from its inner ring."""
    g = make(4, seed=1)
    for s in B.SLOTS:
        if g.slot_kind[s.index] == 1:
            assert g.is_point[s.centre]
            for w in B.NEIGHBOURS[s.centre]:
                assert w in s.inner
        else:
            assert not g.is_point[s.centre]
    solo_ship(g, 0, COLONY_SHIP, v(8, 3), base=3)
    assert FlyStep(v(8, 3), v(9, 2)) not in g.legal_actions()  # no: (8,3) is not a neighbour
    solo_ship(g, 0, COLONY_SHIP, v(8, 2), base=3)
    assert v(9, 2) in B.NEIGHBOURS[v(8, 2)]
    assert g.check(FlyStep(v(8, 2), v(9, 2))) is not None


def test_edge_31_exploration_when_passing() -> None:
    """Case 31: passing a ring vertex reveals the discs once; pirate/ice become tokens; move on."""
    g = make(4, seed=1)
    _only_disc(g, 2, PIRATE4)  # one-star hexagon pool
    solo_ship(g, 0, COLONY_SHIP, v(6, 1), base=4)
    assert all(g.planet_hidden[3 * N1 + j] for j in range(3))
    events = g.apply(FlyStep(v(6, 1), v(7, 1)))
    assert [e.kind for e in events].count("explore") == 1
    assert not any(g.planet_hidden[3 * N1 + j] for j in range(3))
    assert g.planet_disc[3 * N1 + 1] == PIRATE4  # the ore hexagon planet
    discs = list(g.planet_disc)
    events = g.apply(FlyStep(v(7, 1), v(8, 1)))
    assert not any(e.kind == "explore" for e in events)
    assert g.planet_disc == discs
    assert g.steps_left == 2


def test_edge_32_pirate_needs_cannons_ice_needs_pods() -> None:
    """Case 32: pirate 4 falls to 2 cannons + SC-cannon; ice 3 resists 2 pods + Scientists."""
    g = make(4, seed=1)
    _only_disc(g, 2, PIRATE4)
    solo_ship(g, 0, COLONY_SHIP, v(6, 1), base=4)
    g.upgrades[0][1] = 2
    _sci(g, 0, "scientists_cannon")
    g.apply(FlyStep(v(6, 1), v(7, 1)))
    assert g.planet_disc[3 * N1 + 1] == PIRATE4  # explored this step; (7,1) is not its corner
    events = g.apply(FlyStep(v(7, 1), v(8, 1)))
    assert not any(e.kind == "pirate_base_defeated" for e in events)
    events = g.apply(FlyStep(v(8, 1), v(9, 1)))  # a corner of the ore planet's cell
    assert any(e.kind == "pirate_base_defeated" for e in events)
    h = make(4, seed=1)
    _only_disc(h, 2, ICE3)
    solo_ship(h, 0, COLONY_SHIP, v(6, 1), base=4)
    h.upgrades[0][2] = 2
    _sci(h, 0, "scientists_dual")
    _sci(h, 0, "scientists_boost")
    h.apply(FlyStep(v(6, 1), v(7, 1)))
    h.apply(FlyStep(v(7, 1), v(8, 1)))
    events = h.apply(FlyStep(v(8, 1), v(9, 1)))
    assert not any(e.kind == "ice_planet_terraformed" for e in events)
    assert h.planet_disc[3 * N1 + 1] == ICE3


def test_edge_33_after_a_defeat() -> None:
    """Case 33: the medal is 1 permanent VP, a reserve disc goes face up, the sites open up."""
    g = make(4, seed=1)
    _only_disc(g, 2, PIRATE4)
    solo_ship(g, 0, COLONY_SHIP, v(6, 1), base=4)
    g.apply(FlyStep(v(6, 1), v(7, 1)))
    site = v(9, 1)  # between goods and the pirate ore planet
    assert not flight.can_found(g, 0, site)
    g.upgrades[0][1] = 4
    vp = g.vp_of(0)
    g.apply(FlyStep(v(7, 1), v(8, 1)))
    g.apply(FlyStep(v(8, 1), site))
    g.refresh_vp()
    assert g.medals[0] == 1 and g.vp_of(0) == vp + 1
    d = g.planet_disc[3 * N1 + 1]
    assert d in (3, 9, 10, 11) and not g.planet_hidden[3 * N1 + 1]
    assert flight.can_found(g, 0, site)
    g.apply(FoundColony(site))
    assert g.occ_kind[site] == COLONY
    g.half_medals[0] = 0  # medals are never lost: only half medals can go
    assert g.vp_of(0) == g.n_colonies[0] + 2 * g.n_ports[0] + 1


def test_edge_34_no_colony_next_to_pirates() -> None:
    """Case 34: a colony ship may stop next to a pirate base but not found; next flight it
    leaves.
    """
    g = make(4, seed=1)
    _only_disc(g, 2, PIRATE4)
    solo_ship(g, 0, COLONY_SHIP, v(7, 1), base=3)
    g.upgrades[0][1] = 0
    g.apply(FlyStep(v(7, 1), v(8, 1)))
    g.apply(FlyStep(v(8, 1), v(9, 1)))
    assert FoundColony(v(9, 1)) not in g.legal_actions()
    assert "pirate" in (g.check(FoundColony(v(9, 1))) or "")
    g.apply(EndMove())
    g.apply(EndTurn())
    g.current = 0
    g.phase = FLIGHT
    g.base_speed = 3
    assert "may not stay" in (g.check(EndTurn()) or "")
    g.ship_flags[v(9, 1)] |= STUCK
    assert g.check(EndTurn()) is None


def test_edge_35_three_players_two_colonies_per_system() -> None:
    """Case 35: with 3 players a third colony in a planetary system is refused (spaceports
    count).
    """
    g = make(3, seed=1)
    for pi in range(3 * N1, 3 * N1 + 3):
        g.planet_hidden[pi] = 0
        g.planet_disc[pi] = 5
    a, b, c = B.SLOTS[N1].inner
    g.occ_owner[a], g.occ_kind[a] = 1, COLONY
    g.occ_owner[b], g.occ_kind[b] = 2, 2  # a spaceport counts as a colony
    g.system_count[N1] = 2
    g.n_colonies[1] += 1
    g.colonies_left[1] -= 1
    g.n_ports[2] += 1
    g.colonies_left[2] -= 1
    g.rings_left[2] -= 1
    solo_ship(g, 0, COLONY_SHIP, v(11, 2), base=3)
    g.apply(FlyStep(v(11, 2), c))
    assert "at most 2" in (g.check(FoundColony(c)) or "")
    f = make(4, seed=1)
    for pi in range(3 * N1, 3 * N1 + 3):
        f.planet_hidden[pi] = 0
        f.planet_disc[pi] = 5
    f.system_count[N1] = 2
    solo_ship(f, 0, COLONY_SHIP, v(11, 2), base=3)
    f.apply(FlyStep(v(11, 2), c))
    assert f.check(FoundColony(c)) is None


def test_edge_36_parked_colony_ship() -> None:
    """Case 36: a parked colony ship may not end there again unless it founds; STUCK is exempt."""
    g = make(4, seed=1)
    for pi in range(3 * N1, 3 * N1 + 3):
        g.planet_hidden[pi] = 0
        g.planet_disc[pi] = 5
    site = v(10, 2)
    solo_ship(g, 0, COLONY_SHIP, v(11, 2), base=3)
    g.apply(FlyStep(v(11, 2), site))
    g.apply(EndMove())
    g.apply(EndTurn())
    g.current = 0
    g.phase = FLIGHT
    g.base_speed = 3
    assert g.check(EndTurn()) is not None
    g.apply(FlyStep(site, v(11, 2)))
    g.apply(FlyStep(v(11, 2), site))
    assert "parked" in (g.check(EndMove()) or "")
    assert g.check(FoundColony(site)) is None
    g.apply(FlyStep(site, v(11, 2)))
    g.apply(EndMove())
    assert g.check(EndTurn()) is None
    # stuck: it may stay and may still found
    h = make(4, seed=1)
    for pi in range(3 * N1, 3 * N1 + 3):
        h.planet_hidden[pi] = 0
        h.planet_disc[pi] = 5
    solo_ship(h, 0, COLONY_SHIP, site, base=3)
    h.ship_flags[site] = 4 | STUCK
    assert h.check(EndTurn()) is None
    assert h.check(FlyStep(site, v(11, 2))) is not None
    h.apply(FoundColony(site))
    assert h.occ_kind[site] == COLONY


def test_edge_37_trade_station_pods_and_cards() -> None:
    """Case 37: the 1st..5th station need 1..5 pods; the card comes from the remaining ones."""
    g = make(4, seed=1)
    for k in range(5):
        p = k % 4
        solo_ship(g, p, TRADE_SHIP, v(17, 2), base=2)  # the dock would be the end point
        g.upgrades[p][2] = k
        assert g.check(FlyStep(v(17, 2), v(18, 2))) is None
        g.apply(FlyStep(v(17, 2), v(18, 2)))
        assert FlyStep(v(18, 2), N6_DOCK) not in g.legal_actions()
        g.upgrades[p][2] = k + 1
        g.apply(FlyStep(v(18, 2), N6_DOCK))
        g.apply(EndMove())
        assert g.phase == FRIENDSHIP
        offered = [a.card for a in g.legal_actions()]
        remaining = [n for n, i in CARD_INDEX.items() if CARD_CIV[i] == GREEN_FOLK and g.fstack[i]]
        assert sorted(offered) == sorted(remaining)
        g.apply(TakeFriendship(offered[0]))
        assert g.phase == FLIGHT
        g.apply(EndTurn())
    assert sum(g.stations[GREEN_FOLK]) == 5
    assert not any(g.fstack[i] for i in range(17) if CARD_CIV[i] == GREEN_FOLK)
    solo_ship(g, 1, TRADE_SHIP, v(18, 2), base=1)
    g.upgrades[1][2] = 5
    assert g.check(FlyStep(v(18, 2), N6_DOCK)) is not None  # a full outpost takes no 6th
    assert sum(g.stations_left) + sum(sum(g.stations[c]) for c in range(4)) == 28 - 1


def test_edge_38_friendship_marker_majority() -> None:
    """Case 38: the first station takes the marker; a tie keeps it; strictly more moves it."""
    g = make(4, seed=1)

    def station(p: int) -> None:
        solo_ship(g, p, TRADE_SHIP, v(18, 2), base=3)
        g.upgrades[p][2] = 5
        g.apply(FlyStep(v(18, 2), N6_DOCK))
        g.apply(EndMove())
        if g.phase == FRIENDSHIP:
            g.apply(g.legal_actions()[0])
        g.apply(EndTurn())
        g.refresh_vp()

    base = [g.vp_of(p) for p in range(4)]
    station(1)
    assert g.marker[GREEN_FOLK] == 1 and g.vp_of(1) == base[1] + 2
    station(2)
    assert g.marker[GREEN_FOLK] == 1
    station(2)
    assert g.marker[GREEN_FOLK] == 2
    assert g.vp_of(1) == base[1] and g.vp_of(2) == base[2] + 2


def test_edge_49_step_validation() -> None:
    """Case 49: with 1 speed left a trade ship is not offered a colony site; with 2 only if a legal
    end is near.
    """
    g = make(4, seed=1)
    solo_ship(g, 0, TRADE_SHIP, v(11, 2), base=1)
    assert g.slot_kind[N1] == PLANETARY
    assert FlyStep(v(11, 2), v(10, 2)) not in g.legal_actions()
    h = make(4, seed=1)
    solo_ship(h, 0, TRADE_SHIP, v(11, 2), base=2)
    # (10,2) is a colony site; from there (11,2), the point it came from, is one step away
    assert FlyStep(v(11, 2), v(10, 2)) in h.legal_actions()
    h.apply(FlyStep(v(11, 2), v(10, 2)))
    steps = [a for a in h.legal_actions() if isinstance(a, FlyStep)]
    assert steps and all(flight.legal_end(h, 0, TRADE_SHIP, 0, v(11, 2), a.to) for a in steps)
    assert MAIN != FLIGHT
