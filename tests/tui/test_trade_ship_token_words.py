"""A trade ship token is explained where the log's "You got a trade ship token" sends a
player: the Equipment panel counts it by that name, and F1 says what it is (rules §6.3
TRADESHIP: a free trade ship, placed at the first moment it can be)."""

from __future__ import annotations

import copy

from engine import GameConfig, new_game
from tui import rules
from tui.widgets.equipment import mothership_section


def test_the_equipment_panel_counts_trade_ship_tokens_by_the_logs_name() -> None:
    view = new_game(GameConfig("starfarers", 4, 5, {"variant": "first_game"})).view(0)
    assert view["players"][0]["trade_ship_tokens"] == 0
    assert "trade ship" not in mothership_section(view).plain.lower()  # nothing to say at 0
    owed = copy.deepcopy(view)
    owed["players"][0]["trade_ship_tokens"] = 1
    shown = mothership_section(owed).plain
    assert "Trade ship tokens: 1 (free trade ships, placed at a spaceport" in shown


def test_f1_says_what_a_trade_ship_token_is() -> None:
    guide = " ".join(rules.guide("starfarers").split())
    assert "trade ship token** from an encounter is a free trade ship" in guide
    assert "beside one of your spaceports on your turn once a site there is free" in guide
