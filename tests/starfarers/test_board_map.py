"""The lattice matches the reference map of rules/starfarers.md §2.4 character for character."""

from __future__ import annotations

from engine.rulesets.starfarers import board as B

from .helpers import make

REFERENCE = """
14 .444..................~~~DDDDD......
13 44#44...ccc.......hhh.~~~DD#DDGGGGG.
12 44444..cc#cc.....hh@hh~~~.DDD.GG@GG.
11 .......ccccceeeeehhhhh~~~......GGG..
10 .333........ee#ee.....~~~CCCCC......
 9 33#33........eee......~~~CC#CC......
 8 33333..bbbbb.....ggggg~~~.CCC..FFF..
 7 .......bb#bb.....gg#gg~~~.....FF#FF.
 6 .222....bbb.......ggg.~~~BBBBBFFFFF.
 5 22#22.......ddddd.....~~~BB#BB......
 4 22222.......dd#dd.....~~~.BBB.......
 3 ........aaa..ddd..fff.~~~.....EEEEE.
 2 .111...aa#aa.....ff@ff~~~AAAAAEE@EE.
 1 11#11..aaaaa.....fffff~~~AA#AA.EEE..
 0 11111.................~~~.AAA.......
"""


def _render() -> list[str]:
    g = make(4, seed=1)
    marks = "1234abcdefghABCDEFG"
    rows = []
    for y in range(B.HEIGHT - 1, -1, -1):
        row = []
        for x in range(B.WIDTH):
            v = B.vid(x, y)
            s = B.CENTRE_SLOT[v]
            if s >= 0:
                row.append("@" if g.is_point[v] else "#")
            elif B.RING_SLOT[v] >= 0:
                row.append(marks[B.RING_SLOT[v]])
            else:
                row.append("~" if 22 <= x <= 24 else ".")
        rows.append(f"{y:2d} " + "".join(row))
    return rows


def test_first_game_board_matches_reference_map() -> None:
    """Every vertex of the first-game board (seed 1) renders as in the spec's picture."""
    assert _render() == REFERENCE.strip("\n").split("\n")
