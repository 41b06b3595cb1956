"""`--ascii` for everything the terminal receives: panels, dialogs, footer, scrollbars.

The map and the app's own texts choose ASCII glyphs themselves; what Textual
draws (rounded borders, scrollbar blocks, the footer's separators, a Select's
arrow) does not. `ascii_only(text)` turns every character outside ASCII into
an ASCII one of the same width (box lines into - | +, blocks into #, dots and
ellipses into . and so on; anything unknown into ?), and `install(driver)`
applies it to every write of the app's terminal driver, so nothing else
reaches the screen. Escape sequences are ASCII already and pass unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_SAME = {
    "─━═╌╍┄┅┈┉▔‾⎺⎻⎼⎽▀": "-",
    "│┃║╎╏┆┇┊┋▏▕▎▍▌▐▊▋": "|",
    "┌┐└┘├┤┬┴┼╭╮╯╰╔╗╚╝╠╣╦╩╬┏┓┗┛": "+",
    "█▓■◼◆♦▣◙": "#",
    # a bar's height kept (sparklines, histograms): the eighths as rising ASCII marks
    "▁": "_",
    "▂": ".",
    "▃": ":",
    "▄": "-",
    "▅": "=",
    "▆": "+",
    "▇": "*",
    "▒": "%",
    "░": ":",
    "·•∙◦○◯●□◻▢": ".",  # □: an empty step of C&K's improvement bar ("##...")
    "≈": "~",  # the barbarian ship's wake on its track
    "⇧": "^",  # Shift, in a key hint ("⇧Tab")
    "…": ".",
    "▶►▸→⏎": ">",
    "◀◄◂←": "<",
    "↑▲▴": "^",
    "↓▼▾": "v",
    "\u2014\u2013\u2212": "-",  # em dash, en dash, minus
    "\u00d7": "x",  # multiplication sign
    "✓✔": "v",
    "✗✘": "x",
    "\u201c\u201d\u201e": '"',  # double quotation marks
    "\u2018\u2019\u201a": "'",  # single quotation marks
    "\u03b1": "a",  # the Starfarers home systems' Greek letters
    "\u03b2": "b",
    "\u03b3": "g",
    "\u03b4": "d",
    "\u03b5": "e",
    "\u03b6": "z",
    "⚀": "1",
    "⚁": "2",
    "⚂": "3",
    "⚃": "4",
    "⚄": "5",
    "⚅": "6",
}


class _Table(dict[int, str]):
    """A str.translate table: known glyphs mapped, other non-ASCII to '?', ASCII kept."""

    def __missing__(self, code: int) -> str:
        if code < 128:
            raise LookupError(code)  # str.translate keeps the character
        return "?"


TABLE = _Table({ord(ch): ascii for chars, ascii in _SAME.items() for ch in chars})


def ascii_only(text: str) -> str:
    return text.translate(TABLE)


def install(driver: Any) -> None:
    """Make every write of `driver` ASCII only (once; a second call does nothing)."""
    if getattr(driver, "_ascii_only", False):
        return
    write: Callable[[str], None] = driver.write

    def ascii_write(data: str) -> None:
        write(data.translate(TABLE))

    driver.write = ascii_write
    driver._ascii_only = True
