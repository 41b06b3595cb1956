"""The 42 edge cases of rules/catan.md §16, one test each, through the public API.

Positions are built on the beginner board (seed 1 unless a test says otherwise);
hex ids there: 0 mountains 10, 4 hills 6, 9 desert, 11 mountains 8, 15 pasture 5,
17 fields 6 (see tests/base/basefix.py for the trails used for roads).
"""

from __future__ import annotations

from basefix import (
    P_0,
    P_2,
    P_BOT,
    P_M1,
    P_TOP,
    check_invariants,
    deck_only,
    edge,
    fresh,
    give,
    give_dev,
    hand,
    kinds,
    put,
    put_path,
    put_road,
    put_settlement,
    refused,
    roll,
    row,
    started,
)

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
    DISCARD,
    GAME_OVER,
    MAIN,
    MOVE_ROBBER,
    PRE_ROLL,
    ROAD_BUILDING,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    STEAL,
    TRADE_RESPONSE,
    YEAR_OF_PLENTY,
    BaseGame,
)
from engine.shared.actions import (
    CounterTrade,
    Discard,
    EndTurn,
    MaritimeTrade,
    MoveRobber,
    OfferTrade,
    Steal,
)

DESERT = 9


def setup_place(game: BaseGame, vertex: int, road_to: int) -> None:
    game.apply(BuildSettlement(vertex))
    game.apply(BuildRoad(edge(game, vertex, road_to)))


# -- setup -------------------------------------------------------------------


def test_edge_01_second_road_touches_second_settlement() -> None:
    """§16.1: the second setup road must touch the second settlement."""
    g = fresh(3, seed=1)
    setup_place(g, 0, 4)
    setup_place(g, 21, 16)
    setup_place(g, 46, 41)
    # Round 2: the last placer goes first; place a settlement far from its first.
    assert g.to_act == g.setup_order[3]
    g.apply(BuildSettlement(52))
    assert g.phase == SETUP_ROAD
    # A road touching only the first settlement (46) is illegal ...
    refused(g, BuildRoad(edge(g, 46, 42)), "must touch the settlement just placed")
    # ... and the legal roads are exactly those at vertex 50.
    legal = {a.edge for a in g.legal_actions()}  # type: ignore[attr-defined]
    assert legal == set(g.board.grid.vertex_edges[52])
    g.apply(BuildRoad(edge(g, 52, 48)))
    assert g.phase == SETUP_SETTLEMENT


def test_edge_02_distance_rule_in_setup() -> None:
    """§16.2: the distance rule applies during setup."""
    g = fresh(4, seed=1)
    setup_place(g, 12, 7)
    for v in g.board.grid.vertex_adjacent[12]:
        refused(g, BuildSettlement(v), "distance rule")
    refused(g, BuildSettlement(12), "already occupied")
    legal = {a.vertex for a in g.legal_actions()}  # type: ignore[attr-defined]
    assert legal == set(range(54)) - {12, 7, 8, 17}
    g.apply(BuildSettlement(13))  # two steps away: fine
    assert g.vertex_owner[13] == g.setup_order[1]


def test_edge_03_starting_resources_from_second_settlement_only() -> None:
    """§16.3: a second settlement on hills + forest + desert gives exactly 1 brick + 1 lumber."""
    g = fresh(3, seed=1)
    first = g.to_act
    assert first is not None
    setup_place(g, 7, 3)  # first settlement on mountains + fields: gives nothing
    assert hand(g, first) == {}
    setup_place(g, 41, 46)
    setup_place(g, 50, 53)
    setup_place(g, 26, 20)
    setup_place(g, 33, 38)
    assert g.to_act == first
    assert sorted(g.board.terrain[h] for h in g.board.grid.vertex_land[23]) == [
        "desert",
        "forest",
        "hills",
    ]
    events = g.apply(BuildSettlement(23))
    assert hand(g, first) == {"brick": 1, "lumber": 1}
    start = [e for e in events if e.kind == "starting_hand"]
    assert start and start[0].data["cards"] == {"brick": 1, "lumber": 1}
    assert start[0].data["count"] == 2
    check_invariants(g)


def test_edge_04_setup_order_three_players() -> None:
    """§16.4: with 3 players the setup order is A B C C B A."""
    g = fresh(3, seed=5)
    a = g.start
    order = []
    spots = iter([0, 21, 46, 52, 26, 36])
    while g.phase in (SETUP_SETTLEMENT, SETUP_ROAD):
        assert g.phase == SETUP_SETTLEMENT
        order.append(g.to_act)
        v = next(spots)
        g.apply(BuildSettlement(v))
        g.apply(g.legal_actions()[0])
    assert order == [a, (a + 1) % 3, (a + 2) % 3, (a + 2) % 3, (a + 1) % 3, a]
    assert g.phase == PRE_ROLL and g.current == a and g.turn == 1


