"""Edge cases 39-48 of rules/starfarers.md §11: encounters and victory timing."""

from __future__ import annotations

from engine.rulesets.starfarers import board as B
from engine.rulesets.starfarers.actions import (
    BuildSpaceport,
    ChooseShip,
    EncounterAnswer,
    Jump,
    RemoveUpgrade,
    Shake,
    TakeResource,
)
from engine.rulesets.starfarers.constants import (
    COLONY_SHIP,
    ENC_CHOICE,
    ENCOUNTER,
    FLIGHT,
    GAME_OVER,
    MAIN,
    PRE_ROLL,
    STUCK,
)
from engine.rulesets.starfarers.encounters import NEED_RETURN, NEED_TAKE
from engine.rulesets.starfarers.friendship import CARD_INDEX
from engine.rulesets.starfarers.game import StarfarersGame
from engine.rulesets.starfarers.layouts import GREEN_FOLK
from engine.shared.actions import Discard, EndTurn

from .helpers import check_invariants, clear_hands, give, make, put_ship, roll, script, to_main, v

BLACK_PAIR = 3  # yellow + black


def _deck(g: StarfarersGame, *card_ids: int) -> None:
    """Only these cards remain to be drawn; the rest are in the discard pile."""
    g.enc_draw = [0] * 32
    g.enc_discard = [1] * 32
    for c in card_ids:
        g.enc_draw[c - 1] = 1
        g.enc_discard[c - 1] = 0


def _encounter(g: StarfarersGame, card_id: int, shakes: list[int] | None = None) -> int:
    """Bring the active player to `card_id`'s question; `shakes` scripts later ball draws."""
    if g.phase != MAIN:
        to_main(g)
    _deck(g, card_id)
    script(g, below=[BLACK_PAIR, 0, *(shakes or [])])
    g.apply(Shake())
    assert g.enc_card == card_id - 1
    return g.current


def test_edge_39_offer_limits_and_cards_leave_first() -> None:
    """Case 39: OFFER is at most min(3, hand); the offered cards leave before the outcome."""
    g = make(4, seed=1)
    to_main(g)
    p = g.current
    clear_hands(g)
    give(g, p, ore=1, fuel=1)
    _encounter(g, 1)
    assert g.phase == ENCOUNTER
    assert [a.answer for a in g.legal_actions()] == [0, 1, 2]
    assert g.check(EncounterAnswer(3)) is not None
    g.apply(EncounterAnswer(2))
    assert g.phase == ENC_CHOICE and g.enc_need == NEED_RETURN
    assert g.enc_queue == [("R", 3)]  # the outcome waits for the cards
    g.apply(Discard("ore"))
    g.apply(Discard("fuel"))
    assert sum(g.hands[p]) == 0 and g.enc_need == NEED_TAKE
    for _ in range(3):
        g.apply(TakeResource("food"))
    assert g.hands[p][3] == 3 and g.phase == FLIGHT


def test_edge_40_pay_switches_branch_lose_takes_what_exists() -> None:
    """Case 40: PAY n with fewer than n cards takes the NO branch; LOSE n takes what exists."""
    g = make(4, seed=1)
    to_main(g)
    p = g.current
    clear_hands(g)
    give(g, p, ore=1)
    _encounter(g, 16)  # Stolen engines: PAY 2
    events = g.apply(EncounterAnswer(1))
    assert any(e.kind == "encounter_cannot_pay" for e in events)
    assert g.phase == FLIGHT and g.hands[p][0] == 1
    h = make(4, seed=1)
    to_main(h)
    q = h.current
    clear_hands(h)
    give(h, q, ore=1)
    _encounter(h, 8)  # Drifting trader: LOSE 2, STUCK
    h.apply(EncounterAnswer(1))
    assert h.enc_count == 1
    h.apply(Discard("ore"))
    assert sum(h.hands[q]) == 0
    assert any(h.ship_flags[s] & STUCK for s in h.ships[q])


