"""Hex-board layouts as data: the frame, its terrain, numbers and harbours (JSON files).

A layout file (engine/shared/layouts/<name>.json) describes a board of the hex
family:

    {
      "name": "random",
      "hexes": [{"q": 0, "r": -2, "terrain": "mountains", "number": 10},
                {"q": 1, "r": -2}, {"q": 0, "r": -3, "terrain": "sea"}, ...],
      "terrain_pool": [["hills", 3], ["forest", 4], ...],
      "numbers": {"sequence": [5, 2, ...], "path": [[0, -2], ...], "start_corners": 6},
      "harbours": [{"hex": [0, -2], "other": [0, -3], "kind": "3:1"}, ...],
      "robber": [0, 0],
      "islands": {"W": [[-2, -2], ...], ...},
      "dealt_numbers": [2, 2, 12, 12],
      "home_islands": ["W", "E"],
      "island_vp": {"I1": 1, ...},
      "centre": [0, 0]
    }

* `hexes`: every hex of the grid. A hex with a `terrain` keeps it; the
  others are dealt the shuffled `terrain_pool` in the listed order. "sea"
  hexes are part of the grid (ships sail there); a layout without any is an
  island in an implicit sea, like the base board.
* Numbers: a hex with a `number` keeps it; the others that take one (not
  desert, not sea) get the `numbers.sequence` in the order of `numbers.path`.
  With `start_corners` 6, the path is first turned k times by 60 degrees
  about (0, 0), k drawn uniformly below 6 (the base game's letter spiral
  from a random corner); the path must then be closed under that turn.
* `harbours`: the coast edge between a land hex and the hex on the other
  side (sea, or off the grid), and the harbour's kind ("3:1" or a resource).
* `robber` (where it starts, default the first desert by hex id),
  `islands` (names for groups of land hexes), `dealt_numbers` (number
  chips handed to players instead of the board), `home_islands` (the
  islands where setup settlements go), `island_vp` (a special victory-point
  chip per named island, with its worth) and `centre` (the hex a coast
  "faces" when it is nearer to it) are facts for the rulesets.

Loading checks the file's consistency; making a board from a layout draws
from the game's generator in a fixed order (terrain pool, start corner,
harbour kinds), so a seed always makes the same board.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.rng import Rng
from engine.shared.hexgrid import Hex, distance, rotate_ccw

LAYOUT_DIR = Path(__file__).parent / "layouts"
SEA = "sea"
DESERT = "desert"
GOLD = "gold"
LAND_TERRAINS = ("hills", "forest", "pasture", "fields", "mountains", DESERT, GOLD)
TERRAINS = (*LAND_TERRAINS, SEA)
NUMBERLESS = frozenset({DESERT, SEA})  # terrains that never carry a number chip
NUMBERS = frozenset({2, 3, 4, 5, 6, 8, 9, 10, 11, 12})


class LayoutError(ValueError):
    """A layout file that does not describe a consistent board."""


@dataclass(frozen=True)
class HexSpec:
    at: Hex
    terrain: str | None  # None: dealt from the terrain pool
    number: int | None  # None: from the number sequence (if the terrain takes one)


@dataclass(frozen=True)
class HarbourSpec:
    land: Hex
    other: Hex  # the hex across the harbour edge: sea, or off the grid
    kind: str  # "3:1" or a resource name


@dataclass(frozen=True)
class Layout:
    name: str
    hexes: tuple[HexSpec, ...]
    terrain_pool: tuple[str, ...]  # expanded, in the order it is shuffled
    number_sequence: tuple[int, ...]
    number_path: tuple[Hex, ...]
    start_corners: int
    harbours: tuple[HarbourSpec, ...]
    robber: Hex | None
    islands: tuple[tuple[str, tuple[Hex, ...]], ...]
    dealt_numbers: tuple[int, ...]
    home_islands: tuple[str, ...] = ()
    island_vp: tuple[tuple[str, int], ...] = ()
    centre: Hex | None = None

    @property
    def sea(self) -> tuple[Hex, ...]:
        return tuple(h.at for h in self.hexes if h.terrain == SEA)

    @property
    def land(self) -> tuple[Hex, ...]:
        return tuple(h.at for h in self.hexes if h.terrain != SEA)

    def realise(self, rng: Rng, shuffle_harbours: bool = False) -> Placement:
        """Terrain and number per hex and the harbour kinds, drawing from `rng` as documented."""
        pool = list(self.terrain_pool)
        if pool:
            rng.shuffle(pool)
        dealt = iter(pool)
        terrain: dict[Hex, str] = {}
        for spec in self.hexes:
            terrain[spec.at] = spec.terrain if spec.terrain is not None else next(dealt)
        number = {spec.at: spec.number or 0 for spec in self.hexes}
        if self.number_sequence:
            path = list(self.number_path)
            if self.start_corners > 1:
                for _ in range(rng.below(self.start_corners)):
                    path = [rotate_ccw(h) for h in path]
            fixed = {spec.at for spec in self.hexes if spec.number is not None}
            chips = iter(self.number_sequence)
            for h in path:
                if h not in fixed and terrain[h] not in NUMBERLESS:
                    number[h] = next(chips)
        kinds = [h.kind for h in self.harbours]
        if shuffle_harbours:
            rng.shuffle(kinds)
        return Placement(terrain, number, tuple(kinds))


@dataclass(frozen=True)
class Placement:
    """One realisation of a layout: what lies where."""

    terrain: dict[Hex, str]
    number: dict[Hex, int]  # 0 where there is no chip
    harbour_kinds: tuple[str, ...]  # per layout harbour


@lru_cache(maxsize=16)
def load_layout(name: str) -> Layout:
    """The layout `name` shipped in engine/shared/layouts, checked."""
    path = LAYOUT_DIR / f"{name}.json"
    if not name.replace("-", "").replace("_", "").isalnum() or not path.is_file():
        known = sorted(p.stem for p in LAYOUT_DIR.glob("*.json"))
        raise LayoutError(f"no layout {name!r}; known layouts: {', '.join(known)}")
    return parse_layout(json.loads(path.read_text(encoding="utf-8")))


def parse_layout(data: dict[str, Any]) -> Layout:
    """A `Layout` from its JSON form, or `LayoutError` saying what is inconsistent."""
    name = str(data.get("name", "?"))

    def fail(msg: str) -> LayoutError:
        return LayoutError(f"layout {name!r}: {msg}")

    def coord(value: Any) -> Hex:
        if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
            raise fail(f"not a hex coordinate: {value!r}")
        return (value[0], value[1])

    hexes: list[HexSpec] = []
    for raw in data.get("hexes", ()):
        at = coord([raw.get("q"), raw.get("r")])
        terrain = raw.get("terrain")
        if terrain is not None and terrain not in TERRAINS:
            raise fail(f"unknown terrain {terrain!r} at {at}")
        number = raw.get("number")
        if number is not None:
            if terrain is None:
                raise fail(f"a number without a terrain at {at}")
            if terrain in NUMBERLESS and number != 0:
                raise fail(f"{terrain} at {at} cannot carry the number {number}")
            if terrain not in NUMBERLESS and number not in NUMBERS:
                raise fail(f"bad number {number!r} at {at}")
        hexes.append(HexSpec(at, terrain, number))
    coords = [h.at for h in hexes]
    if not hexes or len(set(coords)) != len(coords):
        raise fail("hexes must be a non-empty list of distinct coordinates")

    pool: list[str] = []
    for terrain, count in data.get("terrain_pool", ()):
        if terrain not in TERRAINS or type(count) is not int or count < 0:
            raise fail(f"bad terrain pool entry {[terrain, count]!r}")
        pool += [terrain] * count
    open_hexes = sum(1 for h in hexes if h.terrain is None)
    if len(pool) != open_hexes:
        raise fail(f"{open_hexes} hexes without terrain but a pool of {len(pool)}")

    numbers = data.get("numbers") or {}
    sequence = tuple(numbers.get("sequence", ()))
    path = tuple(coord(c) for c in numbers.get("path", ()))
    corners = int(numbers.get("start_corners", 1))
    if any(n not in NUMBERS for n in sequence):
        raise fail("bad number in the sequence")
    if corners not in (1, 6):
        raise fail("start_corners must be 1 (a fixed path) or 6 (any of the six turns)")
    open_numbers = {h.at for h in hexes if h.number is None and h.terrain != SEA}
    turned = path
    for _ in range(corners):
        if set(turned) != set(path) or len(set(path)) != len(path):
            raise fail("the number path is not a set of hexes closed under its rotations")
        turned = tuple(rotate_ccw(h) for h in turned)
    if not open_numbers <= set(path):
        raise fail(
            f"hexes without a number off the number path: {sorted(open_numbers - set(path))}"
        )
    fixed_pool = [h.terrain for h in hexes if h.at in open_numbers and h.terrain is not None]
    takers = sum(1 for t in fixed_pool + pool if t not in NUMBERLESS)
    if open_numbers and takers != len(sequence):
        raise fail(f"{takers} hexes take a number from a sequence of {len(sequence)}")

    kinds = {h.at: h.terrain for h in hexes}
    harbours = []
    for raw in data.get("harbours", ()):
        land, other = coord(raw.get("hex")), coord(raw.get("other"))
        if kinds.get(land, SEA) == SEA or kinds.get(other, SEA) != SEA:
            raise fail(f"harbour {land}-{other} is not on a coast edge")
        if distance(land, other) != 1:
            raise fail(f"harbour {land}-{other}: the hexes are not neighbours")
        harbours.append(HarbourSpec(land, other, str(raw.get("kind"))))

    robber = coord(data["robber"]) if data.get("robber") is not None else None
    if robber is not None and robber not in kinds:
        raise fail(f"the robber starts off the board at {robber}")

    islands = []
    for island, members in (data.get("islands") or {}).items():
        islands.append((str(island), tuple(coord(c) for c in members)))
    dealt = tuple(int(n) for n in data.get("dealt_numbers", ()))
    named = {island for island, _ in islands}
    homes = tuple(str(i) for i in data.get("home_islands", ()))
    vp_chips = tuple((str(i), int(v)) for i, v in (data.get("island_vp") or {}).items())
    unnamed = sorted((set(homes) | {i for i, _ in vp_chips}) - named)
    if unnamed:
        raise fail(f"islands not named under 'islands': {', '.join(unnamed)}")
    centre = coord(data["centre"]) if data.get("centre") is not None else None
    return Layout(
        name=name,
        hexes=tuple(hexes),
        terrain_pool=tuple(pool),
        number_sequence=sequence,
        number_path=path,
        start_corners=corners,
        harbours=tuple(harbours),
        robber=robber,
        islands=tuple(islands),
        dealt_numbers=dealt,
        home_islands=homes,
        island_vp=vp_chips,
        centre=centre,
    )
