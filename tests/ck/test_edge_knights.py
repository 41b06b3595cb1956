"""Rules §16 edge cases 25-31: building, activating, promoting and moving knights."""

from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.rulesets.base.actions import BuildSettlement
from engine.rulesets.ck.actions import (
    ActivateKnight,
    BuildKnight,
    ChooseSeat,
    MoveKnight,
    PlaceKnight,
    PlayProgress,
    PromoteKnight,
    RemoveKnight,
)

from .ckfix import NV, act, knights, levels, path, position, seat

KNIGHT_HAND = {"wool": 2, "ore": 2, "grain": 2}


def test_edge_25_a_new_knight_may_be_activated_but_not_act_or_be_promoted() -> None:
    game = position(
        pieces=[seat(settlements=(12,), roads=path(12, 17, 23)), seat(), seat()],
        hands=[KNIGHT_HAND, {}, {}],
    )
    assert BuildKnight(17) in game.legal_actions() and BuildKnight(12) not in game.legal_actions()
    act(game, BuildKnight(17))
    assert game.knight_owner[17] == 0 and not game.knight_active[17]
    act(game, ActivateKnight(17))
    assert game.knight_active[17]
    assert game.check(MoveKnight(17, 23)) == "a knight cannot act in the turn it was built"
    assert game.check(PromoteKnight(17)) == "a knight cannot be promoted in the turn it was built"


WAITS = "a knight activated this turn acts from your next turn on (this game's rule)"


@pytest.mark.parametrize("wait", [False, True])
def test_edge_25_a_knight_activated_this_turn_acts_at_once_unless_the_table_says_wait(
    wait: bool,
) -> None:
    """Spec §10.5: a knight built earlier and activated this turn may act (the default). Some
    rule summaries read the rulebook's sentence as "not in the turn it was activated": the
    option `activated_knights_wait` plays that reading (a knight active already is not held)."""
    game = position(
        pieces=[seat(settlements=(12,), roads=path(12, 17, 23, 29)), seat(), seat()],
        hands=[KNIGHT_HAND, {}, {}],
        options={"activated_knights_wait": wait},
        **knights(NV, {17: (0, 1, 0), 29: (0, 1, 1)}),
    )
    act(game, ActivateKnight(17))
    if wait:
        assert game.check(MoveKnight(17, 23)) == WAITS
        assert not [a for a in game.legal_actions() if isinstance(a, MoveKnight) and a.vertex == 17]
    else:
        assert game.check(MoveKnight(17, 23)) is None
    assert game.check(MoveKnight(29, 23)) is None  # active before this turn: it acts


def test_edge_25_knights_the_warlord_wakes_wait_too_where_the_table_says_so() -> None:
    game = position(
        pieces=[seat(settlements=(12,), roads=path(12, 17, 23, 29)), seat(), seat()],
        progress=[{"warlord": 1}, {}, {}],
        options={"activated_knights_wait": True},
        **knights(NV, {17: (0, 1, 0), 29: (0, 1, 1)}),
    )
    act(game, PlayProgress("warlord"))
    assert game.knight_active[17] and game.knight_active[29]
    assert game.check(MoveKnight(17, 23)) == WAITS
    assert game.check(MoveKnight(29, 23)) is None


def test_edge_26_a_knight_that_acted_and_was_reactivated_cannot_act_again() -> None:
    game = position(
        pieces=[seat(settlements=(12,), roads=path(12, 17, 23)), seat(), seat()],
        hands=[KNIGHT_HAND, {}, {}],
        **knights(NV, {17: (0, 1, 1)}),
    )
    act(game, MoveKnight(17, 23))
    assert game.knight_owner[23] == 0 and not game.knight_active[23]
    act(game, ActivateKnight(23))
    assert game.check(MoveKnight(23, 17)) == "a knight acts at most once per turn"


