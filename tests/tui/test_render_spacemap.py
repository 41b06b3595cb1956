"""The Starfarers space map renderer, tested as a pure function on real games (no app)."""

from __future__ import annotations

import copy
import random
from functools import cache
from typing import Any

import pytest
from rich.cells import cell_len
from rich.text import Text

from engine import GameConfig, new_game
from engine.rulesets.starfarers import board as B
from tui.render import palette as P
from tui.render.canvas import style_at
from tui.render.spacemap import (
    Highlight,
    hit_test,
    nearest_target,
    render_space_map,
    space_map_layout,
)

SEED_FIRST = 5  # the first-game board, play not started
SEED_DISCOVER = 5  # discoverer: every sector face down
SEED_TRADE = 1  # first game, trade ships steered to outposts until 3 stations stand
SEED_THREE = 9  # first game for three: the fourth colour's pieces stand as neutral blockers
SEED_RANDOM = 1  # first game, random play (random.Random(1)) until pirates and ice show
SIZES = [False, True]
SIZE_IDS = ["normal", "compact"]


def game(variant: str, seed: int) -> Any:
    return new_game(GameConfig("starfarers", 4, seed, {"variant": variant}))


def _dist(a: int, b: int) -> int:
    (ax, ay), (bx, by) = B.vertex_xy(a), B.vertex_xy(b)
    return abs(ax - bx) + abs(ay - by)


@cache
def traded() -> Any:
    """Trade ships built and flown greedily towards the docking points."""
    g = game("first_game", SEED_TRADE)
    rnd = random.Random(SEED_TRADE)
    docks = [
        B.SLOTS[s].centre
        for s in range(B.NUM_SLOTS)
        if g.view(None)["sectors"][s]["kind"] == "outpost"
    ]
    view = g.view(None)
    for _ in range(5000):
        legal = g.legal_actions()
        builds = [a for a in legal if type(a).__name__ == "BuildShip" and a.kind == "trade"]
        pieces = {p["point"]: p["piece"] for p in view["pieces"]}
        moving = view["moving_ship"]
        flying_trade = moving is not None and moving["piece"] == "trade_ship"
        steps = [
            a
            for a in legal
            if type(a).__name__ == "FlyStep"
            and (pieces.get(a.ship) == "trade_ship" or flying_trade)
        ]
        if builds:
            g.apply(builds[0])
        elif steps:
            g.apply(min(steps, key=lambda a: (min(_dist(a.to, d) for d in docks), rnd.random())))
        else:
            g.apply(legal[rnd.randrange(len(legal))])
        view = g.view(None)
        if sum(sum(s) for s in view["trade_stations"].values()) >= 3:
            return g
    raise AssertionError("no trade stations")


@cache
def explored() -> Any:
    """Random play until a pirate base and an ice planet are face up."""
    g = game("first_game", SEED_RANDOM)
    rnd = random.Random(SEED_RANDOM)
    for _ in range(6000):
        legal = g.legal_actions()
        g.apply(legal[rnd.randrange(len(legal))])
        discs = {p["disc"] or "" for p in g.view(None)["planets"]}
        if any(d.startswith("pirate") for d in discs) and any(d.startswith("ice") for d in discs):
            return g
    raise AssertionError("no pirate and ice discs revealed")


def lines(text: Text) -> list[str]:
    return text.plain.split("\n")


def at(text: Text, x: int, y: int) -> str:
    return lines(text)[y][x]


# -- size and geometry -----------------------------------------------------------


@pytest.mark.parametrize("compact", SIZES, ids=SIZE_IDS)
def test_output_has_the_layout_size_and_fits(compact: bool) -> None:
    lay = space_map_layout(compact)
    text = render_space_map(game("first_game", SEED_FIRST).view(0), compact=compact)
    rows = lines(text)
    assert len(rows) == lay.height
    assert all(len(r) == lay.width and cell_len(r) == lay.width for r in rows)
    if compact:
        assert lay.width <= 48 and lay.height <= 20
    else:
        assert lay.width <= 71 and lay.height <= 32


