"""Small words read right: 1 knight, 1 card, 1 legal corner, the base game's 'Development cards'."""

from __future__ import annotations

import copy
from pathlib import Path

import tui_saves
from tui_keys import game_screen, wait_for_decision

from tui.app import CatanApp
from tui.faces import face
from tui.narrate import narrate
from tui.widgets.equipment import EquipmentPanel
from tui.widgets.hand import HandPanel

NAMES = ["Red", "Blue", "White", "Orange"]
BASE = face("base").tell()


def test_one_knight_in_the_log() -> None:
    line = narrate({"kind": "largest_army", "holder": 1, "knights": 1}, NAMES, 0, None, BASE)
    assert line == "Blue now holds the Largest Army (1 knight)."
    gift_event = {"kind": "encounter_gift", "seat": 1, "count": 1, "to": 0}
    gift = narrate(gift_event, NAMES, 0, None, face("starfarers").tell())
    assert gift == "Blue gave 1 card to you."


async def test_panels_say_one_knight_and_one_card(tmp_path: Path) -> None:
    app = CatanApp(saves_dir=tmp_path, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.load_game(tui_saves.base_midgame(tmp_path))
        await wait_for_decision(pilot)
        screen = game_screen(app)
        assert screen is not None and screen.view is not None
        view = copy.deepcopy(screen.view)
        me = view["seat"]
        view["players"][me]["knights"] = 1
        view["development_deck"] = 1
        view["me"]["hand"] = {"brick": 1, "lumber": 0, "wool": 0, "grain": 0, "ore": 0}
        equipment = screen.query_one(EquipmentPanel)
        equipment.view = view
        text = equipment.render().plain
        assert "Army: 1 knight · Road:" in text and "knights" not in text  # one line at 120x40
        assert "Deck: 1 card left" in text
        assert equipment.border_title == "Development cards"
        hand = screen.query_one(HandPanel)
        hand.view = view
        await pilot.pause()
        assert "1 card ·" in str(hand.render().renderables[1])  # type: ignore[attr-defined]
