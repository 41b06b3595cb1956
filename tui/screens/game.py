"""The game screen: the map, the panels, the log and the actions, for one seat.

It talks only to a TableClient (engine.table.client): a worker reads the
table's messages and puts the seat's view into the one `view` reactive,
which the widgets are bound to; every choice becomes a protocol ``act``.
The same screen therefore serves solo play and play over SSH.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.reactive import reactive
from textual.screen import ModalScreen, Screen

from engine.table import protocol
from engine.table.client import TableClient
from tui import choices, hint_words, plans
from tui.faces import face
from tui.logbook import LogBook, Update
from tui.narrate import and_list, bundle
from tui.places import buildings_around, corner_start, hex_places, robber_start
from tui.screens.composed import ComposedFlag
from tui.screens.dialogs.choice import ChoiceDialog
from tui.screens.dialogs.discard import DiscardDialog
from tui.screens.dialogs.game_over import GameOverDialog
from tui.screens.dialogs.hint_taker import HintTaker
from tui.screens.dialogs.save_as import SaveAsDialog
from tui.screens.dialogs.trade import TradeDialog
from tui.widgets.action_bar import ActionBar
from tui.widgets.dice import DicePanel
from tui.widgets.equipment import EquipmentPanel
from tui.widgets.event_log import EventLog
from tui.widgets.fit import refresh_fitting
from tui.widgets.hand import HandPanel
from tui.widgets.key_footer import KeyFooter
from tui.widgets.map_view import MapView, make_highlight
from tui.widgets.messages import ActionRequested, CommandRequested, TargetClicked
from tui.widgets.scoreboard import Scoreboard
from tui.widgets.trade_panel import TradePanel, best_rates

if TYPE_CHECKING:
    from tui.plans import RoutePlan

CARD_LABELS = {
    "play_knight": "Knight: move the robber and steal",
    "play_road_building": "Road Building: two free roads",
    "play_year_of_plenty": "Year of Plenty: two resources from the bank",
}
SPEED_ORDER = ("slow", "normal", "instant")
"""F2 makes the bots faster, then from instant back to slow (it went from normal to slow:
a player who wanted faster got slower first)."""
PLURALS = {"vertex": "corners", "hex": "hexes"}  # what the map calls them, in the plural
SINGULARS = {"vertex": "corner"}
SIDE_STEP = 3  # rows the side panels scroll for Up or Down when no target is being chosen
_BUILDINGS = frozenset({"build_settlement", "build_city"})  # corner commands that yield


def _give(action: Any) -> Any:
    """A hinted bank trade as the bank's first choice: what to give."""
    return action.get("give") if action.get("type") == "maritime_trade" else action


def _countered(action: Any) -> Any:
    """A hinted counter-offer as the offer's "Counter-offer…" option (the hint fills its form)."""
    return "counter" if action.get("type") == "counter_trade" else action


def flight_status(view: dict[str, Any], can_fly: bool = False) -> str | None:
    """During a Starfarers flight: the speed this turn, and the moving ship's steps left."""
    if view.get("phase") != "flight":
        return None
    moving = view.get("moving_ship")
    if isinstance(moving, dict):
        left = int(moving.get("steps_left") or 0)
        if not left:
            return "Flight: the ship has flown as far as its speed goes; it stops here."
        return f"Flight: the ship may fly {left} more step{'s' if left != 1 else ''}."
    seat = view.get("seat")
    players = view.get("players") or []
    if not isinstance(seat, int) or seat >= len(players):
        return None
    me = players[seat]
    cards = me.get("friendship_cards") or {}
    science = cards.get("scientists_dual", 0) + 2 * cards.get("scientists_boost", 0)
    base = int(view.get("base_speed") or 0)
    boosters = int(me.get("boosters", 0))
    parts = [f"base {base}", f"{boosters} booster{'s' if boosters != 1 else ''}"]
    if science:
        parts.append(f"{science} from the Scientists")
    fly = " w: fly a ship." if can_fly else " Every ship has flown."
    return f"Flight: speed {base + boosters + science} ({' + '.join(parts)}).{fly}"


def _when(msg: dict[str, Any]) -> str:
    """' (turn 2)' for a line replayed with the turn it was said in (turn 0: the setup)."""
    turn = msg.get("turn")
    if type(turn) is not int or turn < 0:
        return ""
    return f" (turn {turn})" if turn else " (in the setup)"


def _harbour_at(view: dict[str, Any], vertex: int) -> str:
    """The harbour serving a corner, as the end of its line ("; the 3:1 harbour"), else ""
    (seen in play: a settlement placed on the 2:1 lumber harbour with nothing said until the
    bank's rates changed)."""
    board = view.get("board") or {}
    for harbour in board.get("harbours") or ():
        if vertex in (harbour.get("vertices") or ()):
            kind = str(harbour.get("kind"))
            return f"; the {kind} harbour" if ":" in kind else f"; the 2:1 {kind} harbour"
    return ""


def _ships(cmd: choices.Command) -> list[int]:
    """The ships a target command's actions move to its targets (a Starfarers jump names its
    ship); none where the ships are themselves the targets."""
    if (cmd.target_field or cmd.target_kind) == "ship":
        return []
    return sorted({a["ship"] for a in cmd.actions if isinstance(a.get("ship"), int)})


def _for_ship(cmd: choices.Command, ship: int) -> choices.Command:
    """`cmd` with only the actions of `ship`."""
    return replace(cmd, actions=[a for a in cmd.actions if a.get("ship") == ship])