# -- the 7 and the robber ------------------------------------------------------


def test_edge_05_discard_half_rounded_down() -> None:
    """§16.5: 7 cards -> no discard; 8 -> 4; 9 -> 4; 15 -> 7."""
    g = started(4, phase=PRE_ROLL)
    give(g, 0, brick=3, lumber=4)
    give(g, 1, brick=4, wool=4)
    give(g, 2, grain=5, ore=4)
    give(g, 3, ore=7, wool=4, lumber=4)
    events = roll(g, 7)
    assert g.phase == DISCARD
    assert g.discard_owed == [0, 4, 4, 7]
    assert "must_discard" in kinds(events)
    asked = []
    while g.phase == DISCARD:
        seat = g.to_act
        assert seat is not None
        asked.append(seat)
        assert seat != 0
        g.apply(g.legal_actions()[0])
    assert [sum(g.hand(p)) for p in range(4)] == [7, 4, 5, 8]
    assert asked.count(1) == 4 and asked.count(2) == 4 and asked.count(3) == 7
    assert g.phase == MOVE_ROBBER and g.to_act == 0
    check_invariants(g)


def test_edge_06_development_cards_not_counted_for_discard() -> None:
    """§16.6: development cards in hand are ignored when counting for the discard."""
    g = started(4, current=0, phase=PRE_ROLL)
    give(g, 1, brick=7)
    give_dev(g, 1, "knight", 2)
    give_dev(g, 1, "victory_point", 1)
    roll(g, 7)
    assert g.discard_owed == [0, 0, 0, 0]
    assert g.phase == MOVE_ROBBER and g.to_act == 0
    refused(g, Discard("brick"), "not now")


def test_edge_07_robber_must_move_desert_allowed() -> None:
    """§16.7: the robber must change hex; moving it to the desert is legal."""
    g = started(4, phase=PRE_ROLL)
    g.robber = 0
    roll(g, 7)
    assert g.phase == MOVE_ROBBER
    refused(g, MoveRobber(0), "different hex")
    assert MoveRobber(DESERT) in g.legal_actions()
    g.apply(MoveRobber(DESERT))
    assert g.robber == DESERT and g.phase == MAIN


def test_edge_08_robber_on_own_buildings_no_steal() -> None:
    """§16.8: a hex whose only buildings are the roller's -> no steal."""
    g = started(4, phase=PRE_ROLL)
    put_settlement(g, 0, 0)
    put_settlement(g, 0, 7, city=True)
    give(g, 0, ore=2)
    give(g, 1, ore=2)
    roll(g, 7)
    before = g.snapshot()["hands"]
    events = g.apply(MoveRobber(0))
    assert "steal" not in kinds(events)
    assert g.snapshot()["hands"] == before
    assert g.phase == MAIN


def test_edge_09_opponent_without_cards_not_a_victim() -> None:
    """§16.9: an opponent with 0 cards is not offered; no candidates -> no steal."""
    g = started(4, phase=PRE_ROLL)
    put_settlement(g, 1, 0)  # seat 1: no cards
    put_settlement(g, 2, 7)  # seat 2: one card
    give(g, 2, wool=1)
    roll(g, 7)
    events = g.apply(MoveRobber(0))
    steals = [e for e in events if e.kind == "steal"]
    assert len(steals) == 1 and steals[0].data["victim"] == 2
    assert g.phase == MAIN  # steal was automatic: one candidate only
    assert hand(g, 0) == {"wool": 1} and hand(g, 2) == {}
    # Now nobody on hex 0 holds a card: playing a knight there steals nothing.
    g2 = started(4, phase=PRE_ROLL)
    put_settlement(g2, 1, 0)
    put_settlement(g2, 2, 7)
    give_dev(g2, 0, "knight")
    g2.apply(PlayKnight())
    events = g2.apply(MoveRobber(0))
    assert "steal" not in kinds(events) and g2.phase == PRE_ROLL
    # With two candidates the roller picks, and only among them.
    g3 = started(4, phase=PRE_ROLL)
    put_settlement(g3, 1, 0)
    put_settlement(g3, 2, 7)
    put_settlement(g3, 3, 12)  # vertex 12, also on hex 0, no cards
    give(g3, 1, ore=1)
    give(g3, 2, wool=1)
    give_dev(g3, 0, "knight")
    g3.apply(PlayKnight())
    g3.apply(MoveRobber(0))
    assert g3.phase == STEAL and g3.steal_candidates == [1, 2]
    assert g3.legal_actions() == [Steal(1), Steal(2)]
    refused(g3, Steal(3), "seat 3")
    g3.apply(Steal(1))
    assert hand(g3, 0) == {"ore": 1} and g3.phase == PRE_ROLL


