"""Testers' finds: who must act now beside whose turn it is, counter-offers in the trade
panel, every seat's city improvements, fixed keys in the improve list, chat toasts at 80x24."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import tui_saves
from textual.app import App, ComposeResult
from textual.widgets import OptionList
from tui_keys import game_screen, until, wait_for_decision

from engine.game import Game
from engine.shared.actions import CounterTrade, OfferTrade
from tui.app import CatanApp
from tui.screens.dialogs.ck import improve_dialog
from tui.widgets.improvements import improvement_section, progress_section
from tui.widgets.scoreboard import Scoreboard
from tui.widgets.trade_panel import TradePanel

NAMES = ["alice", "bob", "Bot 3", "Bot 4"]


def _offered_to_the_person() -> Game:
    """Base, seed 3: seat 1's main phase; it offers one card it holds to seat 0 (the person)
    for one that seat 0 holds and seat 1 does not."""

    def stop(game: Game) -> bool:
        if game.current != 1 or game.to_act != 1 or game.phase != "main":
            return False
        mine, theirs = game.view(1)["me"]["hand"], game.view(0)["me"]["hand"]
        return any(mine.values()) and any(n and not mine[r] for r, n in theirs.items())

    game = tui_saves.play_until("base", 3, stop)
    mine, theirs = game.view(1)["me"]["hand"], game.view(0)["me"]["hand"]
    give = next(r for r, n in mine.items() if n)
    get = next(r for r, n in theirs.items() if n and not mine[r])
    game.apply(OfferTrade(((give, 1),), ((get, 1),), (0,)))
    assert game.to_act == 0 and game.current == 1
    return game


def _rows(widget: Any) -> list[str]:
    return ["".join(s.text for s in widget.render_line(y)) for y in range(widget.size.height)]


# -- 2. the scoreboard: ▶ the turn's seat, ? the seat that must act now -------------------


async def test_the_turn_keeps_its_mark_while_the_person_answers_its_offer(tmp_path: Path) -> None:
    """During Blue's turn, the person answering Blue's offer read "▶ You"."""
    path = tui_saves.write(_offered_to_the_person(), tmp_path)
    app = CatanApp(saves_dir=tmp_path, load=path, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        assert await wait_for_decision(pilot) == "dialog"
        screen = game_screen(app)
        assert screen is not None
        board = screen.query_one(Scoreboard)
        await until(pilot, lambda: board.turn == 1, "Blue's turn marked")
        rows = _rows(board)[1:]  # under the heading: seats 0-3
        assert rows[1].lstrip().startswith("▶") and "Blue" in rows[1], rows
        assert rows[0].lstrip().startswith("?") and "Red" in rows[0], rows
        assert sum("▶" in row for row in rows) == 1, rows


class _Board(App[None]):
    def compose(self) -> ComposeResult:
        board = Scoreboard(NAMES, ["human", "human", "random", "random"])
        board.styles.width = 32
        yield board


async def test_one_mark_when_the_turns_seat_is_the_one_to_act() -> None:
    app = _Board()
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(Scoreboard)
        board.view = {
            "seat": 0,
            "players": [{"seat": p, "public_vp": 2, "resource_count": 3} for p in range(4)],
        }
        board.turn, board.thinking = 2, 2
        await pilot.pause()
        rows = _rows(board)[1:]
        assert [row.lstrip()[:1] for row in rows] == ["a", "b", "▶", "B"], rows
        assert "…" in rows[2], rows  # Bot 3 is deciding
        board.thinking = 0  # the person answers Bot 3's offer
        await pilot.pause()
        rows = _rows(board)[1:]
        assert [row.lstrip()[:1] for row in rows] == ["?", "b", "▶", "B"], rows
        assert "…" not in rows[2], rows


# -- 3. the trade panel: each counter with who made it ------------------------------------


class _Trade(App[None]):
    def compose(self) -> ComposeResult:
        panel = TradePanel(NAMES)
        panel.styles.width = 34  # 30 columns of text: the side panel at 80x24
        yield panel


async def _trade_lines(view: dict[str, Any]) -> list[str]:
    app = _Trade()
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.query_one(TradePanel)
        panel.view = view
        await pilot.pause()
        return [row.strip() for row in _rows(panel)]


async def test_a_counter_shows_with_who_made_it_to_every_seat() -> None:
    """After bob countered, his own panel still read the first offer and not his counter."""
    game = _offered_to_the_person()
    offer = game.view(0)["trade"]
    (give,), (get,) = offer["get"], offer["give"]  # the person's side: gives what Blue gets
    game.apply(CounterTrade(((give, 1),), ((get, 2),)))  # the person asks for two
    mine = await _trade_lines(game.view(0))
    text = " ".join(mine)
    assert "You counter: give" in text and f"give 1 {give} for 2 {get}" in text, mine
    theirs = " ".join(await _trade_lines(game.view(1)))
    assert f"alice counters: gives 1 {give} for 2 {get}" in theirs, theirs
    watching = " ".join(await _trade_lines(game.view(None)))
    assert f"alice counters: gives 1 {give} for 2 {get}" in watching, watching
    assert all(len(line) <= 30 for line in mine), mine


async def test_an_accept_reads_as_one() -> None:
    view: dict[str, Any] = {
        "seat": 0,
        "players": [{"seat": p} for p in range(3)],
        "trade": {
            "offerer": 0,
            "give": {"wool": 1},
            "get": {"coin": 1},
            "to": [1, 2],
            "waiting": [2],
            "answers": {"1": {"give": {"wool": 1}, "get": {"coin": 1}}},
        },
    }
    lines = await _trade_lines(view)
    assert lines[:4] == ["You give 1 wool for 1 coin", "bob accepts", "waiting for Bot 3", ""]


async def test_the_seats_still_to_answer_read_as_a_list() -> None:
    """Over SSH: "waiting for you, bob" read as spoken to bob; it is "you and bob"."""
    view: dict[str, Any] = {
        "seat": 0,
        "players": [{"seat": p} for p in range(3)],
        "trade": {
            "offerer": 2,
            "give": {"wool": 1},
            "get": {"coin": 1},
            "to": [0, 1],
            "waiting": [0, 1],
            "answers": {},
        },
    }
    lines = await _trade_lines(view)
    assert "waiting for you and bob" in lines, lines


# -- 1. every seat's improvement levels ---------------------------------------------------


def _ck_view(seat: int | None) -> dict[str, Any]:
    levels = [
        {"trade": 1, "politics": 0, "science": 2},
        {"trade": 3, "politics": 2, "science": 0},
        {"trade": 0, "politics": 1, "science": 4},
    ]
    view: dict[str, Any] = {
        "ruleset": "ck",
        "seat": seat,
        "players": [
            {"seat": p, "improvements": levels[p], "walls_left": 3, "hand_limit": 7}
            for p in range(3)
        ],
        "metropolis": {"trade": -1, "politics": -1, "science": 5},
        "vertices": [[-1, 0]] * 5 + [[2, 2]],
        "progress_decks": [18, 17, 16],
    }
    if seat is not None:
        view["me"] = {"development": {}}
    return view


def test_every_seats_levels_show_with_the_metropolis_marked() -> None:
    lines = improvement_section(_ck_view(0)).plain.splitlines()
    at = lines.index("Levels    Trd  Pol  Sci")
    assert [line.split() for line in lines[at + 1 : at + 4]] == [
        ["You", "1", "0", "2"],
        ["Blue", "3", "2", "0"],
        ["White", "0", "1", "4M"],
    ], lines
    assert all(len(line) <= 30 for line in lines), lines  # the side panel at 80x24


def test_a_spectator_sees_the_levels_and_no_seats_own_lines() -> None:
    """A spectator saw empty tracks, "Progress cards (0/4): none" and "Walls left 3"."""
    view = _ck_view(None)
    text = improvement_section(view).plain + progress_section(view).plain
    assert "Red        1    0    2" in text, text
    for own in ("Improvements (red die", "■", "□", "Walls", "Progress cards"):
        assert own not in text, (own, text)
    assert "Decks: trade 18" in text


# -- 4. the improve list: a track's key never changes -------------------------------------


class _Host(App[None]):
    def __init__(self, dialog: Any) -> None:
        super().__init__()
        self.dialog = dialog
        self.chosen: list[Any] = []

    def on_mount(self) -> None:
        self.push_screen(self.dialog, self.chosen.append)


async def test_each_track_keeps_its_key_when_another_is_complete() -> None:
    """Improving trade to the top turned "2 Science" into "1 Science": a remembered 2 did
    nothing. Trade complete, politics unaffordable: science is still 3, the others greyed."""
    view: dict[str, Any] = {
        "seat": 0,
        "players": [{"improvements": {"trade": 5, "politics": 1, "science": 0}}],
        "me": {"hand": {"coin": 1, "paper": 1}},
    }
    science = {"type": "improve_city", "track": "science"}
    app = _Host(improve_dialog(view, [science], ["Red"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: bool(app.screen.query(OptionList)), "the improve list")
        options = app.screen.query_one(OptionList)
        prompts = [str(options.get_option_at_index(i).prompt) for i in range(3)]
        assert prompts == [
            "1 Trade: complete (level 5)",
            "2 Politics to level 2 (Church): 2 coin, you have 1",
            "3 Science to level 1 (Abbey): 1 paper, you have 1",
        ]
        assert [options.get_option_at_index(i).disabled for i in range(3)] == [True, True, False]
        assert options.highlighted == 2
        await pilot.press("1", "2")  # greyed: nothing chosen, the list stays
        await pilot.pause()
        assert app.chosen == [] and app.screen is app.dialog
        # ...and each says why (a bell alone, kept silent by many terminals, said nothing)
        said = [str(n.message) for n in app._notifications]
        assert said == [
            "Not possible: Trade: complete (level 5).",
            "Not possible: Politics to level 2 (Church): 2 coin, you have 1.",
        ], said
        await pilot.press("3")
        await until(pilot, lambda: app.chosen == [science], "science chosen by its own key")


# -- 5. chat toasts at 80x24 ---------------------------------------------------------------


async def _chat_toasts(tmp_path: Path, size: tuple[int, int]) -> list[str]:
    app = CatanApp(saves_dir=tmp_path, load=tui_saves.base_midgame(tmp_path), speed="instant")
    async with app.run_test(size=size) as pilot:
        await wait_for_decision(pilot)
        screen = game_screen(app)
        assert screen is not None
        for text in ("gl hf", "nice road", "trade wool? " + "x" * 80):
            screen._said({"text": text, "name": "bob", "seat": 1})
            await pilot.pause()
        return [n.message for n in app._notifications if n.title == "Chat"]


async def test_chat_at_80x24_is_one_short_toast_the_latest(tmp_path: Path) -> None:
    """Chat toasts stacked over the actions and the footer at 80x24; the log has each line."""
    toasts = await _chat_toasts(tmp_path, (80, 24))
    assert len(toasts) == 1 and toasts[0].startswith("bob: trade wool? xx"), toasts
    assert len(toasts[0]) == 60 and toasts[0].endswith("…"), toasts
    roomy = await _chat_toasts(tmp_path / "roomy", (120, 40))
    assert roomy == ["bob: gl hf", "bob: nice road", "bob: trade wool? " + "x" * 80]