def test_edge_27_mighty_needs_the_fortress_but_a_deserter_brings_one_without() -> None:
    fortress = "promoting to a mighty knight needs the Fortress (politics level 3)"
    game = position(
        pieces=[
            seat(settlements=(12,), roads=path(12, 17, 23)),
            seat(settlements=(38,), roads=path(38, 33)),
            seat(),
        ],
        hands=[KNIGHT_HAND, {}, {}],
        progress=[{"deserter": 1}, {}, {}],
        **knights(NV, {17: (0, 2, 1), 33: (1, 3, 0)}),
    )
    assert game.check(PromoteKnight(17)) == fortress
    act(game, PlayProgress("deserter"))
    assert game.legal_actions() == [ChooseSeat(1)]
    act(game, ChooseSeat(1))
    assert game.to_act == 1 and game.legal_actions() == [RemoveKnight(33)]
    act(game, RemoveKnight(33))
    assert game.to_act == 0 and PlaceKnight(23) in game.legal_actions()
    act(game, PlaceKnight(23))
    assert (game.knight_owner[23], game.knight_level[23]) == (0, 3)
    assert game.knight_owner[33] == -1 and game.knights_left[3:6] == [2, 2, 2]
    with_fortress = position(
        pieces=[seat(settlements=(12,), roads=path(12, 17)), seat(), seat()],
        hands=[KNIGHT_HAND, {}, {}],
        levels=levels(3, seat_0=(0, 3, 0)),
        **knights(NV, {17: (0, 2, 1)}),
    )
    act(with_fortress, PromoteKnight(17))
    assert with_fortress.knight_level[17] == 3 and with_fortress.knight_active[17] == 1


def test_edge_28_no_promotion_while_both_stronger_knights_are_on_the_board() -> None:
    game = position(
        pieces=[seat(settlements=(12,), roads=path(12, 17, 23, 29)), seat(), seat()],
        hands=[KNIGHT_HAND, {}, {}],
        **knights(NV, {17: (0, 1, 1), 23: (0, 2, 0), 29: (0, 2, 0)}),
    )
    assert game.check(PromoteKnight(17)) == "both your strong knights are already on the board"
    assert PromoteKnight(17) not in game.legal_actions()


def test_edge_29_equal_knights_cannot_be_displaced_a_weaker_one_with_nowhere_to_go_is_lost() -> (
    None
):
    equal = position(
        pieces=[seat(settlements=(12,), roads=path(12, 17, 23)), seat(), seat()],
        **knights(NV, {17: (0, 2, 1), 23: (1, 2, 1)}),
    )
    assert equal.check(MoveKnight(17, 23)) == (
        "a knight displaces only a weaker rival knight it reaches along your roads"
    )
    weaker = position(
        pieces=[seat(settlements=(12,), roads=path(12, 17, 23)), seat(), seat()],
        **knights(NV, {17: (0, 2, 1), 23: (1, 1, 1)}),
    )
    events = act(weaker, MoveKnight(17, 23))
    assert (weaker.knight_owner[23], weaker.knight_level[23]) == (0, 2)
    assert weaker.knights_left[3:6] == [2, 2, 2]
    lost = {"kind": "knight_displaced", "seat": 1, "vertex": 23, "strength": 1, "fate": "supply"}
    assert lost in events
    assert weaker.phase == "main"


def test_edge_29_a_displaced_knight_with_a_road_home_is_moved_by_its_owner() -> None:
    game = position(
        pieces=[
            seat(settlements=(12,), roads=path(12, 17, 23)),
            seat(settlements=(35,), roads=path(35, 29, 23)),
            seat(),
        ],
        **knights(NV, {17: (0, 2, 1), 23: (1, 1, 1)}),
    )
    act(game, MoveKnight(17, 23))
    assert game.phase == "displaced" and game.to_act == 1
    assert [a.to_json() for a in game.legal_actions()] == [
        {"type": "relocate_knight", "vertex": 29}
    ]
    act(game, game.legal_actions()[0])
    assert (game.knight_owner[29], game.knight_level[29], game.knight_active[29]) == (1, 1, 1)


def test_edge_30_a_knight_between_two_rival_roads_cuts_longest_road() -> None:
    game = position(
        pieces=[
            seat(settlements=(22,), roads=path(22, 28)),
            seat(settlements=(27,), roads=path(27, 33, 28, 34, 29, 35)),
            seat(),
        ],
        hands=[KNIGHT_HAND, {}, {}],
    )
    assert game.longest_holder == 1 and game.vp_public[1] == 3
    events = act(game, BuildKnight(28))
    assert game.road_length[1] == 3 and game.longest_holder == -1 and game.vp_public[1] == 1
    assert any(e["kind"] == "longest_road" and e["previous"] == 1 for e in events)


def test_edge_31_no_settlement_on_your_own_knight() -> None:
    game = position(
        pieces=[seat(settlements=(12,), roads=path(12, 17, 23)), seat(), seat()],
        hands=[{"brick": 1, "lumber": 1, "wool": 1, "grain": 1}, {}, {}],
        **knights(NV, {23: (0, 1, 0)}),
    )
    assert BuildSettlement(23) not in game.legal_actions()
    with pytest.raises(IllegalAction, match="vertex 23 holds a knight"):
        game.apply(BuildSettlement(23))
