"""Mouse, save-as, the load screen, the rules, the palette and ASCII drawing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import tui_saves
from tui_keys import game_screen, step, until, wait_for_decision

from engine.config import GameConfig
from engine.rulesets.base.board import base_grid
from tui.app import CatanApp
from tui.screens.game import GameScreen
from tui.widgets.action_bar import ActionBar
from tui.widgets.map_view import MapView


async def _loaded(tmp_path: Path, **kw: object) -> CatanApp:
    return CatanApp(saves_dir=tmp_path, load=tui_saves.base_midgame(tmp_path), **kw)  # type: ignore[arg-type]


async def _at_turn(pilot: Any, app: CatanApp) -> GameScreen:
    """The game screen once the person may act."""
    assert await wait_for_decision(pilot) == "turn"
    screen = game_screen(app)
    assert screen is not None
    return screen


async def test_a_click_on_a_legal_target_builds_there(tmp_path: Path) -> None:
    app = await _loaded(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _at_turn(pilot, app)
        await pilot.press("d")
        assert screen.target is not None
        targets = sorted(screen.target.targets())
        chosen = targets[-1]
        layout = screen.query_one(MapView).layout_of()
        x, y = layout.anchor("edge", chosen)
        rev = screen.rev
        await pilot.click(MapView, offset=(x + 1, y))
        for _ in range(200):
            if screen.rev > rev:
                break
            await pilot.pause(0.01)
        assert screen.sent == 1
        assert any("built a road" in str(line.text) for line in screen.query_one("#log").lines)


async def test_save_as_then_load_it_from_the_menu(tmp_path: Path) -> None:
    app = await _loaded(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        assert await wait_for_decision(pilot) == "turn"
        screen = game_screen(app)
        assert screen is not None
        rev = screen.rev
        await pilot.press("ctrl+s")
        await pilot.pause()
        name_box = app.screen.query_one("#name")
        name_box.value = "my game"
        await pilot.press("enter")
        await pilot.pause()
        assert (tmp_path / "my_game.json").exists()
        # The file's name whole on its own line (a toast wrapped the path mid-name).
        said = [str(n.message) for n in app._notifications if n.title == "Saved"]
        assert said == [f"Saved as my_game.json\nin {tmp_path}"], said
        await pilot.press("q", "y")
        await pilot.pause()
        assert type(app.screen).__name__ == "MainMenuScreen"
        await pilot.press("l")
        await pilot.pause()
        assert type(app.screen).__name__ == "LoadScreen"
        # The footer says what Enter does (it named only Esc and v).
        shown = {b.binding.key: b.binding.description for b in app.screen.active_bindings.values()}
        assert shown.get("enter") == "Load", shown
        names = [p.name for p in app.screen.found]
        assert "my_game.json" in names
        await pilot.press(*(["down"] * names.index("my_game.json")), "enter")
        assert await wait_for_decision(pilot) == "turn"
        again = game_screen(app)
        assert again is not None and again is not screen and again.rev == rev


async def test_save_as_never_writes_over_another_game_and_remembers_its_name(
    tmp_path: Path,
) -> None:
    """Ctrl+S offered "my-game" every time and wrote over whatever game was saved so; then
    every game after the first refused its first save. It offers a name of this game's own
    (the ruleset and the day it began), numbered past a save of another game; another game's
    save is kept (the name typed offered again, to change); this game's own is saved over,
    and the name it was saved under is the next default."""
    from engine import saves
    from engine.config import GameConfig
    from engine.registry import new_game

    app = await _loaded(tmp_path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        assert await wait_for_decision(pilot) == "turn"
        screen = game_screen(app)
        assert screen is not None and app.local is not None
        day = app.local.game_id[:8]
        ours = f"base-{day[:4]}-{day[4:6]}-{day[6:8]}"
        other = tmp_path / f"{ours}.json"  # another game's save under the name we would offer
        saves.save_to_path(new_game(GameConfig("base", 3, 9, {})), other, {"game_id": "someone"})
        kept = other.read_bytes()
        await pilot.press("ctrl+s")
        await pilot.pause()
        name_box = app.screen.query_one("#name")
        assert name_box.value == f"{ours}-2"  # the free name, numbered
        name_box.value = ours  # the other game's name typed: refused
        await pilot.press("enter")
        await pilot.pause()
        assert other.read_bytes() == kept, "another game's save was written over"
        errors = [n.message for n in app._notifications if n.severity == "error"]
        assert errors == [f"Could not save: {ours}.json holds another game; choose another name"]
        name_box = app.screen.query_one("#name")  # offered again, to be changed
        assert name_box.value == ours
        name_box.value = "mine"
        await pilot.press("enter")
        await pilot.pause()
        assert (tmp_path / "mine.json").exists() and screen.saved_name == "mine"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen.query_one("#name").value == "mine"
        await pilot.press("enter")  # this game's own save: saved again
        await pilot.pause()
        assert [n.message for n in app._notifications if n.severity == "error"] == errors


async def test_f1_shows_the_rules_of_the_ruleset(tmp_path: Path) -> None:
    app = await _loaded(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_decision(pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert type(app.screen).__name__ == "RulesScreen"
        assert app.screen.ruleset == "base"
        await pilot.press("escape")
        await pilot.pause()
        assert game_screen(app) is app.screen


async def test_the_palette_offers_the_actions(tmp_path: Path) -> None:
    from tui.palette_provider import ActionsProvider

    app = await _loaded(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_decision(pilot)
        provider = ActionsProvider(app.screen)
        titles = [title for title, _, _ in provider._commands()]
        assert "End the turn (e)" in titles and "Build a road (d)" in titles


async def test_ascii_map_has_only_ascii(tmp_path: Path) -> None:
    app = await _loaded(tmp_path, ascii=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_decision(pilot)
        text = app.screen.query_one(MapView).render().plain
        assert text.strip() and all(ord(c) < 128 for c in text)


async def test_ssh_mode_drops_screenshot_commands() -> None:
    app = CatanApp(ssh_mode=True)
    async with app.run_test(size=(80, 24)):
        titles = [c.title.lower() for c in app.get_system_commands(app.screen)]
        assert titles and not any("screenshot" in t for t in titles)
    plain = CatanApp()
    async with plain.run_test(size=(80, 24)):
        assert any("screenshot" in c.title.lower() for c in plain.get_system_commands(plain.screen))


async def test_the_footer_follows_the_keys_and_takes_clicks(tmp_path: Path) -> None:
    from tui.screens.rules import RulesScreen
    from tui.widgets.key_footer import KeyFooter

    app = await _loaded(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _at_turn(pilot, app)
        footer = screen.query_one(KeyFooter)
        keys = {item.key for item in footer.items}
        assert {"d", "e", "f1"} <= keys and "enter" not in keys
        await pilot.press("d")  # choosing where the road goes: Confirm and Back appear
        await pilot.pause()
        keys = {item.key for item in footer.items}
        assert {"enter", "escape"} <= keys and "d" not in keys
        await pilot.press("escape")
        await pilot.pause()
        line = str(footer.render())
        x = line.index(" f1 ") + 1
        await pilot.click(KeyFooter, offset=(x, 0))
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)


async def test_a_short_footer_keeps_the_moves_keys_before_speed_and_dice(tmp_path: Path) -> None:
    """Seen at 80x24: "... q Menu  ? Hint  d Road", the turn's t Offer and e End turn cut
    for f2 Speed and f4 Dice, the keys bound last being the ones lost. A footer too short
    for every key drops the least needed first, and keeps the screen's order."""
    from tui.widgets.key_footer import KeyFooter

    app = await _loaded(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _at_turn(pilot, app)
        footer = screen.query_one(KeyFooter)
        commands = [i for i in footer.items if i.action.startswith("command(")]
        assert {"d", "e"} <= {i.key for i in commands}, commands
        line = str(footer.render())
        for item in commands:
            assert f" {item.display} {item.description} " in line, (item, line)
        assert " f1 Rules " in line
        assert " f2 Speed " not in line, "speed kept where the move's keys did not fit"
        shown = [i.display for i in footer.items if f" {i.display} {i.description} " in line]
        assert [line.index(f" {d} ") for d in shown] == sorted(line.index(f" {d} ") for d in shown)
    wide = await _loaded(tmp_path)
    async with wide.run_test(size=(200, 40)) as pilot:  # room for all: every key, in order
        screen = await _at_turn(pilot, wide)
        footer = screen.query_one(KeyFooter)
        line = str(footer.render())
        assert all(f" {i.display} {i.description} " in line for i in footer.items), line


def _robber_loss(view: dict[str, Any], h: int) -> tuple[int, int]:
    """Pips the person's own buildings and the opponents' lose with the robber on `h`."""
    number = view["board"]["hexes"][h]["number"]
    pips = 6 - abs(7 - number) if number else 0
    mine = theirs = 0
    for v in base_grid().hex_vertices[h]:
        owner, level = view["vertices"][v]
        if owner == view["seat"]:
            mine += pips * level
        elif owner >= 0:
            theirs += pips * level
    return mine, theirs


async def test_the_robber_cursor_starts_on_a_hex_that_hurts_the_others_not_you(
    tmp_path: Path,
) -> None:
    """Seed 3: the person's first robber move; Enter at once must not block their own land."""
    seats = ["human", "random", "random", "random"]
    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(GameConfig("base", 4, 3, {}), seats))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(400):
            kind = await wait_for_decision(pilot)
            screen = game_screen(app)
            assert screen is not None and kind != "over", "no robber move before the game ended"
            if kind == "target" and screen.target and "move_robber" in screen.target.types:
                break
            await step(pilot)
        else:
            raise AssertionError("the person never moved the robber in 400 decisions")
        ids = sorted(screen.target.targets())
        view = screen.view or {}
        assert screen.cursor in ids
        losses = {h: _robber_loss(view, h) for h in ids}
        mine, theirs = losses[screen.cursor]
        assert mine == min(m for m, _ in losses.values()), f"cursor on own land: {losses}"
        best = max(t for m, t in losses.values() if m == mine)
        assert theirs == best > 0, f"cursor on hex {screen.cursor}, not the worst for the others"
        # The actions bar says whom the highlighted hex blocks, by name.
        status = screen.query_one(ActionBar).status
        owners = {view["vertices"][v][0] for v in base_grid().hex_vertices[screen.cursor]}
        blocked = [screen.names[s] for s in sorted(owners - {-1})]
        terrain = view["board"]["hexes"][screen.cursor]["terrain"]
        assert f"\nThis hex: {terrain} " in status, status
        assert status.endswith(f" · blocks {', '.join(blocked)}"), status
        before = screen.cursor
        await pilot.press("tab")  # another hex: the line follows the cursor
        assert screen.cursor not in (before, None)
        status = screen.query_one(ActionBar).status
        hexes = view["board"]["hexes"]
        name = hexes[screen.cursor]["terrain"]
        assert f"\nThis hex: {name} {hexes[screen.cursor]['number']}" in status or (
            name == "desert" and "\nThis hex: the desert" in status
        ), status


