"""The server's standings (tui/ssh/standings.py, `p` in the lobby): each game that ends at a
table counts once for every person who sat there, a win for the person in the winning seat;
they are kept in the saves folder, read back by a restarted server, and sent with every lobby
snapshot; a file not ours is kept aside, never written over.

The table game here is seed 2 of the base game (random play) cut one action before its
end: the seat that places the last settlement (seat 3 of 4) wins with it.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest

from engine.registry import new_game
from engine.table import protocol
from engine.table.unix_socket import TokenBook
from tests.ssh.served import served_app
from tests.ssh.test_hardening_takeover import ask
from tests.ssh.waits import until
from tests.tui.tui_saves import play_until
from tui.screens.dialogs.standings import EMPTY, StandingsDialog
from tui.screens.lobby import LobbyScreen
from tui.ssh.lobby_host import HostedTable, Lobby
from tui.ssh.standings import Standings


# -- the file ---------------------------------------------------------------------------------
def test_a_game_counts_once_for_each_person_and_a_win_for_the_winner(tmp_path: Path) -> None:
    standings = Standings.load(tmp_path / "players.json")
    standings.add_game(["alice", "bob", "alice"], "bob")  # alice listed twice: once
    standings.add_game(["alice"], None)  # a bot won
    standings.add_game(["carol", "bob"], "carol")
    again = Standings.load(tmp_path / "players.json")
    assert again.players == {"alice": (2, 0), "bob": (2, 1), "carol": (1, 1)}
    # Most wins, then the best rate: carol (1 of 1) before bob (1 of 2); then alice.
    assert [p["user"] for p in again.ranked()] == ["carol", "bob", "alice"]
    assert again.ranked()[1] == {"user": "bob", "played": 2, "won": 1}


def test_a_line_not_ours_is_left_out_and_logged(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "players.json"
    lines = {"alice": [3, 1], "bob": [1, 2], "": [1, 0], "carol": "many"}
    path.write_text(json.dumps({"version": 1, "players": lines}))
    with caplog.at_level(logging.WARNING, logger="tui.ssh.standings"):
        standings = Standings.load(path)
    assert standings.players == {"alice": (3, 1)}  # bob won more than he played
    assert sum("is not ours; left out" in r.getMessage() for r in caplog.records) == 3


def test_an_unreadable_file_is_kept_aside_and_the_standings_begin_again(tmp_path: Path) -> None:
    path = tmp_path / "players.json"
    path.write_text("{ not json")
    standings = Standings.load(path)
    assert standings.players == {}
    assert (tmp_path / "players.broken.json").read_text() == "{ not json"
    standings.add_game(["alice"], "alice")
    assert Standings.load(path).players == {"alice": (1, 1)}


# -- at the server ----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def last_move() -> tuple[Any, dict[str, Any]]:
    """Seed 2 one action before its end, seat 2 to make it; and that action."""
    whole = play_until("base", 2, lambda g: False, max_actions=100000)
    game = new_game(whole.config)
    for action in whole.log[:-1]:
        game.apply(action)
    assert game.to_act == 2 and whole.winner == 2
    return game, whole.log[-1].to_json()


async def _finish(lobby: Lobby, seats: list[str], last_move: tuple[Any, dict[str, Any]]) -> None:
    """alice's table of `seats` (bob joins the second person seat), started on the game one
    action from its end; seat 2 makes it (a person's action delivered as their client would)."""
    game, final = last_move
    await ask(lobby, "alice", "create", ruleset="base", options={}, seed=2, seats=seats)
    hosted: HostedTable = lobby.tables[max(lobby.tables)]
    if seats.count("person") > 1:
        free = [i for i, s in enumerate(hosted.seats) if s.kind == "person" and s.user is None]
        await ask(lobby, "bob", "join", table=hosted.id, seat=free[0])
    lobby._start(hosted, game=game.copy())
    table = hosted.table
    assert table is not None
    slot = hosted.seats[2].slot
    if slot is not None:
        await until(lambda: table.thinking == 2, "seat 2's decision")
        slot.human.deliver(protocol.act(table.rev, final))
    await until(lambda: hosted.status == "over", "the game over")


async def test_a_game_ended_at_a_table_counts_and_a_restart_keeps_it(
    tmp_path: Path, last_move: tuple[Any, dict[str, Any]]
) -> None:
    lobby = Lobby(TokenBook(), tmp_path / "saves", bot_pace=0.0, seeded=True)
    seats = ["bot:random", "person", "person", "bot:random"]  # alice at 1, bob at 2: bob wins
    await _finish(lobby, seats, last_move)
    assert lobby.standings.players == {"alice": (1, 0), "bob": (1, 1)}
    snapshot = lobby.snapshot("carol")
    assert snapshot["players"] == [
        {"user": "bob", "played": 1, "won": 1},
        {"user": "alice", "played": 1, "won": 0},
    ]
    await lobby.close()

    # A restarted server reads them back, and the finished game is not resumed nor counted.
    again = Lobby(TokenBook(), tmp_path / "saves", bot_pace=0.0, seeded=True)
    assert again.restore() == 0
    assert again.standings.players == {"alice": (1, 0), "bob": (1, 1)}
    # A bot's win counts for nobody; alice's game does count.
    await _finish(again, ["person", "bot:random", "bot:value", "bot:random"], last_move)
    assert again.standings.players == {"alice": (2, 0), "bob": (1, 1)}
    await again.close()


async def test_the_lobby_says_your_standing_and_p_shows_them_all(
    tmp_path: Path, last_move: tuple[Any, dict[str, Any]]
) -> None:
    async with served_app(tmp_path, "alice", (80, 24)) as (app, pilot, lobby):
        await until(lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        screen = app.screen
        assert isinstance(screen, LobbyScreen)
        title = screen.query_one("#lobby-title")
        # No games yet: no standing of hers; the key to see them all is named.
        assert str(title.render()) == "Catan lobby: signed in as alice · p: standings"
        await pilot.press("p")
        await until(lambda: isinstance(app.screen, StandingsDialog), "the standings")
        assert str(app.screen.query_one("#standings").render()) == EMPTY
        await pilot.press("escape")
        await until(lambda: app.screen is screen, "back to the lobby")

        await _finish(lobby, ["bot:random", "person", "person", "bot:random"], last_move)
        await until(
            lambda: str(title.render()).endswith("alice · 0 of 1 won here · p: standings"),
            "alice's standing in the title",
        )
        await pilot.press("p")
        await until(lambda: isinstance(app.screen, StandingsDialog), "the standings")
        dialog = app.screen
        assert isinstance(dialog, StandingsDialog)
        assert [p["user"] for p in dialog.players] == ["bob", "alice"]
        await pilot.press("escape")
