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
