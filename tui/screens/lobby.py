"""The lobby: the tables of a `catan serve` server, and the way to one of their seats.

It talks only to a lobby connection (a TableClient carrying the lobby
messages of engine.table.unix_socket). A "seat" reply holds a one-time token;
the screen opens a table connection with it and shows the ordinary game
screen on top, so a seat over SSH plays exactly like a local one.

When a game you have a seat in is running and you are not at it (the host
just started it, or you dropped and came back), the lobby takes you there at
once: that is how a reconnecting player gets the same seat at the same
decision without having to look for it.

A seat has one live session: when another session of yours takes your seat
over, the server says so and ends this one's table connection, and the lobby
comes back with that message (it will not take you back there by itself).

The host of a new table chooses whether it gives hints; the list's detail says
so, and the game screen of a seat there offers `?` (a spectator's never does).

The host may also give every decision a clock ("Time to decide"). While a seat
must act on the clock, a line over its game screen counts down what is left
(from the ``clock`` of the state that asked, engine.table.protocol), in warning
colours in the last `URGENT` seconds; when it runs out a bot plays that one
decision, and the table says so. The others at the table see whose clock runs
("bob has 1:42 to decide.", from the ``deciding`` of the state's table summary)
on the line that says who is away.

While a seated person is away, the table's host may hand their seat to a bot
(ctrl+b) at once; anyone else seated there may once the seat has been away the
server's grace (the table's ``handover_after``), and the away line says when.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, DataTable, Footer, Label, Select, Static

from engine.registry import get_ruleset
from engine.table import protocol
from engine.table.client import TableClient
from engine.table.unix_socket import lobby_request
from tui.faces import DEFAULT, default_of
from tui.game_choices import GameChoices
from tui.narrate import clock_text
from tui.option_words import (
    changed_options,
    choices_of,
    option_help,
    option_label,
    ruleset_title,
)
from tui.screens.dialogs.answer_once import AnswerOnce
from tui.screens.dialogs.standings import StandingsDialog, standing_words
from tui.screens.form_rows import ROW, mark_current_row, redraw_keeping_focus
from tui.screens.new_game import bot_names, default_bot
from tui.widgets.table_rows import Cell, fill

if TYPE_CHECKING:
    from tui.screens.game import GameScreen

COLUMNS = ("Table", "Game", "Host", "Status", "Seats")

Connect = Callable[[str], Awaitable[TableClient]]
"""Opens a table connection from a seat token (a SocketClient over SSH)."""


def _seat_label(seat: dict[str, Any], now_offset: float = 0.0) -> str:
    if seat["kind"] == "bot":
        return f"bot {seat['bot']}"
    who = seat["user"] or "(free)"
    if seat.get("bot"):
        return f"{who} (bot {seat['bot']} playing)"
    if seat["away"] is not None and seat["user"]:
        return f"{who} (away {clock_text(seat['away'] + now_offset)})"
    return who


def seats_summary(seats: list[dict[str, Any]]) -> str:
    """The list's Seats cell, short enough for 80 columns: people by name, then how many
    seats are free and how many bots play ("alice, bob, 1 free, 2 bots"); the detail
    below the list names every seat."""
    people = [s["user"] for s in seats if s["kind"] != "bot" and s["user"]]
    free = sum(1 for s in seats if s["kind"] != "bot" and not s["user"])
    bots = sum(1 for s in seats if s["kind"] == "bot")
    parts = list(people)
    if free:
        parts.append(f"{free} free")
    if bots:
        parts.append(f"{bots} bot{'s' if bots != 1 else ''}")
    return ", ".join(parts)


def _other_clock(state: dict[str, Any]) -> tuple[str, float] | None:
    """Who else at the table must decide on the clock in this `state` (its summary's
    ``deciding``), and when their time runs out on this screen's monotonic clock."""
    table = state.get("table")
    seats = table.get("seats") if isinstance(table, dict) else None
    if not isinstance(seats, list):
        return None
    for i, seat in enumerate(seats):
        left = seat.get("deciding") if isinstance(seat, dict) else None
        if i == state.get("seat") or isinstance(left, bool) or not isinstance(left, int | float):
            continue
        user = seat.get("user")
        if isinstance(user, str):
            return user, time.monotonic() + left
    return None


