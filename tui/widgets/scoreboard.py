"""The scoreboard: every seat's public standing, whose turn it is (▶) and, when another
seat must act now (an answer to an offer, a discard), that seat (?)."""

from __future__ import annotations

import re
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from tui.faces import face_or_default
from tui.widgets.fit import refresh_fitting
from tui.widgets.style import seat_style

PIECES = {
    "settlements_left": ("S", 5),
    "cities_left": ("C", 4),
    "roads_left": ("R", 15),
}


def _vp(player: dict[str, Any]) -> Any:
    for key in ("public_vp", "vp", "victory_points"):
        if key in player:
            return player[key]
    return "?"


def _cards(player: dict[str, Any]) -> Any:
    for key in ("resource_count", "cards", "hand_count"):
        if key in player:
            return player[key]
    return "?"


def _pieces(player: dict[str, Any]) -> str:
    """Pieces on the board, from what is left (the hex games; a face may say it otherwise)."""
    parts = []
    for key, (short, total) in PIECES.items():
        if key in player and isinstance(player[key], int):
            parts.append(f"{total - player[key]}{short}")
    return " ".join(parts)


def _badge_width(player: dict[str, Any]) -> int:
    """Columns the seat's " LR" and " LA" take beside its name."""
    return 3 * bool(player.get("longest_road")) + 3 * bool(player.get("largest_army"))


def _initials(pieces: str) -> str:
    """Each count with its kind's first letter ("2col 3port" as "2c 3p"), where words do not fit."""
    return re.sub(r"(\d+)([A-Za-z])[A-Za-z]*", r"\1\2", pieces)


class Scoreboard(Widget):
    DEFAULT_CSS = """
    Scoreboard { height: auto; border: round $primary; padding: 0 1; }
    """

    view: reactive[dict[str, Any] | None] = reactive(None, always_update=True, repaint=False)
    thinking: reactive[int | None] = reactive(None)
    """The seat that must act now (the view's `to_act`)."""
    turn: reactive[int | None] = reactive(None)
    """The seat whose turn it is (the view's `current`): marked ▶. Another seat that must act
    during it (answering an offer, discarding) is marked ? (it once moved the ▶ there: during
    Bot 3's turn, alice answering its offer read "▶ You")."""
    pondering = True
    away: frozenset[int] = frozenset()
    """Seats whose person has left the table (SSH): marked "away", never "…" (thinking)."""
    stand_ins: frozenset[int] = frozenset()
    """People's seats a bot plays for now (SSH): marked "bot"."""
    """The seat to move is deciding now ("Blue …"); a replay only marks whose move it is."""

    def watch_view(self) -> None:
        refresh_fitting(self)

    def __init__(self, names: list[str], kinds: list[str] | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        self.names = names
        self.kinds = kinds or []
        self.border_title = "Scores"

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """A header and one unwrapped row per seat (measuring a Rich table renders it)."""
        return 1 + len((self.view or {}).get("players", []))

    def _label_width(self, seat: int, me: Any, player: dict[str, Any], fit: int) -> int:
        """The widest the seat's label gets: name, "(you)" or the bot's kind, badges, the
        thinking mark (the kind once went uncounted: the Pieces column was cut at 120x40)."""
        badges = _badge_width(player) + 3 * (seat in self.away) + 4 * (seat in self.stand_ins)
        label = self._seat_label(seat, me, fit - badges)
        kind = self._kind_shown(seat, label)
        return len(label) + (len(kind) + 1 if kind else 0) + badges + 2

    def _kind_shown(self, seat: int, label: str) -> str:
        """The bot's kind shown beside another seat's name where the panel is wide, or ""."""
        if label.endswith(" (you)") or seat >= len(self.kinds) or self.kinds[seat] == "human":
            return ""
        return self.kinds[seat] if self.size.width > 50 else ""

    def _seat_label(self, seat: int, me: Any, fit: int) -> str:
        """The seat's name; one's own with "(you)", or just "You" where that would be cut
        (a long SSH user name at 80 columns: "alice (y…")."""
        name = self.names[seat] if seat < len(self.names) else f"Seat {seat}"
        if seat != me:
            return name
        return f"{name} (you)" if len(name) + 6 <= fit else "You"

    def _mark(self, seat: int) -> Text:
        """▶ for the turn's seat; ? for another seat that must act now."""
        turn = self.thinking if self.turn is None else self.turn
        if seat == turn:
            return Text("▶", style="bold")
        if seat == self.thinking:
            return Text("?", style="bold yellow")
        return Text(" ", style="bold")

    def render(self) -> Table:
        view = self.view or {}
        me = view.get("seat")
        table = Table(box=None, padding=(0, 1), expand=True, show_edge=False)
        table.add_column("", width=1)
        players = view.get("players", [])
        has_dev = any("development_count" in p for p in players)  # cards held beside the hand
        shown_face = face_or_default(view.get("ruleset"))
        dev = shown_face.hand_dev_label  # "Dev"; C&K's progress cards
        # what the other columns leave the seat's name: a space each side of every column
        # (the mark 1, VP 2, Cards 5, the cards beside the hand, the name's own two)
        fit = self.size.width - (3 + 4 + 7 + (len(dev) + 2 if has_dev else 0) + 2)
        # never cut a name ("Whi…"): as wide as the longest name with its marks
        longest = max([8, *(self._label_width(p.get("seat", 0), me, p, fit) for p in players)])
        # the pieces in what whole names leave (a space each side of a column), cut if need be
        room = self.size.width - (3 + (longest + 2) + 4 + 7 + (len(dev) + 2 if has_dev else 0) + 1)
        wide = self.size.width >= 40 and room >= 6
        table.add_column("Seat", no_wrap=True, min_width=longest, ratio=1)
        table.add_column("VP", justify="right")
        table.add_column("Cards", justify="right")
        if has_dev:
            table.add_column(dev, justify="right")
        shown: list[str] = []  # each seat's pieces, when there is room for them
        if wide:
            table.add_column("Pieces", no_wrap=True, min_width=6)
            pieces = shown_face.pieces
            shown = [pieces(view, p.get("seat", 0)) if pieces else _pieces(p) for p in players]
            if any(len(line) > room for line in shown):  # "2col 3port 1stn" as "2c 3p 1s"
                shown = [_initials(line) for line in shown]
            if any(len(line) > room for line in shown):  # then "1S2C9R": cut, it read "1S 2C…"
                shown = [line.replace(" ", "") for line in shown]
        for row_no, p in enumerate(players):
            seat = p.get("seat", 0)
            label = self._seat_label(seat, me, fit - _badge_width(p))
            who = Text(label.removesuffix(" (you)"), style=seat_style(seat))
            if label.endswith(" (you)"):
                who.append(" (you)")
            elif kind := self._kind_shown(seat, label):
                who.append(f" {kind}", style="dim")
            badges = []
            if p.get("longest_road"):
                badges.append("LR")
            if p.get("largest_army"):
                badges.append("LA")
            if badges:
                who.append(" " + " ".join(badges), style="bold yellow")
            mark = self._mark(seat)
            if seat in self.stand_ins:
                who.append(" bot", style="dim")
            if seat in self.away:
                who.append(" away", style="dim")
            elif self.thinking == seat and seat != me and self.pondering:
                who.append(" …", style="italic")
            row: list[RenderableType] = [mark, who, str(_vp(p)), str(_cards(p))]
            if has_dev:
                row.append(str(p.get("development_count", "")))
            if wide:
                line = shown[row_no]
                row.append(line if len(line) <= room else line[: room - 1] + "…")
            table.add_row(*row)
        return table
