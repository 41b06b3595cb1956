"""A flight's status in words: what a colony would produce, and goals out of reach grouped."""

from __future__ import annotations

import re

from engine.rulesets.starfarers import routes as R
from engine.rulesets.starfarers.layouts import DISC_LABELS, RESOURCES
from tests.starfarers.test_routes import flight_positions
from tui.flight import FlightPlan, grouped, planet_words


def test_out_of_reach_goals_are_grouped_by_reason() -> None:
    far = [
        "Green Folk: too far this flight",
        "Merchants: a trade station needs 2 freight pods, you have 1",
        "Diplomats: too far this flight",
    ]
    assert grouped(far) == (
        "Green Folk, Diplomats (too far this flight); "
        "Merchants (a trade station needs 2 freight pods, you have 1)"
    )


def test_a_colony_destination_says_what_the_colony_would_produce() -> None:
    checked = 0
    for game in flight_positions(3, 60):
        for ship in R.movable_ships(game):
            plan = FlightPlan(game, R.movable_ships(game))
            plan.select(plan.ships.index(ship))
            for v, route in plan.routes.items():
                if not route.found:
                    continue
                words = planet_words(game, v)
                assert words, "a colony site touches a numbered planet"
                assert f"found a colony here: {words}" in plan.notes(v)
                for part in words.split(", "):
                    resource, number = re.fullmatch(r"(\w+) on ([\d or]+)", part).groups()
                    assert resource in RESOURCES
                    assert number.replace(" or ", "/") in DISC_LABELS
                checked += 1
    assert checked


def test_a_destination_with_nothing_to_do_is_named_by_where_it_lies() -> None:
    """The status said only "open space"; it now names the place as the log does
    ("in open space north of home system delta"). Seed 3, 30 flights, every destination with
    no notes, as the seat in flight sees the board."""
    from tui.narrate_starfarers import place_namer

    checked = 0
    for game in flight_positions(3, 30):
        view = game.view(game.current)
        plan = FlightPlan.from_view(view)
        if plan is None:  # no ship of this seat may move on (its move is being finished)
            continue
        assert plan.where is not None
        name = place_namer(view)
        for v in plan.routes:
            if plan.notes(v):
                continue
            plan.cursor = v
            assert plan.lines()[1] == name(v).strip(), (v, plan.lines())
            assert plan.lines()[1].startswith(("in ", "beside ", "at ")), plan.lines()
            checked += 1
    assert checked > 50
