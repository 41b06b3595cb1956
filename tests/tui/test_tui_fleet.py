"""Catan Fleet in the app: a whole game with keys alone, a fleet move as one decision,
the held number chip shown to its owner only, save and resume."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import tui_saves
from textual.pilot import Pilot
from tui_keys import game_screen, next_dialog, play_to_the_end, until, wait_for_decision

from engine import saves
from engine.config import GameConfig
from engine.headless import replay_steps
from engine.rulesets.fleet.fleet import moved
from engine.rulesets.fleet.phases import FLEET
from tui.app import CatanApp
from tui.fleet_plan import FleetPlan
from tui.narrate_fleet import TERRAIN_WORDS
from tui.screens.dialogs.game_over import GameOverDialog
from tui.widgets.action_bar import ActionBar
from tui.widgets.equipment import EquipmentPanel
from tui.widgets.event_log import EventLog
from tui.widgets.fleet_sections import sea_section
from tui.widgets.map_view import MapView

SEED = 3  # the seed's default Fleet game, as `catan play --ruleset fleet --seed 3`
SEATS = ["human", "random", "random"]
WHOLE_GAME_SEED = 5  # the person builds, sails and settles an islet: 82 decisions, 48 turns


async def test_a_whole_fleet_game_with_keys_alone(tmp_path: Path) -> None:
    """Seed 5, 7 VP: the person builds ships (I), sails the fleet (W, arrows, Enter) and settles
    islets from it (S in the fleet phase); the game ends in 48 turns (82 decisions)."""
    config = GameConfig("fleet", 3, WHOLE_GAME_SEED, {"vp_to_win": 7})
    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(config, SEATS))
    began = time.monotonic()
    async with app.run_test(size=(120, 40)) as pilot:
        steps = await play_to_the_end(pilot)
        assert isinstance(app.screen, GameOverDialog)
        over = app.screen.over
        assert over["winner"] is not None
        screen = game_screen(app)
        assert screen is not None
        print(f"{steps} decisions, {over['stats']['turns']} turns, {time.monotonic() - began:.1f}s")
    game = saves.load_path(tui_saves.only_autosave(tmp_path))
    assert game.to_act is None and game.view(0)["ruleset"] == "fleet"
    # Replay who did what: the person's ships, fleet moves and settlements from the fleet.
    mine: Counter[str] = Counter()
    for before, action in replay_steps(game):
        if before.to_act == 0:
            mine[action.type] += 1
            fleet_phase = before.view(0)["stage"] == FLEET and before.view(0)["phase"] == "main"
            if action.type == "build_settlement" and fleet_phase:
                mine["islet_settlement"] += 1
    assert mine["build_ship"] >= 1 and mine["move_fleet"] >= 1, mine
    assert mine["islet_settlement"] >= 1, mine


async def wait_until(pilot: Pilot[Any], cond: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + 30
    while not cond():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await pilot.pause(0.01)


def _ready(app: CatanApp, kind: str) -> bool:
    screen = game_screen(app)
    return screen is not None and any(a.get("type") == kind for a in screen.legal)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
async def test_a_fleet_move_is_chosen_previewed_and_sent_as_one_action(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """Seed tui_saves.FLEET_SEED: W opens the plan, an arrow picks, Enter sails: three keys."""
    path = tui_saves.fleet_sailing(tmp_path)
    app = CatanApp(saves_dir=tmp_path, speed="instant", load=path)
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: _ready(app, "move_fleet"), "the fleet phase")
        screen = game_screen(app)
        assert screen is not None and screen.view is not None
        before = tuple(screen.view["fleets"][0])
        await pilot.press("w")
        plan = screen.flight
        assert isinstance(plan, FleetPlan)
        assert plan.ships[0] in (before[0], before[-1])
        first = plan.cursor
        await pilot.press("right")
        if plan.cursor == first:
            await pilot.press("left")
        route = plan.route
        assert route is not None and route[0] == plan.ship and route[-1] == plan.cursor
        # the map previews the whole route from the front and marks every destination
        highlight = screen.query_one(MapView).highlight
        assert highlight is not None
        assert set(highlight.targets) == set(plan.routes) and tuple(highlight.path) == route
        assert highlight.origin == plan.ship
        assert any("step" in line for line in plan.lines())
        await pilot.press("enter")
        after = moved(before, route)
        await wait_until(
            pilot,
            lambda: screen.view is not None and bool(screen.view.get("fleet_moved")),
            "the fleet to sail",
        )
        assert screen.flight is None
        assert set(screen.view["fleets"][0]) == set(after)


async def test_the_held_chip_is_shown_to_its_owner_only(tmp_path: Path) -> None:
    """Seed tui_saves.FLEET_SEED: Red's chip is on Red's panel, on nobody else's until swapped."""
    path = tui_saves.fleet_first_roll(tmp_path)
    app = CatanApp(saves_dir=tmp_path, speed="instant", load=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: _ready(app, "roll"), "the first roll")
        screen = game_screen(app)
        assert screen is not None and screen.view is not None
        mine = screen.view["held_chips"][0]
        assert mine is not None and not screen.view["chips_known"][0]
        panel = screen.query_one(EquipmentPanel).render().plain
        assert f"Your chip:  {mine}  (face down)" in panel
    game = saves.load_path(path)
    for seat in (1, 2, 3):
        theirs = sea_section(game.view(seat)).plain
        assert "Red" not in theirs.split("Fleets:")[0], theirs  # no line shows Red's chip
        assert game.view(seat)["held_chips"][0] is None


