"""The space map of Starfarers as a fixed lattice (rules/starfarers.md §2).

The printed board cannot be reproduced, so the rules' topology is kept on a
"brick wall" lattice that is a honeycomb in disguise: every vertex has a left
and a right neighbour, plus an upper one when ``x + y`` is even and a lower
one otherwise. Sector slots are fixed trefoils of three hex cells around a
centre vertex. Everything here is static and shared by every game and copy;
what changes during play (which tiles are face up, which outpost centres have
become docking points) lives in the game state.

Public structure for renderers (all ids are small ints):

* vertex ``v = y * WIDTH + x`` with ``0 <= x < WIDTH``, ``0 <= y < HEIGHT``;
  ``(x, y) = vertex_xy(v)``; ``y`` grows upwards.
* ``SLOTS``: 19 sector slots (H1-H4 home systems, N1-N8 near, F1-F7 far),
  each with its centre, orientation, three faces (lower-left corner of the
  2x1 cell), inner ring (colony sites / docking lanes) and outer ring.
* planet ``pi = 3 * slot + j`` sits on face ``j`` of the slot's face order.
* ``NEIGHBOURS[v]``: lattice neighbours; a lane exists when both ends are
  points (sector centres are not points, except revealed outpost centres).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

WIDTH = 36
HEIGHT = 15
NUM_VERTICES = WIDTH * HEIGHT

HOME, NEAR, FAR = 0, 1, 2
REGION_NAMES = ("home", "near", "far")


def vid(x: int, y: int) -> int:
    return y * WIDTH + x


def vertex_xy(v: int) -> tuple[int, int]:
    return v % WIDTH, v // WIDTH


@dataclass(frozen=True)
class Slot:
    """One sector position: three faces around a centre vertex."""

    index: int
    name: str
    centre: int
    up: bool  # "up" trefoil when centre x + y is even
    region: int
    faces: tuple[tuple[int, int], tuple[int, int], tuple[int, int]]  # in rotation order
    inner: tuple[int, int, int]  # the centre's neighbours (colony sites in a system)
    inner_faces: tuple[
        tuple[int, int], ...
    ]  # per inner vertex: the two face indices it lies between
    outer: tuple[int, ...]  # the other 9 ring vertices
    ring: tuple[int, ...]  # inner + outer


_SLOT_SPECS: tuple[tuple[str, int, int, int], ...] = (
    ("H1", 2, 1, HOME),
    ("H2", 2, 5, HOME),
    ("H3", 2, 9, HOME),
    ("H4", 2, 13, HOME),
    ("N1", 9, 2, NEAR),
    ("N2", 9, 7, NEAR),
    ("N3", 9, 12, NEAR),
    ("N4", 14, 4, NEAR),
    ("N5", 14, 10, NEAR),
    ("N6", 19, 2, NEAR),
    ("N7", 19, 7, NEAR),
    ("N8", 19, 12, NEAR),
    ("F1", 27, 1, FAR),
    ("F2", 27, 5, FAR),
    ("F3", 27, 9, FAR),
    ("F4", 27, 13, FAR),
    ("F5", 32, 2, FAR),
    ("F6", 32, 7, FAR),
    ("F7", 32, 12, FAR),
)
NUM_SLOTS = len(_SLOT_SPECS)
HOME_SLOTS = (0, 1, 2, 3)
NEAR_SLOTS = tuple(range(4, 12))
FAR_SLOTS = tuple(range(12, 19))
NUM_PLANETS = 3 * NUM_SLOTS


def face_corners(face: tuple[int, int]) -> tuple[int, ...]:
    x0, y0 = face
    return tuple(vid(x0 + dx, y0 + dy) for dy in (0, 1) for dx in (0, 1, 2))


def _make_slot(index: int, name: str, x: int, y: int, region: int) -> Slot:
    up = (x + y) % 2 == 0
    if up:
        faces = ((x - 2, y), (x, y), (x - 1, y - 1))
        inner = (vid(x, y + 1), vid(x - 1, y), vid(x + 1, y))
        pairs = ((0, 1), (0, 2), (1, 2))
    else:
        faces = ((x - 1, y), (x, y - 1), (x - 2, y - 1))
        inner = (vid(x, y - 1), vid(x - 1, y), vid(x + 1, y))
        pairs = ((2, 1), (0, 2), (0, 1))
    corners: set[int] = set()
    for f in faces:
        corners.update(face_corners(f))
    centre = vid(x, y)
    outer = tuple(sorted(corners - {centre} - set(inner)))
    return Slot(index, name, centre, up, region, faces, inner, pairs, outer, inner + outer)


SLOTS: tuple[Slot, ...] = tuple(
    _make_slot(i, name, x, y, region) for i, (name, x, y, region) in enumerate(_SLOT_SPECS)
)


def _neighbours(v: int) -> tuple[int, ...]:
    x, y = vertex_xy(v)
    out = []
    if x > 0:
        out.append(vid(x - 1, y))
    if x < WIDTH - 1:
        out.append(vid(x + 1, y))
    if (x + y) % 2 == 0:
        if y < HEIGHT - 1:
            out.append(vid(x, y + 1))
    elif y > 0:
        out.append(vid(x, y - 1))
    return tuple(out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(v) for v in range(NUM_VERTICES))


def _tables() -> tuple[
    tuple[int, ...],
    tuple[int, ...],
    tuple[int, ...],
    tuple[tuple[int, ...], ...],
    tuple[int, ...],
    tuple[tuple[int, int], ...],
    tuple[tuple[int, ...], ...],
    tuple[tuple[int, int], ...],
]:
    centre_slot = [-1] * NUM_VERTICES
    ring_slot = [-1] * NUM_VERTICES
    inner_slot = [-1] * NUM_VERTICES
    vplanets: list[list[int]] = [[] for _ in range(NUM_VERTICES)]
    site_of = [-1] * NUM_VERTICES
    site_planets: list[tuple[int, int]] = [(-1, -1)] * NUM_VERTICES
    planet_corners: list[tuple[int, ...]] = []
    port_sites: list[tuple[int, int]] = [(-1, -1)] * NUM_VERTICES
    for s in SLOTS:
        centre_slot[s.centre] = s.index
        for v in s.ring:
            if ring_slot[v] != -1:
                raise AssertionError(f"vertex {vertex_xy(v)} lies in two sectors")
            ring_slot[v] = s.index
        for j, f in enumerate(s.faces):
            corners = tuple(c for c in face_corners(f) if c != s.centre)
            planet_corners.append(corners)
            for c in corners:
                vplanets[c].append(3 * s.index + j)
        for k, v in enumerate(s.inner):
            inner_slot[v] = s.index
            a, b = s.inner_faces[k]
            site_planets[v] = (3 * s.index + a, 3 * s.index + b)
            sites = tuple(n for n in NEIGHBOURS[v] if n != s.centre)
            assert len(sites) == 2
            port_sites[v] = (sites[0], sites[1])
            for n in sites:
                site_of[n] = v
    return (
        tuple(centre_slot),
        tuple(ring_slot),
        tuple(inner_slot),
        tuple(tuple(x) for x in vplanets),
        tuple(site_of),
        tuple(site_planets),
        tuple(planet_corners),
        tuple(port_sites),
    )


(
    CENTRE_SLOT,  # per vertex: slot whose centre it is, or -1
    RING_SLOT,  # per vertex: slot whose ring (inner or outer) holds it, or -1
    INNER_SLOT,  # per vertex: slot whose inner ring holds it (a colony site in a system), or -1
    VERTEX_PLANETS,  # per vertex: planets (3 * slot + j) whose face has it as a corner
    SITE_OF,  # per vertex: the colony site whose spaceport site it is, or -1
    SITE_PLANETS,  # per inner-ring vertex: its two planets
    PLANET_CORNERS,  # per planet: its face corners except the sector centre
    PORT_SITES,  # per inner-ring vertex: its two spaceport sites
) = _tables()

HOME_SITES: tuple[int, ...] = tuple(v for s in HOME_SLOTS for v in SLOTS[s].inner)
ALL_SITES: tuple[int, ...] = tuple(sorted(v for s in SLOTS for v in s.inner))
"""Every inner-ring vertex: the only places a colony or spaceport can ever stand."""


@dataclass(frozen=True)
class Board:
    """The static map, shared by every game: the lattice tables above as one handle.

    Which tiles lie face up, the planets' resources and discs and the revealed
    docking points are game state; views list them under "sectors", "planets"
    and "points".
    """

    width: int = WIDTH
    height: int = HEIGHT
    slots: tuple[Slot, ...] = SLOTS
    neighbours: tuple[tuple[int, ...], ...] = NEIGHBOURS

    def to_json(self) -> dict[str, Any]:
        return board_json()

    @staticmethod
    def xy(v: int) -> tuple[int, int]:
        return vertex_xy(v)


BOARD = Board()


def board_json() -> dict[str, Any]:
    """The static geometry for renderers and bots; see the module docstring for the ids.

    A fresh dict each time (callers may keep or change it), parsed from text built once.
    """
    result: dict[str, Any] = json.loads(_board_text())
    return result


@lru_cache(maxsize=1)
def shared_board_json() -> dict[str, Any]:
    """`board_json()` made once and shared by every view (views are read-only by contract)."""
    return board_json()


@lru_cache(maxsize=1)
def _board_text() -> str:
    return json.dumps(_board_data())


def _board_data() -> dict[str, Any]:
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "vertex_id": "y * width + x",
        "slots": [
            {
                "index": s.index,
                "name": s.name,
                "centre": s.centre,
                "centre_xy": list(vertex_xy(s.centre)),
                "orientation": "up" if s.up else "down",
                "region": REGION_NAMES[s.region],
                "faces": [list(f) for f in s.faces],
                "planets": [3 * s.index + j for j in range(3)],
                "inner": list(s.inner),
                "inner_planets": [list(SITE_PLANETS[v]) for v in s.inner],
                "spaceport_sites": [list(PORT_SITES[v]) for v in s.inner],
                "outer": list(s.outer),
            }
            for s in SLOTS
        ],
        "lattice_lanes": [[a, b] for a in range(NUM_VERTICES) for b in NEIGHBOURS[a] if a < b],
        "lanes_note": "a lattice lane is a lane when both ends are points (view['points'])",
        "nebula_x": [22, 23, 24],
    }
