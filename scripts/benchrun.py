"""What the bench scripts share: run one child process and time it (imported from scripts/)."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path


def run_child(command: list[str], cwd: Path) -> tuple[float, float, str]:
    """Wall seconds, CPU seconds (user + system, of the child alone) and stdout of a command.

    The child runs in `cwd` with `cwd` on PYTHONPATH, so it imports that checkout's code.
    """
    env = dict(os.environ, PYTHONPATH=str(cwd))
    t0 = time.perf_counter()
    child = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    out = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - t0
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise RuntimeError(f"{command[:3]} failed with {code} in {cwd}")
    return wall, usage.ru_utime + usage.ru_stime, out
