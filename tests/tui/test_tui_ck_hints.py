"""Cities & Knights' hints in their pop-up and plan, and corners named so no two read alike.

The Alchemist's dice take a hint (`AlchemistDialog.show_hint`), the Inventor's two chips
are aimed at a hinted swap (`InventorPlan.aim`), and a knight's move names both of its
corners even where they are two corners of one hex (`HexPlaces.vertex`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import tui_saves
from textual.widgets import Label
from tui_keys import game_screen, sent_by, until, value_hint, wait_for_decision

from engine.config import GameConfig
from engine.registry import new_game
from tui.app import CatanApp
from tui.corners_ck import knight_hint
from tui.faces import face
from tui.inventor_plan import InventorPlan
from tui.knight_plan import KnightPlan
from tui.narrate import narrate
from tui.places import HexPlaces, hex_namer, hex_places
from tui.screens.dialogs.ck import AlchemistDialog
from tui.widgets.action_bar import ActionBar


def _key_line(dialog: AlchemistDialog) -> str:
    return str(dialog.query_one("#hint", Label).content)


async def test_the_alchemists_dice_take_the_hint_and_enter_rolls_them(tmp_path: Path) -> None:
    """Seed 2, turn 57: the person has played Alchemist. ? sets both dice to the value bot's
    choice and says so; Esc and `y` open the dice on the hint again; Enter plays exactly it."""
    app = CatanApp(saves_dir=tmp_path, load=tui_saves.ck_alchemist(tmp_path), speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for_decision(pilot) == "dialog"
        dialog = app.screen
        assert isinstance(dialog, AlchemistDialog)
        hint = value_hint(app)
        assert hint["type"] == "set_dice", hint
        red, yellow = hint["red"], hint["yellow"]
        await until(pilot, lambda: _key_line(dialog).endswith("? hint"), "? on the key line")
        other = (1 if red != 1 else 2, 1 if yellow != 1 else 2)  # dice that are not the hint
        await pilot.press(str(other[0]), str(other[1]))
        assert dialog.dice == list(other)
        await pilot.press("question_mark")
        await until(pilot, lambda: _key_line(dialog).startswith("Hint: "), "the hint")
        assert dialog.dice == [red, yellow]
        assert _key_line(dialog) == f"Hint: red {red}, yellow {yellow} · Enter takes it"
        await pilot.press("right")  # another red: the line no longer claims Enter takes the hint
        assert dialog.dice != [red, yellow] and not _key_line(dialog).startswith("Hint: ")
        await pilot.press("escape")  # back to the game; `y` opens the dice on the known hint
        screen = game_screen(app)
        assert screen is not None
        await until(pilot, lambda: app.screen is screen and not screen.dialog_open, "the game")
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, AlchemistDialog), "the dice again")
        again = app.screen
        assert isinstance(again, AlchemistDialog) and again is not dialog
        assert again.dice == [red, yellow]
        assert _key_line(again) == f"Hint: red {red}, yellow {yellow} · Enter takes it"
        assert await sent_by(pilot, "enter", "the roll") == hint


async def test_a_hinted_inventor_swap_is_enter_enter(tmp_path: Path) -> None:
    """Seed 2, turn 57: the person swaps two chips. ? puts the cursor on the hinted swap's
    first hex; Enter takes it and the cursor goes to its partner; Enter swaps exactly those."""
    app = CatanApp(saves_dir=tmp_path, load=tui_saves.ck_inventor(tmp_path), speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for_decision(pilot) == "flight"
        screen = game_screen(app)
        assert screen is not None
        plan = screen.flight
        assert isinstance(plan, InventorPlan) and plan.first is None
        hint = value_hint(app)
        assert hint["type"] == "swap_numbers", hint
        first, partner = hint["hex"], hint["other"]
        assert partner != min(plan.pairs[first])  # Enter alone would not reach it
        await pilot.press("right")  # the cursor off the hinted hex
        assert plan.cursor not in (first, partner)
        bar = screen.query_one(ActionBar)
        await pilot.press("question_mark")
        await until(pilot, lambda: plan.cursor == first, "the hinted chip")
        assert plan.first is None
        assert bar.status.startswith("Hint: Inventor: the first chip to swap\n"), bar.status
        await pilot.press("enter")
        assert (plan.first, plan.cursor) == (first, partner)
        assert bar.status.startswith(
            f"Hint: Inventor: swap the chips of {plan._hex(first)}\nand {plan._hex(partner)}"
        ), bar.status
        assert await sent_by(pilot, "enter", "the swap") == hint


def _swaps(*pairs: tuple[int, int]) -> list[dict[str, Any]]:
    return [{"type": "swap_numbers", "hex": h, "other": o} for h, o in pairs]


def test_the_inventor_plan_aims_at_either_end_of_the_hinted_swap() -> None:
    """Seed 5's board: the hint (2, 4) is not where Enter, Enter would go by itself."""
    view = new_game(GameConfig("ck", 3, 5, {})).view(0)
    legal = _swaps((1, 2), (1, 3), (2, 3), (2, 4), (3, 4))
    hint = legal[3]
    plan = InventorPlan.from_legal(view, legal)
    assert plan is not None and plan.cursor == 1
    assert not plan.aim([{"type": "roll"}]) and not plan.aim(_swaps((1, 4)))  # none offered
    assert plan.cursor == 1 and plan.hinted is None
    assert not plan.lines()[0].startswith("Hint: ")
    assert plan.aim([hint])
    assert (plan.first, plan.cursor) == (None, 2)
    assert plan.lines()[0] == "Hint: Inventor: the first chip to swap"
    assert plan.advance() and (plan.first, plan.cursor) == (2, 4)
    assert plan.actions() == [hint]
    plan.next_ship()  # Tab: the first chip anew; from the other end the partner is the first
    plan.cursor = 4
    assert plan.lines()[0].startswith("Hint: ")
    assert plan.advance() and (plan.first, plan.cursor) == (4, 2)
    assert plan.actions() == [hint]
    assert plan.aim([hint]) and (plan.first, plan.cursor) == (4, 2)  # its end kept
    plan.next_ship()
    plan.cursor = 1  # a chip not in the hint: its first partner, as without a hint
    assert not plan.lines()[0].startswith("Hint: ")
    assert plan.advance() and (plan.first, plan.cursor) == (1, 2)
    assert plan.aim([hint]) and (plan.first, plan.cursor, plan.ships) == (None, 2, [])


