"""A bot author's mistakes cost that bot's seat a fault, in one clear line, and nothing else.

What a tester writing bots ran into, and what must hold now:

- a malformed open-ended action (dicts, a word or a number where the rules want
  (card, count) pairs and seat numbers) is an ``illegal`` fault of that seat, in
  a tournament, at a table and in ``catan simulate``, never a crash or a hang;
- an offer's counts are whole numbers of cards of at least 1: the offerer is
  refused, not the seat answering it;
- a bot process whose answer cannot be written as JSON faults once and keeps serving;
- an exception fault names the line of the bot's code it came from;
- our own errors show their message alone; a silent ``exec:`` bot is named for the hello.
"""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from aifix import SEED_GAME

from ai.bothost import Host
from ai.exec_bot import ExecBot
from ai.protocol import bot_view
from ai.registry import create_bot
from ai.sandbox import Budget, Fault, SandboxedBot
from ai.seat import BotSeat
from ai.tournament import MatchSpec, SeatRecord, play_game
from engine.actions import Action
from engine.config import GameConfig
from engine.errors import IllegalAction
from engine.game import Game
from engine.registry import new_game
from engine.shared.actions import CounterTrade, OfferTrade
from engine.table.host import Table
from tui.commands.simulate import Guarded

FAST = Budget(soft=0.5, hard=2.0)
SEED_PLAY = 3  # the random walk to a seat that may offer

MISTAKES = """
from ai.protocol import BaseBot
from engine.errors import IllegalAction
from engine.shared.actions import MoveRobber, OfferTrade


class Offerer(BaseBot):
    terms = {}

    def choose(self, view, legal):
        if any(a.type == "offer_trade" for a in legal):
            return OfferTrade(**self.terms)
        return legal[0]


class Dicts(Offerer):
    terms = {"give": {"wool": 1}, "get": {"ore": 1}}


class Word(Offerer):
    terms = {"give": "wool", "get": "ore"}


class IntTo(Offerer):
    terms = {"give": (("wool", 1),), "get": (("ore", 1),), "to": 1}


class Half(Offerer):
    terms = {"give": (("wool", 0.5),), "get": (("ore", 1),)}


class Once(BaseBot):
    def __init__(self, seed=0):
        super().__init__(seed)
        self.tried = False

    def choose(self, view, legal):
        if not self.tried and any(a.type == "offer_trade" for a in legal):
            self.tried = True
            return OfferTrade(give="wool", get="ore")
        return [a for a in legal if a.type != "offer_trade"][0]


class Unsendable(BaseBot):
    def choose(self, view, legal):
        return MoveRobber(hex=object())


class Divider(BaseBot):
    def choose(self, view, legal):
        return 1 / 0  # divider


class Refuser(BaseBot):
    def choose(self, view, legal):
        raise IllegalAction("no such plan")  # refuser


class Picky(BaseBot):
    def __init__(self, seed=0):
        raise ValueError("bad depth")


class Nothing(BaseBot):
    def choose(self, view, legal):
        return None


class Hurried(BaseBot):
    deadline_ms = 0

    def choose(self, view, legal):
        return legal[self.deadline_ms % len(legal)]
"""


@pytest.fixture
def bots(tmp_path: Path) -> Path:
    path = tmp_path / "mistakes.py"
    path.write_text(MISTAKES)
    return path


def line_of(marker: str) -> int:
    return next(i for i, line in enumerate(MISTAKES.splitlines(), 1) if marker in line)


def may_offer(seats: int = 2, ruleset: str = "base") -> Game:
    """A game where the seat to act may offer a trade (random play, offers aside)."""
    game = new_game(GameConfig(ruleset, seats if ruleset == "base" else 3, SEED_GAME))
    rng = random.Random(SEED_PLAY)
    while not any(a.type == "offer_trade" for a in game.legal_actions()):
        quiet = [a for a in game.legal_actions() if a.type != "offer_trade"]
        game.apply(quiet[rng.randrange(len(quiet))])
    return game


def prompt(game: Game) -> tuple[dict[str, Any], list[Action]]:
    seat = game.to_act
    assert seat is not None
    return bot_view(game.view(seat)), game.legal_actions()


def seat_of(spec: str, *bots: str) -> tuple[SeatRecord, list[SeatRecord]]:
    record = play_game(MatchSpec("base", (spec, *bots), SEED_GAME, budget=FAST), 0)
    assert not record.capped  # the game went on to its end
    me = next(s for s in record.seats if s.spec == spec)
    return me, [s for s in record.seats if s is not me]


# -- 1. malformed open-ended actions -------------------------------------------------------


