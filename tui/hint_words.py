"""A hint in words: the adviser's action as the command a person would use, and how.

Pure (no Textual). `hint_line` finds the command holding the hinted action and
says it the way the actions box does: its label, its key, and for a choice in
a dialog the option's words ("Trade with the bank (m): ore for brick"). A spot on
the map is not worded: the screen puts the cursor on it (`here`), and the
actions box describes the spot under the cursor.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tui import choices
from tui.narrate import bundle

Action = dict[str, Any]


def _key(cmd: choices.Command) -> str:
    return f" ({cmd.key})" if cmd.key else ""


def _card_words(name: Any) -> str:
    return str(name).replace("_", " ")


def detail(action: Action, names: Sequence[str]) -> str:
    """One option of a dialog in words: "ore for brick", "from Blue", "Merchant"."""
    kind = action.get("type")
    if kind == "maritime_trade":
        return f"{action.get('give')} for {action.get('get')}"
    if kind in ("offer_trade", "counter_trade"):
        return f"give {bundle(action.get('give'))}, get {bundle(action.get('get'))}"
    victim = action.get("victim")
    if kind == "steal" and isinstance(victim, int) and 0 <= victim < len(names):
        return f"from {names[victim]}"
    if kind == "discard":
        cards = action.get("cards")
        return bundle(cards) if isinstance(cards, dict) else f"1 {action.get('resource', 'card')}"
    if kind == "play_progress":
        return _card_words(action.get("card")).capitalize()
    if kind == "play_monopoly":
        return f"Monopoly on {action.get('resource')}"
    return choices.describe(action, names)


def hint_line(
    action: Action, cmds: Sequence[choices.Command], names: Sequence[str]
) -> tuple[choices.Command | None, str]:
    """(the command holding `action`, if any; the hint in words)."""
    cmd = next((c for c in cmds if action in c.actions), None)
    if cmd is None:  # an open-ended offer: not a listed action, made in the trade form
        if action.get("type") in ("offer_trade", "counter_trade"):
            form = next((c for c in cmds if c.mode == "free"), None)
            key = _key(form) if form is not None else ""
            return form, f"Offer a trade{key}: {detail(action, names)}"
        return None, choices.describe(action, names)
    if cmd.mode == "target":  # the screen puts the cursor on the spot (`here`)
        return cmd, f"{cmd.label}{_key(cmd)}: ? shows where"
    if cmd.mode == "direct":
        return cmd, f"{cmd.label}{_key(cmd)}"
    return cmd, f"{cmd.label}{_key(cmd)}: {detail(action, names)}"


def here(cmd: choices.Command) -> str:
    """The hint while the cursor is on its spot: "build a settlement here"."""
    return f"{cmd.label[:1].lower()}{cmd.label[1:]} here"
