"""Arrow keys in a flight go where they point, on the map and on the screen.

Seen in play: Right went to a point two rows below (any destination to the right at
all counted, however far down), and Up moved the cursor down the screen (the 80x24
window jumped to centre it, from the window's fourth row to its eighth)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine.rulesets.starfarers import routes as R
from tests.starfarers.test_routes import flight_positions
from tui.flight import FlightPlan
from tui.render.spacemap import WINDOW_WIDTH, space_map_layout, window_for
from tui.render.targets import DIRECTIONS, Highlight, nearest_target

LAY = space_map_layout(True)
AXIS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}


def _plans(seed: int, count: int) -> Iterator[FlightPlan]:
    """A plan per ship that may fly, over `count` flight decisions of seeded play."""
    for game in flight_positions(seed, count):
        for ship in R.movable_ships(game):
            plan = FlightPlan(game, R.movable_ships(game))
            plan.select(plan.ships.index(ship))
            if plan.routes:
                yield plan


def _along(direction: str, start: int, end: int) -> tuple[int, int]:
    """How far `end` lies from `start` along the arrow, and across it (rows count double)."""
    (fx, fy), (tx, ty) = LAY.anchor("point", start), LAY.anchor("point", end)
    dx, dy = tx - fx, 2 * (ty - fy)
    ax, ay = AXIS[direction]
    return dx * ax + dy * ay, abs(dx * ay + dy * ax)


def test_an_arrow_goes_only_within_45_degrees_of_where_it_points() -> None:
    moves = stays = 0
    for plan in _plans(3, 60):
        for start in plan.routes:
            for direction in DIRECTIONS:
                got = nearest_target(LAY, "point", plan.routes, start, direction)
                if got == start:
                    stays += 1
                    continue
                main, side = _along(direction, start, got)
                assert main > 0 and side <= main, (start, direction, got)
                moves += 1
    assert moves > 1000 and stays


def test_every_destination_is_reached_by_arrows_from_the_first_cursor() -> None:
    for plan in _plans(3, 60):
        assert plan.cursor is not None
        reached, queue = {plan.cursor}, [plan.cursor]
        for v in queue:
            for direction in DIRECTIONS:
                w = nearest_target(LAY, "point", plan.routes, v, direction)
                if w is not None and w not in reached:
                    reached.add(w)
                    queue.append(w)
        assert reached == set(plan.routes)


def test_on_the_80x24_window_the_cursor_never_moves_against_the_arrow() -> None:
    rnd = random.Random(5)
    checked = 0
    for plan in _plans(3, 60):
        view = plan.game.view(plan.game.current)
        cursor = plan.cursor
        assert cursor is not None
        window = window_for(view, Highlight("point", frozenset(plan.routes), cursor), 47, 17)
        for _ in range(25):
            direction = rnd.choice(DIRECTIONS)
            moved = nearest_target(LAY, "point", plan.routes, cursor, direction)
            assert moved is not None
            shown = window_for(
                view, Highlight("point", frozenset(plan.routes), moved), WINDOW_WIDTH, 17, window
            )
            (x0, y0), (x1, y1) = LAY.anchor("point", cursor), LAY.anchor("point", moved)
            before = (x0 - window[0], y0 - window[1])
            after = (x1 - shown[0], y1 - shown[1])
            ax, ay = AXIS[direction]
            assert (after[0] - before[0]) * ax + (after[1] - before[1]) * ay >= 0, (
                direction,
                before,
                after,
            )
            assert shown[0] <= x1 < shown[0] + shown[2] and shown[1] <= y1 < shown[1] + shown[3]
            cursor, window = moved, shown
            checked += 1
    assert checked > 500


def test_a_window_a_row_shorter_keeps_its_place_when_the_cursor_stays_in_it() -> None:
    """Seen in play at 80x24: the actions' row grew by a line as the place's name wrapped, the
    map lost a row, and the window re-centred: a Right moved it 5 rows. The window keeps
    its origin at the new height while the cursor stays well inside it."""
    moved = 0
    for plan in _plans(3, 40):
        view = plan.game.view(plan.game.current)
        cursor = plan.cursor
        assert cursor is not None
        lit = Highlight("point", frozenset(plan.routes), cursor)
        window = window_for(view, lit, WINDOW_WIDTH, 17)
        y = LAY.anchor("point", cursor)[1]
        if not window[1] + 3 <= y < window[1] + 13:  # well inside the shorter window too
            continue
        shorter = window_for(view, lit, WINDOW_WIDTH, 16, window)
        assert shorter == (window[0], window[1], window[2], 16), (window, shorter)
        moved += 1
    assert moved > 5
