"""What the map glyphs mean, for a help panel or the rules screen.

Kept next to the renderers so the key and the drawing cannot drift apart:
every glyph here is the constant the renderer itself uses. Each ruleset's face
(tui/faces) says which items are its map's; the space map's constants are
imported only when they are asked for.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text

from tui.faces import face
from tui.render import palette as P


def map_legend(ruleset: str, *, ascii: bool = False) -> Text:
    """A short key to the map of `ruleset` (its face's legend), one item a line."""
    items = face(ruleset).legend(ascii)
    text = Text()
    for glyph, style, meaning in items:
        text.append(glyph, style)
        text.append(" " * max(1, 5 - len(glyph)) + f"{meaning}\n")
    text.rstrip()
    return text


Item = tuple[str, Style, str]


def hex_items(ascii: bool) -> list[Item]:
    return [
        ("r", P.SEAT_STYLES[0] + P.SETTLEMENT, "settlement: its seat's letter, r b w o"),
        ("R", P.SEAT_STYLES[0] + P.CITY, "city: upper case, reversed"),
        ("#" if ascii else "█", P.SEAT_STYLES[1], "road"),
        ("X", P.ROBBER, "robber"),
        (" 8", P.CHIP_HOT, "number chip; 6 and 8 in red"),
        ("Fo", P.TERRAIN_STYLES["forest"], _TERRAINS),
        ("3:1", P.HARBOUR, "harbour, any 3 for 1"),
        ("2Br", P.HARBOUR, _HARBOURS),
        (":" if ascii else "◦", P.HARBOUR_DOCK, "a corner served by a harbour"),
        ("+" if ascii else "○", P.LEGAL, "a legal choice"),
        ("@" if ascii else "◉", P.CURSOR, "the cursor"),
    ]


def key_line(items: list[Item]) -> Text:
    """`items` side by side on one line: each glyph in its style, then its meaning in words."""
    text = Text()
    for k, (glyph, style, meaning) in enumerate(items):
        text.append("  " if k else "")
        text.append(glyph, style)
        text.append(" " + meaning, P.KEY_TEXT)
    return text


def shortened(items: list[Item], words: dict[int, str]) -> list[Item]:
    """The key's items at the indices of `words`, each with those shorter words: the glyphs
    and styles stay the ones the full key (and the renderer) uses."""
    return [(items[i][0], items[i][1], word) for i, word in words.items()]


_TERRAINS = "hex: " + ", ".join(
    f"{letters} {terrain}"
    for terrain, letters in P.TERRAIN_LETTERS.items()
    if terrain not in ("gold", "sea")
)
_HARBOURS = "harbour, 2 of its resource for 1: " + ", ".join(
    f"{P.RESOURCE_LETTERS[r]} {r}" for r in ("brick", "lumber", "wool", "grain", "ore")
)

HEX_KEY_WORDS = {0: "settlement", 1: "city", 3: "robber", 8: "harbour corner"}
"""`hex_items` by index, in the fewer words of the row under the map."""


def hex_key_line(ascii: bool) -> Text:
    """The hex map's pieces in one line of at most 66 cells, for the row under the map."""
    pieces = shortened(hex_items(ascii), HEX_KEY_WORDS)
    return key_line([*pieces, ("F1", P.KEY_TEXT, "the whole key")])


def fleet_items(ascii: bool) -> list[Item]:
    """The hex map's key with the sea's pieces (tui/render/hexmap_fleet.py)."""
    from tui.render.hexmap_fleet import key_items

    base = hex_items(ascii)
    return [*base[:3], *key_items(ascii), *base[3:]]


def space_items(ascii: bool) -> list[Item]:
    from tui.render.spacemap import GREEK, GREEK_ASCII, NEUTRAL, PIECE_GLYPHS, SHIP_ASCII

    def piece(name: str) -> str:
        if not ascii:
            return PIECE_GLYPHS[name]
        return (
            SHIP_ASCII[name] + "r" if name in SHIP_ASCII else ("R" if name == "spaceport" else "r")
        )

    seat = " (ASCII: seat letter r b w o)" if ascii else " (in its seat's colour)"
    items: list[Item] = [
        (piece("colony"), P.SEAT_STYLES[0], "colony" + seat),
        (
            piece("spaceport"),
            P.SEAT_STYLES[0],
            "spaceport" + (" (ASCII: upper case)" if ascii else ""),
        ),
        (
            piece("colony_ship"),
            P.SEAT_STYLES[1],
            "colony ship" + (" + seat letter" if ascii else ""),
        ),
        (piece("trade_ship"), P.SEAT_STYLES[1], "trade ship" + (" + seat letter" if ascii else "")),
        (
            "n" if ascii else PIECE_GLYPHS["colony"],
            NEUTRAL,
            "neutral colony (grey; 3 players): blocks its site, never produces",
        ),
    ]
    for resource, letter in P.SPACE_RESOURCE_LETTERS.items():
        items.append((letter, P.RESOURCE_DISCS[resource], f"{resource} planet"))
    items += [
        (" 9", P.CHIP, "the planet's number (produces on that roll)"),
        (" 8", P.CHIP_HOT, "6 and 8, the likeliest rolls"),
        ("2+", P.CHIP, "a double disc: 2 and 11"),
        ("3+", P.CHIP, "a double disc: 3 and 12"),
        (" ?", P.DISC_HIDDEN, "number not yet known"),
        ("P5", P.PIRATE, "pirate base, strength 5: beat it with cannons"),
        ("I3", P.ICE, "ice planet, strength 3: thaw it with freight pods"),
        (":" if ascii else "◦", P.SITE, "free colony site"),
        (":" if ascii else "◦", P.SITE_CLOSED, "site closed by a pirate base or ice planet (dim)"),
        (
            " ".join(GREEK_ASCII if ascii else GREEK),
            P.HOME_NAME + P.TILE_STYLES["home"],
            "home systems alpha, beta, gamma, delta",
        ),
        ("Merchants", P.OUTPOST, "alien outpost"),
        ("_" if ascii else "□", P.DOCK, "free dock for a trade station"),
        ("R" if ascii else "■", P.SEAT_STYLES[0] + P.DOCK_FILLED, "a seat's trade station"),
        ("*" if ascii else "♥", P.SEAT_STYLES[0] + P.DOCK_FILLED, "friendship marker holder"),
        ("#" if ascii else "◊", P.DOCKING_POINT, "outpost docking point"),
        ("#" if ascii else "░", P.TILE_HIDDEN, "unexplored sector"),
        ("." if ascii else "·", P.LANE, "a point in space a ship can stop on"),
        ("+" if ascii else "○", P.LEGAL, "a legal choice: you can pick it"),
        ("@" if ascii else "◉", P.CURSOR, "the cursor"),
        ("o" if ascii else "•", P.PATH, "the way a ship flies to the cursor"),
        (
            "OP5",
            P.PIRATE,
            "a planet's letter before P5 or I3: the planet the pirates hold or the ice"
            " covers (OP5: ore)",
        ),
    ]
    return items


KEY_WIDTH = 71
"""The cells of a line of the key under the whole space map."""

KEY_ROWS_KEPT = 2
"""Rows the game screen gives the space map's key before the log (its third line, the
roll numbers and the docks' glyphs, shows where rows are spare)."""


def map_key_strip(*, ascii: bool = False) -> Text:
    """The space map's key in three lines of at most `KEY_WIDTH` cells, for under the map; F1
    has it all.

    The lines come in order of need, the codes on the planets first ("C 6" is carbon on
    a 6, "P5" pirates of strength 5): where the screen has fewer rows to spare than
    three, the first lines are drawn (`KEY_ROWS_KEPT` of them are given rows)."""
    from tui.render.spacemap import GREEK, GREEK_ASCII, PIECE_GLYPHS

    def g(unicode: str, plain: str) -> str:
        return plain if ascii else unicode

    seat, other = P.SEAT_STYLES[0], P.SEAT_STYLES[1]
    res = [(letter, P.RESOURCE_DISCS[r], r) for r, letter in P.SPACE_RESOURCE_LETTERS.items()]
    lines: list[list[tuple[str, Style, str]]] = [
        [*res, ("P5", P.PIRATE, "pirates"), ("I3", P.ICE, "ice"), ("?", P.DISC_HIDDEN, "unknown")],
        [
            (g(PIECE_GLYPHS["colony"], "r"), seat, "colony"),
            (g(PIECE_GLYPHS["spaceport"], "R"), seat, "spaceport"),
            (g(PIECE_GLYPHS["colony_ship"], "^r"), other, "colony ship"),
            (g(PIECE_GLYPHS["trade_ship"], "$r"), other, "trade ship"),
            (g("◦", ":"), P.SITE, "site"),
            (g(GREEK[0], GREEK_ASCII[0]), P.HOME_NAME, "home"),
        ],
        [
            ("9", P.CHIP, "roll"),
            ("3+", P.CHIP, "3/12"),
            (g("░", "#"), P.TILE_HIDDEN, "unexplored"),
            (g("□", "_"), P.DOCK, "dock"),
            (g("■", "R"), seat + P.DOCK_FILLED, "station"),
            (g("♥", "*"), seat + P.DOCK_FILLED, "friendship"),
            (g("•", "o"), P.PATH, "route"),
        ],
    ]
    text = Text()
    for n, line in enumerate(lines):
        for k, (glyph, style, meaning) in enumerate(line):
            text.append("  " if k else "")
            text.append(glyph, style)
            text.append(" " + meaning, P.KEY_TEXT)
        if n < len(lines) - 1:
            text.append("\n")
    return text


def markdown_key(ruleset: str) -> str:
    """The key as a Markdown table, for the rules screen (F1)."""
    legend = face(ruleset).legend
    items, ascii_items = legend(False), legend(True)
    rows = ["## Reading the map", "", "| symbol | with --ascii | what it is |", "|---|---|---|"]
    for (glyph, _, meaning), (plain, _, _) in zip(items, ascii_items, strict=True):
        rows.append(f"| `{glyph}` | `{plain}` | {meaning.split(' (ASCII')[0]} |")
    return "\n".join(rows) + "\n"


def window_key_line(
    planets: list[tuple[str, str | None]],
    *,
    outpost: bool = False,
    width: int = 47,
    ascii: bool = False,
    lines: int = 1,
    pieces: Sequence[Item] = (),
) -> Text:
    """The key for the symbols in a window of the map, in at most `lines` lines of `width`.

    `planets` are the (resource, disc) pairs in view: their letters come first
    (in the supply's order), then pirates, ice, double discs, unknown numbers
    and the docking point; what does not fit is left out. `pieces` (the ships and
    buildings in view, glyph and words) go where room is left after those, in the
    gap they chose (seen at 80x24: the key never said what ● and ▲ were).
    """
    resources = {r for r, _ in planets}
    discs = {d for _, d in planets}
    items: list[tuple[str, Style, str]] = [
        (letter, P.RESOURCE_DISCS[r], r)
        for r, letter in P.SPACE_RESOURCE_LETTERS.items()
        if r in resources
    ]
    for prefix, letter, style, words in (
        ("pirate", "P", P.PIRATE, "pirates"),
        ("ice", "I", P.ICE, "ice"),
    ):
        # as drawn: "P4" where the pirates in view are of strength 4 (seen: "P5 pirates"
        # under an "OP4", the only pirates there)
        seen = sorted(d for d in discs if d and d.startswith(prefix))
        if seen:
            items.append((letter + seen[0].removeprefix(prefix), style, words))
    for disc in sorted(d for d in discs if d and "/" in d):
        first, second = disc.split("/")
        items.append((f"{first}+", P.CHIP, f"{first} or {second}"))
    if None in discs:
        items.append(("?", P.DISC_HIDDEN, "unknown"))
    if outpost:
        items.append(("#" if ascii else "◊", P.DOCKING_POINT, "dock"))
    Row = list[tuple[str, Style, str]]

    def laid(gap: str, short: bool) -> tuple[list[Row], int, int]:
        """The rows with `gap` between items (double discs as "3/12" if `short`), and how
        many of the items and of the pieces found room."""
        rows: list[Row] = [[] for _ in range(lines)]
        used = [0] * lines

        def place(glyph: str, style: Style, meaning: str, *, own_line: bool) -> bool:
            for row in range(lines):
                if not own_line and not rows[row]:
                    continue  # a piece never takes a line (a map row) of its own
                room = width - used[row] - (len(gap) if rows[row] else 0)
                said = meaning
                if len(glyph) + 1 + len(said) > room and " or " in said:
                    said = said.replace(" or ", "/")  # "3/12" when "3 or 12" has no room
                if len(glyph) + 1 + len(said) <= room:
                    used[row] = width - room + len(glyph) + 1 + len(said)
                    rows[row].append((glyph, style, said))
                    return True
            return False

        fitted = sum(
            place(g, s, m.replace(" or ", "/") if short else m, own_line=True) for g, s, m in items
        )
        extra = sum(place(g, s, m, own_line=False) for g, s, m in pieces)
        return rows, fitted, extra

    # Wide gaps and whole words first; then narrow gaps; then every double disc shortened
    # at once ("3/12"), before anything is left out (seen at 120x40: "3+" dropped for want
    # of room while "2+ 2 or 11" kept its words). Of the ways that fit every code, the one
    # that names the most pieces.
    ways = [(gap, laid(gap, short)) for gap, short in (("  ", False), (" ", False), (" ", True))]
    whole = [(gap, way) for gap, way in ways if way[1] == len(items)]
    gap, (rows, _, _) = max(whole, key=lambda w: w[1][2]) if whole else ways[-1]
    text = Text(no_wrap=True, overflow="crop", end="")
    for n, row_items in enumerate(r for r in rows if r):
        if n:
            text.append("\n")
        for k, (glyph, style, meaning) in enumerate(row_items):
            text.append(gap if k else "")
            text.append(glyph, style)
            text.append(" " + meaning, P.KEY_TEXT)
    return text
