"""A colony ship flown to a free colony site may found there or not (rules §5.3.8: it
*may* found): Enter founds, `z` flies there and stops with nothing founded, and `z`
is offered only where the engine lets the move end there unfounded.

Seen in play: the destination on a site offered only "found a colony here", and
Enter founded it at once."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import tui_saves
from tui_keys import game_screen, until

from engine.actions import Action
from engine.rulesets.starfarers import routes as R
from engine.rulesets.starfarers.actions import EndMove, FoundColony
from engine.rulesets.starfarers.constants import COLONY_SHIP, FLIGHT
from engine.rulesets.starfarers.game import StarfarersGame
from tests.starfarers.test_routes import flight_positions
from tui.app import CatanApp
from tui.flight import STOP_KEY, FlightPlan


def _founding_plans(seed: int, count: int) -> Iterator[FlightPlan]:
    """Each plan with its cursor on a destination where its colony ship may found."""
    for game in flight_positions(seed, count):
        for ship in R.movable_ships(game):
            plan = FlightPlan(game, R.movable_ships(game))
            plan.select(plan.ships.index(ship))
            for v, route in plan.routes.items():
                if route.found:
                    plan.cursor = v
                    yield plan


def _applied(game: StarfarersGame, actions: list[dict[str, Any]]) -> StarfarersGame:
    """`actions` played on a copy, each one legal when it is played (the engine judges)."""
    g = game.copy()
    for a in actions:
        g.apply(next(x for x in g.legal_actions() if x.to_json() == a))
    return g


def test_z_flies_a_colony_ship_to_a_site_and_founds_nothing() -> None:
    checked = 0
    for plan in _founding_plans(3, 80):
        route = plan.route
        assert route is not None and route.found
        after_steps = _applied(plan.game, [a.to_json() for a in route.steps])
        legal: list[Action] = after_steps.legal_actions()
        assert FoundColony(route.to) in legal
        assert plan.can_stop() == (EndMove() in legal)
        if not plan.can_stop():
            assert dict(plan.keys()).get(STOP_KEY) is None and not plan.key_actions(STOP_KEY)
            continue
        keys = dict(plan.keys())
        assert keys["⏎"] == "Fly and found" and keys[STOP_KEY] == "Stop there, no colony"
        stop = plan.key_actions(STOP_KEY)
        assert stop[-1] == EndMove().to_json()
        assert not any(a["type"] == "found_colony" for a in stop)
        g = _applied(plan.game, stop)
        assert g.occ_kind[route.to] == COLONY_SHIP  # the ship stands on the site
        assert g.colonies_left == plan.game.colonies_left  # and no colony was founded
        assert plan.actions()[-1] == FoundColony(route.to).to_json()  # Enter still founds
        checked += 1
    assert checked >= 3


def test_z_is_not_offered_where_nothing_could_be_founded() -> None:
    for game in flight_positions(3, 30):
        for ship in R.movable_ships(game):
            plan = FlightPlan(game, R.movable_ships(game))
            plan.select(plan.ships.index(ship))
            for v, route in plan.routes.items():
                if not route.found:
                    plan.cursor = v
                    assert STOP_KEY not in dict(plan.keys())
                    assert plan.key_actions(STOP_KEY) == []


def _colony_flight(directory: Path) -> Path:
    """The human's flight with a colony ship that can reach a site to found on."""

    def stop(game: Any) -> bool:
        if not (game.to_act == 0 and game.phase == FLIGHT and game.moving < 0):
            return False
        for ship in R.movable_ships(game):
            if R.ship_kind(game, ship) == COLONY_SHIP and any(
                r.found for r in R.reachable(game, ship).values()
            ):
                return True
        return False

    game = tui_saves.play_until("starfarers", 3, stop)
    return tui_saves.write(game, directory, "colony_flight.json")


async def test_pressing_z_in_a_flight_leaves_the_colony_ship_on_the_site(tmp_path: Path) -> None:
    app = CatanApp(saves_dir=tmp_path, load=_colony_flight(tmp_path), speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await until(
            pilot,
            lambda: (s := game_screen(app)) is not None and s.flight is not None,
            "the flight",
        )
        screen = game_screen(app)
        assert screen is not None and screen.flight is not None
        plan = screen.flight
        assert isinstance(plan, FlightPlan)
        for _ in plan.ships:
            if R.ship_kind(plan.game, plan.ship) == COLONY_SHIP:
                break
            await pilot.press("tab")
        site = next(v for v, r in plan.routes.items() if r.found)
        plan.cursor = site  # as the arrows would (their moves are tested elsewhere)
        screen._show_flight()
        assert plan.can_stop()
        colonies = screen.view["players"][0]["colonies"]  # type: ignore[index]
        await pilot.press(STOP_KEY)
        await until(
            pilot,
            lambda: any(
                p["point"] == site and p["piece"] == "colony_ship"
                for p in (screen.view or {}).get("pieces", ())
            ),
            "the ship on the site",
        )
        assert screen.view["players"][0]["colonies"] == colonies  # type: ignore[index]


def test_a_ship_parked_unfounded_says_why_the_turn_cannot_end_next_flight(
    tmp_path: Path,
) -> None:
    """Seen in play: after z left a colony ship on a site, the next flight offered only w, and
    e did nothing with no word why (rules: a ship that stopped on a site without founding
    may not stay there the next flight). The greyed line now says so. Seed 3, then random
    play by the others (seed 1) until that flight."""
    import random

    from engine import saves
    from engine.registry import get_ruleset
    from engine.shared.actions import EndTurn
    from tui.choices import why_not_lines
    from tui.faces import face

    game: Any = saves.load_path(_colony_flight(tmp_path))
    plan = FlightPlan(game, R.movable_ships(game))
    for index in range(len(plan.ships)):  # the ship that can reach a site to found on
        plan.select(index)
        sites = [v for v, route in plan.routes.items() if route.found]
        if sites:
            plan.cursor = sites[0]
            break
    codec = get_ruleset("starfarers").codec
    for action in plan.key_actions(STOP_KEY):
        game.apply(codec.decode(action))
    rng = random.Random(1)
    for _ in range(3000):
        legal = game.legal_actions()
        if (
            game.to_act == 0
            and game.phase == FLIGHT
            and "may not stay" in (game.check(EndTurn()) or "")
        ):
            break
        if game.to_act == 0:  # roll, shake, end the turn: the parked ship never moves
            ends = [a for a in legal if a.type in ("end_turn", "roll", "shake", "end_move")]
            game.apply(ends[0] if ends else legal[0])
        else:
            game.apply(rng.choice([a for a in legal if a.type != "offer_trade"]))
    else:
        raise AssertionError("the human's next flight never came")
    lines = why_not_lines(face("starfarers").why_not(game.view(0)))
    assert lines == [
        "End the turn: a ship may not stay there (another player's spaceport site, or a colony"
        " site it parked on last flight without founding): move it or found"
    ]
