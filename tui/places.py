"""Places on a hex board named as players see them: "mountains 9", not "hex 6".

`hex_places(view)` reads a hex view's board (terrain and number of each hex,
in the grid's id order) and names a hex ("mountains 9", "the desert"), a
corner by the land hexes around it ("mountains 9 / fields 5 / hills 6") and
a road's edge by the one or two land hexes beside it. Two hexes of one name
are told apart by where they lie from the island's centre ("pasture 4
(east)"), and by the coast when that is the same too. Two corners of the same
land hexes (a coast's corners of one hex, the two ends of the edge between two
hexes on the coast) are told apart by where each lies from those hexes' centre:
"the north corner of pasture 3", "the south-east corner of pasture 3 / hills 5"; so
is a corner of one land hex, which its hex's name alone would read as the hex.
A road's edge beside one land hex is told by its side of that hex ("the
north-east side of pasture 3"). `production_hint` says what a corner would
produce: its numbers and the pips they add up to.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType
from typing import Any

from engine.shared.hexgrid import HexGrid, screen_xy

PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
"""Ways out of 36 that two dice make each number: the dots on a number chip."""


_SQRT3 = math.sqrt(3)
_SIDES = ("east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east")


def _plain_name(info: Mapping[str, Any]) -> str:
    terrain = str(info.get("terrain") or "land")
    number = info.get("number")
    return f"{terrain} {number}" if number else f"the {terrain}"


def _direction(dx: float, dy: float) -> str:
    """Where a hex centre lies from the island's centre: "north-east", or "centre"."""
    if math.hypot(dx, dy) < 1.0:
        return "centre"
    return compass(dx, dy)


