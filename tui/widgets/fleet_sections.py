"""Catan Fleet's parts of the equipment panel, and the actions row's line for a turn.

* The turn's four phases (1 roll, 2 trade, 3 build, 4 fleet), the one the
  turn is in marked, with what it closes: building ends trading, the fleet
  phase ends trading and building.
* The sea: the seat's number chip (its own, face down to everyone else until
  its first swap: a view carries the others' only once public), every fleet's
  size, the islets' victory-point chips and the pirate.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.style import Style
from rich.text import Text

from tui.faces import PANEL_WIDTH
from tui.narrate import SEAT_NAMES
from tui.render import palette as P

PHASES = ((1, "Roll"), (2, "Trade"), (3, "Build"), (4, "Fleet"))


def _phase_now(view: Mapping[str, Any]) -> int | None:
    """The turn's phase (1-4), or None outside the turn's main flow (setup, the game's end)."""
    phase = view.get("phase")
    if phase == "pre_roll":
        return 1
    if str(phase).startswith("setup") or view.get("winner") is not None:
        return None
    stage = view.get("stage")
    if phase == "main" and isinstance(stage, int):
        return stage
    return 1 if view.get("dice") in (None, []) else None


def _combined(view: Mapping[str, Any]) -> bool:
    options = (view.get("config") or {}).get("options") or {}
    return bool(options.get("combined_trade_build"))


def phase_section(view: Mapping[str, Any], width: int = PANEL_WIDTH) -> Text:
    """The four phases in one line, the turn's own in reverse; what the phase allows below.

    Each line fits `PANEL_WIDTH`, so that the panel does not wrap it at 80x24.
    """
    text = Text()
    now = _phase_now(view)
    if now is None:
        if str(view.get("phase")).startswith("setup"):
            text.append("Setup: ", style="bold")
            text.append("settle the west or east\nisland, each with a road;\none may be a ship\n")
        return text
    for n, name in PHASES:
        style = "reverse bold" if n == now else "dim"
        text.append(f"{n} {name}", style=style)
        text.append(" " if n < 4 else "\n")
    if now == 3 and not _combined(view):
        text.append("Built this turn: no trading.\n", style="italic")
    elif now == 4:
        text.append("No trading or building now.\n", style="italic")
    return text


def _names(view: Mapping[str, Any]) -> list[str]:
    return list(SEAT_NAMES[: int(view.get("num_seats") or len(view.get("players") or []))])


def _packed(
    text: Text,
    head: str,
    items: Sequence[tuple[str, str | Style]],
    sep: str = ", ",
    width: int = PANEL_WIDTH,
) -> None:
    """`head` then the items, a new line (indented) before an item that would pass the panel's
    `width`, so the panel never wraps inside an item (at 120x40 the islets' chips and the
    pirate's place take a line each, where 80x24 needs two)."""
    text.append(head, style="bold")
    column = len(head)
    mark = sep.rstrip()  # what ends a line broken after an item (the comma)
    for i, (item, style) in enumerate(items):
        tail = len(mark) if i < len(items) - 1 else 0
        if i and column + len(sep) + len(item) + tail > width:
            text.append(mark + "\n  ")
            column = 2
        elif i:
            text.append(sep)
            column += len(sep)
        text.append(item, style=style)
        column += len(item)
    text.append("\n")


def sea_section(view: Mapping[str, Any], width: int = PANEL_WIDTH) -> Text:
    """Your number chip, the fleets, the islets' chips and the pirate (lines of `width`)."""
    text = Text()
    seat = view.get("seat")
    names = _names(view)
    held = view.get("held_chips") or []
    known = view.get("chips_known") or []
    if isinstance(seat, int) and seat < len(held) and held[seat] is not None:
        text.append("Your chip: ", style="bold")
        text.append(f" {held[seat]} ", style=P.CHIP_HOT if held[seat] in (6, 8) else P.CHIP)
        secret = not (seat < len(known) and known[seat])
        # face down until the first swap shows it (as the seed's chips are kept face down)
        text.append(" (face down)\n" if secret else " (face up)\n")
    shown = [
        (f"{names[p]} {c}", "")
        for p, c in enumerate(held)
        if p != seat and c is not None and p < len(names)
    ]
    if shown:
        _packed(text, "Chips shown: ", shown, width=width)
    fleets = view.get("fleets") or []
    parts: list[tuple[str, str | Style]] = [
        (f"{names[p]} {len(path) - 1}", P.seat_style(p))
        for p, path in enumerate(fleets)
        if len(path) > 1 and p < len(names)
    ]
    _packed(text, "Fleets: ", parts or [("none yet", "")], width=width)
    holders = view.get("islet_holders") or []
    islets = view.get("islet_names") or []
    chips: list[tuple[str, str | Style]] = []
    for i, name in enumerate(islets):
        holder = holders[i] if i < len(holders) else -1
        if isinstance(holder, int) and 0 <= holder < len(names):
            chips.append((f"{name} {names[holder]}", P.seat_style(holder)))
        else:
            chips.append((f"{name} -", "dim"))
    _packed(text, "Islet chips: ", chips, " ", width)
    pirate = view.get("pirate", -1)
    if pirate == -1:
        text.append("Pirate: not on the board yet\n", style="dim")
    elif isinstance(pirate, int):  # where it is, as the log names it (it once said nothing)
        from tui.narrate_fleet import place_namer

        where = place_namer(view)(pirate).strip() or "on the board"
        spots = [(part, "dim") for part in where.split(" / ")]
        _packed(text, "Pirate: ", spots, " / ", width)
    return text


def turn_status(view: Mapping[str, Any], keys: frozenset[str] | None = None) -> str | None:
    """The actions row's line on the seat's own turn: the phase and what it allows.

    At most two lines of the actions row at 80x24 (about 39 columns): what the phase closes
    is on the panel's phase line too ("No trading or building now."). `keys`: the
    commands' keys offered now, so the fleet phase names only what can be done (None: say
    all it allows).
    """
    now = _phase_now(view)
    if view.get("phase") == "pre_roll" and now == 1:
        return "Phase 1: roll. Then trade (2), build (3) and sail in the fleet phase (4)."
    if view.get("phase") != "main" or now is None:
        return None
    if now == 4:
        fleets, seat = view.get("fleets") or [], view.get("seat")
        mine = fleets[seat] if isinstance(seat, int) and seat < len(fleets) else []
        if len(mine) < 2:  # a fleet's path is its front and one point per ship
            return "Phase 4, fleet: you have no ship to sail yet. e: end the turn."
        moved = bool(view.get("fleet_moved"))
        offers = [("w", "sail (w)"), ("k", "swap your chip (k)"), ("s", "settle an islet (s)")]
        can = [words for key, words in offers if (keys is None or key in keys)]
        if moved:
            can = [words for words in can if words != "sail (w)"]
        elif keys is not None and "w" not in keys:  # seen in play: `w` gone, no word why
            head = f"Phase 4: {_why_no_sail(view, mine)}"
            if not can:
                return f"{head}. e: end the turn."
            return f"{head}; {', '.join(_SHORT[words] for words in can)}."  # 2 rows at 80x24
        head = "Phase 4, the fleet has moved" if moved else "Phase 4, fleet"
        if not can:  # it once offered a swap and a settlement that could not be made
            return f"{head}: nothing more to do. e: end the turn."
        return f"{head}: {', '.join(can)}."
    if now == 3 and not _combined(view):
        return "Phase 3, build: trading is over (you built). l: fleet phase (4)."
    return "Phase 2-3: trade, then build (a build ends trading). l: fleet phase (4)."


_SHORT = {"swap your chip (k)": "swap chip (k)", "settle an islet (s)": "settle islet (s)"}


FLEET_MOVES = frozenset({"move_fleet", "swap_chip"})
"""The fleet's own moves, made in the fleet phase (4)."""


def key_rule(view: Mapping[str, Any], types: tuple[str, ...]) -> str | None:
    """Why a key's move cannot be made in this phase of the turn, where the phase is the
    reason (seen in play: d, k and w said only "not possible now" in the fleet phase, and t
    "offers are made after the roll" with the roll made and no offer); None otherwise."""
    if view.get("phase") != "main" or view.get("to_act") != view.get("seat"):
        return None
    now = _phase_now(view)
    trading = bool({"offer_trade", "maritime_trade"} & set(types))
    building = any(t.startswith("build_") or t == "buy_development" for t in types)
    if now == 4 and (trading or building):
        return "the fleet phase has begun: no trading or building this turn"
    if now == 3 and trading and not _combined(view):
        return "trading is over: you built this turn"
    if now != 4 and FLEET_MOVES & set(types):
        return "the fleet sails and swaps chips in the fleet phase (l begins it)"
    if now == 4 and FLEET_MOVES & set(types):
        fleets, seat = view.get("fleets") or [], view.get("seat")
        mine = fleets[seat] if isinstance(seat, int) and seat < len(fleets) else []
        if len(mine) < 2:
            return "you have no ship yet: ships are built (i) in the build phase"
    return None


def _why_no_sail(view: Mapping[str, Any], path: list[int]) -> str:
    """Why a fleet with ships has no move: a move takes the rear ship first, so a fleet whose
    two end ships lie beside the pirate is held (rules §10.3); otherwise every sea edge
    ahead of its ends is taken (by roads, ships or the pirate's hex)."""
    from tui.places import hex_places

    places = hex_places(view)
    pirate = view.get("pirate", -1)
    if places is not None and isinstance(pirate, int) and pirate >= 0:
        grid = places.grid
        closed = set(grid.hex_edges[pirate])
        ends = {grid.edge_joining(path[0], path[1]), grid.edge_joining(path[-2], path[-1])}
        if not view.get("knight_played") and ends <= closed:
            return "the pirate holds your fleet"
    return "no free edge ahead of your fleet"


def pirate_hint(view: Mapping[str, Any], h: int) -> str | None:
    """What the pirate does on sea hex `h`, said before Enter (rules §10.2): whose ships it
    sinks, and which two-ship fleets it lets go."""
    from engine.rulesets.fleet.pirate import raid
    from tui.narrate_fleet import place_namer
    from tui.places import hex_places

    places = hex_places(view)
    hexes = (view.get("board") or {}).get("hexes") or []
    if places is None or not 0 <= h < len(hexes) or hexes[h].get("terrain") != "sea":
        return None
    grid = places.grid

    def edge_between(a: int, b: int) -> int:
        e = grid.edge_joining(a, b)
        assert e is not None, "a fleet's path runs along the grid's edges"
        return e

    def whose(p: int) -> str:
        return "your" if p == view.get("seat") else f"{_names(view)[p]}'s"

    fleets = [tuple(p) for p in view.get("fleets") or ()]
    hit = raid(fleets, frozenset(grid.hex_edges[h]), edge_between)
    parts = [f"sinks {len(edges)} of {whose(p)} ships" for p, edges in sorted(hit.sunk.items())]
    parts += [f"lets {whose(p)} 2-ship fleet go" for p in hit.spared]
    where = place_namer(view)(h).strip()
    return f"This hex: {where} · {', '.join(parts) or 'sinks no ship'}"


def swap_hint(view: Mapping[str, Any], h: int) -> str | None:
    """What a chip swap on hex `h` does, said before Enter: whose chip goes where."""
    from tui.narrate_fleet import TERRAIN_WORDS

    hexes = (view.get("board") or {}).get("hexes") or []
    seat = view.get("seat")
    held = view.get("held_chips") or []
    if not 0 <= h < len(hexes) or not isinstance(seat, int) or seat >= len(held):
        return None
    terrain = str(hexes[h].get("terrain"))
    number = hexes[h].get("number")
    mine = held[seat]
    if mine is None or not number:
        return None
    name = TERRAIN_WORDS.get(terrain, terrain)
    return f"This hex: {name} {number}. Your {mine} goes here; you take the {number}."
