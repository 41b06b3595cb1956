"""The lobby and its tables, living in the server process.

The lobby answers the small lobby messages of engine.table.unix_socket
(list, create, join, spectate, start, handover, leave, rematch). A seat is bound to the
user who took it, so a player who drops and reconnects is given the same seat
back, at the same decision (the HumanSeat replays its latest state with the
legal actions). While a person is away the table simply waits for them; the
lobby and the table's pushes show for how long, and the table's host may hand
the seat to a bot at once, anyone else seated there once the seat has been away
`HANDOVER_GRACE` seconds (a host who left must not stall the game for good); the
person takes the seat back by rejoining. An offer waiting on the answer of a
person who is away is declined for them after `AWAY_ANSWER_WAIT` seconds, so the
offerer's turn goes on.

Everyone at the table is told (a table line, `Table.tell`, which clients keep in
their log) when a bot takes a seat and when its person is back, when a seated
player's connection drops and when they return (`LEFT`, `BACK`: the drop at most
once per seat in `COMINGS_GAP` seconds, the return only after a drop was told,
so a flapping connection cannot flood the log), and when a clock runs out.

Each game that ends at a table counts in the server's standings (who finished
how many games here, and won how many; tui/ssh/standings.py), which every
lobby snapshot carries.

A seat has one live session: a second session of the same user joining the
seat takes it over, and the first is told so and its table connection ended
(engine.table.client.TAKEN_OVER); leaving afterwards is like any leave.

A table's host may turn hints on when creating it (the `create` request's
``hints``): every person's seat there then answers ``hint`` requests with the
`value` bot's suggestion from that seat's own view, as a solo game's does; bots
and spectators get none. The setting is listed with the table, kept by a
rematch and in the save's meta (an older save without it has hints off).

The host may also give every decision a clock (the `create` request's
``clock``: 60, 120 or 300 seconds; 0 or absent, none). Each decision of a
person's seat then has that long, counted from when the table asks (a refused
action does not wind it back); the seat's table connection hears what is left
with each state that asks it to act (``clock``, engine.table.protocol). When it
runs out, the `value` bot decides that one decision from the seat's view, and
everyone at the table is told (`TIME_RAN_OUT`); the person keeps the seat, and
their next decision has a fresh clock. The others at the table see whose clock
runs: each seat in the table's summary carries ``deciding``, the seconds its
person has left (None when not on the clock). A bot's seat, or a person's handed to a
bot, is not timed. Like hints, the clock is listed with the table and kept by a
rematch and a restart (an older save: no clock).

The lobby is bounded: a user may have `max_tables_per_user` open (not
finished) tables as their host, the server `max_tables` in all, restored games
included. A finished table leaves the lobby once nobody is connected to it any
more, or `finished_grace` seconds after its end, whichever comes first.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from ai.hints import ValueAdviser
from ai.registry import DEFAULT_BOT, available_bots, create_bot
from ai.seat import BotSeat
from ai.seeds import bot_seed
from engine import saves as save_files
from engine.actions import Action
from engine.config import GameConfig
from engine.errors import CatanError
from engine.game import Game
from engine.registry import get_ruleset, new_game
from engine.shared.actions import DeclineTrade
from engine.table import protocol
from engine.table.client import HumanSeat, InMemoryClient
from engine.table.host import Table
from engine.table.unix_socket import (
    PROTOCOL_VERSION,
    Endpoint,
    ProtocolError,
    TokenBook,
    check_lobby_request,
    error_message,
)
from engine.views import GameView
from tui.faces import face, playable
from tui.narrate import clock_text
from tui.ssh.standings import Standings

log = logging.getLogger("catan.serve")

MAX_TABLES_PER_USER = 3
MAX_TABLES = 32
FINISHED_GRACE = 300.0
"""Seconds a finished table stays listed while someone is still looking at it."""

TOO_MANY_OF_YOURS = (
    "You already have {tables}, the most one player may have: finish one, "
    "or leave (l) one you host that has not started, before creating another."
)
TOO_MANY_TABLES = "The server has {tables}, as many as it allows: try again when a game ends."
TIME_RAN_OUT = "Time ran out for {name}: a bot played for them."
"""What everyone at a table hears when a person's clock runs out."""
TIME_RAN_OUT_YOURS = "Your time ran out: a bot played for you."
TIME_BOT = "value"
"""The bot that decides for a person whose time ran out."""
LONGEST_CLOCK = 3600
"""Seconds: a restored table's clock past this (a damaged save) counts as no clock."""
HANDOVER_GRACE = 60.0
"""Seconds a person's seat is away before anyone seated at the table may hand it to a bot
(the table's host may at once)."""
HANDOVER_WAIT = (
    "{name} has been away {away}; anyone seated may hand the seat to a bot after {grace}"
)
BOT_PLAYS = "A bot ({bot}) now plays for {name}."
BACK_FROM_BOT = "{name} is back at the table and takes the seat from the bot."
LEFT = "{name} left the table."
BACK = "{name} is back at the table."
BOT_PLAYS_YOURS = "A bot ({bot}) now plays for you."
BACK_FROM_BOT_YOURS = "You are back at the table and take your seat from the bot."
LEFT_YOURS = "You left the table."
BACK_YOURS = "You are back at the table."
"""What a player reads of their own comings and goings (the others read `LEFT` etc.: seen
over SSH, "alice is back at the table." in alice's own log)."""
COMINGS_GAP = 30.0
"""Seconds: at most one `LEFT` line per seat in this long (`BACK` follows only a told `LEFT`)."""
AWAY_ANSWER_WAIT = 10.0
"""Seconds an offer waits on the answer of a person who is away before it is declined for them."""
AWAY_DECLINED = "{name} is away: their answer to the offer counts as a decline."
AWAY_DECLINED_YOURS = "You were away: your answer to the offer counts as a decline."


