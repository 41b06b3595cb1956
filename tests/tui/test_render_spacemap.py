"""The Starfarers space map renderer, tested as a pure function on real games (no app)."""

from __future__ import annotations

import copy
import random
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from rich.text import Text

from engine import GameConfig, new_game
from engine.rulesets.starfarers import board as B
from tui.render import palette as P
from tui.render.canvas import style_at
from tui.render.legend import map_key_strip, map_legend, markdown_key
from tui.render.spacemap import (
    CIV_LABELS,
    GREEK,
    WINDOW_WIDTH,
    Highlight,
    hit_test,
    key_strip,
    nearest_target,
    render_space_map,
    space_map_layout,
    window_for,
)

SEED_FIRST = 5  # the first-game board, play not started
SEED_DISCOVER = 5  # discoverer: every sector face down
SEED_TRADE = 1  # first game, trade ships steered to outposts until 3 stations stand
SEED_THREE = 9  # first game for three: the fourth colour's pieces stand as neutral blockers
SEED_RANDOM = 1  # first game, random play (random.Random(1)) until pirates and ice show
# WGL4 glyphs (in DejaVu Sans Mono, Liberation Mono, Menlo and Consolas) the map may use.
WGL4 = frozenset("·◦●■▲♦□♥◊░○αβγδ")
PIECES = {"colony": "●", "spaceport": "■", "colony_ship": "▲", "trade_ship": "♦"}


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


# -- size and geometry -----------------------------------------------------------


def lines(text: Text) -> list[str]:
    return text.plain.split("\n")


def at(text: Text, x: int, y: int) -> str:
    return lines(text)[y][x]


def cells(text: Text, xy: tuple[int, int], n: int) -> str:
    x, y = xy
    return lines(text)[y][x : x + n]


LAY = space_map_layout(False)
W = LAY.width


# -- size, charset ---------------------------------------------------------------------


def test_the_drawing_is_71_by_29_and_only_uses_common_glyphs() -> None:
    for view in (game("first_game", SEED_FIRST).view(0), traded().view(0), explored().view(0)):
        text = render_space_map(view)
        rows = lines(text)
        assert len(rows) == 29 and all(cell_len(r) == len(r) == 71 for r in rows)
        odd = {
            ch for ch in text.plain if not (ch == "\n" or 32 <= ord(ch) < 127) and ch not in WGL4
        }
        assert not odd, f"glyphs outside WGL4: {odd}"


def test_ascii_mode_is_printable_ascii_only() -> None:
    views = [explored().view(0), traded().view(0), game("discoverer", SEED_DISCOVER).view(None)]
    hls = [
        None,
        Highlight("point", frozenset({40, 41, 100}), 41),
        Highlight("sector", frozenset({5}), 5),
    ]
    for view in views:
        for hl in hls:
            for window in (None, (10, 5, WINDOW_WIDTH, 19)):
                plain = render_space_map(view, hl, ascii=True, window=window).plain
                assert all(ch == "\n" or 32 <= ord(ch) < 127 for ch in plain)


# -- tiles, planets, outposts ---------------------------------------------------------


def test_sector_tiles_are_filled_shapes_in_the_colour_of_their_kind() -> None:
    view = game("first_game", SEED_FIRST).view(0)
    text = render_space_map(view)
    for sector in view["sectors"]:
        want = P.TILE_STYLES[sector["kind"]].bgcolor
        tile = LAY.tile_cells[sector["slot"]]
        assert 33 <= len(tile) <= 45  # three 5 x 3 hexes sharing their edges
        plain = [c for c in tile if c not in {c for cs in LAY.planet_cells for c in cs}]
        backgrounds = {style_at(text, W, x, y).bgcolor for x, y in plain}
        if sector["kind"] != "outpost":
            assert backgrounds == {want}, (sector, backgrounds)
        else:
            assert want in backgrounds
    open_space = (LAY.point_cell[B.vid(6, 7)][0] + 1, LAY.point_cell[B.vid(6, 7)][1])
    assert style_at(text, W, *open_space).bgcolor == P.SPACE.bgcolor


