"""The table protocol carried as JSON lines over a Unix socket.

An SSH session's app runs in its own process (a child of the zygote, see
tui/ssh/), so it cannot hold the table object: it reaches the table, or the
lobby, through this socket. The server side never interprets game messages.
Each connection opens with a one-time token that the serving process issued
for exactly one endpoint (one seat of one table, a spectator place, or one
user's lobby), and from then on the socket is a plain pipe to that endpoint.
The endpoint is the same kind of object an in-process client is, so a seat's
process only ever receives what the table sends that seat: its own view and
its own redacted events.

Framing: one JSON object per line, UTF-8, every message carrying ``"v"`` (the
protocol version). Lines longer than `MAX_LINE` close the connection; a
well-behaved peer never comes near it, a hostile one must not exhaust memory.

The lobby's small messages (list, create, join, spectate, start, hand over)
share this framing; their shapes are documented in `LOBBY_MESSAGES`, and
`lobby_request` builds and checks them so both ends agree on one definition.
Over SSH each ``state`` push also carries ``"table"``: who sits where, who
is away and for how long, and whose decision is on the clock with how many
seconds left (`tui/ssh/lobby_host.py`); other clients ignore it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

from engine.table.protocol import VERSION as PROTOCOL_VERSION  # re-exported for the lobby
from engine.table.protocol import ProtocolError as _BaseProtocolError

__all__ = [
    "LOBBY_CHOICES",
    "LOBBY_FLAGS",
    "LOBBY_MESSAGES",
    "MAX_LINE",
    "PROTOCOL_VERSION",
    "ConnectionClosed",
    "Endpoint",
    "Grant",
    "ProtocolError",
    "SendTap",
    "SocketClient",
    "SocketServer",
    "StaticParts",
    "TokenBook",
    "check_lobby_request",
    "decode",
    "encode",
    "error_message",
    "lobby_request",
    "read_message",
]

MAX_LINE = 1 << 20
"""A full view is a few tens of KiB; a megabyte is a generous ceiling."""

TOKEN_TTL = 120.0
"""Seconds a token stays valid: enough to fork a child and connect, too few to be worth stealing."""


class ProtocolError(_BaseProtocolError):
    """A peer sent something that is not a protocol message; the connection is dropped."""


class ConnectionClosed(ConnectionError):
    """The other end went away; the app leaves the table screen, the table keeps the seat."""


class Endpoint(Protocol):
    """What a token opens: the server-side twin of a TableClient.

    The table host's in-memory client has exactly this shape, which is why the
    socket server needs no knowledge of games.
    """

    async def recv(self) -> dict[str, Any]: ...

    async def send(self, msg: dict[str, Any]) -> None: ...

    def close(self) -> None: ...


EndpointFactory = Callable[[], Awaitable[Endpoint]]
SendTap = Callable[[str, bytes], None]


def encode(msg: dict[str, Any]) -> bytes:
    """One line; stamps the protocol version so every message carries it."""
    if "v" not in msg:
        msg = {**msg, "v": PROTOCOL_VERSION}
    return json.dumps(msg, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"


class StaticParts:
    """Sends a view's board once per connection, and puts it back on the far side.

    A Starfarers board is 16 KB of fixed geometry, two fifths of every state
    message; repeating it on every action made the socket carry (and both
    processes encode and parse) some 66 MB per seat over one game. The sender
    replaces a board equal to the last one it sent with ``"same_board": true``;
    the receiver restores the board it kept. Both ends hold one per connection.
    """

    def __init__(self) -> None:
        self.board: Any = None

    def shrink(self, msg: dict[str, Any]) -> dict[str, Any]:
        view = msg.get("view")
        if msg.get("t") != "state" or not isinstance(view, dict) or "board" not in view:
            return msg
        board = view["board"]
        if board is not self.board and board != self.board:
            self.board = board
            return msg
        slim = {k: v for k, v in view.items() if k != "board"}
        return {**msg, "view": slim, "same_board": True}

    def restore(self, msg: dict[str, Any]) -> dict[str, Any]:
        view = msg.get("view")
        if not isinstance(view, dict):
            return msg
        if msg.pop("same_board", False):
            if self.board is None:
                raise ProtocolError("a state refers to a board that was never sent")
            view["board"] = self.board
        elif "board" in view:
            self.board = view["board"]
        return msg


def decode(line: bytes) -> dict[str, Any]:
    """Parse one line, refusing anything but an object of this protocol version."""
    try:
        msg = json.loads(line)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ProtocolError(f"not JSON: {exc}") from None
    except RecursionError:  # 200,000 nested brackets: a traceback in the server's log once
        raise ProtocolError("not JSON this server reads: nested too deep") from None
    if not isinstance(msg, dict):
        raise ProtocolError("a message must be a JSON object")
    if msg.get("v") != PROTOCOL_VERSION:
        raise ProtocolError(f"protocol version {msg.get('v')!r} is not {PROTOCOL_VERSION}")
    if not isinstance(msg.get("t"), str):
        raise ProtocolError('a message needs a "t" (type) string')
    return msg


def error_message(text: str) -> dict[str, Any]:
    return {"t": "error", "v": PROTOCOL_VERSION, "message": text}


async def read_message(reader: asyncio.StreamReader) -> dict[str, Any]:
    """The next message, or ConnectionClosed at end of stream."""
    try:
        line = await reader.readuntil(b"\n")
    except asyncio.IncompleteReadError:
        raise ConnectionClosed("the connection closed") from None
    except asyncio.LimitOverrunError:
        raise ProtocolError(f"a line longer than {MAX_LINE} bytes") from None
    except (ConnectionError, OSError) as exc:
        raise ConnectionClosed(str(exc)) from None
    return decode(line)


# -- one-time tokens ----------------------------------------------------------


@dataclass
class Grant:
    label: str
    factory: EndpointFactory
    expires: float


class TokenBook:
    """One-time tokens, each opening one endpoint.

    The serving process issues a token when it forks a session's app (for the
    user's lobby) or when the lobby seats someone (for that seat). Redeeming
    removes it, so a token copied out of a process's environment is worthless
    once used, and worthless after `TOKEN_TTL` if never used.
    """

    def __init__(self, ttl: float = TOKEN_TTL) -> None:
        self.ttl = ttl
        self._grants: dict[str, Grant] = {}

    def issue(self, label: str, factory: EndpointFactory) -> str:
        self._expire()
        token = secrets.token_urlsafe(24)
        self._grants[token] = Grant(label, factory, time.monotonic() + self.ttl)
        return token

    def redeem(self, token: str) -> Grant | None:
        self._expire()
        return self._grants.pop(token, None)

    def __len__(self) -> int:
        self._expire()
        return len(self._grants)

    def _expire(self) -> None:
        now = time.monotonic()
        for token in [t for t, g in self._grants.items() if g.expires < now]:
            del self._grants[token]


# -- the server side ----------------------------------------------------------


class SocketServer:
    """Accepts connections, binds each to the endpoint its token names, and pumps lines.

    `tap`, when given, sees every byte written to each connection with the
    grant's label: tests use it to prove that a seat's process never receives
    another seat's hidden cards.
    """

    def __init__(self, path: str, tokens: TokenBook, tap: SendTap | None = None) -> None:
        self.path = path
        self.tokens = tokens
        self.tap = tap
        self._server: asyncio.AbstractServer | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.path)
        self._server = await asyncio.start_unix_server(self._handle, path=self.path, limit=MAX_LINE)
        os.chmod(self.path, 0o600)  # only this user's processes may even try a token

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=2)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.path)

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        try:
            await self._serve(reader, writer)
        except asyncio.CancelledError:
            pass  # shutdown: Python 3.11 cancels handler tasks; nothing to report
        finally:
            self._tasks.discard(task)
            writer.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            hello = await asyncio.wait_for(read_message(reader), timeout=10)
        except (ProtocolError, ConnectionClosed, TimeoutError):
            return
        token = hello.get("token")
        grant = (
            self.tokens.redeem(token) if hello["t"] == "hello" and isinstance(token, str) else None
        )
        if grant is None:
            writer.write(encode(error_message("unknown or expired token")))
            with contextlib.suppress(ConnectionError):
                await writer.drain()
            return
        endpoint = await grant.factory()
        outbound = asyncio.ensure_future(self._outbound(endpoint, writer, grant.label))
        try:
            await self._inbound(endpoint, reader, writer, outbound)
        finally:
            outbound.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await outbound
            endpoint.close()

    async def _outbound(self, endpoint: Endpoint, writer: asyncio.StreamWriter, label: str) -> None:
        """Endpoint → socket; drain() is the backpressure to a slow app."""
        static = StaticParts()
        while True:
            try:
                msg = await endpoint.recv()
            except ConnectionError:  # the endpoint ended (the in-memory client raises this)
                writer.close()
                return
            data = encode(static.shrink(msg))
            if self.tap is not None:
                self.tap(label, data)
            writer.write(data)
            await writer.drain()

    async def _inbound(
        self,
        endpoint: Endpoint,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        outbound: asyncio.Future[None],
    ) -> None:
        """Socket → endpoint, until either side ends."""
        while not outbound.done():
            read: asyncio.Future[Any] = asyncio.ensure_future(read_message(reader))
            read.add_done_callback(_consume)
            waiting: set[asyncio.Future[Any]] = {read, outbound}
            done, _ = await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
            if read not in done:
                read.cancel()
                return
            try:
                msg = read.result()
            except ConnectionClosed:
                return
            except ProtocolError as exc:
                writer.write(encode(error_message(str(exc))))
                return
            try:
                await endpoint.send(msg)
            except ConnectionError:  # the endpoint ended (taken over, say) and refuses it
                await asyncio.wait({outbound}, timeout=5)  # its last words still go out
                return


def _consume(future: asyncio.Future[Any]) -> None:
    """Retrieve a read's outcome even when nobody awaits it, so asyncio does not log it."""
    if not future.cancelled():
        future.exception()