def _told(seat: int | None) -> str:
    """A seat as the lobby and the server's console number them, from 1 ("seat 2")."""
    return "?" if seat is None else str(seat + 1)


class Slot:
    """A person's seat that a bot can take over while the person is away.

    The table sees one seat throughout; inside, decisions go to the person's
    HumanSeat, or to the bot once the host hands the seat over. The HumanSeat
    keeps hearing every event either way, so the person rejoins up to date.

    With a `clock` (seconds), each of the person's decisions has that long; when
    it runs out, the person's pending decision is abandoned and a `TIME_BOT`
    made for this seat (once, then hearing the table's events like any bot seat)
    decides it instead.

    While the person is away (`set_away`), an answer to a trade offer asked of
    them is declined for them once they have been away `away_answer_wait` seconds
    of it: the offerer cannot withdraw an offer while answers are pending (the
    rules), and an absent person trades nothing.
    """

    away_answer_wait = AWAY_ANSWER_WAIT

    def __init__(self, human: HumanSeat, clock: int = 0, seed: int = 0) -> None:
        self.human = human
        self.bot: BotSeat | None = None
        self.name = human.name
        self.clock = clock
        self.seed = seed
        self.timeouts = 0
        """Decisions the stand-in took because the person's time ran out."""
        self._changed = asyncio.Event()
        self._table: Table | None = None
        self._seat: int | None = None
        self._timed: tuple[int, float] | None = None
        """(revision, deadline on the monotonic clock) of the latest decision on the clock."""
        self._ticking = False
        self._stand_in: BotSeat | None = None
        self.away_since: float | None = None
        """When the person left the table (monotonic), while they are away; None: there."""

    def attach(self, table: Table, seat: int | None) -> None:
        self._table, self._seat = table, seat
        self.human.attach(table, seat)

    def set_bot(self, bot: BotSeat | None) -> None:
        """The host's handover (None: the person takes the seat back). The bot is seated as
        the table seats any bot, so the rules check its open-ended offers like theirs."""
        if bot is not None and self._table is not None:
            bot.attach(self._table, self._seat)
        self.bot = bot
        self._changed.set()

    def set_away(self, since: float | None) -> None:
        """The person left the table at `since` (monotonic), or is back (None)."""
        self.away_since = since
        self._changed.set()

    def clock_left(self, rev: int) -> float | None:
        """Seconds the person has left for the decision at revision `rev`, if it is on the
        clock and theirs to take now (not handed to a bot); else None."""
        timed = self._timed
        if not self._ticking or self.bot is not None or timed is None or timed[0] != rev:
            return None
        return max(0.0, timed[1] - time.monotonic())

    def _deadline(self) -> float | None:
        """When the person's time for the table's current decision runs out (None: no clock).

        Asked again at the same revision (the table asking once more after refusing an
        action), it is the same deadline: a refusal does not wind the clock back.
        """
        if self.clock <= 0 or self._table is None:
            return None
        rev = self._table.rev
        if self._timed is None or self._timed[0] != rev:
            self._timed = (rev, time.monotonic() + self.clock)
        return self._timed[1]

    async def decide(self, view: GameView, legal: list[Action]) -> Action:
        while True:
            if self.bot is not None:
                return await self.bot.decide(view, legal)
            ended = await self._ask_person(view, legal)
            if isinstance(ended, Action):
                return ended
            if ended == "time":
                return await self._time_ran_out(view, legal)
            if ended == "away":
                return await self._declined_while_away(legal)
            # "bot": the seat was handed to a bot meanwhile

    async def _ask_person(
        self, view: GameView, legal: list[Action]
    ) -> Action | Literal["time", "away", "bot"]:
        """The person's action, or why there is none: their time ran out, they are away
        from an offer's answer, or the seat was handed to a bot."""
        deadline = self._deadline()  # before the person is asked: their state shows it
        decline = _decline_of(legal)
        asked = time.monotonic()
        person = asyncio.ensure_future(self.human.decide(view, legal))
        self._ticking = deadline is not None
        try:
            while self.bot is None:
                self._changed.clear()
                away_by = None
                if decline is not None and self.away_since is not None:
                    away_by = max(asked, self.away_since) + self.away_answer_wait
                ends = [end for end in (deadline, away_by) if end is not None]
                left = max(0.0, min(ends) - time.monotonic()) if ends else None
                change = asyncio.ensure_future(self._changed.wait())
                try:
                    done, _ = await asyncio.wait(
                        {person, change}, timeout=left, return_when=asyncio.FIRST_COMPLETED
                    )
                finally:
                    change.cancel()
                if person in done:
                    return person.result()
                if change in done:
                    continue  # handed to a bot, or the person left or came back
                if away_by is not None and (deadline is None or away_by <= deadline):
                    return "away"
                return "time"
            return "bot"
        finally:
            self._ticking = False
            if not person.done():  # the person's decision is abandoned: no act counts now
                person.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await person

    async def _declined_while_away(self, legal: list[Action]) -> Action:
        """The decline of an offer the person, away, did not answer; everyone is told."""
        decline = _decline_of(legal)
        assert decline is not None
        log.info("seat %s: %s is away, their answer is a decline", _told(self._seat), self.name)
        if self._table is not None:
            self._table.tell(
                AWAY_DECLINED.format(name=self.name), seat=self._seat, yours=AWAY_DECLINED_YOURS
            )
        return decline

    async def _time_ran_out(self, view: GameView, legal: list[Action]) -> Action:
        """The stand-in's action for the decision the person let run out; everyone is told."""
        self.timeouts += 1
        await self.human.notify([])  # their client hears at once the decision is no longer theirs
        action = await self._stand_in_bot().decide(view, legal)
        table = self._table
        if action not in legal and (table is None or _refused(table, action)):
            action = legal[0]  # never an illegal stand-in: the table would ask the person again
        log.info("seat %s: time ran out for %s", _told(self._seat), self.name)
        if table is not None:
            table.tell(
                TIME_RAN_OUT.format(name=self.name), seat=self._seat, yours=TIME_RAN_OUT_YOURS
            )
        return action

    def _stand_in_bot(self) -> BotSeat:
        if self._stand_in is None:
            self._stand_in = BotSeat(create_bot(TIME_BOT, self.seed), name=TIME_BOT)
            if self._table is not None:
                self._stand_in.attach(self._table, self._seat)
        return self._stand_in

    async def reject(self, message: str) -> None:
        if self.bot is None:
            await self.human.reject(message)

    async def notify(self, events: list[dict[str, Any]]) -> None:
        await self.human.notify(events)
        if self.bot is not None:
            await self.bot.notify(events)
        if self._stand_in is not None:  # it counts cards: from its first decision on, it hears all
            await self._stand_in.notify(events)

    async def notice(self, message: str) -> None:
        await self.human.notice(message)

    async def finished(self, message: dict[str, Any]) -> None:
        await self.human.finished(message)

    def said(self, message: dict[str, Any]) -> None:
        self.human.said(message)

    def told(self, message: dict[str, Any]) -> None:
        self.human.told(message)


