"""The table host: the turn loop, redaction per seat, autosave and resume, illegal actions."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from ai.registry import create_bot
from ai.seat import BotSeat
from engine import saves
from engine.actions import Action
from engine.config import GameConfig
from engine.registry import new_game
from engine.table import protocol
from engine.table.client import HumanSeat, InMemoryClient
from engine.table.host import Table


def bots(n: int, seed: int = 0) -> list[Any]:
    return [BotSeat(create_bot("random", seed + i)) for i in range(n)]


class Recorder:
    """A seat that plays the first legal action and records what it hears."""

    def __init__(self) -> None:
        self.name = "recorder"
        self.heard: list[dict[str, Any]] = []
        self.over: dict[str, Any] | None = None

    async def decide(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return legal[-1] if legal[-1].type == "end_turn" else legal[0]

    async def notify(self, events: list[dict[str, Any]]) -> None:
        self.heard.extend(events)

    async def finished(self, msg: dict[str, Any]) -> None:
        self.over = msg


def game(seed: int = 1, seats: int = 4, **options: Any):
    return new_game(GameConfig("base", seats, seed, options))


def test_bots_finish_a_game_and_everyone_hears_the_end() -> None:
    g = game(1, vp_to_win=6)
    rec = Recorder()
    table = Table(g, [rec, *bots(3)])
    spectator = Recorder()
    table.add_spectator(spectator)
    winner = asyncio.run(table.run())
    assert g.is_over and winner == g.winner
    assert rec.over is not None and rec.over["t"] == "over" and rec.over["winner"] == winner
    stats = rec.over["stats"]
    assert stats["actions"] == len(g.log) == table.rev
    assert sum(stats["dice"].values()) > 0
    assert stats["vp_history"][-1] == g.scores()
    assert spectator.over is not None
    assert any(e["kind"] == "game_over" for e in spectator.heard)


def test_the_time_at_the_table_is_told_only_for_a_game_played_there() -> None:
    """Seed 1 (VP 6): a game played at this table tells its time; the same game, already over
    when a table is made for it (a finished save loaded), tells none (it was not played there:
    the time would be the replay of its log, and would differ from run to run)."""
    g = game(1, vp_to_win=6)
    rec = Recorder()
    asyncio.run(Table(g, [rec, *bots(3)]).run())
    assert rec.over is not None and isinstance(rec.over["stats"]["seconds"], float)
    again = Recorder()
    loaded = saves.load(saves.save(g))
    asyncio.run(Table(loaded, [again, *bots(3)]).run())
    assert again.over is not None and again.over["stats"]["actions"] == len(g.log)
    assert "seconds" not in again.over["stats"]


def test_secret_parts_reach_only_their_audience() -> None:
    g = game(2)
    recs = [Recorder() for _ in range(4)]
    spectator = Recorder()
    table = Table(g, recs)
    table.add_spectator(spectator)

    async def play() -> None:
        for _ in range(600):
            await table.step()

    asyncio.run(play())
    steals = [i for i, e in enumerate(spectator.heard) if e["kind"] in ("steal", "buy_development")]
    assert steals, "the seed should produce a steal or a development card"
    for i in steals:
        public = spectator.heard[i]
        secret_key = "resource" if public["kind"] == "steal" else "card"
        assert public[secret_key] is None
        audience = (
            {public["seat"], public["victim"]} if public["kind"] == "steal" else {public["seat"]}
        )
        for s, rec in enumerate(recs):
            seen = rec.heard[i]
            assert seen["kind"] == public["kind"]
            if s in audience:
                assert isinstance(seen[secret_key], str)
            else:
                assert seen[secret_key] is None


def test_autosave_after_every_action_resumes_at_the_same_decision(tmp_path: Path) -> None:
    path = tmp_path / "auto.json"
    g = game(3)
    table = Table(g, bots(4, 10), autosave_path=path, meta={"seats": ["random"] * 4})

    async def play() -> None:
        for n in range(1, 61):
            await table.step()
            data = json.loads(path.read_text())
            assert len(data["actions"]) == n
            assert data["meta"] == {"seats": ["random"] * 4}

    asyncio.run(play())
    resumed = saves.load_path(path)
    assert resumed.to_act == g.to_act
    assert resumed.legal_actions() == g.legal_actions()
    assert resumed.view(g.to_act) == g.view(g.to_act)
    assert resumed.snapshot() == g.snapshot()


def test_an_early_autosave_never_lands_over_a_later_one(tmp_path: Path) -> None:
    """The first save is written in the background; a later save asked for first still wins."""
    path = tmp_path / "auto.json"
    g = game(5)
    table = Table(g, bots(4, 20), autosave_path=path)

    async def play() -> None:
        early = table.autosave_soon()  # not started yet: the loop has not run it
        assert early is not None
        g.apply(g.legal_actions()[0])
        await table.autosave()  # takes the lock before the early save's task starts
        await early
        assert len(json.loads(path.read_text())["actions"]) == 1

    asyncio.run(play())


class Listener:
    """A spectator that records the table's notices."""

    def __init__(self) -> None:
        self.notices: list[str] = []

    async def notify(self, events: list[dict[str, Any]]) -> None:
        pass

    async def notice(self, message: str) -> None:
        self.notices.append(message)


