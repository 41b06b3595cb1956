"""Connections that are still logging in are bounded per address and in total.

Without the bound, parallel connections multiply the password throttle's rate:
each gets its own few tries while the others wait out their delays.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import asyncssh
import pytest

from tests.ssh.conftest import connect
from tests.ssh.waits import until
from tui.ssh.server import Service


async def _raw(service: Service) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A TCP connection that never logs in; returns once the server's banner arrived."""
    reader, writer = await asyncio.open_connection("127.0.0.1", service.port)
    banner = await asyncio.wait_for(reader.readline(), 10)
    assert banner.startswith(b"SSH-2.0-"), banner
    return reader, writer


async def test_connections_logging_in_are_capped_per_address(
    make_service: Callable[..., Any], caplog: pytest.LogCaptureFixture
) -> None:
    service: Service = await make_service(logins_per_address=3)
    held = [await _raw(service) for _ in range(3)]
    await until(lambda: sum(service.logging_in.values()) == 3, "three logins counted")

    caplog.set_level(logging.WARNING, logger="catan.serve")
    reader, writer = await asyncio.open_connection("127.0.0.1", service.port)
    await asyncio.wait_for(reader.read(), 10)  # returns at EOF: the server hung up
    writer.close()
    assert "already logging in" in caplog.text
    assert sum(service.logging_in.values()) == 3

    # One of the first three goes away: its place is free again.
    held[0][1].close()
    await until(lambda: sum(service.logging_in.values()) == 2, "the closed login uncounted")
    held.append(await _raw(service))
    await until(lambda: sum(service.logging_in.values()) == 3, "the new login counted")
    for _, w in held[1:]:
        w.close()


async def test_a_logged_in_connection_no_longer_counts(
    make_service: Callable[..., Any], keys: dict[str, asyncssh.SSHKey]
) -> None:
    service: Service = await make_service(logins_per_address=1)
    conn = await connect(service, "alice", keys["alice"])
    await until(lambda: not service.logging_in, "alice's login uncounted after auth")
    # With alice in, a second login from the same address is still possible.
    other = await connect(service, "alice", keys["alice"])
    other.close()
    conn.close()


async def test_logins_in_total_are_capped(make_service: Callable[..., Any]) -> None:
    service: Service = await make_service(logins_per_address=100, logins_total=2)
    held = [await _raw(service) for _ in range(2)]
    reader, writer = await asyncio.open_connection("127.0.0.1", service.port)
    await asyncio.wait_for(reader.read(), 10)
    writer.close()
    assert sum(service.logging_in.values()) == 2
    for _, w in held:
        w.close()
