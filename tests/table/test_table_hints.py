"""Hints at the table: a person's seat asks its adviser, which reads that seat's view only."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from ai.hints import ValueAdviser
from ai.registry import create_bot
from ai.seat import BotSeat
from engine.actions import Action
from engine.config import GameConfig
from engine.registry import new_game
from engine.table import protocol
from engine.table.client import HumanSeat, InMemoryClient
from engine.table.host import Table
from engine.views import GameView

WAIT = 10.0  # seconds a message may take before the test fails


class Scripted:
    """An adviser that records what it was given and answers as told."""

    name = "scripted"

    def __init__(self, answer: str = "last") -> None:
        self.answer = answer
        self.calls: list[tuple[int, GameView, list[Action], int]] = []

    def suggest(self, seat: int, view: GameView, legal: list[Action], seed: int) -> list[Action]:
        self.calls.append((seat, view, legal, seed))
        if self.answer == "fail":
            raise RuntimeError("out of ideas")
        if self.answer == "illegal":
            from engine.shared.actions import EndTurn

            return [EndTurn()]
        if self.answer == "nothing":
            return []
        return [legal[-1]]


async def recv(client: InMemoryClient, kind: str) -> dict[str, Any]:
    """The next message of `kind` (others skipped), failing after WAIT seconds."""

    async def next_of_kind() -> dict[str, Any]:
        while True:
            msg = await client.recv()
            if msg["t"] == kind and (kind != "state" or "legal" in msg):
                return msg

    try:
        return await asyncio.wait_for(next_of_kind(), WAIT)
    except TimeoutError:
        raise AssertionError(f"no {kind!r} message within {WAIT} s") from None


def seated(adviser: Any, seed: int = 4) -> tuple[Table, HumanSeat, InMemoryClient]:
    g = new_game(GameConfig("base", 4, seed, {}))
    bots = [BotSeat(create_bot("random", seed + i)) for i in range(3)]
    human = HumanSeat(adviser=adviser)
    table = Table(g, [human, *bots])
    return table, human, InMemoryClient(human)


def test_a_hint_is_one_of_the_legal_actions_from_the_seats_own_view() -> None:
    async def main() -> None:
        adviser = Scripted()
        table, _human, client = seated(adviser)
        task = asyncio.create_task(table.run())
        state = await recv(client, "state")
        await client.send(protocol.hint_request(state["rev"]))
        hint = protocol.check_server_message(await recv(client, "hint"))
        assert hint["rev"] == state["rev"] and hint["by"] == "scripted"
        assert hint["action"] == state["legal"][-1] and hint["then"] == []
        ((seat, view, legal, seed),) = adviser.calls
        # the seat's own view (what its state message carried), the revision as the seed
        assert seat == 0 and view == state["view"] and seed == state["rev"]
        assert [a.to_json() for a in legal] == state["legal"]
        # the hint answers nothing: the table still waits for the person
        assert table.rev == state["rev"]
        await client.send(protocol.act(state["rev"], hint["action"]))
        await recv(client, "state")
        assert table.game.log[state["rev"]].to_json() == hint["action"]
        task.cancel()

    asyncio.run(main())


def test_the_adviser_gets_a_copy_of_the_view_it_may_keep() -> None:
    async def main() -> None:
        adviser = Scripted()
        table, _human, client = seated(adviser)
        task = asyncio.create_task(table.run())
        state = await recv(client, "state")
        await client.send(protocol.hint_request(state["rev"]))
        await recv(client, "hint")
        given = adviser.calls[0][1]
        assert given is not table.game.view(0) and given == table.game.view(0)
        task.cancel()

    asyncio.run(main())


@pytest.mark.parametrize(
    ("case", "reason"),
    [
        ("no adviser", "this table gives no hints"),
        ("old position", "that asked about an old position (rev"),
        ("adviser fails", "no hint this time (RuntimeError: out of ideas)"),
        ("illegal answer", "no hint this time (the adviser chose end_turn)"),
        ("empty plan", "no hint this time (IndexError: list index out of range)"),
        ("malformed", "a hint request needs an integer 'rev'"),
    ],
)
def test_a_hint_refused_says_why_and_the_game_goes_on(case: str, reason: str) -> None:
    async def main() -> None:
        answer = {"adviser fails": "fail", "illegal answer": "illegal", "empty plan": "nothing"}
        answer = answer.get(case, "last")
        adviser = None if case == "no adviser" else Scripted(answer)
        table, _human, client = seated(adviser)
        task = asyncio.create_task(table.run())
        state = await recv(client, "state")
        rev = state["rev"] - 1 if case == "old position" else state["rev"]
        request = protocol.hint_request(rev)
        if case == "malformed":
            request["rev"] = "12"
        await client.send(request)
        error = await recv(client, "error")
        assert error["message"].startswith(reason), error["message"]
        # the person still plays the position
        await client.send(protocol.act(state["rev"], state["legal"][0]))
        await recv(client, "state")
        assert table.rev > state["rev"]
        task.cancel()

    asyncio.run(main())


def test_no_hint_while_the_seat_has_nothing_to_decide() -> None:
    async def main() -> None:
        adviser = Scripted()
        table, _human, client = seated(adviser)
        # the table has not asked the person anything (as while the bots play)
        await client.send(protocol.hint_request(table.rev))
        error = await recv(client, "error")
        assert error["message"] == "a hint is for your own decision: there is none now"
        assert adviser.calls == []

    asyncio.run(main())


@pytest.mark.parametrize("ruleset", ["base", "ck", "starfarers", "fleet"])
def test_the_value_adviser_answers_legally_and_the_same_way_for_the_same_position(
    ruleset: str,
) -> None:
    g = new_game(GameConfig(ruleset, 4, 21, {}))
    adviser = ValueAdviser()
    for _ in range(40):  # the setup and the first turns, each decision asked twice
        seat = g.to_act
        assert seat is not None, f"the game ended at action {len(g.log)}"
        legal = g.legal_actions()
        view = g.view(seat)
        plan = adviser.suggest(seat, view, legal, len(g.log))
        assert plan == adviser.suggest(seat, g.view(seat), legal, len(g.log))
        first = plan[0]
        assert first in legal or g.check(first) is None, first
        assert len(plan) == 1 or first.type in ("discard", "fly_step")  # planned whole
        g.apply(first if first in legal else legal[0])


def test_a_discard_is_hinted_whole_from_the_seats_own_cards() -> None:
    """Seed 1 played until a seat owes 4 or more: the plan gives exactly what is owed, from
    cards the seat holds, each step legal when played."""
    import random

    g = new_game(GameConfig("base", 4, 1, {}))
    rng = random.Random(1)
    while True:
        seat = g.to_act
        assert seat is not None, "the game ended before a discard of 4"
        view = g.view(seat)
        if view["phase"] == "discard" and view["players"][seat]["discard_owed"] >= 4:
            break
        quiet = [a for a in g.legal_actions() if a.type != "offer_trade"]
        g.apply(quiet[int(rng.random() * len(quiet))])
    owed = view["players"][seat]["discard_owed"]
    plan = ValueAdviser().suggest(seat, view, g.legal_actions(), len(g.log))
    assert len(plan) == owed and {a.type for a in plan} == {"discard"}
    for card in plan:
        assert card in g.legal_actions(), card
        g.apply(card)
    assert g.view(seat)["players"][seat]["discard_owed"] == 0


def test_a_flight_is_hinted_whole_and_each_step_is_legal_in_turn() -> None:
    """Starfarers seed 9 played by value bots until a seat flies: the plan is the flight's
    steps and its stop, each legal when played in the true game."""
    g = new_game(GameConfig("starfarers", 4, 9, {}))
    adviser = ValueAdviser()
    for _ in range(400):
        seat = g.to_act
        assert seat is not None, f"the game ended at action {len(g.log)}"
        legal = g.legal_actions()
        plan = adviser.suggest(seat, g.view(seat), legal, len(g.log))
        if plan[0].type == "fly_step" and len(plan) > 1:
            break
        g.apply(plan[0] if plan[0] in legal else legal[0])
    else:
        raise AssertionError("no flight of more than one step was hinted")
    assert {a.type for a in plan} <= {"fly_step", "end_move"}
    for step in plan:
        assert g.to_act == seat and step in g.legal_actions(), step
        g.apply(step)