def test_edge_10_robber_hex_produces_nothing() -> None:
    """§16.10: the robber's hex produces nothing, also for the player who put it there."""
    g = started(4, phase=PRE_ROLL)
    put_settlement(g, 0, 13)  # on hex 4 (hills 6)
    put_settlement(g, 1, 17)  # on hex 4 too
    put_settlement(g, 0, 45)  # on hex 17 (fields 6)
    g.robber = 4
    roll(g, 6)
    assert hand(g, 0) == {"grain": 1}
    assert hand(g, 1) == {}
    assert g.bank[0] == 19


# -- production and the bank -------------------------------------------------


def test_edge_11_settlement_and_city_on_same_hex() -> None:
    """§16.11: a settlement and a city of one player on the rolled hex -> 3 cards."""
    g = started(4, phase=PRE_ROLL)
    put_settlement(g, 2, 0)
    put_settlement(g, 2, 7, city=True)
    events = roll(g, 10)
    assert hand(g, 2) == {"ore": 3}
    production = next(e for e in events if e.kind == "production")
    assert production.data["gains"] == {"2": {"ore": 3}}


def test_edge_12_bank_shortage_several_claimants() -> None:
    """§16.12: two players owed 2 ore each, bank holds 3 -> nobody gets ore; grain still paid.

    Random board, seed 1: number 9 is on mountains (hex 2) and on fields (hex 14).
    """
    g = started(4, seed=1, board="random", phase=PRE_ROLL)
    assert g.board.terrain[2] == "mountains" and g.board.number[2] == 9
    assert g.board.terrain[14] == "fields" and g.board.number[14] == 9
    assert g.robber not in (2, 14)
    put_settlement(g, 0, 6, city=True)
    put_settlement(g, 1, 9, city=True)
    put_settlement(g, 2, 36)
    give(g, 3, ore=16)
    roll(g, 9)
    assert g.bank[4] == 3
    assert hand(g, 0) == {} and hand(g, 1) == {}
    assert hand(g, 2) == {"grain": 1}
    check_invariants(g)


def test_edge_13_bank_shortage_single_claimant() -> None:
    """§16.13: a single claimant owed 3 with 2 in the bank takes the 2."""
    g = started(4, phase=PRE_ROLL)
    put_settlement(g, 1, 0)
    put_settlement(g, 1, 7, city=True)
    give(g, 3, ore=17)
    roll(g, 10)
    assert hand(g, 1) == {"ore": 2}
    assert g.bank[4] == 0
    check_invariants(g)


def test_edge_14_bank_exactly_enough() -> None:
    """§16.14: the bank holding exactly the total owed pays everyone and reaches 0."""
    g = started(4, phase=PRE_ROLL)
    put_settlement(g, 1, 0)
    put_settlement(g, 2, 7, city=True)
    put_settlement(g, 3, 8)
    give(g, 0, ore=15)
    roll(g, 10)
    assert (hand(g, 1), hand(g, 2), hand(g, 3)) == ({"ore": 1}, {"ore": 2}, {"ore": 1})
    assert g.bank[4] == 0
    check_invariants(g)


# -- trading -----------------------------------------------------------------


def test_edge_15_maritime_needs_four_identical() -> None:
    """§16.15: 4:1 with 3 identical + 1 different card is illegal."""
    g = started(4)
    give(g, 0, brick=3, lumber=1)
    refused(g, MaritimeTrade("brick", "ore"), "takes 4 brick (you have 3)")
    give(g, 0, brick=1)
    g.apply(MaritimeTrade("brick", "ore"))
    assert hand(g, 0) == {"lumber": 1, "ore": 1}


def test_edge_16_special_harbour_only_for_its_resource() -> None:
    """§16.16: a 2:1 wool harbour does not trade brick 2:1 (falls back to 3:1 or 4:1)."""
    g = started(4)
    assert g.board.vertex_harbour[42] == 2  # wool
    put_settlement(g, 0, 42)
    give(g, 0, brick=3, wool=2)
    refused(g, MaritimeTrade("brick", "ore"), "takes 4 brick (you have 3)")
    g.apply(MaritimeTrade("wool", "ore"))
    assert hand(g, 0) == {"brick": 3, "ore": 1}
    # With a generic harbour as well, brick goes at 3:1.
    assert g.board.vertex_harbour[0] == 5
    put_settlement(g, 0, 0)
    g.apply(MaritimeTrade("brick", "grain"))
    assert hand(g, 0) == {"grain": 1, "ore": 1}
    check_invariants(g)


