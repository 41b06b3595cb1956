"""The hex map renderer, tested as a pure function on real base games (no app)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from rich.text import Text

from engine import GameConfig, new_game
from engine.rulesets.base.board import base_grid
from tui.render import palette as P
from tui.render.canvas import style_at
from tui.render.hexmap import (
    Highlight,
    hex_map_layout,
    hit_test,
    nearest_target,
    render_hex_map,
)

SEED_FRESH = 20261121  # a new board, setup not started
SEED_SETUP = 4242  # setup finished by picking the first legal action each time
SEED_CITY = 11  # random play (random.Random(11)) until the first city stands
SIZES = [False, True]
SIZE_IDS = ["normal", "compact"]


def fresh_game(seed: int = SEED_FRESH) -> Any:
    return new_game(GameConfig("base", 4, seed))


def after_setup(seed: int = SEED_SETUP) -> Any:
    g = fresh_game(seed)
    while g.view(None)["phase"].startswith("setup"):
        g.apply(g.legal_actions()[0])
    return g


def with_city(seed: int = SEED_CITY) -> Any:
    g = fresh_game(seed)
    rnd = random.Random(seed)
    for _ in range(5000):
        legal = g.legal_actions()
        cities = [a for a in legal if type(a).__name__ == "BuildCity"]
        g.apply(cities[0] if cities else legal[rnd.randrange(len(legal))])
        if any(level == 2 for _, level in g.view(None)["vertices"]):
            return g
    raise AssertionError("no city in 5000 random actions")


def cell(text: Text, x: int, y: int) -> str:
    return text.plain.split("\n")[y][x]


def lines_of(text: Text) -> list[str]:
    return text.plain.split("\n")


def row_slice(text: Text, y: int, x0: int, x1: int) -> str:
    return text.plain.split("\n")[y][x0:x1]


def bg(text: Text, width: int, x: int, y: int) -> Any:
    style = style_at(text, width, x, y)
    return style.bgcolor


# -- size and shape --------------------------------------------------------------


@pytest.mark.parametrize("compact", SIZES, ids=SIZE_IDS)
def test_output_has_the_layout_size(compact: bool) -> None:
    lay = hex_map_layout(compact)
    text = render_hex_map(fresh_game().view(0), compact=compact)
    lines = text.plain.split("\n")
    assert len(lines) == lay.height
    assert all(len(line) == lay.width for line in lines)


def test_normal_fits_70_by_32_and_compact_fits_48_by_20() -> None:
    normal, compact = hex_map_layout(False), hex_map_layout(True)
    assert normal.width <= 70 and normal.height <= 32
    assert compact.width <= 48 and compact.height <= 20


@pytest.mark.parametrize("compact", SIZES, ids=SIZE_IDS)
def test_layout_follows_engine_geometry(compact: bool) -> None:
    """Cells keep the engine's screen order: left of / above in the grid, left of / above here."""
    grid = base_grid()
    lay = hex_map_layout(compact)
    assert len(lay.vertex_cell) == grid.num_vertices == 54
    assert len(lay.edge_cell) == grid.num_edges == 72
    assert len(lay.hex_cell) == len(grid.land) == 19
    assert len(set(lay.vertex_cell)) == 54
    pts = grid.vertex_xy
    for a in range(54):
        for b in range(54):
            if pts[a][0] < pts[b][0] - 1e-9:
                assert lay.vertex_cell[a][0] < lay.vertex_cell[b][0]
            if pts[a][1] < pts[b][1] - 1e-9:
                assert lay.vertex_cell[a][1] < lay.vertex_cell[b][1]
    # Every edge's cells lie between its two end vertices.
    for e, (v1, v2) in enumerate(grid.edge_vertices):
        (x1, y1), (x2, y2) = lay.vertex_cell[v1], lay.vertex_cell[v2]
        for x, y, _ in lay.edge_cells[e]:
            assert min(x1, x2) <= x <= max(x1, x2)
            assert min(y1, y2) <= y <= max(y1, y2)
    # Each hex's chip sits inside its own six corners.
    for h, corners in enumerate(grid.hex_vertices):
        xs = [lay.vertex_cell[v][0] for v in corners]
        ys = [lay.vertex_cell[v][1] for v in corners]
        x, y = lay.hex_cell[h]
        assert min(xs) < x < max(xs) and min(ys) < y < max(ys)


