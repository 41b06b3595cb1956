"""A Starfarers flight with keys: pick the ship, see where it can go, fly there in one go."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import tui_saves
from textual.pilot import Pilot
from textual.widgets import OptionList

from tui.app import CatanApp
from tui.flight import FlightPlan
from tui.render.targets import nearest_target
from tui.screens.dialogs.friendship import FriendshipDialog
from tui.screens.game import GameScreen
from tui.widgets.event_log import EventLog
from tui.widgets.map_view import MapView


async def wait_until(pilot: Pilot[Any], cond: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + 20
    while not cond():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await pilot.pause(0.01)


def _screen(app: CatanApp) -> GameScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, GameScreen))


def _my_stations(screen: GameScreen) -> int:
    view = screen.view or {}
    return sum(counts[0] for counts in view["trade_stations"].values())


def _stations(plan: FlightPlan) -> list[int]:
    return [
        v for v in sorted(plan.routes) if any(n.startswith("trade station") for n in plan.notes(v))
    ]


def _direction(screen: GameScreen, plan: FlightPlan, goal: int) -> str:
    """The arrow a person presses: the one whose move brings the cursor nearest the goal."""
    layout = screen.query_one(MapView).layout_of()
    gx, gy = layout.anchor("point", goal)

    def distance(direction: str) -> float:
        t = nearest_target(layout, "point", plan.routes, plan.cursor, direction)
        if t is None or t == plan.cursor:
            return float("inf")
        x, y = layout.anchor("point", t)
        return abs(x - gx) + 2 * abs(y - gy)

    return min(("up", "down", "left", "right"), key=distance)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
async def test_a_trade_ship_docks_at_an_outpost_in_a_few_keys(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """Seed tui_saves.FLIGHT_SEED: from the start of the flight to a trade station, <= 8 keys."""
    path = tui_saves.starfarers_flight(tmp_path)
    app = CatanApp(saves_dir=tmp_path, speed="instant", load=path)
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: _screen(app).flight is not None, "the flight to open")
        screen = _screen(app)
        before = _my_stations(screen)
        keys = 0
        plan = screen.flight
        assert plan is not None
        for _ in plan.ships:
            if plan.ship_name() == "trade ship" and _stations(plan):
                break
            await pilot.press("tab")
            keys += 1
        goal = _stations(plan)[0]
        while plan.cursor != goal and keys < 8:
            await pilot.press(_direction(screen, plan, goal))
            keys += 1
        assert plan.cursor == goal
        lines = screen.flight.lines() if screen.flight else []
        assert any("trade station" in line and "you have" in line for line in lines), lines
        assert "speed" in lines[0]
        # the map shows the steps on every destination, the path, and the ship being flown
        highlight = screen.query_one(MapView).highlight
        assert highlight.origin == plan.ship and set(highlight.targets) == set(plan.routes)
        assert len(highlight.path) == len(plan.routes[goal].steps) - 1
        await pilot.press("enter")
        keys += 1
        await wait_until(
            pilot, lambda: isinstance(app.screen, FriendshipDialog), "the friendship card"
        )
        # every card a line of its own, at 80x24 too (a card's effect wrapped there, and the
        # fourth and fifth cards fell below the list's fold)
        await pilot.pause()
        cards = app.screen.query_one(OptionList)
        assert cards.virtual_size.height == cards.option_count, (size, cards.virtual_size)
        await pilot.press("enter")
        keys += 1
        await wait_until(pilot, lambda: _my_stations(_screen(app)) > before, "the trade station")
        assert keys <= 8
        log = " ".join(strip.text for strip in _screen(app).query_one(EventLog).lines)
        assert "You founded a trade station" in log


async def test_a_new_ships_site_is_named_in_words(tmp_path: Path) -> None:
    """Seen in play: placing a colony ship ("2 legal points") said nothing of where, while a
    colony's site names its planets. The site under the cursor is named as the log would."""
    from tui_keys import game_screen, wait_for_decision

    from tui.narrate_starfarers import place_namer
    from tui.widgets.action_bar import ActionBar

    app = CatanApp(saves_dir=tmp_path, load=tui_saves.starfarers_trade_build(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_decision(pilot)
        screen = game_screen(app)
        assert screen is not None and screen.view is not None
        await pilot.press("c")
        await wait_until(pilot, lambda: screen.target is not None, "the ship's sites")
        where = place_namer(screen.view)(screen.cursor).strip()
        assert where.startswith("in "), where
        status = screen.query_one(ActionBar).status
        assert status.split("\n")[1] == f"This place: {where}", status
