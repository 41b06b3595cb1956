"""The barbarian track (C&K): how far the ship has sailed, and Catan's knights against it.

A section of the equipment panel (tui/faces/ck.py lists it): the ship's step
of 7, the barbarians' strength (the cities on the board) against the knights
of Catan (the active knights' strengths), your own part of that, whether the
robber is free yet, and the last roll's three dice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text

STEPS = 7
DIE_FACES = {1: "ship", 2: "ship", 3: "ship", 4: "yellow gate", 5: "blue gate", 6: "green gate"}
GATE_STYLES = {4: "bold yellow", 5: "bold blue", 6: "bold green"}


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


def dice_line(dice: Any) -> Text:
    """The last roll's red, yellow and event dice."""
    text = Text()
    if not isinstance(dice, list | tuple) or len(dice) < 3:
        return text
    red, yellow, event = (int(d) for d in dice[:3])
    text.append("Dice: ", style="bold")
    text.append(f" {red} ", style="bold white on red")
    text.append(" ")
    text.append(f" {yellow} ", style="bold black on yellow")
    text.append(" ")
    text.append(DIE_FACES.get(event, "?"), style=GATE_STYLES.get(event, "bold"))
    text.append(f" (total {red + yellow})\n")
    return text


def barbarian_section(view: Mapping[str, Any]) -> Text:
    """Equipment panel: the barbarians' position and strength against Catan's knights."""
    position = int(view.get("barbarian") or 0)
    barbarians, knights, mine = strengths(view)
    seat = view.get("seat")
    text = Text()
    text.append("Barbarians ", style="bold")
    text.append_text(track_line(position))
    text.append(f" step {position}/{STEPS}\n")
    wins = knights >= barbarians
    text.append(f"Strength {barbarians} vs knights {knights}", style="bold")
    if isinstance(seat, int) and seat < len(mine):
        text.append(f" (yours {mine[seat]})")
    text.append(" holds\n" if wins else " falls\n", style="green" if wins else "red")
    if not view.get("robber_active"):
        text.append("The robber waits until the first attack.\n", style="dim")
    text.append_text(dice_line(view.get("dice")))
    return text
