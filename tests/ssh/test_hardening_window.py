"""A client's terminal size is clamped, and each session process runs under a memory ceiling.

An attacker's 65535x65535 window once made a session grow past 3 GB in 20 s.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import struct
import subprocess
import sys
import termios
from typing import Any

from tests.ssh.conftest import LineSession, TerminalReader, connect, open_app
from tests.ssh.waits import until
from tui.ssh.child import OUT_OF_MEMORY
from tui.ssh.limits import MAX_COLS, MAX_ROWS, SESSION_MEMORY_MB, clamp_size
from tui.ssh.server import Service
from tui.ssh.session import OUT_OF_MEMORY_MESSAGE, RESET

HUGE = 65535


def child_winsize(pid: int) -> tuple[int, int]:
    """(columns, rows) of the terminal the session process has as its stdin."""
    fd = os.open(f"/proc/{pid}/fd/0", os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK)
    try:
        rows, cols, _, _ = struct.unpack("HHHH", fcntl.ioctl(fd, termios.TIOCGWINSZ, b"\0" * 8))
    finally:
        os.close(fd)
    return cols, rows


def proc_status(pid: int, field: str) -> int:
    """A `kB` field of /proc/<pid>/status, in bytes."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    raise AssertionError(f"no {field} in /proc/{pid}/status")


def address_space_limit(pid: int) -> tuple[str, str]:
    """(soft, hard) of "Max address space" in /proc/<pid>/limits, as written there."""
    with open(f"/proc/{pid}/limits") as f:
        for line in f:
            if line.startswith("Max address space"):
                soft, hard = line.split()[3:5]
                return soft, hard
    raise AssertionError(f"no address space line in /proc/{pid}/limits")


def test_clamp_size() -> None:
    assert clamp_size(80, 24) == (80, 24)
    assert clamp_size(HUGE, HUGE) == (MAX_COLS, MAX_ROWS)
    assert clamp_size(HUGE, 10) == (MAX_COLS, 10)
    assert clamp_size(0, 30) is None
    assert clamp_size(100, 0) is None
    assert clamp_size(-5, 30) is None


async def test_huge_window_is_clamped_at_request_and_on_resize(service: Service, keys: Any) -> None:
    conn = await connect(service, "alice", keys["alice"])
    process = await conn.create_process(
        term_type="xterm-256color", term_size=(HUGE, HUGE), encoding=None
    )
    session = LineSession(process)
    await session.next(lambda i: i["msg"].get("t") == "lobby")
    (pid,) = service.zygote.alive
    assert child_winsize(pid) == (MAX_COLS, MAX_ROWS)  # the size stored at pty_requested

    process.change_terminal_size(100, 30)
    await until(lambda: child_winsize(pid) == (100, 30), "the child sees 100x30")
    process.change_terminal_size(HUGE, HUGE)
    await until(lambda: child_winsize(pid) != (100, 30), "the child sees the next resize")
    assert child_winsize(pid) == (MAX_COLS, MAX_ROWS)
    process.change_terminal_size(HUGE, 40)
    await until(lambda: child_winsize(pid) == (MAX_COLS, 40), f"the child sees {MAX_COLS}x40")

    limit = str(SESSION_MEMORY_MB * 1024 * 1024)
    assert address_space_limit(pid) == (limit, limit)
    assert proc_status(pid, "VmRSS") < SESSION_MEMORY_MB * 1024 * 1024
    conn.close()


async def drawn_on_row(term: TerminalReader, row: int, timeout: float = 30) -> None:
    """Read until the app moves its cursor to `row` (1-based): it draws at least that tall."""
    needle = f"\x1b[{row};".encode()
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while needle not in term.buf:
        left = end - loop.time()
        if left <= 0:
            raise AssertionError(f"nothing drawn on row {row} in {timeout} s")
        try:
            chunk = await asyncio.wait_for(term.process.stdout.read(65536), min(left, 0.5))
        except TimeoutError:
            continue
        if not chunk:
            raise AssertionError(f"the session ended before drawing row {row}")
        term.buf += chunk