def _decline_of(legal: list[Action]) -> DeclineTrade | None:
    """The decline among `legal` when they answer a trade offer (else None)."""
    return next((a for a in legal if isinstance(a, DeclineTrade)), None)


def _refused(table: Table, action: Action) -> bool:
    """The table's rules refuse `action` now (or cannot even check it)."""
    try:
        return table.game.check(action) is not None
    except Exception:
        return True


@dataclass
class SeatInfo:
    kind: str  # "person" or "bot"
    bot: str | None = None
    user: str | None = None
    away_since: float | None = None
    slot: Slot | None = None
    endpoint: SeatEndpoint | None = None
    """The seat's one live table connection (a newer one takes the seat over)."""
    arrived: bool = False
    """The person has been at the running game (a drop before that is no news)."""
    left_told: float | None = None
    """When the table last told that this person left (monotonic)."""
    back_due: bool = False
    """The table told they left and has not yet told they are back."""
    left_late: asyncio.TimerHandle | None = None
    """A `LEFT` held back by `COMINGS_GAP`, told when the gap ends if they are still away."""

    @property
    def connections(self) -> int:
        return 0 if self.endpoint is None else 1

    @property
    def stand_in(self) -> str | None:
        """The bot playing a person's seat while they are away, if any."""
        return self.slot.bot.name if self.slot is not None and self.slot.bot is not None else None


