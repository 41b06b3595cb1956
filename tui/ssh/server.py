"""The SSH server: authentication, what a connection may ask for, and the shared service.

Everything runs in one asyncio process: asyncssh, the lobby and its tables,
the bots, and the Unix socket through which each session's app (a separate
process) reaches its seat. Only interactive sessions are offered: no exec, no
SFTP or other subsystems, no agent, X11 or port forwarding.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncssh

from engine.table.unix_socket import SendTap, SocketServer, TokenBook
from tui.ssh.auth import Users
from tui.ssh.limits import SessionLimits
from tui.ssh.lobby_host import Lobby
from tui.ssh.session import GameSession
from tui.ssh.zygote import ZygoteClient

log = logging.getLogger("catan.serve")


@dataclass
class ServeConfig:
    users: Users
    host_key: asyncssh.SSHKey
    saves: Path
    host: str = "127.0.0.1"
    port: int = 2222
    per_user: int = 3
    total: int = 32
    child_mode: str = "app"
    """"app" (the game) or "lines" (test mode, see tui/ssh/linemode.py)."""
    bot_pace: float = 0.6
    """Least seconds a bot appears to think, so people can follow the game."""
    login_timeout: float = 30.0
    tap: SendTap | None = None
    runtime_dir: Path | None = None


class Service:
    """What every connection shares: limits, tokens, the zygote, the socket and the lobby."""

    def __init__(self, config: ServeConfig) -> None:
        self.config = config
        self.limits = SessionLimits(config.per_user, config.total)
        self.tokens = TokenBook()
        self.zygote = ZygoteClient()
        self._restart_lock = asyncio.Lock()
        self.lobby = Lobby(self.tokens, config.saves, bot_pace=config.bot_pace)
        runtime = config.runtime_dir or Path(tempfile.mkdtemp(prefix="catan-serve-"))
        os.chmod(runtime, 0o700)
        self.runtime_dir = runtime
        self.socket_path = str(runtime / "table.sock")
        self.socket = SocketServer(self.socket_path, self.tokens, tap=config.tap)
        self.ssh: asyncssh.SSHAcceptor | None = None
        self.connections: set[asyncssh.SSHServerConnection] = set()
        self.sessions: set[GameSession] = set()
        """Live sessions, for limits and for the tests' view of backpressure."""

    async def spawn(self, slave_fd: int, request: dict[str, Any]) -> tuple[ZygoteClient, int]:
        """Fork a session's app; a zygote that died is replaced once, so one crash costs no more."""
        zygote = self.zygote
        try:
            return zygote, await zygote.spawn(slave_fd, request)
        except ConnectionError:
            if zygote.running:
                raise
        async with self._restart_lock:
            if self.zygote is zygote:
                log.warning("the zygote exited; starting a new one")
                self.zygote = ZygoteClient()
                await self.zygote.start()
        return self.zygote, await self.zygote.spawn(slave_fd, request)

    def issue_lobby_token(self, user: str) -> str:
        return self.tokens.issue(f"lobby:{user}", lambda: self.lobby.open(user))

    async def start(self) -> None:
        self.lobby.restore()
        await self.zygote.start()
        await self.socket.start()
        self.ssh = await asyncssh.create_server(
            lambda: CatanSSHServer(self),
            self.config.host,
            self.config.port,
            server_host_keys=[self.config.host_key],
            encoding=None,
            line_editor=False,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            login_timeout=self.config.login_timeout,
            keepalive_interval=30,
            keepalive_count_max=4,
        )

    @property
    def port(self) -> int:
        assert self.ssh is not None
        return int(self.ssh.sockets[0].getsockname()[1])

    async def close(self) -> None:
        if self.ssh is not None:
            self.ssh.close()
            await self.ssh.wait_closed()
        await self.lobby.close()
        await self.socket.close()
        await self.zygote.close()
        with contextlib.suppress(OSError):
            os.rmdir(self.runtime_dir)  # only if empty: never remove what we did not make


class CatanSSHServer(asyncssh.SSHServer):
    """Per-connection policy. A key is accepted only for the user it is listed under."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.conn: asyncssh.SSHServerConnection | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.service.connections.add(conn)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.conn is not None:
            self.service.connections.discard(self.conn)

    def begin_auth(self, username: str) -> bool:
        return True  # always authenticate; there are no anonymous seats

    def public_key_auth_supported(self) -> bool:
        return self.service.config.users.any_keys

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        user = self.service.config.users.get(username)
        return user is not None and user.accepts(key)

    def password_auth_supported(self) -> bool:
        return self.service.config.users.any_passwords

    def validate_password(self, username: str, password: str) -> bool:
        user = self.service.config.users.get(username)
        return user is not None and user.password_ok(password)

    def session_requested(self) -> GameSession:
        assert self.conn is not None
        session = GameSession(self.service, str(self.conn.get_extra_info("username")))
        self.service.sessions.add(session)
        return session

    # Forwarding of any kind is refused (asyncssh's defaults, spelled out).
    def connection_requested(
        self, dest_host: str, dest_port: int, orig_host: str, orig_port: int
    ) -> bool:
        return False

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        return False


async def serve_forever(
    config: ServeConfig, ready: Callable[[Service], None] | None = None
) -> None:
    """Run until SIGINT/SIGTERM, then close every session (their apps get a hangup)."""
    import signal

    service = Service(config)
    await service.start()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    if ready is not None:
        ready(service)
    try:
        await stop.wait()
    finally:
        await service.close()
