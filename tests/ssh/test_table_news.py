"""What a served table tells everyone there, and how it keeps going when a person leaves.

- A host who left must not stall the game: anyone seated may hand an away seat to a
  bot once it has been away `HANDOVER_GRACE` seconds (the host at once), and the
  refusal before then says when.
- Everyone hears it when a bot takes a seat and when its person is back, when a
  seated player drops and returns (not a spectator; a flapping connection at most
  once per `COMINGS_GAP`), and these lines are kept for those who connect later
  (``earlier``), a clock running out too.
- An offer waiting on the answer of a person who is away is declined for them.
- Starting a table that is already playing says so, whoever asks.

Table seeds are named (SEED); times are moved by setting when a seat went away.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from ai.registry import DEFAULT_BOT
from engine.table import protocol
from engine.table.unix_socket import Endpoint, TokenBook
from tests.ssh.test_hardening_takeover import SEED, ask, deciding, first_plain, recv, redeem
from tests.ssh.waits import until
from tui.screens.lobby import HANDOVER_KEY, handover_hint
from tui.ssh.lobby_host import (
    COMINGS_GAP,
    HANDOVER_GRACE,
    HostedTable,
    Lobby,
    Slot,
)

TWO = ["person", "person", "bot:random"]


async def refused(lobby: Lobby, user: str, kind: str, **fields: Any) -> str:
    (reply,) = await lobby.handle(user, {"t": f"lobby.{kind}", "v": 1, **fields})
    assert reply["t"] == "error", reply
    message: str = reply["message"]
    return message


async def two_at_the_table(tmp_path: Path) -> tuple[Lobby, HostedTable, Endpoint, Endpoint]:
    """alice (host, seat 0) and bob (seat 1) at a running table with a random bot; no clock."""
    lobby = Lobby(TokenBook(), tmp_path / "saves", bot_pace=0.0, seeded=True)
    await ask(lobby, "alice", "create", ruleset="base", options={}, seed=SEED, seats=TWO)
    await ask(lobby, "bob", "join", table=1, seat=1)
    alice = await redeem(lobby, await ask(lobby, "alice", "start", table=1))
    bob = await redeem(lobby, await ask(lobby, "bob", "join", table=1, seat=1))
    return lobby, lobby.tables[1], alice, bob


async def away_and_back(lobby: Lobby, hosted: HostedTable, bob: Endpoint) -> Endpoint:
    """bob's connection drops, his seat is seen away, and he joins again: his new one."""
    bob.close()
    await until(lambda: hosted.seats[1].away_since is not None, "bob's seat away")
    return await redeem(lobby, await ask(lobby, "bob", "join", table=1, seat=1))


async def notices_until_mark(endpoint: Endpoint, hosted: HostedTable, mark: str) -> list[str]:
    """The notices `endpoint` hears before a chat line `mark` said now at the table."""
    assert hosted.table is not None
    hosted.table.say(None, "test", mark)
    told: list[str] = []
    while True:
        msg = await recv(endpoint, f"the chat line {mark!r}", timeout=20)
        if msg["t"] == protocol.SAID and msg["text"] == mark and not msg.get("earlier"):
            return told
        if msg["t"] == protocol.NOTICE:
            told.append(msg["message"])


def away_for(hosted: HostedTable, seat: int, seconds: float) -> None:
    """The seat has been away `seconds` (as if its person left that long ago)."""
    info = hosted.seats[seat]
    assert info.away_since is not None, "the seat is not away"
    info.away_since = time.monotonic() - seconds


# -- 1. a seat away for good does not stall the game -----------------------------------


