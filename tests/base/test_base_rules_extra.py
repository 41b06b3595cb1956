"""Rules beyond the §16 list: win timing inside card effects, trades, cards, oracles.

Beginner board, seed 1, unless a test says otherwise.
"""

from __future__ import annotations

import random

from basefix import (
    P_M1,
    P_TOP,
    check_invariants,
    edge,
    fresh,
    give,
    give_dev,
    hand,
    kinds,
    put,
    put_path,
    put_settlement,
    random_action,
    refused,
    roll,
    row,
    started,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.rulesets.base.actions import (
    BuildCity,
    BuildRoad,
    BuildSettlement,
    BuyDevelopment,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    TakeResource,
)
from engine.rulesets.base.game import (
    GAME_OVER,
    MAIN,
    PRE_ROLL,
    ROAD_BUILDING,
    TRADE_CONFIRM,
    TRADE_RESPONSE,
    YEAR_OF_PLENTY,
    BaseGame,
)
from engine.shared.actions import (
    AcceptTrade,
    CancelTrade,
    ConfirmTrade,
    CounterTrade,
    DeclineTrade,
    EndTurn,
    MaritimeTrade,
    MoveRobber,
    OfferTrade,
    Roll,
    Steal,
)

CITIES_3 = (3, 15, 21)  # 6 VP as cities, pairwise apart


def test_knight_winning_point_ends_game_before_robber_moves() -> None:
    """§6: a Knight that brings Largest Army and the 10th point ends the game at once."""
    g = started(4, phase=PRE_ROLL)
    for v in CITIES_3:
        put_settlement(g, 0, v, city=True)
    put_settlement(g, 0, 47)
    put_settlement(g, 0, 50)
    assert g.vp_public[0] == 8
    put(g, "dev_played", 0, 0, 2)
    g.dev_deck[0] -= 2
    give_dev(g, 0, "knight")
    events = g.apply(PlayKnight())
    assert g.phase == GAME_OVER and g.winner == 0 and g.to_act is None
    assert kinds(events)[-1] == "game_over"
    assert g.legal_actions() == []
    refused(g, MoveRobber(0), "the game is over")


def test_road_building_winning_road_ends_game_mid_card() -> None:
    """§6: the first free road that brings Longest Road and the 10th point ends the game."""
    g = started(4)
    for v in CITIES_3:
        put_settlement(g, 0, v, city=True)
    put_settlement(g, 0, 11)
    put_settlement(g, 0, 47)
    put_path(g, 0, P_M1[:5])
    assert g.vp_public[0] == 8 and g.road_length[0] == 4
    give_dev(g, 0, "road_building")
    g.apply(PlayRoadBuilding())
    g.apply(BuildRoad(edge(g, P_M1[4], P_M1[5])))
    assert g.phase == GAME_OVER and g.winner == 0
    assert g.road_length[0] == 5 and g.longest_holder == 0 and g.vp_public[0] == 10
    assert g.legal_actions() == []


def test_progress_cards_before_the_roll() -> None:
    """§11.1: progress cards may be played before rolling; play returns to the roll."""
    g = started(4, phase=PRE_ROLL)
    put_settlement(g, 0, 3)
    put_path(g, 0, P_TOP[:2])
    give_dev(g, 0, "road_building")
    assert PlayRoadBuilding() in g.legal_actions()
    g.apply(PlayRoadBuilding())
    assert g.phase == ROAD_BUILDING
    g.apply(BuildRoad(edge(g, P_TOP[1], P_TOP[2])))
    g.apply(BuildRoad(edge(g, P_TOP[2], P_TOP[3])))
    assert g.phase == PRE_ROLL and g.road_length[0] == 3 and hand(g, 0) == {}
    refused(g, PlayYearOfPlenty(), "only one development card")
    g.apply(Roll())


def test_year_of_plenty_with_one_card_in_the_bank() -> None:
    """§11.2 [D]: with a single card left in the bank, Year of Plenty takes just that one."""
    g = started(4)
    give_dev(g, 0, "year_of_plenty")
    give(g, 1, brick=19, lumber=19, wool=19, grain=19, ore=18)
    g.apply(PlayYearOfPlenty())
    assert g.legal_actions() == [TakeResource("ore")]
    g.apply(TakeResource("ore"))
    assert g.phase == MAIN and hand(g, 0) == {"ore": 1} and g.bank == [0] * 5
    check_invariants(g)
    # And with an empty bank it cannot be played at all.
    g2 = started(4)
    give_dev(g2, 0, "year_of_plenty")
    give(g2, 1, brick=19, lumber=19, wool=19, grain=19, ore=19)
    refused(g2, PlayYearOfPlenty(), "bank is empty")


def test_year_of_plenty_same_type_twice() -> None:
    g = started(4)
    give_dev(g, 0, "year_of_plenty")
    g.apply(PlayYearOfPlenty())
    assert g.phase == YEAR_OF_PLENTY
    refused(g, EndTurn(), "not now")
    g.apply(TakeResource("wool"))
    g.apply(TakeResource("wool"))
    assert hand(g, 0) == {"wool": 2} and g.phase == MAIN


def test_monopoly_takes_every_card_of_the_type() -> None:
    g = started(4)
    give_dev(g, 0, "monopoly")
    give(g, 0, ore=1)
    give(g, 1, ore=3, wool=1)
    give(g, 3, ore=2)
    events = g.apply(PlayMonopoly("ore"))
    assert events[-1].data["taken"] == {"1": 3, "3": 2}
    assert hand(g, 0) == {"ore": 6} and hand(g, 1) == {"wool": 1} and hand(g, 3) == {}
    check_invariants(g)


def test_maritime_bank_without_the_requested_type() -> None:
    """§9.2 [D]: the trade is refused when the bank has none of the requested type."""
    g = started(4)
    give(g, 0, brick=4)
    give(g, 1, ore=19)
    refused(g, MaritimeTrade("brick", "ore"), "the bank has no ore left")
    g.apply(MaritimeTrade("brick", "grain"))
    assert hand(g, 0) == {"grain": 1} and g.bank[0] == 19


def test_settlement_then_city_same_turn_and_piece_returns() -> None:
    """§10.2: build a settlement and upgrade it in one turn; the settlement returns to supply."""
    g = started(4)
    put_settlement(g, 0, 3)
    put_path(g, 0, (3, 0, 4))
    give(g, 0, brick=1, lumber=1, wool=1, grain=3, ore=3)
    g.apply(BuildSettlement(4))
    assert g.settlements_left[0] == 3
    g.apply(BuildCity(4))
    assert g.settlements_left[0] == 4 and g.cities_left[0] == 3 and g.vp_public[0] == 3
    assert hand(g, 0) == {}
    check_invariants(g)


def test_trade_counter_confirm_and_cancel() -> None:
    """§9.1: offer, decline/accept/counter, then the offerer confirms one answer."""
    g = started(4)
    give(g, 0, ore=3, brick=1)
    give(g, 1, wool=2)
    give(g, 2, grain=2)
    give(g, 3, wool=1, lumber=1)
    g.apply(OfferTrade((("ore", 2),), (("wool", 1),)))
    assert g.phase == TRADE_RESPONSE and g.to_act == 1
    g.apply(AcceptTrade())
    assert g.to_act == 2
    assert AcceptTrade() not in g.legal_actions()  # seat 2 has no wool
    g.apply(CounterTrade((("grain", 2),), (("ore", 1), ("brick", 1))))
    g.apply(DeclineTrade())
    assert g.phase == TRADE_CONFIRM and g.to_act == 0
    assert g.legal_actions() == [ConfirmTrade(1), ConfirmTrade(2), CancelTrade()]
    refused(g, ConfirmTrade(3), "did not accept or counter")
    g.apply(ConfirmTrade(2))  # the counter: 1 ore + 1 brick for 2 grain
    assert hand(g, 0) == {"ore": 2, "grain": 2}
    assert hand(g, 2) == {"brick": 1, "ore": 1}
    assert hand(g, 1) == {"wool": 2} and g.phase == MAIN
    g.apply(OfferTrade((("ore", 1),), (("wool", 1),), (3,)))
    g.apply(AcceptTrade())
    g.apply(CancelTrade())
    assert hand(g, 3) == {"wool": 1, "lumber": 1} and g.phase == MAIN
    # Everybody declines: back to the main phase, the offer still counts.
    g.apply(OfferTrade((("ore", 1),), (("lumber", 1),)))
    for _ in range(3):
        g.apply(DeclineTrade())
    assert g.phase == MAIN and g.offers_this_turn == 3
    assert not [a for a in g.legal_actions() if isinstance(a, OfferTrade)]
    check_invariants(g)


def test_trade_offer_limit_option() -> None:
    g = started(4, trade_offers_per_turn=0)
    give(g, 0, ore=1)
    assert not [a for a in g.legal_actions() if isinstance(a, OfferTrade)]
    refused(g, OfferTrade((("ore", 1),), (("wool", 1),)), "at most 0 trade offers")


def test_steal_takes_a_card_of_the_victim() -> None:
    """§7.4 / §15: seeds 0-29 — the stolen card comes from the victim's hand, at random."""
    got = set()
    for seed in range(30):
        g = started(4, seed=seed, phase=PRE_ROLL)
        put_settlement(g, 1, 0)
        put_settlement(g, 2, 7)
        give(g, 1, ore=1, wool=1)
        give(g, 2, grain=1, brick=1)
        roll(g, 7)
        g.apply(MoveRobber(0))
        victim = seed % 2 + 1
        before = g.hand(victim)
        g.rng.state = seed * 7919 + 1  # the roll fixed the RNG; vary it per seed
        events = g.apply(Steal(victim))
        card = events[0].full()["resource"]
        got.add(card)
        assert hand(g, 0) == {card: 1}
        assert sum(g.hand(victim)) == sum(before) - 1
    assert got == {"ore", "wool", "grain", "brick"}


def test_setup_second_settlement_needs_no_connection() -> None:
    """§5.3: the second setup settlement may be anywhere legal, not connected to the first."""
    g = fresh(4, seed=1)
    spots = [0, 21, 46, 52, 26, 36, 43, 11]
    for v in spots:
        assert BuildSettlement(v) in g.legal_actions()
        g.apply(BuildSettlement(v))
        g.apply(g.legal_actions()[0])
    assert g.phase == PRE_ROLL and sum(g.vp_public) == 8
    check_invariants(g)


# -- oracles over random games ----------------------------------------------------


def expected_production(game: BaseGame, total: int) -> list[list[int]]:
    """What each seat receives for `total`, per §8 and its shortage rule, recomputed here."""
    n = game.config.seats
    owed = [[0] * 5 for _ in range(n)]
    for h, number in enumerate(game.board.number):
        if number != total or h == game.robber:
            continue
        resource = game.board.resource[h]
        for v in game.board.grid.hex_vertices[h]:
            if game.vertex_owner[v] >= 0:
                owed[game.vertex_owner[v]][resource] += game.vertex_level[v]
    paid = [[0] * 5 for _ in range(n)]
    for r in range(5):
        claim = [owed[p][r] for p in range(n)]
        if sum(claim) <= game.bank[r]:
            for p in range(n):
                paid[p][r] = claim[p]
        elif sum(1 for c in claim if c) == 1:
            p = next(p for p in range(n) if claim[p])
            paid[p][r] = game.bank[r]
    return paid


@settings(max_examples=15, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**31 - 1), seats=st.sampled_from([2, 3, 4]))
def test_rolls_match_an_independent_oracle(seed: int, seats: int) -> None:
    """Every roll: production per §8 (with shortages), discards per §7 (half, rounded down)."""
    g = fresh(seats, seed, board="random")
    rnd = random.Random(seed)
    rolls = 0
    for _ in range(2500):
        if g.to_act is None:
            break
        action = random_action(g, rnd, 0.6)
        if isinstance(action, Roll):
            before = [g.hand(p) for p in range(seats)]
            probe = g.copy()
            probe.apply(action)
            assert probe.dice is not None
            total = sum(probe.dice)
            expected = expected_production(g, total) if total != 7 else None
            g.apply(action)
            rolls += 1
            if expected is not None:
                gained = [
                    [a - b for a, b in zip(g.hand(p), before[p], strict=True)] for p in range(seats)
                ]
                assert gained == expected
            else:
                assert g.discard_owed == [sum(h) // 2 if sum(h) > 7 else 0 for h in before]
        else:
            g.apply(action)
    assert rolls > 10


def candidate_actions(game: BaseGame) -> list[object]:
    """Every non-free-form action the base game could ever accept."""
    names = ("brick", "lumber", "wool", "grain", "ore")
    from engine.shared.actions import Discard

    out: list[object] = [Roll(), EndTurn(), BuyDevelopment(), PlayKnight(), PlayRoadBuilding()]
    out += [PlayYearOfPlenty(), AcceptTrade(), DeclineTrade(), CancelTrade()]
    out += [BuildRoad(e) for e in range(72)]
    out += [BuildSettlement(v) for v in range(54)]
    out += [BuildCity(v) for v in range(54)]
    out += [MoveRobber(h) for h in range(19)]
    out += [Steal(p) for p in range(4)] + [ConfirmTrade(p) for p in range(4)]
    out += [Discard(r) for r in names] + [TakeResource(r) for r in names]
    out += [PlayMonopoly(r) for r in names]
    out += [MaritimeTrade(a, b) for a in names for b in names]
    return out


@settings(max_examples=12, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**31 - 1))
def test_legal_actions_are_complete(seed: int) -> None:
    """In every state, the non-free-form actions `check` accepts are exactly those listed."""
    g = fresh(4, seed, board="random")
    rnd = random.Random(seed)
    for _ in range(700):
        if g.to_act is None:
            break
        listed = {a for a in g.legal_actions() if a.type not in ("offer_trade", "counter_trade")}
        accepted = {a for a in candidate_actions(g) if g.check(a) is None}  # type: ignore[arg-type]
        assert accepted == listed, (g.phase_name, accepted ^ listed)
        g.apply(random_action(g, rnd, 0.6))


