"""The SSH server: authentication, what a connection may ask for, and the shared service.

Everything runs in one asyncio process: asyncssh, the lobby and its tables,
the bots, and the Unix socket through which each session's app (a separate
process) reaches its seat. Only interactive sessions are offered: no exec, no
SFTP or other subsystems, no agent, X11 or port forwarding.

Password guessing: each check waits a growing delay per user and per address
(`LoginThrottle`), a connection is dropped after `auth_tries` failed password
(or keyboard-interactive) attempts, and every failure is logged with the user
name and address, never the password. Offered keys that do not fit are not
counted: OpenSSH clients normally offer several.

The Unix socket lives in a private runtime folder, one per server, under one
parent per user (`$XDG_RUNTIME_DIR/catan-serve`, else `<tmp>/catan-serve-<uid>`).
Each folder holds the server's pid; a server killed without closing leaves its
folder behind, and the next one to start removes such folders whose server is
gone, and nothing else (see `remove_stale_runtime_dirs`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import stat
import tempfile
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncssh

from engine.table.unix_socket import SendTap, SocketServer, TokenBook
from tui.ssh.auth import LoginThrottle, Users, address_key
from tui.ssh.limits import SESSION_MEMORY_MB, SessionLimits
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
    """A folder to use as is for the socket (tests); default: a fresh one under `runtime_parent`."""
    runtime_parent: Path | None = None
    """Where runtime folders go; default `default_runtime_parent()`."""
    session_memory_mb: int = SESSION_MEMORY_MB
    """Address-space ceiling of each session process, in MiB (0: none)."""
    auth_tries: int = 3
    """Failed password attempts one connection gets before it is dropped."""
    logins_per_address: int = 8
    """Connections from one address (IPv6: one /64) that may be logging in at once."""
    logins_total: int = 64
    """Connections that may be logging in at once, from anywhere."""
    seeded_tables: bool = False
    """Tables may be created with a seed of the creator's choosing (tests only: `Lobby`)."""


RUNTIME_PREFIX = "catan-serve-"
PID_FILE = "pid"
SOCKET_NAME = "table.sock"


def default_runtime_parent() -> Path:
    """One folder per user for the servers' runtime folders."""
    xdg = os.environ.get("XDG_RUNTIME_DIR")
    if xdg and os.path.isabs(xdg) and os.path.isdir(xdg):
        return Path(xdg) / "catan-serve"
    return Path(tempfile.gettempdir()) / f"catan-serve-{os.getuid()}"


def _private_folder(path: Path) -> bool:
    """Make `path` (mode 0700) if missing; whether it is a real folder that only we can use."""
    with contextlib.suppress(FileExistsError):
        path.mkdir(mode=0o700)
    st = os.lstat(path)
    return stat.S_ISDIR(st.st_mode) and st.st_uid == os.getuid() and not st.st_mode & 0o077


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process: alive
    return True


def _stale_pid(folder: str) -> int | None:
    """The pid of the dead server that made `folder`, or None if it is not one of ours or alive."""
    st = os.lstat(folder)
    if (
        not stat.S_ISDIR(st.st_mode)
        or st.st_uid != os.getuid()
        or stat.S_IMODE(st.st_mode) != 0o700
    ):
        return None
    marker = os.path.join(folder, PID_FILE)
    try:
        mst = os.lstat(marker)
        if not stat.S_ISREG(mst.st_mode) or mst.st_uid != os.getuid() or mst.st_size > 32:
            return None
        with open(marker) as f:
            pid = int(f.read().strip())
    except (OSError, ValueError):
        return None
    if pid <= 0 or pid == os.getpid() or _pid_alive(pid):
        return None
    return pid


def remove_stale_runtime_dirs(parent: Path) -> list[Path]:
    """Remove the runtime folders in `parent` left by servers that were killed; returns them.

    Only a real folder (not a symlink) named like ours, owned by us with mode
    0700, holding a `pid` file of ours naming a process that no longer exists,
    and holding nothing but that file and the socket, is removed.
    """
    removed: list[Path] = []
    try:
        entries = list(os.scandir(parent))
    except OSError:
        return removed
    for entry in entries:
        if not entry.name.startswith(RUNTIME_PREFIX):
            continue
        try:
            pid = _stale_pid(entry.path)
            if pid is None:
                continue
            contents = set(os.listdir(entry.path))
            if not contents <= {PID_FILE, SOCKET_NAME}:
                log.warning("left %s alone: it holds files a server did not make", entry.path)
                continue
            sock = os.path.join(entry.path, SOCKET_NAME)
            if SOCKET_NAME in contents:
                if not stat.S_ISSOCK(os.lstat(sock).st_mode):
                    continue
                os.unlink(sock)
            os.unlink(os.path.join(entry.path, PID_FILE))
            os.rmdir(entry.path)
        except OSError as exc:
            log.warning("could not remove the stale runtime folder %s: %s", entry.path, exc)
            continue
        log.info("removed the runtime folder of a gone server (pid %d): %s", pid, entry.path)
        removed.append(Path(entry.path))
    return removed


