"""A legal point on an outpost's name is drawn over the name: its step number shows.

Seen in play: the `k` of "Green Folk" and the `M` of "Merchants" lit up as legal points
with no step number on them, the letter drawn over the target."""

from __future__ import annotations

from typing import Any

from engine import GameConfig, new_game
from engine.rulesets.starfarers import board as B
from tui.render import palette as P
from tui.render.canvas import style_at
from tui.render.spacemap import CIV_LABELS, Highlight, render_space_map, space_map_layout

LAY = space_map_layout(False)


def _at(text: Any, x: int, y: int) -> str:
    return str(text.plain.split("\n")[y][x])


def _name_points(view: dict[str, Any]) -> dict[int, str]:
    """Each free point under a letter of an outpost's name, with the letter."""
    held = {p["point"] for p in view["pieces"]}
    by_cell = {cell: v for v, cell in enumerate(LAY.point_cell) if v in set(view["points"])}
    out = {}
    for sector in view["sectors"]:
        if sector["kind"] != "outpost" or not sector["face_up"]:
            continue
        s = B.SLOTS[sector["slot"]]
        cx, cy = LAY.sector_cell[s.index]
        row = cy - 2 if s.up else cy + 2
        label = CIV_LABELS[sector["civilisation"]]
        for k, letter in enumerate(label):
            v = by_cell.get((cx - len(label) // 2 + k, row))
            if v is not None and v not in held and letter != " ":
                out[v] = letter
    return out


def test_a_step_number_on_an_outpost_name_is_drawn_over_its_letter() -> None:
    view = new_game(GameConfig("starfarers", 4, 5, {"variant": "first_game"})).view(0)
    under = _name_points(view)
    assert len(under) >= 4, under  # every name lies across points of the lattice
    plain = render_space_map(view)
    for v, letter in under.items():
        assert _at(plain, *LAY.point_cell[v]) == letter  # unlit, the name reads whole
    targets = sorted(under)
    cursor = targets[0]
    labels = {v: str(1 + i % 9) for i, v in enumerate(targets)}
    text = render_space_map(view, Highlight("point", frozenset(targets), cursor), labels=labels)
    for v in targets:
        x, y = LAY.point_cell[v]
        assert _at(text, x, y) == labels[v], (v, under[v])
        want = P.CURSOR if v == cursor else P.LEGAL
        assert style_at(text, LAY.width, x, y).bgcolor == want.bgcolor
    # without labels (a jump's targets), a ring marks them over the letters too
    ringed = render_space_map(view, Highlight("point", frozenset(targets), cursor))
    assert {_at(ringed, *LAY.point_cell[v]) for v in targets} == {"○", "●"}


def test_a_piece_on_a_legal_point_keeps_its_glyph_under_a_label() -> None:
    view = new_game(GameConfig("starfarers", 4, 5, {"variant": "first_game"})).view(0)
    piece = view["pieces"][0]
    text = render_space_map(
        view, Highlight("point", frozenset({piece["point"]})), labels={piece["point"]: "4"}
    )
    assert _at(text, *LAY.point_cell[piece["point"]]) in "●■▲♦"
