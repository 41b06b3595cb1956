"""Tiles, number discs and the fixed first-game layout (rules/starfarers.md §2.5-2.8, §3.2).

Discs and face-down tiles are kept as counts per kind and drawn at the
moment they are revealed. A random deal made at setup and turned over later
is the same lottery, and this way the state never holds a secret that a view
would have to hide or a determinizer would have to resample.
"""

from __future__ import annotations

from engine.rulesets.starfarers.board import vid

RESOURCES = ("ore", "fuel", "carbon", "food", "goods")
RESOURCE_INDEX = {name: i for i, name in enumerate(RESOURCES)}
ORE, FUEL, CARBON, FOOD, GOODS = range(5)

# -- number discs ---------------------------------------------------------------
# ids 2..12 are plain numbers; the rest are double numbers, pirate and ice discs.
D_3_12, D_2_11 = 13, 14
PIRATE4, PIRATE5, PIRATE6 = 15, 16, 17
ICE3, ICE4 = 18, 19
NUM_DISCS = 20
DISC_LABELS: tuple[str, ...] = (
    "",
    "",
    *(str(n) for n in range(2, 13)),
    "3/12",
    "2/11",
    "pirate4",
    "pirate5",
    "pirate6",
    "ice3",
    "ice4",
)


def _mask(d: int) -> int:
    if 2 <= d <= 12:
        return 1 << d
    if d == D_3_12:
        return (1 << 3) | (1 << 12)
    if d == D_2_11:
        return (1 << 2) | (1 << 11)
    return 0


DISC_ROLLS: tuple[int, ...] = tuple(_mask(d) for d in range(NUM_DISCS))  # bitmask of rolls
PIRATE_STRENGTH: tuple[int, ...] = tuple(
    {PIRATE4: 4, PIRATE5: 5, PIRATE6: 6}.get(d, 0) for d in range(NUM_DISCS)
)
ICE_STRENGTH: tuple[int, ...] = tuple({ICE3: 3, ICE4: 4}.get(d, 0) for d in range(NUM_DISCS))

TRI, SQUARE, HEXAGON = range(3)
ICON_NAMES = ("triangle", "square", "hexagon")


def _pool(*discs: int) -> tuple[int, ...]:
    counts = [0] * NUM_DISCS
    for d in discs:
        counts[d] += 1
    return tuple(counts)


# pool index = 3 * (star - 1) + icon
DISC_POOLS: tuple[tuple[int, ...], ...] = (
    _pool(3, 4, 4, 11, 12),
    _pool(2, 5, 5, 6, 9),
    _pool(10, 10, PIRATE4, PIRATE5, ICE3),
    _pool(3, 4, 11),
    _pool(5, 8, 9),
    _pool(10, PIRATE6, ICE4),
)
RESERVE_DISCS = _pool(3, 9, 10, 11, 11)

# -- sector tiles -----------------------------------------------------------------
PLANETARY, OUTPOST, EMPTY, HOMESYS = range(4)
KIND_NAMES = ("planetary", "outpost", "empty", "home")
GREEN_FOLK, SCIENTISTS, MERCHANTS, DIPLOMATS = range(4)
CIV_NAMES = ("green_folk", "scientists", "merchants", "diplomats")


class Tile:
    """A sector tile's printed content."""

    __slots__ = ("civ", "kind", "name", "planets", "star")

    def __init__(
        self,
        name: str,
        star: int,
        kind: int,
        planets: tuple[tuple[int, int], ...] = (),
        civ: int = -1,
    ) -> None:
        self.name = name
        self.star = star
        self.kind = kind
        self.planets = planets  # (resource, icon) for p0, p1, p2
        self.civ = civ


TILES: tuple[Tile, ...] = (
    Tile("T1", 2, PLANETARY, ((CARBON, SQUARE), (FUEL, TRI), (GOODS, HEXAGON))),
    Tile("T2", 2, PLANETARY, ((GOODS, TRI), (FOOD, SQUARE), (ORE, HEXAGON))),
    Tile("T3", 2, PLANETARY, ((ORE, HEXAGON), (CARBON, TRI), (GOODS, SQUARE))),
    Tile("T4", 1, PLANETARY, ((FOOD, HEXAGON), (FUEL, TRI), (ORE, SQUARE))),
    Tile("T5", 1, PLANETARY, ((ORE, TRI), (FUEL, SQUARE), (GOODS, HEXAGON))),
    Tile("T6", 1, PLANETARY, ((CARBON, TRI), (ORE, HEXAGON), (GOODS, SQUARE))),
    Tile("T7", 1, PLANETARY, ((CARBON, SQUARE), (FOOD, TRI), (FUEL, HEXAGON))),
    Tile("T8", 1, PLANETARY, ((CARBON, HEXAGON), (FOOD, SQUARE), (GOODS, TRI))),
    Tile("green_folk", 1, OUTPOST, civ=GREEN_FOLK),
    Tile("merchants", 1, OUTPOST, civ=MERCHANTS),
    Tile("scientists", 2, OUTPOST, civ=SCIENTISTS),
    Tile("diplomats", 2, OUTPOST, civ=DIPLOMATS),
    Tile("E1", 1, EMPTY),
    Tile("E2", 1, EMPTY),
    Tile("E3", 2, EMPTY),
    Tile("E4", 2, EMPTY),
)
TILE_INDEX = {t.name: i for i, t in enumerate(TILES)}
ONE_STAR_TILES = tuple(i for i, t in enumerate(TILES) if t.star == 1)
TWO_STAR_TILES = tuple(i for i, t in enumerate(TILES) if t.star == 2)

# first game: slot index -> tile (rotation 0); E4 stays in the box
BEGINNER_TILES: tuple[int, ...] = tuple(
    TILE_INDEX[n]
    for n in (
        "T6", "T7", "T8", "E1", "T5", "green_folk", "E2", "merchants",  # N1..N8
        "T4", "E3", "T2", "T3", "scientists", "T1", "diplomats",  # F1..F7
    )
)  # fmt: skip

# -- home systems (face order U, DR, DL) ----------------------------------------------
HOME_RESOURCES: tuple[tuple[int, int, int], ...] = (
    (FUEL, CARBON, FOOD),
    (FUEL, GOODS, ORE),
    (CARBON, ORE, FOOD),
    (GOODS, ORE, FUEL),
)
HOME_BEGINNER_DISCS: tuple[tuple[int, int, int], ...] = (
    (4, 8, 11),
    (10, D_3_12, 8),
    (6, 5, 3),
    (D_2_11, 9, 6),
)
GREEK = ("alpha", "beta", "gamma", "delta")

# -- first-game starting pieces per colour: spaceport site, two colony sites, ship point ----
COLOURS = ("yellow", "red", "white", "blue")
BEGINNER_PIECES: tuple[tuple[int, int, int, int], ...] = (
    (vid(3, 1), vid(2, 8), vid(1, 13), vid(4, 1)),
    (vid(3, 5), vid(2, 0), vid(2, 12), vid(4, 5)),
    (vid(3, 9), vid(1, 1), vid(2, 4), vid(4, 9)),
    (vid(3, 13), vid(1, 5), vid(1, 9), vid(4, 13)),
)