async def test_anyone_seated_hands_an_away_hosts_seat_to_a_bot_after_the_grace(
    tmp_path: Path,
) -> None:
    lobby, hosted, alice, bob = await two_at_the_table(tmp_path)
    table = hosted.table
    assert table is not None
    state = await deciding(alice, "alice's first decision")
    assert table.game.to_act == 0
    alice.close()  # the host quits mid-game, her decision pending
    await until(lambda: hosted.seats[0].away_since is not None, "alice's seat away")

    # Before the grace, bob is told when he may.
    away_for(hosted, 0, 22.4)
    assert await refused(lobby, "bob", "handover", table=1, seat=0) == (
        "alice has been away 0:22; anyone seated may hand the seat to a bot after 1:00"
    )
    # Someone not seated there may not, however long the seat has been away.
    away_for(hosted, 0, HANDOVER_GRACE + 1)
    assert await refused(lobby, "carol", "handover", table=1, seat=0) == (
        "only the table's host or its players can hand a seat to a bot"
    )
    assert hosted.seats[0].stand_in is None and table.rev == state["rev"]

    # After it, bob may: a bot plays her seat, and the game goes on.
    await ask(lobby, "bob", "handover", table=1, seat=0, bot="random")
    assert hosted.seats[0].stand_in == "random"
    await until(lambda: table.rev > state["rev"], "the bot to play alice's seat")
    # The seat names that clients receive say a bot plays it.
    listed = lobby.presence(hosted)["seats"][0]
    assert (listed["user"], listed["bot"], listed["connected"]) == ("alice", "random", False)
    assert await refused(lobby, "bob", "handover", table=1, seat=0) == (
        "a bot already plays for alice"
    )
    assert await notices_until_mark(bob, hosted, "one") == [
        "alice left the table.",
        "A bot (random) now plays for alice.",
    ]

    # alice comes back: her seat is hers again, and everyone hears it once.
    again = await redeem(lobby, await ask(lobby, "alice", "join", table=1, seat=0))
    slot = hosted.seats[0].slot
    assert slot is not None and slot.bot is None and hosted.seats[0].stand_in is None
    assert await notices_until_mark(bob, hosted, "two") == [
        "alice is back at the table and takes the seat from the bot."
    ]
    # Her own log gets what she missed, marked as earlier news, in the order it was said
    # (chat and notices together: seen, all notices first and then all chat).
    heard: list[tuple[str, bool]] = []
    yours: list[tuple[object, object]] = []  # each notice's seat and its own player's words
    while not heard or heard[-1][0] != "said: two":
        msg = await recv(again, "alice's replayed lines")
        if msg["t"] in (protocol.NOTICE, protocol.SAID):
            said = msg["t"] == protocol.SAID
            line = f"said: {msg['text']}" if said else msg["message"]
            heard.append((line, msg.get("earlier") is True))
            if not said:
                yours.append((msg.get("seat"), msg.get("yours")))
    assert heard == [
        ("alice left the table.", True),
        ("A bot (random) now plays for alice.", True),
        ("said: one", True),
        ("alice is back at the table and takes the seat from the bot.", True),
        ("said: two", False),  # said after she was back: news
    ]
    # her own client reads these in her words (seen: "alice left the table." in her log)
    assert yours == [
        (0, "You left the table."),
        (0, "A bot (random) now plays for you."),
        (0, "You are back at the table and take your seat from the bot."),
    ]
    again.close()
    bob.close()
    await lobby.close()


async def test_the_host_hands_an_away_seat_over_at_once(tmp_path: Path) -> None:
    lobby, hosted, alice, bob = await two_at_the_table(tmp_path)
    bob.close()
    await until(lambda: hosted.seats[1].away_since is not None, "bob's seat away")
    await ask(lobby, "alice", "handover", table=1, seat=1)  # away a moment only
    assert hosted.seats[1].stand_in == DEFAULT_BOT  # the request named none
    alice.close()
    await lobby.close()


# -- 2, 4. comings and goings ----------------------------------------------------------------


