"""The hex map draws any grid at its own size: the Catan Fleet map (rules/catan-fleet.md §5).

The Fleet ruleset does not exist yet, so the view is the board's JSON plus
empty pieces, the shape every hex-family view has.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.rng import Rng
from engine.rulesets.base.board import make_board
from tui.render import palette as P
from tui.render.canvas import style_at
from tui.render.hexmap import Highlight, hex_map_layout, hit_test, map_layout, render_hex_map

SEED_FLEET = 3  # the Fleet map is fixed; the seed only feeds make_board's signature
SIZES = [False, True]
SIZE_IDS = ["normal", "compact"]


def fleet_view() -> dict[str, Any]:
    board = make_board("fleet", Rng(SEED_FLEET))
    grid = board.grid
    return {
        "ruleset": "fleet",
        "board": board.to_json(),
        "vertices": [[-1, 0]] * grid.num_vertices,
        "edges": [-1] * grid.num_edges,
        "robber": board.desert,
    }


@pytest.mark.parametrize("compact", SIZES, ids=SIZE_IDS)
def test_the_map_has_its_own_size(compact: bool) -> None:
    view = fleet_view()
    lay = map_layout(view, compact=compact)
    base = hex_map_layout(compact)
    assert (lay.width, lay.height) != (base.width, base.height)
    assert lay.width > base.width and lay.height > base.height
    lines = render_hex_map(view, compact=compact).plain.split("\n")
    assert len(lines) == lay.height and all(len(line) == lay.width for line in lines)
    assert len(lay.hex_cell) == 51 and len(lay.vertex_cell) == len(view["vertices"])
    assert len(lay.edge_cells) == len(view["edges"])
    # Every anchor and every interior cell lies on the canvas.
    cells = [*lay.vertex_cell, *lay.hex_cell, *(c for h in lay.hex_interior for c in h)]
    cells += [(x, y) for e in lay.edge_cells for x, y, _ in e]
    assert all(0 <= x < lay.width and 0 <= y < lay.height for x, y in cells)
    assert len(set(lay.vertex_cell)) == len(lay.vertex_cell)


@pytest.mark.parametrize("compact", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("ascii", [False, True], ids=["unicode", "ascii"])
def test_every_land_hex_shows_terrain_and_number(compact: bool, ascii: bool) -> None:
    view = fleet_view()
    lay = map_layout(view, compact=compact)
    text = render_hex_map(view, compact=compact, ascii=ascii)
    rows = text.plain.split("\n")
    land = [h for h in view["board"]["hexes"] if h["terrain"] != "sea"]
    assert len(land) == 25
    for h in land:
        x, y = lay.hex_cell[h["id"]]
        assert P.TERRAIN_LETTERS[h["terrain"]] in rows[y - 1][x - 2 : x + 2]
        chip = rows[y][x - 1 : x + 2 if not compact else x + 1].strip()
        assert chip == (str(h["number"]) if h["number"] else "")
        fill = style_at(
            text, lay.width, lay.hex_interior[h["id"]][0][0], lay.hex_interior[h["id"]][0][1]
        )
        assert fill.bgcolor == P.TERRAIN_FILL[h["terrain"]].bgcolor
    # Gold fields and both deserts are drawn as such.
    assert sum(1 for h in land if h["terrain"] == "gold") == 2
    letters = [rows[lay.hex_cell[h["id"]][1] - 1] for h in land if h["terrain"] == "desert"]
    assert len(letters) == 2 and all("De" in row for row in letters)


@pytest.mark.parametrize("compact", SIZES, ids=SIZE_IDS)
def test_sea_hexes_are_water(compact: bool) -> None:
    view = fleet_view()
    lay = map_layout(view, compact=compact)
    text = render_hex_map(view, compact=compact)
    rows = text.plain.split("\n")
    sea = [h for h in view["board"]["hexes"] if h["terrain"] == "sea"]
    assert len(sea) == 26 and [h["id"] for h in sea] == list(range(25, 51))
    labels: set[tuple[int, int]] = set()
    for hb in view["board"]["harbours"]:
        x, y, n, y2 = lay.coast[(lay.hexes[hb["hex"]], tuple(hb["sea"]))]
        labels |= {(x + i, row) for i in range(n) for row in (y, y2)}
    for h in sea:
        interior = [c for c in lay.hex_interior[h["id"]] if c not in labels]
        # Water only: no terrain letters, no number chip, waves in the sea style.
        assert {rows[y][x] for x, y in interior} == {"~", " "}
        assert all(style_at(text, lay.width, x, y) == P.SEA_WAVES for x, y in interior)


@pytest.mark.parametrize("compact", SIZES, ids=SIZE_IDS)
def test_nine_harbours_with_their_docks(compact: bool) -> None:
    view = fleet_view()
    text = render_hex_map(view, compact=compact).plain
    assert len(view["board"]["harbours"]) == 9
    assert text.count("3:1") == 4
    assert text.count("◦") == 18
    lay = map_layout(view, compact=compact)
    for hb in view["board"]["harbours"]:
        assert (lay.hexes[hb["hex"]], tuple(hb["sea"])) in lay.coast


@pytest.mark.parametrize("compact", SIZES, ids=SIZE_IDS)
def test_sea_hexes_and_sea_edges_are_targets(compact: bool) -> None:
    """The pirate's hexes and the ships' edges can be highlighted and clicked."""
    view = fleet_view()
    lay = map_layout(view, compact=compact)
    sea_hex = 30
    x, y = lay.hex_cell[sea_hex]
    assert hit_test(lay, x, y) == ("hex", sea_hex)
    text = render_hex_map(view, Highlight("hex", frozenset({sea_hex}), sea_hex), compact=compact)
    assert style_at(text, lay.width, x, y).bgcolor == P.CURSOR.bgcolor
    for e, cells in enumerate(lay.edge_cells):
        for cx, cy, _ in cells:
            assert hit_test(lay, cx, cy) == ("edge", e)
    plain = render_hex_map(view, compact=compact, ascii=True).plain
    assert all(ch == "\n" or 32 <= ord(ch) < 127 for ch in plain)
