"""Equipment: development cards, army and road (base); boosters, cannons, freight pods,
friendship cards and medals (Starfarers). Each ruleset's face lists the sections it shows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from tui.faces import PANEL_WIDTH, face_or_default
from tui.widgets.fit import refresh_fitting, text_rows

CARD_NAMES = {
    "knight": "Knight",
    "victory_point": "Victory Point",
    "road_building": "Road Building",
    "year_of_plenty": "Year of Plenty",
    "monopoly": "Monopoly",
}
STARFARERS_KEYS = {
    "boosters": "Boosters",
    "cannons": "Cannons",
    "pods": "Freight pods",
    "freight_pods": "Freight pods",
    "friendship_cards": "Friendship cards",
    "medals": "Fame medals",
    "half_medals": "Half medals",
    "ships": "Ships",
    "trade_ship_tokens": "Trade ship tokens",
}
# Counts that mean nothing at zero: their line appears only when there is something to say.
_SHOWN_WHEN_SET = frozenset({"trade_ship_tokens"})


def _cards(d: dict[str, Any]) -> str:
    """Development cards by name, a count after a card held more than once ("Knight x2,
    Monopoly"; it read "2 Victory Point, 1 Monopoly"), as C&K's progress cards are listed."""
    names = [CARD_NAMES.get(k, k) + (f" x{n}" if n > 1 else "") for k, n in d.items() if n]
    return ", ".join(names) or "none"


def _value(v: Any) -> str:
    if isinstance(v, list):
        return (
            ", ".join(str(x.get("name", x)) if isinstance(x, dict) else str(x) for x in v) or "none"
        )
    if isinstance(v, dict):
        return ", ".join(f"{k} {n}" for k, n in v.items()) or "none"
    return str(v)


def _friends(cards: dict[str, Any]) -> str:
    """Friendship cards by name, each with its effect, one per line."""
    from tui.narrate_starfarers import friendship_words

    names = [friendship_words(k) + (f" x{n}" if n > 1 else "") for k, n in cards.items() if n]
    return "\n".join(["", *(f"  {w}" for w in names)]) + "\n" if names else "none\n"


def _meaning(key: str, value: Any, player: dict[str, Any]) -> str:
    """What a Starfarers upgrade count means in play: speed, combat strength, freight."""
    if not isinstance(value, int):
        return ""
    cards = player.get("friendship_cards") or {}
    if key == "boosters":
        science = cards.get("scientists_dual", 0) + 2 * cards.get("scientists_boost", 0)
        return f" (speed +{value + science})"
    if key == "cannons":
        science = cards.get("scientists_dual", 0) + 2 * cards.get("scientists_cannon", 0)
        return f" (combat strength {value + science})"
    if key == "pods":
        if not value:
            return " (cannot dock)"
        # short enough for one line at 120x40, a scrollbar or not (it wrapped there, and the
        # side column ran a row over): a station needs more pods than the outpost has
        # stations
        if value == 1:
            return " (docks at empty outposts)"
        return f" (docks if < {value} stations)"
    if key == "trade_ship_tokens":  # the log's word ("You got a trade ship token")
        return " (free trade ships, placed at a spaceport once one has room)"
    return ""


class EquipmentPanel(Widget):
    DEFAULT_CSS = """
    EquipmentPanel { height: auto; border: round $secondary; padding: 0 1; }
    """

    view: reactive[dict[str, Any] | None] = reactive(None, always_update=True, repaint=False)

    def watch_view(self) -> None:
        refresh_fitting(self)

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.border_title = "Equipment"

    def render(self) -> Text:
        return self._text(self.content_size.width or PANEL_WIDTH)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many lines as the sections take when told `width`: the layout asks before the
        panel has that width (seen at 120x40 in Fleet: sections laid out for the wider column
        wrapped in the narrower one, and the box kept an empty last row)."""
        return text_rows(self, self._text(width or PANEL_WIDTH), width)

    def _text(self, width: int) -> Text:
        view = self.view or {}
        text = Text()
        face = face_or_default(view.get("ruleset"))
        self.border_title = face.equipment_title
        for section in face.equipment():
            text.append_text(section(view, width))
        text.rstrip()  # no empty last line in the box
        return text


def _mine(view: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The seat's private part of the view, and its public line among the players."""
    seat = view.get("seat")
    players = view.get("players") or []
    mine = players[seat] if isinstance(seat, int) and seat < len(players) else {}
    return view.get("me") or {}, mine


def development_section(view: Mapping[str, Any], width: int = PANEL_WIDTH) -> Text:
    """Base: the seat's development cards, its army and its longest road."""
    me, mine = _mine(view)
    text = Text()
    if "development" in me:
        text.append("Cards: ", style="bold")
        text.append(_cards(me["development"]) + "\n")
        new = me.get("development_new") or {}
        if any(new.values()):
            text.append("New (next turn): ", style="bold")
            text.append(_cards(new) + "\n")
    lines = []
    if "knights" in mine:
        army = " (Largest Army)" if mine.get("largest_army") else ""
        knights = int(mine["knights"])
        lines.append(f"Army: {knights} knight{'s' * (knights != 1)}{army}")
    if "road_length" in mine:
        road = " (Longest Road)" if mine.get("longest_road") else ""
        lines.append(f"Road: {mine['road_length']} long{road}")
    joined = " · ".join(lines)
    if len(lines) == 2 and len(joined) <= width:  # a row fewer (Fleet's side column at 120x40)
        lines = [joined]
    text.append("".join(line + "\n" for line in lines))
    return text


def mothership_section(view: Mapping[str, Any], width: int = PANEL_WIDTH) -> Text:
    """Starfarers: the mothership's upgrades, friendship cards, medals, ships and tokens."""
    me, mine = _mine(view)
    text = Text()
    shown: set[str] = set()
    for source in (me, mine):
        for key, label in STARFARERS_KEYS.items():
            if key in source and label not in shown:
                shown.add(label)
                value = source[key]
                if key in _SHOWN_WHEN_SET and not value:
                    continue
                if key == "ships" and isinstance(value, list):
                    value = len(value)
                if key == "half_medals" and "medals" in source:
                    continue  # on the medals' line
                if key == "medals" and isinstance(source.get("half_medals"), int):
                    # one line for both (seen at 120x40: the Trade panel's last row scrolled
                    # away for want of the row the half medals took)
                    halves = source["half_medals"]
                    if halves:
                        value = f"{value} + {halves} {'half' if halves == 1 else 'halves'}"
                text.append(f"{label}: ", style="bold")
                if key == "friendship_cards" and isinstance(value, dict):
                    text.append(_friends(value))
                    continue
                text.append(_value(value) + _meaning(key, value, source) + "\n")
    return text


def deck_section(view: Mapping[str, Any], width: int = PANEL_WIDTH) -> Text:
    """Base: how many development cards are left to buy."""
    text = Text()
    if "development_deck" in view:
        left = int(view["development_deck"])
        text.append(f"Deck: {left} card{'s' * (left != 1)} left", style="dim")
    return text
