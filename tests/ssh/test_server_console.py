"""The server's console says what happens at it, a line each, and never a card.

Seen in play: `catan serve` printed its first line and then nothing for half an hour of
sign-ins, drops, tables and a shutdown. Its own logger ("catan.serve") speaks at INFO, and
`catan serve` shows that level of it alone.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from typing import Any

import asyncssh
import pytest

from tests.ssh.conftest import connect
from tests.ssh.waits import until
from tui.ssh.server import Service

CARDS = re.compile(r"\b(brick|lumber|wool|grain|ore|knight|monopoly)\b", re.IGNORECASE)


async def test_sign_ins_tables_drops_and_the_shutdown_are_told_without_a_card(
    make_service: Callable[..., Any],
    keys: dict[str, asyncssh.SSHKey],
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="catan.serve")
    service: Service = await make_service()
    conn = await connect(service, "alice", keys["alice"])
    await until(lambda: "alice signed in from 127.0.0.1:" in caplog.text, "the sign-in line")
    lobby = service.lobby
    create = {
        "t": "lobby.create",
        "v": 1,
        "ruleset": "base",
        "options": {},
        "seats": ["person", "bot:random", "bot:random"],
    }
    await lobby.handle("alice", create)
    await lobby.handle("alice", {"t": "lobby.start", "v": 1, "table": 1})
    # started: the table is in play (whoever acts first; alice never comes to her seat)
    assert lobby.tables[1].status == "playing" and lobby.tables[1].table is not None
    conn.close()
    await until(lambda: "alice disconnected" in caplog.text, "the drop line")
    await service.close()
    said = [r.getMessage() for r in caplog.records if r.name == "catan.serve"]
    for line in (
        "table 1: alice made it (base, 3 seats)",
        "table 1: started",
        f"1 table in play saved in {lobby.saves}: they resume at the next start",
    ):
        assert line in said, said
    assert not [line for line in said if CARDS.search(line)], said


def test_catan_serve_shows_its_own_lines_and_keeps_the_libraries_at_warnings() -> None:
    """What `catan serve` sets before it listens (`console_logging`)."""
    from tui.commands.serve import console_logging

    ours = logging.getLogger("catan.serve")
    level = ours.level
    try:
        console_logging()
        assert ours.isEnabledFor(logging.INFO)
        assert not logging.getLogger("asyncssh").isEnabledFor(logging.INFO)
    finally:
        ours.setLevel(level)