def test_every_planet_is_a_disc_with_resource_letter_and_number() -> None:
    kinds = set()
    for view in (explored().view(0), game("discoverer", SEED_DISCOVER).view(0)):
        text = render_space_map(view)
        for p in view["planets"]:
            first = LAY.planet_cells[p["planet"]][0]
            shown = cells(text, first, 3)
            disc = p["disc"]
            assert shown[0] == P.SPACE_RESOURCE_LETTERS[p["resource"]], (p, shown)
            letter_bg = style_at(text, W, *first).bgcolor
            assert letter_bg == P.RESOURCE_DISCS[p["resource"]].bgcolor
            number_style = style_at(text, W, first[0] + 1, first[1])
            if disc is None:
                kinds.add("hidden")
                assert shown[1:] == " ?"
            elif disc.startswith("pirate"):
                kinds.add("pirate")
                assert shown[1:] == "P" + disc[6:] and number_style.bgcolor == P.PIRATE.bgcolor
            elif disc.startswith("ice"):
                kinds.add("ice")
                assert shown[1:] == "I" + disc[3:] and number_style.bgcolor == P.ICE.bgcolor
            else:
                kinds.add("number")
                first_n = disc.split("/")[0]
                assert shown[1:] == (first_n + "+" if "/" in disc else f"{first_n:>2}")
                hot = int(first_n) in (6, 8)
                assert number_style.bgcolor == (P.CHIP_HOT if hot else P.CHIP).bgcolor
    assert kinds == {"pirate", "ice", "hidden", "number"}


def test_face_down_sectors_read_as_unexplored() -> None:
    view = game("discoverer", SEED_DISCOVER).view(None)
    text = render_space_map(view)
    hidden = [s["slot"] for s in view["sectors"] if not s["face_up"]]
    assert len(hidden) == 15
    for s in hidden:
        assert at(text, *LAY.sector_cell[s]) == "?"
        for j in range(3):
            assert cells(text, LAY.planet_cells[3 * s + j][0], 3) == " ? "
        hatch = [c for c in LAY.tile_cells[s] if at(text, *c) == "░"]
        assert len(hatch) >= 10
        assert style_at(text, W, *hatch[0]).bgcolor == P.TILE_HIDDEN.bgcolor
    assert "◊" not in text.plain and not any(n in text.plain for n in CIV_LABELS.values())


def test_home_systems_are_named_and_show_their_colony_sites() -> None:
    view = game("first_game", SEED_FIRST).view(0)
    text = render_space_map(view)
    occupied = {p["point"] for p in view["pieces"]}
    for s in range(4):
        assert at(text, *LAY.sector_cell[s]) == GREEK[s]
        for site in B.SLOTS[s].inner:
            if site not in occupied:
                assert at(text, *LAY.point_cell[site]) == "◦"


def test_a_colony_site_beside_a_pirate_base_or_ice_planet_is_drawn_closed() -> None:
    """Seen in play: "◦ free colony site" on sites next to a pirate base or an ice planet,
    where the engine forbids a colony. Each empty site of a face-up system is drawn in the
    closed style exactly when one of its planets holds a pirate base or ice, as the engine's
    planets say (random play until both show)."""
    from engine.rulesets.starfarers.layouts import ICE_STRENGTH, PIRATE_STRENGTH

    g = explored()
    view = g.view(0)
    text = render_space_map(view)
    occupied = {p["point"] for p in view["pieces"]}
    closed = opened = 0
    for sector in view["sectors"]:
        if sector["kind"] != "planetary":
            continue
        for site in B.SLOTS[sector["slot"]].inner:
            if site in occupied:
                continue
            disc = [g.planet_disc[pi] for pi in B.SITE_PLANETS[site]]
            barred = any(PIRATE_STRENGTH[d] or ICE_STRENGTH[d] for d in disc)
            assert at(text, *LAY.point_cell[site]) == "◦"
            style = style_at(text, W, *LAY.point_cell[site])
            assert style.color == (P.SITE_CLOSED if barred else P.SITE).color, site
            closed += barred
            opened += not barred
    assert closed and opened, (closed, opened)


