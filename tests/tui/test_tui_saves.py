"""Every game keeps its own autosave: new games and loads never write over another game's.

Continue resumes the one game in progress, or asks which when there are several;
the load screen tells each save the same way. Temporary files a killed writer
left behind are cleaned up at start.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import tui_saves
from tui_keys import game_screen, step, until, wait_for_decision

from engine import saves
from engine.config import GameConfig
from tui import paths
from tui.app import CatanApp
from tui.screens.dialogs.continue_game import ContinueDialog
from tui.screens.game import GameScreen
from tui.screens.load import LoadScreen
from tui.screens.menu import MainMenuScreen

SEATS = ["human", "random", "random", "random"]


async def _make_a_move(pilot: Any) -> GameScreen:
    """One decision by keys, then wait for the next one: the move is applied and autosaved."""
    await wait_for_decision(pilot)
    screen = game_screen(pilot.app)
    assert screen is not None
    before = screen.rev
    await step(pilot)
    await until(pilot, lambda: screen.rev > before, "the move to be applied")
    await wait_for_decision(pilot)
    return screen


async def _to_menu(pilot: Any) -> None:
    await pilot.press("escape", "q", "y")
    await until(pilot, lambda: isinstance(pilot.app.screen, MainMenuScreen), "the main menu")


def _seed_of(path: Path) -> int | None:
    return saves.load_path(path).config.seed


async def test_a_new_game_keeps_the_other_games_autosave_and_continue_offers_both(
    tmp_path: Path,
) -> None:
    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(GameConfig("base", 4, 5, {}), SEATS))
    async with app.run_test(size=(120, 40)) as pilot:
        first = await _make_a_move(pilot)
        rev_a, legal_a = first.rev, list(first.legal)
        [autosave_a] = paths.autosave_files(tmp_path)
        await _to_menu(pilot)

        await pilot.press("n")
        await until(pilot, lambda: app.screen.query("#seed"), "the new game form")
        app.screen.query_one("#seed").value = "6"
        await pilot.press("f5")
        second = await _make_a_move(pilot)
        assert second is not first
        assert app.local is not None and app.local.game.config.seed == 6
        await _to_menu(pilot)

        found = paths.autosave_files(tmp_path)
        assert len(found) == 2 and autosave_a in found
        assert sorted(_seed_of(p) for p in found) == [5, 6]
        assert saves.load_path(autosave_a).num_actions == rev_a  # A's autosave is untouched

        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, ContinueDialog), "the Continue chooser")
        chooser = app.screen
        assert isinstance(chooser, ContinueDialog)
        listed = [g.path for g in chooser.games]
        assert sorted(listed) == sorted(found)
        await pilot.press(*(["down"] * listed.index(autosave_a)), "enter")
        await wait_for_decision(pilot)
        again = game_screen(app)
        assert again is not None and again not in (first, second)
        await until(pilot, lambda: again.rev == rev_a and again.legal, "game A's position")
        assert app.local is not None and app.local.game.config.seed == 5
        assert again.legal == legal_a


def _write_autosave(game: Any, directory: Path, game_id: str, age: float) -> Path:
    path = paths.autosave_path(directory, game_id)
    saves.save_to_path(game, path, {"seats": SEATS, "app": "catan-tui", "game_id": game_id})
    stamp = time.time() - age
    os.utime(path, (stamp, stamp))
    return path


def _games_dir(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A base game and a Starfarers game in progress, a finished game, and a named save."""
    directory = tmp_path / "saves"
    directory.mkdir()
    work = tmp_path / "work"
    work.mkdir()
    base = saves.load_path(tui_saves.base_midgame(work))
    starfarers = saves.load_path(tui_saves.starfarers_midgame(work))
    finished = saves.load_path(tui_saves.base_finished(work))
    base_path = _write_autosave(base, directory, "game-base", age=60)
    star_path = _write_autosave(starfarers, directory, "game-star", age=30)
    over_path = _write_autosave(finished, directory, "game-over", age=10)
    saves.save_to_path(base, directory / "kept.json", {"seats": SEATS})
    return base_path, star_path, over_path


async def test_continue_lists_games_in_progress_with_ruleset_turn_players_and_date(
    tmp_path: Path,
) -> None:
    base_path, star_path, over_path = _games_dir(tmp_path)
    base_turn = saves.load_path(base_path).snapshot()["turn"]
    star_turn = saves.load_path(star_path).snapshot()["turn"]
    app = CatanApp(saves_dir=tmp_path / "saves")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, ContinueDialog), "the Continue chooser")
        chooser = app.screen
        assert isinstance(chooser, ContinueDialog)
        assert [g.path for g in chooser.games] == [star_path, base_path]  # newest first
        lines = [str(line.prompt) for line in chooser.query_one("#games").options]
        assert "Catan: Starfarers · turn " + str(star_turn) in lines[0]
        assert "Catan (base game) · turn " + str(base_turn) in lines[1]
        for line, path in zip(lines, [star_path, base_path], strict=True):
            assert "you + 3 random" in line
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
            assert when in line
        assert over_path not in [g.path for g in chooser.games]
        assert all("finished" not in line for line in lines)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MainMenuScreen), "the menu")

        await pilot.press("l")  # the load screen tells every save the same way
        await until(pilot, lambda: isinstance(app.screen, LoadScreen), "the load screen")
        rows = [str(o.prompt) for o in app.screen.query_one("#saves").options]
        assert len(rows) == 4
        assert any("Catan (base game) · finished" in r for r in rows)
        assert any(r.startswith("Catan (base game) · turn") and "kept" in r for r in rows)