def test_edge_17_harbour_needs_a_building() -> None:
    """§16.17: a road alone on a harbour vertex does not give the harbour rate."""
    g = started(4)
    put_settlement(g, 0, 37)
    put_road(g, 0, edge(g, 37, 42))  # touches wool harbour vertex 42
    give(g, 0, wool=3)
    refused(g, MaritimeTrade("wool", "ore"), "takes 4 wool (you have 3)")
    assert row(g, "rates", 0) == [4, 4, 4, 4, 4]


def test_edge_18_no_gifts_no_like_for_like() -> None:
    """§16.18: an offer with an empty side, or the same resource on both sides, is illegal."""
    g = started(4)
    give(g, 0, ore=3, brick=1)
    give(g, 1, ore=2, grain=2)
    refused(g, OfferTrade((("ore", 1),), ()), "no gifts")
    refused(g, OfferTrade((), (("grain", 1),)), "no gifts")
    refused(g, OfferTrade((("ore", 2),), (("ore", 1),)), "same resource")
    refused(g, OfferTrade((("brick", 1), ("ore", 1)), (("ore", 1),)), "same resource")
    # The same rules hold for a counter-offer.
    g.apply(OfferTrade((("ore", 1),), (("grain", 1),), (1,)))
    assert g.phase == TRADE_RESPONSE and g.to_act == 1
    refused(g, CounterTrade((("grain", 1),), ()), "no gifts")
    refused(g, CounterTrade((("ore", 1),), (("ore", 2),)), "same resource")


def test_edge_19_non_active_players_cannot_trade() -> None:
    """§16.19: two non-active players cannot trade with each other."""
    g = started(4)
    give(g, 0, ore=1)
    give(g, 1, grain=2)
    give(g, 2, wool=2)
    g.apply(OfferTrade((("ore", 1),), (("grain", 1),), (1,)))
    assert g.to_act == 1
    # Seat 1 (not active) tries to offer seat 2 its own trade.
    refused(g, OfferTrade((("grain", 1),), (("wool", 1),), (2,)), "only the active player")
    # Offers never address the offerer itself.
    g2 = started(4)
    give(g2, 0, ore=1)
    refused(g2, OfferTrade((("ore", 1),), (("grain", 1),), (0,)), "other seats")
    # A non-active seat's decision in a discard cannot be a trade either.
    g3 = started(4, phase=PRE_ROLL)
    give(g3, 1, grain=4, wool=4)
    roll(g3, 7)
    assert g3.to_act == 1
    refused(g3, OfferTrade((("grain", 1),), (("ore", 1),), (2,)), "not now")


def test_edge_20_no_trading_before_the_roll() -> None:
    """§16.20: trading before the roll is refused."""
    g = started(4, phase=PRE_ROLL)
    give(g, 0, ore=4)
    refused(g, OfferTrade((("ore", 1),), (("grain", 1),)), "after the roll")
    refused(g, MaritimeTrade("ore", "grain"), "after the roll")


# -- building ------------------------------------------------------------------


def test_edge_21_road_cannot_pass_opponent_settlement() -> None:
    """§16.21: connecting only through a vertex with an opponent's settlement is illegal."""
    g = started(4)
    put_settlement(g, 0, 3)
    put_path(g, 0, (3, 0, 4))
    put_settlement(g, 1, 4)
    give(g, 0, brick=2, lumber=2)
    refused(g, BuildRoad(edge(g, 4, 1)), "not connected", "opponent")
    refused(g, BuildRoad(edge(g, 4, 8)), "not connected")
    g.apply(BuildRoad(edge(g, 3, 7)))  # from own settlement: fine


def test_edge_22_road_through_opponent_road_vertex() -> None:
    """§16.22: continuing from an empty vertex where an opponent's road ends is legal."""
    g = started(4)
    put_settlement(g, 0, 3)
    put_path(g, 0, (3, 0, 4))
    put_settlement(g, 1, 13)
    put_path(g, 1, (13, 8, 4))
    give(g, 0, brick=1, lumber=1)
    g.apply(BuildRoad(edge(g, 4, 1)))
    assert g.edge_owner[edge(g, 4, 1)] == 0
    check_invariants(g)


def test_edge_23_settlement_needs_own_road() -> None:
    """§16.23: after setup, a settlement must touch one of your roads."""
    g = started(4)
    put_settlement(g, 0, 3)
    put_path(g, 0, (3, 0, 4))
    put_settlement(g, 1, 13)
    put_path(g, 1, (13, 8))
    give(g, 0, brick=2, lumber=2, wool=2, grain=2)
    refused(g, BuildSettlement(30), "not connected to one of your roads")
    # Vertex 12 is free and two steps from every building, but not on seat 0's roads.
    refused(g, BuildSettlement(12), "not connected")
    g.apply(BuildSettlement(4))