def test_edge_41_contest_ties_and_scientists() -> None:
    """Case 41: a tie goes to the active player; the opponent's Scientists never count, the
    active's do.
    """
    # A: yellow+blue (3); O: yellow+red (5); no cannons: A loses without help
    for a_sci, o_sci, expect in ((0, 0, False), (0, 1, False), (1, 0, True), (1, 1, True)):
        g = make(4, seed=1)
        to_main(g)
        p = g.current
        o = (p + 1) % 4
        g.upgrades[p][1] = g.upgrades[o][1] = 0
        k = CARD_INDEX["scientists_cannon"]
        if a_sci:
            g.fstack[k] -= 1
            g.fheld[p][k] += 1
        if o_sci:
            g.fheld[o][k] += 1
            g.fstack[k] -= 1
        _encounter(g, 19, shakes=[2, 1])  # Liner under attack: CONTEST(combat, +1)
        events = g.apply(EncounterAnswer(1))
        contest = next(e for e in events if e.kind == "contest")
        assert contest.data["opponent"] == o
        assert contest.data["won"] is expect
        if expect:
            assert contest.data["total"] == contest.data["opponent_total"] == 5


def test_edge_42_half_medal_losses() -> None:
    """Case 42: 1 -> 0 keeps VP; 2 -> 1 costs a VP; 0 stays 0."""
    for start, after, vp_change in ((1, 0, 0), (2, 1, -1), (0, 0, 0)):
        g = make(4, seed=1)
        to_main(g)
        p = g.current
        g.hm_stock += g.half_medals[p] - start
        g.half_medals[p] = start
        g.refresh_vp()
        vp = g.vp[p]
        _encounter(g, 19)  # answer no: HM -1
        g.apply(EncounterAnswer(0))
        assert g.half_medals[p] == after
        assert g.vp[p] == vp + vp_change
        check_invariants(g)


def test_edge_43_trade_ship_tokens() -> None:
    """Case 43: no free site -> a token, placed free at the first chance; no token left -> lost."""
    g = make(4, seed=1)
    to_main(g)
    p = g.current
    g.transports_left[p] = 0  # pretend all transport ships are out (restored below)
    _encounter(g, 2)
    clear = sum(g.hands[p])
    assert clear >= 3
    g.apply(EncounterAnswer(3))
    for _ in range(3):
        g.apply(g.legal_actions()[0])
    assert g.trade_tokens[p] == 1 and g.tokens_left == 5
    g.transports_left[p] = 2
    g.apply(EndTurn())
    while g.current != p:
        g.current = p
        g.phase = PRE_ROLL
    events = roll(g, 1, 1)
    while g.phase != MAIN:
        events += g.apply(g.legal_actions()[0])
    assert any(e.kind == "free_trade_ship" for e in events)
    assert g.trade_tokens[p] == 0 and g.tokens_left == 6
    h = make(4, seed=1)
    to_main(h)
    q = h.current
    h.transports_left[q] = 0
    h.tokens_left = 0
    h.trade_tokens[(q + 1) % 4] = 6
    _encounter(h, 2)
    h.apply(EncounterAnswer(3))
    events = []
    for _ in range(3):
        events += h.apply(h.legal_actions()[0])
    assert any(e.kind == "trade_ship_lost" for e in events)


def test_edge_44_jump_rules() -> None:
    """Case 44: a jump lands on an empty legal end; triggers only there; a stuck ship cannot
    jump.
    """
    g = make(4, seed=1)
    to_main(g)
    p = g.current
    port = next(s for s in B.HOME_SITES if g.occ_owner[s] == p and g.occ_kind[s] == 2)
    ship = g.ships[p][0]
    _encounter(g, 27, shakes=[1, 8])  # wormhole: speed contest 5+ vs 3+: win -> JUMP
    g.apply(EncounterAnswer(1))
    assert g.jump_ready and g.phase == FLIGHT
    jumps = [a for a in g.legal_actions() if isinstance(a, Jump)]
    assert jumps and all(a.ship == ship for a in jumps)
    assert all(g.occ_kind[a.to] == 0 and g.is_point[a.to] for a in jumps)
    assert g.check(Jump(ship, port)) is not None  # occupied
    enemy_site = B.PORT_SITES[
        next(s for s in B.HOME_SITES if g.occ_kind[s] == 2 and g.occ_owner[s] != p)
    ][0]
    if g.occ_kind[enemy_site] == 0:
        assert g.check(Jump(ship, enemy_site)) is not None
    target = v(9, 1)  # a colony site of N1, far away: explored on arrival
    hidden_before = [g.planet_hidden[pi] for pi in range(12, 57)]
    g.apply(Jump(ship, target))
    assert g.occ_kind[target] == COLONY_SHIP and not g.jump_ready
    changed = [pi for pi in range(12, 57) if g.planet_hidden[pi] != hidden_before[pi - 12]]
    assert changed == [12, 13, 14]  # only N1, the destination's system
    h = make(4, seed=1)
    to_main(h)
    q = h.current
    s2 = next(
        x
        for x in B.PORT_SITES[
            next(s for s in B.HOME_SITES if h.occ_owner[s] == q and h.occ_kind[s] == 2)
        ]
        if h.occ_kind[x] == 0
    )
    put_ship(h, q, COLONY_SHIP, s2)
    _encounter(h, 21, shakes=[1, 8])  # wins JUMP, HM +1 (combat contest)
    h.upgrades[q][1] = 6
    h.apply(EncounterAnswer(1))
    assert h.jump_ready
    for sh in h.ships[q]:
        h.ship_flags[sh] |= STUCK
    assert not [a for a in h.legal_actions() if isinstance(a, Jump)]
    assert "immobilised" in (h.check(Jump(h.ships[q][0], v(9, 1))) or "")