class GameScreen(ComposedFlag, Screen[None]):
    """One seat at one table, through a TableClient."""

    BINDINGS = [
        *[Binding(str(d), f"command('{d}')", f"Action {d}", show=False) for d in range(10)],
        # before the focused side panel's scrolling, while a target is chosen (check_action)
        Binding("up", "cursor('up')", "Up", show=False, priority=True),
        Binding("down", "cursor('down')", "Down", show=False, priority=True),
        Binding("left", "cursor('left')", "Left", show=False, priority=True),
        Binding("right", "cursor('right')", "Right", show=False, priority=True),
        Binding("shift+left", "pan(-6, 0)", "Pan the map", show=False),
        Binding("shift+right", "pan(6, 0)", "Pan the map", show=False),
        Binding("shift+up", "pan(0, -3)", "Pan the map", show=False),
        Binding("shift+down", "pan(0, 3)", "Pan the map", show=False),
        Binding("tab", "cursor('next')", "Next target", show=False),
        Binding("shift+tab", "cursor('prev')", "Previous target", show=False),
        Binding("enter", "confirm", "Confirm"),
        Binding("escape", "back", "Back"),
        Binding("escape", "later", "Later"),  # the same, where the choice is the only one
        Binding("f1", "rules", "Rules", id="rules"),
        Binding("f3", "costs", "Costs", id="costs"),
        Binding("f4", "rolls", "Dice", id="rolls"),
        Binding("f6", "whole_log", "Whole log", show=False, id="whole-log"),
        Binding("ctrl+s", "save_as", "Save", id="save-as"),
        Binding("f2", "speed", "Speed", id="speed"),
        Binding("slash", "chat", "Chat", id="chat", key_display="/"),
        Binding("q", "leave", "Menu", id="leave"),
        Binding("question_mark", "hint", "Hint", id="hint", key_display="?"),
        Binding("pageup", "log_page(-1)", "Log up", show=False, priority=True),
        Binding("pagedown", "log_page(1)", "Log down", show=False, priority=True),
        Binding("end", "log_end", "Log: newest", show=False, priority=True),
    ]

    view: reactive[dict[str, Any] | None] = reactive(None, always_update=True)

    def __init__(
        self,
        client: TableClient,
        *,
        names: list[str],
        kinds: list[str] | None = None,
        ascii: bool = False,
        on_save: Callable[[str], str] | None = None,
        save_name: Callable[[], str] | None = None,
        on_speed: Callable[[str], None] | None = None,
        on_leave: Callable[[], Any] | None = None,
        on_rematch: Callable[[], Any] | None = None,
        on_replay: Callable[[], Any] | None = None,
        speed: str = "normal",
        ruleset: str | None = None,
        name: str | None = None,
        hints: bool = False,
        fresh: bool = False,
    ) -> None:
        super().__init__(name=name)
        self.fresh = fresh
        self._trade_seen: tuple[Any, int] | None = None  # the offer (and answers) last shown
        """A new game: its first state is not told as resumed, whoever played before the
        screen first drew (seen: "— Game resumed in the setup —" after a bot's first move)."""
        self.ruleset: str | None = None
        self.face = face(None)  # what the app shows for the ruleset (tui/faces)
        if ruleset is not None:
            self._bind_ruleset(ruleset)
        self.client = client
        self.names = names
        self.kinds = kinds or []
        self.away: frozenset[int] = frozenset()
        """Seats whose person has left the table (over SSH, told by the lobby): not thinking."""
        self.stand_ins: frozenset[int] = frozenset()
        """People's seats a bot plays for now (the host's ctrl+b, over SSH)."""
        self.ascii = ascii
        self.on_save = on_save
        self.save_name = save_name  # a free name to offer for the first save
        self.on_speed = on_speed
        self.on_leave = on_leave
        self.on_rematch = on_rematch
        self.on_replay = on_replay  # the game over: play it again, action by action
        self.speed = speed
        self.hints = hints  # the table answers hint requests (a solo game's does)
        self.hint_asked = -1  # the revision a hint was last asked for
        self.hint: hint_words.Hint | None = None  # the last hint the table gave
        self.saved_name: str | None = None  # what Ctrl+S last saved this game as (its default)
        self.rev = -1
        self.legal: list[dict[str, Any]] = []
        self.cmds: list[choices.Command] = []
        self.target: choices.Command | None = None
        self.flight: RoutePlan | None = None  # a move being chosen (a flight, a fleet's move)
        self.flight_route: list[dict[str, Any]] = []  # the chosen flight, sent step by step
        self.cursor: int | None = None
        self.dialog_open = False
        self._last_said: str | None = None  # this screen's last chat line, as sent
        self.auto_rev = -1
        self.over: dict[str, Any] | None = None
        self.sent = 0
        self.infos: list[Any] = []
        self._events: list[dict[str, Any]] = []
        self.book = LogBook(names)
        self.offers_heard: set[tuple[Any, Any]] = set()  # (turn, offerer) put to this person
        self._latest: dict[str, Any] | None = None
        self._timer: Any = None
        self._key_sig: Any = None
        self.encounter_book: LogBook | None = None  # this seat's encounter, told so far
        self.leaving = False
        self._why_not_cache: tuple[int, list[str], list[str]] = (-2, [], [])
        """(revision, the refusals' lines, the same with the prices on one line)."""
        self._refused: list[tuple[str, str]] = []  # the refusals themselves, of that revision
        self._site_game: tuple[int, Any] = (-2, None)  # a Starfarers game rebuilt for hints

    def _bind_ruleset(self, ruleset: str) -> None:
        """The command keys of this ruleset, with their labels, for the footer and help."""
        self.ruleset = ruleset
        self.face = face(ruleset)
        for key, label in choices.key_labels(ruleset):
            self._bindings.bind(key, f"command('{key}')", label)

    # -- layout -------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            yield MapView(ascii=self.ascii, id="map").data_bind(GameScreen.view)
            with VerticalScroll(id="side"):
                yield Scoreboard(self.names, self.kinds, id="scoreboard").data_bind(GameScreen.view)
                yield DicePanel(self.names, ascii=self.ascii, id="dice")
                yield HandPanel(id="hand").data_bind(GameScreen.view)
                yield EquipmentPanel(id="equipment").data_bind(GameScreen.view)
                yield TradePanel(self.names, id="trade").data_bind(GameScreen.view)
        with Horizontal(id="bottom"):
            yield EventLog(id="log")
            yield ActionBar(ascii=self.ascii, id="actions")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(ActionBar).status = "Waiting for the table…"
        self._take_waiting()
        self.read_table()
        self._fit()
        # Whether the side panels overflow changes with their contents as with the screen.
        self.watch(self.query_one("#side"), "virtual_size", self._side_resized, init=False)

    def on_resize(self) -> None:
        self._fit()
        self.call_after_refresh(self._side_resized)

    def _side_resized(self) -> None:
        if self.view is not None and self.legal and self.target is None and self.flight is None:
            # The scroll hint of "Your move." comes or goes: the rows fitted again too (seen
            # at 80x24 in Fleet: the actions box a row short, its first line scrolled away).
            self._refresh_actions()

    def _side_overflows(self) -> bool:
        """Whether the side panels hold more than their column shows (at 80x24, often)."""
        return self.query_one("#side", VerticalScroll).max_scroll_y > 0

    def _fit(self) -> None:
        compact = self.size.width < 110 or self.size.height < 32
        if compact != self.has_class("compact"):
            self.query_one(DicePanel).refresh(layout=True)  # one line when compact
        self.set_class(compact, "compact")
        map_view = self.query_one(MapView)
        if map_view.compact != compact:
            map_view.compact = compact
            map_view._layout = None
            refresh_fitting(map_view)
        if self.view is not None:
            self._refresh_actions()  # short labels when compact; the actions' rows

    # -- reading the table ----------------------------------------------------
    FRAME = 0.05  # at most one redraw per this many seconds while others play
    OFFER_SETTLE = 0.4
    """Seconds a bot's offer ignores keys once it pops up (`ChoiceDialog.settle`)."""

    def _take_waiting(self) -> None:
        """Draw what the table already sent, so the very first frame shows the game."""
        take = getattr(self.client, "recv_nowait", None)
        while take is not None and (msg := take()) is not None:
            self._receive(msg)
        self._flush()

    @work(exclusive=True, group="table")
    async def read_table(self) -> None:
        while True:
            try:
                msg = await self.client.recv()
            except Exception:
                self.notify("The connection to the table closed.", severity="error")
                return
            self._receive(msg)

    def _receive(self, msg: dict[str, Any]) -> None:
        kind = msg.get("t")
        if kind == protocol.STATE:
            self._events.extend(msg.get("events") or [])
            self._latest = msg
            if "legal" in msg:
                self._flush()
            elif self._timer is None:
                self._timer = self.set_timer(self.FRAME, self._flush)
        elif kind == protocol.ERROR:
            self.notify(
                str(msg.get("message")), title="Not allowed", severity="error", markup=False
            )
        elif kind == protocol.NOTICE:
            self._told(msg)
        elif kind == protocol.OVER:
            self._flush()
            self.show_over(msg)
        elif kind == protocol.SAID:
            self._said(msg)
        elif kind == protocol.HINT:
            self._flush()
            self._show_hint(msg)

    def _told(self, msg: dict[str, Any]) -> None:
        """A table's notice (a bot took a seat, a clock ran out) into the log, F6 too, after
        the events before it; a pop-up as well unless it is an earlier one replayed (seen
        over SSH: a notice was a passing pop-up, gone from the story)."""
        self._flush()
        me = (self.view or {}).get("seat")
        own = isinstance(me, int) and msg.get("seat") == me and isinstance(msg.get("yours"), str)
        # news of this seat in its player's words ("You are back at the table.")
        message = protocol.clean_text(str(msg.get("yours" if own else "message") or ""))
        if not message:
            return
        if msg.get("earlier"):
            message = f"{message}{_when(msg)}"
        line = self.book.told(message, me if isinstance(me, int) else None)
        self.query_one(EventLog).apply(Update(0, [line]))
        if not msg.get("earlier"):
            self.notify(message, title="Table", severity="warning", timeout=10, markup=False)

    def _said(self, msg: dict[str, Any]) -> None:
        """A chat line into the log, where the events before it have been drawn."""
        self._flush()
        text, name, seat = msg.get("text"), msg.get("name"), msg.get("seat")
        if not isinstance(text, str) or not isinstance(name, str):
            return
        # the server cleaned it; cleaned again, so nothing but words ever reaches the terminal
        text, name = protocol.clean_text(text)[: protocol.MAX_SAY], protocol.clean_text(name)[:40]
        if not text:
            return
        name = name or "someone"
        me = (self.view or {}).get("seat")
        # one's own line comes back too (a watcher's has no seat: told by its words)
        own = seat == me and (me is not None or text == self._last_said)
        if own and me is not None:
            name = "You"  # as every other line of one's own in the log says
        if msg.get("earlier"):  # replayed after the game's story: say when it was said
            name += _when(msg)
        self.query_one(EventLog).apply(self.book.said(seat, name, text))
        if not msg.get("earlier") and not own:
            # the log's last lines may be a bot's moves by the time one looks: a toast too
            words = f"{name}: {text}"
            if not self.has_class("compact"):
                self.notify(words, title="Chat", timeout=8, markup=False)
                return
            # At 80x24 toasts stacked down over the actions and the footer: one at most,
            # the latest, short (the whole line is in the log).
            for shown in [n for n in self.app._notifications if n.title == "Chat"]:
                self.app._unnotify(shown)
            most = 60  # two lines of the toast at 80 columns
            if len(words) > most:
                words = words[: most - 1] + "…"
            self.notify(words, title="Chat", timeout=5, markup=False)

    def _flush(self) -> None:
        """Draw the latest position with every event since the last drawing."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        msg, self._latest = self._latest, None
        if msg is None:
            return
        events, self._events = self._events, []
        self.apply_state(msg, events)

    def _refresh_keys(self) -> None:
        """Refresh the footer only when the set of usable keys changed (it is costly)."""
        sig = (
            tuple(c.key for c in self.cmds),
            self.target is None,
            self.flight is None,
            self.dialog_open,
            self.over is None,
            self.chat_open,
        )
        if sig != self._key_sig:
            self._key_sig = sig
            self.refresh_bindings()

    def apply_state(self, msg: dict[str, Any], events: list[dict[str, Any]]) -> None:
        view = msg.get("view") or {}
        me = msg.get("seat")
        if self.ruleset != view.get("ruleset") and view.get("ruleset"):
            self._bind_ruleset(str(view["ruleset"]))
        where = self.face.namer(view)
        wheres = self.face.namers(view, events)
        update = self.book.feed(events, me, where, self.face.tell(), wheres)
        resumed = not self.fresh and int(msg.get("rev") or 0) > 0
        if self.rev < 0 and resumed and view.get("winner") is None:
            # The first state of a game already under way (a load, a reconnect); a new game's
            # first state has no action yet, whatever its turn (Starfarers' first game: 1).
            turn = view.get("turn")
            at = f"at turn {turn}" if turn else "in the setup"
            # Over SSH the game never stopped: one joins it (seen: "Game resumed" for a
            # watcher who had just come, and at every reconnect).
            served = getattr(self.app, "ssh_mode", False)
            what = ("Watching" if me is None else "At the table") if served else "Game resumed"
            update.added.append(self.book.told(f"— {what} {at} —", me))
        if update.added or update.replaced:
            self.query_one(EventLog).apply(update)
            seat = me if isinstance(me, int) else None
            self.query_one(DicePanel).show(self.book.dice, self.face.extra_die, seat)
        if self.rev >= 0:  # the first state carries the game's history: nothing to pop up
            self._collect_infos(events, me, where)
        self.rev = int(msg.get("rev", -1))
        self.legal = list(msg.get("legal") or [])
        self.cmds = choices.commands(self.legal, self.ruleset)
        relabel = self.face.relabel
        if relabel is not None:
            for cmd in self.cmds:
                cmd.label = relabel(view, tuple(cmd.types)) or cmd.label
        if self.target is not None and not any(
            c.key == self.target.key and c.mode == "target" for c in self.cmds
        ):
            self._end_target()
        elif self.target is not None:
            self.target = next(c for c in self.cmds if c.key == self.target.key)
        if self.flight is not None:
            self._end_flight()
        self.view = view
        if self.flight_route:
            self._next_route_step()
        self._refresh_actions()
        self._refresh_keys()
        self._next_popup()

    def _collect_infos(
        self, events: list[dict[str, Any]], me: Any, where: Callable[[Any], str] | None
    ) -> None:
        """Shakes and encounter outcomes of this seat become information dialogs; the events
        the ruleset's face tells aloud (`toasts`: C&K's barbarian attack), a toast for all."""
        toasts = self.face.toasts or {}
        for e in events:
            kind = e.get("kind")
            shape = toasts.get(str(kind))
            if shape is not None:
                from tui.narrate import narrate

                title, words = shape(narrate(e, self.names, me, where, self.face.tell()) or "")
                if words:
                    self.notify(words, title=title, timeout=12, markup=False)
            if e.get("seat") != me or me is None:
                continue
            if kind in ("shake", "encounter_shake"):
                from tui.screens.dialogs.shake import ShakeDialog

                self.infos.append(ShakeDialog(e, "You"))
            if kind == "encounter_revealed":
                self.encounter_book = LogBook(self.names)
            if self.encounter_book is not None:
                self.encounter_book.feed([e], me, where, self.face.tell())
            if kind == "encounter_done" and self.encounter_book is not None:
                from tui.screens.dialogs.encounter import OutcomeDialog

                lines = [t.plain for t in self.encounter_book.entries]
                self.infos.append(OutcomeDialog(lines))
                self.encounter_book = None

    def _next_popup(self) -> None:
        """Information first, then the decision that opens by itself (once per position)."""
        busy = self.target is not None or self.flight is not None
        if self.dialog_open or busy or self.over is not None or self.leaving:
            return
        if self.infos:
            self._push(self.infos.pop(0), lambda _: None)
            return
        if self.legal and self.auto_rev != self.rev:
            self.auto_rev = self.rev
            self._auto_open()

    def watch_view(self, view: dict[str, Any] | None) -> None:
        if view is None:
            return
        to_act = view.get("to_act")
        board = self.query_one(Scoreboard)
        over = view.get("winner") is not None
        # whose turn it is (▶) and who must act now (an answer to its offer, a discard)
        board.turn = None if over else view.get("current", to_act)
        board.thinking = None if over else to_act
        trade = view.get("trade")
        seen = (trade.get("offerer"), len(trade.get("answers") or {})) if trade else None
        if seen is not None and seen != self._trade_seen:
            # An offer, or an answer to one: the panel saying it comes into view (seen in
            # C&K at both sizes: the Trade panel sat below the fold, its news unread).
            self.call_after_refresh(self._show_trade)
        elif seen is None and self._trade_seen is not None:
            # The offer closed: the scores back in view (seen at 80x24: the side stayed
            # scrolled to the Trade panel, the scores' title and columns hidden all game).
            self.call_after_refresh(self._show_scores)
        self._trade_seen = seen

    def _show_trade(self) -> None:
        panel = self.query_one(TradePanel)
        panel.scroll_visible(animate=False)

    def _show_scores(self) -> None:
        self.query_one(Scoreboard).scroll_visible(animate=False, top=True)

    def _why_not(self, view: dict[str, Any], folded: bool = False) -> list[str]:
        """What the player may expect but cannot do, and why (the face's `why_not`).

        Asked of the engine on a game rebuilt from the view, only for display;
        the table still judges every action sent.
        """
        why_not = self.face.why_not
        if why_not is None:
            return []
        if self._why_not_cache[0] != self.rev:
            try:
                refused = why_not(view)
            except Exception:  # a view the sampler cannot rebuild: say nothing
                refused = []
            lines = choices.why_not_lines(refused)
            short = choices.why_not_lines(refused, fold=True)
            self._why_not_cache = (self.rev, lines, short)
            self._refused = refused
        _, lines, short = self._why_not_cache
        return short if folded else lines

    def _bottom_rows(self) -> tuple[int, int, int]:
        """The log and actions row's least and most rows, and the rows of its frame."""
        compact = self.has_class("compact")
        return (4, 10, 0) if compact else (7, 12, 2)

    def _bar_width(self, bar: ActionBar) -> int:
        return bar.content_size.width or max(10, self.size.width // 2 - 4)

    def _greyed(self, view: dict[str, Any], bar: ActionBar) -> tuple[str, ...]:
        """The refusals' lines; the prices on one line where the whole would not fit in the
        rows the map leaves spare (seen in play: at 80x24 five price lines hid the keys
        above them, and at 120x40 they took the map's bottom rows)."""
        lines = tuple(self._why_not(view))
        base, _, frame = self._bottom_rows()
        room = max(base, self._rows_under_map()) if self.face.grows_actions else base
        bar.greyed = lines
        width = self._bar_width(bar)
        if bar.rows_needed(width) + frame <= room:
            return lines
        folded = list(self._why_not(view, folded=True))
        if not self.face.grows_actions:  # a fixed row: whole lines only, never half a reason
            bar.greyed = tuple(folded)
            while folded and bar.rows_needed(width) + frame > room:
                folded.pop()
                bar.greyed = tuple(folded)
        return tuple(folded)

    def _fit_bottom(self) -> None:
        """Give the log and actions row the rows the actions need (within limits)."""
        bar = self.query_one(ActionBar)
        base, cap, frame = self._bottom_rows()
        if self.face.grows_actions:
            rows = max(base, min(cap, bar.rows_needed(self._bar_width(bar)) + frame))
        else:
            rows = base  # the stylesheet's height
        bottom = self.query_one("#bottom")
        rows = max(rows, min(self._rows_under_map(), self._rows_side_spares()))
        if bottom.styles.height is None or bottom.styles.height.value != rows:
            bottom.styles.height = rows
            # The side column's panels may wrap anew at its new height (a scroll bar gone),
            # so their needs are read again once laid out; the second look changes nothing.
            self.call_after_refresh(self._fit_bottom)

    def _rows_side_spares(self) -> int:
        """The most rows the log and actions may take before the side panels overflow.

        Computed from what the panels need, not from whether they overflow now, so that
        giving the side column rows never takes them back (seen at 120x40 in Fleet: its
        short map left the log 13 rows and hid the Trade panel and decks, 6 rows over)."""
        side = self.query_one("#side", VerticalScroll)
        if not side.container_size.height:
            return self.size.height
        need = sum(child.outer_size.height for child in side.children if child.display)
        return self.size.height - 1 - side.styles.gutter.height - need  # 1: the footer

    def _rows_under_map(self) -> int:
        """The rows the whole map and its key leave free under them (the log takes them).

        The key (Starfarers' "O ore  F fuel ...") is drawn only where rows are spare:
        counted here, the log and actions give it their rows while they need fewer."""
        map_view = self.query_one(MapView)
        height = getattr(map_view.layout_of(), "height", None)
        if not isinstance(height, int) or not self.size.height:
            return 0
        return self.size.height - 1 - height - map_view.key_rows()  # 1: the footer

    def set_away(self, seats: frozenset[int], stand_ins: frozenset[int] = frozenset()) -> None:
        """The lobby's word on who is away, and whose seat a bot plays while they are: the
        Actions line and the scores stop calling them thinking (seen: "bob is thinking…"
        under "Waiting for bob: away"), and a seat handed to a bot says so in the scores."""
        if (seats, stand_ins) == (self.away, self.stand_ins):
            return
        self.away, self.stand_ins = seats, stand_ins
        for board in self.query(Scoreboard):
            board.away, board.stand_ins = seats, stand_ins
            board.refresh()
        if self.is_mounted:
            self._refresh_actions()

    def _refresh_actions(self) -> None:
        self._show_actions()
        self._fit_bottom()

    def _show_actions(self) -> None:
        bar = self.query_one(ActionBar)
        bar.greyed = ()
        view = self.view or {}
        me = view.get("seat")
        if self.over is not None or view.get("winner") is not None:
            bar.status = "The game is over."
            bar.items = ()
            return
        if self.flight is not None:
            lines = self.flight.lines()
            hinted = self._hint_now()
            if hinted is not None and lines and plans.hinted_here(self.flight, hinted.plan):
                lines = [f"Hint: {lines[0]}", *lines[1:]]
            bar.status = "\n".join(lines)
            bar.items = self._chips(self.flight.keys())
            return
        if self.target is not None:
            kind = self.target.target_kind
            count = len(self.target.targets())  # places, not actions (ships share them)
            what = PLURALS.get(kind, kind + "s") if count != 1 else SINGULARS.get(kind, kind)
            # Enter and Esc are on the chips below and in the footer.
            bar.status = self._target_line(self.target.label, count, what, bar)
            hinted = self._hint_now()
            cursor = self.cursor
            if hinted and cursor is not None and self.target.targets().get(cursor) == hinted.action:
                bar.status = f"Hint: {hint_words.here(self.target)}"
            hint = self._corner_hint(view) or self._site_hint(view)
            told = self.face.target_hint
            if hint:
                bar.status += f"\nThis {'place' if kind == 'point' else 'corner'}: {hint}"
            elif robber := self._robber_hint(view):
                bar.status += f"\nThis hex: {robber}"
            else:
                line = None
                if told is not None and self.cursor is not None:
                    line = told(view, tuple(self.target.types), self.cursor)
                line = line or self._place_line(view)
                bar.status += f"\n{line}" if line else ""
            if hinted and hinted.action not in self.target.actions:  # the hint is another move
                # said after the place's line, not instead of it (seen in Fleet: a hint to
                # end the turn hid what a chip swap would do, whatever hex was chosen)
                words = hinted.words
                elsewhere = words.endswith(hint_words.SHOWS_WHERE)  # another spot on the map
                words = words.removesuffix(hint_words.SHOWS_WHERE)
                then = "Esc, then ? shows where" if elsewhere else "Esc leaves this first"
                bar.status += f"\nHint: {words} ({then})"
            bar.items = self._chips((("⏎", "Confirm"), ("esc", "Back")))
            return
        if self.legal:
            can_fly = any(c.mode == "flight" for c in self.cmds)
            keys = frozenset(c.key for c in self.cmds)
            said = self.face.status(view, keys) if self.face.status is not None else None
            hinted = self._hint_now()
            bar.status = (
                f"Hint: {hinted.words}"
                if hinted is not None
                else flight_status(view, can_fly) or said or self._your_move()
            )
            short = self.has_class("compact") and self.face.grows_actions
            bar.items = tuple(
                (c.key, (c.short or choices.short_label(c.label)) if short else c.label)
                for c in self.cmds
            )
            bar.greyed = self._greyed(view, bar)
        else:
            to_act = view.get("to_act")
            who = (
                self.names[to_act] if isinstance(to_act, int) and to_act < len(self.names) else "?"
            )
            if to_act in self.away:
                bar.status = f"Waiting for {who}: away from the table."
            else:
                bar.status = f"{who} is thinking…" if to_act != me else "…"
            bar.items = ()

    def _your_move(self) -> str:
        """The idle line; it names the keys that scroll the side panels when they overflow.
        An offer to answer in another seat's turn says whose it is (seen in play: "Your
        move." in Blue's turn, Blue's offer waiting)."""
        view = self.view or {}
        trade = view.get("trade") or {}
        offerer = trade.get("offerer")
        line = "Your move."
        if (
            view.get("phase") == "trade_response"
            and isinstance(offerer, int)
            and 0 <= offerer < len(self.names)
            and offerer != view.get("seat")
        ):
            line = f"{self.names[offerer]}'s offer waits for your answer."
        if self._side_overflows():
            return f"{line} ↑↓ scroll the panels."
        return line

    def _corner_hint(self, view: dict[str, Any]) -> str:
        """What the highlighted corner would produce, while placing a settlement or city."""
        target = self.target
        if target is None or target.target_kind != "vertex" or self.cursor is None:
            return ""
        types = tuple(target.types)
        if not _BUILDINGS & set(types):
            return ""  # a knight's corner, say: its face's `target_hint` speaks for it
        places = hex_places(view)
        if places is None:
            return ""
        robber = view.get("robber")
        takes = self.face.corner_takes(view, types) if self.face.corner_takes else None
        hint = places.production_hint(
            self.cursor, robber if isinstance(robber, int) else None, takes or {}
        )
        return hint + _harbour_at(view, self.cursor)

    def _place_line(self, view: dict[str, Any]) -> str:
        """Where the cursor is, in words, where nothing says more (a road's edge, the
        merchant's hex, a wall's city): at 80x24 the map marks it by colour alone."""
        target, cursor = self.target, self.cursor
        if target is None or cursor is None:
            return ""
        places = hex_places(view)
        kind = target.target_kind
        if places is None:
            # space (a wormhole's jump: "←↑↓→ 495 legal points", and nothing said where)
            where = self.face.namer(view) if kind in ("point", "ship") else None
            named = where(cursor).strip() if where is not None else ""
            return f"The cursor is {named}." if named else ""
        if kind == "edge" and 0 <= cursor < places.grid.num_edges:
            owners = view.get("edges")
            owner = owners[cursor] if isinstance(owners, list) and cursor < len(owners) else -1
            if isinstance(owner, int) and 0 <= owner < len(self.names):
                # a road already there (the Diplomat's: four edges told apart by colour alone)
                whose = "your" if owner == view.get("seat") else f"{self.names[owner]}'s"
                return f"This edge: {whose} road, {places.edge(cursor)}"
            return f"This edge: {places.edge(cursor)}"
        if kind == "vertex" and 0 <= cursor < places.grid.num_vertices:
            return f"This corner: {places.vertex(cursor)}"
        if kind == "hex" and 0 <= cursor < len(places.hexes):
            return f"This hex: {places.hex(cursor)}"
        return ""

    def _target_line(self, label: str, count: int, what: str, bar: ActionBar) -> str:
        """What the map's cursor chooses. At 80x24 the actions box has 4 rows: the line is
        cut to one row where it can be, so a hint of two rows leaves the chips in view."""
        if count == 1:  # nothing to move between
            return f"{label}: the one legal {what}, Enter takes it"
        if not self.has_class("compact"):
            return f"{label}: ←↑↓→ move between the {count} legal {what}"
        width = bar.content_size.width or 37
        lines = (f"{label}: ←↑↓→ {count} legal {what}", f"{label}: ←↑↓→ {count} {what}")
        return next((line for line in lines if len(line) <= width), lines[0])

    def _robber_hint(self, view: dict[str, Any]) -> str:
        """Whose buildings the robber would block on the highlighted hex, while moving it."""
        target = self.target
        if target is None or "move_robber" not in target.types or self.cursor is None:
            return ""
        places = hex_places(view)
        if places is None or target.target_kind != "hex":
            return ""
        if places.hexes[self.cursor].get("terrain") == "sea":
            return ""  # Catan Fleet's pirate sinks ships; it blocks no building
        me = view.get("seat")
        seats = sorted({owner for owner, _ in buildings_around(view, self.cursor)})
        names = [
            "you" if s == me else (self.names[s] if s < len(self.names) else f"seat {s}")
            for s in seats
        ]
        return f"{places.hex(self.cursor)} · blocks {', '.join(names) or 'nobody'}"

    def _site_hint(self, view: dict[str, Any]) -> str:
        """Starfarers: what the highlighted site's planets produce, while placing a colony or
        choosing the colony a spaceport replaces (seen in play: the spaceport's three
        choices said nothing of which colony was which)."""
        target = self.target
        if target is None or self.cursor is None:
            return ""
        if not {"place_colony", "build_spaceport"} & set(target.types):
            return ""
        if self._site_game[0] != self.rev:
            from engine.rulesets.starfarers.routes import game_from_view

            try:
                self._site_game = (self.rev, game_from_view(view))
            except Exception:
                self._site_game = (self.rev, None)
        game = self._site_game[1]
        if game is None:
            return ""
        from engine.rulesets.starfarers import board as B
        from tui.flight import planet_words

        if not 0 <= self.cursor < len(B.SITE_PLANETS):
            return ""
        return planet_words(game, self.cursor) or "produces nothing yet"

    # -- sending ----------------------------------------------------------------
    async def send(self, action: dict[str, Any]) -> None:
        if not self.legal and action.get("type") not in ("offer_trade", "counter_trade"):
            self.notify("It is not your turn.", severity="warning")
            return
        self.legal = []
        self.cmds = []
        self._end_target()
        self.sent += 1
        self._refresh_actions()
        self._refresh_keys()
        await self.client.send(protocol.act(self.rev, action))

    def _send_soon(self, action: dict[str, Any] | None) -> None:
        if action is not None:
            self.run_worker(self.send(action), group="send")

    @on(ActionRequested)
    def _on_action_requested(self, message: ActionRequested) -> None:
        if message.action in self.legal or message.action.get("type") in (
            "offer_trade",
            "counter_trade",
        ):
            self._send_soon(message.action)

    @on(CommandRequested)
    def _on_command_requested(self, message: CommandRequested) -> None:
        self.action_command(message.key)

    # -- keys ---------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not self.composed:  # a key read before the screen is composed: its widgets are not there
            return False
        if action == "command":
            if self.target is not None or self.dialog_open:
                return False
            if self._plan_key(str(parameters[0])):
                return True
            return any(c.key == parameters[0] for c in self.cmds)
        if action in ("cursor", "confirm", "back", "later"):
            choosing = self.target is not None or self.flight is not None
            if action in ("back", "later"):  # one or the other: Back, or Later where forced
                return choosing and (action == "later") == self._forced()
            return choosing
        if action == "save_as":
            return self.on_save is not None
        if action == "speed":
            return self.on_speed is not None
        if action == "chat":
            return self.chat_open
        if action == "hint":  # shown greyed while others decide
            return (True if self.legal else None) if self.hints and self.over is None else False
        return True

    @property
    def chat_open(self) -> bool:
        """Someone else at the table is a person (play over SSH): the chat key is offered."""
        if self.view is None:
            return False  # whose seat this is comes with the first state
        me = self.view.get("seat")
        return any(kind == "human" for seat, kind in enumerate(self.kinds) if seat != me)

    def action_chat(self) -> None:
        from tui.screens.dialogs.chat import ChatDialog

        if not self.chat_open:
            return

        def say(line: str | None) -> None:
            if line:
                self._last_said = protocol.clean_text(line)
                self.run_worker(self.client.send(protocol.say(line)), group="send")

        self._push(ChatDialog(), say)

    def action_hint(self) -> None:
        """Ask the table what the value bot would do here; `_show_hint` shows the answer."""
        hint = self._hint_now()
        if hint is not None:  # known: shown again (the cursor too)
            self._apply_hint(hint.plan)
            return
        if self.hint_asked == self.rev:
            return  # asked already: the answer is on its way
        self.hint_asked = self.rev
        self.run_worker(self.client.send(protocol.hint_request(self.rev)), group="send")

    def _show_hint(self, msg: dict[str, Any]) -> None:
        action, then = msg.get("action"), msg.get("then")
        if msg.get("rev") != self.rev or not self.legal or not isinstance(action, dict):
            return  # the position moved on: the hint is stale
        more = [a for a in then if isinstance(a, dict)] if isinstance(then, list) else []
        self._apply_hint([action, *more])

    def _apply_hint(self, plan: list[dict[str, Any]]) -> None:
        """The hint in the actions box; a spot on the map gets the cursor, a pop-up open
        over the game (a choice, a discard) shows it there."""
        action = plan[0]
        cmd, words = hint_words.hint_line(action, self.cmds, self.names, plan[1:])
        self.hint = hint_words.Hint(self.rev, plan, words)
        top = self.app.screen
        if self.dialog_open and isinstance(top, HintTaker) and top.show_hint(plan):
            pass  # the pop-up shows it
        elif self.dialog_open and top is not self:  # a pop-up with no option that is the hint:
            # its words over it (seen: the bank's pop-up hid the hint line behind it, cut)
            if words.endswith(hint_words.SHOWS_WHERE):  # the map is under the pop-up
                words = words.removesuffix(hint_words.SHOWS_WHERE) + " (Esc, then ? shows where)"
            self.notify(f"Hint: {words}", timeout=8)
        elif self.target is not None and not self.dialog_open and action not in self.target.actions:
            pass  # a placement under way stays: the hint shows as words under it (_show_actions)
        elif cmd is not None and cmd.mode == "target" and not self.dialog_open:
            if isinstance(action.get("ship"), int) and len(_ships(cmd)) > 1:
                cmd = _for_ship(cmd, action["ship"])  # the hinted ship's own places
            spot = next((t for t, a in cmd.targets().items() if a == action), None)
            self._end_flight()
            self._begin_target(cmd, at=spot)
        elif cmd is not None and cmd.mode == "flight" and not self.dialog_open:
            self._end_target()
            if self.flight is None:
                self._begin_flight()
            if self.flight is not None and self.flight.aim(plan):
                self._show_flight()
        elif not self.dialog_open:  # a command: its words show where the commands are listed
            self._end_flight()
            self._end_target()
        self._refresh_actions()

    def _hint_now(self) -> hint_words.Hint | None:
        """The hint for the position on screen, if one was asked for it."""
        hint = self.hint
        return hint if hint is not None and hint.rev == self.rev else None

    def _command(self, key: str) -> choices.Command | None:
        return next((c for c in self.cmds if c.key == key), None)

    def _plan_key(self, key: str) -> bool:
        """A key the flight offers beside Enter (z: stop on a colony site, founding nothing)."""
        plan = self.flight
        return plan is not None and key not in ("⏎", "tab", "esc") and key in dict(plan.keys())

    def on_key(self, event: events.Key) -> None:
        """A move's key pressed when the move cannot be made says why, where the keys of the
        moves that can be made are read (seen in play: m, b and p with too few cards did
        nothing at all)."""
        key = event.key
        if self.target is not None or self.flight is not None or self.dialog_open:
            return
        if self._command(key) is not None or self._plan_key(key) or not self.legal:
            return
        types = [t for t, spec in self.face.specs().items() if spec.key == key]
        if not types:
            return
        view = self.view or {}
        self._why_not(view)  # the refusals of this revision
        refused = [  # named by its spec's type ("build_ship:colony") or its action's
            (what, reason)
            for what, reason in self._refused
            if what in types or what.split(":")[0] in types
        ]
        label = self.face.specs()[types[0]].label
        # a card may be played before the roll too: its own rule, not "first roll the dice"
        playing = any(t.startswith("play_") for t in types)
        first = self._pending_step() if view.get("phase") != "main" and not playing else ""
        if first and not refused:
            # a step the turn waits for (the robber backed out of with Esc, the setup's
            # settlement, the roll): the rule of the key pressed was the wrong answer there
            # ("the dice are rolled once, at the start of your turn" in the setup; a wall's
            # place before the roll, with a city to wall)
            self.notify(f"{label}: not possible now: first {first}.", severity="warning")
        elif refused:
            # a price refused says what is missing too (seen: "a settlement costs 1 brick,
            # 1 lumber, 1 wool and 1 grain", with the player left to find the wool)
            refused = [(what, reason + self._lack(what, reason)) for what, reason in refused]
            said = "; ".join(dict.fromkeys(reason for _, reason in refused))
            said = said[:1].lower() + said[1:]
            if any(what.startswith("play_progress:") for what, _ in refused):
                # each card held, by name: "Warlord needs one of your knights inactive"
                said = "; ".join(choices.why_not_lines(refused))
            self.notify(f"{label}: {said}", severity="warning")
        else:
            rules = {**choices.KEY_REFUSALS, **(self.face.key_refusals or {})}
            rule = next((rules[t] for t in types if t in rules), "")
            if "offer_trade" in types:
                rule = choices.offers_rule(view) or rule
            if self.face.key_rule is not None:
                rule = self.face.key_rule(view, tuple(types)) or rule
            said = f"not possible now: {rule}." if rule else "not possible now."
            # the place missing and the price too: both (seen: `s` named only the place)
            lack = self._shortfall(types[0])
            if lack and rule:
                said = f"not possible now: {rule}; and you lack {lack}."
            self.notify(f"{label}: {said}", severity="warning")
        event.stop()

    def _lack(self, what: str, reason: str) -> str:
        """ " (you lack 1 wool)" where `reason` is the price of `what` (its costs card line)
        and the hand falls short of it; "" otherwise."""
        if " costs " not in reason:
            return ""
        short = self._shortfall(what)
        return f" (you lack {short})" if short else ""

    def _shortfall(self, what: str) -> str:
        """What the hand lacks of the price of `what` ("1 wool and 1 grain"), or ""."""
        name = choices.expected_words(what)[0].lower()
        card = next((c for c in self.face.costs() if c.item.lower() == name), None)
        hand = ((self.view or {}).get("me") or {}).get("hand") or {}
        if card is None or not isinstance(hand, dict):
            return ""
        short = [(n - int(hand.get(r, 0)), r) for r, n in card.cost if int(hand.get(r, 0)) < n]
        return and_list([f"{n} {r}" for n, r in short])

    def _pending_step(self) -> str:
        """What this decision asks for, by its keys ("move the robber (h)"), or ""."""
        steps = [
            f"{c.label[:1].lower()}{c.label[1:]} ({c.key})"
            for c in self.cmds
            if len(c.key) == 1 and "end_turn" not in c.types  # "first end the turn": no step
        ]
        return " or ".join(steps[:3])

    def action_pan(self, dx: int, dy: int) -> None:
        """Shift+arrows: the map's window moved, where the map is seen in part (Fleet's sea and
        the space map at 80x24: the rest of the board could not be looked at). A choice on the
        map keeps the window where it was moved until its cursor moves."""
        if not self.query_one(MapView).pan(dx, dy):
            self.notify("The map's window is at its edge (or the whole map shows).", timeout=3)

    def action_command(self, key: str) -> None:
        if self._plan_key(key):
            self._fly(key)
            return
        cmd = self._command(key)
        if cmd is None:
            return
        self.start(cmd)

    def start(self, cmd: choices.Command) -> None:
        if self.flight is not None:
            self._end_flight()
        if cmd.mode == "flight":
            self._begin_flight()
        elif cmd.mode == "direct":
            self._send_soon(cmd.actions[0])
        elif cmd.mode == "target":
            if len(_ships(cmd)) > 1:
                self._choose_ship(cmd)
            else:
                self._begin_target(cmd)
        elif cmd.mode == "free":
            self._open_trade(cmd.dialog)
        else:
            self._open_dialog(cmd)

    def _choose_ship(self, cmd: choices.Command) -> None:
        """Which ship a target command moves, where several may go to the same places (seen in
        play: the wormhole's jump took the first of three ships, and counted 1424 points)."""
        view = self.view or {}
        where = self.face.namer(view)
        pieces = {p.get("point"): p.get("piece") for p in view.get("pieces") or ()}
        options: list[tuple[str | Text, Any]] = []
        for ship in _ships(cmd):
            kind = str(pieces.get(ship) or "ship").replace("_", " ")
            options.append((f"Your {kind}{where(ship) if where else ''}", ship))

        def chosen(ship: Any) -> None:
            if isinstance(ship, int):
                self._begin_target(_for_ship(cmd, ship))

        self._push(ChoiceDialog(f"{cmd.label}: which ship?", options), chosen)

    def _auto_open(self) -> None:
        types = {a.get("type") for a in self.legal}
        if types == {"decline_trade"} and not any(self._hand().values()):
            self._send_soon({"type": "decline_trade"})  # nothing to trade with: no pop-up
            return
        if types and types <= {"accept_trade", "decline_trade"}:
            if self._offer_heard():
                self._send_soon({"type": "decline_trade"})  # one offer a bot a turn reaches you
                offerer = ((self.view or {}).get("trade") or {}).get("offerer")
                name = "A bot"
                if isinstance(offerer, int) and 0 <= offerer < len(self.names):
                    name = self.names[offerer]
                self.notify(
                    f"{name} offered again this turn: declined for you"
                    " (one offer a turn from each bot is shown).",
                    timeout=6,
                )
                return
            self._open_answer()
            return
        if (self.view or {}).get("phase") == "flight" and any(
            c.mode == "flight" for c in self.cmds
        ):
            self._begin_flight()  # each flight opens on its ship and destinations
            return
        cmd = choices.auto_command(self.cmds)
        if cmd is not None:
            self.start(cmd)

    # -- a Starfarers flight: ship, destination, go ----------------------------
    def _begin_flight(self) -> None:
        make = self.face.plan
        plan = make(self.view or {}, self.legal) if make is not None else None
        if plan is None:
            return
        self.flight = plan
        self._show_flight()
        self._refresh_actions()
        self._refresh_keys()

    def _show_flight(self) -> None:
        plan = self.flight
        if plan is None:
            return
        map_view = self.query_one(MapView)
        map_view.labels = plan.labels()
        map_view.highlight = make_highlight(
            plan.kind, sorted(plan.routes), plan.cursor, path=plan.path(), origin=plan.ship
        )

    def _end_flight(self) -> None:
        if self.flight is None:
            return
        self.flight = None
        map_view = self.query_one(MapView)
        map_view.labels = None
        map_view.highlight = None
        self._refresh_keys()

    def _flight_cursor(self, direction: str) -> None:
        plan = self.flight
        assert plan is not None
        if direction in ("next", "prev"):
            plan.next_ship(1 if direction == "next" else -1)
        elif plan.routes:
            from tui.render.targets import nearest_target

            layout = self.query_one(MapView).layout_of()
            if layout is not None:
                plan.cursor = nearest_target(layout, plan.kind, plan.routes, plan.cursor, direction)
        self._show_flight()
        self._refresh_actions()

    def _fly(self, key: str = "⏎") -> None:
        """Send the chosen route's first action; the rest follow as the table accepts each.
        A key other than Enter sends what the plan gives for it (`key_actions`)."""
        plan = self.flight
        assert plan is not None
        if key != "⏎":
            by_key = getattr(plan, "key_actions", None)
            actions = by_key(key) if by_key is not None else []
        elif plan.advance():  # the first of two choices (Inventor's first chip)
            self._show_flight()
            self._refresh_actions()
            return
        else:
            actions = plan.actions()
        if not actions:
            return
        self._end_flight()
        self.flight_route = actions
        self._next_route_step()

    def _next_route_step(self) -> None:
        action = self.flight_route[0]
        if action not in self.legal:
            if self.legal:
                self.notify("Stopped: the next step is no longer allowed.", severity="warning")
            self.flight_route = [] if self.legal else self.flight_route
            return
        self.flight_route.pop(0)
        self.legal = []
        self.cmds = []
        self.sent += 1
        self.run_worker(self.client.send(protocol.act(self.rev, action)), group="send")

    # -- choosing a target on the map -----------------------------------------
    def _begin_target(self, cmd: choices.Command, at: int | None = None) -> None:
        self.target = cmd
        ids = sorted(cmd.targets())
        view = self.view or {}
        start = at if at in ids else None  # a hint's spot
        if start is None and "move_robber" in cmd.types and cmd.target_kind == "hex":
            start = robber_start(view, ids)
        elif start is None and cmd.target_kind == "vertex" and _BUILDINGS & set(cmd.types):
            start = corner_start(view, ids)
        self.cursor = start if start is not None else self._move(None, "right") if ids else None
        if self.cursor is None and ids:
            self.cursor = ids[0]
        self._show_highlight()
        self._refresh_actions()
        self._refresh_keys()

    def _end_target(self) -> None:
        if self.target is None:
            return
        self.target = None
        self.cursor = None
        self.query_one(MapView).highlight = None
        self._refresh_keys()

    def _show_highlight(self) -> None:
        if self.target is None:
            return
        ids = sorted(self.target.targets())
        self.query_one(MapView).highlight = make_highlight(
            self.target.target_kind, ids, self.cursor
        )

    def _move(self, current: int | None, direction: str) -> int | None:
        assert self.target is not None
        ids = sorted(self.target.targets())
        if not ids:
            return None
        layout = self.query_one(MapView).layout_of()
        kind = self.target.target_kind
        if direction != "next" and layout is not None and kind in getattr(layout, "anchors", {}):
            from tui.render.targets import nearest_target

            try:
                return nearest_target(layout, kind, ids, current, direction)
            except Exception:
                pass
        if current is None or current not in ids:
            return ids[0]
        step = -1 if direction in ("left", "up") else 1
        return ids[(ids.index(current) + step) % len(ids)]

    def action_cursor(self, direction: str) -> None:
        if self.flight is not None:
            self._flight_cursor(direction)
            return
        if self.target is None:
            # Nothing to choose on the map: Up and Down scroll the side panels, which at
            # 80x24 do not all fit (C&K's tracks and cards, Starfarers' equipment).
            if direction in ("up", "down"):
                side = self.query_one("#side", VerticalScroll)
                side.scroll_relative(
                    y=SIDE_STEP if direction == "down" else -SIDE_STEP, animate=False
                )
            return
        self.cursor = self._move(self.cursor, direction)
        self._show_highlight()
        self._show_actions()

    def action_confirm(self) -> None:
        if self.flight is not None:
            self._fly()
            return
        if self.target is None or self.cursor is None:
            return
        action = self.target.targets().get(self.cursor)
        self._send_soon(action)

    def action_back(self) -> None:
        self._end_flight()
        self._end_target()
        self._refresh_actions()

    def action_later(self) -> None:
        """Esc on the only decision there is: back to the board, the decision still to make
        (its key opens it again). Said "Back" (seen in play: after an Inventor card was
        played, "esc Back" read as taking the card back)."""
        self.action_back()

    def _forced(self) -> bool:
        """Whether the choice open now is the only sort of decision (`auto_command`)."""
        return choices.auto_command(self.cmds) is not None

    def _chips(self, items: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
        """A choice's chips, Esc's as `action_later` says it where the choice is forced."""
        if not self._forced():
            return items
        return tuple(("esc", "Later") if key == "esc" else (key, words) for key, words in items)

    @on(TargetClicked)
    def _on_target_clicked(self, message: TargetClicked) -> None:
        plan = self.flight
        if plan is not None and message.kind == plan.kind:
            if message.target in plan.ships:
                plan.select(plan.ships.index(message.target))
            elif message.target == plan.cursor:
                self._fly()
                return
            elif message.target in plan.routes:
                plan.cursor = message.target
            self._show_flight()
            self._refresh_actions()
            return
        if self.target is not None:
            if message.kind == self.target.target_kind and message.target in self.target.targets():
                self.cursor = message.target
                self._show_highlight()
                self.action_confirm()
            return
        for cmd in self.cmds:
            kind_ok = cmd.mode == "target" and cmd.target_kind == message.kind
            if kind_ok and message.target in cmd.targets():
                self._begin_target(cmd)
                self.cursor = message.target
                self._show_highlight()
                return

    # -- dialogs ------------------------------------------------------------------
    def _push(self, dialog: Any, callback: Callable[[Any], None]) -> None:
        self.dialog_open = True
        self._refresh_keys()
        if isinstance(dialog, ChoiceDialog) and dialog.chooses_actions() and self._forced():
            dialog.back_word = "later"  # as Esc on the map says (`action_later`)
        if isinstance(dialog, HintTaker):
            dialog.offers_hint = dialog.chooses_actions() and self.check_action("hint", ()) is True
            hinted = self._hint_now()
            if hinted is not None:
                dialog.hinted = hinted.plan  # the pop-up opens on the hint

        def done(result: Any) -> None:
            self.dialog_open = False
            self._refresh_keys()
            callback(result)
            self._next_popup()

        self.app.push_screen(dialog, done)

    def _hand(self) -> dict[str, int]:
        me = (self.view or {}).get("me") or {}
        hand = me.get("hand") or {}
        return {k: int(v) for k, v in hand.items() if isinstance(v, int)}

    def _open_dialog(self, cmd: choices.Command) -> None:
        view = self.view or {}
        title = cmd.label
        body: str | Text = ""
        options: list[tuple[str | Text, Any]] = []
        cancellable = True
        keys: list[str | None] = []
        make = self.face.dialog(cmd.dialog)
        if make is not None:  # the ruleset's own dialog (tui/faces)
            self._push(make(view, cmd.actions, self.names), self._send_soon)
            return
        if cmd.dialog == "development":
            for a in cmd.actions:
                label = CARD_LABELS.get(a["type"])
                if a["type"] == "play_monopoly":
                    label = f"Monopoly: take every {a['resource']}"
                elif a["type"] == "play_knight" and "pirate" in view:  # Fleet: either piece
                    label = "Knight: move the robber or the pirate, and steal"
                options.append((label or choices.describe(a), a))
        elif cmd.dialog == "maritime":
            self._open_bank_trade(cmd)
            return
        elif cmd.dialog == "discard" and view.get("phase") == "encounter_choice":
            self._open_payment(cmd)
            return
        elif cmd.dialog == "discard":
            self._open_discard(cmd)
            return
        elif cmd.dialog == "steal":
            players = view.get("players") or []
            for a in cmd.actions:
                v = a["victim"]
                cards = players[v].get("resource_count", "?") if v < len(players) else "?"
                plural = "s" * (cards != 1)
                options.append((f"{self.names[v]} ({cards} card{plural})", a))
            title = "Steal a card from"
            cancellable = False
        elif cmd.dialog == "take":
            options = [(f"1 {a['resource']}", a) for a in cmd.actions]
            left = view.get("yop_left")  # two to take (one, from a bank of one): which this is
            which = (
                {2: " (1 of 2)", 1: " (the last)"}.get(left, "") if isinstance(left, int) else ""
            )
            title = f"Year of Plenty: take a resource{which}"
            cancellable = False
        elif cmd.dialog == "confirm":
            trade = view.get("trade") or {}
            answers = trade.get("answers") or {}
            for a in cmd.actions:
                if a["type"] == "confirm_trade":
                    ans = answers.get(str(a["seat"])) or answers.get(a["seat"]) or {}
                    options.append(
                        (
                            f"{self.names[a['seat']]}: you give {bundle(ans.get('give'))}, "
                            f"get {bundle(ans.get('get'))}",
                            a,
                        )
                    )
                else:
                    options.append(("Withdraw the offer", a))
            title = "Confirm a trade"
            cancellable = True
            keys = ["x" if a["type"] == "cancel_trade" else None for a in cmd.actions]
        elif cmd.dialog == "encounter":
            from tui.screens.dialogs.encounter import EncounterDialog, receiver_of

            encounter = view.get("encounter") or {}
            receiver = receiver_of(view, self.names)
            self._push(EncounterDialog(encounter, cmd.actions, receiver), self._send_soon)
            return
        elif cmd.dialog == "friendship":
            from tui.screens.dialogs.friendship import FriendshipDialog

            self._push(FriendshipDialog(cmd.actions), self._send_soon)
            return
        else:
            options = [(choices.describe(a, self.names), a) for a in cmd.actions]
            # each its digit, as in the other choices (Starfarers' upgrades had none)
            keys = [str(i + 1) if i < 9 else None for i in range(len(options))]
            body = self._situation(view)
            if len(cmd.types) == 1:
                title = choices.DIALOG_TITLES.get(cmd.types[0], title)
        dialog = ChoiceDialog(title, options, body, cancellable=cancellable, keys=keys)
        self._push(dialog, self._send_soon)

    def _send_in_turn(self, actions: list[dict[str, Any]]) -> None:
        """Several actions chosen at once (discards), sent one by one as the table takes each."""
        if actions:
            self.flight_route = list(actions)
            self._next_route_step()

    def _open_discard(self, cmd: choices.Command) -> None:
        view = self.view or {}
        seat = view.get("seat")
        owed = 0
        if isinstance(seat, int):
            owed = int((view.get("players") or [{}])[seat].get("discard_owed", 0) or 0)
        by_resource = {a["resource"]: a for a in cmd.actions}
        owed = owed or 1

        def chosen(cards: list[str] | None) -> None:
            self._send_in_turn([by_resource[r] for r in cards or [] if r in by_resource])

        self._push(DiscardDialog(owed, self._hand(), list(by_resource)), chosen)

    def _open_payment(self, cmd: choices.Command) -> None:
        """Cards an encounter asks for ("offer the pilgrims 2 cards"): all chosen, then sent."""
        from tui.screens.dialogs.encounter import payment_words, receiver_of

        view = self.view or {}
        receiver = receiver_of(view, self.names)
        heading, prompt = payment_words(view)  # what the cards are for, in the card's terms
        # Where they go, as the guide promises: a seat (the Plague ship's), else the supply.
        where = receiver or "back to the supply"
        prompt += f" The cards go {'to ' if receiver else ''}{where}."
        hand = self._hand()
        owed = int((view.get("state") or {}).get("enc_count") or 0)
        owed = max(1, min(owed, sum(hand.values())))
        by_resource = {a["resource"]: a for a in cmd.actions}

        def chosen(cards: list[str] | None) -> None:
            self._send_in_turn([by_resource[r] for r in cards or [] if r in by_resource])

        dialog = DiscardDialog(
            owed,
            hand,
            list(by_resource),
            verb="Give",
            heading=heading,
            prompt=prompt,
        )
        self._push(dialog, chosen)

    def _open_bank_trade(self, cmd: choices.Command) -> None:
        """Two choices of one key each: what to give, then what to get, each card kind keeping
        its digit in both lists, in the hand's order (seen: 3 was carbon among the gives and
        food among the gets, where carbon, given, was left out)."""
        rates = best_rates(self.view or {})
        hand = self._hand()
        gives = list(dict.fromkeys(a["give"] for a in cmd.actions))
        order = list(hand)

        def digit(resource: str) -> str | None:
            n = order.index(resource) + 1 if resource in order else 0
            return str(n) if 0 < n < 10 else None

        bank, better, source = self.face.bank_word, self.face.better_rate, self.face.rate_source
        view = self.view or {}

        def give_label(resource: str) -> str:
            rate = rates.get(resource, 4)
            why = source(view, resource, rate) if source is not None else better
            where = f" ({why})" if why and rate < 4 else ""
            return f"Give {rate} {resource}{where} · you have {hand.get(resource, 0)}"

        def pick_get(give: str | None) -> None:
            if give is None:
                return
            offers = [a for a in cmd.actions if a["give"] == give]
            rate = rates.get(give, 4)
            options: list[tuple[str | Text, Any]] = [(f"Get 1 {a['get']}", a) for a in offers]
            keys: list[str | None] = [digit(a["get"]) for a in offers]
            title = f"{bank}: {rate} {give} for which?"
            self._push(ChoiceDialog(title, options, keys=keys), self._send_soon)

        if len(gives) == 1:
            pick_get(gives[0])
            return
        options: list[tuple[str | Text, Any]] = [(give_label(g), g) for g in gives]
        keys: list[str | None] = [digit(g) for g in gives]
        dialog = ChoiceDialog(f"{bank}: give which?", options, keys=keys, hint_value=_give)
        self._push(dialog, pick_get)

    def _situation(self, view: dict[str, Any]) -> str | Text:
        """What a generic dialog should say about the pending decision (Starfarers...)."""
        from tui.narrate_starfarers import encounter_step
        from tui.screens.dialogs.encounter import encounter_situation

        card = (view.get("encounter") or {}).get("card")
        if isinstance(card, dict) and card.get("name"):
            # The encounter that asks (seen in play: "Lose an upgrade" opened on a bot's
            # turn with no word of the Ion storm behind it)
            told = encounter_situation(card, str((view.get("encounter") or {}).get("need")))
            step = encounter_step(view)  # what led here: "You lost the contest: you lose..."
            return told if step is None else f"{told} {step.words()}"
        for key in ("encounter", "prompt", "pending", "shake"):
            value = view.get(key)
            if isinstance(value, str):
                return value
            if isinstance(value, dict):
                text = value.get("prompt") or value.get("text") or value.get("title")
                if isinstance(text, str):
                    return text
        return ""

    def _offer_heard(self) -> bool:
        """True if the bot offering now already had an offer put to this person this turn.

        Records the offer otherwise: at most one unasked offer per bot per turn pops up. A
        person's offers always do (over SSH: offer, hear a counter, withdraw, offer again;
        the second offer was declined unseen, and both logs blamed the other person).
        """
        view = self.view or {}
        trade = view.get("trade") or {}
        offerer = trade.get("offerer")
        kinds = self.kinds
        if isinstance(offerer, int) and 0 <= offerer < len(kinds) and kinds[offerer] == "human":
            return False
        key = (view.get("turn"), offerer)
        if key in self.offers_heard:
            return True
        self.offers_heard.add(key)
        return False

    def _open_answer(self) -> None:
        view = self.view or {}
        trade = view.get("trade") or {}
        offerer = trade.get("offerer", 0)
        body = (
            f"{self.names[offerer]} gives {bundle(trade.get('give'))} "
            f"and wants {bundle(trade.get('get'))}.\nYour hand: {bundle(self._hand())}"
        )
        options: list[tuple[str | Text, Any]] = []
        keys: list[str | None] = []
        for a in self.legal:
            if a["type"] == "accept_trade":
                options.append(("Accept", a))
                keys.append("a")
        options.append(("Counter-offer…", "counter"))
        keys.append("o")
        options.append(("Decline", {"type": "decline_trade"}))
        keys.append("n")

        def chosen(result: Any) -> None:
            if result == "counter":
                self._open_trade("counter")
            else:
                self._send_soon(result)

        dialog = ChoiceDialog("A trade offer", options, body, keys=keys, hint_value=_countered)
        dialog.settle = self.OFFER_SETTLE  # it came unasked: keys typed a moment ago are not for it
        self._push(dialog, chosen)

    def _open_trade(self, which: str, again: dict[str, Any] | None = None) -> None:
        """The offer (or counter-offer) form; `again`: the terms of one being made, back from
        the question that followed it."""
        hand = self._hand()
        if not hand:
            return
        view = self.view or {}
        hinted = self._hint_now()  # a hinted offer fills the form in
        terms = hinted.action if hinted and hinted.action.get("type") == f"{which}_trade" else {}
        # ...and says so: a hint asked for in the bank's pop-up filled in a later offer meant
        # for other cards, unannounced (seen in play)
        from_hint = bool(terms) and again is None
        terms = again if again is not None else terms
        if which == "counter":
            trade = view.get("trade") or {}
            offerer = trade.get("offerer")
            dialog = TradeDialog(
                "Counter-offer: what you give and get",
                hand,
                give=terms.get("give", trade.get("get")),
                get=terms.get("get", trade.get("give")),
                note=TradeDialog.FROM_HINT if from_hint else "",
                most_get=self._holding([offerer] if isinstance(offerer, int) else []),
            )

            def countered(result: dict[str, Any] | None) -> None:
                if result is None:
                    return
                self._send_soon({"type": "counter_trade", **result})

            self._push(dialog, countered)
            return
        limit = view.get("trade_limit")
        made = view.get("offers_this_turn")
        note = f"Offers this turn: {made}/{limit}" if limit is not None else ""
        if from_hint:
            note = f"{note} · {TradeDialog.FROM_HINT}" if note else TradeDialog.FROM_HINT
        me = view.get("seat")
        others = [i for i in range(len(view.get("players") or [])) if i != me]
        dialog = TradeDialog(
            "Offer a trade: what you give and get",  # to whom is asked next
            hand,
            give=terms.get("give"),
            get=terms.get("get"),
            note=note,
            most_get=self._holding(others),
        )

        def offered(result: dict[str, Any] | None) -> None:
            if result is None:
                return
            self._ask_recipients(result)

        self._push(dialog, offered)

    def _holding(self, seats: list[int]) -> tuple[int, str] | None:
        """The most cards any of `seats` holds (public), worded for the trade dialog."""
        players = (self.view or {}).get("players") or []
        counts = [
            (int(players[s].get("resource_count", 0)), s) for s in seats if 0 <= s < len(players)
        ]
        if not counts:
            return None
        most, seat = max(counts)
        if len(counts) == 1:
            name = self.names[seat] if seat < len(self.names) else f"Seat {seat + 1}"
            return most, f"{name} holds"
        return most, "No one holds more than"

    def _ask_recipients(self, terms: dict[str, Any]) -> None:
        """Who hears the offer: Enter for everyone, or a digit for one seat."""
        view = self.view or {}
        me = view.get("seat")
        players = view.get("players") or []
        others = [i for i in range(len(players)) if i != me and i < len(self.names)]
        if len(others) < 2:
            self._send_soon({"type": "offer_trade", **terms, "to": []})
            return
        options: list[tuple[str | Text, Any]] = [("Everyone", [])]
        for i in others:
            cards = players[i].get("resource_count", "?")
            options.append((f"{self.names[i]} only ({cards} card{'s' * (cards != 1)})", [i]))
        keys: list[str | None] = ["0", *[str(n + 1) for n in range(len(others))]]
        body = f"You give {bundle(terms.get('give'))} and get {bundle(terms.get('get'))}."

        def chosen(to: list[int] | None) -> None:
            if to is not None:
                self._send_soon({"type": "offer_trade", **terms, "to": to})
            else:  # Esc: back to the offer as it was made (it threw the offer away)
                self._open_trade("offer", terms)

        self._push(ChoiceDialog("Offer to whom?", options, body, keys=keys), chosen)

    def show_over(self, msg: dict[str, Any]) -> None:
        self.over = msg
        self.legal = []
        self.cmds = []
        self._end_target()
        self._refresh_actions()
        self._refresh_keys()
        me = (self.view or {}).get("seat")

        def closed(choice: Any) -> None:
            if choice == "rematch" and self.on_rematch is not None:
                self.on_rematch()
                return
            if choice == "replay" and self.on_replay is not None:
                self.on_replay()
                return
            self._leave_now()

        rematch = self.on_rematch is not None
        dialog = GameOverDialog(
            msg, self.names, me, self.view, rematch=rematch, replay=self.on_replay is not None
        )
        self._push(dialog, closed)

    # -- other keys ------------------------------------------------------------------
    def action_rules(self) -> None:
        from tui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.face.name, self.vp_to_win()))

    def vp_to_win(self) -> int | None:
        """The points this game is played to, from the view (None before the first view)."""
        target = (self.view or {}).get("vp_to_win")
        return target if isinstance(target, int) else None

    def action_costs(self) -> None:
        """The building-costs card, over the game (no decision pops up while it is open)."""
        from tui.screens.dialogs.costs import CostsDialog

        self._push(CostsDialog(self.face.name), lambda _: None)

    def action_save_as(self) -> None:
        if self.on_save is None:
            return
        save = self.on_save

        def named(name: str | None) -> None:
            if not name:
                return
            try:
                where = save(name)
            except Exception as exc:  # the name is offered again, to be changed
                self.notify(f"Could not save: {exc}", severity="error")
                self._push(SaveAsDialog(name), named)
                return
            self.saved_name = name
            # The file's name on a line of its own: a toast wrapped the whole path mid-name
            # (".jso" / "n", seen in play)
            path = Path(where)
            self.notify(f"Saved as {path.name}\nin {path.parent}", title="Saved")

        offered = self.saved_name or (self.save_name() if self.save_name else "my-game")
        self._push(SaveAsDialog(offered), named)

    def action_rolls(self) -> None:
        """F4: every roll so far, a count per total against fair dice."""
        self._push(self.rolls_dialog(), lambda _: None)

    def rolls_dialog(self) -> ModalScreen[None]:
        """The rolls so far, for F4 here or over a pop-up on the game (the app's)."""
        from tui.screens.dialogs.rolls import RollsDialog

        return RollsDialog(
            self.book.dice,
            self.names,
            self.ascii,
            self.face.extra_die,
            self.query_one(DicePanel).me,
        )

    def action_whole_log(self) -> None:
        """F6: the whole log on the whole screen (at 80x24 its pane shows four lines)."""
        from tui.screens.dialogs.whole_log import WholeLogDialog

        self._push(WholeLogDialog(self.query_one(EventLog).entries), lambda _: None)

    def action_log_page(self, pages: int) -> None:
        """PageUp / PageDown scroll the log by a page."""
        self.query_one(EventLog).scroll_page(pages)

    def action_log_end(self) -> None:
        self.query_one(EventLog).scroll_end(animate=False)

    def action_speed(self) -> None:
        if self.on_speed is None:
            return
        i = SPEED_ORDER.index(self.speed) if self.speed in SPEED_ORDER else 0
        self.speed = SPEED_ORDER[(i + 1) % len(SPEED_ORDER)]
        self.on_speed(self.speed)
        after = SPEED_ORDER[(i + 2) % len(SPEED_ORDER)]
        self.notify(f"Bot speed: {self.speed} (F2 again: {after})")

    def action_leave(self) -> None:
        """q: ask first; a finished game leaves without asking."""
        if self.over is not None:
            self._leave_now()
            return
        kept = "It is saved: Continue in the menu brings you back." if self.on_save else ""
        options: list[tuple[str | Text, Any]] = [
            ("Leave the game", True),
            ("Keep playing", None),
        ]

        def answered(leave: Any) -> None:
            if leave:
                self._leave_now()

        self._push(ChoiceDialog("Leave this game?", options, kept, keys=["y", "n"]), answered)

    def _leave_now(self) -> None:
        self.leaving = True
        if self.on_leave is not None:
            self.on_leave()
        else:
            self.dismiss(None)