def test_edge_24_sixth_settlement() -> None:
    """§16.24: a 6th settlement is illegal; after an upgrade it becomes legal."""
    g = started(4)
    for v in (3, 15, 21, 26, 47):
        put_settlement(g, 0, v)
    put_path(g, 0, (47, 51, 48))
    give(g, 0, brick=1, lumber=1, wool=1, grain=3, ore=3)
    refused(g, BuildSettlement(48), "no settlements left")
    g.apply(BuildCity(47))
    g.apply(BuildSettlement(48))
    assert g.settlements_left[0] == 0 and g.vertex_owner[48] == 0
    check_invariants(g)


def test_edge_25_fifth_city() -> None:
    """§16.25: a 5th city is illegal."""
    g = started(4)
    for v in (3, 15, 21, 26):
        put_settlement(g, 0, v, city=True)
    put_settlement(g, 0, 47)
    give(g, 0, grain=2, ore=3)
    refused(g, BuildCity(47), "no cities left")


def test_edge_26_city_only_on_own_settlement() -> None:
    """§16.26: upgrading an opponent's settlement or an empty vertex is illegal."""
    g = started(4)
    put_settlement(g, 0, 3)
    put_settlement(g, 1, 15)
    give(g, 0, grain=2, ore=3)
    refused(g, BuildCity(15), "one of your settlements")
    refused(g, BuildCity(30), "one of your settlements")
    g.apply(BuildCity(3))
    refused(g, BuildCity(3), "one of your settlements")  # already a city


# -- development cards -----------------------------------------------------------


def test_edge_27_new_card_not_playable_but_new_vp_wins() -> None:
    """§16.27: a card bought this turn cannot be played; a VP card bought to reach 10 wins."""
    g = started(4)
    deck_only(g, "knight")
    give(g, 0, wool=1, grain=1, ore=1)
    events = g.apply(BuyDevelopment())
    assert events[0].for_seat(0)["card"] == "knight"
    assert PlayKnight() not in g.legal_actions()
    refused(g, PlayKnight(), "turn it was bought")
    # Victory point: 9 public points, buy the VP card -> win at once.
    g2 = started(4)
    for v in (3, 15, 21):
        put_settlement(g2, 0, v, city=True)
    for v in (26, 47, 50):
        put_settlement(g2, 0, v)
    assert g2.vp_public[0] == 9
    deck_only(g2, "victory_point")
    give(g2, 0, wool=1, grain=1, ore=1)
    events = g2.apply(BuyDevelopment())
    assert g2.phase == GAME_OVER and g2.winner == 0 and g2.to_act is None
    assert events[-1].kind == "game_over" and events[-1].data["victory_point_cards"] == 1


def test_edge_28_one_development_card_per_turn() -> None:
    """§16.28: Knight then Monopoly in the same turn -> the Monopoly is refused."""
    g = started(4)
    give_dev(g, 0, "knight")
    give_dev(g, 0, "monopoly")
    g.apply(PlayKnight())
    g.apply(MoveRobber(0))
    assert g.phase == MAIN
    refused(g, PlayMonopoly("ore"), "only one development card")
    # Next turn of seat 0 it is playable again.
    for _ in range(4):
        g.apply(EndTurn())
        roll(g, 8)
    assert g.current == 0
    g.apply(PlayMonopoly("ore"))


def test_edge_29_knight_before_roll_then_seven() -> None:
    """§16.29: Knight before rolling, then a 7: the robber moves twice, discards only for the 7."""
    g = started(4, phase=PRE_ROLL)
    give_dev(g, 0, "knight")
    give(g, 1, brick=4, wool=4)
    events = g.apply(PlayKnight())
    assert g.phase == MOVE_ROBBER and g.discard_owed == [0, 0, 0, 0]
    g.apply(MoveRobber(0))
    assert g.phase == PRE_ROLL and g.robber == 0
    roll(g, 7)
    assert g.phase == DISCARD and g.discard_owed == [0, 4, 0, 0]
    for _ in range(4):
        g.apply(g.legal_actions()[0])
    assert g.phase == MOVE_ROBBER and sum(g.hand(1)) == 4
    refused(g, MoveRobber(0), "different hex")
    events = g.apply(MoveRobber(DESERT))
    assert kinds(events)[0] == "robber" and g.phase == MAIN
    assert sum(1 for a in g.log if isinstance(a, MoveRobber)) == 2


def test_edge_30_empty_development_deck() -> None:
    """§16.30: buying from an empty development deck is refused."""
    g = started(4)
    for card, n in zip(
        ("knight", "victory_point", "road_building", "year_of_plenty", "monopoly"),
        (14, 5, 2, 2, 2),
        strict=True,
    ):
        give_dev(g, 2, card, n)
    give(g, 0, wool=1, grain=1, ore=1)
    refused(g, BuyDevelopment(), "deck is empty")
    check_invariants(g)