async def test_drops_and_returns_are_told_without_flooding(tmp_path: Path) -> None:
    lobby, hosted, alice, bob = await two_at_the_table(tmp_path)
    carol = await redeem(lobby, await ask(lobby, "carol", "spectate", table=1))
    # Arriving at the start of the game is no news.
    assert await notices_until_mark(alice, hosted, "start") == []

    bob = await away_and_back(lobby, hosted, bob)
    assert await notices_until_mark(alice, hosted, "first") == [
        "bob left the table.",
        "bob is back at the table.",
    ]
    # Spectators hear it too.
    assert await notices_until_mark(carol, hosted, "first, watched") == [
        "bob left the table.",
        "bob is back at the table.",
    ]

    # He flaps: within COMINGS_GAP of the last line, nothing more is said.
    for _ in range(3):
        bob = await away_and_back(lobby, hosted, bob)
    assert await notices_until_mark(alice, hosted, "flapping") == []

    # After the gap, a drop is told again, and his return with it.
    info = hosted.seats[1]
    assert info.left_told is not None
    info.left_told -= COMINGS_GAP
    bob.close()
    await until(lambda: info.away_since is not None, "bob's seat away")
    assert await notices_until_mark(alice, hosted, "later") == ["bob left the table."]
    bob = await redeem(lobby, await ask(lobby, "bob", "join", table=1, seat=1))
    assert await notices_until_mark(alice, hosted, "back") == ["bob is back at the table."]

    # A spectator coming and going is not told.
    carol.close()
    dave = await redeem(lobby, await ask(lobby, "carol", "spectate", table=1))
    assert await notices_until_mark(alice, hosted, "watchers") == []
    for endpoint in (alice, bob, dave):
        endpoint.close()
    await lobby.close()