async def test_a_road_says_which_edge_the_cursor_is_on(tmp_path: Path) -> None:
    """At 80x24 the map marks the chosen edge by colour alone: the actions box names it
    ("This edge: fields 5 / pasture 6"), as it names a settlement's corner. Seed 33 of C&K,
    the person's first road of the setup; the line follows the cursor."""
    from tui.places import hex_places

    seats = ["human", "value", "value"]
    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(GameConfig("ck", 3, 33, {}), seats))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(20):
            kind = await wait_for_decision(pilot)
            screen = game_screen(app)
            assert screen is not None and kind != "over"
            if kind == "target" and screen.target and "build_road" in screen.target.types:
                break
            await step(pilot)
        else:
            raise AssertionError("no setup road for the person in 20 decisions")
        places = hex_places(screen.view or {})
        assert places is not None
        seen = set()
        for _ in range(len(screen.target.targets())):
            status = screen.query_one(ActionBar).status
            assert status.endswith(f"\nThis edge: {places.edge(screen.cursor)}"), status
            seen.add(screen.cursor)
            await pilot.press("tab")
            await pilot.pause()
        assert len(seen) > 1, "tab never moved the cursor"


def _corner_pips(view: dict[str, Any], v: int) -> int:
    """Pips a settlement on corner `v` would produce on (nothing from the robber's hex)."""
    hexes = view["board"]["hexes"]
    numbers = [hexes[h]["number"] for h in base_grid().vertex_land[v] if h != view["robber"]]
    return sum(6 - abs(7 - n) for n in numbers if n)


