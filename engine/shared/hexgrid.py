"""Hex geometry for the hex-board rulesets (base, Cities & Knights, Fleet).

Axial coordinates, pointy-top hexes, r growing south (rules/catan.md §3).
A grid is any set of land hexes plus any set of sea hexes. A vertex is the
set of the three hexes meeting there and an edge the set of the two hexes it
separates; the grid holds every vertex and edge touching one of its hexes.
Hexes, vertices and edges get small integer ids numbered by screen position
(top to bottom, then left to right; land hexes before sea hexes), so
renderers, saves and tests can refer to them. A grid of land hexes only is
an island in an implicit sea (the base board): its ids are the same as they
always were. Everything here runs once per layout, never on the hot path.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

Hex = tuple[int, int]

# Counter-clockwise on screen (y down): E, NE, NW, W, SW, SE.
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
DIRECTION_NAMES = ("E", "NE", "NW", "W", "SW", "SE")


def add(h: Hex, d: Hex) -> Hex:
    return (h[0] + d[0], h[1] + d[1])


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def rotate_ccw(h: Hex) -> Hex:
    """60 degrees counter-clockwise about (0, 0)."""
    return (h[0] + h[1], -h[0])


def hexes_within(radius: int) -> list[Hex]:
    return [
        (q, r)
        for r in range(-radius, radius + 1)
        for q in range(-radius, radius + 1)
        if max(abs(q), abs(r), abs(q + r)) <= radius
    ]


def screen_xy(h: Hex) -> tuple[float, float]:
    return (math.sqrt(3) * (h[0] + h[1] / 2), 1.5 * h[1])


def corners(h: Hex) -> list[frozenset[Hex]]:
    """The six vertices of `h`, counter-clockwise from the E/NE corner."""
    out = []
    for i in range(6):
        d1, d2 = DIRECTIONS[i], DIRECTIONS[(i + 1) % 6]
        out.append(frozenset((h, add(h, d1), add(h, d2))))
    return out


@dataclass(frozen=True)
class HexGrid:
    """Integer-indexed geometry of a set of land and sea hexes.

    Hex ids: the land hexes first, then the sea hexes, each group in screen
    order, so land hex ids are 0..num_land-1 whatever the sea around them.
    Vertices and edges are every vertex and edge touching at least one hex
    of the grid, numbered in screen order. Hexes outside the grid may appear
    in a vertex's or an edge's coordinates (the rim); a grid without sea hexes
    is an island in an implicit sea, as the base board is drawn.
    """

    land: tuple[Hex, ...]  # land hex id -> coordinate (screen order)
    vertex_hexes3: tuple[frozenset[Hex], ...]  # vertex id -> its three hexes (any, even off-grid)
    edge_hexes2: tuple[frozenset[Hex], ...]  # edge id -> its two hexes
    vertex_land: tuple[tuple[int, ...], ...]  # vertex -> land hex ids
    hex_vertices: tuple[tuple[int, ...], ...]  # hex -> 6 vertex ids (ccw)
    hex_edges: tuple[tuple[int, ...], ...]  # hex -> 6 edge ids, edge i between corners i-1, i
    vertex_adjacent: tuple[tuple[int, ...], ...]
    vertex_edges: tuple[tuple[int, ...], ...]
    edge_vertices: tuple[tuple[int, int], ...]
    edge_adjacent: tuple[tuple[int, ...], ...]  # edges sharing a vertex
    vertex_xy: tuple[tuple[float, float], ...]
    edge_xy: tuple[tuple[float, float], ...]
    # -- the whole grid: sea hexes, islands, what touches what ---------------------
    sea: tuple[Hex, ...]  # sea hex id - num_land -> coordinate (screen order)
    hex_neighbours: tuple[tuple[int, ...], ...]  # hex -> adjacent hex ids in the grid
    hex_island: tuple[int, ...]  # hex -> island id, -1 for sea
    islands: tuple[tuple[int, ...], ...]  # island id -> its land hex ids
    vertex_sea: tuple[tuple[int, ...], ...]  # vertex -> sea hex ids
    vertex_island: tuple[int, ...]  # vertex -> island id, -1 if it touches no land
    vertex_coast: tuple[bool, ...]  # touches land and sea (or the off-grid rim)
    edge_land: tuple[tuple[int, ...], ...]  # edge -> land hex ids (0, 1 or 2)
    edge_sea: tuple[tuple[int, ...], ...]  # edge -> sea hex ids (0, 1 or 2)
    edge_coast: tuple[bool, ...]  # land on exactly one side (sea or the rim on the other)
    edge_rim: tuple[bool, ...]  # one side is outside the grid
    edge_sea_sea: tuple[bool, ...]  # sea hexes of the grid on both sides
    edge_navigable: tuple[bool, ...]  # both sides in the grid, at least one sea
    land_vertices: tuple[int, ...]  # vertices touching land (settlement spots)
    land_edges: tuple[int, ...]  # edges touching land (road spots)
    navigable_edges: tuple[int, ...]  # ship spots

    @property
    def hexes(self) -> tuple[Hex, ...]:
        """Hex id -> coordinate, land and sea."""
        return self.land + self.sea

    @property
    def num_land(self) -> int:
        return len(self.land)

    @property
    def num_hexes(self) -> int:
        return len(self.land) + len(self.sea)

    @property
    def num_vertices(self) -> int:
        return len(self.vertex_hexes3)

    @property
    def num_edges(self) -> int:
        return len(self.edge_hexes2)

    def is_land(self, hex_id: int) -> bool:
        return hex_id < len(self.land)

    def hex_id(self, h: Hex) -> int:
        return self._hex_index[h]

    def vertex_id(self, hexes: Iterable[Hex]) -> int:
        return self._vertex_index[frozenset(hexes)]

    def edge_id(self, a: Hex, b: Hex) -> int:
        return self._edge_index[frozenset((a, b))]

    def edge_joining(self, a: int, b: int) -> int | None:
        """The edge between vertices `a` and `b`, or None where they are not neighbours."""
        return next((e for e in self.vertex_edges[a] if b in self.edge_vertices[e]), None)

    @cached_property
    def _hex_index(self) -> dict[Hex, int]:
        return {h: i for i, h in enumerate(self.hexes)}

    @cached_property
    def _vertex_index(self) -> dict[frozenset[Hex], int]:
        return {v: i for i, v in enumerate(self.vertex_hexes3)}

    @cached_property
    def _edge_index(self) -> dict[frozenset[Hex], int]:
        return {e: i for i, e in enumerate(self.edge_hexes2)}

    def bounds(self) -> tuple[float, float, float, float]:
        """(min x, min y, max x, max y) of the grid's vertices in screen units (circumradius 1)."""
        xs = [x for x, _ in self.vertex_xy]
        ys = [y for _, y in self.vertex_xy]
        return (min(xs), min(ys), max(xs), max(ys))


