"""An outpost's name and docks lie between the lattice's rows: no point hides under them.

Seen in play: a flight's step numbers and a jump's rings drawn over the letters of the
names ("4 5 6e7chants", "○S○i○n○i○t"), and ships parked on a name ("Mercha▲ts"); before
that, letters lit up as legal points with no step number on them. The names moved off the
points: every point shows its own mark, and every name reads whole."""

from __future__ import annotations

from typing import Any

import pytest

from engine import GameConfig, new_game
from engine.rulesets.starfarers import board as B
from tui.render import palette as P
from tui.render.canvas import style_at
from tui.render.spacemap import CIV_LABELS, Highlight, render_space_map, space_map_layout

LAY = space_map_layout(False)


def _at(text: Any, x: int, y: int) -> str:
    return str(text.plain.split("\n")[y][x])


def _outposts(view: dict[str, Any]) -> list[tuple[str, int]]:
    return [
        (CIV_LABELS[s["civilisation"]], s["slot"])
        for s in view["sectors"]
        if s["kind"] == "outpost" and s["face_up"]
    ]


@pytest.mark.parametrize(
    ("variant", "seed"), [("first_game", 5), ("strategic", 11), ("strategic", 12)]
)
def test_every_point_shows_its_mark_and_every_name_reads_whole(variant: str, seed: int) -> None:
    view = new_game(GameConfig("starfarers", 4, seed, {"variant": variant})).view(0)
    outposts = _outposts(view)
    assert outposts, "no outpost face up"
    points = [
        v for v in sorted(set(view["points"])) if v not in {p["point"] for p in view["pieces"]}
    ]
    cursor = points[0]
    labels = {v: str(1 + i % 9) for i, v in enumerate(points)}
    shown = {
        "plain": render_space_map(view),
        "labelled": render_space_map(
            view, Highlight("point", frozenset(points), cursor), labels=labels
        ),
        "ringed": render_space_map(view, Highlight("point", frozenset(points), cursor)),
    }
    for how, text in shown.items():
        lines = text.plain.split("\n")
        for name, _slot in outposts:
            assert any(name in line for line in lines), (how, name)
        if how == "plain":
            continue
        for v in points:
            x, y = LAY.point_cell[v]
            want = labels[v] if how == "labelled" else ("◉" if v == cursor else "○")
            if _at(shown["plain"], x, y) == "◊":  # an outpost's docking point keeps its glyph
                want = "◊"
            assert _at(text, x, y) == want, (how, v)
            style = P.CURSOR if v == cursor else P.LEGAL
            assert style_at(text, LAY.width, x, y).bgcolor == style.bgcolor


def test_no_outposts_name_or_dock_lies_on_a_point_in_any_slot() -> None:
    """Wherever a variant deals an outpost, its name, docks and marker take cells of no
    point and of no other sector."""
    from tui.render.spacemap import _wide_rows

    points = set(LAY.point_cell)
    owners: dict[tuple[int, int], set[int]] = {}
    for s in B.SLOTS:
        for cell in LAY.tile_cells[s.index]:
            owners.setdefault(cell, set()).add(s.index)
    longest = max(len(name) for name in CIV_LABELS.values())
    for s in B.SLOTS:
        cx, _ = LAY.sector_cell[s.index]
        name_row, dock_row = _wide_rows(s.index)
        cells = [(cx - longest // 2 + k, name_row) for k in range(longest)]
        cells += [(cx + d, dock_row) for d in range(-2, 4)]  # five docks, then the marker
        for cell in cells:
            assert cell not in points, (s.index, cell)
            assert not owners.get(cell, set()) - {s.index}, (s.index, cell)


def test_a_piece_on_a_legal_point_keeps_its_glyph_under_a_label() -> None:
    view = new_game(GameConfig("starfarers", 4, 5, {"variant": "first_game"})).view(0)
    piece = view["pieces"][0]
    text = render_space_map(
        view, Highlight("point", frozenset({piece["point"]})), labels={piece["point"]: "4"}
    )
    assert _at(text, *LAY.point_cell[piece["point"]]) in "●■▲♦"