async def test_a_corner_on_a_harbour_says_so_while_placing(tmp_path: Path) -> None:
    """Seen in play: a settlement placed on the 2:1 lumber harbour with only "ore on 10 (3
    pips of 36)" said; the rates changed after. The cursor's line names the harbour. Seed 3,
    the first settlement, the cursor moved to each legal harbour corner."""
    seats = ["human", "random", "random", "random"]
    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(GameConfig("base", 4, 3, {}), seats))
    async with app.run_test(size=(120, 40)) as pilot:
        assert await wait_for_decision(pilot) == "target"
        screen = game_screen(app)
        assert screen is not None and screen.target is not None
        view = screen.view or {}
        legal = screen.target.targets()
        served = {
            v: h["kind"] for h in view["board"]["harbours"] for v in h["vertices"] if v in legal
        }
        assert {k for k in served.values() if k != "3:1"} and "3:1" in served.values(), served
        for corner, kind in served.items():
            screen.cursor = corner
            screen._refresh_actions()
            status = screen.query_one(ActionBar).status
            words = "the 3:1 harbour" if kind == "3:1" else f"the 2:1 {kind} harbour"
            assert status.endswith(f"; {words}"), status
        plain = next(v for v in legal if v not in served)
        screen.cursor = plain
        screen._refresh_actions()
        assert "harbour" not in screen.query_one(ActionBar).status


