"""Pilot tests: whole games with keys alone, trading, save and continue."""

from __future__ import annotations

import time
from pathlib import Path

import tui_saves
from tui_keys import game_screen, play_to_the_end, step, wait_for_decision

from engine.config import GameConfig
from tui.app import CatanApp
from tui.screens.dialogs.game_over import GameOverDialog

SEATS = ["human", "random", "random", "random"]
WHOLE_GAME_SEATS = ["human", "greedy", "greedy", "greedy"]


async def test_a_whole_base_game_with_keys_alone(tmp_path: Path) -> None:
    """Seed 3, against three greedy bots: they build toward a win, so the game ends in a
    few dozen turns (against random bots it took 436 turns and over three minutes)."""
    config = GameConfig("base", 4, 3, {})
    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(config, WHOLE_GAME_SEATS))
    began = time.monotonic()
    async with app.run_test(size=(120, 40)) as pilot:
        steps = await play_to_the_end(pilot)
        assert isinstance(app.screen, GameOverDialog)
        over = app.screen.over
        assert over["winner"] is not None
        text = str(app.screen.query_one("#length").render())
        assert "turns" in text
        print(f"{steps} decisions, {over['stats']['turns']} turns, {time.monotonic() - began:.1f}s")
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "MainMenuScreen"


async def test_save_quit_and_continue_to_the_same_decision(tmp_path: Path) -> None:

    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(GameConfig("base", 4, 5, {}), SEATS))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(10):
            await step(pilot)
        while await wait_for_decision(pilot) != "turn":
            await step(pilot)
        screen = game_screen(app)
        assert screen is not None
        rev, legal, view = screen.rev, list(screen.legal), screen.view
        await pilot.press("q", "y")
        await pilot.pause()
        assert type(app.screen).__name__ == "MainMenuScreen"
        assert tui_saves.only_autosave(tmp_path).exists()
        await pilot.press("c")
        assert await wait_for_decision(pilot) == "turn"
        again = game_screen(app)
        assert again is not None and again is not screen
        assert again.rev == rev
        assert again.legal == legal
        assert again.view == view


async def test_continue_with_a_corrupt_autosave_shows_a_message(tmp_path: Path) -> None:
    (tmp_path / "autosave.json").write_text('{"format": "catan-save", "version": 1, "act')
    app = CatanApp(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert type(app.screen).__name__ == "MainMenuScreen"
        assert app.load_error is not None and "not a save" in app.load_error
    assert (tmp_path / "autosave.json").read_text().endswith('"act')


async def test_continue_without_an_autosave_stays_on_the_menu(tmp_path: Path) -> None:
    app = CatanApp(saves_dir=tmp_path / "none")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert type(app.screen).__name__ == "MainMenuScreen"


async def test_a_too_small_terminal_gets_a_message() -> None:
    app = CatanApp()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "TooSmallScreen"
        assert "at least 80x24" in str(app.screen.query_one("#msg").render())
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert type(app.screen).__name__ == "MainMenuScreen"


async def test_new_game_screen_starts_a_game(tmp_path: Path) -> None:
    app = CatanApp(saves_dir=tmp_path, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert type(app.screen).__name__ == "NewGameScreen"
        app.screen.query_one("#seed").value = "11"
        await pilot.press("f5")

        assert await wait_for_decision(pilot) in ("target", "turn")
        screen = game_screen(app)
        assert screen is not None and screen.view is not None
        assert screen.view["config"]["seats"] == 4


async def test_starfarers_with_keys_alone(tmp_path: Path) -> None:
    """Setup, production, flights, shakes and encounters, all answered with keys."""
    from tui.screens.dialogs.choice import ChoiceDialog

    app = CatanApp(
        saves_dir=tmp_path, speed="instant", play=(GameConfig("starfarers", 4, 4, {}), SEATS)
    )
    titles: set[str] = set()
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(100):
            kind = await wait_for_decision(pilot)
            if isinstance(app.screen, ChoiceDialog):
                titles.add(app.screen.title_text)
            if await step(pilot) == "over":
                break
        screen = game_screen(app)
        assert screen is not None and screen.view is not None
        assert screen.view["turn"] >= 5
        assert kind
    assert "The mothership shake" in titles


async def test_new_game_screen_offers_two_players_for_base(tmp_path: Path) -> None:
    app = CatanApp(saves_dir=tmp_path, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        from textual.widgets import Select

        players = app.screen.query_one("#players", Select)
        assert 2 in [value for _, value in players._options]
        players.value = 2
        await pilot.pause()
        assert len(app.screen.query(".seat")) == 2  # one seat row per player
        app.screen.query_one("#seed").value = "11"
        await pilot.press("f5")

        assert await wait_for_decision(pilot) in ("target", "turn")
        screen = game_screen(app)
        assert screen is not None and screen.view is not None
        assert screen.view["config"]["seats"] == 2


async def test_a_two_player_base_game_shows_two_seats_and_plays_on(tmp_path: Path) -> None:
    from tui.widgets.scoreboard import Scoreboard

    config = GameConfig("base", 2, 7, {})
    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(config, ["human", "random"]))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_decision(pilot)
        screen = game_screen(app)
        assert screen is not None
        board = screen.query_one(Scoreboard)
        assert board.view is not None and len(board.view["players"]) == 2
        table = board.render()
        assert table.row_count == 2
        assert "(you)" in str(list(table.columns[1].cells)[screen.view["seat"]])
        for _ in range(12):  # the setup placements and the first turns, by keys
            await step(pilot)
        assert screen.view is not None and screen.view["turn"] >= 1