def test_a_failing_autosave_is_told_once_and_the_game_goes_on(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    g = game(7)
    table = Table(g, bots(4, 30), autosave_path=blocker / "auto.json")
    listener = Listener()
    table.add_spectator(listener)
    person = HumanSeat()
    table.add_spectator(person)
    client = InMemoryClient(person)

    async def play() -> None:
        for _ in range(5):
            await table.step()
        assert g.num_actions == 5  # the game went on without its saves
        table.autosave_path = tmp_path / "auto.json"  # the disk is back
        await table.step()

    asyncio.run(play())
    assert len(listener.notices) == 2
    assert listener.notices[0].startswith("autosave failed: ")
    assert listener.notices[1] == "autosave works again"
    assert saves.load_path(tmp_path / "auto.json").num_actions == 6
    kinds = []
    while (msg := client.recv_nowait()) is not None:
        kinds.append(protocol.check_server_message(msg)["t"])
    assert kinds.count(protocol.NOTICE) == 2


def test_illegal_action_from_a_person_is_refused_with_a_message() -> None:
    async def main() -> None:
        g = game(4)
        human = HumanSeat()
        table = Table(g, [human, *bots(3)])
        client = InMemoryClient(human)
        task = asyncio.create_task(table.run())
        # Wait until the person must act.
        while True:
            msg = await client.recv()
            if msg["t"] == "state" and "legal" in msg:
                break
        assert msg["seat"] == 0 and msg["rev"] == table.rev
        # An edge is not a settlement spot: refused by the rules.
        await client.send(protocol.act(msg["rev"], {"type": "build_road", "edge": 0}))
        err = await client.recv()
        assert err["t"] == "error" and err["message"]
        again = await client.recv()
        assert again["t"] == "state" and again["legal"] == msg["legal"]
        # A stale revision is refused.
        await client.send(protocol.act(msg["rev"] - 1, msg["legal"][0]))
        err = await client.recv()
        assert err["t"] == "error" and "rev" in err["message"]
        await client.recv()
        # Garbage is refused.
        await client.send({"t": "act", "v": 1, "rev": msg["rev"], "action": {"type": "fly"}})
        err = await client.recv()
        assert err["t"] == "error" and "unknown action type" in err["message"]
        await client.recv()
        # A legal action is applied.
        rev = table.rev
        await client.send(protocol.act(msg["rev"], msg["legal"][0]))
        while table.rev == rev:
            await asyncio.sleep(0)
        assert g.log[rev].to_json() == msg["legal"][0]
        task.cancel()

    asyncio.run(main())


def test_a_bot_answering_illegally_falls_back_to_a_legal_action() -> None:
    class Liar(Recorder):
        async def decide(self, view: dict[str, Any], legal: list[Action]) -> Action:
            from engine.shared.actions import EndTurn

            return EndTurn()

    g = game(5)
    table = Table(g, [Liar(), *bots(3)])

    async def play() -> None:
        for _ in range(30):
            await table.step()

    asyncio.run(play())
    assert table.fallbacks > 0 and table.rev == 30


def test_state_messages_follow_the_protocol() -> None:
    async def main() -> None:
        g = game(6)
        human = HumanSeat()
        table = Table(g, [*bots(3), human])
        client = InMemoryClient(human)
        task = asyncio.create_task(table.run())
        revs = []
        while True:
            msg = protocol.check_server_message(await client.recv())
            assert msg["t"] == "state"
            assert msg["view"]["seat"] == 3
            revs.append(msg["rev"])
            if "legal" in msg:
                break
        assert revs == sorted(revs)
        task.cancel()
        # A reconnecting client gets the latest state with its legal actions.
        again = InMemoryClient(human)
        msg = await again.recv()
        assert "legal" in msg and msg["rev"] == table.rev

    asyncio.run(main())


def test_parse_act_rejects_malformed_messages() -> None:
    for bad in (
        None,
        [],
        {"t": "act"},
        {"t": "act", "v": 2, "rev": 0, "action": {}},
        {"t": "hello", "v": 1},
        {"t": "act", "v": 1, "rev": "0", "action": {}},
        {"t": "act", "v": 1, "rev": 0},
    ):
        with pytest.raises(protocol.ProtocolError):
            protocol.parse_act(bad)
    assert protocol.parse_act(protocol.act(3, {"type": "roll"})) == (3, {"type": "roll"})


def test_an_absent_client_queue_stays_bounded_and_reconnects_to_the_latest() -> None:
    async def main() -> None:
        g = game(9)
        watcher = HumanSeat("watcher")
        table = Table(g, bots(4, 20))
        table.add_spectator(watcher)
        for _ in range(600):
            await table.step()
        assert 0 < watcher._outbox.qsize() <= HumanSeat.MAX_QUEUED + 1
        client = InMemoryClient(watcher)
        latest = await client.recv()
        assert latest["t"] == "state" and latest["rev"] == table.rev and latest["seat"] is None

    asyncio.run(main())


def test_the_history_begins_with_the_events_of_the_games_making() -> None:
    """Who starts (and the rolls for it) and, in Starfarers' first game, the hands dealt and
    the first turn: told as the game was made, before any action, so a client joining or
    resuming hears them first. Each seat hears its own hand and the others' counts."""
    base = game(3)
    table = Table(base, [Recorder() for _ in range(4)])
    first = table.history(0)[0]
    assert first["kind"] == "start_player" and first["seat"] == base.start
    assert sorted(first["rolls"][0]) == ["0", "1", "2", "3"]  # every seat rolls first

    from engine.position import game_from_position

    staged = game_from_position(base.position())  # made from a position: no start told
    staged.apply(staged.legal_actions()[0])
    heard = Table(staged, [Recorder() for _ in range(4)]).history(0)
    assert heard and all(e["kind"] != "start_player" for e in heard)

    options = {"variant": "first_game", "starting_hand": "rulebook"}
    sf = new_game(GameConfig("starfarers", 4, 47, options))
    table = Table(sf, [Recorder() for _ in range(4)])
    for seat in (0, 2, None):
        heard = table.history(seat)
        assert [e["kind"] for e in heard] == ["start_player", *["starting_hand"] * 4, "turn"]
        assert heard[-1]["turn"] == 1 and heard[-1]["seat"] == sf.current
        shown = {e["seat"]: e["cards"] for e in heard if e["kind"] == "starting_hand"}
        assert all((cards is not None) == (p == seat) for p, cards in shown.items()), seat


def test_a_line_nested_too_deep_is_a_protocol_error_not_a_traceback() -> None:
    """Found by a hostile client: 200,000 nested brackets on the table's socket raised a
    RecursionError the server logged as a traceback; it is refused like any bad line."""
    import pytest

    from engine.table.protocol import ProtocolError
    from engine.table.unix_socket import decode

    with pytest.raises(ProtocolError, match="nested too deep"):
        decode(b"[" * 200_000 + b"]" * 200_000)
