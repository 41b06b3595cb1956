"""Runtime folders: a killed server's folder is removed by the next start, nothing else is."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tui.ssh.server import PID_FILE, RUNTIME_PREFIX, SOCKET_NAME, Service


@pytest.fixture
def short_tmp() -> Iterator[Path]:
    """A folder with a short path: a socket's path must fit in 108 bytes (pytest's may not)."""
    folder = Path(tempfile.mkdtemp(prefix="crt-", dir="/tmp"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def dead_pid() -> int:
    """The pid of a process that has exited and been reaped."""
    done = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        check=True,
        capture_output=True,
        text=True,
    )
    return int(done.stdout)


@pytest.fixture
def live_pid() -> Iterator[int]:
    """The pid of a running process other than this one."""
    proc = subprocess.Popen(
        [sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE
    )
    yield proc.pid
    assert proc.stdin is not None
    proc.stdin.close()
    proc.wait(10)


def server_folder(parent: Path, name: str, pid: int, *, with_socket: bool = True) -> Path:
    """A runtime folder as a server that was killed leaves it: pid file and socket."""
    folder = parent / (RUNTIME_PREFIX + name)
    folder.mkdir(mode=0o700)
    (folder / PID_FILE).write_text(f"{pid}\n")
    if with_socket:
        sock = socket.socket(socket.AF_UNIX)
        sock.bind(str(folder / SOCKET_NAME))
        sock.close()
    return folder


async def test_a_killed_servers_folder_is_removed_at_start(
    make_service: Any, short_tmp: Path, dead_pid: int, live_pid: int
) -> None:
    parent = short_tmp / "rt"
    parent.mkdir(mode=0o700)
    stale = server_folder(parent, "dead", dead_pid)
    stale_no_socket = server_folder(parent, "gone", dead_pid, with_socket=False)
    live = server_folder(parent, "live", live_pid)
    foreign = server_folder(parent, "more", dead_pid)  # holds something no server made
    (foreign / "notes.txt").write_text("mine")
    loose = server_folder(parent, "open", dead_pid)
    loose.chmod(0o755)  # not a folder a server made
    outside = server_folder(short_tmp, "elsewhere", dead_pid)
    (parent / (RUNTIME_PREFIX + "link")).symlink_to(outside)
    unmarked = parent / (RUNTIME_PREFIX + "nopid")
    unmarked.mkdir(mode=0o700)

    service: Service = await make_service(runtime_dir=None, runtime_parent=parent)

    assert not stale.exists() and not stale_no_socket.exists()
    for kept in (live, foreign, loose, outside, unmarked):
        assert kept.is_dir(), kept
    assert (foreign / "notes.txt").exists() and (outside / SOCKET_NAME).exists()
    assert (parent / (RUNTIME_PREFIX + "link")).is_symlink()

    own = service.runtime_dir
    assert own.parent == parent and own.name.startswith(RUNTIME_PREFIX)
    assert (own / PID_FILE).read_text() == f"{os.getpid()}\n"
    assert (own.stat().st_mode & 0o777) == 0o700

    await service.close()
    assert not own.exists()  # a server that closes leaves nothing


async def test_a_parent_open_to_others_is_not_used_or_cleaned(
    make_service: Any, short_tmp: Path, dead_pid: int
) -> None:
    parent = short_tmp / "shared"
    parent.mkdir()
    parent.chmod(0o777)
    planted = server_folder(parent, "planted", dead_pid)
    service: Service = await make_service(runtime_dir=None, runtime_parent=parent)
    assert planted.is_dir()
    assert service.runtime_dir.parent != parent
    assert (service.runtime_dir.stat().st_mode & 0o777) == 0o700
    await service.close()
    assert not service.runtime_dir.exists()