def _screen_key(points: list[Hex]) -> tuple[float, float]:
    xs, ys = zip(*(screen_xy(p) for p in points), strict=True)
    return (round(sum(ys) / len(ys), 6), round(sum(xs) / len(xs), 6))


def build_grid(land_hexes: Iterable[Hex], sea_hexes: Iterable[Hex] = ()) -> HexGrid:
    """The grid of `land_hexes` and `sea_hexes` (disjoint sets of coordinates)."""
    land_set = set(land_hexes)
    sea_set = set(sea_hexes)
    if land_set & sea_set:
        raise ValueError(f"hexes both land and sea: {sorted(land_set & sea_set)}")
    land = tuple(sorted(land_set, key=lambda h: _screen_key([h])))
    sea = tuple(sorted(sea_set, key=lambda h: _screen_key([h])))
    hexes = land + sea
    vertex_set: set[frozenset[Hex]] = set()
    edge_set: set[frozenset[Hex]] = set()
    for h in hexes:
        vertex_set.update(corners(h))
        for d in DIRECTIONS:
            edge_set.add(frozenset((h, add(h, d))))
    vertices = tuple(sorted(vertex_set, key=lambda v: _screen_key(sorted(v))))
    edges = tuple(sorted(edge_set, key=lambda e: _screen_key(sorted(e))))
    v_index = {v: i for i, v in enumerate(vertices)}
    e_index = {e: i for i, e in enumerate(edges)}
    hex_index = {h: i for i, h in enumerate(hexes)}
    num_land = len(land)

    edge_vertices: list[tuple[int, int]] = []
    for e in edges:
        a, b = tuple(e)
        ends = [v_index[frozenset((a, b, c))] for c in _common_neighbours(a, b)]
        edge_vertices.append((min(ends), max(ends)))
    vertex_edges: list[list[int]] = [[] for _ in vertices]
    for ei, (v1, v2) in enumerate(edge_vertices):
        vertex_edges[v1].append(ei)
        vertex_edges[v2].append(ei)
    vertex_adjacent = [
        tuple(sorted(edge_vertices[e][0] + edge_vertices[e][1] - v for e in vertex_edges[v]))
        for v in range(len(vertices))
    ]
    edge_adjacent = [
        tuple(sorted({f for v in edge_vertices[e] for f in vertex_edges[v] if f != e}))
        for e in range(len(edges))
    ]
    hex_vertices = tuple(tuple(v_index[c] for c in corners(h)) for h in hexes)
    hex_edges = tuple(tuple(e_index[frozenset((h, add(h, d)))] for d in DIRECTIONS) for h in hexes)
    hex_neighbours = tuple(
        tuple(sorted(hex_index[n] for n in (add(h, d) for d in DIRECTIONS) if n in hex_index))
        for h in hexes
    )

    def ids(members: frozenset[Hex], wanted: set[Hex]) -> tuple[int, ...]:
        return tuple(sorted(hex_index[h] for h in members if h in wanted))

    vertex_land = tuple(ids(v, land_set) for v in vertices)
    vertex_sea = tuple(ids(v, sea_set) for v in vertices)
    edge_land = tuple(ids(e, land_set) for e in edges)
    edge_sea = tuple(ids(e, sea_set) for e in edges)

    # Islands: connected groups of land hexes, numbered by their first hex id.
    hex_island = [-1] * len(hexes)
    islands: list[tuple[int, ...]] = []
    for start in range(num_land):
        if hex_island[start] >= 0:
            continue
        island = len(islands)
        hex_island[start] = island
        members, todo = [start], [start]
        while todo:
            for n in hex_neighbours[todo.pop()]:
                if n < num_land and hex_island[n] < 0:
                    hex_island[n] = island
                    members.append(n)
                    todo.append(n)
        islands.append(tuple(sorted(members)))
    # The land hexes at a vertex are pairwise adjacent, so they share one island.
    vertex_island = tuple(hex_island[ls[0]] if ls else -1 for ls in vertex_land)

    def in_grid(e: frozenset[Hex]) -> int:
        return sum(1 for h in e if h in hex_index)

    edge_rim = tuple(in_grid(e) == 1 for e in edges)
    edge_coast = tuple(len(ls) == 1 for ls in edge_land)
    edge_sea_sea = tuple(len(ss) == 2 for ss in edge_sea)
    edge_navigable = tuple(
        in_grid(e) == 2 and len(ss) >= 1 for e, ss in zip(edges, edge_sea, strict=True)
    )
    vertex_coast = tuple(bool(ls) and len(ls) < 3 for ls in vertex_land)

    def mean_xy(points: Iterable[Hex]) -> tuple[float, float]:
        pts = [screen_xy(p) for p in points]
        return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))

    return HexGrid(
        land=land,
        vertex_hexes3=vertices,
        edge_hexes2=edges,
        vertex_land=vertex_land,
        hex_vertices=hex_vertices,
        hex_edges=hex_edges,
        vertex_adjacent=tuple(vertex_adjacent),
        vertex_edges=tuple(tuple(sorted(es)) for es in vertex_edges),
        edge_vertices=tuple(edge_vertices),
        edge_adjacent=tuple(edge_adjacent),
        vertex_xy=tuple(mean_xy(v) for v in vertices),
        edge_xy=tuple(mean_xy(e) for e in edges),
        sea=sea,
        hex_neighbours=hex_neighbours,
        hex_island=tuple(hex_island),
        islands=tuple(islands),
        vertex_sea=vertex_sea,
        vertex_island=vertex_island,
        vertex_coast=vertex_coast,
        edge_land=edge_land,
        edge_sea=edge_sea,
        edge_coast=edge_coast,
        edge_rim=edge_rim,
        edge_sea_sea=edge_sea_sea,
        edge_navigable=edge_navigable,
        land_vertices=tuple(v for v, ls in enumerate(vertex_land) if ls),
        land_edges=tuple(e for e, ls in enumerate(edge_land) if ls),
        navigable_edges=tuple(e for e, nav in enumerate(edge_navigable) if nav),
    )


def _common_neighbours(a: Hex, b: Hex) -> list[Hex]:
    na = {add(a, d) for d in DIRECTIONS}
    return [c for c in (add(b, d) for d in DIRECTIONS) if c in na]
