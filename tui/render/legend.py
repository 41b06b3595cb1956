"""What the map glyphs mean, for a help panel or the rules screen.

Kept next to the renderers so the key and the drawing cannot drift apart:
every glyph here is the constant the renderer itself uses.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from tui.render import palette as P
from tui.render.spacemap import COMPACT_NUMBERS, PIECE_GLYPHS, SHIP_ASCII


def map_legend(ruleset: str, *, ascii: bool = False) -> Text:
    """A short key to the map of `ruleset` ("starfarers" or a hex ruleset), one item a line."""
    items = _space_items(ascii) if ruleset == "starfarers" else _hex_items(ascii)
    text = Text()
    for glyph, style, meaning in items:
        text.append(glyph, style)
        text.append(" " * (5 - len(glyph)) + f"{meaning}\n")
    text.rstrip()
    return text


Item = tuple[str, Style, str]


def _hex_items(ascii: bool) -> list[Item]:
    return [
        ("r" if ascii else "▲", P.SEAT_STYLES[0], "settlement (ASCII: seat letter r b w o)"),
        ("R" if ascii else "■", P.SEAT_STYLES[0], "city (ASCII: upper case)"),
        ("#" if ascii else "█", P.SEAT_STYLES[1], "road"),
        ("X" if ascii else "R", P.ROBBER, "robber"),
        (" 8", P.CHIP_HOT, "number chip; 6 and 8 in red"),
        ("3:1", P.HARBOUR, "harbour, any 3 for 1; 2:1 names its resource"),
        (":" if ascii else "◦", P.HARBOUR_DOCK, "a corner served by a harbour"),
        ("+" if ascii else "○", P.LEGAL, "a legal choice"),
        ("@" if ascii else "◉", P.CURSOR, "the cursor"),
    ]


def _space_items(ascii: bool) -> list[Item]:
    def piece(name: str) -> str:
        if not ascii:
            return PIECE_GLYPHS[name]
        return SHIP_ASCII.get(name, "C" if name == "spaceport" else "c")

    letters = " ".join(f"{v}={k}" for k, v in P.SPACE_RESOURCE_LETTERS.items())
    codes = " ".join(f"{v}={k}" for k, v in COMPACT_NUMBERS.items())
    return [
        (piece("colony"), P.SEAT_STYLES[0], "colony (ASCII: seat letter r b w o)"),
        (piece("spaceport"), P.SEAT_STYLES[0], "spaceport (ASCII: upper case)"),
        (piece("colony_ship"), P.SEAT_STYLES[1], "colony ship"),
        (piece("trade_ship"), P.SEAT_STYLES[1], "trade ship"),
        ("F 6", P.RESOURCE_DISCS["fuel"], f"planet: resource and number ({letters})"),
        ("F3+", P.RESOURCE_DISCS["fuel"], "double number disc, 3 and 12"),
        ("F ?", P.RESOURCE_DISCS["fuel"], "number disc still face down"),
        ("FP5", P.PIRATE, "pirate base of strength 5 (on a fuel planet)"),
        ("FI3", P.ICE, "ice planet of strength 3"),
        ("???", P.HIDDEN, "sector tile still face down"),
        (":" if ascii else "◦", P.SITE, "a free colony site"),
        ("#" if ascii else "◈", P.OUTPOST, "outpost docking point"),
        ("_" if ascii else "▫", P.DOCK, "a free dock; a trade station fills it"),
        ("*" if ascii else "★", P.SEAT_STYLES[0], "friendship marker holder"),
        ("5", P.RESOURCE_DISCS["ore"], f"compact map: a planet's number ({codes})"),
        ("+" if ascii else "○", P.LEGAL, "a legal choice"),
        ("@" if ascii else "◎", P.CURSOR, "the cursor"),
    ]