async def test_a_fleet_game_is_saved_and_resumed_after_the_fleet_sailed(tmp_path: Path) -> None:
    """Seed tui_saves.FLEET_SEED: sail, quit; Continue resumes with the fleet moved."""
    directory = tmp_path / "saves"
    path = tui_saves.fleet_sailing(tmp_path)
    app = CatanApp(saves_dir=directory, speed="instant", load=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: _ready(app, "move_fleet"), "the fleet phase")
        screen = game_screen(app)
        assert screen is not None
        await pilot.press("w", "enter")
        await wait_until(
            pilot,
            lambda: screen.view is not None and bool(screen.view.get("fleet_moved")),
            "the fleet to sail",
        )
        assert screen.view is not None
        fleets, rev = screen.view["fleets"], screen.rev
    assert tui_saves.only_autosave(directory).exists()
    again = CatanApp(saves_dir=directory, speed="instant")
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.press("c")
        await wait_until(pilot, lambda: _ready(again, "end_turn"), "the resumed turn")
        resumed = game_screen(again)
        assert resumed is not None and resumed.view is not None
        assert resumed.view["ruleset"] == "fleet" and resumed.rev == rev
        assert resumed.view["fleets"] == fleets and resumed.view["fleet_moved"]
        assert not any(a.get("type") == "move_fleet" for a in resumed.legal)


def test_a_chip_swap_is_told_with_both_numbers() -> None:
    from tui.faces import face
    from tui.narrate import narrate

    event = {"kind": "chip_swap", "seat": 1, "hex": 7, "took": 6, "placed": 12}
    said = narrate(event, ["Red", "Blue", "White"], 0, None, face("fleet").tell())
    assert said is not None and said.startswith("Blue swapped number chips")
    assert "put the 12 there and took the 6" in said


def test_the_actions_row_names_the_phase_and_what_it_closes() -> None:
    from tui.widgets.fleet_sections import phase_section, turn_status

    assert (turn_status({"phase": "pre_roll"}) or "").startswith("Phase 1: roll")
    trading = {"phase": "main", "stage": 2, "dice": [2, 3]}
    assert "a build ends trading" in (turn_status(trading) or "")
    building = {"phase": "main", "stage": 3, "dice": [2, 3]}
    assert "trading is over" in (turn_status(building) or "")
    fleets = [[10, 11], [], []]  # seat 0: a fleet of one ship (front and one point)
    sailing = {"phase": "main", "stage": 4, "dice": [2, 3], "fleet_moved": True, "seat": 0}
    said = turn_status(dict(sailing, fleets=fleets)) or ""
    assert "the fleet has moved" in said and "sail (w)" not in said
    assert "No trading or building now." in phase_section(sailing).plain
    fresh = dict(sailing, fleet_moved=False, fleets=fleets)
    assert "sail (w)" in (turn_status(fresh) or "")
    # Only what is offered now is named (seen in play: a swap and a settlement offered
    # where neither could be made).
    assert turn_status(fresh, frozenset({"w", "e"})) == "Phase 4, fleet: sail (w)."
    assert turn_status(dict(sailing, fleets=fleets), frozenset({"e", "k"})) == (
        "Phase 4, the fleet has moved: swap your chip (k)."
    )
    assert turn_status(dict(sailing, fleets=fleets), frozenset({"e"})) == (
        "Phase 4, the fleet has moved: nothing more to do. e: end the turn."
    )
    # Seen in play (seed 12): with no ship at all it offered to sail, swap and settle.
    for shipless in (dict(fresh, seat=1), dict(fresh, fleets=[])):
        assert turn_status(shipless) == (
            "Phase 4, fleet: you have no ship to sail yet. e: end the turn."
        )


def test_the_turn_lines_take_two_rows_at_most_at_80x24() -> None:
    """The actions row is about 39 columns wide at 80x24: each phase's line wraps to two rows
    at most, leaving the rest to the actions' keys."""
    import textwrap

    from tui.widgets.fleet_sections import turn_status

    views = [
        {"phase": "pre_roll"},
        {"phase": "main", "stage": 2, "dice": [2, 3]},
        {"phase": "main", "stage": 3, "dice": [2, 3]},
        {"phase": "main", "stage": 4, "dice": [2, 3]},
        {"phase": "main", "stage": 4, "dice": [2, 3], "seat": 0, "fleets": [[1, 2]]},
        {"phase": "main", "stage": 4, "dice": [2, 3], "fleet_moved": True},
        {
            "phase": "main",
            "stage": 4,
            "dice": [2, 3],
            "seat": 0,
            "fleets": [[1, 2]],
            "fleet_moved": True,
        },
    ]
    for view in views:
        said = turn_status(view)
        assert said is not None and len(textwrap.wrap(said, 39)) <= 2, said


def test_the_phase_lines_fit_the_panel_at_80x24() -> None:
    """The equipment panel is 30 columns wide at 80x24: no phase line may wrap there."""
    from tui.widgets.fleet_sections import PANEL_WIDTH, phase_section

    views = [
        {"phase": "setup_road"},
        {"phase": "pre_roll"},
        {"phase": "main", "stage": 2, "dice": [2, 3]},
        {"phase": "main", "stage": 3, "dice": [2, 3]},
        {"phase": "main", "stage": 4, "dice": [2, 3]},
    ]
    for view in views:
        lines = phase_section(view).plain.splitlines()
        assert lines and all(len(line) <= PANEL_WIDTH for line in lines), lines


