"""The bot supervisor: a small process of ours between the host and every bot process.

    python -I ai/supervisor.py --control-fd N [--memory BYTES] -- COMMAND [ARG...]

The host (ai/process.py) starts this file with a fresh interpreter, in a new
session, with the bot's stdin, stdout and stderr pipes and the read end of a
*control pipe*. It uses the standard library only (it runs isolated, ``-I``)
and never runs bot code itself. It

1. lowers its resource limits, which the bot inherits: no core files, and an
   address-space ceiling (``RLIMIT_AS``, 2 GiB by default);
2. on Linux, becomes a *child subreaper* (``prctl(PR_SET_CHILD_SUBREAPER)``),
   so that anything the bot spawns stays its descendant even after the
   intermediate process exits or calls ``setsid``;
3. starts COMMAND with the pipes as its stdin, stdout and stderr, and lets go
   of its own copies of stdin and stdout;
4. waits until the bot exits, the control pipe reaches end-of-file (the host
   closed it, or the host died), or SIGTERM/SIGHUP arrives;
5. then kills every descendant it has (found by walking ``/proc``; SIGKILL,
   repeated until none is left, each one reaped) and exits with the bot's
   status (128 + signal number for a signal), noting on stderr how the bot
   ended if it ended by itself.

Elsewhere (no ``/proc``, no ``prctl``) it degrades to killing its own process
group, which catches everything that did not start a session of its own.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import sys
import time

PR_SET_CHILD_SUBREAPER = 36
DEFAULT_MEMORY = 2 << 30  # bytes of address space
KILL_DEADLINE = 1.5  # seconds to spend killing descendants before giving up


def become_subreaper() -> bool:
    """Adopt orphaned descendants (Linux 3.4+); False where that is not available."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def lower_limits(memory: int) -> None:
    """No core dumps, and at most ``memory`` bytes of address space (0: leave it)."""
    try:
        import resource
    except ImportError:  # not POSIX
        return
    wanted = [(resource.RLIMIT_CORE, 0)]
    if memory > 0:
        wanted.append((resource.RLIMIT_AS, memory))
    for which, value in wanted:
        try:
            _soft, hard = resource.getrlimit(which)
            if hard != resource.RLIM_INFINITY:
                value = min(value, hard)
            resource.setrlimit(which, (value, value))  # the hard limit too: no raising it back
        except (OSError, ValueError):
            pass


def _process_table() -> dict[int, list[tuple[int, bytes]]] | None:
    """parent pid -> [(pid, state)] for every process, or None without ``/proc``."""
    try:
        names = os.listdir("/proc")
    except OSError:
        return None
    table: dict[int, list[tuple[int, bytes]]] = {}
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                data = f.read()
        except OSError:
            continue  # gone meanwhile
        # "pid (comm) state ppid ...": comm may hold spaces and parentheses
        fields = data[data.rfind(b")") + 2 :].split()
        if len(fields) < 2:
            continue
        table.setdefault(int(fields[1]), []).append((int(name), fields[0]))
    return table


def descendants(root: int) -> list[tuple[int, bytes]] | None:
    """Every (pid, state) below ``root``, zombies included; None without ``/proc``."""
    table = _process_table()
    if table is None:
        return None
    out: list[tuple[int, bytes]] = []
    todo = [root]
    while todo:
        for pid, state in table.get(todo.pop(), ()):
            out.append((pid, state))
            todo.append(pid)
    return out


def reap() -> list[tuple[int, int]]:
    """Collect every child that has ended: [(pid, wait status)]."""
    done: list[tuple[int, int]] = []
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return done
        if pid == 0:
            return done
        done.append((pid, status))


def kill_descendants(wake: int) -> list[tuple[int, int]]:
    """SIGKILL everything below this process until nothing is left; returns what was reaped."""
    me = os.getpid()
    reaped: list[tuple[int, int]] = []
    deadline = time.monotonic() + KILL_DEADLINE
    while True:
        reaped += reap()
        below = descendants(me)
        if below is None:  # no /proc: the process group is the best we have
            if os.getpgrp() == me:
                signal.signal(signal.SIGTERM, signal.SIG_IGN)
                os.killpg(me, signal.SIGKILL)  # this process included
            return reaped
        if not below or time.monotonic() > deadline:
            return reaped
        for pid, state in below:
            if state != b"Z":
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)
        # wait for the next SIGCHLD (or a little while) before looking again
        select.select([wake], [], [], 0.02)
        _drain(wake)


def _drain(fd: int) -> None:
    try:
        while os.read(fd, 512):
            pass
    except (BlockingIOError, InterruptedError):
        pass


def _describe(status: int) -> tuple[str, int]:
    code = os.waitstatus_to_exitcode(status)
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        return f"was killed by signal {-code} ({name})", 128 - code
    return f"exited with status {code}", code


def _parse(argv: list[str]) -> tuple[int, int, list[str]]:
    control, memory = -1, DEFAULT_MEMORY
    i = 0
    while i < len(argv) and argv[i] != "--":
        if argv[i] == "--control-fd":
            control = int(argv[i + 1])
        elif argv[i] == "--memory":
            memory = int(argv[i + 1])
        else:
            raise ValueError(f"unknown option {argv[i]!r}")
        i += 2
    command = argv[i + 1 :]
    if control < 0 or not command:
        raise ValueError("usage: supervisor.py --control-fd N [--memory BYTES] -- COMMAND...")
    return control, memory, command


def main(argv: list[str]) -> int:
    try:
        control, memory, command = _parse(argv)
        os.set_inheritable(control, False)
    except (ValueError, IndexError, OSError) as exc:
        sys.stderr.write(f"bot supervisor: {exc}\n")
        return 2
    lower_limits(memory)
    become_subreaper()

    wake_r, wake_w = os.pipe()
    for fd in (wake_r, wake_w):
        os.set_blocking(fd, False)
    signal.set_wakeup_fd(wake_w)
    stop: list[int] = []
    signal.signal(signal.SIGCHLD, lambda _s, _f: None)  # a handler, so that the wakeup fd hears it
    for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(sig, lambda s, _f: stop.append(s))

    try:
        child = subprocess.Popen(command, close_fds=True)
    except OSError as exc:
        sys.stderr.write(f"bot supervisor: cannot start {command[0]!r}: {exc}\n")
        sys.stderr.flush()
        return 127
    # The host's pipes now belong to the bot alone: its stdout reaches EOF when the bot's tree ends.
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    os.close(null)

    status: int | None = None
    while status is None and not stop:
        try:
            ready, _, _ = select.select([control, wake_r], [], [])
        except InterruptedError:
            ready = []
        if control in ready:
            try:
                if not os.read(control, 64):
                    break  # the host closed the control pipe, or died: end everything
            except OSError:
                break
        _drain(wake_r)
        for pid, wait_status in reap():
            if pid == child.pid:
                status = wait_status
    for pid, wait_status in kill_descendants(wake_r):
        if pid == child.pid and status is None:
            child.returncode = os.waitstatus_to_exitcode(wait_status)
    if status is None:
        return 0  # ended on the host's request
    child.returncode = os.waitstatus_to_exitcode(status)
    how, code = _describe(status)
    sys.stderr.write(f"bot supervisor: the bot process {how}\n")
    sys.stderr.flush()
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