# -- the client side ----------------------------------------------------------


class SocketClient:
    """A TableClient over the Unix socket: what an SSH session's app talks to.

    It has the same three methods as the in-memory client, so the game screen
    and the lobby screen cannot tell solo play from play over SSH.
    """

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._reader = reader
        self._writer = writer
        self._static = StaticParts()

    @classmethod
    async def connect(cls, path: str, token: str, timeout: float = 10.0) -> SocketClient:
        reader, writer = await asyncio.wait_for(
            asyncio.open_unix_connection(path, limit=MAX_LINE), timeout
        )
        client = cls(reader, writer)
        await client.send({"t": "hello", "token": token})
        return client

    async def recv(self) -> dict[str, Any]:
        return self._static.restore(await read_message(self._reader))

    async def send(self, msg: dict[str, Any]) -> None:
        if self._writer.is_closing():
            raise ConnectionClosed("the connection is closed")
        self._writer.write(encode(msg))
        try:
            await self._writer.drain()
        except (ConnectionError, OSError) as exc:
            raise ConnectionClosed(str(exc)) from None

    def close(self) -> None:
        self._writer.close()


# -- the lobby's messages -----------------------------------------------------

LOBBY_MESSAGES: dict[str, tuple[str, ...]] = {
    # client -> server; the server answers every one with a "lobby" snapshot or an "error"
    "list": (),
    # seats: ["person" | "bot:<name>", ...]; optional: hints, clock (and seed, only on a
    # server that lets players choose seeds: tests; elsewhere refused)
    "create": ("ruleset", "options", "seats"),
    "join": ("table", "seat"),  # answered with {"t": "seat", "token", "table", "seat"}
    "spectate": ("table",),  # answered with {"t": "seat", "token", "table", "seat": null}
    "start": ("table",),  # host only
    # a bot takes an absent person's seat: the host at once, anyone seated there once
    # the seat has been away the table's "handover_after" seconds
    "handover": ("table", "seat"),
    "leave": ("table",),  # give up a seat before the game starts
    "rematch": ("table",),  # host only, the game over: the same table again, started
}
"""Lobby request types and their required fields.

Server → client: ``{"t": "lobby", "rev", "user", "tables": [...], "players": [...]}``
whenever anything changes (``players``: the standings, best first, each
``{"user", "played", "won"}``; tui/ssh/standings.py), ``{"t": "seat", "token",
"table", "seat", "hints"}`` to open a table connection (``hints``: the seat answers
hint requests), ``{"t": "error", "message"}``.
"""

