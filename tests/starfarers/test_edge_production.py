"""Edge cases 8-18 of rules/starfarers.md §11: production, the 7 and the reserve pile."""

from __future__ import annotations

from engine.rulesets.starfarers import production
from engine.rulesets.starfarers.constants import DISCARD, MAIN, PRE_ROLL, RELIEF, STEAL
from engine.rulesets.starfarers.friendship import CARD_INDEX
from engine.rulesets.starfarers.layouts import D_3_12, ICE3, ORE, PIRATE4
from engine.shared.actions import Discard, Steal

from .helpers import check_invariants, clear_hands, give, make, roll, v


def _silence_homes(g) -> None:  # type: ignore[no-untyped-def]
    """No home planet produces, and the starting hands go back so the supply can pay."""
    clear_hands(g)
    for pi in range(12):
        g.planet_disc[pi] = 0


def _by_seat(event, seats: int = 4) -> list[dict[str, int]]:  # type: ignore[no-untyped-def]
    """A production event's gains as one entry per seat (empty for seats paid nothing)."""
    gains = event.data["gains"]
    return [gains.get(str(p), {}) for p in range(seats)]


def _paid(events) -> list[dict[str, int]]:  # type: ignore[no-untyped-def]
    return _by_seat(next(e for e in events if e.kind == "production"))


def test_edge_08_two_planets_and_spaceport_yield() -> None:
    """Case 8: a site between two producing planets gains 2; a spaceport gains like a colony."""
    g = make(4, seed=1)
    _silence_homes(g)
    g.planet_disc[0] = 8  # H1 fuel
    g.planet_disc[1] = 8  # H1 carbon
    paid = _paid(roll(g, 4, 4))
    assert paid[0] == {"fuel": 1, "carbon": 1}  # yellow's spaceport (3,1): 1 per planet, not 2
    assert paid[1] == {"carbon": 1}  # red's colony (2,0) food/carbon
    assert paid[2] == {"fuel": 1}  # white's colony (1,1) fuel/food


def test_edge_09_double_disc() -> None:
    """Case 9: a 3/12 disc produces on 3 and on 12."""
    g = make(4, seed=1)
    _silence_homes(g)
    g.planet_disc[4] = D_3_12  # H2 goods
    assert _paid(roll(g, 1, 2))[1] == {"goods": 1}
    g.phase = PRE_ROLL
    assert _paid(roll(g, 6, 6))[1] == {"goods": 1}


def test_edge_10_hidden_pirate_ice_never_produce() -> None:
    """Case 10: face-down discs, pirate bases and ice planets never produce."""
    g = make(4, seed=1)
    _silence_homes(g)
    # yellow founds a colony in N1 between planets with hidden discs
    site = v(9, 1)
    g.occ_owner[site], g.occ_kind[site] = 0, 1
    a, b = 3 * 4 + 1, 3 * 4 + 2
    for r in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12):
        assert _by_seat(production.produce(g, r)[0])[0] == {}
        g.phase = MAIN
    g.planet_hidden[a] = g.planet_hidden[b] = 0
    g.planet_disc[a], g.planet_disc[b] = PIRATE4, ICE3
    for r in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12):
        assert _by_seat(production.produce(g, r)[0])[0] == {}
        g.phase = MAIN


def test_edge_11_shortage() -> None:
    """Case 11: two owed ore, 1 in supply: nobody; one owed 2 with 1 left: gets 1."""
    g = make(4, seed=1)
    _silence_homes(g)
    g.planet_disc[5] = 8  # H2 ore: blue (1,5) and white (2,4)
    g.reserve[ORE] += g.supply[ORE] - 1
    g.supply[ORE] = 1
    paid = _paid(roll(g, 4, 4))
    assert paid[2] == {} and paid[3] == {}
    g2 = make(4, seed=1)
    _silence_homes(g2)
    g2.planet_disc[5] = 8
    g2.occ_owner[v(1, 5)] = 2  # white owns both ore buildings
    g2.reserve[ORE] += g2.supply[ORE] - 1
    g2.supply[ORE] = 1
    assert _paid(roll(g2, 4, 4))[2] == {"ore": 1}


def test_a_shortage_is_told_with_what_was_owed() -> None:
    """The production event names each resource the supply could not pay in full."""
    g = make(4, seed=1)
    _silence_homes(g)
    g.planet_disc[5] = 8  # H2 ore: blue and white are owed 1 each
    g.reserve[ORE] += g.supply[ORE] - 1
    g.supply[ORE] = 1
    event = next(e for e in roll(g, 4, 4) if e.kind == "production")
    assert event.data["short"] == [{"resource": "ore", "supply": 1, "owed": 2}]
    g2 = make(4, seed=1)
    _silence_homes(g2)
    g2.planet_disc[5] = 8
    event = next(e for e in roll(g2, 4, 4) if e.kind == "production")
    assert event.data["short"] == []  # the supply paid everyone


def test_edge_12_green_folk_once_per_roll() -> None:
    """Case 12: Green Folk ore with two producing ore buildings gives +1, not +2."""
    g = make(4, seed=1)
    _silence_homes(g)
    g.planet_disc[5] = 8
    g.occ_owner[v(1, 5)] = 2
    g.fstack[CARD_INDEX["green_folk_ore"]] -= 1
    g.fheld[2][CARD_INDEX["green_folk_ore"]] += 1
    assert _paid(roll(g, 4, 4))[2] == {"ore": 3}


