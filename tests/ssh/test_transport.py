"""The Unix-socket transport, the users file and the limits, without SSH."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import asyncssh
import pytest

from engine.errors import ConfigError
from engine.table.unix_socket import (
    MAX_LINE,
    ConnectionClosed,
    ProtocolError,
    SocketClient,
    SocketServer,
    StaticParts,
    TokenBook,
    decode,
    encode,
    lobby_request,
)
from tests.ssh.waits import until
from tui.ssh.auth import Users, load_host_key
from tui.ssh.limits import SessionLimits


class Echo:
    """An endpoint that answers each message with {"t": "echo", "got": msg}."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.closed = False

    async def recv(self) -> dict[str, Any]:
        return await self.queue.get()

    async def send(self, msg: dict[str, Any]) -> None:
        self.queue.put_nowait({"t": "echo", "v": 1, "got": msg})

    def close(self) -> None:
        self.closed = True


@pytest.fixture
async def server(tmp_path: Path) -> Any:
    tokens = TokenBook()
    sent: list[tuple[str, bytes]] = []
    srv = SocketServer(
        str(tmp_path / "s.sock"), tokens, tap=lambda label, b: sent.append((label, b))
    )
    await srv.start()
    yield srv, tokens, sent
    await srv.close()


def test_framing_round_trip_and_version() -> None:
    line = encode({"t": "act", "rev": 3, "action": {"type": "roll"}})
    assert line.endswith(b"\n") and b"\n" not in line[:-1]
    assert decode(line) == {"t": "act", "rev": 3, "action": {"type": "roll"}, "v": 1}
    for bad in (b"[1]\n", b"not json\n", b'{"t": "x", "v": 2}\n', b'{"v": 1}\n'):
        with pytest.raises(ProtocolError):
            decode(bad)


def test_lobby_requests_are_checked() -> None:
    assert lobby_request("join", table=1, seat=0)["t"] == "lobby.join"
    with pytest.raises(ProtocolError):
        lobby_request("join", table=1)
    with pytest.raises(ProtocolError):
        lobby_request("explode")


async def test_a_token_opens_its_endpoint_once(server: Any, tmp_path: Path) -> None:
    srv, tokens, sent = server
    echo = Echo()

    async def factory() -> Echo:
        return echo

    token = tokens.issue("seat0", factory)
    client = await SocketClient.connect(srv.path, token)
    await client.send({"t": "act", "rev": 0, "action": {}})
    reply = await asyncio.wait_for(client.recv(), 5)
    assert reply["got"]["t"] == "act" and reply["v"] == 1
    assert sent and sent[0][0] == "seat0"
    client.close()
    await until(lambda: echo.closed, "closing the socket to close the endpoint (seat away)")

    again = await SocketClient.connect(srv.path, token)  # the token was used up
    msg = await asyncio.wait_for(again.recv(), 5)
    assert msg["t"] == "error" and "token" in msg["message"]
    with pytest.raises(ConnectionClosed):
        await asyncio.wait_for(again.recv(), 5)


def test_tokens_expire(monkeypatch: pytest.MonkeyPatch) -> None:
    """A token still opens its endpoint just inside its time to live, and nothing after it.

    The token book's clock is moved on by hand, so no test waits for it.
    """
    import engine.table.unix_socket as unix_socket

    now = [1000.0]
    monkeypatch.setattr(unix_socket, "time", SimpleNamespace(monotonic=lambda: now[0]))

    async def factory() -> Echo:
        return Echo()

    book = TokenBook(ttl=30.0)
    kept, lapsed = book.issue("kept", factory), book.issue("lapsed", factory)
    now[0] += 29.9
    grant = book.redeem(kept)
    assert grant is not None and grant.label == "kept"
    now[0] += 0.2
    assert book.redeem(lapsed) is None and len(book) == 0


async def test_an_overlong_line_closes_the_connection(server: Any) -> None:
    srv, tokens, _ = server

    async def factory() -> Echo:
        return Echo()

    client = await SocketClient.connect(srv.path, tokens.issue("x", factory))
    client._writer.write(b"x" * (MAX_LINE + 10) + b"\n")
    with pytest.raises((ConnectionClosed, ProtocolError)):
        for _ in range(3):
            await asyncio.wait_for(client.recv(), 5)


async def test_the_socket_is_private(server: Any) -> None:
    srv, _, _ = server
    assert os.stat(srv.path).st_mode & 0o077 == 0