def test_the_log_says_where_a_fleet_settlement_or_road_was_built() -> None:
    """Seed 4: corners and edges are named as in the base game ("at the north corner of forest
    5": an islet's corners touch one hex), hexes by island."""
    from engine import GameConfig, new_game
    from tui.faces import face
    from tui.narrate import narrate
    from tui.narrate_fleet import place_namer

    game = new_game(GameConfig("fleet", 3, 4, {}))
    view = game.view(0)
    where = place_namer(view)
    first = game.legal_actions()[0]
    event = game.apply(first)[0].for_seat(0)
    line = narrate(event, ["Red", "Blue", "White"], 0, where, face("fleet").tell())
    assert line == "You built a settlement at the north corner of forest 5."
    # Bare: the sentence gives "to" or "on"; the number tells an island's two pastures apart.
    assert where(5) == " forest 9 of the east island"
    robber = narrate({"kind": "robber", "seat": 1, "hex": 5}, ["Red", "Blue", "White"], 0, where)
    assert robber == "Blue moved the robber to forest 9 of the east island."
    # An islet by the name the map prints beside it: "I3" there, "islet I3" here.
    from engine.shared.layout import load_layout

    (i3,) = dict(load_layout("fleet").islands)["I3"]
    hexes = view["board"]["hexes"]
    h = next(i for i, hx in enumerate(hexes) if (hx["q"], hx["r"]) == tuple(i3))
    terrain, number = TERRAIN_WORDS[hexes[h]["terrain"]], hexes[h]["number"]
    assert where(h) == f" {terrain} {number} of islet I3"
    # The sea by the land beside it (the pirate's hex), the open sea where there is none.
    sea = [i for i, hx in enumerate(hexes) if hx["terrain"] == "sea"]
    said = {where(i) for i in sea}
    assert all(s.startswith((" the sea by ", " the open sea")) for s in said), said
    assert len(said) > len(sea) // 2, "sea hexes are not told apart"


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
async def test_a_setup_ship_is_offered_instead_of_the_road_and_placed_by_keys(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """Seed tui_saves.FLEET_SEED: a coastal setup settlement; I shows the coast, Enter sails."""
    path = tui_saves.fleet_setup_ship(tmp_path)
    app = CatanApp(saves_dir=tmp_path, speed="instant", load=path)
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: _ready(app, "build_ship"), "the setup road")
        screen = game_screen(app)
        assert screen is not None and screen.view is not None
        assert screen.view["phase"] == "setup_road"
        labels = {c.key: c.label for c in screen.cmds}
        assert labels.get("d") == "Build a road" and labels.get("i") == "Build a ship"
        ships = {a["edge"] for a in screen.legal if a["type"] == "build_ship"}
        await pilot.press("i")
        await wait_until(pilot, lambda: screen.target is not None, "the ship's edges")
        highlight = screen.query_one(MapView).highlight
        assert highlight is not None and highlight.kind == "edge"
        assert set(highlight.targets) == ships and highlight.cursor in ships
        chosen = highlight.cursor
        await pilot.press("enter")
        await wait_until(
            pilot,
            lambda: screen.view is not None and bool(screen.view["fleets"][0]),
            "the ship to be placed",
        )
        assert chosen is not None and screen.view["ships"][chosen] == 0  # Red's ship there
        assert len(screen.view["fleets"][0]) == 2  # a fleet of one ship: its two ends
        assert not any(a.get("type") == "build_ship" for a in screen.legal)


async def test_a_gold_field_pick_is_chosen_in_a_dialog_by_keys(tmp_path: Path) -> None:
    """Seed 15 (tui_saves.fleet_gold): Y opens the five resources; the fourth, grain, is taken."""
    path = tui_saves.fleet_gold(tmp_path)
    app = CatanApp(saves_dir=tmp_path, speed="instant", load=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: _ready(app, "pick_gold"), "the gold pick")
        screen = game_screen(app)
        assert screen is not None and screen.view is not None
        before = dict(screen.view["me"]["hand"])
        await pilot.press("y")
        dialog = await next_dialog(pilot, None)
        labels = [str(label) for label, _ in dialog.options]
        assert labels == [f"Take 1 {r}" for r in ("brick", "lumber", "wool", "grain", "ore")]
        await pilot.press("down", "down", "down", "enter")
        await wait_until(
            pilot,
            lambda: (
                not any(a.get("type") == "pick_gold" for a in screen.legal)
                and screen.view is not None
                and screen.view["me"]["hand"]["grain"] == before["grain"] + 1
            ),
            "the grain to be taken",
        )
        assert {k: v for k, v in screen.view["me"]["hand"].items() if k != "grain"} == {
            k: v for k, v in before.items() if k != "grain"
        }
        log = " ".join(t.plain for t in screen.query_one(EventLog).entries)
        assert "You took 1 grain from a gold field." in log


async def test_a_split_fleet_keeps_the_piece_chosen_by_keys(tmp_path: Path) -> None:
    """Seed 32 (tui_saves.fleet_split): J marks the pieces' ships, Enter keeps the one chosen."""
    path = tui_saves.fleet_split(tmp_path)
    app = CatanApp(saves_dir=tmp_path, speed="instant", load=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: _ready(app, "keep_fleet"), "the split fleet")
        screen = game_screen(app)
        assert screen is not None and screen.view is not None
        pieces = {a["edge"] for a in screen.legal if a["type"] == "keep_fleet"}
        assert len(pieces) == 2
        await pilot.press("j")
        await wait_until(pilot, lambda: screen.target is not None, "the pieces to choose from")
        highlight = screen.query_one(MapView).highlight
        assert highlight is not None and highlight.kind == "edge"
        assert set(highlight.targets) == pieces and highlight.cursor in pieces
        kept = highlight.cursor
        lost = (pieces - {kept}).pop()
        await pilot.press("enter")
        await wait_until(
            pilot,
            lambda: (
                not any(a.get("type") == "keep_fleet" for a in screen.legal)
                and screen.view is not None
                and screen.view["ships"][lost] != 0
            ),
            "the other piece to be lost",
        )
        assert screen.view["ships"][kept] == 0 and screen.view["fleets"][0]
        log = " ".join(t.plain for t in screen.query_one(EventLog).entries)
        assert "You kept 1 ship of the split fleet; 2 ships went back to the supply." in log


