"""End to end over SSH (loopback, asyncssh client): two people and two bots play to the end.

The people are driven in the test mode of tui/ssh/linemode.py: the real
session path (SSH channel, pty, zygote child with a controlling tty, one-time
tokens, Unix socket, lobby, table) with protocol actions typed as JSON lines
in place of the app's key presses. Every byte the socket sent to each seat is
then scanned for other seats' hidden cards.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from typing import Any

from ai.bots.greedy import GreedyBot
from engine.headless import replay_steps
from engine.registry import get_ruleset
from tests.ssh.conftest import LineSession, Tap, connect, open_app, open_lines
from tests.ssh.waits import until
from tui.ssh.server import Service

SKIP = {"offer_trade", "counter_trade"}


def is_msg(source: str, t: str) -> Any:
    return lambda item: item["from"] == source and item["msg"].get("t") == t


Chooser = Callable[[dict[str, Any], list[dict[str, Any]]], dict[str, Any]]


def random_chooser(seed: int) -> Chooser:
    rng = random.Random(seed)

    def choose(view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        return rng.choice([a for a in legal if a["type"] not in SKIP] or legal)

    return choose


def greedy_chooser(ruleset: str, seed: int) -> Chooser:
    """A person who plays like the greedy bot, from what their session receives only."""
    codec = get_ruleset(ruleset).codec
    bot = GreedyBot(seed)

    def choose(view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        actions = [codec.decode(a) for a in legal if a["type"] not in SKIP] or [
            codec.decode(a) for a in legal
        ]
        return bot.choose(view, actions).to_json()

    return choose


async def play_seat(session: LineSession, choose: Chooser, limit: int = 5000) -> dict[str, Any]:
    """Answer every decision with the chooser's legal action until the game is over."""
    acted_rev: int | None = None
    for _ in range(limit * 4):
        item = await session.next(lambda i: i["from"] == "table", timeout=60)
        msg = item["msg"]
        if msg["t"] == "over":
            return msg
        if msg["t"] == "error":
            acted_rev = None
            continue
        legal = msg.get("legal")
        if msg["t"] == "state" and legal and msg["rev"] != acted_rev:
            acted_rev = msg["rev"]
            action = choose(msg["view"], legal)
            await session.send(
                {"to": "table", "msg": {"t": "act", "v": 1, "rev": acted_rev, "action": action}}
            )
    raise AssertionError("the game did not end within the message budget")


async def seat_game(
    service: Service, keys: Any, ruleset: str = "base", bot: str = "random"
) -> tuple[LineSession, LineSession, list[Any]]:
    """alice hosts (seat 0), bob takes seat 2, bots at 1 and 3; both connected to their seats."""
    alice_conn = await connect(service, "alice", keys["alice"])
    bob_conn = await connect(service, "bob", keys["bob"])
    alice, bob = await open_lines(alice_conn), await open_lines(bob_conn)
    await alice.next(is_msg("lobby", "lobby"))
    await bob.next(is_msg("lobby", "lobby"))
    await alice.lobby(
        "create",
        ruleset=ruleset,
        options={},
        seed=11,
        seats=["person", f"bot:{bot}", "person", f"bot:{bot}"],
    )
    await alice.next(lambda i: "created" in i["msg"])
    await bob.lobby("join", table=1, seat=2)
    await bob.next(
        lambda i: any(s["user"] == "bob" for t in i["msg"].get("tables", []) for s in t["seats"])
    )
    await alice.lobby("start", table=1)
    grant = await alice.next(is_msg("lobby", "seat"))
    await alice.send({"open": grant["msg"]["token"]})
    await bob.lobby("join", table=1, seat=2)
    grant = await bob.next(is_msg("lobby", "seat"))
    await bob.send({"open": grant["msg"]["token"]})
    seats = service.lobby.tables[1].seats
    await until(  # both table connections are made before anyone plays
        lambda: bool(seats[0].connections and seats[2].connections), "both seats' connections"
    )
    assert seats[0].connections == seats[2].connections == 1
    return alice, bob, [alice_conn, bob_conn]


def check_only_own_secrets(tap: Tap, label: str, seat: int) -> int:
    """Every line sent to `label` is for `seat` and hides every other seat's cards."""
    data = bytes(tap.sent[label])
    assert data, f"nothing was sent to {label}"
    states = 0
    for line in data.splitlines():
        msg = json.loads(line)
        if msg["t"] != "state":
            continue
        states += 1
        assert msg["seat"] == seat and msg["view"]["seat"] == seat
        for p in msg["view"]["players"]:
            assert "hand" not in p and "development" not in p, "a hand in the public part"
        for event in msg["events"]:
            if event["kind"] == "steal" and seat not in (event["seat"], event["victim"]):
                assert event["resource"] is None, f"{label} saw a stolen card: {event}"
            if event["kind"] == "buy_development" and event["seat"] != seat:
                assert event["card"] is None, f"{label} saw someone's development card"
            assert "hand" not in event or event.get("seat") in (seat, None)
    return states


