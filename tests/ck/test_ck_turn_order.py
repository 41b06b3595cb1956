"""The roll's resolution order beyond the numbered cases: draws in turn order with a 5th card
settled before the next seat draws, a 5th card played on one's own turn, knights' paths and
the robber chased after the first attack."""

from __future__ import annotations

from engine.rulesets.ck.actions import ChaseRobber, DiscardProgress, MoveKnight, PlayProgress
from engine.rulesets.ck.cards import POLITICS
from engine.shared.actions import MoveRobber, Roll

from .ckfix import NV, act, decks, knights, levels, path, position, seat, spur

HOMES = [
    seat(cities=(12,), roads=[spur(12)]),
    seat(cities=(38,), roads=[spur(38)]),
    seat(cities=(46,), roads=[spur(46)]),
]
FOUR = {"spy": 2, "deserter": 2}


def test_gate_draws_go_in_turn_order_and_a_fifth_card_is_settled_before_the_next_draw() -> None:
    held = [{}, {}, FOUR]
    game = position(
        current=1,
        pending=[["pre_roll", 1, None]],
        dice=None,
        forced_dice=[[1, 2, 5]],
        pieces=HOMES,
        progress=held,
        levels=levels(3, seat_0=(0, 1, 0), seat_1=(0, 1, 0), seat_2=(0, 1, 0)),
        progress_decks=decks({POLITICS: ["warlord", "wedding", "saboteur"]}, held=held),
    )
    events = act(game, Roll())
    drawn = [e["seat"] for e in events if e["kind"] == "progress_drawn"]
    assert drawn == [1, 2]  # seat 2's 5th card stops the draws until it is settled
    assert game.phase == "progress_limit" and game.to_act == 2
    act(game, DiscardProgress("spy"))
    assert game.progress_count(0) == 1 and game.phase == "main" and game.to_act == 1
    assert game.row(game.dev_hands, 1)[game.DEV_CARDS.index["warlord"]] == 1
    assert game.row(game.dev_hands, 0)[game.DEV_CARDS.index["saboteur"]] == 1


def test_a_fifth_card_on_ones_own_turn_may_be_played_instead_of_discarded() -> None:
    held = [{"warlord": 2, "spy": 2}, {}, {}]
    game = position(
        pending=[["pre_roll", 0, None]],
        dice=None,
        forced_dice=[[1, 2, 5]],
        pieces=[seat(cities=(12,), roads=path(12, 17)), HOMES[1], HOMES[2]],
        progress=held,
        levels=levels(3, seat_0=(0, 1, 0)),
        progress_decks=decks({POLITICS: ["wedding"]}, held=held),
        **knights(NV, {17: (0, 1, 0)}),
    )
    act(game, Roll())
    assert game.phase == "progress_limit" and game.to_act == 0
    assert PlayProgress("warlord") in game.legal_actions()
    act(game, PlayProgress("warlord"))
    assert game.knight_active[17] == 1
    assert game.progress_count(0) == 4 and game.phase == "main"


def test_a_knight_passes_its_own_pieces_but_not_a_rivals() -> None:
    game = position(
        pieces=[
            seat(settlements=(17,), roads=path(12, 17, 23, 29, 35)),
            seat(settlements=(40,), roads=[spur(40)]),
            seat(),
        ],
        **knights(NV, {12: (0, 1, 1), 23: (0, 1, 0), 29: (2, 1, 1)}),
    )
    moves = sorted(a.to for a in game.legal_actions() if isinstance(a, MoveKnight))
    assert moves == []  # 17 is a settlement, 23 a knight of its own, 29 a rival of equal strength
    stronger = position(
        pieces=[seat(settlements=(17,), roads=path(12, 17, 23, 29, 35)), seat(), seat()],
        **knights(NV, {12: (0, 2, 1), 29: (2, 1, 1)}),
    )
    moves = sorted(a.to for a in stronger.legal_actions() if isinstance(a, MoveKnight))
    assert moves == [23, 29]  # displacing the weaker knight at 29 stops it there


def test_after_the_first_attack_a_knight_next_to_the_robber_chases_it() -> None:
    game = position(
        pieces=HOMES,
        hands=[{}, {}, {"ore": 1}],
        robber_active=True,
        **knights(NV, {24: (0, 1, 1)}),
    )
    assert ChaseRobber(24) in game.legal_actions()
    act(game, ChaseRobber(24))
    assert game.knight_active[24] == 0 and game.phase == "move_robber"
    assert MoveRobber(9) not in game.legal_actions()
    act(game, MoveRobber(18))  # the pasture with seat 2's city
    assert sum(game.hand(2)) == 0 and sum(game.hand(0)) == 1
