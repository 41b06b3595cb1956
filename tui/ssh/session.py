"""One SSH session: refuse what we do not offer, else bridge the channel to a forked app's pty.

The app runs in a child process forked by the zygote, with the pty slave as
its controlling terminal; this side holds the pty master and copies bytes
between it and the SSH channel. Resizes go to the pty (TIOCSWINSZ), which
makes the kernel send the child SIGWINCH; every size the client asks for, at
the pty request and after, is clamped first (tui/ssh/limits.py). When the SSH
client goes away the master is closed, the kernel hangs up the child's
terminal, and the child dies of SIGHUP: nothing outlives a dropped connection.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import struct
import termios
from typing import TYPE_CHECKING, Any

import asyncssh

from tui.ssh.child import OUT_OF_MEMORY, session_env
from tui.ssh.limits import clamp_size
from tui.ssh.zygote import ZygoteClient

if TYPE_CHECKING:
    from tui.ssh.server import Service

RESET = (
    b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l"  # mouse reporting off
    b"\x1b[?2004l"  # bracketed paste off
    b"\x1b[?1004l\x1b[?1016l\x1b[?2048l"  # focus events, pixel mouse, resize reports off
    b"\x1b[?7h"  # line wrap on again (the app turns it off)
    b"\x1b[<u"  # pop the kitty keyboard mode
    b"\x1b[?1049l"  # leave the alternate screen
    b"\x1b[?25h"  # show the cursor
    b"\x1b[0m\r\n"
)
"""Puts the player's terminal back after the app died without restoring it.