def _one_hex_corners(places: HexPlaces) -> tuple[int, int, int]:
    """A hex and two of its corners touching no other land hex (on the coast)."""
    grid = places.grid
    for h, corners in enumerate(grid.hex_vertices[: grid.num_land]):
        alone = [v for v in corners if grid.vertex_land[v] == (h,)]
        if len(alone) >= 2:
            return h, alone[0], alone[1]
    raise AssertionError("no hex with two corners of its own")


def test_no_two_corners_on_land_read_alike() -> None:
    """Two corners of one coast hex both read "pasture 9": each says which corner it is, and
    so does a corner of one hex (not read as the hex). Seeds 0-4 of the base game and of
    Catan Fleet (islets: many corners of one hex)."""
    for ruleset in ("base", "fleet"):
        for seed in range(5):
            places = hex_places(new_game(GameConfig(ruleset, 4, seed, {})).view(0))
            assert places is not None
            grid = places.grid
            names = [places.vertex(v) for v in grid.land_vertices]
            assert len(set(names)) == len(names), (ruleset, seed)
            inland = next(v for v in grid.land_vertices if len(grid.vertex_land[v]) == 3)
            assert places.vertex(inland) == " / ".join(
                places.hex(h) for h in grid.vertex_land[inland]
            )  # three hexes name a corner alone: no compass point
            for v in grid.land_vertices:
                if len(grid.vertex_land[v]) == 1:
                    assert " corner of " in places.vertex(v), (ruleset, seed, v)
    places = hex_places(new_game(GameConfig("ck", 3, 5, {})).view(0))
    assert places is not None
    h, a, b = _one_hex_corners(places)
    assert places.hex(h) == "pasture 9"
    assert (places.vertex(a), places.vertex(b)) == (
        "the north corner of pasture 9",
        "the north-west corner of pasture 9",
    )
    assert places.vertex_parts(a) == ("north", "pasture 9")
    grid = places.grid
    assert places.hex(3) == "pasture 12"
    assert [v for v in grid.hex_vertices[3] if grid.vertex_land[v] == (3,)] == [11]
    assert places.vertex(11) == "the north-west corner of pasture 12"  # its only one, yet so