def compass(dx: float, dy: float) -> str:
    """The compass point of the screen offset (dx, dy): "north-east" (one of eight)."""
    angle = math.degrees(math.atan2(-dy, dx)) % 360  # the screen's y grows downwards
    return _SIDES[int((angle + 22.5) // 45) % 8]


def _pip_sum(yields: Sequence[tuple[int, str, int]], robber: int | None) -> int:
    """The pips of (hex, terrain, number) yields, none from the robber's hex."""
    return sum(PIPS[number] for h, _, number in yields if h != robber)


@dataclass(frozen=True)
class HexPlaces:
    hexes: tuple[Mapping[str, Any], ...]

    @cached_property
    def grid(self) -> HexGrid:
        from engine.rulesets.base.board import grid_of

        land = frozenset((h["q"], h["r"]) for h in self.hexes if h.get("terrain") != "sea")
        sea = frozenset((h["q"], h["r"]) for h in self.hexes if h.get("terrain") == "sea")
        return grid_of(land, sea)

    def hex(self, h: int) -> str:
        """A hex as players name it, "pasture 4"; where two hexes share that name, with
        where it lies on the island, "pasture 4 (east)"."""
        if not 0 <= h < len(self.hexes):
            return f"hex {h}"
        return self._names[h]

    @cached_property
    def _names(self) -> tuple[str, ...]:
        plain = [_plain_name(info) for info in self.hexes]
        land = [h for h, info in enumerate(self.hexes) if info.get("terrain") != "sea"]
        xs = {h: _SQRT3 * (self.hexes[h]["q"] + self.hexes[h]["r"] / 2) for h in land}
        ys = {h: 1.5 * self.hexes[h]["r"] for h in land}
        cx = sum(xs.values()) / len(land) if land else 0.0
        cy = sum(ys.values()) / len(land) if land else 0.0
        sides = {h: _direction(xs[h] - cx, ys[h] - cy) for h in land}
        grid = self.grid
        coast = {h for h in land if any(grid.vertex_coast[v] for v in grid.hex_vertices[h])}
        names = list(plain)
        for name in {plain[h] for h in land}:
            same = [h for h in land if plain[h] == name]
            if len(same) < 2 or name.startswith("the "):
                continue  # unique, or the desert (nothing to tell apart)
            for h in same:
                where = sides[h]
                if sum(1 for o in same if sides[o] == where) > 1:  # the same side: coast or not
                    where += ", coast" if h in coast else ", inland"
                names[h] = f"{name} ({where})"
        return tuple(names)

    def land_of_vertex(self, v: int) -> Sequence[int]:
        grid = self.grid
        return grid.vertex_land[v] if 0 <= v < len(grid.vertex_land) else ()

    def vertex(self, v: int) -> str:
        """A corner by the land hexes around it, "mountains 9 / fields 5 / hills 6"; on one
        land hex, or where another corner has the same land hexes, with where it lies from
        them: "the north corner of pasture 3". No two corners on land read alike. A corner
        with no land (Fleet's open sea) is named by the land nearest it (`sea_vertex`)."""
        if not self.land_of_vertex(v):
            return self.sea_vertex(v)
        side, hexes = self.vertex_parts(v)
        return f"the {side} corner of {hexes}" if side else hexes

    def sea_vertex(self, v: int) -> str:
        """A corner with no land beside it, by the land nearest it: "at sea by forest 3 /
        hills 5", or "out at sea" with none in sight (seen in Fleet: "the coast" for every
        corner of the open sea)."""
        grid = self.grid
        if not 0 <= v < len(grid.vertex_sea):
            return "out at sea"
        return self._at_sea(grid.vertex_sea[v], grid.vertex_xy[v])

    def vertex_parts(self, v: int) -> tuple[str | None, str]:
        """(where corner `v` lies from its land hexes' centre, or None where two or three
        hexes name it alone; the hexes, "pasture 3 / hills 5", or "the coast" without land)."""
        names = [self.hex(h) for h in self.land_of_vertex(v)]
        side = self._corner_sides[v] if 0 <= v < len(self._corner_sides) else None
        return side, " / ".join(names) or "the coast"

    @cached_property
    def _corner_sides(self) -> tuple[str | None, ...]:
        """Each corner's compass point from the centre of its land hexes, where it touches one
        land hex (a lone hex's name reads as the hex) or another corner touches the same ones
        (None elsewhere, and off the land). One hex's corners lie 60 degrees apart, an edge's
        two ends opposite: never on one point."""
        grid = self.grid
        shared = Counter(land for land in grid.vertex_land if land)
        sides: list[str | None] = []
        for v, land in enumerate(grid.vertex_land):
            if not land or (len(land) > 1 and shared[land] < 2):
                sides.append(None)
                continue
            centres = [screen_xy(grid.hexes[h]) for h in land]
            cx = sum(x for x, _ in centres) / len(centres)
            cy = sum(y for _, y in centres) / len(centres)
            x, y = grid.vertex_xy[v]
            sides.append(compass(x - cx, y - cy))
        return tuple(sides)

    def edge(self, e: int) -> str:
        """A road's edge by the land hexes beside it, "pasture 3 / hills 5"; beside one land
        hex (a coast), with its side of that hex: "the north-east side of pasture 3"."""
        grid = self.grid
        if 0 <= e < len(grid.edge_land) and not grid.edge_land[e]:
            return self.sea_edge(e)  # Fleet's open sea
        side, hexes = self.edge_parts(e)
        return f"the {side} side of {hexes}" if side else hexes

    def edge_parts(self, e: int) -> tuple[str | None, str]:
        """(the side of its one land hex edge `e` lies on, or None beside two or none; the
        hexes, "pasture 3 / hills 5", or "the coast" without land)."""
        grid = self.grid
        land = grid.edge_land[e] if 0 <= e < len(grid.edge_land) else ()
        side = self._edge_sides[e] if 0 <= e < len(self._edge_sides) else None
        return side, " / ".join(self.hex(h) for h in land) or "the coast"

    def sea_edge(self, e: int) -> str:
        """An edge with no land beside it (Fleet's open sea), by the land nearest it:
        "at sea by forest 3 / hills 5", or "out at sea" with none in sight."""
        grid = self.grid
        if not 0 <= e < len(grid.edge_sea):
            return "out at sea"
        # The land nearest the edge's middle (seen in play: "by pasture 4", two rows off,
        # where pasture 8 touched the edge's corner): the nearest, and any about as near.
        (ax, ay), (bx, by) = (grid.vertex_xy[v] for v in grid.edge_vertices[e])
        return self._at_sea(grid.edge_sea[e], ((ax + bx) / 2, (ay + by) / 2))

    def _at_sea(self, sea: Sequence[int], at: tuple[float, float]) -> str:
        """A place at sea (the sea hexes `sea` around it, drawn at `at`) by the land beside
        those hexes nearest it, and any about as near: "at sea by forest 3 / hills 5"."""
        near = self.land_beside(sea)
        if not near:
            return "out at sea"
        grid = self.grid

        def away(h: int) -> float:
            x, y = screen_xy(grid.hexes[h])
            return math.hypot(x - at[0], y - at[1])

        near.sort(key=away)
        close = [h for h in near if away(h) <= away(near[0]) + 0.5][:2]
        return f"at sea by {' / '.join(self.hex(h) for h in close)}"

    def land_beside(self, sea: Sequence[int]) -> list[int]:
        """The land hexes next to the sea hexes `sea`, each once: where at sea is named by."""
        grid = self.grid
        near: list[int] = []
        for s in sea:
            near += [h for h in grid.hex_neighbours[s] if grid.is_land(h) and h not in near]
        return near

    @cached_property
    def _edge_sides(self) -> tuple[str | None, ...]:
        """Each coastal edge's compass point from the centre of its one land hex (a hex's six
        sides lie 60 degrees apart: never on one point); None elsewhere."""
        grid = self.grid
        sides: list[str | None] = []
        for e, land in enumerate(grid.edge_land):
            if len(land) != 1:
                sides.append(None)
                continue
            cx, cy = screen_xy(grid.hexes[land[0]])
            (ax, ay), (bx, by) = (grid.vertex_xy[v] for v in grid.edge_vertices[e])
            sides.append(compass((ax + bx) / 2 - cx, (ay + by) / 2 - cy))
        return tuple(sides)

    def _yields(self, v: int) -> list[tuple[int, str, int]]:
        """(hex, terrain, number) of each numbered land hex around corner `v`."""
        out = []
        for h in self.land_of_vertex(v):
            info = self.hexes[h]
            number = info.get("number")
            if isinstance(number, int) and number in PIPS:
                out.append((h, str(info.get("terrain")), number))
        return out

    def pips(self, v: int, robber: int | None = None) -> int:
        """The pips a settlement on corner `v` would produce on (none from the robber's hex)."""
        return _pip_sum(self._yields(v), robber)

    def production_hint(
        self, v: int, robber: int | None = None, takes: Mapping[str, str] = MappingProxyType({})
    ) -> str:
        """What a building on corner `v` would produce: "ore on 9, grain on 5 (8 pips of 36)".

        `takes` words what the building takes from a terrain where that is not its resource
        (a Cities & Knights city on forest: "lumber+paper"); the pips count the chance of
        producing, not the cards.
        """
        yields = self._yields(v)
        parts = [
            f"{takes.get(terrain) or RESOURCE_OF.get(terrain, terrain)} on {number}"
            f"{' (robber)' if h == robber else ''}"
            for h, terrain, number in yields
        ]
        if not parts:
            return "produces nothing"
        pips = _pip_sum(yields, robber)
        return f"{', '.join(parts)} ({pips} pip{'s' * (pips != 1)} of 36)"


def buildings_around(view: Mapping[str, Any], h: int) -> list[tuple[int, int]]:
    """(owner, level) of each building on hex `h`'s corners (1 a settlement, 2 a city)."""
    places = hex_places(view)
    buildings = view.get("vertices")
    if places is None or not isinstance(buildings, list):
        return []
    corners = places.grid.hex_vertices[h] if 0 <= h < len(places.grid.hex_vertices) else ()
    found = (buildings[v] for v in corners if 0 <= v < len(buildings))
    return [(int(owner), int(level)) for owner, level in found if owner >= 0]


def robber_start(view: Mapping[str, Any], hexes: Sequence[int]) -> int | None:
    """Where the robber's cursor starts among `hexes`: blocking you least, the others most.

    Scored by the pips each building around a hex would lose (a city twice):
    your own loss first, then the opponents' gain, then reading order. None when
    the view has no hex board, or `hexes` is empty.
    """
    places = hex_places(view)
    if places is None or not hexes:
        return None
    seat = view.get("seat")

    def cost(h: int) -> tuple[int, int, int]:
        number = places.hexes[h].get("number") if 0 <= h < len(places.hexes) else None
        pips = PIPS.get(number, 0) if isinstance(number, int) else 0
        mine = theirs = 0
        for owner, level in buildings_around(view, h):
            if owner == seat:
                mine += pips * level
            else:
                theirs += pips * level
        return (mine, -theirs, h)

    return min(hexes, key=cost)


def corner_start(view: Mapping[str, Any], corners: Sequence[int]) -> int | None:
    """Where a settlement's or city's cursor starts among `corners`: the most pips, then
    reading order (the robber's hex produces nothing). None without a hex board or corners.
    """
    places = hex_places(view)
    if places is None or not corners:
        return None
    robber = view.get("robber")
    blocked = robber if isinstance(robber, int) else None
    return min(corners, key=lambda v: (-places.pips(v, blocked), v))


RESOURCE_OF = {
    "hills": "brick",
    "forest": "lumber",
    "pasture": "wool",
    "fields": "grain",
    "mountains": "ore",
    "gold": "gold",
}


def hex_places(view: Mapping[str, Any]) -> HexPlaces | None:
    """The place names of a hex view's board, or None when the view has no hex board."""
    board = view.get("board")
    hexes = board.get("hexes") if isinstance(board, Mapping) else None
    if not isinstance(hexes, list) or not hexes or "q" not in hexes[0]:
        return None
    return _cached(tuple(_key(h) for h in hexes))


def _key(h: Mapping[str, Any]) -> tuple[int, int, str, int | None]:
    return (int(h["q"]), int(h["r"]), str(h.get("terrain")), h.get("number"))


_CACHE: dict[tuple[tuple[int, int, str, int | None], ...], HexPlaces] = {}


def _cached(key: tuple[tuple[int, int, str, int | None], ...]) -> HexPlaces:
    found = _CACHE.get(key)
    if found is None:
        hexes = tuple({"q": q, "r": r, "terrain": t, "number": n} for q, r, t, n in key)
        found = _CACHE[key] = HexPlaces(hexes)
        if len(_CACHE) > 8:
            _CACHE.pop(next(iter(_CACHE)))
    return found


def hex_namer(view: Mapping[str, Any]) -> Callable[[Any], str] | None:
    """A `where` for the narrator: ("vertex", 12) -> " at mountains 9 / fields 5".

    A corner comes with "at" and an edge with "by"; a hex is its bare name (" fields 5"):
    the sentence says whether the robber moves *to* it or the merchant stands *on* it.
    """
    places = hex_places(view)
    if places is None:
        return None

    def where(place: Any) -> str:
        if not (isinstance(place, tuple) and len(place) == 2 and isinstance(place[1], int)):
            return ""
        kind, i = place
        if kind == "vertex":
            grid = places.grid
            if 0 <= i < len(grid.vertex_land) and not grid.vertex_land[i]:
                return f" {places.sea_vertex(i)}"  # "at sea by ...", as an edge at sea
            return f" at {places.vertex(i)}"
        if kind == "edge":  # "by fields 5 / hills 6"; a coast's: "on the north side of ..."
            grid = places.grid
            if 0 <= i < len(grid.edge_land) and not grid.edge_land[i]:
                return f" {places.edge(i)}"  # at sea: it once said "by the coast" out there
            side, hexes = places.edge_parts(i)
            return f" on the {side} side of {hexes}" if side else f" by {hexes}"
        if kind == "hex":
            return f" {places.hex(i)}"
        return ""

    return where