HINTS_ON = "Hints on"
"""How the lobby names a table whose people may press ? for a hint."""
HINTS_HELP = (
    "On: everyone playing at this table may press ? for what the value bot would do "
    "in their seat, judged from what they can see."
)


CLOCK_CHOICES: list[tuple[str, int]] = [("Off", 0), ("1 min", 60), ("2 min", 120), ("5 min", 300)]
"""The new-table form's "Time to decide": seconds for each decision of a person's seat."""
CLOCK_HELP = (
    "How long each decision of a person at this table may take. When the time runs out, "
    "the value bot plays that one decision for them; their next one is theirs again."
)
URGENT = 15
"""Seconds left from which the countdown over the game screen is drawn in warning colours."""


def clock_words(seconds: int) -> str:
    """A table's time to decide in words ("2 min to decide"); "" for none."""
    if seconds <= 0:
        return ""
    amount = f"{seconds // 60} min" if seconds % 60 == 0 else f"{seconds} s"
    return f"{amount} to decide"


def table_settings(table: dict[str, Any]) -> str:
    """The table's settings that are not the defaults, in words
    ("VP to win 8, Hints on, 2 min to decide")."""
    options = changed_options(table["ruleset"], table["options"])
    clock = table.get("clock")
    timed = clock_words(clock) if type(clock) is int else ""  # older servers: none said
    parts = (options, HINTS_ON if table.get("hints") else "", timed)
    return ", ".join(part for part in parts if part)


def table_detail(table: dict[str, Any], now_offset: float = 0.0) -> str:
    """A table of the lobby's snapshot in words: its game, settings that differ, seats, outcome."""
    settings = table_settings(table)
    head = f"Table {table['id']}: {ruleset_title(table['ruleset'])}"
    lines = [f"{head} ({settings})" if settings else head]
    for no, seat in enumerate(table["seats"]):
        lines.append(f"  seat {no + 1}: {_seat_label(seat, now_offset)}")
    if table["spectators"]:
        lines.append(f"  {table['spectators']} watching")
    if table["status"] == "over":
        winner = table["winner"]
        if isinstance(winner, int) and 0 <= winner < len(table["seats"]):
            won = table["seats"][winner]
            name = won["user"] if won["kind"] == "person" else f"bot {won['bot']}"
            lines.append(f"  Game over. Winner: {name} (seat {winner + 1})")
        else:
            lines.append("  Game over, with no winner.")
    return "\n".join(lines)


class AwayBanner(Static):
    """One line over the game screen while someone at this table is away, with a running timer.

    The table waits for an absent person; everyone sees who and for how long,
    and the host learns how to hand the seat to a bot.
    """

    DEFAULT_CSS = """
    AwayBanner { dock: top; height: 1; padding: 0 1; background: $warning 30%; display: none; }
    """


class ClockBanner(Static):
    """One line over the game screen while this seat must act on the clock: "1:42 to decide".

    It takes the away line's place while shown (then the table waits for this seat,
    not for whoever is away); in the last `URGENT` seconds it is drawn in warning
    colours (class ``-urgent``).
    """

    DEFAULT_CSS = """
    ClockBanner {
        dock: top; height: 1; padding: 0 1; background: $primary 30%; display: none;
        text-style: bold;
    }
    ClockBanner.-urgent { background: $error; color: $text; }
    """

    def show_left(self, seconds: float | None) -> None:
        """Show `seconds` left (counted up to the whole second), or hide for None."""
        self.display = seconds is not None
        if seconds is None:
            return
        self.set_class(seconds <= URGENT, "-urgent")
        self.update(f"{clock_text(math.ceil(seconds))} to decide")