def test_edge_31_monopoly_on_nothing() -> None:
    """§16.31: Monopoly naming a resource nobody holds is legal, has no effect, uses the card."""
    g = started(4)
    give_dev(g, 0, "monopoly")
    give(g, 1, grain=2)
    events = g.apply(PlayMonopoly("ore"))
    assert events[-1].kind == "monopoly" and events[-1].data["taken"] == {}
    assert hand(g, 0) == {} and hand(g, 1) == {"grain": 2}
    assert row(g, "dev_hands", 0)[4] == 0 and row(g, "dev_played", 0)[4] == 1
    assert g.dev_played_this_turn
    check_invariants(g)


def test_edge_32_year_of_plenty_with_one_left() -> None:
    """§16.32: with 1 ore in the bank only 1 ore can be taken; the 2nd pick is another type."""
    g = started(4)
    give_dev(g, 0, "year_of_plenty")
    give(g, 2, ore=18)
    g.apply(PlayYearOfPlenty())
    assert g.phase == YEAR_OF_PLENTY
    g.apply(TakeResource("ore"))
    assert g.phase == YEAR_OF_PLENTY
    refused(g, TakeResource("ore"), "no ore left")
    assert TakeResource("ore") not in g.legal_actions()
    g.apply(TakeResource("grain"))
    assert hand(g, 0) == {"ore": 1, "grain": 1} and g.phase == MAIN
    check_invariants(g)


def test_edge_33_road_building_with_one_or_no_road() -> None:
    """§16.33: Road Building with 1 road left places 1 road; with 0 it cannot be played."""
    g = started(4)
    put_settlement(g, 0, 21)
    put_path(g, 0, P_0)  # 10 roads
    put_settlement(g, 0, 11)
    put_path(g, 0, P_M1[:5])  # 4 more
    assert g.roads_left[0] == 1
    give_dev(g, 0, "road_building", 2)
    g.apply(PlayRoadBuilding())
    assert g.phase == ROAD_BUILDING and g.free_roads == 1
    g.apply(BuildRoad(edge(g, 21, 27)))
    assert g.phase == MAIN and g.roads_left[0] == 0 and g.free_roads == 0
    # Next turn, with no road left, the second card is not playable.
    for _ in range(4):
        g.apply(EndTurn())
        roll(g, 8)
    assert g.current == 0
    assert PlayRoadBuilding() not in g.legal_actions()
    refused(g, PlayRoadBuilding(), "Road Building needs a road")
    check_invariants(g)


def test_edge_34_road_building_updates_longest_road_at_once() -> None:
    """§16.34: a Road Building road takes Longest Road mid-card."""
    g = started(4)
    put_settlement(g, 0, 3)
    put_path(g, 0, P_TOP[:5])  # 4 roads
    give_dev(g, 0, "road_building")
    g.apply(PlayRoadBuilding())
    events = g.apply(BuildRoad(edge(g, P_TOP[4], P_TOP[5])))
    assert "longest_road" in kinds(events)
    assert g.longest_holder == 0 and g.vp_public[0] == 3
    assert g.phase == ROAD_BUILDING and g.free_roads == 1
    g.apply(BuildRoad(edge(g, P_TOP[5], P_TOP[6])))
    assert g.road_length[0] == 6 and g.phase == MAIN
    check_invariants(g)


# -- longest road --------------------------------------------------------------


def test_edge_35_longest_road_first_to_five_ties_keep() -> None:
    """§16.35: first to 5 takes the card; a rival at the same length does not; +1 does."""
    g = started(4)
    put_settlement(g, 0, 3)
    put_path(g, 0, P_TOP[:5])  # 4
    put_settlement(g, 1, 11)
    put_path(g, 1, P_M1[:5])  # 4
    assert g.longest_holder == -1
    give(g, 0, brick=1, lumber=1)
    g.apply(BuildRoad(edge(g, P_TOP[4], P_TOP[5])))
    assert g.longest_holder == 0 and g.vp_public[0] == 3
    g.apply(EndTurn())
    roll(g, 8)
    give(g, 1, brick=2, lumber=2)
    g.apply(BuildRoad(edge(g, P_M1[4], P_M1[5])))  # 5 = 5
    assert g.longest_holder == 0 and g.road_length[1] == 5
    events = g.apply(BuildRoad(edge(g, P_M1[5], P_M1[6])))  # 6 > 5
    assert g.longest_holder == 1
    assert [e.data for e in events if e.kind == "longest_road"] == [
        {"holder": 1, "previous": 0, "length": 6}
    ]
    assert g.vp_public[0] == 1 and g.vp_public[1] == 3
    check_invariants(g)