async def test_the_sea_lines_fit_the_panel_at_80x24(tmp_path: Path) -> None:
    """Seed tui_saves.FLEET_SEED, the fleet phase at 80x24: "Your chip", the fleets and the
    islets' chips each fit the panel's width (no line wraps), and the chip is on one line."""
    path = tui_saves.fleet_sailing(tmp_path)
    app = CatanApp(saves_dir=tmp_path, speed="instant", load=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: _ready(app, "move_fleet"), "the fleet phase")
        screen = game_screen(app)
        assert screen is not None and screen.view is not None
        panel = screen.query_one(EquipmentPanel)
        width = panel.scrollable_content_region.width
        lines = panel.render().plain.splitlines()
        mine = screen.view["held_chips"][0]
        assert any(line.startswith(f"Your chip:  {mine}  (face ") for line in lines), lines
        assert width >= 30 and all(len(line) <= width for line in lines), (width, lines)
        # The actions row grows to show every key of the fleet phase (sail, swap, end)
        bar = screen.query_one(ActionBar)
        shown = bar.render().plain
        assert {"w", "e"} <= {c.key for c in screen.cmds}
        for cmd in screen.cmds:
            assert f" {cmd.key} " in shown, (cmd.key, shown)
        assert bar.rows_needed(bar.content_size.width) <= bar.content_size.height, shown


def test_the_sea_lines_of_four_seats_fit_30_columns() -> None:
    """The longest names: four fleets, three chips shown, every islet held, each line within
    the panel's 30 columns at 80x24, items never split across lines."""
    from tui.widgets.fleet_sections import PANEL_WIDTH

    view = {
        "seat": 0,
        "num_seats": 4,
        "held_chips": [12, 10, 11, 10],
        "chips_known": [False, True, True, True],
        "fleets": [[1, 2, 3, 4, 5, 6]] * 4,
        "islet_holders": [3, 3, 3, 2, 3],
        "islet_names": ["I1", "I2", "I3", "I4", "I5"],
        "pirate": -1,
    }
    lines = sea_section(view).plain.splitlines()
    assert all(len(line) <= PANEL_WIDTH for line in lines), lines
    assert lines[0] == "Your chip:  12  (face down)"
    text = " ".join(line.strip() for line in lines)
    for item in ("Blue 10", "White 11", "Orange 10", "Orange 5", "I4 White", "I5 Orange"):
        assert item in text, (item, lines)


async def test_every_key_of_the_trade_and_build_phase_shows_at_80x24(tmp_path: Path) -> None:
    """Seed 3 (random play, four seats): the human's phase 2 with a road, a ship and a bank
    trade to choose (d i m t l e): the actions row grows at 80x24 so that none is hidden."""

    def stop(game: Any) -> bool:
        kinds = {a.type for a in game.legal_actions()}
        wanted = {"build_ship", "build_road", "maritime_trade", "fleet_phase"}
        return game.to_act == 0 and wanted <= kinds

    game = tui_saves.play_until("fleet", SEED, stop, min_actions=40)
    path = tui_saves.write(game, tmp_path, "fleet2.json")
    app = CatanApp(saves_dir=tmp_path, speed="instant", load=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: _ready(app, "fleet_phase"), "the trade phase")
        screen = game_screen(app)
        assert screen is not None
        bar = screen.query_one(ActionBar)
        await wait_until(
            pilot,
            lambda: bar.rows_needed(bar.content_size.width) <= bar.content_size.height,
            "the actions row to grow",
        )
        shown = bar.render().plain
        assert len(screen.cmds) >= 6, [c.key for c in screen.cmds]
        for cmd in screen.cmds:
            assert f" {cmd.key} " in shown, (cmd.key, shown)


async def test_a_chip_swap_says_what_goes_where_before_enter(tmp_path: Path) -> None:
    """Seed tui_saves.FLEET_SEED, a swap offered in the fleet phase, at 80x24: K marks the
    hexes the fleet touches and the actions row says which chip goes there and which one the
    person takes."""
    path = tui_saves.fleet_swapping(tmp_path)
    app = CatanApp(saves_dir=tmp_path, speed="instant", load=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: _ready(app, "swap_chip"), "the fleet phase")
        screen = game_screen(app)
        assert screen is not None and screen.view is not None
        held = screen.view["held_chips"][0]
        await pilot.press("k")
        await wait_until(pilot, lambda: screen.cursor is not None, "the hexes to swap with")
        hexes = screen.view["board"]["hexes"]
        status = screen.query_one(ActionBar).status
        hex_ = hexes[screen.cursor]
        name = TERRAIN_WORDS.get(hex_["terrain"], hex_["terrain"])
        said = f"This hex: {name} {hex_['number']}. Your {held} goes here; you take"
        assert said in status, status


def test_the_pirates_hex_says_whose_ships_it_would_sink_as_the_engine_sinks_them() -> None:
    """Choosing the pirate's hex said nothing on a sea hex ("This hex: …" only for land).
    Seed 6, played at random until fleets are out: on every sea hex the hint names the
    ships the engine's own raid would sink, and the two-ship fleets it would let go."""
    import random

    from engine import GameConfig, new_game
    from engine.headless import random_rollout
    from engine.rulesets.fleet.pirate import raid
    from tui.narrate import SEAT_NAMES
    from tui.widgets.fleet_sections import pirate_hint

    game = new_game(GameConfig("fleet", 4, 6, {}))
    rng = random.Random(6)
    while sum(len(p) > 1 for p in game.fleet) < 3:
        random_rollout(game, rng, getattr(game, "turn", 0) + 1)
        assert game.to_act is not None, "the game ended before three fleets were out"
    view = game.view(0)
    hexes = view["board"]["hexes"]
    sinking = 0
    for h, hx in enumerate(hexes):
        said = pirate_hint(view, h)
        if hx["terrain"] != "sea":
            assert said is None
            continue
        assert said is not None and said.startswith("This hex: the "), said
        hit = raid(game.fleet, game.sea.hex_edge_sets[h], game.edge_between)
        for seat, edges in hit.sunk.items():
            whose = "your" if seat == 0 else f"{SEAT_NAMES[seat]}'s"
            assert f"sinks {len(edges)} of {whose} ships" in said, (h, said)
            sinking += 1
        for seat in hit.spared:
            whose = "your" if seat == 0 else f"{SEAT_NAMES[seat]}'s"
            assert f"lets {whose} 2-ship fleet go" in said, (h, said)
        if not hit.sunk and not hit.spared:
            assert said.endswith(" · sinks no ship"), said
    assert sinking > 0, "no sea hex would sink a ship: the check tested nothing"
    # Once on the board, the panel says where the pirate is (the line used to vanish).
    from tui.narrate_fleet import place_namer
    from tui.widgets.fleet_sections import sea_section

    sea = next(h for h, hx in enumerate(hexes) if hx["terrain"] == "sea" and h != view["pirate"])
    view["pirate"] = -1
    assert "Pirate: not on the board yet" in sea_section(view).plain
    view["pirate"] = sea
    lines = sea_section(view).plain.splitlines()
    first = place_namer(view)(sea).split(" / ")[0]
    assert any(line.startswith(f"Pirate:{first}") for line in lines), lines
    assert all(len(line) <= 30 for line in lines), lines