@pytest.mark.parametrize(
    ("cls", "fragment"),
    [
        ("Dicts", "an offer's give is (card, count) pairs, e.g. make_bag({'wool': 1})"),
        ("Word", "an offer's give is (card, count) pairs"),
        ("IntTo", "an offer's to is a tuple of seat numbers, e.g. (1,) or (), not 1"),
    ],
)
def test_a_malformed_offer_is_an_illegal_fault_of_its_seat_and_the_game_goes_on(
    bots: Path, cls: str, fragment: str
) -> None:
    me, others = seat_of(f"inproc:{bots}:{cls}", "greedy")
    faults = [line for line in me.log if "fault " in line]
    assert len(faults) == 3 and me.replaced
    assert all("(illegal)" in line and fragment in line for line in faults), faults
    assert all(len(line.splitlines()) == 1 for line in me.log)
    assert all(s.faults == 0 for s in others)


async def test_a_malformed_offer_at_a_table_is_a_fault_not_a_hang(bots: Path) -> None:
    game = new_game(GameConfig("base", 2, SEED_GAME))
    seats = [
        BotSeat(create_bot(f"inproc:{bots}:Dicts", 1), budget=FAST),
        BotSeat(create_bot("greedy", 2)),
    ]
    table = Table(game, seats)  # type: ignore[arg-type]
    winner = await asyncio.wait_for(table.run(), timeout=120)
    assert winner is not None
    assert seats[0].faults == 3 and seats[1].faults == 0
    assert all(f.kind == "illegal" for f in seats[0].sandbox.stats.faults)


class Says:
    """A bot that always answers ``answer``."""

    name = "says"

    def __init__(self, answer: object) -> None:
        self.answer = answer

    def decide(self, view: object, legal: list[Action]) -> object:
        return self.answer


def test_simulate_refuses_an_offer_its_check_cannot_read() -> None:
    """A ruleset whose check fails on a malformed offer: refused, the first legal action played."""

    class Broken:
        def check(self, action: Action) -> str | None:
            raise ValueError("too many values to unpack (expected 2)")

    offer = OfferTrade(give={"wool": 1}, get={"ore": 1})  # type: ignore[arg-type]
    game = may_offer()
    view, legal = prompt(game)
    guarded = Guarded(Says(offer), Broken())
    assert guarded(view, legal) == legal[0]
    assert guarded.refused == ["the rules cannot read its terms (ValueError)"]
    nothing = Guarded(Says(None), game)
    assert nothing(view, legal) == legal[0]
    assert nothing.refused == ["returned NoneType, not an action"]


# -- 2. an offer's counts ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("give", "message"),
    [
        ((("wool", 0.5),), "an offer's counts are whole numbers of cards, not 0.5"),
        ((("wool", True),), "an offer's counts are whole numbers of cards, not True"),
        ((("wool", 0),), "an offer's counts are at least 1, not 0"),
        ((("wool", -2),), "an offer's counts are at least 1, not -2"),
        ((("wool", 1, 1),), "an offer's give is (card, count) pairs, not ('wool', 1, 1) among"),
        (((7, 1),), "an offer's give names cards by name, not 7"),
        ({"wool": 1}, "an offer's give is (card, count) pairs, e.g. make_bag({'wool': 1})"),
    ],
)
@pytest.mark.parametrize("ruleset", ["base", "ck", "fleet", "starfarers"])
def test_an_offer_with_counts_that_are_not_whole_cards_is_refused(
    give: Any, message: str, ruleset: str
) -> None:
    """In every ruleset: the shape is checked where each checks an offer's terms."""
    game = may_offer(ruleset=ruleset)
    problem = game.check(OfferTrade(give=give, get=(("ore", 1),)))
    assert problem is not None and problem.startswith(message), problem


def test_an_offer_of_an_unknown_card_is_refused() -> None:
    problem = may_offer().check(OfferTrade(give=(("gold", 1),), get=(("ore", 1),)))
    assert problem is not None and problem.startswith("unknown resource 'gold'"), problem


def test_a_counter_offer_with_half_a_card_is_refused() -> None:
    game = may_offer()
    offer = next(a for a in game.legal_actions() if a.type == "offer_trade")
    game.apply(offer)
    counter = CounterTrade(give=(("ore", 0.5),), get=(("wool", 1),))  # type: ignore[arg-type]
    assert game.check(counter) == "a counter-offer's counts are whole numbers of cards, not 0.5"


def test_half_a_card_faults_the_offerer_not_the_seat_answering(bots: Path) -> None:
    me, others = seat_of(f"inproc:{bots}:Half", "greedy")
    assert me.faults == 3
    assert all("whole numbers of cards, not 0.5" in line for line in me.log if "fault " in line)
    assert all(s.faults == 0 for s in others)


@pytest.mark.parametrize(("count", "shown"), [(0.5, "0.5"), (True, "true"), (-1, "-1")])
def test_an_offer_from_json_with_counts_that_are_not_whole_cards_is_refused(
    count: object, shown: str
) -> None:
    game = may_offer()
    data = {"type": "offer_trade", "give": {"wool": count}, "get": {"ore": 1}}
    with pytest.raises(IllegalAction) as refused:
        game.codec.decode(data)
    assert str(refused.value) == (
        "field 'give' of action 'offer_trade' must map resource names to counts,"
        f" whole numbers of cards, not {shown}"
    )


