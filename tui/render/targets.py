"""Targets on a map: highlights, mouse hit-testing and cursor movement.

Shared by the hex and the space map. A layout lists, per kind of target,
the cell where each id is drawn (its anchor) and every cell that belongs to
it (for the mouse). Choosing a target in the UI means moving a cursor
between the legal ids only, so `nearest_target` never leaves `targets`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

Cell = tuple[int, int]
DIRECTIONS = ("up", "down", "left", "right")


@dataclass(frozen=True)
class Highlight:
    """What the seat may choose now: the legal ids of one kind, and the cursor among them."""

    kind: str
    targets: frozenset[int] = frozenset()
    cursor: int | None = None
    path: tuple[int, ...] = ()  # the way to the cursor (a flight's points), drawn between
    origin: int | None = None  # where the choice starts from (the ship being flown)


@dataclass(frozen=True)
class MapLayout:
    """Where a map draws its targets, in text cells (x = column, y = row).

    `anchors[kind][id]` is the cell that represents a target (a vertex glyph,
    an edge's middle cell, a hex's number chip); `cells` maps every clickable
    cell to its (kind, id), most specific kind winning where shapes overlap.
    """

    width: int
    height: int
    anchors: Mapping[str, tuple[Cell, ...]]
    cells: Mapping[Cell, tuple[str, int]] = field(repr=False)
    kind_cells: Mapping[str, Mapping[Cell, int]] = field(repr=False)

    def anchor(self, kind: str, target: int) -> Cell:
        return self.anchors[kind][target]


def hit_test(layout: MapLayout, x: int, y: int, kind: str | None = None) -> tuple[str, int] | None:
    """The target drawn at cell (x, y), or None.

    With `kind`, only targets of that kind count, and a click that misses by
    a cell or two still finds the closest anchor of that kind: a mouse click
    has to land on a one-cell vertex otherwise.
    """
    if kind is None:
        return layout.cells.get((x, y))
    own = layout.kind_cells.get(kind, {})
    if (x, y) in own:
        return (kind, own[(x, y)])
    best: tuple[int, int] | None = None
    for i, (ax, ay) in enumerate(layout.anchors.get(kind, ())):
        d = abs(ax - x) + 2 * abs(ay - y)
        if d <= 3 and (best is None or d < best[0]):
            best = (d, i)
    return (kind, best[1]) if best is not None else None


def nearest_target(
    layout: MapLayout,
    kind: str,
    targets: Iterable[int],
    from_id: int | None,
    direction: str,
) -> int | None:
    """The legal target to move the cursor to from `from_id` with an arrow key.

    Candidates are the targets within 45 degrees of `direction` (rows count
    double, as terminal cells are twice as tall as wide); the nearest wins,
    with sideways distance weighted so a straight neighbour beats a diagonal
    one. Without a candidate the cursor stays put: Right never goes to a point
    below, as it did when any target to the right at all counted (seen in a
    flight: Right went to a point two rows down). With no cursor yet, the
    first target in reading order is chosen.
    """
    if direction not in DIRECTIONS:
        raise ValueError(f"direction must be one of {DIRECTIONS}, not {direction!r}")
    anchors = layout.anchors[kind]
    pool = sorted(set(targets))
    if not pool:
        return None
    if from_id is None or not 0 <= from_id < len(anchors):
        return min(pool, key=lambda t: (anchors[t][1], anchors[t][0], t))
    fx, fy = anchors[from_id]
    best: tuple[float, int] | None = None
    for t in pool:
        if t == from_id:
            continue
        tx, ty = anchors[t]
        dx, dy = tx - fx, 2 * (ty - fy)
        if direction == "up":
            main, side = -dy, dx
        elif direction == "down":
            main, side = dy, dx
        elif direction == "left":
            main, side = -dx, dy
        else:
            main, side = dx, dy
        if main <= 0 or abs(side) > main:  # outside the cone of the arrow
            continue
        score = (main * main + side * side) ** 0.5 + abs(side)
        if best is None or score < best[0]:
            best = (score, t)
    return best[1] if best is not None else from_id


def build_cells(
    anchors: Mapping[str, tuple[Cell, ...]],
    shapes: Mapping[str, Iterable[tuple[int, Iterable[Cell]]]],
    priority: tuple[str, ...],
) -> tuple[dict[Cell, tuple[str, int]], dict[str, dict[Cell, int]]]:
    """The hit-test tables: each kind's cells, and all cells with `priority[0]` winning."""
    kind_cells: dict[str, dict[Cell, int]] = {}
    for kind in priority:
        own: dict[Cell, int] = {}
        for target, cells in shapes.get(kind, ()):
            for c in cells:
                own.setdefault(c, target)
        for target, c in enumerate(anchors.get(kind, ())):
            own[c] = target
        kind_cells[kind] = own
    merged: dict[Cell, tuple[str, int]] = {}
    for kind in reversed(priority):
        for c, target in kind_cells[kind].items():
            merged[c] = (kind, target)
    return merged, kind_cells