def test_edge_45_wear_and_tear_chain() -> None:
    """Case 45: wear and tear hits everyone, only physical upgrades, stations stay; it chains."""
    g = make(4, seed=1)
    to_main(g)
    p = g.current
    o = (p + 2) % 4
    for seat, ups in ((p, [3, 3, 1]), (o, [4, 3, 0])):
        for k in range(3):
            g.upgrade_stock[k] += g.upgrades[seat][k] - ups[k]
            g.upgrades[seat][k] = ups[k]
    g.stations[GREEN_FOLK][o] = 1
    g.stations_left[o] -= 1
    g.marker[GREEN_FOLK] = o
    sc = CARD_INDEX["scientists_dual"]
    g.fstack[sc] -= 1
    g.fheld[o][sc] += 1
    _deck(g, 3, 31, 32)
    script(g, below=[BLACK_PAIR, 2, 1, 0])  # draws: card 32, then 31, then 3
    g.apply(Shake())
    assert g.enc_card == 31  # micrometeorites: >= 5 upgrades lose one, the active player first
    assert g.to_act == p
    g.apply(RemoveUpgrade("pod"))
    assert g.to_act == o
    g.apply(RemoveUpgrade("booster"))
    # chained to the ion storm (>= 7): now nobody qualifies; then to card 3
    assert g.enc_discard[31] == 1 and g.enc_discard[30] == 1
    assert g.enc_card == 2 and g.phase == ENCOUNTER
    assert g.upgrades[p] == [3, 3, 0] and g.upgrades[o] == [3, 3, 0]
    assert g.stations[GREEN_FOLK][o] == 1 and g.fheld[o][sc] == 1
    check_invariants(g)
    # a second wear card in the chain is resolved too
    h = make(4, seed=1)
    to_main(h)
    q = h.current
    for k, n in enumerate((4, 3, 0)):
        h.upgrade_stock[k] += h.upgrades[q][k] - n
        h.upgrades[q][k] = n
    _deck(h, 3, 31, 32)
    script(h, below=[BLACK_PAIR, 1, 1, 0])  # 31 then 32 then 3
    h.apply(Shake())
    assert h.enc_card == 30 and h.to_act == q  # ion storm: 7 upgrades lose one
    h.apply(RemoveUpgrade("booster"))
    assert h.enc_card == 31 and h.to_act == q  # micrometeorites: still 6 >= 5
    h.apply(RemoveUpgrade("cannon"))
    assert h.upgrades[q] == [3, 2, 0] and h.enc_card == 2 and h.phase == ENCOUNTER


def test_edge_46_deck_reshuffle() -> None:
    """Case 46: an empty encounter deck is formed again from the discard pile."""
    g = make(4, seed=1)
    to_main(g)
    g.enc_draw = [0] * 32
    g.enc_discard = [1] * 32
    script(g, below=[BLACK_PAIR])
    g.apply(Shake())
    assert sum(g.enc_draw) + sum(g.enc_discard) + (g.enc_card >= 0) == 32
    assert sum(g.enc_draw) >= 30


def _at_14_with_colony(g: StarfarersGame) -> int:
    to_main(g)
    p = g.current
    g.hm_stock -= 19
    g.half_medals[p] += 19  # 20 half medals: 4 + 10 = 14 VP
    give(g, p, carbon=3, food=2)
    colony = next(s for s in B.HOME_SITES if g.occ_owner[s] == p and g.occ_kind[s] == 1)
    g.apply(BuildSpaceport(colony))
    return p


