"""What the app remembers between runs (tui/preferences.py): the theme, the bot speed and the
last new game's form; a settings file it cannot use costs only what is wrong in it, said in
one line; play over SSH remembers nothing on the server.

Every test has a settings file of its own (tests/conftest.py sets CATAN_SETTINGS).
"""

from __future__ import annotations

import json
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Select
from tui_keys import until

from tui.app import CatanApp
from tui.preferences import NewGameForm, Preferences, remembered_choices, settings_path
from tui.screens.game import GameScreen
from tui.screens.new_game import NewGameScreen

BOTS = ["random", "greedy", "value", "mcts"]


def _toasts(app: CatanApp) -> list[str]:
    return [str(n.message) for n in app._notifications]


@asynccontextmanager
async def at_the_form(tmp_path: Path, **kwargs: Any) -> AsyncIterator[tuple[CatanApp, Any]]:
    """A new app at 80x24 on the new-game form, opened from the menu with `n`."""
    app = CatanApp(saves_dir=tmp_path, **kwargs)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form opens")
        yield app, pilot


def _form_values(screen: Any) -> dict[str, Any]:
    return {s.id: s.value for s in screen.query(Select).results(Select)}


# -- the file ------------------------------------------------------------------------
def test_the_settings_file_is_named_by_catan_settings(tmp_path: Path) -> None:
    assert settings_path() == Path(os.environ["CATAN_SETTINGS"])
    assert settings_path().name == "settings.json"


def test_settings_written_are_read_back_the_same(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "settings.json"  # the config folder need not exist yet
    prefs = Preferences(path, theme="nord", speed="slow")
    prefs.new_game = NewGameForm("ck", 3, ["human", "mcts", "value"], {"vp_to_win": 12})
    assert prefs.save() and prefs.save_error is None
    again = Preferences.load(path)
    assert again.problems == []
    assert (again.theme, again.speed) == ("nord", "slow")
    assert again.new_game == prefs.new_game
    assert json.loads(path.read_text())["version"] == 1


def test_a_missing_file_gives_the_defaults_quietly(tmp_path: Path) -> None:
    prefs = Preferences.load(tmp_path / "none.json")
    assert (prefs.theme, prefs.speed, prefs.new_game) == (None, None, None)
    assert prefs.problem_line() is None


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("{not json", "invalid JSON (Expecting property name enclosed in double quotes at line 1"),
        ("[1, 2]", "holds no settings object"),
        ("\udcff", "not UTF-8 text"),
        ("[" * 30_000, "JSON nested too deeply"),
        ('{"speed": 1' + "0" * 5000 + "}", "a number has too many digits"),
    ],
    ids=["not-json", "a-list", "not-utf8", "nested-deep", "huge-number"],
)
def test_a_file_that_cannot_be_read_costs_all_of_it_in_one_line(
    tmp_path: Path, content: str, reason: str
) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content.encode("utf-8", "surrogateescape"))
    prefs = Preferences.load(path)
    assert (prefs.theme, prefs.speed, prefs.new_game) == (None, None, None)
    line = prefs.problem_line()
    assert line is not None and reason in line and str(path) in line
    assert line.endswith("The defaults are used instead.")


def test_a_folder_or_a_huge_file_in_its_place_is_refused_unread(tmp_path: Path) -> None:
    folder = tmp_path / "settings.json"
    folder.mkdir()
    assert "is a folder, not a regular file" in (Preferences.load(folder).problem_line() or "")
    huge = tmp_path / "huge.json"
    huge.write_text(" " * (65 * 1024) + "{}")
    said = Preferences.load(huge).problem_line() or ""
    assert "is larger than 64 KiB; refusing to read it" in said


