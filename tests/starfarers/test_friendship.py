"""The friendship cards wired into their rules (rules/starfarers.md §7), seed 1 throughout."""

from __future__ import annotations

from engine.rulesets.starfarers import flight
from engine.rulesets.starfarers.actions import BuyFame
from engine.rulesets.starfarers.constants import FLIGHT, MAIN, STEAL
from engine.rulesets.starfarers.friendship import CARD_INDEX
from engine.rulesets.starfarers.layouts import GOODS, ORE
from engine.shared.actions import EndTurn, Steal

from .helpers import clear_hands, give, make, roll, to_main, v


def _hold(g, p: int, name: str) -> None:  # type: ignore[no-untyped-def]
    k = CARD_INDEX[name]
    g.fstack[k] -= 1
    g.fheld[p][k] += 1


def test_helping_hand_steals_from_a_leader() -> None:
    """DP-helping-hand: after production, take a random card from an opponent with more VP."""
    g = make(4, seed=1)
    p = g.current
    leader = (p + 2) % 4
    _hold(g, p, "diplomats_helping_hand")
    g.hm_stock -= 4
    g.half_medals[leader] += 4
    g.refresh_vp()
    roll(g, 1, 1)
    assert g.phase == STEAL and g.steal_candidates == [leader]
    before = sum(g.hands[leader])
    g.apply(Steal(leader))
    assert sum(g.hands[leader]) == before - 1 and g.phase == MAIN


def test_fame_for_sale_once_per_turn() -> None:
    """DP-fame: 2 goods for a half medal, once per turn even with both cards."""
    g = make(4, seed=1)
    to_main(g)
    p = g.current
    _hold(g, p, "diplomats_fame")
    _hold(g, p, "diplomats_fame")
    give(g, p, goods=4)
    hm = g.half_medals[p]
    g.apply(BuyFame())
    assert g.half_medals[p] == hm + 1
    assert g.check(BuyFame()) == "fame can be bought once per turn"


def test_green_folk_bonus_counts_in_the_shortage() -> None:
    """GF bonus cards are owed like production, so they count in the shortage rule."""
    g = make(4, seed=1)
    clear_hands(g)
    for pi in range(12):
        g.planet_disc[pi] = 0
    g.planet_disc[5] = 8  # H2 ore: blue (1,5) and white (2,4)
    g.occ_owner[v(1, 5)] = 2
    _hold(g, 2, "green_folk_ore")
    g.reserve[ORE] += g.supply[ORE] - 2
    g.supply[ORE] = 2  # white is owed 3 (2 + bonus): only 2 left, white is the only claimant
    roll(g, 4, 4)
    assert g.hands[2][ORE] == 2


def test_scientists_add_speed_and_combat() -> None:
    """SC-dual adds 1 speed and 1 combat; SC-boost 2 speed; SC-cannon 2 combat."""
    g = make(4, seed=1)
    g.base_speed = 3
    base_speed = flight.speed(g, 0)
    base_combat = flight.combat(g, 0)
    _hold(g, 0, "scientists_dual")
    _hold(g, 0, "scientists_boost")
    _hold(g, 0, "scientists_cannon")
    assert flight.speed(g, 0) == base_speed + 3
    assert flight.combat(g, 0) == base_combat + 3
    assert g.upgrades[0][1] == base_combat  # not physical upgrades


def test_merchant_goods_rate_resets_each_turn() -> None:
    """MC-goods: 1 goods for 1 card once per turn; the next turn it is available again."""
    g = make(4, seed=1)
    to_main(g)
    p = g.current
    _hold(g, p, "merchants_goods")
    assert g.rate(p, GOODS) == 1
    g.merchant_goods_used = True
    assert g.rate(p, GOODS) == 2
    g.phase = FLIGHT
    g.apply(EndTurn())
    assert not g.merchant_goods_used
