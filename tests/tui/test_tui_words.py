"""Narration (events in words) and the mapping from legal actions to keyed commands."""

from __future__ import annotations

import random

from engine.config import GameConfig
from engine.registry import new_game
from tui import choices
from tui.narrate import narrate, seat_names

NAMES = seat_names(4)


def test_base_events_read_well() -> None:
    assert narrate({"kind": "build", "seat": 1, "piece": "road", "edge": 3}, NAMES) == (
        "Blue built a road."
    )
    assert narrate({"kind": "build", "seat": 0, "piece": "city", "vertex": 3}, NAMES, 0) == (
        "You built a city."
    )
    assert narrate({"kind": "dice", "seat": 2, "dice": [3, 4], "total": 7}, NAMES) == (
        "White rolled 7 (3 + 4)."
    )
    stolen = {"kind": "steal", "thief": 3, "victim": 0, "resource": None}
    assert narrate(stolen, NAMES, 0) == "Orange stole a card from you."
    assert narrate(dict(stolen, resource="ore"), NAMES, 3) == "You stole 1 ore from Red."
    offer = {
        "kind": "trade_offer",
        "trade": {"offerer": 1, "give": {"ore": 1}, "get": {"wool": 2}, "to": []},
    }
    assert narrate(offer, NAMES) == "Blue offers 1 ore for 2 wool to everyone."


def test_every_event_of_a_played_game_gets_a_sentence() -> None:
    for ruleset, steps in (("base", 3000), ("starfarers", 2000)):
        game = new_game(GameConfig(ruleset, 4, 5, {}))
        rng = random.Random(5)
        for _ in range(steps):
            if game.to_act is None:
                break
            legal = [a for a in game.legal_actions() if a.type != "offer_trade"]
            for event in game.apply(rng.choice(legal)):
                for seat in (None, 0, 1):
                    line = narrate(event.for_seat(seat), NAMES, seat)
                    assert line and "{" not in line, (event.kind, line)


def test_generic_events_name_the_actor() -> None:
    line = narrate({"kind": "found_colony", "seat": 2, "site": 64}, NAMES)
    assert line == "White: found colony (site 64)."


def test_commands_for_base_actions() -> None:
    legal = [
        {"type": "build_road", "edge": 4},
        {"type": "build_road", "edge": 9},
        {"type": "build_settlement", "vertex": 12},
        {"type": "maritime_trade", "give": "ore", "get": "wool"},
        {"type": "end_turn"},
    ]
    cmds = {c.key: c for c in choices.commands(legal)}
    assert set(cmds) == {"d", "s", "m", "e"}
    assert cmds["d"].mode == "target" and cmds["d"].target_kind == "edge"
    assert sorted(cmds["d"].targets()) == [4, 9]
    assert cmds["m"].mode == "dialog" and cmds["e"].mode == "direct"


def test_commands_for_starfarers_and_unknown_actions() -> None:
    legal = [
        {"type": "build_ship", "kind": "colony", "site": 5},
        {"type": "build_ship", "kind": "trade", "site": 5},
        {"type": "fly_step", "ship": 40, "to": 41},
        {"type": "warp_drive", "sector": 3},
        {"type": "warp_drive", "sector": 4},
        {"type": "ponder"},
    ]
    cmds = {c.key: c for c in choices.commands(legal, "starfarers")}
    assert cmds["c"].label == "Build a colony ship" and cmds["c"].target_kind == "point"
    assert cmds["i"].label == "Build a trade ship"
    assert cmds["w"].targets() == {41: legal[2]}
    assert cmds["1"].mode == "target" and cmds["1"].target_kind == "sector"
    assert cmds["2"].mode == "direct"


def test_a_lone_decision_opens_by_itself() -> None:
    cmds = choices.commands([{"type": "discard", "resource": "ore"}])
    assert choices.auto_command(cmds) is cmds[0]
    assert choices.auto_command(choices.commands([{"type": "roll"}])) is None