# -- board elements --------------------------------------------------------------


@pytest.mark.parametrize("compact", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("ascii", [False, True], ids=["unicode", "ascii"])
def test_every_hex_shows_terrain_and_number_at_its_cell(compact: bool, ascii: bool) -> None:
    view = fresh_game().view(0)
    lay = hex_map_layout(compact)
    text = render_hex_map(view, compact=compact, ascii=ascii)
    for h in view["board"]["hexes"]:
        x, y = lay.hex_cell[h["id"]]
        letters = P.TERRAIN_LETTERS[h["terrain"]]
        assert letters in text.plain.split("\n")[y - 1][x - 2 : x + 2]
        chip = row_slice(text, y, x - 1, x + 2 if not compact else x + 1).strip()
        if h["number"]:
            assert chip == str(h["number"])
            style = style_at(text, lay.width, x, y)
            hot = h["number"] in (6, 8)
            assert bool(style.bold) == hot
            assert (style.color == P.CHIP_HOT.color) == hot
        else:
            assert chip == ""


@pytest.mark.parametrize("compact", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("seed", [SEED_FRESH, SEED_SETUP, SEED_CITY])
def test_every_harbour_label_sits_by_its_two_vertices(compact: bool, seed: int) -> None:
    view = fresh_game(seed).view(0)
    grid = base_grid()
    lay = hex_map_layout(compact)
    text = render_hex_map(view, compact=compact)
    rows = lines_of(text)
    assert len(view["board"]["harbours"]) == 9
    for hb in view["board"]["harbours"]:
        x, y, n, y2 = lay.coast[(grid.land[hb["hex"]], tuple(hb["sea"]))]
        first = rows[y][x : x + n]
        letters = "" if hb["kind"] == "3:1" else P.RESOURCE_LETTERS[hb["kind"]]
        if hb["kind"] == "3:1":
            assert first == "3:1"
        elif compact:
            assert first == "2" + letters
        else:
            assert first == "2:1" and y2 != y
            assert rows[y2][x : x + n].strip() == letters
        assert style_at(text, lay.width, x, y).bgcolor == P.HARBOUR.bgcolor
        # Close to both vertices it serves, which are marked as harbour docks.
        for v in hb["vertices"]:
            vx, vy = lay.vertex_cell[v]
            assert abs(x + 1 - vx) + 2 * abs(y - vy) <= (9 if not compact else 6), hb
            assert cell(text, vx, vy) == "◦"
    generic = sum(1 for hb in view["board"]["harbours"] if hb["kind"] == "3:1")
    assert text.plain.count("3:1") == generic
    assert text.plain.count("◦") == 18


@pytest.mark.parametrize("compact", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("ascii", [False, True], ids=["unicode", "ascii"])
def test_robber_glyph_on_its_hex(compact: bool, ascii: bool) -> None:
    game = with_city()
    view = game.view(0)
    lay = hex_map_layout(compact)
    text = render_hex_map(view, compact=compact, ascii=ascii)
    glyph = "X"  # in both modes: cities are upper-case seat letters ("R" is a red city)
    x, y = lay.hex_centre[view["robber"]]
    robber_row = y + 1
    assert glyph in row_slice(text, robber_row, x - 1, x + 2)
    assert style_at(text, lay.width, x, robber_row).bgcolor == P.ROBBER.bgcolor
    robbers = [
        (cx, cy)
        for cy, line in enumerate(lines_of(text))
        for cx, ch in enumerate(line)
        if ch == glyph and style_at(text, lay.width, cx, cy).bgcolor == P.ROBBER.bgcolor
    ]
    assert robbers == [(x, robber_row)]
    assert hit_test(lay, x, robber_row) == ("hex", view["robber"])


def test_ascii_glyphs_do_not_collide() -> None:
    """Orange settlements are "o" and red cities "R": markers and the robber use other letters."""
    view = with_city().view(0)
    lay = hex_map_layout(False)
    empty = [v for v, (owner, _) in enumerate(view["vertices"]) if owner < 0]
    hl = Highlight("vertex", frozenset(empty[:6]), empty[0])
    text = render_hex_map(view, hl, ascii=True)
    assert cell(text, *lay.vertex_cell[empty[0]]) == "@"
    assert {cell(text, *lay.vertex_cell[v]) for v in empty[1:6]} == {"+"}


@pytest.mark.parametrize("compact", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("ascii", [False, True], ids=["unicode", "ascii"])
def test_settlements_cities_and_roads_where_the_geometry_says(compact: bool, ascii: bool) -> None:
    view = with_city().view(0)
    lay = hex_map_layout(compact)
    text = render_hex_map(view, compact=compact, ascii=ascii)
    harbour_vertices = {v for hb in view["board"]["harbours"] for v in hb["vertices"]}
    buildings = 0
    for v, (owner, level) in enumerate(view["vertices"]):
        x, y = lay.vertex_cell[v]
        ch = cell(text, x, y)
        if owner < 0:
            if v in harbour_vertices:
                assert ch == (":" if ascii else "◦")
            else:
                assert ch == ("." if ascii else "·")
            continue
        buildings += 1
        # the seat's letter in both modes (a second cue besides colour); a city reversed
        assert ch == ("rbwo"[owner].upper() if level == 2 else "rbwo"[owner])
        st = style_at(text, lay.width, x, y)
        assert st.color == P.SEAT_STYLES[owner].color
        assert bool(st.reverse) == (level == 2)
    assert buildings >= 8
    roads = 0
    for e, owner in enumerate(view["edges"]):
        for x, y, _ in lay.edge_cells[e]:
            st = style_at(text, lay.width, x, y)
            if owner >= 0:
                assert st.color == P.SEAT_STYLES[owner].color
                assert cell(text, x, y) in ("#" if ascii else "▀▄█")
            else:
                assert st.color == P.EDGE.color
        roads += owner >= 0
    assert roads >= 8


def test_palette_has_a_style_and_css_class_per_seat() -> None:
    assert len(set(P.SEAT_CSS_CLASSES)) == 4
    assert len({s.color for s in P.SEAT_STYLES}) == 4
    assert P.seat_css_class(2) == "seat-2"
    assert P.seat_style(5) == P.SEAT_STYLES[1]


# -- highlights and the cursor ---------------------------------------------------


def legal_ids(game: Any, attr: str) -> frozenset[int]:
    return frozenset(getattr(a, attr) for a in game.legal_actions() if hasattr(a, attr))


@pytest.mark.parametrize("compact", SIZES, ids=SIZE_IDS)
def test_vertex_highlight_only_on_legal_targets(compact: bool) -> None:
    game = fresh_game()
    legal = legal_ids(game, "vertex")
    assert len(legal) > 20
    # Take away some targets so "only legal ones" means something.
    legal = frozenset(sorted(legal)[::3])
    cursor = sorted(legal)[2]
    view = game.view(0)
    lay = hex_map_layout(compact)
    text = render_hex_map(view, Highlight("vertex", legal, cursor), compact=compact)
    for v in range(54):
        x, y = lay.vertex_cell[v]
        colour = bg(text, lay.width, x, y)
        if v == cursor:
            assert colour == P.CURSOR.bgcolor and cell(text, x, y) == "◉"
        elif v in legal:
            assert colour == P.LEGAL.bgcolor and cell(text, x, y) == "○"
        else:
            assert colour not in (P.LEGAL.bgcolor, P.CURSOR.bgcolor)
    marked = {
        (x, y)
        for y in range(lay.height)
        for x in range(lay.width)
        if bg(text, lay.width, x, y) in (P.LEGAL.bgcolor, P.CURSOR.bgcolor)
    }
    assert marked == {lay.vertex_cell[v] for v in legal}


@pytest.mark.parametrize("compact", SIZES, ids=SIZE_IDS)
def test_edge_and_hex_highlights_only_on_legal_targets(compact: bool) -> None:
    game = fresh_game()
    game.apply(game.legal_actions()[0])  # a settlement; now roads are asked for
    edges = legal_ids(game, "edge")
    assert edges
    lay = hex_map_layout(compact)
    view = game.view(0)
    cursor = min(edges)
    text = render_hex_map(view, Highlight("edge", edges, cursor), compact=compact)
    for e in range(72):
        for x, y, _ in lay.edge_cells[e]:
            colour = bg(text, lay.width, x, y)
            want = P.CURSOR if e == cursor else P.LEGAL if e in edges else None
            assert colour == (want.bgcolor if want else P.SEA.bgcolor)
    hexes = frozenset({0, 5, 9, 18})
    text = render_hex_map(view, Highlight("hex", hexes, 9), compact=compact)
    for h in range(19):
        x, y = lay.hex_cell[h]
        colour = bg(text, lay.width, x, y)
        want = P.CURSOR if h == 9 else P.LEGAL if h in hexes else None
        if want is None:
            assert colour not in (P.LEGAL.bgcolor, P.CURSOR.bgcolor)
        else:
            assert colour == want.bgcolor
    assert "▶" in text.plain and "◀" in text.plain


@pytest.mark.parametrize("compact", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("kind", ["vertex", "edge", "hex"])
def test_cursor_moves_only_between_legal_targets(compact: bool, kind: str) -> None:
    lay = hex_map_layout(compact)
    total = len(lay.anchors[kind])
    rnd = random.Random(7)
    targets = frozenset(rnd.sample(range(total), total // 3))
    for start in sorted(targets):
        for direction in ("up", "down", "left", "right"):
            got = nearest_target(lay, kind, targets, start, direction)
            assert got in targets
            if got == start:
                continue
            (fx, fy), (tx, ty) = lay.anchor(kind, start), lay.anchor(kind, got)
            assert {
                "up": ty < fy,
                "down": ty > fy,
                "left": tx < fx,
                "right": tx > fx,
            }[direction]


def test_cursor_reaches_the_obvious_neighbour_and_stays_at_the_edge() -> None:
    lay = hex_map_layout(False)
    grid = base_grid()
    everything = frozenset(range(54))
    # Top row of the island: vertex 0 is the leftmost top corner.
    assert nearest_target(lay, "vertex", everything, 0, "up") == 0
    right = nearest_target(lay, "vertex", everything, 0, "right")
    assert right is not None and lay.vertex_cell[right][0] > lay.vertex_cell[0][0]
    # Hexes: right of hex 0 on the top row is hex 1.
    assert grid.land[0][1] == grid.land[1][1]
    assert nearest_target(lay, "hex", frozenset(range(19)), 0, "right") == 1
    assert nearest_target(lay, "hex", frozenset(), 0, "right") is None
    assert nearest_target(lay, "hex", frozenset({4, 7}), None, "down") == 4
    with pytest.raises(ValueError):
        nearest_target(lay, "hex", frozenset({4}), 4, "north")


@pytest.mark.parametrize("compact", SIZES, ids=SIZE_IDS)
def test_hit_test_inverts_the_layout(compact: bool) -> None:
    lay = hex_map_layout(compact)
    for v, (x, y) in enumerate(lay.vertex_cell):
        assert hit_test(lay, x, y) == ("vertex", v)
    for e, cells in enumerate(lay.edge_cells):
        for x, y, _ in cells:
            assert hit_test(lay, x, y) == ("edge", e)
        assert hit_test(lay, *lay.edge_cell[e]) == ("edge", e)
    for h, cells in enumerate(lay.hex_interior):
        for x, y in cells:
            assert hit_test(lay, x, y) == ("hex", h)
        assert hit_test(lay, *lay.hex_cell[h]) == ("hex", h)
    assert hit_test(lay, 0, 0) is None
    # Asking for a kind forgives a near miss: one cell right of a vertex is still it.
    x, y = lay.vertex_cell[20]
    assert hit_test(lay, x + 1, y, kind="vertex") == ("vertex", 20)


# -- charset, determinism, speed --------------------------------------------------


@pytest.mark.parametrize("compact", SIZES, ids=SIZE_IDS)
def test_ascii_mode_is_printable_ascii_only(compact: bool) -> None:
    game = with_city()
    view = game.view(0)
    hl = Highlight("vertex", frozenset(range(0, 54, 5)), 10)
    for hlt in (
        None,
        hl,
        Highlight("hex", frozenset({1, 2}), 2),
        Highlight("edge", frozenset({3}), 3),
    ):
        plain = render_hex_map(view, hlt, ascii=True, compact=compact).plain
        assert all(ch == "\n" or 32 <= ord(ch) < 127 for ch in plain)


@pytest.mark.parametrize("compact", SIZES, ids=SIZE_IDS)
def test_unicode_output_is_one_cell_per_character(compact: bool) -> None:
    from rich.cells import cell_len

    text = render_hex_map(with_city().view(0), compact=compact)
    for line in text.plain.split("\n"):
        assert cell_len(line) == len(line)


def test_same_seed_same_picture_and_different_seed_different_picture() -> None:
    a = render_hex_map(with_city().view(0))
    b = render_hex_map(with_city().view(0))
    assert a.plain == b.plain
    assert a.spans == b.spans
    c = render_hex_map(fresh_game(SEED_FRESH + 1).view(0))
    assert c.plain != render_hex_map(fresh_game().view(0)).plain


def test_render_does_not_touch_the_view_and_ignores_the_seat() -> None:
    game = after_setup()
    view = game.view(1)
    import copy

    before = copy.deepcopy(view)
    render_hex_map(view, Highlight("hex", frozenset({3}), 3))
    assert view == before
    assert render_hex_map(game.view(None)).plain == render_hex_map(view).plain


def test_map_layout_alias_takes_a_view() -> None:
    from tui.render.hexmap import map_layout

    view = fresh_game().view(0)
    assert map_layout(view, compact=True) is hex_map_layout(True)
    assert map_layout(view) is hex_map_layout(False)


@pytest.mark.parametrize("compact", SIZES, ids=SIZE_IDS)
def test_cached_layers_never_carry_paint_between_renders(compact: bool) -> None:
    """Renders share cached background rows; pieces and highlights must not leak into them."""
    bare = fresh_game().view(0)
    first = render_hex_map(bare, compact=compact)
    render_hex_map(with_city().view(0), Highlight("hex", frozenset({2, 3}), 3), compact=compact)
    render_hex_map(bare, Highlight("vertex", frozenset({1, 9}), 9), compact=compact)
    again = render_hex_map(bare, compact=compact)
    assert again.plain == first.plain and again.spans == first.spans


@pytest.mark.parametrize("ruleset", ["base", "starfarers"])
def test_legend_names_the_glyphs_the_map_uses(ruleset: str) -> None:
    from tui.render.legend import map_legend

    for ascii in (False, True):
        legend = map_legend(ruleset, ascii=ascii).plain
        assert "legal" in legend and "cursor" in legend
        if ascii:
            assert all(ch == "\n" or 32 <= ord(ch) < 127 for ch in legend)
    if ruleset == "base":
        plain = render_hex_map(with_city().view(0)).plain
        legend = map_legend(ruleset).plain
        for glyph in ("X", "◦"):
            assert glyph in plain and glyph in legend
        assert any(ch in plain for ch in "RBWO") and "R" in legend  # a city
        assert any(ch in plain for ch in "rbwo") and "r" in legend  # a settlement


def test_renderers_do_not_import_textual() -> None:
    """Pure functions: usable by tests, bots' debug output and the CLI without an app."""
    import subprocess
    import sys

    code = (
        "import sys, tui.render.hexmap, tui.render.spacemap, tui.render.legend; "
        "print('textual' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