async def test_the_settlement_cursor_starts_on_the_legal_corner_with_the_most_pips(
    tmp_path: Path,
) -> None:
    """Seed 3: both setup settlements; the cursor opens on the richest legal corner, says so,
    and Enter at once builds there."""
    seats = ["human", "random", "random", "random"]
    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(GameConfig("base", 4, 3, {}), seats))
    placed = 0
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(40):
            kind = await wait_for_decision(pilot)
            screen = game_screen(app)
            assert screen is not None and kind != "over"
            target = screen.target
            if kind != "target" or target is None or "build_settlement" not in target.types:
                await step(pilot)
                continue
            view = screen.view or {}
            ids = sorted(target.targets())
            best = max(_corner_pips(view, v) for v in ids)
            assert screen.cursor == min(v for v in ids if _corner_pips(view, v) == best), (
                f"cursor on corner {screen.cursor}, {_corner_pips(view, screen.cursor)} pips;"
                f" the best legal corner has {best}"
            )
            status = screen.query_one(ActionBar).status
            assert f"({best} pips of 36)" in status, status
            corner = screen.cursor
            await pilot.press("enter")
            placed += 1
            await wait_for_decision(pilot)
            assert (screen.view or {})["vertices"][corner] == [0, 1], "not built where it opened"
            if placed == 2:
                break
        assert placed == 2, "the person placed fewer than two setup settlements in 40 decisions"


async def test_the_robber_hint_leaves_the_confirm_keys_in_view_at_80x24(tmp_path: Path) -> None:
    """A hex blocking two rivals made the hint two rows; with the long first line the
    actions box (4 rows at 80x24) lost its "⏎ Confirm  esc Back" chips."""
    app = CatanApp(saves_dir=tmp_path, speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.load_game(tui_saves.base_robber(tmp_path))
        assert await wait_for_decision(pilot) == "target"
        screen = game_screen(app)
        assert screen is not None and screen.target is not None
        assert "move_robber" in screen.target.types
        bar = screen.query_one(ActionBar)
        two_rivals = 0
        for _ in screen.target.targets():  # Tab visits every hex in turn
            await pilot.press("tab")
            await pilot.pause()
            hint = bar.status.split("\nThis hex: ")[1]
            two_rivals += ", " in hint
            _assert_chips_in_view(bar)
        assert two_rivals, "no hex blocking two rivals was visited"


def _assert_chips_in_view(bar: ActionBar) -> None:
    height = bar.content_size.height
    needed = bar.rows_needed(bar.content_size.width)
    assert needed <= height, f"{needed} rows in a box of {height} for {bar.status!r}"
    assert bar.render().plain.rstrip("\n").splitlines()[needed - 1].startswith(" ⏎ ")


async def test_the_first_settlement_s_hint_leaves_the_confirm_keys_in_view_at_80x24(
    tmp_path: Path,
) -> None:
    """Seed 11, the person starts: "Build a settlement: ←↑↓→ move between the 54 legal
    corners" took two rows and the corner's yield two more, so the chips fell out."""
    seats = ["human", "random", "random", "random"]
    config = GameConfig("base", 4, 11, {})
    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(config, seats))
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for_decision(pilot) == "target"
        screen = game_screen(app)
        assert screen is not None and screen.target is not None
        bar = screen.query_one(ActionBar)
        assert bar.status.startswith("Build a settlement: ←↑↓→ 54 corners\n")
        for _ in range(12):
            assert "\nThis corner: " in bar.status
            _assert_chips_in_view(bar)
            await pilot.press("tab")
            await pilot.pause()