def _knight_view(at: int, strength: int) -> dict[str, Any]:
    view: dict[str, Any] = dict(new_game(GameConfig("ck", 3, 5, {})).view(0))
    owners, levels = [-1] * len(view["knight_owner"]), [0] * len(view["knight_level"])
    owners[at], levels[at] = 0, strength
    view["knight_owner"], view["knight_level"] = owners, levels
    return view


def test_a_knight_move_between_two_corners_of_one_hex_names_both() -> None:
    """Seen in play: "Move your strong knight at pasture 3 to pasture 3". Seed 5's pasture 9:
    the plan's lines, the log's sentence and the empty corner's hint tell the corners apart."""
    places = hex_places(new_game(GameConfig("ck", 3, 5, {})).view(0))
    assert places is not None
    _, a, b = _one_hex_corners(places)
    view = _knight_view(a, 2)
    plan = KnightPlan.from_legal(view, [{"type": "move_knight", "vertex": a, "to": b}])
    assert plan is not None and plan.cursor == b
    assert plan.lines() == [
        "Move your strong knight at the north corner of pasture 9",
        "to the north-west corner of pasture 9 · ←↑↓→",
    ]
    moved = {"kind": "knight", "seat": 0, "what": "moved", "vertex": a, "to": b}
    said = narrate(moved, ["Red", "Blue", "White"], 0, hex_namer(view), face("ck").tell())
    assert said == (
        "You moved a knight at the north corner of pasture 9 to the north-west corner of pasture 9."
    )
    assert knight_hint(view, ("build_knight",), b) == (
        "This corner: the north-west corner of pasture 9"
    )  # not "beside the north-west corner of ..."


def test_no_two_edges_on_land_read_alike_and_a_coasts_says_its_side() -> None:
    """A coast hex's roads all read "by fields 5" once: each coastal edge now says its side
    ("on the north-east side of fields 5"), and an edge between two land hexes is named by
    both, as before. Seeds 0-4 of the base game, C&K and Catan Fleet."""
    from tui.places import hex_namer

    for ruleset in ("base", "ck", "fleet"):
        for seed in range(5):
            view = new_game(GameConfig(ruleset, 4, seed, {})).view(0)
            places = hex_places(view)
            where = hex_namer(view)
            assert places is not None and where is not None
            grid = places.grid
            on_land = [e for e in range(len(grid.edge_land)) if grid.edge_land[e]]
            names = [places.edge(e) for e in on_land]
            assert len(set(names)) == len(names), (ruleset, seed)
            for e in on_land:
                side, hexes = places.edge_parts(e)
                if len(grid.edge_land[e]) == 1:
                    assert side is not None and where(("edge", e)) == (
                        f" on the {side} side of {hexes}"
                    )
                else:
                    assert side is None and where(("edge", e)) == f" by {hexes}"
    view = new_game(GameConfig("base", 4, 0, {})).view(0)
    places = hex_places(view)
    assert places is not None
    assert [places.edge(e) for e in (0, 1, 7)] == [
        "the north-west side of fields 5 (north-west)",
        "the north-east side of fields 5 (north-west)",
        "fields 5 (north-west) / pasture 8",
    ]