@pytest.mark.parametrize("compact", SIZES, ids=SIZE_IDS)
def test_layout_is_the_engine_lattice(compact: bool) -> None:
    lay = space_map_layout(compact)
    assert len(lay.point_cell) == B.NUM_VERTICES == 540
    assert len(set(lay.point_cell)) == 540
    for v in range(B.NUM_VERTICES):
        x, y = B.vertex_xy(v)
        assert lay.point_cell[v] == ((x, 14 - y) if compact else (2 * x, 2 * (14 - y)))
    for s in B.SLOTS:
        assert lay.sector_cell[s.index] == lay.point_cell[s.centre]
    # Normal: a planet's cells lie strictly inside its hex cell's corners.
    if not compact:
        for pid, cells in enumerate(lay.planet_cells):
            s = B.SLOTS[pid // 3]
            x0, y0 = s.faces[pid % 3]
            lo = lay.point_cell[B.vid(x0, y0)]
            hi = lay.point_cell[B.vid(x0 + 2, y0 + 1)]
            for cx, cy in cells:
                assert lo[0] < cx < hi[0] and hi[1] < cy < lo[1]
    else:
        for pid, (cell,) in enumerate(lay.planet_cells):
            corners = B.PLANET_CORNERS[pid]
            assert cell in {lay.point_cell[c] for c in corners}


# -- board elements ----------------------------------------------------------------


@pytest.mark.parametrize("compact", SIZES, ids=SIZE_IDS)
def test_points_and_lanes(compact: bool) -> None:
    view = game("first_game", SEED_FIRST).view(0)
    lay = space_map_layout(compact)
    text = render_space_map(view, compact=compact)
    points = set(view["points"])
    occupied = {p["point"] for p in view["pieces"]}
    planet_cells = {c for cells in lay.planet_cells for c in cells}
    systems = [s["slot"] for s in view["sectors"] if s["kind"] in ("home", "planetary")]
    sites = {v for slot in systems for v in B.SLOTS[slot].inner}
    assert len(sites) == 3 * len(systems) == 36
    for v in range(B.NUM_VERTICES):
        x, y = lay.point_cell[v]
        ch = at(text, x, y)
        if v in occupied:
            continue
        if v in points and B.CENTRE_SLOT[v] >= 0:
            assert ch == "◈"  # a revealed outpost's docking point
        elif v in sites:
            assert ch == "◦"
        elif v in points and (x, y) not in planet_cells:
            assert ch == "·"
        elif v not in points:
            assert ch != "·"
    if compact:
        return
    # The lanes the view documents: a lattice lane is drawn iff both ends are points.
    lattice = view["board"]["lattice_lanes"]
    assert len(lattice) == sum(len(n) for n in B.NEIGHBOURS) // 2
    drawn = 0
    for a, b in lattice:
        (ax, ay), (bx, by) = lay.point_cell[a], lay.point_cell[b]
        ch = at(text, (ax + bx) // 2, (ay + by) // 2)
        lane = a in points and b in points
        assert (ch == ("─" if ay == by else "│")) == lane, (B.vertex_xy(a), B.vertex_xy(b))
        drawn += lane
    assert drawn == 732  # the first-game board's lanes (rules/starfarers.md §2.3)


@pytest.mark.parametrize("compact", SIZES, ids=SIZE_IDS)
def test_planets_show_resource_and_disc(compact: bool) -> None:
    view = explored().view(0)
    lay = space_map_layout(compact)
    text = render_space_map(view, compact=compact)
    pieces = {p["point"] for p in view["pieces"]}
    kinds = set()
    for p in view["planets"]:
        cells = lay.planet_cells[p["planet"]]
        disc = p["disc"]
        shown = "".join(at(text, x, y) for x, y in cells)
        if compact:
            if lay.point_cell.index(cells[0]) in pieces:
                continue  # a ship parked on the planet's tip hides it
            want = "?" if disc is None else disc.removeprefix("pirate").removeprefix("ice")
            want = {"10": "A", "11": "B", "12": "C"}.get(want.split("/")[0], want.split("/")[0])
            assert shown == want
        else:
            assert shown[0] == P.SPACE_RESOURCE_LETTERS[p["resource"]]
            if disc is None:
                assert shown[1:] == " ?"
            elif disc.startswith("pirate"):
                assert shown[1:] == "P" + disc[-1]
            elif disc.startswith("ice"):
                assert shown[1:] == "I" + disc[-1]
            elif "/" in disc:
                assert shown[1:] == disc.split("/")[0] + "+"
            else:
                assert shown[1:].strip() == disc
        style = style_at(text, lay.width, *cells[-1])
        if disc and disc.startswith("pirate"):
            assert style.bgcolor == P.PIRATE.bgcolor
            kinds.add("pirate")
        elif disc and disc.startswith("ice"):
            assert style.bgcolor == P.ICE.bgcolor
            kinds.add("ice")
        else:
            assert style.bgcolor == P.RESOURCE_DISCS[p["resource"]].bgcolor
            kinds.add("hidden" if disc is None else "number")
    assert kinds == {"pirate", "ice", "hidden", "number"}


@pytest.mark.parametrize("compact", SIZES, ids=SIZE_IDS)
def test_face_down_sectors_are_marked_hidden(compact: bool) -> None:
    view = game("discoverer", SEED_DISCOVER).view(0)
    lay = space_map_layout(compact)
    text = render_space_map(view, compact=compact)
    hidden = [s["slot"] for s in view["sectors"] if not s["face_up"]]
    assert len(hidden) == 15
    for s in hidden:
        assert at(text, *lay.sector_cell[s]) == "?"
        for j in range(3):
            for x, y in lay.planet_cells[3 * s + j]:
                assert at(text, x, y) == "?"
    assert "◈" not in text.plain  # no outpost is known yet


@pytest.mark.parametrize("compact", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("ascii", [False, True], ids=["unicode", "ascii"])
def test_pieces_in_seat_colours_at_their_points(compact: bool, ascii: bool) -> None:
    view = explored().view(0)
    lay = space_map_layout(compact)
    text = render_space_map(view, compact=compact, ascii=ascii)
    kinds = set()
    for p in view["pieces"]:
        x, y = lay.point_cell[p["point"]]
        owner, piece = p["owner"], p["piece"]
        ch = at(text, x, y)
        if ascii:
            want = {"colony_ship": "^", "trade_ship": "$"}.get(piece)
            if want is None:
                letter = "n" if owner is None else "rbwo"[owner]
                want = letter.upper() if piece == "spaceport" else letter
        else:
            want = {"colony": "●", "spaceport": "■", "colony_ship": "▲", "trade_ship": "◆"}[piece]
        assert ch == want
        if owner is not None:
            assert style_at(text, lay.width, x, y).color == P.SEAT_STYLES[owner].color
        kinds.add(piece)
    assert kinds == {"colony", "spaceport", "colony_ship", "trade_ship"}


def test_outposts_docks_stations_and_markers() -> None:
    view = traded().view(0)
    lay = space_map_layout(False)
    text = render_space_map(view)
    labels = {"green_folk": "Grn", "scientists": "Sci", "merchants": "Mer", "diplomats": "Dip"}
    outposts = {s["civilisation"]: s["slot"] for s in view["sectors"] if s["kind"] == "outpost"}
    assert len(outposts) == 4
    for civ, slot in outposts.items():
        assert at(text, *lay.sector_cell[slot]) in "◈◆"  # docking point, or a ship on it
        assert "".join(at(text, x, y) for x, y in lay.planet_cells[3 * slot]) == labels[civ]
        docks = sorted(
            [*lay.planet_cells[3 * slot + 1], *lay.planet_cells[3 * slot + 2]],
            key=lambda c: (c[1], c[0]),
        )
        counts = view["trade_stations"][civ]
        k = 0
        for seat, n in enumerate(counts):
            for _ in range(n):
                x, y = docks[k]
                assert at(text, x, y) == "▮"
                assert style_at(text, lay.width, x, y).color == P.SEAT_STYLES[seat].color
                k += 1
        for x, y in docks[k:5]:
            assert at(text, x, y) == "▫"
        holder = view["friendship_markers"][civ]
        x, y = docks[5]
        if holder >= 0:
            assert at(text, x, y) == "★"
            assert style_at(text, lay.width, x, y).color == P.SEAT_STYLES[holder].color
        else:
            assert at(text, x, y) == " "
    assert sum(sum(c) for c in view["trade_stations"].values()) >= 3


def test_home_systems_show_their_greek_letter() -> None:
    view = game("first_game", SEED_FIRST).view(0)
    lay = space_map_layout(False)
    text = render_space_map(view)
    for s, letter in zip(B.HOME_SLOTS, "αβγδ", strict=True):
        assert at(text, *lay.sector_cell[s]) == letter


def test_a_moving_ship_is_drawn_where_it_flies() -> None:
    g = explored().copy()
    rnd = random.Random(3)
    for _ in range(3000):
        if g.view(None)["moving_ship"]:
            break
        legal = g.legal_actions()
        g.apply(legal[rnd.randrange(len(legal))])
    view = g.view(0)
    moving = view["moving_ship"]
    assert moving is not None
    lay = space_map_layout(False)
    text = render_space_map(view)
    x, y = lay.point_cell[moving["point"]]
    assert at(text, x, y) == {"colony_ship": "▲", "trade_ship": "◆"}[moving["piece"]]
    assert style_at(text, lay.width, x, y).underline


# -- highlights and the cursor -----------------------------------------------------


def marked(text: Text, width: int, height: int) -> dict[tuple[int, int], Any]:
    out = {}
    for y in range(height):
        for x in range(width):
            colour = style_at(text, width, x, y).bgcolor
            if colour in (P.LEGAL.bgcolor, P.CURSOR.bgcolor):
                out[(x, y)] = colour
    return out


@pytest.mark.parametrize("compact", SIZES, ids=SIZE_IDS)
def test_point_highlight_only_on_legal_targets(compact: bool) -> None:
    g = game("strategic", SEED_FIRST)
    sites = frozenset(a.site for a in g.legal_actions())
    assert len(sites) == 12
    cursor = sorted(sites)[3]
    lay = space_map_layout(compact)
    text = render_space_map(g.view(0), Highlight("point", sites, cursor), compact=compact)
    got = marked(text, lay.width, lay.height)
    assert set(got) == {lay.point_cell[v] for v in sites}
    assert got[lay.point_cell[cursor]] == P.CURSOR.bgcolor
    assert at(text, *lay.point_cell[cursor]) == "◎"
    other = sorted(sites - {cursor})[0]
    assert at(text, *lay.point_cell[other]) == "○"


@pytest.mark.parametrize("compact", SIZES, ids=SIZE_IDS)
def test_ship_and_sector_highlights_only_on_legal_targets(compact: bool) -> None:
    view = explored().view(0)
    ships = frozenset(view["players"][0]["ships"])
    assert ships
    lay = space_map_layout(compact)
    text = render_space_map(view, Highlight("ship", ships, min(ships)), compact=compact)
    assert set(marked(text, lay.width, lay.height)) == {lay.point_cell[v] for v in ships}
    sectors = frozenset({4, 7, 12})
    text = render_space_map(view, Highlight("sector", sectors, 7), compact=compact)
    got = marked(text, lay.width, lay.height)
    want = {lay.sector_cell[s] for s in sectors}
    want |= {c for s in sectors for j in range(3) for c in lay.planet_cells[3 * s + j]}
    assert set(got) == want
    assert got[lay.sector_cell[7]] == P.CURSOR.bgcolor
    assert got[lay.sector_cell[4]] == P.LEGAL.bgcolor


@pytest.mark.parametrize("compact", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("kind", ["point", "ship", "sector"])
def test_cursor_moves_only_between_legal_targets(compact: bool, kind: str) -> None:
    lay = space_map_layout(compact)
    view = game("first_game", SEED_FIRST).view(0)
    total = B.NUM_SLOTS if kind == "sector" else B.NUM_VERTICES
    rnd = random.Random(11)
    pool = view["points"] if kind != "sector" else range(total)
    targets = frozenset(rnd.sample(list(pool), 9 if kind == "sector" else 40))
    for start in sorted(targets):
        for direction in ("up", "down", "left", "right"):
            got = nearest_target(lay, kind, targets, start, direction)
            assert got in targets
            if got != start:
                (fx, fy), (tx, ty) = lay.anchor(kind, start), lay.anchor(kind, got)
                assert {"up": ty < fy, "down": ty > fy, "left": tx < fx, "right": tx > fx}[
                    direction
                ]


def test_cursor_steps_to_the_lattice_neighbour() -> None:
    lay = space_map_layout(False)
    everything = frozenset(range(B.NUM_VERTICES))
    v = B.vid(10, 5)
    assert nearest_target(lay, "point", everything, v, "right") == B.vid(11, 5)
    assert nearest_target(lay, "point", everything, v, "left") == B.vid(9, 5)
    assert nearest_target(lay, "point", everything, v, "up") == B.vid(10, 6)
    assert nearest_target(lay, "point", everything, v, "down") == B.vid(10, 4)
    corner = B.vid(0, 14)
    assert nearest_target(lay, "point", everything, corner, "up") == corner


@pytest.mark.parametrize("compact", SIZES, ids=SIZE_IDS)
def test_hit_test_inverts_the_layout(compact: bool) -> None:
    lay = space_map_layout(compact)
    for v, (x, y) in enumerate(lay.point_cell):
        assert hit_test(lay, x, y) == ("point", v)
        assert hit_test(lay, x, y, kind="ship") == ("ship", v)
    for s, (x, y) in enumerate(lay.sector_cell):
        assert hit_test(lay, x, y, kind="sector") == ("sector", s)
    if not compact:
        for pid, cells in enumerate(lay.planet_cells):
            for x, y in cells:
                assert hit_test(lay, x, y) == ("sector", pid // 3)
        x, y = lay.point_cell[B.vid(5, 5)]
        assert hit_test(lay, x + 1, y) is None  # a lane is nothing to click
        assert hit_test(lay, x + 1, y, kind="point") == ("point", B.vid(5, 5))


# -- charset, determinism, the adapter ----------------------------------------------


@pytest.mark.parametrize("compact", SIZES, ids=SIZE_IDS)
def test_ascii_mode_is_printable_ascii_only(compact: bool) -> None:
    views = [
        explored().view(0),
        traded().view(0),
        game("discoverer", SEED_DISCOVER).view(None),
    ]
    hls = [
        None,
        Highlight("point", frozenset({40, 41, 100}), 41),
        Highlight("sector", frozenset({5}), 5),
    ]
    for view in views:
        for hl in hls:
            plain = render_space_map(view, hl, ascii=True, compact=compact).plain
            assert all(ch == "\n" or 32 <= ord(ch) < 127 for ch in plain)


def test_same_seed_same_picture() -> None:
    a = render_space_map(game("strategic", 77).view(0))
    b = render_space_map(game("strategic", 77).view(0))
    assert a.plain == b.plain and a.spans == b.spans
    c = render_space_map(game("strategic", 78).view(0))
    assert c.plain != a.plain


def test_render_reads_only_the_documented_view_parts() -> None:
    """The adapter needs sectors, planets, points, pieces, stations and markers; nothing else."""
    full = explored().view(0)
    keep = ("sectors", "planets", "points", "pieces", "moving_ship", "trade_stations",
            "friendship_markers", "current")  # fmt: skip
    slim = {k: copy.deepcopy(full[k]) for k in keep}
    before = copy.deepcopy(full)
    assert render_space_map(slim).plain == render_space_map(full).plain
    assert full == before


def test_map_layout_alias_takes_a_view() -> None:
    from tui.render.spacemap import map_layout

    view = game("first_game", SEED_FIRST).view(0)
    assert map_layout(view, compact=True) is space_map_layout(True)
    assert map_layout(view) is space_map_layout(False)


@pytest.mark.parametrize("compact", SIZES, ids=SIZE_IDS)
def test_cached_layers_never_carry_paint_between_renders(compact: bool) -> None:
    """Renders share cached background rows; pieces and highlights must not leak into them."""
    bare = game("strategic", SEED_FIRST).view(0)
    first = render_space_map(bare, compact=compact)
    render_space_map(explored().view(0), Highlight("sector", frozenset({4}), 4), compact=compact)
    render_space_map(bare, Highlight("point", frozenset({2, 37}), 37), compact=compact)
    again = render_space_map(bare, compact=compact)
    assert again.plain == first.plain and again.spans == first.spans


@pytest.mark.parametrize("ascii", [False, True], ids=["unicode", "ascii"])
def test_neutral_pieces_of_a_three_seat_game(ascii: bool) -> None:
    g = new_game(GameConfig("starfarers", 3, SEED_THREE, {"variant": "first_game"}))
    view = g.view(0)
    neutral = [p for p in view["pieces"] if p["owner"] is None]
    assert {p["piece"] for p in neutral} == {"colony", "spaceport"}
    lay = space_map_layout(False)
    text = render_space_map(view, ascii=ascii)
    for p in neutral:
        x, y = lay.point_cell[p["point"]]
        if ascii:
            assert at(text, x, y) == ("N" if p["piece"] == "spaceport" else "n")
        else:
            assert at(text, x, y) == ("■" if p["piece"] == "spaceport" else "●")
        colour = style_at(text, lay.width, x, y).color
        assert colour not in {s.color for s in P.SEAT_STYLES}


def test_compact_outposts_count_stations_and_show_the_marker() -> None:
    view = traded().view(0)
    lay = space_map_layout(True)
    text = render_space_map(view, compact=True)
    occupied = {p["point"] for p in view["pieces"]}
    outposts = {s["civilisation"]: s["slot"] for s in view["sectors"] if s["kind"] == "outpost"}
    for civ, slot in outposts.items():
        tips = [lay.planet_cells[3 * slot + j][0] for j in range(3)]
        free = [lay.point_cell.index(t) not in occupied for t in tips]
        if free[0]:
            assert at(text, *tips[0]) == civ[0].upper()
        total = sum(view["trade_stations"][civ])
        if free[1] and total:
            assert at(text, *tips[1]) == str(total)
        holder = view["friendship_markers"][civ]
        if free[2] and holder >= 0:
            assert at(text, *tips[2]) == "★"
            assert style_at(text, lay.width, *tips[2]).color == P.SEAT_STYLES[holder].color
    assert any(sum(v) for v in view["trade_stations"].values())