# -- 3. an answer a bot process cannot send ------------------------------------------------


@pytest.mark.parametrize(
    ("cls", "fragment"),
    [
        ("Word", "an offer's give is (card, count) pairs"),
        ("Unsendable", "cannot be sent (TypeError: Object of type object is not JSON"),
    ],
)
def test_bothost_answers_an_unsendable_action_with_an_error_and_keeps_serving(
    bots: Path, cls: str, fragment: str
) -> None:
    sent: list[dict[str, Any]] = []
    host = Host({"kind": "file", "target": str(bots), "class": cls}, 0, sent.append)
    view, legal = prompt(may_offer())
    for rid in (1, 2):
        host.decide(
            {"type": "decide", "id": rid, "view": view, "legal": [a.to_json() for a in legal]}
        )
        reply = sent[-1]
        assert reply["type"] == "error" and reply["id"] == rid and reply["kind"] == "illegal"
        assert fragment in reply["message"], reply["message"]


def test_a_bot_process_with_an_unsendable_offer_faults_once_and_plays_on(bots: Path) -> None:
    me, _ = seat_of(f"{bots}:Once", "greedy")
    assert me.faults == 1 and not me.replaced, me.log
    assert "(illegal)" in me.log[0] and "(exited)" not in " ".join(me.log)


# -- 4. where a bot raised -----------------------------------------------------------------


def only_fault(spec: str) -> Fault:
    """The one fault of a sandboxed `spec` asked one decision of a base game."""
    box = SandboxedBot(create_bot(spec, 1), budget=FAST, seat=0)
    try:
        box.decide(*prompt(may_offer()))
    finally:
        box.close()
    [fault] = box.stats.faults
    return fault


@pytest.mark.parametrize("inproc", ["inproc:", ""])
def test_an_exception_fault_names_the_line_of_the_bot_that_raised(bots: Path, inproc: str) -> None:
    fault = only_fault(f"{inproc}{bots}:Divider")
    where = f"mistakes.py:{line_of('# divider')} in choose"
    assert (fault.kind, fault.message) == (
        "exception",
        f"ZeroDivisionError: division by zero ({where})",
    )


# -- 5. and 6. our own errors, worded for people -------------------------------------------


@pytest.mark.parametrize("inproc", ["inproc:", ""])
def test_our_own_error_raised_by_a_bot_shows_its_message_alone(bots: Path, inproc: str) -> None:
    fault = only_fault(f"{inproc}{bots}:Refuser")
    assert fault.message == f"no such plan (mistakes.py:{line_of('# refuser')} in choose)"


def started_and_asked(box: SandboxedBot) -> None:
    """`box` told the game starts, asked one decision of a base game, then closed."""
    view, legal = prompt(may_offer())
    try:
        box.on_game_start(0, view)
        box.decide(view, legal)
    finally:
        box.close()


def test_a_bot_process_whose_constructor_fails_shows_no_class_names(bots: Path) -> None:
    spec = f"{bots}:Picky"
    box = SandboxedBot(create_bot(spec, 1), budget=FAST, seat=0)
    started_and_asked(box)
    [fault] = box.stats.faults
    assert fault.message == f"bot {spec!r}: bad depth"
    assert not [line for line in box.lines if "engine.errors" in line or "ai.process" in line]


def test_an_exec_bot_that_never_says_hello_is_named_with_the_real_deadline(
    tmp_path: Path,
) -> None:
    script = tmp_path / "silent.py"
    script.write_text("import time\nwhile True:\n    time.sleep(1)\n")
    bot = ExecBot([sys.executable, str(script)])
    bot.handshake_timeout = 0.3
    box = SandboxedBot(bot, budget=FAST, seat=0)
    started_and_asked(box)
    assert box.lines[0] == "seat 0 (exec): did not answer the hello within 0.3 s"
    [fault] = box.stats.faults
    assert (fault.kind, fault.message) == ("timeout", "did not answer the hello within 0.3 s")


def test_a_bot_process_is_told_its_soft_deadline_as_in_process(bots: Path) -> None:
    """The README says a bot with a ``deadline_ms`` attribute has it set; bothost did not."""
    sent: list[dict[str, Any]] = []
    host = Host({"kind": "file", "target": str(bots), "class": "Hurried"}, 0, sent.append)
    view, legal = prompt(may_offer())
    wire = [a.to_json() for a in legal]
    host.decide({"type": "decide", "id": 1, "view": view, "legal": wire, "deadline_ms": 1500})
    assert host.bot.deadline_ms == 1500
    assert sent[-1] == {"type": "action", "id": 1, "index": 1500 % len(legal)}
