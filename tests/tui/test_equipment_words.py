"""The Starfarers equipment lines fit the side column at 120x40 (41 cells with its
scrollbar) on one line each (seen: "Freight pods: 1 (docks at an outpost with no station)"
wrapped, the column ran a row over and its scrollbar narrowed the Trade panel, which
wrapped in turn)."""

from __future__ import annotations

import copy

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
