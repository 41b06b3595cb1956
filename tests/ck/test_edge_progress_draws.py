"""Rules §16 edge cases 20-24: drawing progress cards, the limit of four, VP cards, Spy and
Alchemist."""

from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.rulesets.ck.actions import ChooseSeat, DiscardProgress, PlayProgress, SetDice
from engine.rulesets.ck.cards import PROGRESS, SCIENCE
from engine.shared.actions import Roll

from .ckfix import act, decks, levels, position, seat, spur

HOMES = [
    seat(cities=(12,), roads=[spur(12)]),
    seat(cities=(38,), roads=[spur(38)]),
    seat(),
]


@pytest.mark.parametrize(("level", "drawn"), [(1, False), (2, True)])
def test_edge_20_a_red_three_draws_from_politics_level_two_not_one(level: int, drawn: bool) -> None:
    game = position(
        pending=[["pre_roll", 0, None]],
        dice=None,
        forced_dice=[[3, 1, 5]],
        pieces=HOMES,
        levels=levels(3, seat_1=(0, level, 0)),
    )
    events = act(game, Roll())
    got = [e for e in events if e["kind"] in ("progress_drawn", "progress_revealed")]
    assert bool(got) is drawn
    assert (game.progress_count(1) + game.vp_public[1] - 2 == 1) is drawn


FOUR = {"spy": 2, "bishop": 2}


def test_edge_21_a_fifth_card_on_anothers_turn_is_discarded_to_the_bottom() -> None:
    game = position(
        pending=[["pre_roll", 0, None]],
        dice=None,
        forced_dice=[[1, 2, 6]],
        pieces=HOMES,
        progress=[{}, FOUR, {}],
        levels=levels(3, seat_1=(0, 0, 1)),
        progress_decks=decks({SCIENCE: ["mining"]}, held=[FOUR]),
    )
    act(game, Roll())
    assert game.phase == "progress_limit" and game.to_act == 1
    assert game.legal_actions() == [DiscardProgress(n) for n in ("bishop", "spy", "mining")]
    act(game, DiscardProgress("spy"))
    assert game.progress_count(1) == 4 and game.phase == "main"
    assert game.progress_decks is not None
    assert game.progress_decks[1][-1] == PROGRESS.index["spy"]


def test_edge_22_a_printer_drawn_with_four_cards_is_revealed_without_a_discard() -> None:
    game = position(
        pending=[["pre_roll", 0, None]],
        dice=None,
        forced_dice=[[1, 2, 6]],
        pieces=HOMES,
        progress=[{}, FOUR, {}],
        levels=levels(3, seat_1=(0, 0, 1)),
        progress_decks=decks({SCIENCE: ["printer"]}, held=[FOUR]),
    )
    events = act(game, Roll())
    assert {"kind": "progress_revealed", "seat": 1, "card": "printer"} in events
    assert game.vp_public[1] == 3 and game.progress_count(1) == 4 and game.phase == "main"


def test_edge_23_spy_never_takes_a_vp_card_and_needs_a_seat_with_cards() -> None:
    game = position(
        pieces=HOMES,
        progress=[{"spy": 1}, {"warlord": 1}, {}],
        revealed=[{}, {"constitution": 1}, {}],
    )
    act(game, PlayProgress("spy"))
    assert game.legal_actions() == [ChooseSeat(1)]
    act(game, ChooseSeat(1))
    assert [a.to_json() for a in game.legal_actions()] == [
        {"type": "take_progress", "card": "warlord"}
    ]
    assert game.view(0)["me"]["looking_at"]["warlord"] == 1  # type: ignore[typeddict-item]
    with pytest.raises(IllegalAction, match="holds no such progress card"):
        game.apply_json({"type": "take_progress", "card": "constitution"})
    nobody = position(pieces=HOMES, progress=[{"spy": 1}, {}, {}])
    assert nobody.check(PlayProgress("spy")) == "Spy needs an opponent holding progress cards"


def test_edge_24_alchemist_only_before_the_roll_and_a_chosen_seven_is_a_seven() -> None:
    after = position(pieces=HOMES, progress=[{"alchemist": 1}, {}, {}])
    assert after.check(PlayProgress("alchemist")) == "Alchemist is played only before the roll"
    game = position(
        pending=[["pre_roll", 0, None]],
        dice=None,
        pieces=HOMES,
        hands=[{}, {"ore": 9}, {}],
        progress=[{"alchemist": 1}, {}, {}],
    )
    assert PlayProgress("alchemist") in game.legal_actions()
    act(game, PlayProgress("alchemist"))
    assert game.phase == "alchemist" and len(game.legal_actions()) == 36
    events = act(game, SetDice(3, 4))
    dice = next(e for e in events if e["kind"] == "dice")
    assert dice["dice"][:2] == [3, 4] and dice["total"] == 7
    assert game.discard_owed == [0, 4, 0] and game.robber == 9
