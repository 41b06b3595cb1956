"""A saved game played again (`catan replay`, `v` in the Load list and on the game-over pop-up):
the game screen, read-only, stepped by keys; a game in progress seen only as its person.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from tui_keys import until
from tui_saves import base_finished, base_midgame

from engine import saves
from tui.app import CatanApp
from tui.cli import main
from tui.screens.replay import ReplayScreen
from tui.widgets.action_bar import ActionBar
from tui.widgets.event_log import EventLog
from tui.widgets.hand import HandPanel


@asynccontextmanager
async def replaying(
    tmp_path: Path, save: Path, **kwargs: Any
) -> AsyncIterator[tuple[CatanApp, ReplayScreen, Any]]:
    """`catan replay SAVE` at 80x24."""
    app = CatanApp(saves_dir=tmp_path, replay=(save, kwargs.pop("at", 0), -1), **kwargs)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay shows")
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await until(pilot, lambda: screen.view is not None, "the first position is drawn")
        yield app, screen, pilot


def _status(screen: ReplayScreen) -> str:
    return screen.query_one(ActionBar).status


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Seed 2: a whole base game of random play, you in Red's seat."""
    return base_finished(tmp_path_factory.mktemp("finished"))


async def test_the_replay_steps_forward_and_back_through_the_whole_game(
    tmp_path: Path, finished: Path
) -> None:
    game = saves.load_path(finished)
    n = len(game.log)
    async with replaying(tmp_path, finished) as (_app, screen, pilot):
        assert screen.at == 0
        assert _status(screen).startswith(f"Replay 0/{n} · before the first move")
        # Whose move it is is marked, but nobody is "thinking…" in a replay (it read
        # "▶ White …"): seen where another seat than the viewer's is to move.
        from tui.widgets.scoreboard import Scoreboard

        board = screen.query_one(Scoreboard)
        k = 0
        while screen.view is not None and screen.view["to_act"] in (None, screen.view["seat"]):
            k += 1
            screen.show_step(k)
            await pilot.pause()
        assert board.thinking not in (None, screen.view["seat"] if screen.view else None)
        rows = ["".join(s.text for s in board.render_line(y)) for y in range(board.size.height)]
        assert any("▶" in row for row in rows) and not any("…" in row for row in rows), rows
        screen.show_step(0)
        await pilot.pause()
        log = screen.query_one(EventLog)
        at_start = len(log.entries)
        assert at_start >= 1 and log.entries[-1].plain.startswith("Rolls for the start")
        await pilot.press("right", "right", "right")
        await until(pilot, lambda: screen.at == 3, "three actions are shown")
        assert _status(screen).startswith(f"Replay 3/{n} · setup, ")
        assert len(log.entries) > at_start
        three = [t.plain for t in log.entries]
        await pilot.press("end")
        await until(pilot, lambda: screen.at == n, "the end is shown")
        assert f"Replay {n}/{n} (the end)" in _status(screen)
        assert screen.view is not None and screen.view.get("winner") == game.winner
        assert any("wins the game" in t.plain for t in log.entries[-3:])
        await pilot.press("home", "right", "right", "right")
        await until(pilot, lambda: screen.at == 3, "back to three")
        assert [t.plain for t in log.entries] == three  # the story told again, the same
        await pilot.press("left")
        await until(pilot, lambda: screen.at == 2, "one back")
        assert len(log.entries) <= len(three)


async def test_turn_keys_go_to_the_next_and_previous_turns_start(
    tmp_path: Path, finished: Path
) -> None:
    async with replaying(tmp_path, finished) as (_app, screen, pilot):
        starts = list(screen.replay.turn_starts())
        await pilot.press("right_square_bracket")
        await until(pilot, lambda: screen.at == starts[1], "the next turn's start")
        # The header names the turn just begun, as the log's last line does (it named the
        # turn before, whose last action had just been shown).
        step = screen.replay.steps[starts[1]]
        who = screen.names[step.seat]
        turn = f"turn {step.turn}" if step.turn else "setup"
        assert f" · {turn}, {who} to move" in _status(screen), _status(screen)
        await pilot.press("right_square_bracket")
        await until(pilot, lambda: screen.at == starts[2], "the turn after")
        await pilot.press("left_square_bracket")
        await until(pilot, lambda: screen.at == starts[1], "a turn back")


async def test_a_finished_game_may_be_seen_through_every_seats_eyes(
    tmp_path: Path, finished: Path
) -> None:
    """Tab: your seat, then each other seat (its hand shown: nothing is hidden any more once
    the game is over), then what everyone saw."""
    game = saves.load_path(finished)
    async with replaying(tmp_path, finished, at=200) as (_app, screen, pilot):
        assert screen.source.eyes == [0, 1, 2, 3, None]
        assert screen.view is not None and screen.view["seat"] == 0
        assert _status(screen).endswith("Seen as you (Red)")
        hand = screen.query_one(HandPanel)
        assert hand.border_title == "Your hand"
        at_200 = screen.replay.game_at(200)
        await pilot.press("tab")
        await until(pilot, lambda: screen.eyes == 1, "Blue's eyes")
        assert screen.view is not None and screen.view["seat"] == 1
        assert screen.view == at_200.view(1)
        assert _status(screen).endswith("Seen as Blue")
        assert hand.border_title == "Blue's hand"  # a bot's hand is not called yours
        for _ in range(3):
            await pilot.press("tab")
        await until(pilot, lambda: screen.eyes is None, "the public view")
        assert screen.view == at_200.view(None)
        assert _status(screen).endswith("Seen as all (what everyone saw)")
        assert hand.border_title == "Hand"
        assert screen.at == 200  # changing eyes keeps the step
    assert game.is_over