def test_outposts_show_name_docks_stations_marker_and_docking_point() -> None:
    view = traded().view(0)
    text = render_space_map(view)
    outposts = {s["civilisation"]: s["slot"] for s in view["sectors"] if s["kind"] == "outpost"}
    pieces = {LAY.point_cell[p["point"]]: p["piece"] for p in view["pieces"]}
    assert len(outposts) == 4
    for civ, slot in outposts.items():
        s = B.SLOTS[slot]
        cx, cy = LAY.sector_cell[slot]
        # between the lattice's rows: the name across the wide side, the docks the narrow
        name_row, dock_row = (cy - 1, cy + 1) if s.up else (cy + 1, cy - 1)
        label = CIV_LABELS[civ]
        start = cx - len(label) // 2
        assert cells(text, (start, name_row), len(label)) == label  # no ship stands on it
        assert not {(start + k, name_row) for k in range(len(label))} & set(pieces)
        assert at(text, cx, cy) in "◊♦▲"  # the docking point, or a ship on it
        docks = cells(text, (cx - 2, dock_row), 5)
        counts = view["trade_stations"][civ]
        filled = [ch for ch in docks if ch == "■"]
        assert len(filled) == min(5, sum(counts)) and docks.count("□") == 5 - len(filled)
        k = 0
        for seat, n in enumerate(counts):
            for _ in range(n):
                assert style_at(text, W, cx - 2 + k, dock_row).color == P.SEAT_STYLES[seat].color
                k += 1
        holder = view["friendship_markers"][civ]
        if holder >= 0:
            assert at(text, cx + 3, dock_row) == "♥"
            assert style_at(text, W, cx + 3, dock_row).color == P.SEAT_STYLES[holder].color
    assert sum(sum(c) for c in view["trade_stations"].values()) >= 3


# -- pieces -----------------------------------------------------------------------------


@pytest.mark.parametrize("ascii", [False, True], ids=["unicode", "ascii"])
def test_every_piece_is_drawn_at_its_point_by_kind_and_owner(ascii: bool) -> None:
    seen = set()
    for view in (traded().view(0), explored().view(0)):
        text = render_space_map(view, ascii=ascii)
        looks: dict[tuple[str, str], tuple[int, str | None]] = {}
        for p in view["pieces"]:
            x, y = LAY.point_cell[p["point"]]
            owner, piece = p["owner"], p["piece"]
            letter = "n" if owner is None else "rbwo"[owner]
            if ascii:
                want = {"colony": letter, "spaceport": letter.upper()}.get(piece)
                want = want or {"colony_ship": "^", "trade_ship": "$"}[piece]
                assert at(text, x, y) == want
                if piece.endswith("_ship"):
                    assert at(text, x + 1, y) == letter  # the ship's seat, in words
            else:
                assert at(text, x, y) == PIECES[piece]
            colour = style_at(text, W, x, y).color
            if owner is not None:
                assert colour == P.SEAT_STYLES[owner].color
            # the same look never means two different (owner, kind) pairs
            key = (
                at(text, x, y) + (at(text, x + 1, y) if ascii and piece.endswith("_ship") else ""),
                str(colour),
            )
            assert looks.setdefault(key, (owner if owner is not None else -1, piece)) == (
                owner if owner is not None else -1,
                piece,
            )
            seen.add(piece)
    assert seen == set(PIECES)


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
    text = render_space_map(view)
    x, y = LAY.point_cell[moving["point"]]
    assert at(text, x, y) == PIECES[moving["piece"]]
    assert style_at(text, W, x, y).underline


@pytest.mark.parametrize("ascii", [False, True], ids=["unicode", "ascii"])
def test_neutral_pieces_of_a_three_seat_game(ascii: bool) -> None:
    g = new_game(GameConfig("starfarers", 3, SEED_THREE, {"variant": "first_game"}))
    view = g.view(0)
    neutral = [p for p in view["pieces"] if p["owner"] is None]
    assert {p["piece"] for p in neutral} == {"colony", "spaceport"}
    text = render_space_map(view, ascii=ascii)
    for p in neutral:
        x, y = LAY.point_cell[p["point"]]
        if ascii:
            assert at(text, x, y) == ("N" if p["piece"] == "spaceport" else "n")
        else:
            assert at(text, x, y) == PIECES[p["piece"]]
        assert style_at(text, W, x, y).color not in {s.color for s in P.SEAT_STYLES}


# -- highlights, labels, the cursor ---------------------------------------------------------


def marked(text: Text, width: int, height: int) -> dict[tuple[int, int], Any]:
    out = {}
    for y in range(height):
        for x in range(width):
            colour = style_at(text, width, x, y).bgcolor
            if colour in (P.LEGAL.bgcolor, P.CURSOR.bgcolor):
                out[(x, y)] = colour
    return out


