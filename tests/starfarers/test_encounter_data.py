"""The encounter data file: vocabulary, structure, and every outcome reachable."""

from __future__ import annotations

import itertools

import pytest

from engine.rulesets.starfarers import encounters, flight
from engine.rulesets.starfarers.actions import EncounterAnswer, Shake
from engine.rulesets.starfarers.constants import ENCOUNTER, FLIGHT

from .helpers import check_invariants, give, make, script, to_main


def _walk(effects: list, found: set[str]) -> None:  # type: ignore[type-arg]
    for e in effects:
        found.add(e[0])
        if e[0] == "SHAKE":
            _walk(e[2], found)
            _walk(e[3], found)
        if e[0] == "CONTEST":
            _walk(e[3], found)
            _walk(e[4], found)


def test_data_file_uses_only_known_effects() -> None:
    """Every effect name in encounters.json exists in the vocabulary; 32 cards numbered 1..32."""
    data = encounters.raw_data()
    cards = data["cards"]
    assert [c["id"] for c in cards] == list(range(1, 33))
    found: set[str] = set()
    for c in cards:
        assert c["answer"] in encounters.ANSWER_KINDS
        keys = {"offer": {"0", "1", "2", "3"}, "yesno": {"yes", "no"}, "none": {"none"}}
        assert set(c["outcomes"]) == keys[c["answer"]]
        for branch in c["outcomes"].values():
            _walk(branch, found)
            for e in branch:
                if e[0] == "SHAKE":
                    assert e[1] in encounters.SHAKE_TESTS
                if e[0] == "CONTEST":
                    assert e[1] in ("speed", "combat") and e[2] in (-1, 1, 2)
    assert found <= set(encounters.EFFECTS)
    categories = [c["category"] for c in cards]
    assert categories.count("merchant") == 6 and categories.count("wear and tear") == 2


def test_shake_tests_probabilities() -> None:
    """Black 4/10, red 4/10, sum >= 4 4/10 over the 10 equally likely pairs."""
    pairs = flight.BALL_PAIRS
    assert len(pairs) == 10
    assert sum(flight.BLACK in p for p in pairs) == 4
    assert sum(2 in p for p in pairs) == 4
    assert sum(flight.BALL_VALUES[a] + flight.BALL_VALUES[b] >= 4 for a, b in pairs) == 4


@pytest.mark.parametrize("card_id", range(1, 33))
def test_every_outcome_is_reachable(card_id: int) -> None:
    """Each answer of each card, with scripted balls forcing both sides of every test (seed 1)."""
    card = encounters.cards()[card_id - 1]
    answers = {"offer": [0, 1, 2, 3], "yesno": [1, 0], "none": [None]}[card["answer"]]
    # ball scripts: (0,4) yellow+black, (2,3) red+blue (sum 4), (3,4) blue+black, (0,2) yellow+red
    seen: set[tuple[str, bool]] = set()
    for answer, balls in itertools.product(answers, [[3, 7], [7, 9], [9, 1], [1, 9], [0, 0]]):
        g = make(4, seed=1)
        to_main(g)
        p = g.current
        give(g, p, ore=2, fuel=2, food=2)
        g.enc_draw = [0] * 32
        g.enc_discard = [1] * 32
        g.enc_draw[card_id - 1] = 1
        g.enc_discard[card_id - 1] = 0
        script(g, below=[3, 0, *balls])
        events = g.apply(Shake())
        if answer is not None:
            assert g.phase == ENCOUNTER
            events += g.apply(EncounterAnswer(answer))
        steps = 0
        while g.phase not in (FLIGHT,) and g.enc_card in (card_id - 1, -1) and steps < 50:
            if g.phase == ENCOUNTER:
                break  # a chained new card: this card is done
            events += g.apply(g.legal_actions()[0])
            steps += 1
        for e in events:
            if e.kind == "contest":
                seen.add(("contest", e.data["won"]))
            if e.kind == "encounter_shake":
                seen.add(("shake", e.data["hit"]))
        check_invariants(g)
    flat = [e for b in card["outcomes"].values() for e in b]
    kinds = {e[0] for e in flat}
    if "CONTEST" in kinds or any("CONTEST" in str(x) for x in flat):
        assert ("contest", True) in seen and ("contest", False) in seen
    if any(e[0] == "SHAKE" for e in flat):
        assert ("shake", True) in seen and ("shake", False) in seen
