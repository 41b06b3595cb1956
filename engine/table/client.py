"""How a person's client talks to a table: the `TableClient` protocol and the human seat.

A `HumanSeat` sits at a `Table` like any bot, but turns the table's calls into
protocol messages (`engine.table.protocol`): every action pushes a ``state``
with the seat's view and the redacted events; when the seat must act the
``state`` carries ``legal``, and the seat waits for an ``act`` from its client.

A client is anything with ``async recv() -> dict``, ``async send(dict)`` and
``close()``: `InMemoryClient` for solo play in the same process, and the
Unix-socket client used over SSH. The game screen talks only to a TableClient,
never to the game, so the same screen serves both.

A client may disconnect and another connect to the same seat: `HumanSeat.subscribe`
gives the new client the latest state (with ``legal`` if the seat must act), then
the lines the table told lately and its recent chat (each marked ``earlier``).
A seat has one live client: when another connects while the first is still
there, the new one takes the seat over; the first is sent a closing notice
(`TAKEN_OVER`), then ends, and its sends are refused from that moment on.

A seat given an `Adviser` answers ``hint`` requests while it must act: the adviser
reads a copy of the seat's own view on a worker thread, and its answer is sent
only if the seat is still deciding the same position.
"""

from __future__ import annotations

import asyncio
import copy
import time
from typing import TYPE_CHECKING, Any, Protocol

from engine.actions import Action
from engine.errors import IllegalAction
from engine.table import protocol
from engine.table.seat import Adviser
from engine.views import GameView

if TYPE_CHECKING:
    from engine.table.host import Table

TAKEN_OVER = "This seat was taken over by another session of yours."
"""What a client hears when another client of the same seat takes it over."""


class TableClient(Protocol):
    """What a screen talks to. A client that holds messages already received may
    also offer ``recv_nowait() -> dict | None``; the game screen then draws them in
    its very first frame instead of one frame later (the in-memory client does)."""

    async def recv(self) -> dict[str, Any]:
        """The next server message (waits); raises ConnectionError once closed."""

    async def send(self, msg: dict[str, Any]) -> None:
        """A client message (an ``act``)."""

    def close(self) -> None: ...