async def test_continue_with_one_game_resumes_it_directly(tmp_path: Path) -> None:
    directory = tmp_path / "saves"
    directory.mkdir()
    path = tui_saves.base_midgame(tmp_path)
    legacy = directory / paths.LEGACY_AUTOSAVE  # the single autosave of older versions
    legacy.write_bytes(path.read_bytes())
    app = CatanApp(saves_dir=directory, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("c")
        assert await wait_for_decision(pilot) == "turn"
        screen = game_screen(app)
        assert screen is not None and screen.rev == saves.load_path(path).num_actions
        assert app.local is not None and app.local.autosave == legacy  # it goes on in its file


async def test_loading_a_save_starts_its_own_autosave(tmp_path: Path) -> None:
    """A save made from game A, loaded and played on, must not write over A's autosave."""
    base_path, _, _ = _games_dir(tmp_path)
    directory = tmp_path / "saves"
    before = base_path.read_bytes()
    app = CatanApp(saves_dir=directory, speed="instant", load=directory / "kept.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await _make_a_move(pilot)
        assert app.local is not None and app.local.autosave not in (base_path, None)
        mine = app.local.autosave
    assert base_path.read_bytes() == before
    assert mine is not None and mine.exists()


def _branch_dir(tmp_path: Path) -> tuple[Path, Path, Any]:
    """Game G's autosave and a save made from G at the same point (`mine.json`)."""
    directory = tmp_path / "saves"
    directory.mkdir()
    game = saves.load_path(tui_saves.base_midgame(tmp_path))
    auto = _write_autosave(game, directory, "20261129-130637-abcdef", age=60)
    named = directory / "mine.json"
    meta = {"seats": SEATS, "app": "catan-tui", "game_id": "20261129-130637-abcdef"}
    saves.save_to_path(game, named, meta)
    return auto, named, game


def test_a_save_of_a_game_whose_autosave_stands_at_it_resumes_that_autosave(
    tmp_path: Path,
) -> None:
    """Seen in play: saved, left, loaded: Continue then listed the game twice, one copy going
    stale. A save made from game G where G's autosave still stands goes on in G's autosave;
    once G has gone past it (or its autosave is gone or unreadable) it is a new line of play."""
    from tui.local import resume_target

    auto, named, game = _branch_dir(tmp_path)
    directory = auto.parent
    game_id = "20261129-130637-abcdef"
    assert resume_target(named, saves.read_save(named), directory) == (game_id, auto)
    # G went on past the save: loading the save is going back, a new line that keeps G's.
    game.apply(game.legal_actions()[0])
    saves.save_to_path(game, auto, {"seats": SEATS, "app": "catan-tui", "game_id": game_id})
    other_id, other = resume_target(named, saves.read_save(named), directory)
    assert other_id != game_id and other is not None and other != auto
    assert other == paths.autosave_path(directory, other_id)
    auto.write_text("{")  # unreadable
    assert resume_target(named, saves.read_save(named), directory)[0] != game_id
    auto.unlink()  # gone
    assert resume_target(named, saves.read_save(named), directory)[0] != game_id


async def test_loading_a_save_of_the_game_in_progress_lists_it_once(tmp_path: Path) -> None:
    """Saved, left, loaded, played on: one game in progress, in its own autosave."""
    auto, named, _ = _branch_dir(tmp_path)
    directory = auto.parent
    app = CatanApp(saves_dir=directory, speed="instant", load=named)
    async with app.run_test(size=(120, 40)) as pilot:
        await _make_a_move(pilot)
        assert app.local is not None and app.local.autosave == auto
        played = app.local.game.num_actions
    autosaves = [p for p in directory.iterdir() if paths.is_autosave(p)]
    assert autosaves == [auto]
    assert saves.load_path(auto).num_actions == played


async def test_stale_temporary_saves_are_cleaned_at_start(tmp_path: Path) -> None:
    old = time.time() - 3600
    stale = tmp_path / ".autosave-20240101-000000-abcdef.json.k3j_9x"
    stale_named = tmp_path / ".my_game.json.q8w7e6"
    fresh = tmp_path / ".autosave-20240101-000000-fedcba.json.zz11yy"  # being written now
    other = tmp_path / ".notes.txt"
    for path in (stale, stale_named, fresh, other):
        path.write_text("{")
    for path in (stale, stale_named, other):
        os.utime(path, (old, old))
    app = CatanApp(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainMenuScreen), "the menu")
    assert not stale.exists() and not stale_named.exists()
    assert fresh.exists() and other.exists()


async def test_a_new_line_of_play_says_which_save_it_was_loaded_from(tmp_path: Path) -> None:
    """Seen in play: a save loaded after its game went on past it gave two entries in
    Continue, the same seed and turn, told apart by their start times only. The new line of
    play names the save it was loaded from; the game's own autosave names none."""
    from tui.saved import describe, game_lines

    auto, named, game = _branch_dir(tmp_path)
    directory = auto.parent
    game_id = "20261129-130637-abcdef"
    game.apply(game.legal_actions()[0])  # the game went on past the save
    saves.save_to_path(game, auto, {"seats": SEATS, "app": "catan-tui", "game_id": game_id})
    app = CatanApp(saves_dir=directory, speed="instant", load=named)
    async with app.run_test(size=(120, 40)) as pilot:
        await _make_a_move(pilot)
        assert app.local is not None and app.local.autosave not in (auto, None)
        branch = app.local.autosave
    assert branch is not None
    line = game_lines(describe(branch)).plain
    assert "from the save mine" in line, line
    assert "from the save" not in game_lines(describe(auto)).plain