LOBBY_FLAGS: dict[str, tuple[str, ...]] = {
    "create": ("hints",),  # the table's people may ask for hints (default false)
}
"""Optional fields of lobby requests that are on or off: JSON true or false, nothing else."""

LOBBY_CHOICES: dict[str, dict[str, tuple[tuple[int, ...], str]]] = {
    # the seconds each decision of a person's seat has before a bot plays it for them
    "create": {"clock": ((0, 60, 120, 300), "seconds to decide, 0 for no clock")},
}
"""Optional fields of lobby requests that take one of a few integers (absent: the first),
with what the number means."""


def lobby_request(kind: str, **fields: Any) -> dict[str, Any]:
    """A lobby request checked against `LOBBY_MESSAGES`, so a typo fails here, not far away."""
    check_lobby_request({"t": f"lobby.{kind}", **fields})
    return {"t": f"lobby.{kind}", "v": PROTOCOL_VERSION, **fields}


def check_lobby_request(msg: dict[str, Any]) -> str:
    """The request's kind, or ProtocolError naming what is wrong."""
    t = msg.get("t")
    kind = t[len("lobby.") :] if isinstance(t, str) and t.startswith("lobby.") else None
    if kind is None or kind not in LOBBY_MESSAGES:
        raise ProtocolError(f"unknown lobby request {t!r}; valid: {', '.join(LOBBY_MESSAGES)}")
    missing = [f for f in LOBBY_MESSAGES[kind] if f not in msg]
    if missing:
        raise ProtocolError(f"lobby.{kind} needs {', '.join(missing)}")
    for flag in LOBBY_FLAGS.get(kind, ()):
        value = msg.get(flag, False)
        if type(value) is not bool:
            shown = repr(value)
            shown = shown if len(shown) <= 40 else shown[:40] + "…"
            raise ProtocolError(f"lobby.{kind}: {flag} is true or false, not {shown}")
    for name, (allowed, meaning) in LOBBY_CHOICES.get(kind, {}).items():
        value = msg.get(name, allowed[0])
        if type(value) is not int or value not in allowed:  # type: a bool is no number here
            shown = repr(value)
            shown = shown if len(shown) <= 40 else shown[:40] + "…"
            words = ", ".join(map(str, allowed[:-1])) + f" or {allowed[-1]}"
            raise ProtocolError(f"lobby.{kind}: {name} is {words} ({meaning}), not {shown}")
    return kind