class HumanSeat:
    """A seat played by a person through a TableClient; also usable as a spectator."""

    def __init__(self, name: str = "You", adviser: Adviser | None = None) -> None:
        self.name = name
        self.adviser = adviser
        self._asked: tuple[GameView, list[Action]] | None = None  # the decision being made
        self._hinting: asyncio.Task[None] | None = None
        self.seat: int | None = None
        self.table: Table | None = None
        self._outbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._events: list[dict[str, Any]] = []
        self._deciding = False
        self._legal_json: list[dict[str, Any]] | None = None
        self._last: dict[str, Any] | None = None
        self._last_over: dict[str, Any] | None = None
        self._client: InMemoryClient | None = None
        self._said_at: list[float] = []  # when this person's recent chat lines were said

    # -- the table's side ---------------------------------------------------
    def attach(self, table: Table, seat: int | None) -> None:
        self.table = table
        self.seat = seat
        self._push()

    async def decide(self, view: GameView, legal: list[Action]) -> Action:
        table = self._table()
        self._legal_json = [a.to_json() for a in legal]
        self._asked = (view, legal)
        self._deciding = True
        self._drain_inbox()
        self._push(view)
        try:
            while True:
                msg = await self._inbox.get()
                try:
                    rev, data = protocol.parse_act(msg)
                    if rev != table.rev:
                        raise protocol.ProtocolError(
                            f"that answered an old position (rev {rev}); the game is at rev "
                            f"{table.rev}"
                        )
                    return table.game.codec.decode(data)
                except (protocol.ProtocolError, IllegalAction) as exc:
                    self._send(protocol.error(str(exc)))
                    self._push(view)
        finally:
            self._deciding = False
            self._legal_json = None
            self._asked = None

    async def reject(self, message: str) -> None:
        self._send(protocol.error(message))

    async def notify(self, events: list[dict[str, Any]]) -> None:
        self._events.extend(events)
        self._push()

    async def notice(self, message: str) -> None:
        self._send(protocol.notice(message))

    async def finished(self, message: dict[str, Any]) -> None:
        self._last_over = message
        self._send(message)

    # -- the client's side --------------------------------------------------
    def subscribe(self, client: InMemoryClient | None = None) -> asyncio.Queue[dict[str, Any]]:
        """A fresh outbound queue for a (re)connecting client, primed with the latest state.

        The client subscribing becomes the seat's only live client: one still
        connected is told the seat was taken over and ended, and the actions
        it sent that the seat has not taken yet are dropped.
        """
        previous, self._client = self._client, client
        if previous is not None and previous is not client:
            previous.taken_over(TAKEN_OVER)
            self._drain_inbox()
        self._outbox = asyncio.Queue()
        if self._last is not None:  # a new client hears the whole game so far
            history = self.table.history(self.seat) if self.table is not None else []
            self._outbox.put_nowait(dict(self._last, events=history))
        if self.table is not None:  # and what the table told lately, and its recent chat
            for line in self.table.recent():  # in the order said, chat and notices alike
                self._outbox.put_nowait(dict(line, earlier=True))
        if self._last_over is not None:
            self._outbox.put_nowait(self._last_over)
        return self._outbox

    def release(self, client: InMemoryClient) -> None:
        """`client` has closed; the seat has no live client until another subscribes."""
        if self._client is client:
            self._client = None

    def deliver(self, msg: dict[str, Any]) -> None:
        """A message from the client: an action, or a line for the table's chat."""
        if isinstance(msg, dict) and msg.get("t") == protocol.SAY:
            self._say(msg)
            return
        if isinstance(msg, dict) and msg.get("t") == protocol.HINT:
            self._ask_hint(msg)
            return
        if not self._deciding:
            try:
                protocol.parse_act(msg)
            except protocol.ProtocolError as exc:
                self._send(protocol.error(str(exc)))
                return
            self._send(protocol.error("it is not your turn to act"))
            return
        self._inbox.put_nowait(msg)

    def said(self, msg: dict[str, Any]) -> None:
        """A line of the table's chat (anyone's, this seat's own too)."""
        self._send(msg)

    def told(self, msg: dict[str, Any]) -> None:
        """A line the table tells everyone there (a ``notice``: a bot took a seat, say)."""
        self._send(msg)

    @property
    def connected(self) -> bool:
        """A client is connected to this seat now."""
        return self._client is not None

    def _say(self, msg: dict[str, Any]) -> None:
        try:
            text = protocol.parse_say(msg)
        except protocol.ProtocolError as exc:
            self._send(protocol.error(str(exc)))
            return
        now = time.monotonic()
        recent = [t for t in self._said_at if now - t < protocol.SAY_WINDOW]
        if len(recent) >= protocol.SAY_BURST:
            self._send(protocol.error("you are chatting too fast: wait a few seconds"))
            return
        self._said_at = [*recent, now]
        if self.table is not None:
            self.table.say(self.seat, self.name, text)

    def _ask_hint(self, msg: dict[str, Any]) -> None:
        try:
            rev = protocol.parse_hint_request(msg)
        except protocol.ProtocolError as exc:
            self._send(protocol.error(str(exc)))
            return
        table, asked = self.table, self._asked
        if self.adviser is None:
            self._send(protocol.error("this table gives no hints"))
        elif table is None or asked is None or self.seat is None:
            self._send(protocol.error("a hint is for your own decision: there is none now"))
        elif rev != table.rev:
            self._send(protocol.error(f"that asked about an old position (rev {rev})"))
        elif self._hinting is None or self._hinting.done():  # else the answer is on its way
            view, legal = asked
            self._hinting = asyncio.ensure_future(self._hint(self.adviser, rev, view, legal))

    async def _hint(self, adviser: Adviser, rev: int, view: GameView, legal: list[Action]) -> None:
        seat = self.seat
        assert seat is not None
        mine = copy.deepcopy(view)  # the table moves on if the person acts meanwhile
        try:
            plan = await asyncio.to_thread(adviser.suggest, seat, mine, list(legal), rev)
            action = plan[0]
        except Exception as exc:  # the adviser failed: the game goes on without a hint
            self._send(protocol.error(f"no hint this time ({type(exc).__name__}: {exc})"))
            return
        table = self.table
        if not self._deciding or table is None or table.rev != rev:
            return  # answered already: the hint is stale
        if action not in legal and table.game.check(action) is not None:
            self._send(protocol.error(f"no hint this time (the adviser chose {action})"))
            return
        then = [a.to_json() for a in plan[1:]]
        self._send(protocol.hint(rev, action.to_json(), adviser.name, then))

    # -- helpers --------------------------------------------------------------
    def _table(self) -> Table:
        if self.table is None:
            raise RuntimeError("this seat has not joined a table")
        return self.table

    def _drain_inbox(self) -> None:
        while not self._inbox.empty():
            self._inbox.get_nowait()

    def _push(self, view: GameView | None = None) -> None:
        table = self.table
        if table is None:
            return
        if view is None:
            view = table.game.view(self.seat)
        events, self._events = self._events, []
        msg = protocol.state(table.rev, self.seat, view, events, self._legal_json)
        self._last = msg
        self._send(msg)

    MAX_QUEUED = 256
    """An absent client's queue is cut back to the latest state past this many messages."""

    def _send(self, msg: dict[str, Any]) -> None:
        if self._outbox.qsize() >= self.MAX_QUEUED:
            while not self._outbox.empty():
                self._outbox.get_nowait()
            if self._last is not None and self._last is not msg:
                self._outbox.put_nowait(dict(self._last, events=[]))
        self._outbox.put_nowait(msg)


class InMemoryClient:
    """A TableClient connected to a HumanSeat in the same process."""

    def __init__(self, seat: HumanSeat) -> None:
        self.seat = seat
        self.closed = False
        self.superseded: str | None = None
        """Why this client ended without closing (another took the seat over), if it did."""
        self._queue = seat.subscribe(self)

    async def recv(self) -> dict[str, Any]:
        if self.closed or (self.superseded is not None and self._queue.empty()):
            raise ConnectionError(self.superseded or "the client is closed")
        return await self._queue.get()

    async def send(self, msg: dict[str, Any]) -> None:
        if self.closed or self.superseded is not None:
            raise ConnectionError(self.superseded or "the client is closed")
        self.seat.deliver(msg)

    def close(self) -> None:
        self.closed = True
        self.seat.release(self)

    def taken_over(self, message: str) -> None:
        """Another client took the seat: what is left to hear is `message`, then the end."""
        self.superseded = message
        while not self._queue.empty():
            self._queue.get_nowait()
        self._queue.put_nowait(protocol.closing(message))

    def recv_nowait(self) -> dict[str, Any] | None:
        """The next message if one is waiting, else None (a screen's first frame uses it)."""
        if self.closed or self._queue.empty():
            return None
        return self._queue.get_nowait()

    def pending(self) -> int:
        """Messages waiting to be received (lets a reader coalesce bursts)."""
        return self._queue.qsize()
