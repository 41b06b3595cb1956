"""The real app over SSH, driven by key presses (asyncssh client on loopback).

Slower than the line-mode game test, so it only goes as far as the game
screen: lobby drawn, a table created through the dialog (F5), started by its host,
the board and the actions shown; then a resize through the pty and a quit.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

from tests.ssh.conftest import connect, open_app
from tests.ssh.waits import until
from tui.screens.lobby import LobbyScreen
from tui.ssh.app_entry import ServedApp
from tui.ssh.server import Service


async def test_lobby_to_game_by_keys(make_service: Any, keys: Any) -> None:
    service: Service = await make_service(child_mode="app")
    conn = await connect(service, "alice", keys["alice"])
    term = await open_app(conn)
    await term.wait_for(b"signed in as alice", 20)
    term.press("n")
    await term.wait_for(b"New table")
    term.press("\x1b[15~")  # F5: create, with the dialog's defaults
    await term.wait_for(b"waiting")
    table = service.lobby.tables[1]
    assert [s.kind for s in table.seats] == ["person", "person", "bot", "bot"]
    term.press("s")  # start: the free person seat goes to a bot, alice is taken to her seat
    await term.wait_for(b"Log", 20)
    assert table.status == "playing"
    await until(lambda: table.seats[0].connections == 1, "alice's connection to her seat")

    term.process.change_terminal_size(80, 30)
    await until(
        lambda: any(s.size == (80, 30) for s in service.sessions), "the server to resize the pty"
    )
    term.buf.clear()
    await term.wait_for(b"Log", 10)  # redrawn at the new size

    pid = next(iter(service.zygote.alive))
    term.press("\x11")  # ctrl+q
    await asyncio.wait_for(term.process.wait_closed(), 15)
    assert term.process.exit_status == 0
    await until(lambda: pid not in service.zygote.alive, f"the app's process {pid} to end")
    conn.close()


async def test_dropped_connection_leaves_no_app_behind(make_service: Any, keys: Any) -> None:
    service: Service = await make_service(child_mode="app")
    conn = await connect(service, "bob", keys["bob"])
    term = await open_app(conn)
    await term.wait_for(b"signed in as bob", 20)
    (pid,) = service.zygote.alive
    conn.abort()  # no goodbye: the connection just drops
    await until(lambda: pid not in service.zygote.alive, f"the app's process {pid} to end")
    assert not _exists(pid) or _is_zombie(pid)
    assert service.limits.count() == 0


def _exists(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def _is_zombie(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split()[2] == "Z"
    except OSError:
        return True


async def test_served_app_drops_server_side_commands(service: Service) -> None:
    token = service.issue_lobby_token("alice")
    app = ServedApp(service.socket_path, token, "alice")
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(50):
            if isinstance(app.screen, LobbyScreen):
                break
            await pilot.pause(0.1)
        assert isinstance(app.screen, LobbyScreen)
        from tui.screens.menu import MainMenuScreen

        assert not any(isinstance(s, MainMenuScreen) for s in app.screen_stack), "no local games"
        titles = [c.title.lower() for c in app.get_system_commands(app.screen)]
        assert titles and not any("screenshot" in t or "url" in t for t in titles)
        app.exit()


async def test_drop_banner_handover_and_return_by_keys(make_service: Any, keys: Any) -> None:
    """bob drops mid-game: alice sees a timer, hands his seat to a bot, bob comes back to it."""
    service: Service = await make_service(child_mode="app")
    alice_conn = await connect(service, "alice", keys["alice"])
    bob_conn = await connect(service, "bob", keys["bob"])
    alice, bob = await open_app(alice_conn), await open_app(bob_conn)
    await alice.wait_for(b"signed in as alice", 20)
    await bob.wait_for(b"signed in as bob", 20)
    alice.press("n")
    await alice.wait_for(b"New table")
    alice.press("\x1b[15~")  # F5: create
    await bob.wait_for(b"waiting")
    bob.press("j")
    await alice.wait_for(b"seat 2: bob")
    alice.press("s")
    await alice.wait_for(b"Log", 20)
    await bob.wait_for(b"Log", 20)  # the lobby took bob to his seat when the game started
    seat = service.lobby.tables[1].seats[1]
    await until(lambda: seat.connections == 1, "bob's connection to his seat")

    bob_conn.abort()
    await until(lambda: seat.connections == 0, "bob's drop to reach his seat")
    assert service.lobby.tables[1].summary()["seats"][1]["away"] is not None
    # "Waiting for bob (0:01): away..." if bob rolled to start, else "bob (0:01) is away..."
    await alice.wait_for(b"away from the table", 10)
    await alice.wait_for(b"bob (0:01)", 10)  # the timer runs
    alice.press("\x02")  # ctrl+b: the host hands bob's seat to a bot
    await until(lambda: seat.slot is not None and seat.slot.bot is not None, "a bot in bob's seat")

    bob_conn = await connect(service, "bob", keys["bob"])
    bob = await open_app(bob_conn)
    await bob.wait_for(b"Log", 20)  # straight back to his seat
    assert seat.slot.bot is None and seat.connections == 1
    alice_conn.close()
    bob_conn.close()


async def test_watching_a_game_as_a_spectator_by_keys(make_service: Any, keys: Any) -> None:
    service: Service = await make_service(child_mode="app")
    await service.lobby.handle(
        "alice",
        {
            "t": "lobby.create",
            "v": 1,
            "ruleset": "base",
            "options": {},
            "seats": ["person", "bot:random", "bot:random"],
        },
    )
    await service.lobby.handle("alice", {"t": "lobby.start", "v": 1, "table": 1})
    await service.lobby.handle("alice", {"t": "lobby.handover", "v": 1, "table": 1, "seat": 0})
    conn = await connect(service, "bob", keys["bob"])
    bob = await open_app(conn)
    await bob.wait_for(b"playing", 20)
    bob.press("w")
    await bob.wait_for(b"Log", 20)
    await bob.wait_for(b" rolled ", 20)  # the game told in the log of a seatless view
    assert service.lobby.tables[1].spectators == 1
    assert bob.process.exit_status is None  # the game screen coped with a seatless view
    conn.close()
