"""A whole Starfarers game, setup to the game-over screen, played by the human with keys alone.

The other seats are the built-in greedy bot: random bots wander for thousands of turns
before anyone reaches 15 VP, greedy ones finish a game in a few hundred, which keeps
this test short while still exercising every
screen a Starfarers player meets (setup, shakes, flights, encounters, game over).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import tui_saves
from tui_keys import game_screen, play_to_the_end, until, wait_for_decision

from engine import saves
from engine.config import GameConfig
from engine.headless import replay_steps
from tui.app import CatanApp
from tui.screens.dialogs.game_over import GameOverDialog

SEED = 4  # a whole game in about two minutes of the suite (seed 3 took over three)
SEATS = ["human", "greedy", "greedy", "greedy"]


async def test_a_whole_starfarers_game_with_keys_alone(tmp_path: Path) -> None:
    config = GameConfig("starfarers", 4, SEED, {})
    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(config, SEATS))
    async with app.run_test(size=(120, 40)) as pilot:
        steps = await play_to_the_end(pilot, max_steps=20000)
        assert isinstance(app.screen, GameOverDialog)
        over = app.screen.over
        winner = over["winner"]
        assert winner is not None
        head = str(app.screen.query_one("#winner").render())
        assert app.screen.names[winner] in head
        assert over["scores"][winner] >= 15
        assert over["scores"][winner] == max(over["scores"])
        assert steps > 0 and over["stats"]["turns"] > 0
    game = saves.load_path(tui_saves.only_autosave(tmp_path))
    assert game.to_act is None
    assert game.view(0)["ruleset"] == "starfarers"
    # The person (seat 0) answered encounters and flew ships by keys: replay who did what.
    mine = {action.type for before, action in replay_steps(game) if before.to_act == 0}
    assert {"encounter_answer", "shake", "fly_step", "end_turn"} <= mine


async def test_a_wormhole_jump_asks_which_ship_then_counts_its_places(tmp_path: Path) -> None:
    """Seen in play: the wormhole's jump took the first of three ships whatever the person
    meant, and said "1424 legal points" (three ships' actions counted, not places). With two
    ships or more it asks which ship first, naming each where it stands; then the map offers
    that ship's places, counted once, and Enter sends that ship's jump. Seed 1."""
    from tui.screens.dialogs.choice import ChoiceDialog
    from tui.widgets.action_bar import ActionBar

    def jumping(g: Any) -> bool:
        ships = {a.ship for a in g.legal_actions() if a.type == "jump"} if g.to_act == 0 else ()
        return len(ships) >= 2

    game = tui_saves.play_until("starfarers", 1, jumping)
    assert jumping(game), "no jump with two ships"
    jumps = [a for a in game.legal_actions() if a.type == "jump"]
    ships = sorted({a.ship for a in jumps})
    app = CatanApp(saves_dir=tmp_path, load=tui_saves.write(game, tmp_path), speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_decision(pilot)
        screen = game_screen(app)
        assert screen is not None
        sent: list[dict[str, Any]] = []
        screen._send_soon = lambda action: sent.append(action) if action else None  # type: ignore[method-assign]
        await pilot.press("j")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog), "which ship")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert [value for _, value in dialog.options] == ships
        assert all(str(label).startswith("Your ") for label, _ in dialog.options)
        await pilot.press("down", "enter")  # the second ship
        await until(pilot, lambda: screen.target is not None, "the second ship's places")
        target = screen.target
        assert target is not None and {a["ship"] for a in target.actions} == {ships[1]}
        places = {a.to for a in jumps if a.ship == ships[1]}
        assert set(target.targets()) == places
        status = screen.query_one(ActionBar).status
        assert f"{len(places)} legal points" in status, status
        # and where the cursor is, in words (seen in play: 495 points and no place named)
        from tui.narrate_starfarers import place_namer

        cursor = screen.cursor
        assert cursor is not None
        named = place_namer(screen.view or {})(cursor).strip()
        assert named and f"The cursor is {named}." in status, status
        await pilot.press("enter")
        await until(pilot, lambda: bool(sent), "the jump sent")
        assert sent[0]["type"] == "jump" and sent[0]["ship"] == ships[1]
