"""How `catan play` starts: the first frame drawn is the game, board and panels included."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import tui_saves
from tui_keys import until, wait_for_decision

from engine import saves
from engine.config import GameConfig
from tui.app import CatanApp
from tui.screens.game import GameScreen
from tui.screens.menu import MainMenuScreen
from tui.widgets.map_view import MapView
from tui.widgets.scoreboard import Scoreboard

SEED = 3
SEATS = ["human", "random", "random", "random"]
CONFIG = GameConfig("base", 4, SEED, {})


async def test_the_first_frame_is_the_game_with_its_board(tmp_path: Path) -> None:
    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(CONFIG, SEATS))
    first: list[Any] = []
    real = app._display  # every frame goes through here; the first one is what a person sees

    def display(screen: Any, update: Any) -> None:
        if not first:
            game = isinstance(screen, GameScreen)
            board = screen.query_one(MapView).view if game else None
            scores = screen.query_one(Scoreboard).view if game else None
            first.append((screen, board, scores))
        real(screen, update)

    app._display = display  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_decision(pilot)
        screen, board, scores = first[0]
        assert isinstance(screen, GameScreen)  # no blank screen before it
        assert board is not None and board["ruleset"] == "base"
        assert scores is board
        assert app.screen_stack[0] is screen
        # Resumable before the first action, even though that save was not awaited.
        assert saves.load_path(tui_saves.only_autosave(tmp_path)).config.seed == SEED


async def test_leaving_the_game_play_opened_on_shows_the_menu(tmp_path: Path) -> None:
    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(CONFIG, SEATS))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_decision(pilot)
        await pilot.press("escape", "q", "y")
        await pilot.pause(0.05)
        assert isinstance(app.screen, MainMenuScreen)
        assert app.local is None
        await pilot.press("c")  # continue: back to the same game, on top of the menu
        assert await wait_for_decision(pilot) in ("dialog", "target", "turn")
        assert any(isinstance(s, GameScreen) for s in app.screen_stack[2:])


async def test_an_app_ending_without_quit_stops_its_game_with_it(tmp_path: Path) -> None:
    """A dropped terminal or a harness ends the app without ctrl+q: the table's task is
    cancelled then too, not left pending on the loop ("Task was destroyed but it is pending")."""
    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(CONFIG, ["random"] * 4))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.local is not None and app.local.game.log, "bots playing")
        local = app.local
        assert local is not None and local.task is not None, "the game's table never started"
        assert not local.task.done()
    assert local.task.cancelled()
    assert app.local is None


async def test_loading_a_corrupt_save_at_start_gives_a_message_and_the_menu(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "catan-save", "version": 1, "act')
    app = CatanApp(saves_dir=tmp_path, load=bad)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MainMenuScreen)
        assert app.load_error is not None and "not a save" in app.load_error
        assert any("Cannot load bad.json" in str(n.message) for n in app._notifications)
    assert bad.read_text().endswith('"act')


async def test_catan_load_opens_on_the_game_at_its_decision(tmp_path: Path) -> None:
    import tui_saves

    path = tui_saves.base_midgame(tmp_path)
    expected = saves.load_path(path)
    app = CatanApp(saves_dir=tmp_path, load=path, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        assert await wait_for_decision(pilot) == "turn"
        screen = app.screen_stack[0]
        assert isinstance(screen, GameScreen) and screen.rev == expected.num_actions


async def test_collection_paused_for_the_start_resumes_after_the_first_frame(
    tmp_path: Path,
) -> None:
    import gc

    from tui import startup

    startup.pause()
    try:
        app = CatanApp(saves_dir=tmp_path, speed="instant", play=(CONFIG, SEATS))
        frames: list[int] = []
        real = app._display

        def display(screen: Any, update: Any) -> None:
            real(screen, update)
            frames.append(gc.isenabled())

        app._display = display  # type: ignore[method-assign]
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_for_decision(pilot)
            for _ in range(500):
                if gc.isenabled():
                    break
                await pilot.pause(0.01)
            assert frames and frames[0] is False  # the first frame was made with it paused
            assert gc.isenabled()
            assert gc.get_freeze_count() > 0  # start-up objects kept out of later collections
    finally:
        gc.unfreeze()
        gc.enable()


def test_a_command_that_fails_gives_the_collector_back() -> None:
    import gc

    from tui.cli import main

    assert main(["play", "--seats", "human,wizard,random"]) == 2
    assert gc.isenabled()