def test_point_highlight_only_on_legal_targets_with_step_labels() -> None:
    g = game("strategic", SEED_FIRST)
    sites = frozenset(a.site for a in g.legal_actions())
    assert len(sites) == 12
    cursor = sorted(sites)[3]
    text = render_space_map(g.view(0), Highlight("point", sites, cursor))
    got = marked(text, W, LAY.height)
    assert set(got) == {LAY.point_cell[v] for v in sites}
    assert got[LAY.point_cell[cursor]] == P.CURSOR.bgcolor
    other = sorted(sites - {cursor})[0]
    assert at(text, *LAY.point_cell[other]) == "○"
    labelled = render_space_map(g.view(0), Highlight("point", sites, cursor), labels={other: "3"})
    assert at(labelled, *LAY.point_cell[other]) == "3"


def test_sector_highlight_covers_the_whole_tile() -> None:
    view = explored().view(0)
    sectors = frozenset({4, 7, 12})
    text = render_space_map(view, Highlight("sector", sectors, 7))
    got = marked(text, W, LAY.height)
    assert set(got) == {c for s in sectors for c in LAY.tile_cells[s]}
    assert got[LAY.sector_cell[7]] == P.CURSOR.bgcolor
    assert got[LAY.sector_cell[4]] == P.LEGAL.bgcolor


@pytest.mark.parametrize("kind", ["point", "ship", "sector"])
def test_cursor_moves_only_between_legal_targets(kind: str) -> None:
    view = game("first_game", SEED_FIRST).view(0)
    rnd = random.Random(11)
    pool = view["points"] if kind != "sector" else range(B.NUM_SLOTS)
    targets = frozenset(rnd.sample(list(pool), 9 if kind == "sector" else 40))
    for start in sorted(targets):
        for direction in ("up", "down", "left", "right"):
            got = nearest_target(LAY, kind, targets, start, direction)
            assert got in targets
            if got != start:
                (fx, fy), (tx, ty) = LAY.anchor(kind, start), LAY.anchor(kind, got)
                assert {"up": ty < fy, "down": ty > fy, "left": tx < fx, "right": tx > fx}[
                    direction
                ]


def test_hit_test_inverts_the_layout() -> None:
    for v, (x, y) in enumerate(LAY.point_cell):
        assert hit_test(LAY, x, y) == ("point", v)
        assert hit_test(LAY, x, y, kind="ship") == ("ship", v)
    for s in range(B.NUM_SLOTS):
        for x, y in LAY.tile_cells[s]:
            if (x, y) not in LAY.point_cell:
                assert hit_test(LAY, x, y) == ("sector", s)


# -- the compact window -------------------------------------------------------------------


def test_the_compact_window_follows_the_cursor_and_keeps_planets_readable() -> None:
    view = explored().view(0)
    compact = space_map_layout(True)
    assert compact.width == WINDOW_WIDTH <= 48 and compact.point_cell == LAY.point_cell
    for cursor in (B.vid(0, 14), B.vid(35, 0), B.vid(18, 7)):
        hl = Highlight("point", frozenset({cursor}), cursor)
        x0, y0, w, h = window_for(view, hl, WINDOW_WIDTH, 19)
        cx, cy = LAY.point_cell[cursor]
        assert x0 <= cx < x0 + w and y0 <= cy < y0 + h
        assert 0 <= x0 <= 71 - w and 0 <= y0 <= 29 - h and (w, h) == (WINDOW_WIDTH, 19)
        text = render_space_map(view, hl, window=(x0, y0, w, h))
        full = lines(render_space_map(view, hl))
        assert lines(text) == [r[x0 : x0 + w] for r in full[y0 : y0 + h]]
        assert style_at(text, w, cx - x0, cy - y0).bgcolor == P.CURSOR.bgcolor
    # a planet inside the window is drawn whole, letter and number
    text = render_space_map(view, window=(0, 0, WINDOW_WIDTH, 19))
    assert any(ch in lines(text)[1] for ch in P.SPACE_RESOURCE_LETTERS.values())