@dataclass
class HostedTable:
    id: int
    host: str
    ruleset: str
    options: dict[str, Any]
    seats: list[SeatInfo]
    seed: int
    hints: bool = False
    """Its people may ask for hints (`?`): the value bot's suggestion from their own view."""
    clock: int = 0
    """Seconds each decision of a person's seat has before a bot plays it (0: no clock)."""
    status: str = "waiting"  # waiting → playing → over
    table: Table | None = None
    task: asyncio.Task[int | None] | None = None
    spectators: int = 0
    created: float = field(default_factory=time.time)
    someone_left: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def occupied(self) -> bool:
        """Someone is connected to the table, at a seat or watching."""
        return self.spectators > 0 or any(s.endpoint is not None for s in self.seats)

    def describe(self) -> dict[str, Any]:
        """What a restarted server needs to seat everyone again (kept in the autosave's meta)."""
        return {
            "host": self.host,
            "ruleset": self.ruleset,
            "options": self.options,
            "seed": self.seed,
            "hints": self.hints,
            "clock": self.clock,
            "seats": [{"kind": s.kind, "bot": s.bot, "user": s.user} for s in self.seats],
        }

    def deciding(self, seat: SeatInfo) -> float | None:
        """Seconds `seat`'s person has left for the table's current decision, if on the clock."""
        if seat.slot is None or self.table is None:
            return None
        left = seat.slot.clock_left(self.table.rev)
        return None if left is None else round(left, 1)

    def summary(self) -> dict[str, Any]:
        now = time.monotonic()
        return {
            "id": self.id,
            "host": self.host,
            "ruleset": self.ruleset,
            "options": self.options,
            "hints": self.hints,
            "clock": self.clock,
            "status": self.status,
            "spectators": self.spectators,
            "winner": self.table.game.winner if self.table is not None else None,
            "handover_after": HANDOVER_GRACE,
            "seats": [
                {
                    "kind": s.kind,
                    "bot": s.bot if s.kind == "bot" else s.stand_in,
                    "user": s.user,
                    "connected": s.connections > 0,
                    "away": round(now - s.away_since, 1) if s.away_since is not None else None,
                    "deciding": self.deciding(s),
                }
                for s in self.seats
            ],
        }


