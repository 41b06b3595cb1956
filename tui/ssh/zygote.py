"""The zygote: a thread-free helper that imported Textual once and forks session apps.

Why a helper: starting a fresh Python per SSH session costs ~0.4 s and ~25 MiB
(imports), and forking the server itself is unsafe because asyncssh and the
bots' worker threads make it multi-threaded. This helper has no threads, has
paid for the imports, and forks a child per session in a millisecond; the
child shares the imported code copy-on-write (~15 MiB of its own).

Wire (a SOCK_SEQPACKET pair, so each message is one datagram):
  server → zygote  JSON request, with the pty slave fd attached (SCM_RIGHTS)
  zygote → server  {"id": <request id>, "pid": <child pid>}
                   {"exited": <pid>, "code": <exit code, negative = signal>}
                   {"ready": true}   once, when the imports and warm-up are done

Run as ``python -m tui.ssh.zygote <fd>``; `ZygoteClient` is the server side.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import sys
from typing import Any


def _preload() -> None:
    """The imports every session needs, and one headless drawing of the lobby, paid once here."""
    import tui.ssh.child  # noqa: F401
    from tui.ssh.app_entry import warm_up

    try:
        warm_up()
    except Exception as exc:  # a slower first frame, not a broken server
        print(f"catan serve: zygote warm-up failed: {exc!r}", file=sys.stderr)


def _reap(sock: socket.socket) -> None:
    """Collect every finished child and tell the server how it ended."""
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        with contextlib.suppress(OSError):
            sock.send(
                json.dumps({"exited": pid, "code": os.waitstatus_to_exitcode(status)}).encode()
            )


def main(fd: int) -> None:
    sock = socket.socket(fileno=fd)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # ^C at the server's terminal is for the server
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    _preload()
    signal.signal(signal.SIGCHLD, lambda *_: _reap(sock))
    sock.send(b'{"ready": true}')
    while True:
        try:
            msg, fds, _flags, _addr = socket.recv_fds(sock, 1 << 16, 1)
        except InterruptedError:
            continue
        if not msg:
            return  # the server is gone; running children keep their ptys until hung up
        request = json.loads(msg)
        if not fds:
            continue
        pid = os.fork()
        if pid == 0:
            code = 1
            try:  # whatever happens, the child never returns into this loop
                sock.close()
                from tui.ssh.child import become_session

                code = become_session(fds[0], request)
            finally:
                os._exit(code)
        os.close(fds[0])
        sock.send(json.dumps({"id": request["id"], "pid": pid}).encode())


class ZygoteClient:
    """The server's handle on the zygote: spawn session apps, learn how they ended."""

    def __init__(self) -> None:
        self._sock: socket.socket | None = None
        self._proc: asyncio.subprocess.Process | None = None
        self._reader: asyncio.Task[None] | None = None
        self._next_id = 0
        self._spawned: dict[int, asyncio.Future[int]] = {}
        self._exits: dict[int, asyncio.Future[int]] = {}
        self.alive: set[int] = set()
        self._dead = False
        """Children not yet reported dead: only these may be signalled (pids get reused)."""

    async def start(self, ready_timeout: float = 60) -> None:
        """Start the helper and wait until it can fork (the first session is then fast too)."""
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self._proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tui.ssh.zygote",
            str(theirs.fileno()),
            pass_fds=[theirs.fileno()],
            stdin=asyncio.subprocess.DEVNULL,
        )
        theirs.close()
        ours.setblocking(False)
        self._sock = ours
        self._ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._reader = asyncio.ensure_future(self._read())
        await asyncio.wait_for(asyncio.shield(self._ready), ready_timeout)

    async def _read(self) -> None:
        assert self._sock is not None
        loop = asyncio.get_running_loop()
        while True:
            data = await loop.sock_recv(self._sock, 1 << 16)
            if not data:
                break
            msg: dict[str, Any] = json.loads(data)
            if "ready" in msg:
                if not self._ready.done():
                    self._ready.set_result(None)
            elif "exited" in msg:
                self.alive.discard(msg["exited"])
                self._exit_future(msg["exited"]).set_result(int(msg["code"]))
            else:
                fut = self._spawned.pop(msg["id"], None)
                pid = int(msg["pid"])
                if not (pid in self._exits and self._exits[pid].done()):
                    self.alive.add(pid)  # unless it already died before this reply
                if fut is not None and not fut.done():
                    fut.set_result(int(msg["pid"]))
        self._dead = True
        pending: list[asyncio.Future[Any]] = [*self._spawned.values(), self._ready]
        for waiter in pending:
            if not waiter.done():
                waiter.set_exception(ConnectionError("the zygote exited"))

    def _exit_future(self, pid: int) -> asyncio.Future[int]:
        fut = self._exits.get(pid)
        if fut is None or fut.done():
            fut = self._exits[pid] = asyncio.get_running_loop().create_future()
        return fut

    async def spawn(self, slave_fd: int, request: dict[str, Any], timeout: float = 10) -> int:
        """Fork a session app on `slave_fd`; returns its pid."""
        if self._sock is None or self._dead:
            raise ConnectionError("the zygote is not running")
        self._next_id += 1
        rid = self._next_id
        fut: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._spawned[rid] = fut
        socket.send_fds(self._sock, [json.dumps({**request, "id": rid}).encode()], [slave_fd])
        try:
            return await asyncio.wait_for(fut, timeout)
        finally:
            self._spawned.pop(rid, None)

    async def wait_exit(self, pid: int, timeout: float) -> int | None:
        """The child's exit code (negative: killed by that signal), or None if not known in time."""
        fut = self._exits.get(pid)
        if fut is None:
            fut = self._exit_future(pid)
        try:
            return await asyncio.wait_for(asyncio.shield(fut), timeout)
        except TimeoutError:
            return None
        finally:
            if fut.done():
                self._exits.pop(pid, None)

    @property
    def running(self) -> bool:
        return not self._dead and self._proc is not None and self._proc.returncode is None

    def kill(self, pid: int) -> None:
        """SIGKILL a child that ignored its hangup, if it is still ours."""
        if pid in self.alive:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)

    async def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None
        if self._reader is not None:
            self._reader.cancel()
        if self._proc is not None and self._proc.returncode is None:
            self._proc.terminate()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._proc.wait(), 5)
            if self._proc.returncode is None:
                self._proc.kill()
                await self._proc.wait()


if __name__ == "__main__":
    main(int(sys.argv[1]))
