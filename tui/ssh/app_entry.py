"""The program an SSH session's child runs: the ordinary app, opening on the lobby.

The app is `CatanApp` in ssh_mode (no screenshots or URLs acting on the
server); the only difference from local play is the first screen, the lobby,
whose connections are SocketClients bound by one-time tokens. Nothing here
reads the user's input other than through Textual; the user name comes from
the server (the SSH login), not from the session.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.binding import Binding
from textual.events import Mount

import tui.app
from engine.table.client import TableClient
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

    BINDINGS = [
        *CatanApp.BINDINGS,
        # priority: a pop-up (an offer to answer) is modal and would keep the key from the app
        # while the banner over it offers ctrl+b
        Binding("ctrl+b", "handover", "Away seat to a bot", show=False, priority=True),
    ]

    lobby_client: TableClient | None = None
    """Set only by `warm_up`, which has no server to connect to."""

    async def on_mount(self, event: Mount) -> None:  # type: ignore[override]
        event.prevent_default()  # not CatanApp's main menu: local games have no place here
        lobby = self.lobby_client
        if lobby is None:
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

    def action_handover(self) -> None:
        """From the game screen too: a bot plays an away player's seat (the host at once, anyone
        seated once the seat has been away the server's grace)."""
        lobby = next((s for s in self.screen_stack if isinstance(s, LobbyScreen)), None)
        if lobby is not None:
            lobby.action_handover()


class _WarmLobby:
    """A lobby that lists one table and then stays silent: enough to draw every lobby widget."""

    def __init__(self) -> None:
        self._sent = False

    async def recv(self) -> dict[str, Any]:
        if not self._sent:
            self._sent = True
            seat = {"kind": "person", "bot": None, "user": "warm", "connected": False, "away": None}
            table = {
                "id": 1,
                "host": "warm",
                "ruleset": "base",
                "options": {},
                "hints": False,
                "status": "waiting",
                "spectators": 0,
                "winner": None,
                "seats": [seat],
            }
            return {
                "t": "lobby",
                "v": 1,
                "rev": 0,
                "user": "warm",
                "rulesets": ["base"],
                "tables": [table],
            }
        await asyncio.Event().wait()
        raise ConnectionError("unreachable")

    async def send(self, msg: dict[str, Any]) -> None:
        return None

    def close(self) -> None:
        return None


def warm_up() -> None:
    """Draw the lobby once, headless, in the zygote: every session's first frame is then faster.

    Textual imports some modules lazily and fills parse caches on first use;
    doing that once before forking saves each session about 0.1-0.2 s. It must
    leave no thread behind (the zygote forks), which asyncio.run guarantees
    by shutting its executor down.
    """
    import threading

    async def once() -> None:
        app = ServedApp("", "", "warm")
        app.lobby_client = _WarmLobby()
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause(0.05)

    asyncio.run(once())
    if threading.active_count() != 1:
        raise RuntimeError("warming up left a thread behind; the zygote cannot fork safely")


def run_app(socket_path: str, token: str, user: str) -> int:
    app = ServedApp(socket_path, token, user)
    app.run()
    return app.return_code or 0