class Lobby:
    """All tables of this server, and the lobby endpoints of connected users."""

    def __init__(
        self,
        tokens: TokenBook,
        saves: Path,
        bot_pace: float = 0.6,
        *,
        max_tables_per_user: int = MAX_TABLES_PER_USER,
        max_tables: int = MAX_TABLES,
        finished_grace: float = FINISHED_GRACE,
        seeded: bool = False,
    ) -> None:
        self.tokens = tokens
        self.seeded = seeded
        """A table may be created with a seed of the creator's choosing (tests); otherwise the
        server draws each one, as a seed known to a player would tell them every roll."""
        self.saves = saves
        self.bot_pace = bot_pace
        self.max_tables_per_user = max_tables_per_user
        self.max_tables = max_tables
        self.finished_grace = finished_grace
        self.tables: dict[int, HostedTable] = {}
        self.rev = 0
        self._next_id = 1
        self._listeners: set[LobbyEndpoint] = set()
        self.standings = Standings.load(saves / "players.json")

    # -- endpoints ----------------------------------------------------------
    async def open(self, user: str) -> Endpoint:
        endpoint = LobbyEndpoint(self, user)
        self._listeners.add(endpoint)
        endpoint.push(self.snapshot(user))
        return endpoint

    def forget(self, endpoint: LobbyEndpoint) -> None:
        self._listeners.discard(endpoint)

    def snapshot(self, user: str) -> dict[str, Any]:
        return {
            "t": "lobby",
            "v": PROTOCOL_VERSION,
            "rev": self.rev,
            "user": user,
            "rulesets": self._rulesets(),
            "tables": [t.summary() for t in self.tables.values()],
            "players": self.standings.ranked(),
        }

    def changed(self) -> None:
        self.rev += 1
        for listener in list(self._listeners):
            listener.push(self.snapshot(listener.user))

    @staticmethod
    def _rulesets() -> list[str]:
        """What a table may be created for: the engine's rulesets the app can show."""
        return playable()

    # -- requests -------------------------------------------------------------
    async def handle(self, user: str, msg: dict[str, Any]) -> list[dict[str, Any]]:
        """The replies to one request; every change is also broadcast as a snapshot."""
        try:
            kind = check_lobby_request(msg)
            handler = getattr(self, f"_do_{kind}")
            reply: dict[str, Any] | None = await handler(user, msg)
        except (ProtocolError, CatanError, LobbyRefusal) as exc:
            return [error_message(str(exc))]
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            # A malformed request (wrong types inside it) must not end the lobby connection.
            log.debug("malformed lobby request from %s: %r (%s)", user, msg, exc)
            return [error_message(f"malformed request: {exc}")]
        if reply is None:
            return [self.snapshot(user)]
        return [reply]

    async def _do_list(self, user: str, msg: dict[str, Any]) -> None:
        return None

    def _room_for_a_table(self, user: str) -> None:
        """LobbyRefusal if `user` hosts as many open tables as allowed, or the server does."""
        open_tables = [t for t in self.tables.values() if t.status != "over"]
        if sum(t.host == user for t in open_tables) >= self.max_tables_per_user:
            raise LobbyRefusal(TOO_MANY_OF_YOURS.format(tables=_open(self.max_tables_per_user)))
        if len(open_tables) >= self.max_tables:
            raise LobbyRefusal(TOO_MANY_TABLES.format(tables=_open(self.max_tables)))

    async def _do_create(self, user: str, msg: dict[str, Any]) -> dict[str, Any]:
        ruleset, options, specs = msg["ruleset"], msg["options"], msg["seats"]
        if not isinstance(ruleset, str) or not isinstance(options, dict):
            raise LobbyRefusal("create needs a ruleset name and an options object")
        self._room_for_a_table(user)
        info = get_ruleset(ruleset)
        face(ruleset)  # NoFace: "the app cannot play ck yet", sent back as the error
        if not isinstance(specs, list) or len(specs) not in info.seats:
            raise LobbyRefusal(f"{info.title} is played by {', '.join(map(str, info.seats))}")
        seats = [_seat_spec(s) for s in specs]
        if "seed" in msg and not self.seeded:
            raise LobbyRefusal(SEED_REFUSAL)
        seed = int(msg["seed"]) if "seed" in msg else secrets.randbelow(2**63)
        new_game(GameConfig(ruleset, len(seats), seed, options))  # fail now on bad options
        hints = msg.get("hints", False)  # true or false: check_lobby_request refused the rest
        clock = msg.get("clock", 0)  # 0, 60, 120 or 300: likewise
        table = HostedTable(self._next_id, user, ruleset, dict(options), seats, seed, hints, clock)
        self._next_id += 1
        self.tables[table.id] = table
        for seat in table.seats:  # the host takes the first person seat
            if seat.kind == "person":
                seat.user = user
                break
        self.changed()
        log.info("table %d: %s made it (%s, %d seats)", table.id, user, ruleset, len(seats))
        return self.snapshot(user) | {"created": table.id}

    async def _do_join(self, user: str, msg: dict[str, Any]) -> dict[str, Any]:
        table = self._table(msg["table"])
        no = msg["seat"]
        if type(no) is not int or not 0 <= no < len(table.seats):
            raise LobbyRefusal("no such seat")
        seat = table.seats[no]
        if seat.kind != "person":
            raise LobbyRefusal("that seat is a bot's")
        if seat.user not in (None, user):
            raise LobbyRefusal(f"that seat is {seat.user}'s")
        if seat.user is None:
            if table.status != "waiting":
                raise LobbyRefusal("the game has started; watch it instead")
            if any(s.user == user for s in table.seats):
                raise LobbyRefusal("you already have a seat at this table")
            seat.user = user
            self.changed()
        if table.status == "waiting":
            return self.snapshot(user)
        if seat.slot is not None and seat.slot.bot is not None:
            seat.slot.set_bot(None)  # back from away: the person takes the seat back
            if table.table is not None:
                table.table.tell(
                    BACK_FROM_BOT.format(name=user), seat=no, yours=BACK_FROM_BOT_YOURS
                )
            seat.back_due = False
            self.changed()
        return self._seat_grant(table, no, user)

    async def _do_leave(self, user: str, msg: dict[str, Any]) -> None:
        table = self._table(msg["table"])
        if table.status != "waiting":
            raise LobbyRefusal("the game has started; a bot can take your seat if the host asks")
        if table.host == user:  # the host leaving a table not started closes it
            del self.tables[table.id]
            self.changed()
            return
        for seat in table.seats:
            if seat.user == user and table.host != user:
                seat.user = None
        self.changed()

    async def _do_spectate(self, user: str, msg: dict[str, Any]) -> dict[str, Any]:
        table = self._table(msg["table"])
        if table.table is None:
            raise LobbyRefusal("the game has not started yet")
        game_table = table.table
        token = self.tokens.issue(
            f"t{table.id}:spectator:{user}", lambda: self._spectator(table, game_table, user)
        )
        return {
            "t": "seat",
            "v": PROTOCOL_VERSION,
            "token": token,
            "table": table.id,
            "seat": None,
            "hints": False,  # a spectator has no decision to be advised on
        }

    async def _do_start(self, user: str, msg: dict[str, Any]) -> dict[str, Any]:
        table = self._table(msg["table"])
        if table.status != "waiting":
            raise LobbyRefusal(f"table {table.id} has already started")
        if table.host != user:
            raise LobbyRefusal("only the table's host can start it")
        self._start(table)
        self.changed()
        log.info("table %d: started", table.id)
        mine = next((i for i, s in enumerate(table.seats) if s.user == user), None)
        if mine is None:  # a table of bots only: nobody to seat
            return self.snapshot(user)
        return self._seat_grant(table, mine, user)

    async def _do_rematch(self, user: str, msg: dict[str, Any]) -> None:
        """The finished game again: the same game, options and seats (the same people in
        them), the next seed; started at once. Everyone still at the old table is told; the
        lobby takes each person to their seat when they leave the game-over screen."""
        old = self._table(msg["table"])
        if old.host != user:
            raise LobbyRefusal("only the table's host can start a rematch")
        if old.status != "over":
            raise LobbyRefusal("a rematch follows a finished game; this one is still on")
        self._room_for_a_table(user)
        seats = [SeatInfo(s.kind, bot=s.bot, user=s.user) for s in old.seats]
        table = HostedTable(
            self._next_id,
            user,
            old.ruleset,
            dict(old.options),
            seats,
            secrets.randbelow(2**63) if not self.seeded else (old.seed + 1) & 0x7FFFFFFF,
            old.hints,
            old.clock,
        )
        self._next_id += 1
        self.tables[table.id] = table
        self._start(table)
        self.changed()
        told = f"{user} started a rematch (table {table.id}): leave this game to take your seat."
        for seat in old.seats:
            if seat.slot is not None and seat.user != user:
                await seat.slot.notice(told)

    async def _do_handover(self, user: str, msg: dict[str, Any]) -> None:
        """A bot plays an away person's seat: the host may ask at once, anyone else seated
        at the table once the seat has been away `HANDOVER_GRACE` seconds."""
        table = self._table(msg["table"])
        seated = any(s.kind == "person" and s.user == user for s in table.seats)
        if table.host != user and not seated:
            raise LobbyRefusal("only the table's host or its players can hand a seat to a bot")
        no = msg["seat"]
        if type(no) is not int or not 0 <= no < len(table.seats):
            raise LobbyRefusal("no such seat")
        seat = table.seats[no]
        if seat.slot is None or table.status != "playing" or table.table is None:
            raise LobbyRefusal("only a person's seat in a running game can be handed over")
        if seat.connections > 0:
            raise LobbyRefusal(f"{seat.user} is at the table")
        if seat.slot.bot is not None:
            raise LobbyRefusal(f"a bot already plays for {seat.user}")
        away = 0.0 if seat.away_since is None else time.monotonic() - seat.away_since
        if table.host != user and away < HANDOVER_GRACE:
            raise LobbyRefusal(
                HANDOVER_WAIT.format(
                    name=seat.user, away=clock_text(away), grace=clock_text(HANDOVER_GRACE)
                )
            )
        bot_name = lobby_bot(str(msg.get("bot", DEFAULT_BOT)))
        seat.slot.set_bot(BotSeat(create_bot(bot_name, bot_seed(table.seed, no)), name=bot_name))
        told = (table.id, no + 1, user, seat.user, bot_name)  # seats from 1, as in the lobby
        log.info("table %d seat %d: %s handed %s's seat to %s", *told)
        table.table.tell(
            BOT_PLAYS.format(bot=bot_name, name=seat.user),
            seat=no,
            yours=BOT_PLAYS_YOURS.format(bot=bot_name),
        )
        seat.back_due = False  # the bot's line said it: their return is told as such
        self.changed()

    # -- tables -------------------------------------------------------------------
    def _table(self, table_id: Any) -> HostedTable:
        table = self.tables.get(table_id) if type(table_id) is int else None
        if table is None:
            raise LobbyRefusal(f"no table {table_id!r}")
        return table

    def _start(
        self, hosted: HostedTable, game: Game | None = None, save: Path | None = None
    ) -> None:
        if game is None:
            config = GameConfig(hosted.ruleset, len(hosted.seats), hosted.seed, hosted.options)
            game = new_game(config)
        seats: list[Any] = []
        for i, info in enumerate(hosted.seats):
            if info.kind == "person" and info.user is not None:
                adviser = ValueAdviser() if hosted.hints else None  # every person alike
                human = HumanSeat(info.user, adviser=adviser)
                info.slot = Slot(human, clock=hosted.clock, seed=bot_seed(hosted.seed, i))
                info.away_since = time.monotonic()  # until their table connection arrives
                info.slot.set_away(info.away_since)
                info.arrived = info.back_due = False
                info.left_told = None
                seats.append(info.slot)
            else:  # a bot, or a person seat nobody took
                info.kind, info.bot = "bot", info.bot or DEFAULT_BOT
                seats.append(BotSeat(create_bot(info.bot, bot_seed(hosted.seed, i)), name=info.bot))
        self.saves.mkdir(parents=True, exist_ok=True)
        hosted.table = Table(
            game,
            seats,
            autosave_path=save or self.saves / f"ssh-table-{time.time_ns()}-{hosted.id}.json",
            meta={"served": True, "table": hosted.describe()},
            pace=self.bot_pace,
        )
        hosted.status = "playing"
        hosted.task = asyncio.ensure_future(self._play(hosted))

    async def _play(self, hosted: HostedTable) -> None:
        assert hosted.table is not None
        try:
            await hosted.table.run()
            self._count_game(hosted)
            log.info("table %d: %s", hosted.id, self._outcome(hosted))
        except Exception:
            log.exception("table %d stopped", hosted.id)
        finally:
            hosted.status = "over"
            self.changed()
        await self._retire(hosted)

    @staticmethod
    def _outcome(hosted: HostedTable) -> str:
        """How a table's game ended, for the server's console ("game over, alice won")."""
        table = hosted.table
        if table is None or not table.game.is_over:
            return "stopped"
        winner = table.game.winner
        if winner is None or not 0 <= winner < len(hosted.seats):
            return "game over"
        seat = hosted.seats[winner]
        who = (
            seat.user if seat.kind == "person" and seat.user else f"seat {winner + 1} ({seat.bot})"
        )
        return f"game over, {who} won"

    def _count_game(self, hosted: HostedTable) -> None:
        """A game that ended at this table goes into the standings (tui/ssh/standings.py)."""
        table = hosted.table
        if table is None or not table.game.is_over or not table.played_here:
            return
        users = [s.user for s in hosted.seats if s.kind == "person" and s.user]
        winner = table.game.winner
        seat = hosted.seats[winner] if winner is not None else None
        won = seat.user if seat is not None and seat.kind == "person" else None
        self.standings.add_game(users, won)

    async def _retire(self, hosted: HostedTable) -> None:
        """Take a finished table out of the lobby once nobody is at it, or after the grace period.

        Its players see the game-over screen for as long as they stay (up to
        `finished_grace` seconds, on the loop's clock); its save stays on disk.
        """

        async def vacated() -> None:
            while hosted.occupied:
                hosted.someone_left.clear()
                await hosted.someone_left.wait()

        try:
            await asyncio.wait_for(vacated(), self.finished_grace)
        except TimeoutError:
            log.info("table %d: finished %.0f s ago, closing it", hosted.id, self.finished_grace)
        if self.tables.get(hosted.id) is hosted:
            del self.tables[hosted.id]
            self.changed()

    def restore(self) -> int:
        """Bring back the unfinished games of a previous run, every person away until they return.

        A table autosaves after every action, so a restarted server resumes
        each game at the same decision; players find their seat in the lobby
        (and are taken to it) as soon as they connect.
        """
        restored = 0
        for path in sorted(self.saves.glob("ssh-table-*.json")):
            try:
                data = save_files.read_save(path)
                spec = save_files.meta_of(data).get("table")
                if not isinstance(spec, dict):
                    continue
                game = save_files.load(data)
            except CatanError as exc:
                log.warning("not resuming %s: %s", path.name, exc)
                continue
            if game.is_over:
                continue
            seats = [
                SeatInfo(s["kind"], bot=s.get("bot"), user=s.get("user")) for s in spec["seats"]
            ]
            hosted = HostedTable(
                self._next_id,
                spec["host"],
                spec["ruleset"],
                spec["options"],
                seats,
                spec["seed"],
                spec.get("hints") is True,  # a save from before the setting: hints off
                _saved_clock(spec.get("clock")),  # likewise: no clock
            )
            self._next_id += 1
            self.tables[hosted.id] = hosted
            self._start(hosted, game, save=path)
            restored += 1
        if restored:
            self.changed()
        return restored

    def _seat_grant(self, hosted: HostedTable, no: int, user: str) -> dict[str, Any]:
        token = self.tokens.issue(f"t{hosted.id}:seat{no}:{user}", lambda: self._seat(hosted, no))
        return {
            "t": "seat",
            "v": PROTOCOL_VERSION,
            "token": token,
            "table": hosted.id,
            "seat": no,
            "hints": hosted.hints,  # the game screen offers ? exactly when the seat answers it
        }

    async def _seat(self, hosted: HostedTable, no: int) -> Endpoint:
        """The seat's table connection; one still open is taken over (told, then ended)."""
        info = hosted.seats[no]
        assert info.slot is not None
        if info.endpoint is not None:
            log.info("table %d seat %d: %s took the seat over", hosted.id, no + 1, info.user)
        # Subscribing the new client ends the previous one (HumanSeat keeps one live client).
        info.endpoint = SeatEndpoint(self, hosted, no, InMemoryClient(info.slot.human))
        info.away_since = None
        info.slot.set_away(None)
        if hosted.status == "playing":
            info.arrived = True
            if info.back_due and hosted.table is not None:
                hosted.table.tell(BACK.format(name=info.user), seat=no, yours=BACK_YOURS)
            info.back_due = False
        self.changed()
        return info.endpoint

    async def _spectator(self, hosted: HostedTable, table: Table, user: str) -> Endpoint:
        watcher = HumanSeat(user)  # named in the table's chat
        table.add_spectator(watcher)
        hosted.spectators += 1
        self.changed()
        return SeatEndpoint(self, hosted, None, InMemoryClient(watcher), watcher)

    def seat_closed(self, hosted: HostedTable, endpoint: SeatEndpoint) -> None:
        if endpoint.seat is None:
            if hosted.table is not None and endpoint.watcher is not None:
                hosted.table.remove_spectator(endpoint.watcher)
            hosted.spectators = max(0, hosted.spectators - 1)
        else:
            info = hosted.seats[endpoint.seat]
            if info.endpoint is not endpoint:
                return  # a connection that was taken over: the seat is still held
            info.endpoint = None
            if hosted.status == "playing":
                seat_no = endpoint.seat + 1  # as the lobby numbers them ("seat 2: bob")
                log.info("table %d seat %d: %s left the table", hosted.id, seat_no, info.user)
                info.away_since = now = time.monotonic()
                if info.slot is not None:
                    info.slot.set_away(now)
                self._tell_left(hosted, info, now)
        hosted.someone_left.set()
        self.changed()

    @staticmethod
    def _tell_left(hosted: HostedTable, info: SeatInfo, now: float) -> None:
        """Everyone at the table hears that a player left: once per seat in `COMINGS_GAP`
        seconds (a flapping connection must not flood the log), not before they arrived."""
        if not info.arrived or hosted.table is None:
            return
        if info.left_told is not None and now - info.left_told < COMINGS_GAP:
            # Held back, not lost: told when the gap ends if they are away then (seen: a
            # flapping connection left "alice is back." as the last word while she was away).
            if info.left_late is None:
                delay = info.left_told + COMINGS_GAP - now
                with contextlib.suppress(RuntimeError):  # no loop: nothing to tell anyone
                    loop = asyncio.get_running_loop()
                    info.left_late = loop.call_later(delay, Lobby._tell_left_late, hosted, info)
            return
        info.left_told = now
        info.back_due = True
        no = hosted.seats.index(info)
        hosted.table.tell(LEFT.format(name=info.user), seat=no, yours=LEFT_YOURS)

    @staticmethod
    def _tell_left_late(hosted: HostedTable, info: SeatInfo) -> None:
        info.left_late = None
        if info.endpoint is None and hosted.status == "playing" and not info.back_due:
            Lobby._tell_left(hosted, info, time.monotonic())

    def presence(self, hosted: HostedTable) -> dict[str, Any]:
        """Who is at the table and who is away (and for how long): added to every state push."""
        summary = hosted.summary()
        return {"id": hosted.id, "host": hosted.host, "seats": summary["seats"]}

    async def close(self) -> None:
        playing = sum(1 for h in self.tables.values() if h.status == "playing")
        if playing:
            log.info(
                "%d table%s in play saved in %s: they resume at the next start",
                playing,
                "s" * (playing != 1),
                self.saves,
            )
        for hosted in self.tables.values():
            if hosted.task is not None:
                hosted.task.cancel()
        tasks = [h.task for h in self.tables.values() if h.task is not None]
        if tasks:
            await asyncio.wait(tasks, timeout=2)