def test_without_a_cursor_the_window_shows_the_flying_or_own_ship() -> None:
    view = explored().view(0)
    moving = view["moving_ship"]
    ship = moving["point"] if moving else view["players"][0]["ships"][0]
    x0, y0, w, h = window_for(view, None, WINDOW_WIDTH, 19)
    cx, cy = LAY.point_cell[ship]
    assert x0 <= cx < x0 + w and y0 <= cy < y0 + h


# -- determinism, caching, the adapter -----------------------------------------------------


def test_same_seed_same_picture() -> None:
    a = render_space_map(game("strategic", 77).view(0))
    b = render_space_map(game("strategic", 77).view(0))
    assert a.plain == b.plain and a.spans == b.spans
    assert render_space_map(game("strategic", 78).view(0)).plain != a.plain


def test_render_reads_only_the_documented_view_parts() -> None:
    """The adapter needs sectors, planets, points, pieces, stations and markers; nothing else."""
    full = explored().view(0)
    keep = ("sectors", "planets", "points", "pieces", "moving_ship", "trade_stations",
            "friendship_markers", "current")  # fmt: skip
    slim = {k: copy.deepcopy(full[k]) for k in keep}
    before = copy.deepcopy(full)
    assert render_space_map(slim).plain == render_space_map(full).plain
    assert full == before


def test_cached_layers_never_carry_paint_between_renders() -> None:
    bare = game("strategic", SEED_FIRST).view(0)
    first = render_space_map(bare)
    render_space_map(explored().view(0), Highlight("sector", frozenset({4}), 4))
    render_space_map(bare, Highlight("point", frozenset({2, 37}), 37), labels={2: "1"})
    again = render_space_map(bare)
    assert again.plain == first.plain and again.spans == first.spans


# -- the key -------------------------------------------------------------------------------


@pytest.mark.parametrize("ascii", [False, True], ids=["unicode", "ascii"])
def test_the_key_names_every_glyph_the_map_draws(ascii: bool) -> None:
    key = map_legend("starfarers", ascii=ascii).plain
    drawn = set()
    for view in (traded().view(0), explored().view(0), game("discoverer", SEED_DISCOVER).view(0)):
        drawn |= set(render_space_map(view, ascii=ascii).plain)
    drawn -= set(" \n0123456789?+") | set(P.SPACE_RESOURCE_LETTERS.values()) | {"P", "I"}
    drawn -= set("".join(CIV_LABELS.values()))  # names are words, written out
    drawn -= set("rbwonRBWON")  # ASCII seat letters, in the key's first lines
    keyed = {line[:4].strip()[:1] for line in key.split("\n")} | set(key)
    assert drawn <= keyed, f"drawn but not in the key: {drawn - keyed}"
    strip = map_key_strip(ascii=ascii).plain.split("\n")
    assert len(strip) == 3 and all(len(line) <= 71 for line in strip)
    assert "Reading the map" in markdown_key("starfarers")


def test_the_compact_key_line_names_the_planet_codes_in_the_window() -> None:
    from tui.render.legend import window_key_line
    from tui.render.spacemap import WINDOW_WIDTH, window_for, window_key

    view = game("first_game", SEED_FIRST).view(0)
    window = window_for(view, None, WINDOW_WIDTH, 18)
    line = window_key(view, window, width=WINDOW_WIDTH - 1).plain
    drawn = render_space_map(view, window=window).plain
    assert cell_len(line) <= WINDOW_WIDTH - 1
    named = [r for r, letter in P.SPACE_RESOURCE_LETTERS.items() if f"{letter} {r}" in line]
    assert named, line
    for resource in named:  # what the line names is drawn in the window
        assert P.SPACE_RESOURCE_LETTERS[resource] in drawn
    # a double disc is explained, in full when there is room and shortened when not
    wide = window_key_line([("goods", "3/12")], width=47).plain
    assert wide == "G goods  3+ 3 or 12"
    tight = window_key_line(
        [(r, "3/12") for r in P.SPACE_RESOURCE_LETTERS] + [("ore", None)], width=46
    ).plain
    assert tight == "O ore F fuel C carbon A food G goods 3+ 3/12"
    # with two lines, what one line cannot hold goes to the second, in full
    two = window_key_line(
        [(r, "3/12") for r in P.SPACE_RESOURCE_LETTERS] + [("ore", None), ("fuel", "ice3")],
        width=46,
        lines=2,
        outpost=True,
    ).plain
    assert two == "O ore  F fuel  C carbon  A food  G goods\nI3 ice  3+ 3 or 12  ? unknown  ◊ dock"
    assert window_key_line([("ore", "pirate5"), ("fuel", "ice3")], width=47).plain.endswith(
        "P5 pirates  I3 ice"
    )
    # the strength as drawn (seen: "P5 pirates" under an "OP4", the only pirates in view)
    assert window_key_line([("ore", "pirate4"), ("fuel", "ice6")], width=47).plain.endswith(
        "P4 pirates  I6 ice"
    )