class LobbyScreen(Screen[None]):
    """Tables: create, join, watch, start, and hand an absent player's seat to a bot."""

    BINDINGS = [
        Binding("n", "create", "New table"),
        Binding("j", "join", "Join"),  # or resume: short, so that "q Quit" fits at 80 columns
        Binding("w", "watch", "Watch"),
        Binding("s", "start", "Start"),
        Binding("b", "handover", "Seat to bot"),
        Binding("l", "leave", "Leave table", show=False),
        # Named in the title line, not the footer: at 80 columns the footer has no room left.
        Binding("p", "standings", "Standings", show=False),
        Binding("q", "quit", "Quit"),
    ]
    DEFAULT_CSS = """
    LobbyScreen { layout: vertical; }
    LobbyScreen #lobby-title { height: 1; padding: 0 1; background: $panel; text-style: bold; }
    LobbyScreen DataTable { height: 1fr; }
    LobbyScreen #lobby-detail { height: auto; min-height: 3; padding: 0 1; border: round $accent; }
    """

    def __init__(self, client: TableClient, connect: Connect, user: str) -> None:
        super().__init__()
        self.client = client
        self.connect = connect
        self.user = user
        self.snapshot: dict[str, Any] = {"tables": [], "rulesets": []}
        self.received_at = time.monotonic()
        self.in_game: int | None = None
        self.banner: AwayBanner | None = None
        self.clock_banner: ClockBanner | None = None
        self.decide_by: float | None = None
        """When this seat's time for its decision runs out (monotonic), while it must act."""
        self.game_screen: GameScreen | None = None  # this user's game, while at a table
        self.other_clock: tuple[str, float] | None = None
        """Who else at the table decides on the clock, and when their time runs out."""
        self._auto_joined: set[int] = set()

    def compose(self) -> ComposeResult:
        yield Label(lobby_title(self.user, ""), id="lobby-title")
        table: DataTable[str] = DataTable(id="tables", cursor_type="row", zebra_stripes=True)
        table.add_columns(*COLUMNS)
        yield table
        yield Static("No tables yet: press n to create one.", id="lobby-detail")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(DataTable).focus()
        self.read_lobby()
        self.set_interval(1.0, self._tick)

    # -- the lobby connection ---------------------------------------------------
    @work(exclusive=True, group="lobby")
    async def read_lobby(self) -> None:
        while True:
            try:
                msg = await self.client.recv()
            except Exception:
                self.app.exit(message="The server closed the lobby.")
                return
            kind = msg.get("t")
            if kind == "lobby":
                self.snapshot = msg
                self.received_at = time.monotonic()
                self._show()
                self._update_banner()
                self._follow_started_games()
            elif kind == "seat":
                await self._open_seat(msg)
            elif kind == "error":
                # A refusal heard at the table (Ctrl+B's hand-over) is the table's, not the
                # lobby's (seen over SSH: "Lobby" over a game)
                title = "Lobby" if self.app.screen is self else "Table"
                self.notify(str(msg.get("message")), title=title, severity="error", markup=False)

    async def _send(self, kind: str, **fields: Any) -> None:
        try:
            await self.client.send(lobby_request(kind, **fields))
        except ConnectionError:
            self.app.exit(message="The server closed the lobby.")

    def _follow_started_games(self) -> None:
        """Go to a running game where you hold a seat and are not connected (start, or return)."""
        if self.in_game is not None or self.app.screen is not self:
            return
        for table in self.snapshot["tables"]:
            if table["status"] != "playing" or table["id"] in self._auto_joined:
                continue
            for no, seat in enumerate(table["seats"]):
                if seat["user"] == self.user and seat["kind"] == "person" and not seat["connected"]:
                    self._auto_joined.add(table["id"])
                    self.run_worker(self._send("join", table=table["id"], seat=no))
                    return

    async def _open_seat(self, grant: dict[str, Any]) -> None:
        table = self._table(grant.get("table"))
        try:
            client = await self.connect(str(grant["token"]))
        except (OSError, ConnectionError) as exc:
            self.notify(f"Cannot reach the table: {exc}", severity="error")
            return
        from tui.screens.game import GameScreen

        seats = table["seats"] if table else []
        names = [s["user"] or f"Bot {i + 1}" for i, s in enumerate(seats)]
        kinds = ["human" if s["kind"] == "person" else str(s["bot"]) for s in seats]
        self.in_game = table_id = grant.get("table")
        link = _TableLink(
            client, lambda message: self._taken_over(screen, grant, message), self._heard
        )

        def rematch() -> None:
            """The host's r on the game-over screen: back here; the lobby follows to the seat."""
            screen.dismiss(None)
            self.run_worker(self._send("rematch", table=table_id))

        hosting = table is not None and table["host"] == self.user
        screen = GameScreen(
            link,
            names=names,
            kinds=kinds,
            ascii=getattr(self.app, "ascii", False),
            on_rematch=rematch if hosting else None,
            hints=grant_gives_hints(grant),
        )

        self.banner = AwayBanner()
        self.clock_banner = ClockBanner()
        self.decide_by = None
        self.game_screen = screen

        def back(_: object = None) -> None:
            client.close()
            self.in_game = None
            self.banner = None
            self.clock_banner = None
            self.decide_by = None
            self.game_screen = None

        await self.app.push_screen(screen, back)
        await screen.mount(self.banner, self.clock_banner)
        self._update_banner()

    def _heard(self, msg: dict[str, Any]) -> None:
        """A message from the table, on its way to the game screen: the seat's clock starts
        with a state that asks it to act on the clock, and stops with any other state."""
        kind = msg.get("t")
        if kind == protocol.STATE:
            left = protocol.clock_of(msg)
            self.decide_by = None if left is None else time.monotonic() + left
            self.other_clock = _other_clock(msg)
            self._update_banner()
        elif kind == protocol.OVER:
            self.decide_by = self.other_clock = None
            self._update_banner()

    def _taken_over(self, screen: Screen[Any], grant: dict[str, Any], message: str) -> None:
        """The server ended this session's seat connection: back to the lobby, saying why."""
        table_id = grant.get("table")
        if isinstance(table_id, int):
            self._auto_joined.add(table_id)  # do not take the seat straight back

        def back_to_lobby() -> None:
            if screen in self.app.screen_stack:
                while self.app.screen is not screen:
                    self.app.pop_screen()
                screen.dismiss(None)
            self.notify(message, title="Table", severity="warning", timeout=15)

        self.app.call_later(back_to_lobby)

    # -- display ---------------------------------------------------------------------
    def _table(self, table_id: Any) -> dict[str, Any] | None:
        return next((t for t in self.snapshot["tables"] if t["id"] == table_id), None)

    def _selected(self) -> dict[str, Any] | None:
        grid = self.query_one(DataTable)
        if not self.snapshot["tables"] or grid.row_count == 0:
            return None
        row = min(grid.cursor_row, len(self.snapshot["tables"]) - 1)
        return dict(self.snapshot["tables"][row])

    def _show(self) -> None:
        grid: DataTable[Cell] = self.query_one(DataTable)
        row = grid.cursor_row
        rows: list[tuple[str, ...]] = [
            (
                str(t["id"]),
                ruleset_title(t["ruleset"]),
                t["host"],
                t["status"],
                seats_summary(t["seats"]),
            )
            for t in self.snapshot["tables"]
        ]
        fill(grid, COLUMNS, rows)
        if grid.row_count:
            grid.move_cursor(row=min(row, grid.row_count - 1))
        self._detail()
        mine = standing_words(self._players(), self.user)
        self.query_one("#lobby-title", Label).update(lobby_title(self.user, mine))

    def _players(self) -> list[dict[str, Any]]:
        """The standings in the latest snapshot (an older server sends none)."""
        players = self.snapshot.get("players")
        if not isinstance(players, list):
            return []
        return [p for p in players if isinstance(p, dict) and _standing(p)]

    def _tick(self) -> None:
        if any(s["away"] is not None for t in self.snapshot["tables"] for s in t["seats"]):
            self._detail()  # the away timers count up between snapshots
            self._update_banner()
        elif self.decide_by is not None or self.other_clock is not None:
            self._update_banner()  # a clock counts down

    def _update_banner(self) -> None:
        clock = self.clock_banner
        if clock is not None:
            by = self.decide_by
            clock.show_left(None if by is None else max(0.0, by - time.monotonic()))
        banner, table = self.banner, self._table(self.in_game)
        if banner is None or table is None:
            return
        if self.game_screen is not None:
            seats = list(enumerate(table["seats"]))
            people = [(i, s) for i, s in seats if s["kind"] == "person"]
            self.game_screen.set_away(
                frozenset(i for i, s in people if s["away"] is not None and not s["bot"]),
                frozenset(i for i, s in people if s["bot"]),
            )
        if clock is not None and clock.display:  # the table waits for this seat, not the away
            banner.display = False
            return
        now = time.monotonic()
        offset = now - self.received_at
        timed = self.other_clock
        who, left = (
            (timed[0], clock_text(math.ceil(max(0.0, timed[1] - now)))) if timed else ("", "")
        )
        game = self.game_screen
        to_act = game.view.get("to_act") if game is not None and game.view else None
        waiting: list[str] = []  # away people the table waits for now
        elsewhere: list[str] = []  # away people it does not need yet
        timed_away = False  # the person deciding on the clock is away too
        for i, s in enumerate(table["seats"]):
            if s["kind"] == "person" and s["user"] and s["away"] is not None and not s["bot"]:
                gone = clock_text(s["away"] + offset)
                if s["user"] == who:
                    timed_away = True
                    waiting.append(f"{who}: away {gone}, {left} to decide")
                elif i == to_act:
                    waiting.append(f"{s['user']} ({gone})")
                else:
                    elsewhere.append(f"{s['user']} ({gone})")
        line = ""
        if waiting or elsewhere:
            hint = handover_hint(table, self.user, offset)
            parts = []
            if waiting:
                told = "." if timed_away and len(waiting) == 1 else ": away from the table."
                parts.append(f"Waiting for {', '.join(waiting)}{told}")
            if elsewhere:
                verb = "is" if len(elsewhere) == 1 else "are"
                parts.append(f"{', '.join(elsewhere)} {verb} away from the table.")
            line = "  ".join(parts) + hint
        if who and not timed_away:
            line = f"{who} has {left} to decide.  {line}".rstrip()
        banner.display = bool(line) and table["status"] == "playing"
        if line:
            banner.update(line)

    @on(DataTable.RowHighlighted)
    def _detail(self, _: object = None) -> None:
        table = self._selected()
        detail = self.query_one("#lobby-detail", Static)
        if table is None:
            detail.update("No tables yet: press n to create one.")
            return
        detail.update(table_detail(table, time.monotonic() - self.received_at))

    # -- actions ---------------------------------------------------------------------
    def action_create(self) -> None:
        rulesets = list(self.snapshot.get("rulesets") or [DEFAULT])

        def created(request: dict[str, Any] | None) -> None:
            if request is not None:
                self.run_worker(self._send("create", **request))

        self.app.push_screen(CreateTableDialog(rulesets, self.user), created)

    def action_join(self) -> None:
        table = self._selected()
        if table is None:
            return
        mine = [i for i, s in enumerate(table["seats"]) if s["user"] == self.user]
        free = [i for i, s in enumerate(table["seats"]) if s["kind"] == "person" and not s["user"]]
        if mine:
            self._auto_joined.add(table["id"])
            self.run_worker(self._send("join", table=table["id"], seat=mine[0]))
        elif free:
            self.run_worker(self._send("join", table=table["id"], seat=free[0]))
        else:
            self.notify("No free seat at this table; press w to watch.")

    def action_watch(self) -> None:
        table = self._selected()
        if table is not None:
            self.run_worker(self._send("spectate", table=table["id"]))

    def action_start(self) -> None:
        table = self._selected()
        if table is not None:
            self._auto_joined.add(table["id"])
            self.run_worker(self._send("start", table=table["id"]))

    def action_leave(self) -> None:
        table = self._selected()
        if table is not None:
            self.run_worker(self._send("leave", table=table["id"]))

    def action_handover(self) -> None:
        table = self._table(self.in_game) if self.in_game is not None else self._selected()
        if table is None:
            return
        away = _away_seats(table)
        if not away:
            self.notify("Nobody at this table is away.")
            return
        # The seat away longest: the first one anyone seated may hand over.
        longest = max(away, key=lambda i: table["seats"][i]["away"] or 0.0)
        self.run_worker(self._send("handover", table=table["id"], seat=longest))

    def action_standings(self) -> None:
        self.app.push_screen(StandingsDialog(self._players(), self.user))

    def action_quit(self) -> None:
        self.app.exit()