Not sent after a clean exit: Textual's driver has restored everything then.
"""

SERVER_CLOSING = (
    "The server is shutting down. Your table is saved: when it is back, sign in again to go on.\r\n"
)
"""Said to every player when the server stops (after `RESET`: their terminal is whole again)."""

NO_PTY = "catan serves a game board and needs a terminal: connect with `ssh -t` (no command).\r\n"
OUT_OF_MEMORY_MESSAGE = "The session ran out of memory and was closed.\r\n"
NO_EXEC = "catan runs no commands over SSH; connect without a command to play.\r\n"


class GameSession(asyncssh.SSHServerSession[bytes]):
    """asyncssh callbacks for one channel; `service` holds everything shared."""

    def __init__(self, service: Service, user: str) -> None:
        self.service = service
        self.user = user
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.term = "xterm-256color"
        self.size = (80, 24)
        self.has_pty = False
        self.command: str | None = None
        self.master: int | None = None
        self.pid: int | None = None
        self.zygote: ZygoteClient | None = None
        self._pending = bytearray()
        self._paused = False
        self.pauses = 0
        self._closed = asyncio.Event()
        self._holds_slot = False
        self._task: asyncio.Task[None] | None = None

    # -- what the client asked for ------------------------------------------
    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan

    def pty_requested(
        self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any
    ) -> bool:
        self.has_pty = True
        self.term = term_type or self.term
        size = clamp_size(term_size[0], term_size[1])
        if size is not None:
            self.size = size  # applied to the pty when the child starts (_run)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        # Accepted only to refuse it with a message in session_started: a
        # plain refusal shows the player nothing but "exec request failed".
        self.command = command
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False  # SFTP and every other subsystem

    def session_started(self) -> None:
        if self.command is not None:
            self._refuse(NO_EXEC)
        elif not self.has_pty:
            self._refuse(NO_PTY)
        else:
            problem = self.service.limits.acquire(self.user)
            if problem is not None:
                self._refuse(problem + "\r\n")
                return
            self._holds_slot = True
            self._task = asyncio.ensure_future(self._run())

    def server_closing(self) -> None:
        """The server stops: the app's output ends here, the player's terminal is put back
        and told why, and the channel closes (seen: a stopped server left players on the
        alternate screen with the board frozen under their shell's prompt)."""
        chan = self.chan
        self._close_master()  # nothing more of the app's: its terminal hangs up
        if chan is None or chan.is_closing():
            return
        try:
            chan.write(RESET + SERVER_CLOSING.encode())
            chan.exit(0)
        except (OSError, asyncssh.Error):  # the client is gone already
            pass

    def _refuse(self, message: str) -> None:
        assert self.chan is not None
        self.chan.write(message.encode())
        self.chan.exit(1)

    # -- the child ------------------------------------------------------------
    async def _run(self) -> None:
        assert self.chan is not None
        master, slave = os.openpty()
        self.master = master
        self._set_winsize(*self.size)
        service = self.service
        token = service.issue_lobby_token(self.user)
        request = {
            "env": session_env(self.term, dict(self.chan.get_environment()), {}),
            "socket": service.socket_path,
            "token": token,
            "user": self.user,
            "mode": service.config.child_mode,
            "memory_limit": service.config.session_memory_mb * 1024 * 1024,
        }
        try:
            self.zygote, self.pid = await service.spawn(slave, request)
        except (OSError, ConnectionError, TimeoutError):
            os.close(slave)
            self._close_master()
            self._refuse("The game could not be started; please try again.\r\n")
            self._release()
            return
        os.close(slave)  # only the child holds the slave now: EIO on the master = child gone
        os.set_blocking(master, False)
        asyncio.get_running_loop().add_reader(master, self._readable)
        await self._closed.wait()
        code = await self.zygote.wait_exit(self.pid, timeout=3)
        self._release()
        if self.chan is None or self.chan.is_closing():
            return
        if code != 0:
            self.chan.write(RESET)  # the app did not restore the terminal
        if code == OUT_OF_MEMORY:
            self.chan.write(OUT_OF_MEMORY_MESSAGE.encode())
        self.chan.exit(code if code is not None and code >= 0 else 1)

    def _set_winsize(self, width: int, height: int) -> None:
        if self.master is not None:
            packed = struct.pack("HHHH", height, width, 0, 0)
            fcntl.ioctl(self.master, termios.TIOCSWINSZ, packed)

    def _readable(self) -> None:
        """pty → channel, one read per wakeup so many sessions share the loop fairly."""
        if self.master is None:
            return
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError:  # EIO: the child closed its terminal (it exited)
            data = b""
        if not data:
            self._close_master()
            return
        if self.chan is not None:
            try:
                self.chan.write(data)
            except BrokenPipeError:  # the client is gone; connection_lost will tidy up
                self._close_master()

    def _close_master(self) -> None:
        if self.master is not None:
            loop = asyncio.get_running_loop()
            loop.remove_reader(self.master)
            loop.remove_writer(self.master)
            os.close(self.master)
            self.master = None
        self._closed.set()

    def _release(self) -> None:
        if self._holds_slot:
            self._holds_slot = False
            self.service.limits.release(self.user)

    # -- channel → pty ----------------------------------------------------------
    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        if self.master is None:
            return
        self._pending += data
        self._flush()

    def _flush(self) -> None:
        if self.master is None:
            return
        loop = asyncio.get_running_loop()
        while self._pending:
            try:
                n = os.write(self.master, self._pending)
            except BlockingIOError:
                loop.add_writer(self.master, self._flush)
                return
            except OSError:
                self._pending.clear()
                return
            del self._pending[:n]
        loop.remove_writer(self.master)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        size = clamp_size(width, height)
        if size is not None:
            self.size = size
            self._set_winsize(*size)  # the kernel tells the child (SIGWINCH)

    def eof_received(self) -> bool:
        return False

    # -- backpressure: a slow client stops us reading the pty, so the app blocks on write --
    def pause_writing(self) -> None:
        if self.master is not None and not self._paused:
            self._paused = True
            self.pauses += 1
            asyncio.get_running_loop().remove_reader(self.master)

    def resume_writing(self) -> None:
        if self.master is not None and self._paused:
            self._paused = False
            asyncio.get_running_loop().add_reader(self.master, self._readable)

    def connection_lost(self, exc: Exception | None) -> None:
        self.chan = None
        self.service.sessions.discard(self)
        pid, zygote = self.pid, self.zygote
        self._close_master()  # hangs up the child's terminal: SIGHUP
        if pid is not None and zygote is not None:
            asyncio.get_running_loop().call_later(3, zygote.kill, pid)
        if self._task is None:
            self._release()