def test_the_compact_key_names_the_pieces_in_view_where_the_codes_leave_room() -> None:
    """Seen at 80x24: the key under the window never said what ▲, ♦, ● and ■ were. The
    pieces in view are named after the codes, in the room those leave, ships first; a piece
    never takes a line (a map row) of its own, and the codes are never crowded out."""
    from rich.style import Style

    from tui.render.legend import window_key_line
    from tui.render.spacemap import PIECE_GLYPHS, WINDOW_WIDTH, window_for, window_key

    ship = [(PIECE_GLYPHS["colony_ship"], Style(), "colony ship")]
    # room on the line: the piece joins it
    assert window_key_line([("goods", None)], width=47, pieces=ship).plain == (
        "G goods  ? unknown  ▲ colony ship"
    )
    # no room on one line: left out, not given a second line
    crowded = [(r, "3/12") for r in P.SPACE_RESOURCE_LETTERS] + [("ore", None)]
    alone = window_key_line(crowded, width=46, lines=2, pieces=ship).plain
    assert alone == window_key_line(crowded, width=46, lines=2).plain + "  ▲ colony ship"
    assert window_key_line(crowded, width=44, lines=1, pieces=ship).plain == (
        window_key_line(crowded, width=44, lines=1).plain
    )
    # a narrower gap where it names more pieces, every code still there
    four = [
        (g, Style(), w)
        for g, w in (("▲", "colony ship"), ("♦", "trade ship"), ("●", "colony"), ("■", "spaceport"))
    ]
    codes = [(r, None) for r in P.SPACE_RESOURCE_LETTERS]
    tight = window_key_line(codes, width=47, lines=2, outpost=True, pieces=four).plain
    assert tight == (
        "O ore F fuel C carbon A food G goods ? unknown\n◊ dock ▲ colony ship ♦ trade ship ● colony"
    )
    wide = window_key_line(codes, width=47, lines=2, outpost=True, pieces=four[:2]).plain
    assert wide.split("\n") == [
        "O ore  F fuel  C carbon  A food  G goods",
        "? unknown  ◊ dock  ▲ colony ship  ♦ trade ship",
    ]
    # in a game: what the key names is drawn in the window (seed SEED_FIRST, at the start)
    view = game("first_game", SEED_FIRST).view(0)
    window = window_for(view, None, WINDOW_WIDTH, 18)
    key = window_key(view, window, width=WINDOW_WIDTH - 1, lines=2).plain
    drawn = render_space_map(view, window=window).plain
    named = [p for p, words in (("colony_ship", "colony ship"), ("colony", "colony"))
             if f"{PIECE_GLYPHS[p]} {words}" in key]  # fmt: skip
    assert named, key
    for piece in named:
        assert PIECE_GLYPHS[piece] in drawn
    assert all(cell_len(line) <= WINDOW_WIDTH - 1 for line in key.split("\n"))
    # in ASCII a colony is its seat's letter, so the key says whose
    plain = window_key(view, window, width=200, ascii=True).plain
    colony = re.search(r"\b([a-z]) (\w+) colony\b", plain)
    assert colony is not None and colony[2] in P.SEAT_NAMES, plain
    assert colony[1] == colony[2][0]  # "b blue colony"