def test_a_bad_field_costs_only_that_field(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"theme": 7, "speed": "slow", "new_game": {"ruleset": "ck"}}))
    prefs = Preferences.load(path)
    assert prefs.speed == "slow"  # kept
    assert prefs.theme is None and prefs.new_game is None
    assert prefs.problems == [
        "the theme is not a theme's name",
        "the last new game has no number of players from 1 to 8",
    ]
    path.write_text(json.dumps({"speed": "warp"}))
    assert Preferences.load(path).problems == ["the bot speed is not one of instant, normal, slow"]


def test_a_settings_file_that_cannot_be_written_says_why(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    prefs = Preferences(blocker / "settings.json", speed="slow")  # its folder is a file
    assert not prefs.save()
    assert prefs.save_error is not None
    assert prefs.save_error.startswith(f"settings could not be saved in {blocker}")
    assert prefs.save_error.endswith("(File exists)")  # the folder to make is a file


# -- the form read back, made valid for today ---------------------------------------------
def test_a_remembered_form_is_taken_as_it_was_when_all_of_it_still_exists() -> None:
    form = NewGameForm("ck", 3, ["human", "mcts", "greedy"], {"vp_to_win": 12})
    assert remembered_choices(form, ["base", "ck"], BOTS, "human", "value") == (
        "ck",
        3,
        ["human", "mcts", "greedy"],
        {"vp_to_win": 12},
    )


def test_a_bot_no_longer_found_and_a_second_person_give_way_to_the_default_bot() -> None:
    form = NewGameForm("base", 4, ["human", "gone_bot", "human", "random"])
    got = remembered_choices(form, ["base"], BOTS, "human", "value")
    assert got is not None and got[2] == ["human", "value", "value", "random"]


def test_options_the_ruleset_no_longer_offers_are_dropped() -> None:
    form = NewGameForm(
        "base",
        4,
        ["human", "value", "value", "value"],
        # no such option; a value not offered; a number for a yes/no (JSON's 1 is not True)
        {"no_such_option": 1, "vp_to_win": 99, "shuffle_harbours": 1},
    )
    got = remembered_choices(form, ["base"], BOTS, "human", "value")
    assert got is not None and got[3] == {}
    form.options = {"shuffle_harbours": True}
    got = remembered_choices(form, ["base"], BOTS, "human", "value")
    assert got is not None and got[3] == {"shuffle_harbours": True}


def test_a_ruleset_no_longer_offered_forgets_the_form_and_players_fit_the_ruleset() -> None:
    form = NewGameForm("ck", 2, ["human", "value"])
    assert remembered_choices(form, ["base"], BOTS, "human", "value") is None
    got = remembered_choices(form, ["ck"], BOTS, "human", "value")  # C&K: 3 or 4
    assert got is not None and got[1] == 4


# -- the app ----------------------------------------------------------------------------
async def test_the_form_opens_as_the_last_game_was_started(tmp_path: Path) -> None:
    """Started with C&K, 3 players, mcts in Blue's seat and slow bots: the next run's form
    opens on the same (at 80x24), and the settings file holds it."""
    async with at_the_form(tmp_path / "one") as (app, pilot):
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#ruleset", Select).value = "ck"
        await until(pilot, lambda: bool(screen.query("#opt-vp_to_win")), "C&K's options show")
        await pilot.pause()
        screen.query_one("#seat-1", Select).value = "mcts"
        screen.query_one("#speed", Select).value = "slow"
        await pilot.pause()
        screen.query_one("#players", Select).value = 3  # the seats are drawn again
        await until(pilot, lambda: not screen.query("#seat-3"), "three seats show")
        await pilot.pause()
        await pilot.press("f5")
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game starts")
        assert app.local is not None and app.local.game.config.ruleset == "ck"
    saved = json.loads(settings_path().read_text())
    assert saved["speed"] == "slow"
    assert saved["new_game"]["ruleset"] == "ck" and saved["new_game"]["players"] == 3
    assert saved["new_game"]["seats"][:3] == ["human", "mcts", "value"]

    async with at_the_form(tmp_path / "two") as (app, _):
        values = _form_values(app.screen)
        assert values["ruleset"] == "ck" and values["players"] == 3
        assert [values["seat-0"], values["seat-1"], values["seat-2"]] == ["human", "mcts", "value"]
        assert "seat-3" not in values
        assert values["speed"] == "slow"
        assert app.speed == "slow"


async def test_a_failed_start_is_not_remembered(tmp_path: Path) -> None:
    async with at_the_form(tmp_path) as (app, pilot):
        screen = app.screen
        screen.query_one("#seat-1", Select).value = "human"  # two people: refused
        await pilot.pause()
        await pilot.press("f5")
        await until(
            pilot,
            lambda: "only one person can play in a terminal" in _toasts(app),
            "the start is refused",
        )
        assert isinstance(app.screen, NewGameScreen)
    assert not settings_path().exists()


async def test_f2_in_a_game_is_remembered_and_a_command_line_speed_wins(tmp_path: Path) -> None:
    from engine.config import GameConfig

    play = (GameConfig("base", 4, 3, {}), ["human", "random", "random", "random"])
    app = CatanApp(saves_dir=tmp_path, play=play)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game shows")
        assert app.speed == "normal"
        await pilot.press("f2")  # normal -> faster (it went to slow first, seen in play)
        await until(pilot, lambda: settings_path().exists(), "the speed is saved")
        chosen = json.loads(settings_path().read_text())["speed"]
        assert chosen == "instant" and app.speed == chosen
        said = [str(n.message) for n in app._notifications]
        assert "Bot speed: instant (F2 again: slow)" in said, said
        assert app.local is not None
        from tui.local import SPEEDS

        assert app.local.table.pace == SPEEDS[chosen]
    assert CatanApp(saves_dir=tmp_path).speed == chosen  # the next run's default
    assert CatanApp(saves_dir=tmp_path, speed="normal").speed == "normal"  # --speed normal


async def test_the_theme_chosen_is_the_next_runs_theme(tmp_path: Path) -> None:
    app = CatanApp(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        default = app.theme
        assert default != "nord"
        app.theme = "nord"  # as the command palette's "Change theme" does
        await until(pilot, lambda: settings_path().exists(), "the theme is saved")
    assert json.loads(settings_path().read_text())["theme"] == "nord"
    again = CatanApp(saves_dir=tmp_path)
    async with again.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: again.theme == "nord", "the theme is put back")


async def test_an_unknown_theme_or_a_bad_file_is_said_in_one_line_at_start(
    tmp_path: Path,
) -> None:
    settings_path().write_text(json.dumps({"theme": "no-such-theme", "speed": "warp"}))
    app = CatanApp(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        line = (
            "Settings: the bot speed is not one of instant, normal, slow; the theme "
            "'no-such-theme' is not one of this version's. The defaults are used instead."
        )
        await until(pilot, lambda: line in _toasts(app), "the problem is told")
        assert app.theme != "no-such-theme" and app.speed == "normal"


async def test_settings_that_cannot_be_saved_are_said_once_and_play_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("CATAN_SETTINGS", str(blocker / "settings.json"))
    app = CatanApp(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = "nord"
        await until(
            pilot,
            lambda: any(t.startswith("The settings could not be saved in") for t in _toasts(app)),
            "the failure is told",
        )
        app.theme = "gruvbox"
        await pilot.pause()
        failures = [t for t in _toasts(app) if t.startswith("The settings could not be saved")]
        assert len(failures) == 1  # said once, not at every change
        assert app.theme == "gruvbox"


async def test_play_over_ssh_reads_and_writes_no_settings(tmp_path: Path) -> None:
    settings_path().write_text(json.dumps({"theme": "nord", "speed": "slow"}))
    before = settings_path().read_text()
    app = CatanApp(saves_dir=tmp_path, ssh_mode=True)
    assert app.prefs.path is None and app.speed == "normal"
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme != "nord"
        app.theme = "gruvbox"
        await pilot.pause()
    assert settings_path().read_text() == before