@pytest.mark.parametrize("width", [24, 38, 40, 41, 43, 56])
def test_a_chip_never_leaves_its_label_on_another_line(width: int) -> None:
    """At 80x24 "m Bank t Offer k Knight l Move" came out as "... l" then "Move": each chip
    was counted a column short, so a full row ran past the box's edge."""
    items = (("m", "Bank"), ("t", "Offer"), ("k", "Knight"), ("l", "Move"), ("e", "End turn"))
    bar = ActionBar()
    bar.items = items
    text, spots = bar._draw(width)
    lines = text.plain.split("\n")
    assert all(len(line) <= width for line in lines), lines
    assert len(spots) == len(items)
    for (row, x0, x1, key), (_, label) in zip(spots, items, strict=True):
        assert lines[row][x0:x1] == f" {key}  {label}", (lines, row, x0, x1)
    assert bar.rows_needed(width) == len(lines)


async def test_road_building_says_its_roads_are_free_and_how_many_are_left(
    tmp_path: Path,
) -> None:
    """Seen in play: after Road Building the prompt was the ordinary "Build a road", and after
    one road nothing said a second was due. Seed 7, random play to the person's Road Building:
    the command says "Build a free road (2 left)", then "(1 left)"."""
    from engine.rulesets.base.actions import BuildRoad

    def building(g: Any) -> bool:
        return g.to_act == 0 and g.view(0)["phase"] == "road_building"

    game = tui_saves.play_until("base", 7, building)
    assert game.to_act == 0, "the position was never reached"
    left = game.view(0)["free_roads"]
    app = CatanApp(saves_dir=tmp_path, load=tui_saves.write(game, tmp_path), speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_decision(pilot)
        screen = game_screen(app)
        assert screen is not None
        roads = [c for c in screen.cmds if "build_road" in c.types]
        assert [c.label for c in roads] == [f"Build a free road ({left} left)"]
        if left > 1:
            edge = next(a for a in game.legal_actions() if isinstance(a, BuildRoad)).edge
            await screen.send({"type": "build_road", "edge": edge})
            await until(
                pilot,
                lambda: any(c.label == f"Build a free road ({left - 1} left)" for c in screen.cmds),
                "the second road's prompt",
            )


async def test_an_edge_with_a_road_names_whose_road_it_is(tmp_path: Path) -> None:
    """Seen in play (C&K's Diplomat): four rival roads to choose from, "This edge: the
    north-east side of forest 8" for each, told apart by colour alone. A road there is named."""
    from types import SimpleNamespace

    from tui_keys import at_base_midgame

    from tui.places import hex_places

    async with at_base_midgame(tmp_path, (80, 24)) as (_app, _pilot, screen):
        view = screen.view or {}
        places = hex_places(view)
        assert places is not None
        owners = view["edges"]
        blue = owners.index(1)
        mine = owners.index(0)
        free = owners.index(-1)
        screen.target = SimpleNamespace(target_kind="edge")  # type: ignore[assignment]
        lines = {}
        for edge in (blue, mine, free):
            screen.cursor = edge
            lines[edge] = screen._place_line(view)
        screen.target = None
        assert lines[blue] == f"This edge: Blue's road, {places.edge(blue)}"
        assert lines[mine] == f"This edge: your road, {places.edge(mine)}"
        assert lines[free] == f"This edge: {places.edge(free)}"