SEED_REFUSAL = (
    "this server draws every table's seed itself: a seed a player chose would tell them every roll"
)


class LobbyRefusal(CatanError):
    """A lobby request that cannot be granted; its text is shown to the user."""


def _open(count: int) -> str:
    return f"{count} open table" if count == 1 else f"{count} open tables"


BOT_NAME_RE = re.compile(r"^[a-z][a-z0-9_-]{0,31}$")


def lobby_bot(name: str) -> str:
    """`name` if it is one of the bots this server offers, else a refusal.

    People at an SSH table choose bots by name only: the bots built in, the
    installed plugins and the server's drop-in folder. The spec forms a local
    player may use (`exec:CMD`, `path.py:Class`, `inproc:`, `name:key=value`)
    would let a remote user run a program, load a file or set a bot's budget on
    the server, so they are refused here.
    """
    offered = sorted({b.name for b in available_bots(load=False)})
    if not BOT_NAME_RE.match(name) or name not in offered:
        shown = name if len(name) <= 40 else name[:40] + "…"
        raise LobbyRefusal(
            f"unknown bot {shown!r}: this server offers {', '.join(offered)} (by name only)"
        )
    return name


def _saved_clock(value: Any) -> int:
    """A save's table clock: its seconds if they make sense, else 0 (none, as before clocks)."""
    return value if type(value) is int and 0 < value <= LONGEST_CLOCK else 0