async def test_the_app_in_a_huge_window_stays_small(make_service: Any, keys: Any) -> None:
    service: Service = await make_service(child_mode="app")
    ceiling = service.config.session_memory_mb * 1024 * 1024
    conn = await connect(service, "alice", keys["alice"])

    # asked for at the start
    huge = await open_app(conn, size=(HUGE, HUGE))
    await huge.wait_for(b"signed in as alice", 30)
    (first,) = service.zygote.alive
    assert child_winsize(first) == (MAX_COLS, MAX_ROWS)
    await drawn_on_row(huge, MAX_ROWS)

    # asked for by a resize; this one draws 30 rows until it has seen the new size
    small = await open_app(conn, size=(90, 30))
    await small.wait_for(b"signed in as alice", 30)
    (second,) = service.zygote.alive - {first}
    assert child_winsize(second) == (90, 30)
    small.buf.clear()
    small.process.change_terminal_size(HUGE, HUGE)
    await until(lambda: child_winsize(second) == (MAX_COLS, MAX_ROWS), "the resize is clamped")
    await drawn_on_row(small, MAX_ROWS)  # redrawn at the clamped size, alive

    for pid in (first, second):
        assert pid in service.zygote.alive
        assert address_space_limit(pid) == (str(ceiling), str(ceiling))
        assert proc_status(pid, "VmPeak") < ceiling
        rss = proc_status(pid, "VmRSS")
        assert rss < 200 * 1024 * 1024, f"a {MAX_COLS}x{MAX_ROWS} session uses {rss >> 20} MiB"
    conn.close()


async def test_a_session_over_its_ceiling_ends_alone(service: Service, keys: Any) -> None:
    bob = await connect(service, "bob", keys["bob"])
    other = LineSession(
        await bob.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
    )
    await other.next(lambda i: i["msg"].get("t") == "lobby")
    (bob_pid,) = service.zygote.alive

    # The app needs far more than 1 MiB of new memory to start. Where it first
    # fails varies (a MemoryError in the app or outside it, a thread that cannot
    # start, a fatal error in the interpreter); every way ends the session.
    service.config.child_mode = "app"
    service.config.session_memory_mb = 1
    async with await connect(service, "alice", keys["alice"]) as conn:
        process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        out = await asyncio.wait_for(process.stdout.read(), 20)
        await asyncio.wait_for(process.wait_closed(), 10)
    assert process.exit_status != 0
    assert out.endswith(RESET) or out.endswith(RESET + OUT_OF_MEMORY_MESSAGE.encode())
    await until(lambda: service.limits.count("alice") == 0, "alice's slot is released")

    # bob's session and the server carry on; new sessions start as before
    assert bob_pid in service.zygote.alive
    seats = ["person", "bot:random", "bot:random", "bot:random"]
    await other.lobby("create", ruleset="base", options={}, seed=1, seats=seats)
    await other.next(lambda i: "created" in i["msg"])
    service.config.child_mode = "lines"
    service.config.session_memory_mb = SESSION_MEMORY_MB
    async with await connect(service, "alice", keys["alice"]) as conn:
        again = LineSession(
            await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        )
        await again.next(lambda i: i["msg"].get("t") == "lobby")
    bob.close()


APP_RAISING_MEMORY_ERROR = """
import sys
from textual.app import App
from tui.ssh.child import exit_on_memory_error

class Greedy(App[None]):
    def on_mount(self) -> None:
        raise MemoryError

exit_on_memory_error()
Greedy().run(headless=True)
sys.exit(0)
"""


def test_a_memory_error_in_the_app_ends_the_process() -> None:
    # Textual would catch it and start an orderly exit that itself needs memory.
    done = subprocess.run(
        [sys.executable, "-c", APP_RAISING_MEMORY_ERROR],
        capture_output=True,
        timeout=60,
        cwd=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
    )
    assert done.returncode == OUT_OF_MEMORY, done.stderr.decode()[-2000:]
