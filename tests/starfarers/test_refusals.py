"""Refusals: the trade & build actions a player may expect, greyed with the engine's reason."""

from __future__ import annotations

from engine.rulesets.starfarers.constants import FLIGHT
from engine.rulesets.starfarers.refusals import EXPECTED, refusals
from tests.starfarers.helpers import clear_hands, give, make, to_main


def test_empty_hand_refuses_every_build_with_the_engines_words() -> None:
    g = make(seed=3)
    to_main(g)
    clear_hands(g)
    said = {r.what: r.reason for r in refusals(g)}
    assert said["build_ship:trade"] == "a trade ship costs 1 ore, 1 fuel and 2 goods"
    assert said["build_ship:colony"] == "a colony ship costs 1 ore, 1 fuel, 1 carbon and 1 food"
    assert said["build_upgrade:pod"] == "a freight pod costs 2 ore"
    assert said["maritime_trade"].startswith("trading ")
    # every reason is the engine's own refusal of the representative action
    for r in refusals(g):
        assert g.check(r.action) == r.reason


def test_what_is_legal_is_not_refused() -> None:
    g = make(seed=3)
    to_main(g)
    clear_hands(g)
    give(g, g.current, ore=2, fuel=1, goods=2)
    legal = {a.type + (f":{a.kind}" if hasattr(a, "kind") else "") for a in g.legal_actions()}
    said = {r.what for r in refusals(g)}
    assert "build_upgrade:pod" in legal and "build_upgrade:pod" not in said
    assert "build_ship:trade" in legal and "build_ship:trade" not in said
    assert said == set(EXPECTED) - legal


def test_nothing_is_expected_outside_trade_and_build() -> None:
    g = make(seed=3)
    assert refusals(g) == []  # placement rounds
    to_main(g)
    g.phase = FLIGHT
    assert refusals(g) == []