async def test_a_drop_held_back_by_the_gap_is_told_when_it_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seen over SSH: a connection flapping within the gap left "bob is back." as the last
    word while he was away for good. A drop held back is told once the gap ends, if he is
    still away then (the gap made short here)."""
    import tui.ssh.lobby_host as lobby_host

    monkeypatch.setattr(lobby_host, "COMINGS_GAP", 3.0)
    lobby, hosted, alice, bob = await two_at_the_table(tmp_path)
    bob = await away_and_back(lobby, hosted, bob)
    assert await notices_until_mark(alice, hosted, "once") == [
        "bob left the table.",
        "bob is back at the table.",
    ]
    bob.close()  # within the gap: held back
    await until(lambda: hosted.seats[1].away_since is not None, "bob's seat away again")
    assert await notices_until_mark(alice, hosted, "held") == []
    msg = await recv(alice, "the drop told when the gap ends", timeout=10)
    assert (msg["t"], msg["message"]) == (protocol.NOTICE, "bob left the table.")
    alice.close()
    await lobby.close()


# -- 3. a clock running out is kept with the table's lines -------------------------------------


async def test_a_clock_running_out_is_kept_for_those_who_connect_later(tmp_path: Path) -> None:
    lobby = Lobby(TokenBook(), tmp_path / "saves", bot_pace=0.0, seeded=True)
    await ask(lobby, "alice", "create", ruleset="base", options={}, seed=SEED, seats=TWO, clock=60)
    hosted = lobby.tables[1]
    hosted.clock = 1
    await ask(lobby, "bob", "join", table=1, seat=1)
    await ask(lobby, "alice", "start", table=1)  # alice never sits down: her time runs out
    table = hosted.table
    assert table is not None
    told = "Time ran out for alice: a bot played for them."
    await until(lambda: any(m["message"] == told for m in table.told), "alice's time to run out")
    bob = await redeem(lobby, await ask(lobby, "bob", "join", table=1, seat=1))
    msg = await recv(bob, "bob's first state")
    assert msg["t"] == protocol.STATE
    msg = await recv(bob, "the table's earlier line")
    assert msg == {
        "t": "notice",
        "v": 1,
        "message": told,
        "seat": 0,  # alice's own client reads it in her words
        "yours": "Your time ran out: a bot played for you.",
        "earlier": True,
        "turn": 0,
        "n": 1,
    }
    bob.close()
    await lobby.close()


# -- 6. an offer to a person who is away ------------------------------------------------------


async def alice_may_offer(hosted: HostedTable, endpoints: list[Endpoint]) -> dict[str, Any]:
    """alice and bob play the first legal action until alice may offer a trade."""
    table = hosted.table
    assert table is not None
    while True:
        seat = table.game.to_act
        if seat not in (0, 1):
            rev = table.rev
            await until(lambda: table.rev > rev, "the bot's move")  # noqa: B023
            continue
        state = await deciding(endpoints[seat], f"seat {seat}'s decision")
        if state["rev"] != table.rev:
            continue  # a decision already taken
        if seat == 0 and any(a["type"] == "offer_trade" for a in state["legal"]):
            return state
        await endpoints[seat].send(protocol.act(state["rev"], first_plain(state["legal"])))
        await until(lambda: table.rev > state["rev"], "the action applied")  # noqa: B023


async def test_an_offer_to_a_person_who_left_is_declined_for_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """alice offers to bob, whose connection then drops: the offer does not hang on him."""
    monkeypatch.setattr(Slot, "away_answer_wait", 0.0)
    lobby, hosted, alice, bob = await two_at_the_table(tmp_path)
    table = hosted.table
    assert table is not None
    state = await alice_may_offer(hosted, [alice, bob])
    offer = next(a for a in state["legal"] if a["type"] == "offer_trade") | {"to": [1]}
    await alice.send(protocol.act(state["rev"], offer))
    await until(lambda: table.rev > state["rev"], "the offer made")
    assert table.game.to_act == 1
    await until(lambda: table.thinking == 1, "bob asked to answer")
    # While bob is at the table, the offer waits for him (the wait is 0 here).
    assert await notices_until_mark(alice, hosted, "bob thinks") == []
    assert table.rev == state["rev"] + 1 and table.thinking == 1

    bob.close()  # his connection drops while he is asked
    await until(lambda: table.rev > state["rev"] + 1, "bob's answer")
    assert table.game.log[state["rev"] + 1].to_json() == {"type": "decline_trade"}
    assert await notices_until_mark(alice, hosted, "declined") == [
        "bob left the table.",
        "bob is away: their answer to the offer counts as a decline.",
    ]
    assert table.game.to_act == 0  # her turn goes on
    await until(lambda: table.thinking == 0, "alice asked again")
    alice.close()
    await lobby.close()


# -- 5. starting a table already playing ------------------------------------------------------


async def test_starting_a_running_table_says_it_has_started(tmp_path: Path) -> None:
    lobby, _hosted, alice, bob = await two_at_the_table(tmp_path)
    for user in ("bob", "carol", "alice"):
        assert await refused(lobby, user, "start", table=1) == "table 1 has already started"
    await ask(lobby, "carol", "create", ruleset="base", options={}, seed=SEED, seats=TWO)
    assert await refused(lobby, "bob", "start", table=2) == "only the table's host can start it"
    alice.close()
    bob.close()
    await lobby.close()


# -- the away line's words for ctrl+b -------------------------------------------------------


def _table(gone: str, away: float, grace: Any) -> dict[str, Any]:
    """alice's table (alice and bob seated), `gone` away for `away` seconds."""

    def seat(user: str) -> dict[str, Any]:
        here = user != gone
        return {
            "kind": "person",
            "user": user,
            "bot": None,
            "connected": here,
            "away": None if here else away,
        }

    return {"host": "alice", "handover_after": grace, "seats": [seat("alice"), seat("bob")]}


@pytest.mark.parametrize(
    ("user", "gone", "away", "offset", "grace", "hint"),
    [
        ("alice", "bob", 1.0, 0.0, HANDOVER_GRACE, HANDOVER_KEY),  # the host: at once
        ("bob", "alice", 22.0, 0.0, HANDOVER_GRACE, "  ctrl+b from 1:00 away"),
        ("bob", "alice", 50.0, 10.0, HANDOVER_GRACE, HANDOVER_KEY),  # counted since the snapshot
        ("carol", "alice", 90.0, 0.0, HANDOVER_GRACE, ""),  # a watcher
        ("bob", "alice", 90.0, 0.0, None, ""),  # an older server: only its host may
    ],
)
def test_the_away_line_says_who_may_hand_the_seat_over_and_when(
    user: str, gone: str, away: float, offset: float, grace: Any, hint: str
) -> None:
    assert handover_hint(_table(gone, away, grace), user, offset) == hint
