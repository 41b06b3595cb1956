"""A hint in words (tui.hint_words): the command, the option's words, the key to press."""

from __future__ import annotations

from typing import Any

import pytest

from tui import choices, hint_words

NAMES = ["You", "Blue", "White", "Orange"]


def _line(action: dict[str, Any], legal: list[dict[str, Any]], ruleset: str = "base") -> str:
    cmd, words = hint_words.hint_line(action, choices.commands(legal, ruleset), NAMES)
    if action in legal or action["type"] in ("offer_trade", "counter_trade"):
        assert cmd is not None
    return words


END = {"type": "end_turn"}


@pytest.mark.parametrize(
    ("action", "words"),
    [
        ({"type": "roll"}, "Roll the dice — press r"),
        (
            {"type": "maritime_trade", "give": "wool", "get": "ore"},
            "Trade with the bank: wool for ore — press m",
        ),
        ({"type": "steal", "victim": 2}, "Steal a card: from White — press v"),
        ({"type": "play_knight"}, "Play a development card: Knight — press p"),
        ({"type": "build_road", "edge": 7}, "Build a road — ? shows where"),
    ],
)
def test_a_listed_action_is_its_command_its_words_and_its_key(
    action: dict[str, Any], words: str
) -> None:
    others = [{"type": "steal", "victim": 1}] if action["type"] == "steal" else [END]
    assert _line(action, [action, *others]) == words


def test_an_open_offer_names_the_trade_form_and_its_terms() -> None:
    legal = [{"type": "offer_trade", "give": {"ore": 1}, "get": {"wool": 1}, "to": []}, END]
    offer = {"type": "offer_trade", "give": {"brick": 2}, "get": {"ore": 1}, "to": [1, 2]}
    assert _line(offer, legal) == "Offer a trade: give 2 brick, get 1 ore — press t"


def test_a_choice_without_words_here_is_left_to_its_pop_up() -> None:
    answers = [{"type": "encounter_answer", "answer": i} for i in range(3)]
    assert (
        _line(answers[1], answers, "starfarers") == "Answer the encounter — press d, then ? in it"
    )


def test_a_lone_option_keeps_its_own_words() -> None:
    pod = {"type": "build_upgrade", "kind": "pod"}
    assert _line(pod, [pod, END], "starfarers") == (
        "Build a freight pod (trade stations, ice planets), for 2 ore — press b"
    )


def test_on_its_spot_the_hint_is_short() -> None:
    cmd = choices.commands([{"type": "build_settlement", "vertex": 3}], "base")[0]
    assert hint_words.here(cmd) == "build a settlement here"


def test_a_lone_resource_or_seat_is_named() -> None:
    picks = [{"type": "pick_resource", "resource": r} for r in ("brick", "ore")]
    assert _line(picks[1], picks, "ck") == "Aqueduct: take a resource: 1 ore — press y"
    seats = [{"type": "choose_seat", "seat": s} for s in (1, 2)]
    assert _line(seats[1], seats, "ck") == "Choose an opponent: White — press y"


def test_the_alchemists_dice_are_named_where_the_commands_are_listed() -> None:
    """The actions box behind the Alchemist's pop-up said "then ? in it"; it names the dice."""
    dice = [{"type": "set_dice", "red": r, "yellow": y} for r in (1, 2) for y in (5, 6)]
    words = _line(dice[1], [*dice, {"type": "roll"}], "ck")
    assert words.startswith("Alchemist: set the dice: red 1, yellow 6 — press "), words


def test_a_lone_upgrade_key_says_which_upgrade_it_builds() -> None:
    """Seen in play: with fuel for a booster alone, "b Build an upgrade" built it at once,
    the person having pressed b to see the choices. The key that acts at once says what it
    builds and at what price; with two to choose from, the dialog asks as before."""
    from tui import choices

    lone = choices.commands([{"type": "build_upgrade", "kind": "booster"}], "starfarers")
    (cmd,) = lone
    assert cmd.key == "b" and cmd.mode == "direct"
    assert cmd.label == "Build a booster (+1 speed), for 2 fuel"
    assert cmd.short == "Booster"
    both = choices.commands(
        [{"type": "build_upgrade", "kind": "booster"}, {"type": "build_upgrade", "kind": "pod"}],
        "starfarers",
    )
    (cmd,) = both
    assert cmd.mode == "dialog" and cmd.label == "Build an upgrade"


def test_a_friendship_card_is_hinted_as_its_pop_up_lists_it() -> None:
    """Seen in play: "Take a friendship card: green folk fuel — press p", the card's id."""
    from tui.narrate_starfarers import friendship_words

    cards = [{"type": "take_friendship", "card": c} for c in ("green_folk_fuel", "merchants_ore")]
    said = _line(cards[0], cards, "starfarers")
    assert said == f"Take a friendship card: {friendship_words('green_folk_fuel')} — press p", said
    assert said.startswith("Take a friendship card: Green Folk: fuel"), said
