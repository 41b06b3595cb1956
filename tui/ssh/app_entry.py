"""The program an SSH session's child runs: the ordinary app, opening on the lobby.

The app is `CatanApp` in ssh_mode (no screenshots or URLs acting on the
server); the only difference from local play is the first screen, the lobby,
whose connections are SocketClients bound by one-time tokens. Nothing here
reads the user's input other than through Textual; the user name comes from
the server (the SSH login), not from the session.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.events import Mount

import tui.app
from engine.table.unix_socket import SocketClient
from tui.app import CatanApp
from tui.screens.lobby import LobbyScreen


class ServedApp(CatanApp):
    """CatanApp whose first screen is the lobby of the server it was forked by."""

    CSS_PATH = str(
        Path(tui.app.__file__).with_name("app.tcss")
    )  # relative paths follow the subclass

    def __init__(self, socket_path: str, token: str, user: str, **kwargs: Any) -> None:
        super().__init__(ssh_mode=True, **kwargs)
        self.socket_path = socket_path
        self.token = token
        self.user = user
        self.sub_title = f"over SSH as {user}"

    async def on_mount(self, event: Mount) -> None:
        event.prevent_default()  # not CatanApp's main menu: local games have no place here
        try:
            lobby = await SocketClient.connect(self.socket_path, self.token)
        except (OSError, ConnectionError) as exc:
            self.exit(message=f"Cannot reach the lobby: {exc}")
            return

        async def connect(token: str) -> SocketClient:
            return await SocketClient.connect(self.socket_path, token)

        await self.push_screen(LobbyScreen(lobby, connect, self.user))
        self.on_resize_check()

    def on_resize_check(self) -> None:
        check = getattr(self, "_check_size", None)
        if check is not None:
            check()


def run_app(socket_path: str, token: str, user: str) -> int:
    app = ServedApp(socket_path, token, user)
    app.run()
    return app.return_code or 0