def _away_seats(table: dict[str, Any]) -> list[int]:
    """The person seats of `table` whose person is away and no bot plays for them."""
    return [
        i
        for i, s in enumerate(table["seats"])
        if s["kind"] == "person" and s["user"] and not s["connected"] and not s["bot"]
    ]


HANDOVER_KEY = "  ctrl+b: a bot plays the seat"


def handover_hint(table: dict[str, Any], user: str, offset: float = 0.0) -> str:
    """What the away line tells `user` about handing an away seat to a bot: the host may at
    once; anyone else seated there once a seat has been away the server's grace
    (``handover_after``, seconds; `offset`: seconds since the snapshot)."""
    if table["host"] == user:
        return HANDOVER_KEY
    grace = table.get("handover_after")
    seated = any(s["kind"] == "person" and s["user"] == user for s in table["seats"])
    if not seated or isinstance(grace, bool) or not isinstance(grace, int | float):
        return ""  # a watcher, or an older server (only its host may)
    longest = max((table["seats"][i]["away"] or 0.0 for i in _away_seats(table)), default=0.0)
    if longest + offset >= grace:
        return HANDOVER_KEY
    return f"  ctrl+b from {clock_text(grace)} away"


def lobby_title(user: str, standing: str) -> str:
    """ "Catan lobby: signed in as alice · 3 of 8 won here · p: standings"."""
    return " · ".join(
        part for part in (f"Catan lobby: signed in as {user}", standing, "p: standings") if part
    )