def test_users_file(tmp_path: Path) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")
    line = key.export_public_key().decode().strip()
    path = tmp_path / "users.toml"
    path.write_text(f'[users.alice]\nkeys = ["{line}"]\n[users.bob]\npassword = "pw"\n')
    users = Users.load(path)
    assert users.get("alice").accepts(key.convert_to_public())  # type: ignore[union-attr]
    assert users.get("bob").password_ok("pw") and not users.get("bob").password_ok("pW")  # type: ignore[union-attr]
    assert users.any_keys and users.any_passwords and "carol" not in users
    bad = {
        "[users.Alice]\npassword = 'x'\n": "must match",
        "[users.alice]\n": "neither keys nor a password",
        "[users.alice]\nkeys = ['ssh-ed25519 AAAAnotakey']\n": "cannot be read",
        "[users.alice]\npassword = 'x'\nshell = '/bin/sh'\n": "unknown fields",
        "users = 3\n": "expected",
        "[users.alice\n": "not valid TOML",
    }
    for text, message in bad.items():
        path.write_text(text)
        with pytest.raises(ConfigError, match=message):
            Users.load(path)


def test_host_key_is_made_once_and_kept_private(tmp_path: Path) -> None:
    path = tmp_path / "cfg" / "host_key"
    first = load_host_key(path)
    assert os.stat(path).st_mode & 0o077 == 0
    assert load_host_key(path).public_data == first.public_data


def test_limits() -> None:
    limits = SessionLimits(per_user=2, total=3)
    assert limits.acquire("a") is None and limits.acquire("a") is None
    assert "already have 2" in (limits.acquire("a") or "")
    assert limits.acquire("b") is None
    assert "full" in (limits.acquire("c") or "")
    limits.release("a")
    assert limits.acquire("c") is None and limits.count() == 3


def test_engine_transport_imports_no_ui_or_ssh() -> None:
    code = (
        "import sys, engine.table.unix_socket;"
        "bad = [m for m in ('textual', 'asyncssh', 'ai', 'tui') if m in sys.modules];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stdout + result.stderr


async def test_the_lobby_answers_malformed_requests_with_errors(tmp_path: Path) -> None:
    from tui.ssh.lobby_host import Lobby

    lobby = Lobby(TokenBook(), tmp_path, seeded=True)
    bad = [
        {"t": "lobby.create", "v": 1, "ruleset": "base", "options": {}, "seats": "xx"},
        {"t": "lobby.create", "v": 1, "ruleset": "base", "options": {}, "seats": ["person"] * 9},
        {"t": "lobby.create", "v": 1, "ruleset": "nope", "options": {}, "seats": ["person"] * 3},
        {
            "t": "lobby.create",
            "v": 1,
            "ruleset": "base",
            "options": {"x": 1},
            "seats": ["person"] * 3,
        },
        {
            "t": "lobby.create",
            "v": 1,
            "ruleset": "base",
            "options": {},
            "seed": "x",
            "seats": ["person", "bot:nobody", "person"],
        },
        {
            "t": "lobby.create",
            "v": 1,
            "ruleset": "base",
            "options": {},
            "seed": [1],
            "seats": ["person"] * 3,
        },
        {"t": "lobby.join", "v": 1, "table": "1", "seat": 0},
        {"t": "lobby.join", "v": 1, "table": 1, "seat": 0},
        {"t": "lobby.start", "v": 1, "table": None},
        {"t": "lobby.handover", "v": 1, "table": 1, "seat": 0},
        {"t": "lobby.dance", "v": 1},
    ]
    for msg in bad:
        (reply,) = await lobby.handle("alice", msg)
        assert reply["t"] == "error" and reply["message"], msg
    (ok,) = await lobby.handle(
        "alice",
        {"t": "lobby.create", "v": 1, "ruleset": "base", "options": {}, "seats": ["person"] * 3},
    )
    assert ok["t"] == "lobby" and ok["created"] == 1
    (refused,) = await lobby.handle("bob", {"t": "lobby.start", "v": 1, "table": 1})
    assert "host" in refused["message"]


def test_the_board_crosses_the_socket_once_per_connection() -> None:
    sender, receiver = StaticParts(), StaticParts()
    board = {"slots": list(range(500))}

    def state(rev: int, b: dict[str, Any]) -> dict[str, Any]:
        return {"t": "state", "v": 1, "rev": rev, "view": {"seat": 0, "board": b, "turn": rev}}

    sent = [sender.shrink(state(1, board)), sender.shrink(state(2, dict(board)))]
    assert "board" in sent[0]["view"] and "same_board" not in sent[0]
    assert "board" not in sent[1]["view"] and sent[1]["same_board"] is True
    assert len(encode(sent[1])) < len(encode(sent[0])) / 2
    got = [receiver.restore(decode(encode(m))) for m in sent]
    assert got[0] == state(1, board) and got[1] == state(2, board)
    changed = {"slots": [1, 2, 3]}
    again = sender.shrink(state(3, changed))
    assert again["view"]["board"] == changed
    assert receiver.restore(decode(encode(again)))["view"]["board"] == changed
    with pytest.raises(ProtocolError, match="never sent"):
        StaticParts().restore(decode(encode(sent[1])))
