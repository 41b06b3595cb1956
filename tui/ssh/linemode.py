"""Test mode: a session program that speaks protocol lines on the terminal instead of drawing.

Driving the full Textual UI by keystrokes through a whole game is slow and
brittle on a shared two-core machine, so the end-to-end game test runs the
server with ``child_mode="lines"``. Everything about the session is the real
path (SSH channel, pty, zygote fork, controlling tty, one-time token, Unix
socket, lobby, table); only the program in the child differs: instead of the
app it relays JSON lines between the terminal and its connections.

Terminal → child, one JSON object per line:
  {"to": "lobby", "msg": {...}}   a lobby request
  {"to": "table", "msg": {...}}   a table message (an act)
  {"open": "<seat token>"}        connect to a table seat (from a "seat" reply)
  {"quit": true}
Child → terminal: {"from": "lobby" | "table", "msg": {...}} per received message.

Never used by `catan serve` from the command line.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
import termios
from typing import Any

from engine.table.unix_socket import ConnectionClosed, ProtocolError, SocketClient, StaticParts


def _quiet_terminal() -> None:
    """No echo, so the output holds only the child's own lines."""
    attrs = termios.tcgetattr(0)
    attrs[3] &= ~(termios.ECHO | termios.ECHONL)
    termios.tcsetattr(0, termios.TCSANOW, attrs)


def _emit(source: str, msg: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps({"from": source, "msg": msg}, separators=(",", ":")) + "\n")
    sys.stdout.flush()


async def _pump(source: str, client: SocketClient) -> None:
    static = StaticParts()  # the board once, as on the socket
    while True:
        try:
            msg = await client.recv()
        except (ConnectionClosed, ProtocolError):
            _emit(source, {"t": "closed"})
            return
        _emit(source, static.shrink(msg))


async def _main(path: str, token: str) -> int:
    _quiet_terminal()
    loop = asyncio.get_running_loop()
    lines: asyncio.Queue[bytes] = asyncio.Queue()
    buf = bytearray()

    def readable() -> None:
        try:
            data = os.read(0, 65536)
        except OSError:
            data = b""
        if not data:
            loop.remove_reader(0)
            lines.put_nowait(b"")
            return
        buf.extend(data)
        while b"\n" in buf:
            line, _, rest = bytes(buf).partition(b"\n")
            buf[:] = rest
            lines.put_nowait(line)

    loop.add_reader(0, readable)
    lobby = await SocketClient.connect(path, token)
    tasks = [asyncio.ensure_future(_pump("lobby", lobby))]
    table: SocketClient | None = None
    try:
        while line := await lines.get():
            try:
                cmd = json.loads(line)
            except json.JSONDecodeError:
                continue
            if cmd.get("quit"):
                break
            if "open" in cmd:
                if table is not None:
                    table.close()
                table = await SocketClient.connect(path, cmd["open"])
                tasks.append(asyncio.ensure_future(_pump("table", table)))
            elif cmd.get("to") == "lobby":
                await lobby.send(cmd["msg"])
            elif cmd.get("to") == "table" and table is not None:
                with contextlib.suppress(ConnectionClosed):
                    await table.send(cmd["msg"])
    finally:
        lobby.close()
        if table is not None:
            table.close()
        for task in tasks:
            task.cancel()
    return 0


def run_lines(path: str, token: str) -> int:
    return asyncio.run(_main(path, token))