def _seat_spec(spec: Any) -> SeatInfo:
    if spec == "person":
        return SeatInfo("person")
    if isinstance(spec, str) and spec.startswith("bot"):
        name = spec.partition(":")[2] or DEFAULT_BOT
        return SeatInfo("bot", bot=lobby_bot(name))
    raise LobbyRefusal(f"a seat is 'person' or 'bot:<name>', not {spec!r}")


class LobbyEndpoint:
    """One user's lobby connection: requests in, replies and snapshots out."""

    def __init__(self, lobby: Lobby, user: str) -> None:
        self.lobby = lobby
        self.user = user
        self._queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.closed = False

    def push(self, msg: dict[str, Any]) -> None:
        if not self.closed:
            self._queue.put_nowait(msg)

    async def recv(self) -> dict[str, Any]:
        if self.closed:
            raise ConnectionError("closed")
        return await self._queue.get()

    async def send(self, msg: dict[str, Any]) -> None:
        for reply in await self.lobby.handle(self.user, msg):
            self.push(reply)

    def close(self) -> None:
        self.closed = True
        self.lobby.forget(self)


class SeatEndpoint:
    """A seat's (or spectator's) table connection; adds who-is-away to each state push,
    and to a state that asks the seat to act on the clock, the seconds left."""

    def __init__(
        self,
        lobby: Lobby,
        hosted: HostedTable,
        seat: int | None,
        client: InMemoryClient,
        watcher: HumanSeat | None = None,
    ) -> None:
        self.lobby = lobby
        self.hosted = hosted
        self.seat = seat
        self.client = client
        self.watcher = watcher
        self._closed = False

    async def recv(self) -> dict[str, Any]:
        msg = await self.client.recv()
        if msg.get("t") == "state":
            msg = msg | {"table": self.lobby.presence(self.hosted)}
            slot = self.hosted.seats[self.seat].slot if self.seat is not None else None
            left = slot.clock_left(msg["rev"]) if slot is not None and "legal" in msg else None
            if left is not None:  # counted now, as it leaves: a queued state says the truth
                msg[protocol.CLOCK] = round(left, 1)
        return msg

    async def send(self, msg: dict[str, Any]) -> None:
        await self.client.send(msg)

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self.client.close()
            self.lobby.seat_closed(self.hosted, self)