async def test_a_game_in_progress_is_seen_only_as_its_person(tmp_path: Path) -> None:
    """Hidden information stays hidden: replaying the game you are playing shows your own
    view only (no Tab to the bots' hands), at every step."""
    save = base_midgame(tmp_path)
    async with replaying(tmp_path, save) as (_app, screen, pilot):
        assert screen.source.eyes == [0]
        assert not screen.source.over
        await pilot.press("tab")
        await pilot.press("end")
        await until(pilot, lambda: screen.at == screen.replay.length, "the last action")
        assert screen.eyes == 0
        assert screen.view == screen.replay.game_at(screen.at).view(0)
        assert "Tab" not in [key for key, _ in screen.query_one(ActionBar).items]


async def test_no_command_of_the_game_reaches_a_replay(tmp_path: Path, finished: Path) -> None:
    async with replaying(tmp_path, finished, at=50) as (app, screen, pilot):
        before = screen.replay.game_at(50).snapshot()
        for key in ("r", "b", "enter", "question_mark", "1", "escape", "f2"):
            await pilot.press(key)
        await pilot.pause()
        assert screen.at == 50 and isinstance(app.screen, ReplayScreen)
        assert screen.replay.game_at(50).snapshot() == before
        assert screen.legal == []


async def test_q_leaves_a_replay_opened_alone_for_the_menu(tmp_path: Path, finished: Path) -> None:
    from tui.screens.menu import MainMenuScreen

    async with replaying(tmp_path, finished) as (app, _screen, pilot):
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, MainMenuScreen), "the menu")


async def test_v_in_the_load_list_replays_the_save_and_q_comes_back(
    tmp_path: Path, finished: Path
) -> None:
    from tui.screens.load import LoadScreen

    (tmp_path / "finished.json").write_bytes(finished.read_bytes())
    app = CatanApp(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LoadScreen), "the Load list")
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.eyes == 0  # your seat first
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, LoadScreen), "back in the list")


async def test_a_save_that_cannot_be_replayed_is_said_in_one_line(tmp_path: Path) -> None:
    from tui.screens.load import LoadScreen

    (tmp_path / "broken.json").write_text('{"format": "catan-save"}')
    app = CatanApp(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LoadScreen), "the Load list")
        await pilot.press("v")

        def told() -> bool:
            toasts = [str(n.message) for n in app._notifications]
            return any(t.startswith("Cannot replay broken.json: ") for t in toasts)

        await until(pilot, told, "the reason is told")
        assert isinstance(app.screen, LoadScreen)


async def test_v_on_the_game_over_pop_up_replays_the_game_just_played(
    tmp_path: Path, finished: Path
) -> None:
    """The finished game (seed 2) loaded: its game-over pop-up offers `v`, which plays the
    game again from its start, every action of it."""
    from tui.screens.dialogs.game_over import GameOverDialog

    app = CatanApp(saves_dir=tmp_path, speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.load_game(finished)
        await until(pilot, lambda: isinstance(app.screen, GameOverDialog), "the game is over")
        assert app.local is not None
        played = list(app.local.game.log)
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert [s.action for s in screen.replay.steps] == played
        assert screen.at == 0 and screen.source.over and screen.eyes == 0


def test_catan_replay_refuses_another_seat_of_a_game_in_progress(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = base_midgame(tmp_path)
    assert main(["replay", str(save), "--as", "blue"]) == 2
    err = capsys.readouterr().err
    assert err == (
        "catan: --as blue: the game is not over, so a replay shows only what its person saw"
        " (--as red)\n"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--as", "green"], "--as 'green' names no seat; valid: red, blue, white, orange, all"),
        (["--at", "x"], "--at 'x' is not a number or 'end'"),
        (["--at", "-1"], "--at -1: the game has actions 0 to "),
    ],
    ids=["no-such-seat", "not-a-number", "out-of-range"],
)
def test_catan_replay_names_a_bad_argument(
    finished: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(["replay", str(finished), *args]) == 2
    assert capsys.readouterr().err.startswith(f"catan: {message}")


def test_catan_replay_of_a_file_that_is_no_save_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("garbage")
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"catan: {bad} is not a save file") and err.count("\n") == 1


async def test_a_replay_names_each_event_by_the_numbers_then(tmp_path: Path) -> None:
    """The replay tells the story again from the start: a hex renumbered by the Inventor
    later in the game was named by its new number all along ("fields 9 is now fields 10"
    read "fields 10 is now fields 9"). C&K, seed 2, random play through the person's swap."""
    import tui_saves

    from tui.faces import face

    game = tui_saves.play_until("ck", 2, tui_saves.human_to_act({"swap_numbers"}))
    swap = next(a for a in game.legal_actions() if a.type == "swap_numbers")
    where = face("ck").namer(game.view(0))
    assert where is not None
    a, b = int(swap.to_json()["hex"]), int(swap.to_json()["other"])
    was_a, was_b = where(("hex", a)).strip(), where(("hex", b)).strip()
    game.apply(swap)
    save = tui_saves.write(game, tmp_path, "swapped.json")
    async with replaying(tmp_path, save, at=len(game.log)) as (_app, screen, pilot):
        log = screen.query_one(EventLog)
        await until(pilot, lambda: any("swapped" in t.plain for t in log.entries), "the swap")
        line = next(t.plain for t in log.entries if "swapped" in t.plain)
    assert line.startswith(f"Two number chips were swapped (Inventor): {was_a} is now "), line
    assert f", {was_b} is now " in line, line
