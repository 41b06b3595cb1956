"""Benchmarks for play over SSH (reported, not asserted): `python -m tui.ssh.bench [N]`.

- first frame: SSH handshake done → the lobby fully drawn, one session at a time;
- memory: PSS (proportional set size, so copy-on-write pages shared with the
  zygote count once) of each session's process with N sessions open;
- key round trip: key sent → its effect drawn ("n" opens the new-table dialog),
  with N sessions open and all of them pressing keys.

Runs a real server (app mode) on 127.0.0.1 with a temporary users file; every
wait is bounded. Targets: first frame ≤ 0.3 s, ≤ 20 MiB per session, median
round trip ≤ 100 ms with 10 sessions.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

from tui.ssh.auth import Users
from tui.ssh.server import ServeConfig, Service

ESC_WAIT = 0.4  # Textual waits briefly after a lone ESC to tell it from a sequence


def _pss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            if line.startswith("Pss:"):
                return int(line.split()[1])
    return 0


async def _open(port: int, key: asyncssh.SSHKey, user: str) -> tuple[object, object, float]:
    from tests.ssh.conftest import TerminalReader

    conn = await asyncssh.connect(
        "127.0.0.1", port, username=user, client_keys=[key], known_hosts=None, agent_path=None
    )
    shaken = time.monotonic()
    process = await conn.create_process(
        term_type="xterm-256color", term_size=(120, 40), encoding=None
    )
    term = TerminalReader(process)
    drawn = await term.wait_for(b"waiting", 20)  # the lobby with the server's table list
    return conn, term, drawn - shaken


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process: a figure the shared machine's load does not inflate."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def main(n: int = 10) -> None:
    from tests.ssh.conftest import TerminalReader

    key = asyncssh.generate_private_key("ssh-ed25519")
    names = [f"p{i}" for i in range(n)]
    public = key.export_public_key().decode().strip()
    users = Users.parse({"users": {u: {"keys": [public]} for u in names}})
    with tempfile.TemporaryDirectory(prefix="catan-bench-") as tmp:
        config = ServeConfig(
            users=users,
            host_key=asyncssh.generate_private_key("ssh-ed25519"),
            saves=Path(tmp) / "saves",
            port=0,
            runtime_dir=Path(tmp),
            per_user=2,
            total=n + 2,
        )
        service = Service(config)
        await service.start()
        await service.lobby.handle(
            names[0],
            {
                "t": "lobby.create",
                "v": 1,
                "ruleset": "base",
                "options": {},
                "seats": ["person", "bot:random", "bot:random"],
            },
        )
        try:
            firsts: list[float] = []
            cpus: list[float] = []
            for i in range(5):
                conn, _term, first = await _open(service.port, key, names[i % n])
                firsts.append(first)
                cpus.extend(_cpu_seconds(pid) for pid in service.zygote.alive)
                conn.close()  # type: ignore[attr-defined]
                await asyncio.sleep(0.5)
            print(
                f"first frame after handshake: median {statistics.median(firsts) * 1000:.0f} ms "
                f"(min {min(firsts) * 1000:.0f}, max {max(firsts) * 1000:.0f}, 5 sessions); "
                f"CPU time the session used for it: median {statistics.median(cpus) * 1000:.0f} ms"
            )
            print(f"load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")

            opened = [await _open(service.port, key, u) for u in names]
            await asyncio.sleep(1.0)
            pss = [_pss_kib(pid) / 1024 for pid in service.zygote.alive]
            print(
                f"memory with {n} sessions: PSS per session median {statistics.median(pss):.1f} "
                f"MiB (max {max(pss):.1f})"
            )

            async def presses(term: TerminalReader, rounds: int = 5) -> list[float]:
                out = []
                for _ in range(rounds):
                    began = time.monotonic()
                    term.press("n")
                    out.append(await term.wait_for(b"New table", 10) - began)
                    term.press("\x1b")
                    await asyncio.sleep(ESC_WAIT)
                    await term.wait_for(b"signed in as", 10)
                return out

            rtts = [
                t
                for ts in await asyncio.gather(*(presses(t) for _c, t, _f in opened))  # type: ignore[arg-type]
                for t in ts
            ]
            rtts.sort()
            print(
                f"key round trip with {n} sessions: median {statistics.median(rtts) * 1000:.0f} "
                f"ms, p90 {rtts[int(len(rtts) * 0.9)] * 1000:.0f} ms ({len(rtts)} presses)"
            )
            for conn, _t, _f in opened:
                conn.close()  # type: ignore[attr-defined]
        finally:
            await service.close()


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 10))
