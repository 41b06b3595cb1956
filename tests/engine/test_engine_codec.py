"""Actions' JSON form: every base action type round-trips; malformed JSON is IllegalAction."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import IllegalAction, get_ruleset
from engine.actions import Action, make_bag

CODEC = get_ruleset("base").codec
RESOURCES = ("brick", "lumber", "wool", "grain", "ore")

EXPECTED_TYPES = {
    "roll",
    "end_turn",
    "discard",
    "move_robber",
    "steal",
    "maritime_trade",
    "offer_trade",
    "accept_trade",
    "decline_trade",
    "counter_trade",
    "confirm_trade",
    "cancel_trade",
    "build_settlement",
    "build_road",
    "build_city",
    "buy_development",
    "play_knight",
    "play_road_building",
    "play_year_of_plenty",
    "take_resource",
    "play_monopoly",
    "pick_gold",  # a gold field's pick (a core rule; the base boards have no gold)
}


def sample_value(name: str, ftype: str) -> Any:
    if "Bag" in ftype:
        return make_bag({"ore": 2, "brick": 1})
    if ftype.startswith("tuple"):
        return (1, 3)
    if ftype.startswith("int"):
        return 7
    if ftype.startswith("str"):
        return "grain"
    raise AssertionError(f"no sample for {name}: {ftype}")


def sample(cls: type[Action]) -> Action:
    kwargs = {f.name: sample_value(f.name, str(f.type)) for f in dataclasses.fields(cls)}
    return cls(**kwargs)


def test_every_base_action_type_is_registered() -> None:
    assert set(CODEC.by_type) == EXPECTED_TYPES


@pytest.mark.parametrize("kind", sorted(EXPECTED_TYPES))
def test_round_trip(kind: str) -> None:
    action = sample(CODEC.by_type[kind])
    data = action.to_json()
    assert data["type"] == kind
    assert CODEC.decode(data) == action
    # Through real JSON text too (tuples become lists, bags objects).
    assert CODEC.decode(json.loads(json.dumps(data))) == action


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    give=st.dictionaries(st.sampled_from(RESOURCES), st.integers(0, 5)),
    get=st.dictionaries(st.sampled_from(RESOURCES), st.integers(0, 5)),
    to=st.lists(st.integers(0, 3), max_size=3),
)
def test_offer_round_trip(give: dict[str, int], get: dict[str, int], to: list[int]) -> None:
    offer = CODEC.by_type["offer_trade"](make_bag(give), make_bag(get), tuple(to))
    text = json.dumps(offer.to_json())
    decoded = CODEC.decode(json.loads(text))
    assert decoded == offer
    assert hash(decoded) == hash(offer)
    assert dict(decoded.give) == {k: v for k, v in give.items() if v}  # type: ignore[attr-defined]


def test_offer_default_to_may_be_omitted() -> None:
    decoded = CODEC.decode({"type": "offer_trade", "give": {"ore": 1}, "get": {"wool": 1}})
    assert decoded.to_json() == {
        "type": "offer_trade",
        "give": {"ore": 1},
        "get": {"wool": 1},
        "to": [],
    }


@pytest.mark.parametrize(
    ("data", "fragments"),
    [
        ({"type": "fly"}, ("unknown action type 'fly'", "build_road")),
        ({}, ("unknown action type None",)),
        ({"type": 5}, ("unknown action type 5",)),
        ("roll", ("must be a JSON object", "str")),
        (["roll"], ("must be a JSON object", "list")),
        (None, ("must be a JSON object",)),
        ({"type": "build_road"}, ("needs the field 'edge'",)),
        ({"type": "discard"}, ("needs the field 'resource'",)),
        ({"type": "offer_trade", "give": {"ore": 1}}, ("needs the field 'get'",)),
        ({"type": "build_road", "edge": "7"}, ("'edge'", "must be an integer")),
        ({"type": "build_road", "edge": 7.0}, ("must be an integer",)),
        ({"type": "build_road", "edge": True}, ("must be an integer",)),
        ({"type": "build_road", "edge": None}, ("must be an integer",)),
        ({"type": "discard", "resource": 3}, ("'resource'", "must be a string")),
        ({"type": "steal", "victim": [1]}, ("must be an integer",)),
        ({"type": "offer_trade", "give": ["ore"], "get": {"wool": 1}}, ("must map resource",)),
        ({"type": "offer_trade", "give": {"ore": -1}, "get": {"wool": 1}}, ("must map resource",)),
        ({"type": "offer_trade", "give": {"ore": "1"}, "get": {"wool": 1}}, ("must map resource",)),
        (
            {"type": "offer_trade", "give": {"ore": 1}, "get": {"wool": 1}, "to": [1, "2"]},
            ("'to'", "list of integers"),
        ),
        ({"type": "offer_trade", "give": {"ore": 1}, "get": {"wool": 1}, "to": 2}, ("list",)),
        ({"type": "roll", "dice": 12}, ("unknown fields: dice",)),
        ({"type": "build_road", "edge": 1, "x": 0, "a": 1}, ("unknown fields: a, x",)),
        ({"type": "roll", 1: 2}, ("unknown fields: 1",)),  # from Python callers only
    ],
)
def test_malformed_actions(data: Any, fragments: tuple[str, ...]) -> None:
    with pytest.raises(IllegalAction) as info:
        CODEC.decode(data)
    message = str(info.value)
    assert "\n" not in message
    for fragment in fragments:
        assert fragment in message, message


def test_apply_json_rejects_malformed_without_change() -> None:
    """Seed 1: Game.apply_json refuses a malformed action and leaves the game alone."""
    from engine import GameConfig, new_game

    game = new_game(GameConfig("base", 4, seed=1))
    before = game.snapshot()
    with pytest.raises(IllegalAction):
        game.apply_json({"type": "build_settlement", "vertex": "north"})
    assert game.snapshot() == before and game.log == []
    vertex = game.legal_actions()[0].to_json()
    game.apply_json(vertex)
    assert len(game.log) == 1
