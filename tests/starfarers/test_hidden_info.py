"""Hidden information: views hide what a seat may not know; determinization matches the view."""

from __future__ import annotations

import json
import random

import pytest

from engine.registry import sample_consistent
from engine.rng import Rng
from engine.rulesets.starfarers.actions import Shake
from engine.rulesets.starfarers.constants import ENCOUNTER, MAIN
from engine.rulesets.starfarers.game import StarfarersGame

from .helpers import VARIANTS, make, script, to_main


def _positions(variant: str, seed: int, count: int) -> list[StarfarersGame]:
    """Copies of a random game at `count` random moments (seed given by the caller)."""
    g = make(4, seed=seed, variant=variant)
    rnd = random.Random(seed)
    out = []
    while g.to_act is not None and len(out) < count:
        legal = [a for a in g.legal_actions() if a.type not in ("offer_trade", "counter_trade")]
        g.apply(rnd.choice(legal))
        if rnd.random() < 0.02:
            out.append(g.copy())
    return out


def test_view_hides_face_down_tiles_and_discs() -> None:
    """Discoverer (seed 4): face-down sectors show no tile; unexplored planets show no disc."""
    g = make(4, seed=4, variant="discoverer")
    view = g.view(0)
    assert all(s["tile"] is None and s["kind"] is None for s in view["sectors"][4:])
    b = make(4, seed=4)
    for p in b.view(2)["planets"]:
        if p["planet"] >= 12:
            assert p["disc"] is None
    # the state never holds an undealt disc or tile: nothing to leak
    assert all(d == 0 for d in b.planet_disc[12:])


def test_view_hides_hands_reserve_and_next_card() -> None:
    """Seed 5: other hands are counts, the reserve a size, the deck a size; JSON-ready."""
    g = make(4, seed=5)
    view = g.view(1)
    json.dumps(view)
    state = view["state"]
    assert state["hands"][1] == g.hands[1]
    assert all(state["hands"][p] is None for p in (0, 2, 3))
    assert state["reserve"] is None and state["enc_draw"] is None and state["rng"] is None
    assert view["players"][0]["resource_count"] == sum(g.hands[0])
    assert view["encounter"]["card"] is None
    assert view["config"]["seed"] is None


def test_encounter_card_shown_only_to_the_active_player() -> None:
    """Seed 6: while the active player answers, others do not see the card."""
    g = make(4, seed=6)
    to_main(g)
    script(g, below=[3])
    g.apply(Shake())
    while g.phase != ENCOUNTER:  # a wear-and-tear chain may need choices first
        g.apply(g.legal_actions()[0])
    p = g.current
    assert g.view(p)["encounter"]["card"] is not None
    for q in range(4):
        if q != p:
            assert g.view(q)["encounter"]["card"] is None
            assert g.view(q)["state"]["enc_card"] is None
    assert g.view(None)["encounter"]["card"] is None


def test_games_differing_in_hidden_info_look_equal() -> None:
    """Seed 8: moving cards between other hands and the reserve, and a new RNG, change no view of
    seat 0.
    """
    g = make(4, seed=8)
    to_main(g)
    h = g.copy()
    # swap an ore in seat 2's hand for a fuel in the reserve, keeping every count
    assert h.hands[2][0] and h.reserve[1]
    h.hands[2][0] -= 1
    h.reserve[0] += 1
    h.reserve[1] -= 1
    h.hands[2][1] += 1
    h.rng = Rng(12345)
    assert g.view(0) == h.view(0)
    assert g.view(2) != h.view(2)


@pytest.mark.parametrize("variant", VARIANTS)
def test_sample_consistent_reproduces_the_view(variant: str) -> None:
    """sample_consistent(view) gives a game whose view for that seat is the same (seed 9)."""
    rng = Rng(99)
    for g in _positions(variant, 9, 12):
        for seat in range(4):
            view = g.view(seat)
            s = sample_consistent(view, rng)
            assert isinstance(s, StarfarersGame)
            assert s.view(seat) == view
            assert s.legal_actions() == g.legal_actions() or s.to_act != seat
            # the sample is a playable game
            if s.to_act is not None:
                s.apply(s.legal_actions()[0])


def test_sample_consistent_during_hidden_encounter() -> None:
    """Seed 10: another seat's sample draws the unseen card from those not discarded."""
    g = make(4, seed=10)
    to_main(g)
    script(g, below=[3])
    g.apply(Shake())
    while g.phase not in (ENCOUNTER, MAIN) and g.phase != 13:
        g.apply(g.legal_actions()[0])
    if g.phase == ENCOUNTER:
        other = (g.current + 1) % 4
        view = g.view(other)
        s = sample_consistent(view, Rng(3))
        assert s.view(other) == view
        assert s.enc_card >= 0 and not s.enc_discard[s.enc_card]
        assert sum(s.enc_draw) + sum(s.enc_discard) + 1 == 32
