"""A hint in words: the adviser's action as the command a person would use, and how.

Pure (no Textual). `hint_line` finds the command holding the hinted action and
says it the way the actions box does: its label, the option's words for a
choice made in a pop-up ("Trade with the bank: wool for ore — press m"), and
its key. A spot on the map is not worded: the screen puts the cursor on it
(`here`), and the actions box describes the spot under the cursor. A choice
with no words here (a Starfarers encounter's answers) is left to its pop-up,
where ? highlights it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tui import choices
from tui.narrate import bundle

Action = dict[str, Any]


@dataclass(frozen=True)
class Hint:
    """What the table's adviser said for the position at revision `rev`: `plan`'s first
    action, then the rest of the same decision if planned (a discard's other cards)."""

    rev: int
    plan: list[Action]
    words: str

    @property
    def action(self) -> Action:
        return self.plan[0]


def cards_of(plan: Sequence[Action]) -> dict[str, int]:
    """The cards a planned discard gives up, by resource."""
    return dict(Counter(str(a.get("resource")) for a in plan if a.get("type") == "discard"))


_DEVELOPMENT = {
    "play_knight": "Knight",
    "play_road_building": "Road Building",
    "play_year_of_plenty": "Year of Plenty",
}


def _press(cmd: choices.Command) -> str:
    return f" — press {cmd.key}" if cmd.key else ""


def _seat(action: Action, field: str, names: Sequence[str]) -> str | None:
    seat = action.get(field)
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else None


def detail(action: Action, names: Sequence[str]) -> str | None:
    """One option of a pop-up in words ("wool for ore", "from Blue", "Merchant"); None
    where only the pop-up has them."""
    kind = str(action.get("type"))
    if kind == "maritime_trade":
        return f"{action.get('give')} for {action.get('get')}"
    if kind in ("offer_trade", "counter_trade"):
        return f"give {bundle(action.get('give'))}, get {bundle(action.get('get'))}"
    if kind == "steal" and (victim := _seat(action, "victim", names)):
        return f"from {victim}"
    if kind == "confirm_trade" and (seat := _seat(action, "seat", names)):
        return f"with {seat}"
    if kind == "play_progress":
        return str(action.get("card")).replace("_", " ").capitalize()
    if kind == "take_friendship":  # as the pop-up lists it (seen: "green folk fuel")
        from tui.narrate_starfarers import friendship_words

        return friendship_words(str(action.get("card")))
    if kind == "play_monopoly":
        return f"Monopoly on {action.get('resource')}"
    if kind == "set_dice":  # C&K's Alchemist: the dice the pop-up is opened on
        return f"red {action.get('red')}, yellow {action.get('yellow')}"
    if kind in _DEVELOPMENT:
        return _DEVELOPMENT[kind]
    said = choices.say(action)
    if said is not None:
        return said
    fields = set(action) - {"type"}  # a lone resource, seat or card, as the pop-up lists it
    if fields == {"resource"}:
        return f"1 {action['resource']}"
    if fields == {"seat"}:
        return _seat(action, "seat", names)
    if fields == {"card"}:
        return str(action["card"]).replace("_", " ")
    return None


SHOWS_WHERE = " — ? shows where"
"""Ends a hint for a spot on the map: `?` again puts the cursor there."""


def hint_line(
    action: Action,
    cmds: Sequence[choices.Command],
    names: Sequence[str],
    then: Sequence[Action] = (),
) -> tuple[choices.Command | None, str]:
    """(the command holding `action`, if any; the hint in words, with `then`: the rest of
    the same decision)."""
    cmd = next((c for c in cmds if action in c.actions), None)
    if cmd is None:  # an open-ended offer: not a listed action, made in the trade form
        if action.get("type") in ("offer_trade", "counter_trade"):
            form = next((c for c in cmds if c.mode == "free"), None)
            press = _press(form) if form is not None else ""
            return form, f"Offer a trade: {detail(action, names)}{press}"
        return None, choices.describe(action, names)
    if cmd.mode == "target":  # the screen puts the cursor on the spot (`here`)
        return cmd, f"{cmd.label}{SHOWS_WHERE}"
    if cmd.mode == "direct":  # a lone option keeps its own words ("Build a freight pod...")
        return cmd, f"{choices.say(action) or cmd.label}{_press(cmd)}"
    if cmd.mode == "flight":  # a move's plan is chosen on the map, step by step
        return cmd, f"{cmd.label}{_press(cmd)}"
    words = detail(action, names)
    if then and action.get("type") == "discard":  # the whole discard, as the pop-up takes it
        words = bundle(cards_of([action, *then]))
    if words is None:
        return cmd, f"{cmd.label}{_press(cmd)}, then ? in it"
    return cmd, f"{cmd.label}: {words}{_press(cmd)}"


def here(cmd: choices.Command) -> str:
    """The hint while the cursor is on its spot: "build a settlement here"."""
    return f"{cmd.label[:1].lower()}{cmd.label[1:]} here"
