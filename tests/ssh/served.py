"""The real app of an SSH session, in this process, on a real Unix socket to a lobby."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from engine.table.unix_socket import SocketServer, TokenBook
from tests.ssh.waits import until
from tui.screens.lobby import CreateTableDialog, LobbyScreen
from tui.ssh.app_entry import ServedApp
from tui.ssh.lobby_host import Lobby


@asynccontextmanager
async def served_app(
    tmp_path: Path, user: str, size: tuple[int, int]
) -> AsyncIterator[tuple[ServedApp, Any, Lobby]]:
    """(app, pilot, lobby): `user`'s app showing the lobby, which tests drive by keys and API."""
    tokens = TokenBook()
    lobby = Lobby(tokens, tmp_path / "saves", bot_pace=0.0, seeded=True)
    path = str(tmp_path / "s.sock")
    server = SocketServer(path, tokens)
    await server.start()
    app = ServedApp(path, tokens.issue("lobby", lambda: lobby.open(user)), user)
    try:
        async with app.run_test(size=size) as pilot:
            await until(lambda: isinstance(app.screen, LobbyScreen), "the lobby screen")
            yield app, pilot, lobby
    finally:
        await lobby.close()
        await server.close()


async def create_dialog(app: ServedApp, pilot: Any) -> CreateTableDialog:
    """The lobby's new-table form, opened by `n` once the lobby has its first snapshot."""
    lobby_screen = app.screen
    assert isinstance(lobby_screen, LobbyScreen)
    await until(lambda: bool(lobby_screen.snapshot["rulesets"]), "the lobby's first snapshot")
    await pilot.press("n")
    await until(lambda: isinstance(app.screen, CreateTableDialog), "the create dialog")
    dialog = app.screen
    assert isinstance(dialog, CreateTableDialog)
    await pilot.pause()
    return dialog


async def tab_to(
    app: ServedApp, pilot: Any, dialog: CreateTableDialog, widget: Any, row: str
) -> None:
    """Tab down the form until `widget` has the focus, its row (labelled `row`) marked."""
    for _ in range(20):
        if app.focused is widget:
            break
        await pilot.press("tab")
    assert app.focused is widget, f"Tab never reached the {row} row"
    current = [str(r.query_one("Label").render()) for r in dialog.query(".row.-current")]
    assert current == [row]
