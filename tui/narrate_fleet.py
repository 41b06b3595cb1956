"""Catan Fleet's events in words, and hexes named the way the map shows them.

Added to the base game's phrasing (`tui.narrate`) by Fleet's face
(tui/faces/fleet.py). A hex id means nothing to a player, so `place_namer`
names a hex by its terrain and island ("the mountains of islet I1", "the forest of
the east island", "the sea"), in the map's own names for the islets.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

TERRAIN_WORDS = {
    "hills": "hills",
    "forest": "forest",
    "pasture": "pasture",
    "fields": "fields",
    "mountains": "mountains",
    "desert": "desert",
    "gold": "gold field",
    "sea": "sea",
}


HOME_ISLANDS = {"W": "the west island", "E": "the east island"}
"""The layout's home islands in words; the islets keep the names the map shows (I1 to I5)."""


def island_words(name: str) -> str:
    return HOME_ISLANDS.get(name) or f"islet {name}"


@lru_cache(maxsize=1)
def _island_of() -> dict[tuple[int, int], str]:
    from engine.shared.layout import load_layout

    return {c: island_words(name) for name, hexes in load_layout("fleet").islands for c in hexes}


def place_namer(view: Mapping[str, Any]) -> Callable[[Any], str]:
    """Names places: a hex " the mountains of islet I1", a corner " at forest 5"; "" if unknown.

    A hex is named bare, like the base game's: the sentence gives it its preposition.
    """
    from tui.places import hex_namer, hex_places

    hexes = (view.get("board") or {}).get("hexes") or []
    islands = _island_of()
    corners = hex_namer(view)  # ("vertex", v) and ("edge", e) as the base game names them
    places = hex_places(view)

    def name(h: Any) -> str:
        if isinstance(h, tuple):
            return corners(h) if corners is not None else ""
        if not isinstance(h, int) or not 0 <= h < len(hexes):
            return ""
        hx = hexes[h]
        terrain = TERRAIN_WORDS.get(str(hx.get("terrain")), str(hx.get("terrain")))
        if terrain == "sea":  # by the land beside it: the pirate's hex is told apart
            return _sea(h)
        island = islands.get((hx.get("q"), hx.get("r")))
        where = f" of {island}" if island else ""
        number = hx.get("number")  # an island may have two pastures: the number tells them apart
        return f" {terrain} {number}{where}" if number else f" the {terrain}{where}"

    def _sea(h: int) -> str:
        if places is None:
            return " the sea"
        beside = " / ".join(places.hex(n) for n in places.land_beside([h])[:3])
        return f" the sea by {beside}" if beside else " the open sea"

    return name


def _ships(n: int) -> str:
    return f"{n} ship{'s' if n != 1 else ''}"


def _number_chip(t: Any, e: dict[str, Any]) -> str:
    chip = e.get("chip")
    if isinstance(chip, int):
        return (
            f"{t.who(e.get('seat'))} {t.verb(e.get('seat'), 'hold', 'holds')} the number chip "
            f"{chip}, face down (only you see it until you swap it)."
        )
    holds = t.verb(e.get("seat"), "hold", "holds")
    return f"{t.who(e.get('seat'))} {holds} a number chip, face down."


def _fleet_phase(t: Any, e: dict[str, Any]) -> str:
    who = t.who(e.get("seat"))
    return (
        f"{who} {t.verb(e.get('seat'), 'begin', 'begins')} the fleet phase (phase 4): "
        "no more trading or building this turn."
    )


def _fleet_move(t: Any, e: dict[str, Any]) -> str:
    route = e.get("route") or []
    steps = max(0, len(route) - 1)
    fleet = e.get("fleet") or []
    return (
        f"{t.whose(e.get('seat'))} fleet ({_ships(max(0, len(fleet) - 1))}) sailed "
        f"{steps} step{'s' if steps != 1 else ''}."
    )


def _pirate(t: Any, e: dict[str, Any]) -> str:
    head = f"{t.who(e.get('seat'))} moved the pirate{t.prep('to', e.get('hex'))}"
    sunk = e.get("sunk") or {}
    parts = [
        f"{t.whom(int(s))} lost {_ships(len(edges))}"
        for s, edges in sorted(sunk.items(), key=lambda kv: int(kv[0]))
        if isinstance(edges, list)
    ]
    spared = [f"{t.possessive(s)} 2-ship fleet was let go" for s in e.get("spared") or []]
    if not parts and not spared:
        return head + "; no ship lay beside it."
    return head + ": " + "; ".join(parts + spared) + "."


def _keep_fleet(t: Any, e: dict[str, Any]) -> str:
    kept = max(0, len(e.get("fleet") or []) - 1)
    lost = len(e.get("lost") or [])
    who = t.who(e.get("seat"))
    tail = f"; {_ships(lost)} went back to the supply" if lost else ""
    return f"{who} kept {_ships(kept)} of the split fleet{tail}."


def _chip_swap(t: Any, e: dict[str, Any]) -> str:
    who = t.who(e.get("seat"))
    return (
        f"{who} swapped number chips{t.prep('on', e.get('hex'))}: put the {e.get('placed')} there "
        f"and took the {e.get('took')}."
    )


def _islet_chip(t: Any, e: dict[str, Any]) -> str:
    islet = e.get("islet")
    holder = e.get("holder")
    previous = e.get("previous")
    if isinstance(holder, int) and holder >= 0:
        verb = t.verb(holder, "take", "takes")
        return f"{t.who(holder)} {verb} the victory-point chip of islet {islet} (+1 point)."
    if isinstance(previous, int) and previous >= 0:
        return (
            f"Islet {islet}'s victory-point chip is returned: a tie for the most points there "
            f"({t.whom(previous)} lost it)."
        )
    return f"Nobody holds islet {islet}'s victory-point chip."


TELL: dict[str, Callable[[Any, dict[str, Any]], str | None]] = {
    "number_chip": _number_chip,
    "fleet_phase": _fleet_phase,
    "fleet_move": _fleet_move,
    "pirate": _pirate,
    "keep_fleet": _keep_fleet,
    "chip_swap": _chip_swap,
    "islet_chip": _islet_chip,
    "robber": lambda t, e: f"{t.who(e.get('seat'))} moved the robber{t.prep('to', e.get('hex'))}.",
}
