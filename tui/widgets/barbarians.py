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


def barbarian_section(view: Mapping[str, Any]) -> Text:
    """Equipment panel: the barbarians' position and strength against Catan's knights.

    Lines of at most 30 characters, so the panel reads at 80x24 too; the last
    roll's dice are in the dice panel (the event die named there).
    """
    position = int(view.get("barbarian") or 0)
    barbarians, knights, mine = strengths(view)
    seat = view.get("seat")
    text = Text()
    text.append("Ship ", style="bold")
    text.append_text(track_line(position))
    text.append(f" {position}/{STEPS}\n")
    wins = knights >= barbarians
    text.append(f"Barbarians {barbarians} vs knights {knights}\n", style="bold")
    if isinstance(seat, int) and seat < len(mine):
        text.append(f"Yours {mine[seat]} · ")
    text.append("Catan holds\n" if wins else "Catan falls\n", style="green" if wins else "red")
    if not view.get("robber_active"):
        text.append("Robber idle until 1st attack\n", style="dim")
    return text