def _standing(player: dict[str, Any]) -> bool:
    """A standings line as the server sends it: a name, games played and won (ints)."""
    played, won = player.get("played"), player.get("won")
    return (
        isinstance(player.get("user"), str)
        and type(played) is int
        and type(won) is int
        and 0 <= won <= played
    )


def grant_gives_hints(grant: dict[str, Any]) -> bool:
    """The seat a "seat" reply opens answers hint requests (never a spectator's place)."""
    return grant.get("hints") is True and isinstance(grant.get("seat"), int)


class _TableLink:
    """A table connection as the game screen sees it, watching for the server closing it;
    `heard`, if given, sees every message first (the lobby's countdown follows them)."""

    def __init__(
        self,
        client: TableClient,
        closing: Callable[[str], None],
        heard: Callable[[dict[str, Any]], None] | None = None,
    ) -> None:
        self.client = client
        self.closing = closing
        self.heard = heard

    async def recv(self) -> dict[str, Any]:
        msg = await self.client.recv()
        if self.heard is not None:
            self.heard(msg)
        if msg.get("t") == "notice" and msg.get("closing"):
            # Said once, by the lobby the screen returns to; the screen's reader
            # waits here until the screen goes, which cancels it.
            self.closing(str(msg.get("message")))
            await asyncio.Event().wait()
        return msg

    async def send(self, msg: dict[str, Any]) -> None:
        await self.client.send(msg)

    def close(self) -> None:
        self.client.close()