@pytest.mark.parametrize("kind", ["edge", "vertex"])
def test_a_place_out_at_sea_is_named_by_the_land_nearest_it(kind: str) -> None:
    """Seen in play: "You built a ship by the coast." for an edge out in the open sea, and a
    corner with no land was "the coast" in the fleet's prompt and " at the coast" in the log.
    Seed 44: every edge and corner with no land beside it is named by the land beside its
    sea hexes, in the log and under the cursor alike."""
    from engine import GameConfig, new_game
    from tui.places import hex_namer, hex_places

    view = new_game(GameConfig("fleet", 4, 44, {})).view(0)
    places, where = hex_places(view), hex_namer(view)
    assert places is not None and where is not None
    grid = places.grid
    land, name_of = (
        (grid.edge_land, places.edge) if kind == "edge" else (grid.vertex_land, places.vertex)
    )
    at_sea = [i for i in range(len(land)) if not land[i]]
    assert at_sea
    for i in at_sea:
        name = name_of(i)
        assert name.startswith(("at sea by ", "out at sea")), name
        assert where((kind, i)) == f" {name}"
    assert len({name_of(i) for i in at_sea}) > 10, f"sea {kind}s are not told apart"
    if kind == "vertex":  # a corner on land keeps its "at"
        on_land = next(v for v in range(grid.num_vertices) if grid.vertex_land[v])
        assert where(("vertex", on_land)) == f" at {places.vertex(on_land)}"


def test_a_ship_at_sea_is_named_by_the_land_nearest_the_edge() -> None:
    """Seen in play: "at sea by pasture 4 / hills 5" for an edge whose corner pasture 8
    touched, pasture 4 two rows away: the first land beside either sea hex was taken. Each
    open-sea edge is named first by the land hex nearest its middle on the whole board,
    wherever one lies within two hex widths. Seeds 33, 34 and 44."""
    import math

    from engine import GameConfig, new_game
    from engine.shared.hexgrid import screen_xy
    from tui.places import hex_places

    checked = 0
    for seed in (33, 34, 44):
        view = new_game(GameConfig("fleet", 4, seed, {})).view(0)
        places = hex_places(view)
        assert places is not None
        grid = places.grid
        land = [h for h in range(len(grid.hexes)) if grid.is_land(h)]
        for e in range(grid.num_edges):
            if grid.edge_land[e]:
                continue
            (ax, ay), (bx, by) = (grid.vertex_xy[v] for v in grid.edge_vertices[e])
            mx, my = (ax + bx) / 2, (ay + by) / 2

            def away(h: int, mx: float = mx, my: float = my, grid: Any = grid) -> float:
                x, y = screen_xy(grid.hexes[h])
                return math.hypot(x - mx, y - my)

            nearest = min(land, key=away)
            if away(nearest) > 2 * math.sqrt(3):
                continue
            name = places.edge(e)
            first = name.removeprefix("at sea by ").split(" / ")[0]
            assert math.isclose(
                min(away(h) for h in land if places.hex(h) == first), away(nearest)
            ), (seed, e, name, places.hex(nearest))
            checked += 1
    assert checked > 30, checked


def test_events_before_a_chip_swap_are_named_by_the_numbers_then() -> None:
    """Seen in play: "Blue built a ship at sea by fields 2 / forest 9." while that field was
    a 5, the 2 only put there on the next line by Blue's chip swap, whose own line read
    "on fields 2: put the 2 there and took the 5". A batch's events are named by the places
    as they stood: the swap by the number it took away. Seeds 1-8, random play."""
    import random

    from engine import GameConfig, new_game
    from tui.faces import face
    from tui.narrate import narrate, seat_names

    fleet = face("fleet")
    tell = fleet.tell()
    names = seat_names(4)
    swaps = 0
    earlier: list[dict[str, Any]] = []
    for seed in range(1, 9):
        game = new_game(GameConfig("fleet", 4, seed, {}))
        rng = random.Random(seed)
        while game.to_act is not None and game.turn < 80 and swaps < 6:
            legal = [a for a in game.legal_actions() if a.type != "offer_trade"]
            swap = [a for a in legal if a.type == "swap_chip"]
            action = rng.choice(swap or legal)
            before = game.view(0)
            events = [e.for_seat(0) for e in game.apply(action)]
            if action.type != "swap_chip":
                earlier = events  # told in one batch with a swap that follows
                continue
            swaps += 1
            after = game.view(0)
            events = earlier + events
            earlier = []
            wheres = fleet.namers(after, events)
            told = [narrate(e, names, 0, w, tell) for e, w in zip(events, wheres, strict=True)]
            then = [narrate(e, names, 0, fleet.namer(before), tell) for e in events]
            assert told == then, (seed, told, then)
            now = [narrate(e, names, 0, fleet.namer(after), tell) for e in events]
            assert now != then, "the swap renamed nothing: the test shows nothing"
    assert swaps >= 3, swaps


