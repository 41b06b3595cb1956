"""Hex geometry for the hex-board rulesets (base, Cities & Knights, Fleet).

Axial coordinates, pointy-top hexes, r growing south (rules/catan.md §3).
A vertex is the set of the three hexes meeting there and an edge the set of
the two hexes it separates; both get small integer ids, numbered by screen
position (top to bottom, then left to right), so renderers and tests can
refer to them. Everything here runs once per layout, never on the hot path.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

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
    """Integer-indexed geometry of a set of land hexes and the sea around them."""

    land: tuple[Hex, ...]  # land hex id -> coordinate (screen order)
    vertex_hexes3: tuple[frozenset[Hex], ...]  # vertex id -> its three hexes (land or sea)
    edge_hexes2: tuple[frozenset[Hex], ...]  # edge id -> its two hexes
    vertex_land: tuple[tuple[int, ...], ...]  # vertex -> land hex ids
    hex_vertices: tuple[tuple[int, ...], ...]  # land hex -> 6 vertex ids (ccw)
    hex_edges: tuple[tuple[int, ...], ...]  # land hex -> 6 edge ids, edge i between corners i-1, i
    vertex_adjacent: tuple[tuple[int, ...], ...]
    vertex_edges: tuple[tuple[int, ...], ...]
    edge_vertices: tuple[tuple[int, int], ...]
    edge_adjacent: tuple[tuple[int, ...], ...]  # edges sharing a vertex
    vertex_xy: tuple[tuple[float, float], ...]
    edge_xy: tuple[tuple[float, float], ...]

    @property
    def num_vertices(self) -> int:
        return len(self.vertex_hexes3)

    @property
    def num_edges(self) -> int:
        return len(self.edge_hexes2)

    def hex_id(self, h: Hex) -> int:
        return self.land.index(h)

    def vertex_id(self, hexes: Iterable[Hex]) -> int:
        return self.vertex_hexes3.index(frozenset(hexes))

    def edge_id(self, a: Hex, b: Hex) -> int:
        return self.edge_hexes2.index(frozenset((a, b)))


def _screen_key(points: list[Hex]) -> tuple[float, float]:
    xs, ys = zip(*(screen_xy(p) for p in points), strict=True)
    return (round(sum(ys) / len(ys), 6), round(sum(xs) / len(xs), 6))


def build_grid(land_hexes: Iterable[Hex]) -> HexGrid:
    land_set = set(land_hexes)
    land = tuple(sorted(land_set, key=lambda h: _screen_key([h])))
    vertex_set: set[frozenset[Hex]] = set()
    edge_set: set[frozenset[Hex]] = set()
    for h in land:
        vertex_set.update(corners(h))
        for d in DIRECTIONS:
            edge_set.add(frozenset((h, add(h, d))))
    vertices = tuple(sorted(vertex_set, key=lambda v: _screen_key(sorted(v))))
    edges = tuple(sorted(edge_set, key=lambda e: _screen_key(sorted(e))))
    v_index = {v: i for i, v in enumerate(vertices)}
    e_index = {e: i for i, e in enumerate(edges)}
    hex_index = {h: i for i, h in enumerate(land)}

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
    hex_vertices = tuple(tuple(v_index[c] for c in corners(h)) for h in land)
    hex_edges = tuple(tuple(e_index[frozenset((h, add(h, d)))] for d in DIRECTIONS) for h in land)
    vertex_land = tuple(tuple(sorted(hex_index[h] for h in v if h in land_set)) for v in vertices)

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
    )


def _common_neighbours(a: Hex, b: Hex) -> list[Hex]:
    na = {add(a, d) for d in DIRECTIONS}
    return [c for c in (add(b, d) for d in DIRECTIONS) if c in na]
