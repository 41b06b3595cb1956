"""Fixtures for play over SSH: keys, a users file, a running server on loopback, clients.

Everything listens on 127.0.0.1 (port 0) and a private Unix socket; every wait
is bounded in time.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections import defaultdict
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import asyncssh
import pytest

from engine.table.unix_socket import StaticParts
from tui.ssh.auth import Users
from tui.ssh.server import ServeConfig, Service

USERS = ("alice", "bob", "carol")


@pytest.fixture(scope="session")
def keys() -> dict[str, asyncssh.SSHKey]:
    names = (*USERS, "mallory")
    return {name: asyncssh.generate_private_key("ssh-ed25519") for name in names}


@pytest.fixture(scope="session")
def users(keys: dict[str, asyncssh.SSHKey]) -> Users:
    table: dict[str, Any] = {
        name: {"keys": [keys[name].export_public_key().decode().strip()]} for name in USERS
    }
    table["carol"]["password"] = "open sesame"
    return Users.parse({"users": table})


class Tap:
    """Every byte the Unix socket sent, by grant label (e.g. "t1:seat0:alice")."""

    def __init__(self) -> None:
        self.sent: dict[str, bytearray] = defaultdict(bytearray)

    def __call__(self, label: str, data: bytes) -> None:
        self.sent[label] += data


@pytest.fixture
def tap() -> Tap:
    return Tap()


@pytest.fixture
async def make_service(users: Users, tmp_path: Path, tap: Tap) -> AsyncIterator[Callable[..., Any]]:
    started: list[Service] = []

    async def start(**overrides: Any) -> Service:
        config = ServeConfig(
            users=users,
            host_key=asyncssh.generate_private_key("ssh-ed25519"),
            saves=tmp_path / "saves",
            port=0,
            child_mode="lines",
            bot_pace=0.0,
            tap=tap,
            runtime_dir=tmp_path / "run",
            seeded_tables=True,  # tests name their tables' seeds
        )
        for key, value in overrides.items():
            setattr(config, key, value)
        (tmp_path / "run").mkdir(exist_ok=True)
        service = Service(config)
        await service.start()
        started.append(service)
        return service

    yield start
    for service in started:
        await asyncio.wait_for(service.close(), 15)


@pytest.fixture
async def service(make_service: Callable[..., Any]) -> Service:
    svc: Service = await make_service()
    return svc


async def connect(
    service: Service, user: str, key: asyncssh.SSHKey | None = None, **kwargs: Any
) -> asyncssh.SSHClientConnection:
    return await asyncio.wait_for(
        asyncssh.connect(
            "127.0.0.1",
            service.port,
            username=user,
            client_keys=[key] if key is not None else None,
            known_hosts=None,
            agent_path=None,
            **kwargs,
        ),
        10,
    )


class LineSession:
    """A test-mode session: JSON lines over the pty (see tui/ssh/linemode.py)."""

    def __init__(self, process: asyncssh.SSHClientProcess[bytes]) -> None:
        self.process = process
        self.seen: list[dict[str, Any]] = []
        self.backlog: list[dict[str, Any]] = []
        self.static: dict[str, StaticParts] = defaultdict(StaticParts)  # boards sent once

    async def send(self, obj: dict[str, Any]) -> None:
        self.process.stdin.write(json.dumps(obj).encode() + b"\n")

    async def lobby(self, kind: str, **fields: Any) -> None:
        await self.send({"to": "lobby", "msg": {"t": f"lobby.{kind}", "v": 1, **fields}})

    async def next(
        self, pred: Callable[[dict[str, Any]], bool], timeout: float = 20
    ) -> dict[str, Any]:
        """The next relayed message matching `pred` ({"from", "msg"}).

        Messages that do not match are kept, in order, for later calls: a
        lobby wait must not swallow the table's request for a decision.
        """
        for i, item in enumerate(self.backlog):
            if pred(item):
                del self.backlog[i]
                return item

        async def read() -> dict[str, Any]:
            while True:
                line = await self.process.stdout.readline()
                if not line:
                    raise EOFError("session closed")
                text = line.strip()
                if not text.startswith(b"{"):
                    continue
                item: dict[str, Any] = json.loads(text)
                self.static[item["from"]].restore(item["msg"])
                self.seen.append(item)
                if pred(item):
                    return item
                self.backlog.append(item)

        return await asyncio.wait_for(read(), timeout)


async def open_lines(conn: asyncssh.SSHClientConnection) -> LineSession:
    process = await conn.create_process(
        term_type="xterm-256color", term_size=(100, 30), encoding=None
    )
    return LineSession(process)


ANSI = re.compile(
    rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][A-Z0-9]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[=>]"
)


class TerminalReader:
    """The bytes an app session draws, searchable as text with escape sequences removed.

    `buf` holds what was drawn since the last key press; `seen` the last `SEEN`
    bytes of everything, so a session that ends unexpectedly can be reported
    with its last screen (an app's traceback is drawn there too).
    """

    SEEN = 64 * 1024

    def __init__(self, process: asyncssh.SSHClientProcess[bytes]) -> None:
        self.process = process
        self.buf = bytearray()
        self.seen = bytearray()

    def text(self) -> bytes:
        return ANSI.sub(b"", bytes(self.buf))

    def last_drawn(self, chars: int = 1500) -> str:
        """The end of everything drawn, escape sequences removed, for failure messages."""
        return ANSI.sub(b"", bytes(self.seen)).decode(errors="replace")[-chars:]

    def _took(self, chunk: bytes) -> None:
        self.buf += chunk
        self.seen += chunk
        if len(self.seen) > self.SEEN:
            del self.seen[: len(self.seen) - self.SEEN]

    async def _read(self, timeout: float) -> bool:
        """Read what is drawn within `timeout`; False once the session has ended."""
        try:
            chunk = await asyncio.wait_for(self.process.stdout.read(65536), timeout)
        except TimeoutError:
            return True
        if not chunk:
            return False
        self._took(chunk)
        return True

    async def wait_for(self, needle: bytes, timeout: float = 15) -> float:
        """Read until `needle` shows; returns the monotonic time it did."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while needle not in self.text():
            left = end - loop.time()
            if left <= 0:
                drawn = " ".join(self.text().decode(errors="replace").split())
                raise TimeoutError(
                    f"{needle!r} not drawn since the last key; it drew: {drawn[-2000:]}"
                )
            if not await self._read(min(left, 0.5)):
                drew = self.last_drawn()
                raise EOFError(f"session ended before {needle!r}; it last drew:\n{drew}")
        return loop.time()

    async def pump(self, seconds: float) -> None:
        """Read what the app draws for `seconds`, as a terminal does while a player waits.

        A client that stops reading stalls the app (the server stops reading its
        terminal: backpressure), so a test that waits on the server side pumps."""
        loop = asyncio.get_running_loop()
        end = loop.time() + seconds
        while (left := end - loop.time()) > 0:
            if not await self._read(left):
                raise AssertionError(f"the session ended; it last drew:\n{self.last_drawn()}")

    def press(self, keys: str | bytes) -> None:
        self.buf.clear()
        try:
            self.process.stdin.write(keys.encode() if isinstance(keys, str) else keys)
        except BrokenPipeError:
            raise AssertionError(
                f"the session closed before {keys!r} was pressed; it last drew:\n"
                f"{self.last_drawn()}"
            ) from None


async def open_app(
    conn: asyncssh.SSHClientConnection, size: tuple[int, int] = (120, 40)
) -> TerminalReader:
    process = await conn.create_process(term_type="xterm-256color", term_size=size, encoding=None)
    return TerminalReader(process)
