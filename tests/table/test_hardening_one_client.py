"""A person's seat has one live client: a newer client takes it over, the older one is refused."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from ai.registry import create_bot
from ai.seat import BotSeat
from engine.config import GameConfig
from engine.registry import new_game
from engine.table import protocol
from engine.table.client import TAKEN_OVER, HumanSeat, InMemoryClient
from engine.table.host import Table

SEED = 4


def plain(legal: list[dict[str, Any]]) -> dict[str, Any]:
    return next(a for a in legal if a["type"] not in ("offer_trade", "counter_trade"))


async def decision(client: InMemoryClient) -> dict[str, Any]:
    async def wait() -> dict[str, Any]:
        while True:
            msg = await client.recv()
            if msg["t"] == "state" and msg.get("legal"):
                return msg

    try:
        return await asyncio.wait_for(wait(), 5)
    except TimeoutError:
        raise AssertionError("the seat was never asked to act") from None


def test_a_newer_client_takes_the_seat_and_the_older_is_told_and_refused() -> None:
    async def main() -> None:
        g = new_game(GameConfig("base", 3, SEED, {}))
        human = HumanSeat("alice")
        table = Table(g, [human, *(BotSeat(create_bot("random", SEED + i)) for i in (1, 2))])
        old = InMemoryClient(human)
        task = asyncio.create_task(table.run())
        state = await decision(old)
        rev = table.rev
        # An action the old client sent that the table has not taken yet is dropped.
        await old.send(protocol.act(state["rev"], plain(state["legal"])))
        new = InMemoryClient(human)

        assert old.recv_nowait() == protocol.closing(TAKEN_OVER)
        assert old.recv_nowait() is None
        with pytest.raises(ConnectionError, match="taken over"):
            await old.recv()
        with pytest.raises(ConnectionError, match="taken over"):
            await old.send(protocol.act(state["rev"], plain(state["legal"])))

        now = await decision(new)
        assert (now["rev"], now["legal"]) == (state["rev"], state["legal"])
        assert table.rev == rev, "no action of the old client was applied"
        await new.send(protocol.act(now["rev"], plain(now["legal"])))
        await asyncio.wait_for(_advanced(table, rev), 5)
        old.close()  # closing the ended client does not end the new one
        assert (await asyncio.wait_for(new.recv(), 5))["t"] == "state"
        task.cancel()

    asyncio.run(main())


async def _advanced(table: Table, rev: int) -> None:
    while table.rev == rev:
        await asyncio.sleep(0.01)