async def test_the_key_under_the_whole_map_shows_at_120x40(tmp_path: Path) -> None:
    """At 120x40 the whole map took every row above the log, so its key never showed and
    "C 6", "FI3", "CP5" went unexplained; the log now gives the key its rows while the
    actions need fewer (two lines of it, the third where rows are spare), and a screen
    short of rows shows the key's first lines."""
    import tui_saves
    from tui_keys import game_screen, wait_for_decision

    from tui.app import CatanApp
    from tui.widgets.map_view import MapView

    app = CatanApp(saves_dir=tmp_path, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.load_game(tui_saves.starfarers_first_turn(tmp_path))
        await wait_for_decision(pilot)
        screen = game_screen(app)
        assert screen is not None and not screen.has_class("compact")
        map_view = screen.query_one(MapView)
        drawn = map_view.render().plain.split("\n")
        strip = key_strip(view=screen.view).plain.split("\n")
        assert drawn[-2:] == strip[:2], drawn[-3:]  # the codes and the pieces
        assert strip[1] == map_key_strip().plain.split("\n")[1]
        # The codes on this map's planets, double discs too (seen in play: "G2+" was drawn
        # at 120x40 and explained nowhere on the screen).
        discs = {p.get("disc") for p in (screen.view or {}).get("planets") or ()}
        assert "2/11" in discs and "3/12" in discs, discs
        # Every code fits once the double discs are shortened together ("3+" was dropped
        # for want of room while "2+ 2 or 11" kept its words).
        assert strip[0] == "O ore F fuel C carbon A food G goods 2+ 2/11 3+ 3/12 ? unknown ◊ dock"
        assert len(drawn) <= map_view.content_size.height
        await pilot.resize_terminal(120, 38)  # two rows fewer: the key's first line stays
        await pilot.pause()
        drawn = map_view.render().plain.split("\n")
        assert drawn[-1] == strip[0] and strip[1] not in drawn, drawn[-3:]


def test_a_flights_window_shows_its_ship_beside_the_cursor_where_both_fit() -> None:
    """Seen at 80x24: the second trade ship's flight showed its cursor and not the ship. The
    window shows both where they fit in it, and the cursor alone where they do not."""
    from tui.render.spacemap import WINDOW_WIDTH, window_for

    view = traded().view(0)
    width, height = WINDOW_WIDTH, 19

    def inside(window: tuple[int, int, int, int], cell: tuple[int, int]) -> bool:
        x0, y0, w, h = window
        return x0 <= cell[0] < x0 + w and y0 <= cell[1] < y0 + h

    pairs = both = 0
    for origin in range(0, len(LAY.point_cell), 7):
        for cursor in range(3, len(LAY.point_cell), 11):
            (ox, oy), (cx, cy) = LAY.point_cell[origin], LAY.point_cell[cursor]
            highlight = Highlight("point", frozenset({cursor}), cursor, origin=origin)
            window = window_for(view, highlight, width, height)
            assert inside(window, (cx, cy)), (origin, cursor, window)
            alone = window_for(view, Highlight("point", frozenset({cursor}), cursor), width, height)
            fits = abs(ox - cx) < width and abs(oy - cy) < height
            if fits:
                assert inside(window, (ox, oy)), (origin, cursor, window)
                both += not inside(alone, (ox, oy))  # centred on the cursor, the ship was out
            pairs += 1
    assert pairs > 100 and both > 10, (pairs, both)


async def test_the_80x24_window_stays_put_after_a_build(tmp_path: Path) -> None:
    """Seen at 80x24 (seed 41, the person's first turn): a colony ship built at home became
    the seat's "first ship", and with nothing chosen the window jumped to it. With no choice
    on the map and nothing flying, the window stays where it was."""
    import tui_saves
    from tui_keys import game_screen, until, wait_for_decision

    from tui.app import CatanApp
    from tui.widgets.map_view import MapView

    game = tui_saves.play_until("starfarers", 41, tui_saves.human_to_act({"build_ship"}))
    app = CatanApp(saves_dir=tmp_path, load=tui_saves.write(game, tmp_path), speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_decision(pilot)
        screen = game_screen(app)
        assert screen is not None and screen.view is not None
        map_view = screen.query_one(MapView)
        ships = len(screen.view["players"][0]["ships"])
        await pilot.press("c")
        await until(pilot, lambda: screen.target is not None, "the colony ship's sites")
        await pilot.pause()
        placing = map_view._window
        await pilot.press("enter")

        def built() -> bool:
            view = screen.view or {}
            return screen.target is None and len(view["players"][0]["ships"]) == ships + 1

        await until(pilot, built, "the colony ship to be built")
        await pilot.pause()
        window = map_view._window
        assert placing is not None and window is not None
        assert window[:2] == placing[:2]  # its origin (its height follows the rows free)
