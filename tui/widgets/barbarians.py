"""The barbarian track (C&K): how far the ship has sailed, and Catan's knights against it.

A section of the equipment panel (tui/faces/ck.py lists it): the ship's step
of 7, the barbarians' strength (the cities on the board) against the knights
of Catan (the active knights' strengths), your own part of that, whether the
robber is free yet.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text

from tui.faces import PANEL_WIDTH

STEPS = 7


def strengths(view: Mapping[str, Any]) -> tuple[int, int, list[int]]:
    """(barbarians, knights of Catan, each seat's active knights): the attack's sums (§11)."""
    cities = 0
    for owner, level in view.get("vertices") or ():
        if owner is not None and owner >= 0 and level >= 2:
            cities += 1
    seats = len(view.get("players") or ())
    mine = [0] * seats
    owners = view.get("knight_owner") or ()
    levels = view.get("knight_level") or ()
    active = view.get("knight_active") or ()
    for v, owner in enumerate(owners):
        if owner >= 0 and active[v] and owner < seats:
            mine[owner] += levels[v]
    return cities, sum(mine), mine


def track_line(position: int) -> Text:
    """The ship's way to Catan: sailed steps, the ship (▶), the steps ahead."""
    sea, ahead, ship = "≈", "·", "▶"
    text = Text()
    for step in range(STEPS + 1):
        if step == position:
            text.append(ship, style="bold red")
        elif step < position:
            text.append(sea, style="blue")
        else:
            text.append(ahead, style="dim")
    text.append(" Catan", style="bold")
    return text


def barbarian_section(view: Mapping[str, Any], width: int = PANEL_WIDTH) -> Text:
    """Equipment panel: the barbarians' position and strength against Catan's knights.

    Lines of at most `width` characters (30 at 80x24); a panel as wide as 120x40's says
    your knights' part on the ship's line, a row fewer. The last roll's dice are in the
    dice panel (the event die named there).
    """
    position = int(view.get("barbarian") or 0)
    barbarians, knights, mine = strengths(view)
    seat = view.get("seat")
    text = Text()
    text.append("Ship ", style="bold")
    text.append_text(track_line(position))
    text.append(f" {position}/{STEPS}")
    own = mine[seat] if isinstance(seat, int) and seat < len(mine) else None
    wins = knights >= barbarians
    holds = Text("Catan holds" if wins else "Catan falls", style="green" if wins else "red")
    line = f"Barbarians {barbarians} vs knights {knights}"
    beside = f" · your knights {own}"
    if own is not None and max(len(text) + len(beside), len(line) + 13) <= width:
        # "Ship ≈≈▶····· Catan 2/7 · your knights 3" over "Barbarians 5 vs knights 3:
        # Catan falls"
        text.append(beside + "\n")
        text.append(line + ": ", style="bold")
    else:
        text.append("\n")
        text.append(line + "\n", style="bold")
        if own is not None:
            text.append(f"Yours {own} · ")
    text.append_text(holds)
    text.append("\n")
    if not view.get("robber_active"):
        text.append("Robber idle until 1st attack\n", style="dim")
    return text