def test_a_ship_paid_for_but_not_buildable_says_why() -> None:
    """Seen in play: `i Ship` vanished once the fleet no longer touched a settlement. Seeds
    1-6 played at random: wherever the seat to move in phases 2-3 can pay for a ship, the face
    names a reason exactly when no ship can be built, the reason the real game's state gives;
    where it cannot pay, the price (i with 1 wool and no lumber said only "not possible")."""
    import random

    from engine import GameConfig, new_game
    from engine.rulesets.fleet import fleet as fleets
    from engine.rulesets.fleet.phases import FLEET
    from tui.faces import face

    why_not = face("fleet").why_not
    assert why_not is not None
    seen: dict[str, int] = {}
    for seed in range(1, 7):
        game = new_game(GameConfig("fleet", 4, seed, {}))
        rng = random.Random(seed)
        while game.to_act is not None and game.turn < 120:
            if game.phase == "main" and game.stage != FLEET:
                seat = game.current
                if not game.can_pay(seat, game.COST["ship"]) and game.to_act == seat:
                    # the price, as the base builds' (i said only "not possible now")
                    said = dict(why_not(game.view(seat)))
                    assert said["build_ship"] == f"a ship costs {game.price_text('ship')}"
                    seen["the price"] = seen.get("the price", 0) + 1
                elif game.can_pay(seat, game.COST["ship"]):
                    said = dict(why_not(game.view(seat)))
                    legal = any(a.type == "build_ship" for a in game.legal_actions())
                    assert ("build_ship" in said) == (not legal), (seed, said)
                    if not legal:
                        path = game.fleet[seat]
                        if path and len(path) - 1 >= fleets.MAX_SHIPS:
                            kind = "the most a fleet may have"
                        elif path and not game.fleet_touches_home(seat):
                            kind = "only while your fleet touches"
                        else:
                            kind = "no free sea edge"
                        assert kind in said["build_ship"], (seed, said)
                        seen[kind] = seen.get(kind, 0) + 1
            legal = [a for a in game.legal_actions() if a.type not in ("offer_trade",)]
            game.apply(rng.choice(legal))
    assert len(seen) >= 3 and "the price" in seen, seen


def test_fleet_greys_the_base_builds_with_the_engine_reasons() -> None:
    """As in the base game, a build one may expect but cannot make is named with the engine's
    reason (at 80x24 with nothing affordable only t and e showed, and nothing said why): in
    Fleet's building phases the face gives the real game's refusals, before any ship's.
    Seeds 1-4 played at random."""
    import random

    from engine import GameConfig, new_game
    from engine.rulesets.base.refusals import refusals
    from engine.rulesets.fleet.phases import FLEET
    from tui.faces import face

    why_not = face("fleet").why_not
    assert why_not is not None
    seen: set[str] = set()
    for seed in range(1, 5):
        game = new_game(GameConfig("fleet", 4, seed, {}))
        rng = random.Random(seed)
        while game.to_act is not None and game.turn < 60:
            if game.phase == "main" and game.stage != FLEET and game.to_act == game.current:
                said = why_not(game.view(game.current))
                real = refusals(game)
                assert said[: len(real)] == real, (seed, said, real)
                assert all(what == "build_ship" for what, _ in said[len(real) :]), said
                seen.update(what for what, _ in real)
            legal = [a for a in game.legal_actions() if a.type not in ("offer_trade",)]
            game.apply(rng.choice(legal))
    assert {"build_road", "build_settlement", "build_city"} <= seen, seen


def test_a_fleet_that_cannot_sail_says_why() -> None:
    """Seen in play: in phase 4 `w` was gone from the keys with no word why. A two-ship fleet
    spared by the pirate lies on its hex and is held (rules §10.3: a ship on the pirate's
    edges may not move), as the engine's own routes agree; after a Knight it is not the
    pirate, and the line never runs past two rows at 80x24. Seed 6."""
    import textwrap

    from engine import GameConfig, new_game
    from engine.rulesets.fleet import fleet as fleets
    from tui.widgets.fleet_sections import turn_status

    game = new_game(GameConfig("fleet", 4, 6, {}))
    grid = game.board.grid
    view = game.view(0)
    # Two ships on one sea hex's edges, end to end: a path of three of its corners.
    ship = {e for v in range(grid.num_vertices) for _, e in game.sea.ship_adjacent[v]}

    def two_ships(h: int) -> tuple[int, ...] | None:
        edges = [e for e in grid.hex_edges[h] if e in ship]
        for e1 in edges:
            for e2 in edges:
                shared = set(grid.edge_vertices[e1]) & set(grid.edge_vertices[e2])
                if e1 != e2 and shared:
                    (mid,) = shared
                    (a,) = set(grid.edge_vertices[e1]) - shared
                    (b,) = set(grid.edge_vertices[e2]) - shared
                    return (a, mid, b)
        return None

    seas = [h for h, hx in enumerate(view["board"]["hexes"]) if hx["terrain"] == "sea"]
    h, path = next((h, p) for h in seas if (p := two_ships(h)) is not None)
    closed = game.sea.hex_edge_sets[h]
    assert (
        fleets.routes(path, game.sea.ship_adjacent, lambda e: True, closed, game.edge_between) == []
    )
    sailing = dict(
        view, phase="main", stage=4, dice=[3, 4], seat=0, fleet_moved=False, pirate=h,
        fleets=[list(path), [], [], []],
    )  # fmt: skip
    assert turn_status(sailing, frozenset({"e"})) == (
        "Phase 4: the pirate holds your fleet. e: end the turn."
    )
    said = turn_status(sailing, frozenset({"e", "k", "s"}))
    assert said == "Phase 4: the pirate holds your fleet; swap chip (k), settle islet (s)."
    assert len(textwrap.wrap(said, 39)) <= 2, said
    knight = dict(sailing, knight_played=True)
    assert turn_status(knight, frozenset({"e", "k"})) == (
        "Phase 4: no free edge ahead of your fleet; swap chip (k)."
    )
    assert turn_status(sailing, frozenset({"e", "w"})) == "Phase 4, fleet: sail (w)."


