"""The equipment panel's words. Starfarers' lines fit the side column at 120x40 (41 cells
with its scrollbar) on one line each (seen: "Freight pods: 1 (docks at an outpost with no
station)" wrapped, the column ran a row over and its scrollbar narrowed the Trade panel,
which wrapped in turn); the base game's development cards read as cards."""

from __future__ import annotations

import copy
from typing import Any

from engine import GameConfig, new_game
from tui.widgets.equipment import mothership_section

WIDTH = 41  # the Equipment panel's text at 120x40, with the column's scrollbar


def test_every_pod_count_is_said_on_one_line_at_120x40() -> None:
    view = new_game(GameConfig("starfarers", 4, 5, {"variant": "first_game"})).view(0)
    said = {}
    for pods in range(6):
        mine = copy.deepcopy(view)
        mine["players"][0]["pods"] = pods
        line = next(
            line for line in mothership_section(mine).plain.split("\n") if "Freight pods" in line
        )
        assert len(line) <= WIDTH, line
        said[pods] = line
    assert said[0] == "Freight pods: 0 (cannot dock)"
    assert said[1] == "Freight pods: 1 (docks at empty outposts)"
    assert said[3] == "Freight pods: 3 (docks if < 3 stations)"


def test_development_cards_are_named_with_a_count_after_one_held_twice() -> None:
    """Seen at 80x24 in Fleet: "Cards: 2 Victory Point, 1" over "Monopoly" (no plural, and
    a count split from its card). Held twice, a card says "x2" after its name, as C&K's
    progress cards do; a new card waits on its own line."""
    from tui.widgets.equipment import development_section

    view: dict[str, Any] = {
        "seat": 0,
        "players": [{"knights": 1, "road_length": 3}],
        "me": {
            "development": {"victory_point": 2, "monopoly": 1, "knight": 0},
            "development_new": {"knight": 1},
        },
    }
    lines = development_section(view).plain.splitlines()
    assert lines[:2] == ["Cards: Victory Point x2, Monopoly", "New (next turn): Knight"]
    assert all(len(line) <= 33 for line in lines), lines


def test_army_and_road_share_a_line_where_it_holds_both() -> None:
    """Fleet's side column ran 7 rows over at 120x40: the army and the road are one line
    where the panel's width holds both (30 columns at 80x24 hold the short form), two where
    a title makes it longer."""
    from tui.widgets.equipment import development_section

    short: dict[str, Any] = {"seat": 0, "players": [{"knights": 0, "road_length": 1}]}
    assert development_section(short, 30).plain.splitlines() == ["Army: 0 knights · Road: 1 long"]
    titled: dict[str, Any] = {
        "seat": 0,
        "players": [{"knights": 3, "largest_army": True, "road_length": 6}],
    }
    assert development_section(titled, 30).plain.splitlines() == [
        "Army: 3 knights (Largest Army)",
        "Road: 6 long",
    ]
    assert development_section(titled, 45).plain.splitlines() == [
        "Army: 3 knights (Largest Army) · Road: 6 long"
    ]