def test_edge_36_fork_and_ring() -> None:
    """§16.36: a Y of 3+3+2 counts 6; a ring of 6 plus a 1-road tail counts 7."""
    g = started(4)
    put_settlement(g, 0, 0)
    put_path(g, 0, (0, 3, 7, 12))  # branch of 3
    put_path(g, 0, (12, 8, 4))  # second branch, 2 of 3
    put_path(g, 0, (12, 17, 22))  # branch of 2
    give(g, 0, brick=1, lumber=1)
    g.apply(BuildRoad(edge(g, 4, 1)))
    assert g.road_length[0] == 6 and g.roads_left[0] == 7
    # The ring around the desert (hex 9) and a tail.
    g = started(4)
    ring = (24, 18, 23, 29, 35, 30, 24)
    assert set(ring) == set(g.board.grid.hex_vertices[DESERT])
    put_settlement(g, 0, 18)
    put_path(g, 0, ring)
    assert g.road_length[0] == 6
    give(g, 0, brick=1, lumber=1)
    assert g.longest_holder == 0
    g.apply(BuildRoad(edge(g, 24, 19)))
    assert g.road_length[0] == 7 and g.longest_holder == 0
    check_invariants(g)


def test_edge_37_own_settlement_does_not_cut_opponent_does() -> None:
    """§16.37: own settlements mid-road do not cut it; an opponent's settlement does."""
    g = started(4, current=1)
    put_settlement(g, 0, 3)
    put_settlement(g, 0, 5)  # own, interior
    put_path(g, 0, P_TOP)
    assert g.road_length[0] == 6 and g.longest_holder == 0
    put_settlement(g, 1, 13)
    put_path(g, 1, (13, 8))
    give(g, 1, brick=2, lumber=2, wool=1, grain=1)
    g.apply(BuildRoad(edge(g, 8, 4)))
    events = g.apply(BuildSettlement(4))  # interior vertex of seat 0's road
    assert g.road_length[0] == 4  # 3-0-4 | 4-1-5-2-6
    assert g.longest_holder == -1 and g.vp_public[0] == 2
    assert [e.data["holder"] for e in events if e.kind == "longest_road"] == [-1]
    check_invariants(g)


def test_edge_38_cut_holder_tied_keeps() -> None:
    """§16.38: holder cut to 6 while another player has 6 keeps the card."""
    g = started(4, current=1)
    put_settlement(g, 0, 11)
    put_path(g, 0, P_M1)  # 8
    put_settlement(g, 2, 43)
    put_path(g, 2, P_2)  # 6
    assert g.longest_holder == 0
    put_settlement(g, 1, 22)
    put_path(g, 1, (22, 17, 12))
    give(g, 1, brick=1, lumber=1, wool=1, grain=1)
    events = g.apply(BuildSettlement(12))
    assert g.road_length[0] == 6 and g.road_length[2] == 6
    assert g.longest_holder == 0 and "longest_road" not in kinds(events)
    check_invariants(g)


def test_edge_39_cut_holder_to_four_card_set_aside() -> None:
    """§16.39: holder cut to 4, others at 6 and 6 -> set aside; next unique longest takes it."""
    g = started(4, current=1)
    put_settlement(g, 0, 11)
    put_path(g, 0, P_M1)  # 8
    put_settlement(g, 2, 43)
    put_path(g, 2, P_2)  # 6
    put_settlement(g, 3, 50)
    put_path(g, 3, P_BOT)  # 6
    put_settlement(g, 1, 23)
    put_path(g, 1, (23, 18, 13))
    assert g.longest_holder == 0 and g.vp_public[0] == 3
    give(g, 1, brick=1, lumber=1, wool=1, grain=1)
    events = g.apply(BuildSettlement(13))
    assert g.road_length == [4, 2, 6, 6]
    assert g.longest_holder == -1 and g.vp_public[0] == 1
    assert [e.data for e in events if e.kind == "longest_road"] == [
        {"holder": -1, "previous": 0, "length": 0}
    ]
    g.apply(EndTurn())
    roll(g, 8)
    assert g.current == 2
    give(g, 2, brick=1, lumber=1)
    g.apply(BuildRoad(edge(g, 46, 42)))
    assert g.road_length[2] == 7 and g.longest_holder == 2 and g.vp_public[2] == 3
    check_invariants(g)


# -- largest army, winning, scores ------------------------------------------------


