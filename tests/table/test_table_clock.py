"""A decision on the clock, as the protocol and the human seat see it.

The ``state`` that asks a seat to act may carry ``clock``, the seconds left
(`protocol.clock_of` reads it). When a person's time runs out, the lobby cancels
the seat's pending `HumanSeat.decide`: nothing of that decision may stay behind,
and no action sent for it may be taken by a later one.
"""

from __future__ import annotations

import asyncio
import math
from typing import Any

import pytest

from ai.registry import create_bot
from ai.seat import BotSeat
from engine.config import GameConfig
from engine.registry import new_game
from engine.table import protocol
from engine.table.client import HumanSeat, InMemoryClient
from engine.table.host import Table

SEED = 5  # seat 0 starts
ASKING = {"t": "state", "v": 1, "rev": 3, "seat": 0, "view": {}, "events": [], "legal": []}


@pytest.mark.parametrize(
    ("msg", "left"),
    [
        (ASKING | {"clock": 101.5}, 101.5),
        (ASKING | {"clock": 60}, 60.0),
        (ASKING | {"clock": 0}, 0.0),
        (ASKING, None),  # a table without the clock
        ({k: v for k, v in ASKING.items() if k != "legal"} | {"clock": 5}, None),  # no decision
        (ASKING | {"t": "error", "clock": 5}, None),
        (ASKING | {"clock": -1}, None),
        (ASKING | {"clock": True}, None),
        (ASKING | {"clock": "60"}, None),
        (ASKING | {"clock": math.inf}, None),
        (ASKING | {"clock": math.nan}, None),
    ],
)
def test_clock_of_reads_the_seconds_left_of_a_state_that_asks(
    msg: dict[str, Any], left: float | None
) -> None:
    assert protocol.clock_of(msg) == left


def test_a_cancelled_decision_leaves_nothing_and_its_action_is_never_taken() -> None:
    async def main() -> None:
        game = new_game(GameConfig("base", 3, SEED))
        human = HumanSeat("alice")
        bots = [BotSeat(create_bot("random", i)) for i in (1, 2)]
        table = Table(game, [human, *bots])
        client = InMemoryClient(human)
        assert game.to_act == 0

        async def asked() -> dict[str, Any]:
            while True:
                msg = await asyncio.wait_for(client.recv(), 5)
                if msg["t"] == "state" and "legal" in msg:
                    return msg

        step = asyncio.ensure_future(table.step())
        state = await asked()
        # Her action arrives, and her decision is cancelled before the seat takes it.
        await client.send(protocol.act(state["rev"], state["legal"][0]))
        step.cancel()
        with pytest.raises(asyncio.CancelledError):
            await step
        assert (human._deciding, human._asked, human._legal_json) == (False, None, None)
        assert human._inbox.qsize() == 1  # her action, never taken
        assert table.thinking is None and table.rev == state["rev"]
        # Sent now, it is refused: nothing is being decided.
        await client.send(protocol.act(state["rev"], state["legal"][-1]))
        refused = await asyncio.wait_for(client.recv(), 5)
        assert refused == protocol.error("it is not your turn to act")

        # The next decision does not take the action left from the cancelled one.
        step = asyncio.ensure_future(table.step())
        again = await asked()
        assert again["rev"] == state["rev"] and human._inbox.empty()
        assert not step.done() and table.rev == state["rev"]
        await client.send(protocol.act(again["rev"], again["legal"][1]))
        await asyncio.wait_for(step, 5)
        assert game.log[state["rev"]].to_json() == again["legal"][1]

    asyncio.run(main())
