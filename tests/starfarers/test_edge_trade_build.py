"""Edge cases 19-24 of rules/starfarers.md §11: trading, building, victory timing."""

from __future__ import annotations

from engine.rulesets.starfarers import board as B
from engine.rulesets.starfarers.actions import BuildShip, BuildSpaceport, BuildUpgrade, Shake
from engine.rulesets.starfarers.constants import (
    COLONY_SHIP,
    FLIGHT,
    GAME_OVER,
    PARKED,
    SPACEPORT,
)
from engine.rulesets.starfarers.friendship import CARD_INDEX
from engine.rulesets.starfarers.layouts import GOODS
from engine.shared.actions import (
    AcceptTrade,
    DeclineTrade,
    EndTurn,
    MaritimeTrade,
    OfferTrade,
)

from .helpers import clear_hands, clear_ships, give, make, put_ship, script, to_main, v


def test_edge_19_only_the_active_player_trades() -> None:
    """Case 19: non-active players never trade with each other or the supply; no gifts or like-for-
    like.
    """
    g = make(4, seed=1)
    to_main(g)
    a = g.current
    assert g.check(OfferTrade((("ore", 1),), ())) is not None  # a gift
    assert g.check(OfferTrade((("ore", 1),), (("ore", 1),))) is not None  # like for like
    g.apply(OfferTrade((("ore", 1),), (("fuel", 1),)))
    responder = g.to_act
    assert responder != a
    # the responder can only answer: no supply trade, no offer of its own
    assert g.check(MaritimeTrade("ore", "fuel")) is not None
    assert g.check(OfferTrade((("carbon", 1),), (("food", 1),))) is not None
    assert {type(x) for x in g.legal_actions()} <= {AcceptTrade, DeclineTrade}
    while g.to_act != a:
        g.apply(DeclineTrade())
    assert g.to_act == a


def test_edge_20_supply_rates() -> None:
    """Case 20: 3:1 identical, goods 2:1, Merchant X 2:1, Merchant goods 1:1 once per turn."""
    g = make(4, seed=1)
    to_main(g)
    p = g.current
    clear_hands(g)
    give(g, p, ore=2, goods=3, fuel=2)
    rates = g.view(p)["players"][p]["rates"]  # what the trade panel shows
    assert rates == {"ore": 3, "fuel": 3, "carbon": 3, "food": 3, "goods": 2}
    assert g.check(MaritimeTrade("ore", "fuel")) is not None  # 2 ore is not enough
    assert g.check(MaritimeTrade("fuel", "fuel")) is not None
    g.apply(MaritimeTrade("goods", "ore"))
    assert g.hands[p][GOODS] == 1 and g.hands[p][0] == 3
    g.apply(MaritimeTrade("ore", "carbon"))
    assert g.hands[p][0] == 0
    k = CARD_INDEX["merchants_fuel"]
    g.fstack[k] -= 1
    g.fheld[p][k] += 1
    assert g.view((p + 1) % 4)["players"][p]["rates"]["fuel"] == 2  # public to everyone
    g.apply(MaritimeTrade("fuel", "food"))
    assert g.hands[p][1] == 0
    mg = CARD_INDEX["merchants_goods"]
    g.fstack[mg] -= 1
    g.fheld[p][mg] += 1
    assert g.view(p)["players"][p]["rates"]["goods"] == 1
    g.apply(MaritimeTrade("goods", "ore"))  # 1:1 once
    assert g.hands[p][GOODS] == 0
    give(g, p, goods=1)
    assert g.check(MaritimeTrade("goods", "ore")) is not None  # now 2:1 again
    assert g.view(p)["players"][p]["rates"]["goods"] == 2
    assert g.view(p)["offers_this_turn"] == 0 and g.view(p)["trade_limit"] == 3