def test_setup_roads_and_settlements_listed() -> None:
    """Seed 4: during setup every listed road touches the settlement just placed."""
    g = fresh(4, seed=4, board="random")
    while g.phase_name.startswith("setup"):
        legal = g.legal_actions()
        if g.phase_name == "setup_road":
            assert all(g.setup_vertex in g.board.grid.edge_vertices[a.edge] for a in legal)  # type: ignore[attr-defined]
        g.apply(legal[len(legal) // 2])
    assert all(len(row(g, "hands", p)) == 5 for p in range(4))


def test_start_player_highest_roll_ties_reroll() -> None:
    """§5.1: seeds 0-199 — the start player rolled highest; only tied players re-roll."""
    rerolls = 0
    for seed in range(200):
        g = fresh(4, seed, board="random")
        (event,) = g.initial_events
        rounds = event.data["rolls"]
        contenders = {str(p) for p in range(4)}
        for rolls in rounds:
            assert set(rolls) == contenders
            assert all(2 <= t <= 12 for t in rolls.values())
            top = max(rolls.values())
            contenders = {p for p, t in rolls.items() if t == top}
        assert contenders == {str(g.start)} and event.data["seat"] == g.start
        assert g.current == g.start and g.to_act == g.start
        rerolls += len(rounds) > 1
    assert rerolls > 0


def test_setup_order_four_players() -> None:
    """§5.3: with 4 players the setup order is A B C D D C B A."""
    g = fresh(4, seed=3)
    a = g.start
    order = []
    for v in (0, 21, 46, 52, 26, 36, 43, 11):
        order.append(g.to_act)
        g.apply(BuildSettlement(v))
        g.apply(g.legal_actions()[0])
    assert order == [s % 4 for s in (a, a + 1, a + 2, a + 3, a + 3, a + 2, a + 1, a)]
    assert g.phase == PRE_ROLL and g.to_act == a


def test_steals_are_uniform_over_the_victims_cards() -> None:
    """§15: a victim holding 3 ore and 1 wool loses ore 3 times in 4 (2000 steals, RNG 0-1999)."""
    g = started(4, phase=PRE_ROLL)
    put_settlement(g, 1, 0)
    put_settlement(g, 2, 7)
    give(g, 1, ore=3, wool=1)
    give(g, 2, grain=1)
    roll(g, 7)
    g.apply(MoveRobber(0))
    ore = 0
    for state in range(2000):
        twin = g.copy()
        twin.rng.state = state * 0x9E3779B9
        twin.apply(Steal(1))
        ore += hand(twin, 0) == {"ore": 1}
    assert 1400 <= ore <= 1600


def test_development_draws_follow_the_deck() -> None:
    """§2.3 / §11: a draw from the full deck is a knight 14 times in 25 (2000 buys, RNG 0-1999)."""
    g = started(4)
    give(g, 0, wool=1, grain=1, ore=1)
    knights = 0
    for state in range(2000):
        twin = g.copy()
        twin.rng.state = state * 0x9E3779B9
        (event,) = twin.apply(BuyDevelopment())
        knights += event.full()["card"] == "knight"
    assert 1000 <= knights <= 1240  # 1120 expected, about 5 standard deviations each way