def test_edge_40_largest_army() -> None:
    """§16.40: 3 knights first -> card; a rival at 3 -> no change; a rival at 4 -> takes it."""
    g = started(4)
    put(g, "dev_played", 0, 0, 2)
    g.dev_deck[0] -= 2
    give_dev(g, 0, "knight")
    events = g.apply(PlayKnight())
    assert g.army_holder == 0 and g.vp_public[0] == 2
    assert [e.data for e in events if e.kind == "largest_army"] == [
        {"holder": 0, "previous": -1, "knights": 3}
    ]
    g.apply(MoveRobber(0))
    g.apply(EndTurn())
    assert g.current == 1
    put(g, "dev_played", 1, 0, 2)
    g.dev_deck[0] -= 2
    give_dev(g, 1, "knight", 2)
    g.apply(PlayKnight())  # 3 = 3
    assert g.army_holder == 0
    g.apply(MoveRobber(DESERT))
    roll(g, 8)
    g.apply(EndTurn())
    for _ in range(3):
        roll(g, 8)
        g.apply(EndTurn())
    assert g.current == 1 and g.phase == PRE_ROLL
    g.apply(PlayKnight())  # 4 > 3
    assert g.army_holder == 1 and g.vp_public == [0, 2, 0, 0]
    check_invariants(g)


def test_edge_41_non_active_player_wins_at_own_turn() -> None:
    """§16.41: reaching 10 in another's turn wins only at the start of one's own turn."""
    g = started(4, current=0)
    # Seat 2 holds Longest Road with 8 roads; seat 1 has 8 points and a 6-road trail.
    put_settlement(g, 2, 11)
    put_path(g, 2, P_M1)
    put_settlement(g, 1, 43, city=True)
    put_settlement(g, 1, 46, city=True)
    for v in (52, 21, 26, 3):
        put_settlement(g, 1, v)
    put_path(g, 1, P_2)
    assert g.longest_holder == 2 and g.vp_public[1] == 8
    # Seat 0 cuts seat 2's road in the middle.
    put_settlement(g, 0, 23)
    put_path(g, 0, (23, 18, 13))
    give(g, 0, brick=1, lumber=1, wool=1, grain=1)
    g.apply(BuildSettlement(13))
    assert g.longest_holder == 1 and g.total_vp(1) == 10
    assert g.winner is None and g.to_act == 0 and g.phase == MAIN
    events = g.apply(EndTurn())
    assert g.winner == 1 and g.phase == GAME_OVER and g.to_act is None
    assert events[-1].kind == "game_over" and events[-1].data["winner"] == 1
    check_invariants(g)


def test_edge_42_public_score_hides_vp_cards_win_counts_them() -> None:
    """§16.42: public scores exclude unrevealed VP cards; the win check includes them."""
    g = started(4, current=0)
    for v in (3, 15, 21):
        put_settlement(g, 1, v, city=True)
    for v in (26, 47, 50):
        put_settlement(g, 1, v)
    give_dev(g, 1, "victory_point")
    for seat in (0, 2, 3, None):
        assert g.view(seat)["players"][1]["public_vp"] == 9
    assert g.view(1)["me"]["vp"] == 10
    assert g.scores()[1] == 10 and g.winner is None
    g.apply(EndTurn())
    assert g.winner == 1 and g.phase == GAME_OVER
    assert g.view(0)["scores"][1] == 10
    check_invariants(g)


def test_edge_41b_no_win_if_points_lost_before_own_turn() -> None:
    """§16.41 (second half): the win needs 10+ still at the start of one's own turn."""
    g = started(4, current=0)
    put_settlement(g, 3, 11)
    put_path(g, 3, P_M1)  # seat 3 holds Longest Road with 8 roads
    put_settlement(g, 2, 43, city=True)
    put_settlement(g, 2, 46, city=True)
    for v in (52, 21, 26, 3):
        put_settlement(g, 2, v)
    put_path(g, 2, P_2)
    assert g.longest_holder == 3 and g.vp_public[2] == 8
    put_settlement(g, 0, 23)
    put_path(g, 0, (23, 18, 13))
    give(g, 0, brick=1, lumber=1, wool=1, grain=1)
    g.apply(BuildSettlement(13))  # cuts seat 3: seat 2 takes the card, 10 points
    assert g.longest_holder == 2 and g.total_vp(2) == 10 and g.winner is None
    g.apply(EndTurn())
    assert g.current == 1 and g.winner is None  # not seat 2's turn yet
    roll(g, 8)
    put_settlement(g, 1, 51)
    put_path(g, 1, (51, 48, 44))
    give(g, 1, brick=1, lumber=1, wool=1, grain=1)
    g.apply(BuildSettlement(44))  # cuts seat 2's trail: 2 | 4
    assert g.longest_holder == -1 and g.total_vp(2) == 8
    g.apply(EndTurn())
    assert g.current == 2 and g.winner is None and g.phase == PRE_ROLL
    check_invariants(g)