def test_edge_21_ship_build_limits() -> None:
    """Case 21: no ship without a free own spaceport site, a transport ship, or the piece."""
    g = make(4, seed=1)
    to_main(g)
    p = g.current
    give(g, p, ore=4, fuel=4, carbon=4, food=4, goods=8)
    port = next(s for s in B.HOME_SITES if g.occ_owner[s] == p and g.occ_kind[s] == SPACEPORT)
    a, b = B.PORT_SITES[port]
    free = a if g.occ_kind[a] == 0 else b
    assert g.check(BuildShip("colony", free)) is None
    # both sites occupied
    put_ship(g, p, COLONY_SHIP, free)
    assert g.check(BuildShip("colony", free)) is not None
    assert not [x for x in g.legal_actions() if isinstance(x, BuildShip)]
    # no transport ship left
    h = make(4, seed=1)
    to_main(h)
    q = h.current
    give(h, q, ore=4, fuel=4, carbon=4, food=4, goods=8)
    h.transports_left[q] = 0
    assert not [x for x in h.legal_actions() if isinstance(x, BuildShip)]
    h.transports_left[q] = 2
    h.colonies_left[q] = 0
    assert {x.kind for x in h.legal_actions() if isinstance(x, BuildShip)} == {"trade"}
    h.stations_left[q] = 0
    assert not [x for x in h.legal_actions() if isinstance(x, BuildShip)]


def test_edge_22_piece_and_upgrade_maximums() -> None:
    """Case 22: no 4th spaceport; no 7th cannon or booster, no 6th pod."""
    g = make(4, seed=1)
    to_main(g)
    p = g.current
    give(g, p, carbon=20, food=10, fuel=16, ore=14)
    g.rings_left[p] = 0
    colony = next(s for s in B.HOME_SITES if g.occ_owner[s] == p and g.occ_kind[s] == 1)
    assert "shipyard ring" in (g.check(BuildSpaceport(colony)) or "")
    g.upgrades[p] = [6, 6, 5]
    g.upgrade_stock = [18, 18, 15]
    for kind in ("booster", "cannon", "pod"):
        assert "at most" in (g.check(BuildUpgrade(kind)) or "")
    # the shared stock covers four players at their maximums, so it never runs out first
    assert (24, 24, 20) >= (4 * 6, 4 * 6, 4 * 5)


def test_edge_23_spaceport_next_to_parked_enemy() -> None:
    """Case 23: a spaceport next to a parked enemy ship is legal; the ship must leave next
    flight.
    """
    g = make(4, seed=1)
    g.current = 0
    to_main(g)
    # red's colony (2,0) has spaceport sites (1,0) and (3,0); park yellow's ship on (1,0)
    clear_ships(g, 0)
    put_ship(g, 0, COLONY_SHIP, v(1, 0))
    g.current = 1
    give(g, 1, carbon=3, food=2)
    assert g.check(BuildSpaceport(v(2, 0))) is None
    g.apply(BuildSpaceport(v(2, 0)))
    g.current = 0
    g.phase = FLIGHT
    g.base_speed = 3
    problem = g.check(EndTurn())
    assert problem is not None and "may not stay" in problem
    g.ship_flags[v(1, 0)] |= PARKED  # irrelevant to the rule: still must leave
    assert g.check(EndTurn()) is not None


def test_edge_24_victory_timing_in_trade_and_build() -> None:
    """Case 24: default, 15 VP in trade & build waits for the turn's end; immediate ends at once."""
    for immediate in (False, True):
        opts = {"victory_check": "immediate"} if immediate else {}
        g = make(4, seed=1, **opts)
        to_main(g)
        p = g.current
        g.hm_stock -= 19
        g.half_medals[p] += 19  # 20 half medals: 4 + 10 = 14 VP
        give(g, p, carbon=3, food=2)
        colony = next(s for s in B.HOME_SITES if g.occ_owner[s] == p and g.occ_kind[s] == 1)
        g.apply(BuildSpaceport(colony))
        if immediate:
            assert g.phase == GAME_OVER and g.winner == p
            continue
        assert g.winner is None and g.vp[p] == 15
        # the flight phase is still played (case 47 drops below 15 through a real encounter)
        script(g, below=[0])  # yellow + yellow: no encounter
        g.apply(Shake())
        assert g.phase == FLIGHT
        g.change_half_medals(p, -1)
        g.refresh_vp()
        assert g.vp[p] == 14
        g.apply(EndTurn())
        assert g.winner is None and g.current != p