async def table_over(service: Service, number: int) -> Any:
    """Lobby table `number` once the lobby marks it over (just after the last push)."""
    table = service.lobby.tables[number]
    await until(lambda: table.status == "over", f"table {number} to be marked over", 10)
    assert table.table is not None
    return table


async def test_two_people_two_bots_play_to_the_end(service: Service, keys: Any, tap: Tap) -> None:
    alice, bob, conns = await seat_game(service, keys)
    # carol (password login) watches from the start
    carol_conn = await connect(
        service, "carol", None, password="open sesame", preferred_auth="password"
    )
    conns.append(carol_conn)
    carol = await open_lines(carol_conn)
    await carol.next(is_msg("lobby", "lobby"))
    await carol.lobby("spectate", table=1)
    grant = await carol.next(is_msg("lobby", "seat"))
    assert grant["msg"]["seat"] is None
    await carol.send({"open": grant["msg"]["token"]})
    over_a, over_b = await asyncio.wait_for(
        asyncio.gather(play_seat(alice, random_chooser(1)), play_seat(bob, random_chooser(2))),
        300,
    )
    over_c = await carol.next(lambda i: i["from"] == "table" and i["msg"]["t"] == "over", 30)
    assert over_c["msg"]["winner"] == over_a["winner"]
    assert over_a["winner"] == over_b["winner"] is not None
    assert over_a["rev"] > 100
    table = service.lobby.tables[1]
    assert table.status == "over"
    assert table.table is not None and table.table.game.winner == over_a["winner"]
    assert check_only_own_secrets(tap, "t1:seat0:alice", 0) > 100
    assert check_only_own_secrets(tap, "t1:seat2:bob", 2) > 100
    # The secrets were really there to be hidden: someone saw a stolen card or a bought card.
    everything = bytes(tap.sent["t1:seat0:alice"]) + bytes(tap.sent["t1:seat2:bob"])
    assert b'"resource":"' in everything or b'"card":"' in everything
    watched = [json.loads(line) for line in bytes(tap.sent["t1:spectator:carol"]).splitlines()]
    states = [m for m in watched if m["t"] == "state"]
    assert len(states) > 100
    for msg in states:
        assert msg["seat"] is None and "me" not in msg["view"]
        for event in msg["events"]:
            if event["kind"] == "steal":
                assert event["resource"] is None
            if event["kind"] == "buy_development":
                assert event["card"] is None
    for conn in conns:
        conn.close()


async def test_a_starfarers_table_of_two_people_and_two_bots_plays_to_the_end(
    service: Service, keys: Any, tap: Tap
) -> None:
    """The README's SSH walk-through: a Starfarers table, two people, two bots, to the end."""
    alice, bob, conns = await seat_game(service, keys, ruleset="starfarers", bot="greedy")
    over_a, over_b = await asyncio.wait_for(
        asyncio.gather(
            play_seat(alice, greedy_chooser("starfarers", 1)),
            play_seat(bob, greedy_chooser("starfarers", 2)),
        ),
        300,
    )
    assert over_a["winner"] == over_b["winner"] is not None
    assert max(over_a["scores"]) >= 15
    table = await table_over(service, 1)
    assert table.table.game.view(0)["ruleset"] == "starfarers"
    for label, seat in (("t1:seat0:alice", 0), ("t1:seat2:bob", 2)):
        states = [
            json.loads(line)
            for line in bytes(tap.sent[label]).splitlines()
            if json.loads(line)["t"] == "state"
        ]
        assert len(states) > 100
        for msg in states:
            view = msg["view"]
            assert msg["seat"] == seat and view["seat"] == seat
            assert view["encounter"] is None or "deck" not in view["encounter"]
            for p in view["players"]:
                assert "hand" not in p, "another seat's hand in the public part"
            for event in msg["events"]:
                if event["kind"] == "steal" and seat not in (event["seat"], event["victim"]):
                    assert event["resource"] is None, f"{label} saw a stolen card: {event}"
                if event["kind"] == "reserve_draw" and event["seat"] != seat:
                    assert event["cards"] is None, f"{label} saw another seat's draw: {event}"
    for conn in conns:
        conn.close()