class CreateTableDialog(AnswerOnce[dict[str, Any] | None]):
    """The game, its options and who sits where; answers a lobby `create` request's fields.

    The same choices as the new-game form of a local game, in the same words
    (tui/option_words), less the seed and the bot speed (the server's own).
    The host sits in seat 1; the other seats are people, who join from their
    own connections, or bots. Last, whether the table gives its people hints
    (off unless the host turns them on) and how long each of their decisions
    may take ("Time to decide", off unless the host chooses a time).
    """

    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("f5", "create", "Create"),
    ]
    DEFAULT_CSS = """
    CreateTableDialog { align: center middle; }
    CreateTableDialog > VerticalScroll {
        width: 66; height: auto; max-height: 100%; border: thick $accent; padding: 0 2;
        background: $surface;
    }
    CreateTableDialog .title { text-style: bold; padding: 0 0 1 0; }
    CreateTableDialog Horizontal { height: 1; }
    CreateTableDialog Label { width: 24; }
    CreateTableDialog .row.-current Label { text-style: bold reverse; }
    CreateTableDialog Select:focus > SelectCurrent { background: $primary 35%; }
    CreateTableDialog Select > SelectOverlay { border: tall $primary; }
    CreateTableDialog Select { width: 1fr; }
    CreateTableDialog #host-seat { width: 1fr; }
    CreateTableDialog Button { margin-top: 1; }
    """

    def __init__(self, rulesets: list[str], host: str = "") -> None:
        super().__init__()
        self.rulesets = rulesets
        self.host = host
        self.bots = bot_names() or ["random"]
        kinds = ["person", "person"] + [f"bot:{default_bot(self.bots)}"] * 4
        self.choices = GameChoices(default_of(rulesets), 4, kinds)
        self.hints = False
        self.clock = 0

    def compose(self) -> ComposeResult:
        chosen = self.choices
        rs = get_ruleset(chosen.ruleset)
        seat_kinds = [("Person", "person")] + [(f"Bot: {b}", f"bot:{b}") for b in self.bots]
        with VerticalScroll():
            yield Label("New table", classes="title")
            with Horizontal(classes=ROW):
                yield Label("Game")
                yield Select(
                    [(ruleset_title(r), r) for r in self.rulesets],
                    value=chosen.ruleset,
                    id="ruleset",
                    allow_blank=False,
                    compact=True,
                )
            for opt in rs.options:
                with Horizontal(classes=ROW):
                    yield Label(option_label(opt))
                    yield Select(
                        choices_of(opt),
                        value=chosen.options.get(opt.name, opt.default),
                        id=f"opt-{opt.name}",
                        allow_blank=False,
                        compact=True,
                        tooltip=option_help(opt),
                    )
            with Horizontal(classes=ROW):
                yield Label("Players")
                yield Select(
                    [(str(n), n) for n in rs.seats],
                    value=chosen.players,
                    id="players",
                    allow_blank=False,
                    compact=True,
                )
            with Horizontal(classes=ROW):
                yield Label("Seat 1")
                you = f"You ({self.host}), the host" if self.host else "You, the host"
                yield Static(you, id="host-seat")
            for i in range(1, chosen.players):
                with Horizontal(classes=ROW):
                    yield Label(f"Seat {i + 1}")
                    yield Select(
                        seat_kinds,
                        value=chosen.kinds[i],
                        id=f"seat-{i}",
                        allow_blank=False,
                        compact=True,
                    )
            with Horizontal(classes=ROW):
                yield Label("Hints")
                yield Select(
                    [("Off", False), ("On", True)],
                    value=self.hints,
                    id="hints",
                    allow_blank=False,
                    compact=True,
                    tooltip=HINTS_HELP,
                )
            with Horizontal(classes=ROW):
                yield Label("Time to decide")
                yield Select(
                    CLOCK_CHOICES,
                    value=self.clock,
                    id="clock",
                    allow_blank=False,
                    compact=True,
                    tooltip=CLOCK_HELP,
                )
            yield Button("Create (F5)", variant="primary", id="create", compact=True)

    def on_mount(self) -> None:
        self.query_one("#ruleset", Select).focus()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        mark_current_row(self, event)

    @on(Select.Changed)
    async def _changed(self, event: Select.Changed) -> None:
        sid = event.select.id or ""
        if sid == "hints":
            self.hints = event.value is True
            return
        if sid == "clock":
            self.clock = event.value if type(event.value) is int else 0
            return
        if event.value is not Select.BLANK and self.choices.change(sid, event.value):
            await redraw_keeping_focus(self, sid)

    @on(Button.Pressed, "#create")
    def action_create(self) -> None:
        chosen = self.choices
        seats = ["person", *chosen.kinds[1 : chosen.players]]  # the host sits at their table
        self.dismiss(
            {
                "ruleset": chosen.ruleset,
                "options": dict(chosen.options),
                "seats": seats,
                "hints": self.hints,
                "clock": self.clock,
            }
        )

    def action_cancel(self) -> None:
        self.dismiss(None)
