"""The table's chat: a line said by a person reaches everyone at the table, cleaned and bounded.

Play over SSH puts people at one table; the chat is how they talk. A line is
text only (nothing a terminal would obey), at most `MAX_SAY` characters, and
a person says at most `SAY_BURST` lines in `SAY_WINDOW` seconds.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from engine.config import GameConfig
from engine.registry import new_game
from engine.table import protocol
from engine.table.client import HumanSeat, InMemoryClient
from engine.table.host import CHAT_KEPT, Table
from tests.ssh.waits import until

SEED = 5


def _table() -> tuple[Table, list[HumanSeat], HumanSeat]:
    seats = [HumanSeat(name) for name in ("alice", "bob", "carol")]
    table = Table(new_game(GameConfig("base", 3, SEED, {})), list(seats))
    watcher = HumanSeat("dave")
    table.add_spectator(watcher)
    return table, seats, watcher


def _drain(client: InMemoryClient) -> list[dict[str, Any]]:
    out = []
    while (msg := client.recv_nowait()) is not None:
        out.append(msg)
    return out


def _said(client: InMemoryClient) -> list[tuple[Any, str, str]]:
    return [(m["seat"], m["name"], m["text"]) for m in _drain(client) if m["t"] == protocol.SAID]


def _errors(client: InMemoryClient) -> list[str]:
    return [m["message"] for m in _drain(client) if m["t"] == protocol.ERROR]


async def test_a_line_reaches_every_seat_and_watcher_the_speaker_too() -> None:
    table, seats, watcher = _table()
    clients = [InMemoryClient(s) for s in [*seats, watcher]]
    for c in clients:
        _drain(c)
    await clients[1].send(protocol.say("good luck"))  # bob, though it is not his turn
    await clients[3].send(protocol.say("enjoy"))  # dave, watching
    for c in clients:
        assert _said(c) == [(1, "bob", "good luck"), (None, "dave", "enjoy")]
    assert table.rev == 0  # a chat line is no action: the game did not move


async def test_a_line_is_cleaned_of_anything_a_terminal_would_obey() -> None:
    _, seats, _ = _table()
    alice, bob = InMemoryClient(seats[0]), InMemoryClient(seats[1])
    _drain(bob)
    hostile = "\x1b[2J\x1b]0;pwned\x07gg\u202e\u200b  well\n\tplayed\x00"
    await alice.send(protocol.say(hostile))
    (line,) = _said(bob)
    assert line[2] == "[2J]0;pwnedgg well played"  # escapes and overrides gone, spaces one
    assert all(ch.isprintable() for ch in line[2])


@pytest.mark.parametrize(
    ("msg", "reason"),
    [
        (protocol.say(""), "the chat line is empty"),
        (protocol.say(" \x1b\u200b\n "), "the chat line is empty"),
        (protocol.say("x" * (protocol.MAX_SAY + 1)), f"at most {protocol.MAX_SAY} characters"),
        (protocol.say("x" * 10_000), f"at most {protocol.MAX_SAY} characters"),
        ({"t": "say", "v": 1, "text": 7}, "a say needs a 'text' string"),
        ({"t": "say", "v": 9, "text": "hi"}, "protocol version 9 is not supported"),
    ],
    ids=["empty", "only-controls", "one-too-long", "far-too-long", "not-text", "old-version"],
)
async def test_a_line_that_is_not_one_is_refused_with_the_reason(
    msg: dict[str, Any], reason: str
) -> None:
    table, seats, _ = _table()
    alice, bob = InMemoryClient(seats[0]), InMemoryClient(seats[1])
    _drain(alice)
    _drain(bob)
    await alice.send(msg)
    (error,) = _errors(alice)
    assert reason in error
    assert _said(bob) == [] and not table.chat


async def test_a_flood_is_refused_past_the_burst() -> None:
    _, seats, _ = _table()
    alice, bob = InMemoryClient(seats[0]), InMemoryClient(seats[1])
    _drain(alice)
    _drain(bob)
    for i in range(protocol.SAY_BURST + 3):
        await alice.send(protocol.say(f"line {i}"))
    assert [text for _, _, text in _said(bob)] == [f"line {i}" for i in range(protocol.SAY_BURST)]
    assert _errors(alice) == ["you are chatting too fast: wait a few seconds"] * 3
    await bob.send(protocol.say("my turn to talk"))  # the limit is each person's own
    assert _said(alice)[-1] == (1, "bob", "my turn to talk")


async def test_someone_who_connects_later_reads_the_recent_chat_after_the_game() -> None:
    table, seats, _ = _table()
    alice = InMemoryClient(seats[0])
    for i in range(CHAT_KEPT + 5):
        seats[i % 3]._said_at = []  # past the flood limit: this test is about what is kept
        await InMemoryClient(seats[i % 3]).send(protocol.say(f"line {i}"))
    alice.close()
    again = InMemoryClient(seats[0])
    heard = _drain(again)
    kinds = [m["t"] for m in heard]
    assert kinds[0] == protocol.STATE and set(kinds[1:]) == {protocol.SAID}
    assert len(kinds) == 1 + CHAT_KEPT
    assert all(m.get("earlier") is True for m in heard[1:])  # told apart from new lines
    assert table.chat[0]["text"] == "line 5" and table.chat[-1]["text"] == f"line {CHAT_KEPT + 4}"


async def test_chat_while_a_person_decides_leaves_the_decision_waiting() -> None:
    """A say during one's own decision is no answer: the act that follows is the answer."""
    table, seats, _ = _table()
    to_act = table.game.to_act
    assert to_act is not None
    seat = seats[to_act]
    client = InMemoryClient(seat)
    step = asyncio.ensure_future(table.step())
    await until(lambda: seat._deciding, "the seat asked for its decision", 5)
    await client.send(protocol.say("hmm, where to settle"))  # heard at once: no await inside
    assert [m["text"] for m in table.chat] == ["hmm, where to settle"]
    assert not step.done() and table.rev == 0 and seat._deciding
    legal = table.game.legal_actions()
    await client.send(protocol.act(0, legal[0].to_json()))
    await asyncio.wait_for(step, 5)
    assert table.rev == 1