async def test_a_ck_table_of_a_person_and_two_bots_plays_to_the_end(
    service: Service, keys: Any, tap: Tap
) -> None:
    """Cities & Knights over SSH: alice creates a table of herself and two greedy bots to 5 VP
    (about 20 turns), starts it, and answers every decision of hers until the game is over."""
    conn = await connect(service, "alice", keys["alice"])
    alice = await open_lines(conn)
    await alice.next(is_msg("lobby", "lobby"))
    seats = ["person", "bot:greedy", "bot:greedy"]
    await alice.lobby("create", ruleset="ck", options={"vp_to_win": 5}, seed=11, seats=seats)
    await alice.next(lambda i: "created" in i["msg"])
    await alice.lobby("start", table=1)
    grant = await alice.next(is_msg("lobby", "seat"))
    await alice.send({"open": grant["msg"]["token"]})
    over = await asyncio.wait_for(play_seat(alice, random_chooser(3)), 300)
    assert over["winner"] is not None and over["scores"][over["winner"]] >= 5
    table = await table_over(service, 1)
    game = table.table.game
    assert game.winner == over["winner"] and game.config.options["vp_to_win"] == 5
    assert game.view(0)["ruleset"] == "ck"
    states = [
        json.loads(line)
        for line in bytes(tap.sent["t1:seat0:alice"]).splitlines()
        if json.loads(line)["t"] == "state"
    ]
    assert len(states) > 20
    rolls = [e for msg in states for e in msg["events"] if e["kind"] == "dice"]
    assert rolls and all(len(e["dice"]) == 3 for e in rolls)  # red, yellow and the event die
    for msg in states:
        view = msg["view"]
        assert msg["seat"] == 0 and view["seat"] == 0 and view["ruleset"] == "ck"
        for p in view["players"]:
            assert "hand" not in p and "development" not in p, "a hand in the public part"
    conn.close()


DOWN = "\x1b[B"


def ck_keys(types: set[str]) -> str:
    """The keys a person presses in the app for their C&K decision (the kinds now legal):
    roll, end the turn, give back cards (one more of each kind, down, ..., Enter), else Enter
    (the target or the dialog the app opened by itself: its first choice)."""
    if "discard" in types:
        return (" " * 8 + DOWN) * 8 + "\r"
    if "roll" in types:
        return "r"
    if "end_turn" in types:
        return "e"
    return "\r"


async def test_a_ck_table_played_to_the_game_over_screen_by_keys(
    make_service: Any, keys: Any
) -> None:
    """The real app over SSH: alice is signed in when a C&K table of hers (two greedy bots,
    5 VP, seed 11) starts; the lobby takes her to her seat and she plays by key presses alone
    until the app shows the game-over screen. (The keys follow the table's decision for her,
    read from the server; each is pressed again until the table moves on.)"""
    service: Service = await make_service(child_mode="app")
    conn = await connect(service, "alice", keys["alice"])
    term = await open_app(conn, size=(80, 24))
    await term.wait_for(b"signed in as alice", 20)
    create = {"t": "lobby.create", "v": 1, "ruleset": "ck", "options": {"vp_to_win": 5}}
    seats = ["person", "bot:greedy", "bot:greedy"]
    await service.lobby.handle("alice", {**create, "seed": 11, "seats": seats})
    await term.wait_for(b"waiting", 20)
    term.press("s")  # start: the lobby takes alice to her seat
    await term.wait_for(b"Catan holds", 20)  # the barbarian panel: C&K's game screen
    hosted = service.lobby.tables[1]
    assert hosted.table is not None
    game = hosted.table.game
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 240
    pressed: list[str] = []
    while game.winner is None:
        assert loop.time() < deadline, f"the game did not end; keys {pressed[-10:]}"
        if game.to_act != 0:
            await term.pump(0.02)  # the bots' turn: wait for her decision or the end
            continue
        before = len(game.log)
        chord = ck_keys({a.type for a in game.legal_actions()})
        term.press(chord)
        pressed.append(chord)
        moved_on = loop.time() + 3  # the key took if the table moved on; else press it again
        while len(game.log) == before and game.winner is None and loop.time() < moved_on:
            await term.pump(0.02)
    await term.wait_for(b"Victory points over time", 30)  # the game-over screen
    assert b" wins." in term.text()
    assert game.config.options["vp_to_win"] == 5 and game.view(0)["ruleset"] == "ck"
    mine = {action.type for before, action in replay_steps(game) if before.to_act == 0}
    assert {"build_settlement", "build_road", "roll", "end_turn"} <= mine
    conn.close()