@pytest.mark.parametrize("size", [(120, 40), (160, 50)])
async def test_the_whole_fleet_board_and_its_key_show_at_120x40(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """Seen at 120x40: the key under the map took the board's last three rows (the islets'
    hexes I4 and I5 without their numbers, the south harbours gone) while the log below had
    ten empty rows: the key was counted as no rows. The window is the whole board, the key
    under it, the log below both. Seed 5, the first roll."""
    from tui.widgets.map_view import MapView

    app = CatanApp(saves_dir=tmp_path, load=tui_saves.fleet_first_roll(tmp_path), speed="instant")
    async with app.run_test(size=size) as pilot:
        await wait_for_decision(pilot)
        screen = game_screen(app)
        assert screen is not None
        map_view = screen.query_one(MapView)
        layout = map_view.layout_of()
        await until(pilot, lambda: map_view._window is not None, "the map drawn")
        window = map_view._window
        assert window is not None
        assert (window[2], window[3]) == (layout.width, layout.height), "the board is cut"
        key = map_view.key_rows()
        assert key >= 2  # the sea's symbols, in words
        assert map_view.content_size.height >= layout.height + key


async def test_the_actions_box_is_fitted_again_when_the_side_panels_change(tmp_path: Path) -> None:
    """Seen at 80x24 in Fleet: when the side panels began or stopped overflowing, the actions
    were written again (the "↑↓ scroll the panels" line) but the box kept its rows, one short,
    its first line scrolled out of sight. Written again, the box is fitted again."""
    from tui.widgets.action_bar import ActionBar

    app = CatanApp(saves_dir=tmp_path, load=tui_saves.fleet_first_roll(tmp_path), speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_decision(pilot)
        screen = game_screen(app)
        assert screen is not None
        bar = screen.query_one(ActionBar)
        bottom = screen.query_one("#bottom")
        show = screen._show_actions

        def longer() -> None:  # what the actions say grows by three rows
            show()
            bar.status = f"{bar.status}\none\ntwo\nthree"

        screen._show_actions = longer  # type: ignore[method-assign]
        before = bottom.styles.height
        assert before is not None
        screen._side_resized()
        await pilot.pause()
        after = bottom.styles.height
        assert after is not None and after.value == min(10, bar.rows_needed(screen._bar_width(bar)))
        assert after.value > before.value


async def test_shift_arrows_move_the_maps_window_at_80x24(tmp_path: Path) -> None:
    """Seen at 80x24: the Fleet board (and the space map) showed in part, and nothing moved
    the window but a choice's cursor. Shift+arrows move it within the board, it stays moved
    while the game goes on, and a choice on the map brings it back to the choice. Seed 5."""
    from tui.render.hexmap_fleet import bounds
    from tui.widgets.map_view import MapView, make_highlight

    app = CatanApp(saves_dir=tmp_path, load=tui_saves.fleet_first_roll(tmp_path), speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_decision(pilot)
        screen = game_screen(app)
        assert screen is not None and screen.view is not None
        map_view = screen.query_one(MapView)
        await until(pilot, lambda: map_view._window is not None, "the map drawn")
        start = map_view._window
        assert start is not None
        bx, _, bw, _ = bounds(screen.view)
        assert start[2] < bw, "the whole board shows: nothing to pan"
        step = "shift+right" if start[0] + start[2] < bx + bw else "shift+left"
        await pilot.press(step)
        await pilot.pause()
        moved = map_view._window
        assert moved is not None and moved[0] != start[0] and moved[1:] == start[1:]
        assert bx <= moved[0] and moved[0] + moved[2] <= bx + bw  # within the board
        map_view.refresh()
        await pilot.pause()
        assert map_view._window == moved  # it stays where it was moved
        await pilot.press("r")  # the game goes on: still where the person looks
        await wait_for_decision(pilot)
        assert map_view._window is not None and map_view._window[0] == moved[0]
        map_view.highlight = make_highlight("vertex", [0, 1], 0)  # a choice on the map
        map_view.refresh()
        await pilot.pause()
        assert map_view.panned is None  # the window follows the choice's cursor again
        # While choosing, the window moves too (the points beyond it could not be looked at)
        # and stays moved until the choice's cursor moves.
        chosen = map_view._window
        assert chosen is not None
        assert map_view.pan(6, 0) or map_view.pan(-6, 0), "the window cannot move"
        await until(pilot, lambda: map_view._window != chosen, "the window moved")
        looked = map_view._window
        assert looked is not None and looked[0] != chosen[0] and looked[1:] == chosen[1:]
        map_view.refresh()
        await pilot.pause()
        assert map_view._window == looked  # drawn again, it stays where it was moved
        map_view.highlight = make_highlight("vertex", [0, 1], 1)  # the cursor moves on
        map_view.refresh()
        await until(pilot, lambda: map_view.panned is None, "the window following the cursor")


def test_a_key_refused_in_a_phase_of_the_fleet_turn_says_the_phase() -> None:
    """Seen in play (Fleet, phase 4): d, k and w said only "not possible now", and t "offers
    are made after the roll" with the dice rolled and no offer made. The turn's phase is the
    reason, and the key says it (the face's `key_rule`)."""
    from tui.faces import face

    rule = face("fleet").key_rule
    assert rule is not None
    ships = [[1, 2], [3], [4]]  # seat 0's fleet: a front and one ship
    view: dict[str, Any] = {"phase": "main", "seat": 0, "to_act": 0, "fleets": ships}
    fleet = {**view, "stage": 4}
    assert rule(fleet, ("build_road",)) == (
        "the fleet phase has begun: no trading or building this turn"
    )
    assert rule(fleet, ("offer_trade",)) == rule(fleet, ("build_road",))
    assert rule({**fleet, "fleets": [[1], [3], [4]]}, ("move_fleet",)) == (
        "you have no ship yet: ships are built (i) in the build phase"
    )
    assert rule(fleet, ("move_fleet",)) is None  # the fleet's own reason (its status line)
    assert rule({**view, "stage": 3}, ("offer_trade",)) == "trading is over: you built this turn"
    assert rule({**view, "stage": 2}, ("swap_chip",)) == (
        "the fleet sails and swaps chips in the fleet phase (l begins it)"
    )
    assert rule({**view, "stage": 2}, ("build_road",)) is None  # the build's own reason
    assert rule({**fleet, "to_act": 1}, ("build_road",)) is None  # not this seat's move


def test_the_fleet_move_names_its_destination_corner() -> None:
    """Seen in play: "3 steps to the yellow corner", every move: the corner the cursor is on
    is named, on land by its hexes and at sea by the land nearest it (seed
    tui_saves.FLEET_SEED, the fleet phase with three ships)."""
    from tui.places import hex_places

    def stop(game: Any) -> bool:
        ready = tui_saves.human_to_act({"move_fleet"})(game)
        return ready and len(game.view(0)["fleets"][0]) >= 3

    game = tui_saves.play_until("fleet", tui_saves.FLEET_SEED, stop, min_actions=60)
    view = game.view(0)
    plan = FleetPlan.from_legal(view, [dict(a.to_json()) for a in game.legal_actions()])
    assert plan is not None
    places = hex_places(view)
    assert places is not None
    seen: set[str] = set()
    for dest in plan.routes:
        plan.cursor = dest
        route = plan.route
        assert route is not None
        steps = len(route) - 1
        said = plan.lines()[1]
        name = places.vertex(dest)
        assert "yellow" not in said and "the coast" not in said, said
        if not places.land_of_vertex(dest):
            assert name.startswith(("at sea by ", "out at sea")), name
            name = f"the corner {name}"
        assert said == f"{steps} step{'s' * (steps != 1)} to {name}", said
        seen.add(name)
    assert len(seen) == len(plan.routes), "two destinations read alike"


def test_a_wide_panel_gives_the_islets_and_the_pirate_a_line_each() -> None:
    """Seed 4, as dealt: at 80x24 (30 columns) the islets' chips take two lines; at 120x40 the
    panel is told its 39 columns and they take one, every line within the width."""
    from engine import GameConfig, new_game
    from tui.widgets.fleet_sections import sea_section

    view = new_game(GameConfig("fleet", 3, 4, {})).view(0)
    narrow = sea_section(view, 30).plain.splitlines()
    wide = sea_section(view, 39).plain.splitlines()
    assert "Islet chips: I1 - I2 - I3 - I4 - I5 -" in wide
    assert "Islet chips: I1 - I2 - I3 - I4 - I5 -" not in narrow
    assert len(wide) < len(narrow)
    assert all(len(line) <= 39 for line in wide) and all(len(line) <= 30 for line in narrow)


async def test_the_log_gives_the_side_column_its_rows_at_120x40(tmp_path: Path) -> None:
    """Seed 5, a mid-game roll at 120x40: Fleet's map is short, and the log under it took
    every row the map left (13), so the side column ran 6 rows past the screen, hiding the
    Trade panel and the decks. The log now takes only what the side column can spare, and
    keeps its usual 7 or more; the layout holds still (no row given back and forth)."""
    from textual.containers import VerticalScroll

    game = tui_saves.play_until("fleet", 5, tui_saves.human_to_act({"roll"}), min_actions=200)
    app = CatanApp(
        saves_dir=tmp_path / "saves", speed="instant", load=tui_saves.write(game, tmp_path)
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_decision(pilot)
        screen = game_screen(app)
        assert screen is not None, "no game screen"
        side = screen.query_one("#side", VerticalScroll)
        bottom = screen.query_one("#bottom")

        def fitted() -> bool:  # no row past the screen, and none left empty
            panels = sum(child.outer_size.height for child in side.children)
            return side.max_scroll_y == 0 and panels == side.container_size.height

        await until(pilot, fitted, "the side column to fit with no row to spare")
        assert 7 <= bottom.outer_size.height < screen._rows_under_map(), bottom.outer_size
        rows = bottom.outer_size.height
        for _ in range(3):
            await pilot.pause()
            assert (bottom.outer_size.height, fitted()) == (rows, True), "the layout moved"


async def test_the_side_panels_are_as_tall_as_their_text_at_120x40(tmp_path: Path) -> None:
    """The sailing save at 120x40: the layout asked the equipment panel's height before the
    panel had its width, and its sections, laid out for the wider column, wrapped in the
    narrower one; the box kept an empty last row the side column could not spare. Every
    width-aware panel now measures its text at the width it is asked about."""
    from functools import partial

    from tui.widgets.trade_panel import TradePanel

    app = CatanApp(
        saves_dir=tmp_path / "saves", speed="instant", load=tui_saves.fleet_sailing(tmp_path)
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_decision(pilot)
        screen = game_screen(app)
        assert screen is not None, "no game screen"

        def laid_out(panel: EquipmentPanel | TradePanel) -> bool:
            lines = panel.render().wrap(app.console, panel.content_size.width)
            return panel.content_size.height == len(lines)

        for kind in (EquipmentPanel, TradePanel):
            panel = screen.query_one(kind)
            await until(pilot, partial(laid_out, panel), f"the {kind.__name__} as tall as its text")