def test_edge_13_seven_discards() -> None:
    """Case 13: hands 7/8/9/13 discard 0/4/4/6; with DP-tribute 12 -> 0, 13 -> 6."""
    g = make(4, seed=1)
    clear_hands(g)
    for p, size in enumerate((7, 8, 9, 13)):
        give(g, p, ore=size)
    roll(g, 3, 4)
    assert g.phase == DISCARD
    assert g.discard_owed == [0, 4, 4, 6]
    t = make(4, seed=1)
    clear_hands(t)
    k = CARD_INDEX["diplomats_tribute"]
    t.fstack[k] -= 1
    t.fheld[1][k] += 1
    t.fheld[2][k] += 1
    t.fstack[k] -= 1  # a second copy only for the test (both seats hold the protection)
    give(t, 1, ore=12)
    give(t, 2, fuel=13)
    roll(t, 3, 4)
    assert t.discard_owed == [0, 0, 6, 0]
    t.fstack[k] += 1
    t.fheld[1][k] -= 1
    while t.phase == DISCARD:
        t.apply(Discard("fuel"))
    assert sum(t.hands[2]) == 7


def test_edge_14_steal_needs_cards() -> None:
    """Case 14: the active player cannot pick an empty opponent; all empty: no steal."""
    g = make(4, seed=1)
    clear_hands(g)
    give(g, 2, ore=1)
    roll(g, 3, 4)
    assert g.phase == STEAL
    assert [a.victim for a in g.legal_actions()] == [2]
    assert g.check(Steal(1)) is not None
    g.apply(Steal(2))
    assert g.hands[0][ORE] == 1
    e = make(4, seed=1)
    clear_hands(e)
    events = roll(e, 3, 4)
    assert e.phase == MAIN
    assert not any(ev.kind == "steal" for ev in events)


def test_edge_15_seven_reserve_draws_order() -> None:
    """Case 15: on a 7 the others draw 1 reserve card from the left neighbour on; then the
    active.
    """
    g = make(4, seed=1)
    clear_hands(g)
    g.current = 1
    events = roll(g, 3, 4)
    draws = [(e.data["seat"], e.data["count"]) for e in events if e.kind == "reserve_draw"]
    assert draws == [(2, 1), (3, 1), (0, 1), (1, 2)]
    assert g.phase == MAIN
    check_invariants(g)


def test_edge_16_reserve_rebuilt_mid_draw() -> None:
    """Case 16: the reserve runs out mid-draw, is rebuilt (8 per type, fewer if short); empty:
    none.
    """
    g = make(4, seed=1)
    g.current = 0
    # one ore left in the reserve, the rest in the supply; the supply is short of ore (3)
    for r in range(5):
        g.supply[r] += g.reserve[r]
        g.reserve[r] = 0
    g.supply[ORE] -= 1
    g.reserve[ORE] = 1
    g.supply[ORE] -= 4
    g.hands[2][ORE] += 4
    assert g.supply == [3, 8, 8, 8, 8]
    before = sum(g.hands[0])
    production.active_draw(g)
    assert sum(g.hands[0]) == before + 2
    assert g.supply == [0, 0, 0, 0, 0]
    assert sum(g.reserve) == 3 + 8 * 4 - 1
    check_invariants(g)
    # an empty supply and reserve yield nothing
    e = make(4, seed=1)
    for r in range(5):
        e.hands[3][r] += e.supply[r] + e.reserve[r]
        e.supply[r] = e.reserve[r] = 0
    assert production.draw_reserve(e, 0) == -1


def test_edge_17_reserve_draw_by_vp() -> None:
    """Case 17: 7 VP -> 2 cards, 8 -> 1, 9 -> 1, 10 -> 0."""
    assert [production.reserve_draw_count(x) for x in (4, 7, 8, 9, 10, 14)] == [2, 2, 1, 1, 0, 0]
    g = make(4, seed=1)
    g.hm_stock -= 12
    g.half_medals[g.current] += 12  # 4 + 6 = 10 VP
    g.refresh_vp()
    events = roll(g, 1, 1)
    assert next(e for e in events if e.kind == "reserve_draw").data["count"] == 0


def test_edge_18_relief_on_other_turns_not_on_seven() -> None:
    """Case 18: DP-relief triggers on another player's roll when its holder got nothing; not on
    7.
    """
    g = make(4, seed=1)
    _silence_homes(g)
    k = CARD_INDEX["diplomats_relief"]
    g.fstack[k] -= 1
    g.fheld[2][k] += 1
    roll(g, 4, 4)
    assert g.phase == RELIEF and g.to_act == 2
    before = sum(g.hands[2])
    g.apply(g.legal_actions()[0])
    assert sum(g.hands[2]) == before + 1 and g.phase == MAIN
    s = make(4, seed=1)
    s.fstack[k] -= 1
    s.fheld[2][k] += 1
    clear_hands(s)
    roll(s, 3, 4)
    assert s.phase == MAIN and sum(s.hands[2]) == 1  # only the 7's reserve card