def make_runtime_dir(parent: Path | None = None) -> Path:
    """A fresh private folder for the socket, with this server's pid in it.

    Stale folders in the parent are cleared first. A parent that is not ours
    alone (someone else made it, or it is open to others) is neither used nor
    cleared: the folder then goes straight into the temporary directory.
    """
    parent = parent or default_runtime_parent()
    try:
        usable = _private_folder(parent)
    except OSError:
        usable = False
    if usable:
        remove_stale_runtime_dirs(parent)
        folder = Path(tempfile.mkdtemp(prefix=RUNTIME_PREFIX, dir=parent))
    else:
        log.warning("%s is not a private folder of this user; not using it", parent)
        folder = Path(tempfile.mkdtemp(prefix=RUNTIME_PREFIX))
    fd = os.open(folder / PID_FILE, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(f"{os.getpid()}\n")
    return folder


class Service:
    """What every connection shares: limits, tokens, the zygote, the socket and the lobby."""

    def __init__(self, config: ServeConfig) -> None:
        self.config = config
        self.limits = SessionLimits(config.per_user, config.total)
        self.tokens = TokenBook()
        self.zygote = ZygoteClient()
        self._restart_lock = asyncio.Lock()
        self.lobby = Lobby(
            self.tokens, config.saves, bot_pace=config.bot_pace, seeded=config.seeded_tables
        )
        self.throttle = LoginThrottle()
        self.logging_in: Counter[str] = Counter()
        """Connections not yet authenticated, per address: parallel guessing is bounded too."""
        self.sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
        """How login delays wait (tests count them instead)."""
        self._own_runtime = config.runtime_dir is None
        runtime = config.runtime_dir or make_runtime_dir(config.runtime_parent)
        os.chmod(runtime, 0o700)
        self.runtime_dir = runtime
        self.socket_path = str(runtime / SOCKET_NAME)
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
        restored = self.lobby.restore()
        if restored:
            log.info(
                "resumed %d unfinished table%s from %s",
                restored,
                "s" * (restored != 1),
                self.lobby.saves,
            )
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
            self.ssh.close()  # no new connections
        channels = [s.chan for s in self.sessions if s.chan is not None]
        for session in list(self.sessions):  # each player's terminal put back, and told
            session.server_closing()
        if channels:  # what was written reaches the players before their connections end
            closed = [asyncio.ensure_future(chan.wait_closed()) for chan in channels]
            await asyncio.wait(closed, timeout=3)
        for conn in list(self.connections):
            conn.close()
        if self.ssh is not None:
            await self.ssh.wait_closed()
        await self.lobby.close()
        await self.socket.close()
        await self.zygote.close()
        if self._own_runtime:
            with contextlib.suppress(OSError):
                os.unlink(self.runtime_dir / PID_FILE)
        with contextlib.suppress(OSError):
            os.rmdir(self.runtime_dir)  # only if empty: never remove what we did not make


class CatanSSHServer(asyncssh.SSHServer):
    """Per-connection policy. A key is accepted only for the user it is listed under."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.conn: asyncssh.SSHServerConnection | None = None
        self.peer = "?"
        self.address = "?"
        self.failures = 0
        """Failed password attempts on this connection."""
        self._logging_in = False
        """Counted in `Service.logging_in` until authenticated or closed."""
        self.user: str | None = None
        """Who signed in on this connection (None until then)."""

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        service = self.service
        service.connections.add(conn)
        peer = conn.get_extra_info("peername")
        if isinstance(peer, tuple) and len(peer) >= 2:
            self.address = address_key(str(peer[0]))
            self.peer = f"{peer[0]}:{peer[1]}"
        config = service.config
        waiting = service.logging_in
        if (
            waiting[self.address] >= config.logins_per_address
            or sum(waiting.values()) >= config.logins_total
        ):
            log.warning(
                "refusing %s: %d connections from there are already logging in (%d in all)",
                self.peer,
                waiting[self.address],
                sum(waiting.values()),
            )
            asyncio.get_running_loop().call_soon(conn.abort)
            return
        waiting[self.address] += 1
        self._logging_in = True

    def _logged_in_or_gone(self) -> None:
        if self._logging_in:
            self._logging_in = False
            waiting = self.service.logging_in
            waiting[self.address] -= 1
            if waiting[self.address] <= 0:
                del waiting[self.address]

    def auth_completed(self) -> None:
        self._logged_in_or_gone()
        if self.conn is not None:
            self.user = str(self.conn.get_extra_info("username"))
            log.info("%s signed in from %s", self.user, self.peer)

    def connection_lost(self, exc: Exception | None) -> None:
        self._logged_in_or_gone()
        if self.conn is not None:
            self.service.connections.discard(self.conn)
        if self.user is not None:
            log.info("%s disconnected", self.user)

    def begin_auth(self, username: str) -> bool:
        return True  # always authenticate; there are no anonymous seats

    def public_key_auth_supported(self) -> bool:
        return self.service.config.users.any_keys

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        user = self.service.config.users.get(username)
        return user is not None and user.accepts(key)

    def password_auth_supported(self) -> bool:
        return self.service.config.users.any_passwords

    async def validate_password(self, username: str, password: str) -> bool:
        """Check a password (or keyboard-interactive answer) after the throttle's delay.

        The delay comes before the check, so a client that sends its next
        attempt without waiting cancels this one unchecked. A connection whose
        `auth_tries`-th attempt fails is dropped.
        """
        service = self.service
        limit = service.config.auth_tries
        if self.failures >= limit:
            raise asyncssh.PermissionDenied("Too many authentication failures")
        wait = service.throttle.delay(username, self.address)
        if wait > 0:
            await service.sleep(wait)
        user = service.config.users.get(username)
        if user is not None and user.password_ok(password):
            service.throttle.succeeded(username, self.address)
            return True
        self.failures += 1
        service.throttle.failed(username, self.address)
        log.warning(
            "failed password for %r from %s (%d of %d on this connection)",
            username[:64],
            self.peer,
            self.failures,
            limit,
        )
        if self.failures >= limit:
            log.warning("disconnecting %s after %d failed passwords", self.peer, self.failures)
            raise asyncssh.PermissionDenied("Too many authentication failures")
        return False

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