def test_edge_47_drop_below_fifteen_in_the_encounter() -> None:
    """Case 47: 15 after building, a half medal lost in the encounter: default no win; immediate
    won.
    """
    g = make(4, seed=1)
    p = _at_14_with_colony(g)
    assert g.vp[p] == 15 and g.winner is None
    _encounter(g, 19)
    g.apply(EncounterAnswer(0))  # HM -1
    assert g.vp[p] == 14
    g.apply(EndTurn())
    assert g.winner is None
    i = make(4, seed=1, victory_check="immediate")
    q = _at_14_with_colony(i)
    assert i.phase == GAME_OVER and i.winner == q


def test_edge_48_non_active_reaches_fifteen() -> None:
    """No card of ours can raise a non-active player's VP, so the 15 VP are set directly.

    Case 48: 15 VP gained on another's turn: default wins at the end of one's own turn;
    immediate at its start.
    """
    for immediate in (False, True):
        opts = {"victory_check": "immediate"} if immediate else {}
        g = make(4, seed=1, **opts)
        to_main(g)
        a = g.current
        b = (a + 1) % 4
        g.hm_stock -= 21
        g.half_medals[b] += 21  # 22 half medals: 4 + 11 = 15 VP, reached during a's turn
        g.refresh_vp()
        clear_hands(g)
        give(g, a, ore=3)
        from engine.shared.actions import MaritimeTrade

        g.apply(MaritimeTrade("ore", "fuel"))  # any action of a's: b never wins on a's turn
        assert g.winner is None
        script(g, below=[0])
        g.apply(Shake())
        g.apply(EndTurn())
        if immediate:
            assert g.winner == b and g.phase == GAME_OVER
            continue
        assert g.winner is None and g.current == b
        roll(g, 1, 1)
        while g.phase != MAIN:
            g.apply(g.legal_actions()[0])
        assert g.winner is None
        script(g, below=[0])
        g.apply(Shake())
        g.apply(EndTurn())
        assert g.winner == b


def test_stuck_choice_is_an_action() -> None:
    """STUCK with two ships asks the active player which one (seed 1)."""
    g = make(4, seed=1)
    to_main(g)
    p = g.current
    port = next(s for s in B.HOME_SITES if g.occ_owner[s] == p and g.occ_kind[s] == 2)
    free = next(x for x in B.PORT_SITES[port] if g.occ_kind[x] == 0)
    put_ship(g, p, COLONY_SHIP, free)
    _encounter(g, 8)
    g.apply(EncounterAnswer(1))
    while g.phase == ENC_CHOICE and not isinstance(g.legal_actions()[0], ChooseShip):
        g.apply(g.legal_actions()[0])
    choices = g.legal_actions()
    assert {a.ship for a in choices} == set(g.ships[p])
    g.apply(ChooseShip(free))
    assert g.ship_flags[free] & STUCK and g.phase == FLIGHT


def test_free_trade_ship_site_is_chosen() -> None:
    """TRADESHIP with two free sites asks where the ship goes (seed 1); HM +1 follows (E23)."""
    g = make(4, seed=1)
    to_main(g)
    p = g.current
    port = next(s for s in B.HOME_SITES if g.occ_owner[s] == p and g.occ_kind[s] == 2)
    for ship in list(g.ships[p]):
        g.ships[p].remove(ship)
        g.occ_kind[ship] = g.occ_owner[ship] = 0
        g.occ_owner[ship] = -1
        g.transports_left[p] += 1
        g.colonies_left[p] += 1
    # keep one ship elsewhere so the flight happens
    put_ship(g, p, COLONY_SHIP, v(20, 5))
    g.upgrades[p][0] = 6
    g.upgrade_stock[0] -= 5
    _encounter(g, 23, shakes=[1, 9])  # speed contest: 5 + 6 vs 1 + boosters: win
    hm = g.half_medals[p]
    g.apply(EncounterAnswer(1))
    legal = g.legal_actions()
    assert {a.site for a in legal} == set(B.PORT_SITES[port])
    g.apply(legal[1])
    assert g.occ_kind[legal[1].site] == 4 and g.phase == FLIGHT
    assert g.half_medals[p] == hm + 1
    check_invariants(g)
