"""Hidden information: views depend on public state and the seat's own cards only.

Mid-game states come from random games (seeded); the hidden parts of a copy
are then changed by hand (hands swapped between two other seats with equal
counts, development cards swapped with the deck, a different RNG state) and
the views of every seat that cannot see the change must stay equal.
"""

from __future__ import annotations

import json
import random

from basefix import add, check_invariants, fresh, random_action, row
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import sample_consistent
from engine.rng import Rng
from engine.rulesets.base.game import VICTORY_POINT, BaseGame


def midgame(seed: int, seats: int, steps: int) -> BaseGame:
    game = fresh(seats, seed, board="random")
    rnd = random.Random(seed)
    for _ in range(steps):
        if game.to_act is None:
            break
        game.apply(random_action(game, rnd, 0.5))
    return game


def swap_resource(game: BaseGame, p: int, q: int, rnd: random.Random) -> bool:
    """Swap one resource card of p with a different one of q; False if impossible."""
    hp, hq = row(game, "hands", p), row(game, "hands", q)
    pairs = [(a, b) for a in range(5) for b in range(5) if a != b and hp[a] and hq[b]]
    if not pairs:
        return False
    a, b = rnd.choice(pairs)
    add(game, "hands", p, a, -1)
    add(game, "hands", p, b, 1)
    add(game, "hands", q, b, -1)
    add(game, "hands", q, a, 1)
    return True


def swap_development(game: BaseGame, p: int, rnd: random.Random) -> bool:
    """Swap one unplayed development card of p with a different kind from the deck.

    Once the game is over the scores are public, so VP cards are then left alone.
    """
    kinds = [k for k in range(5) if k != VICTORY_POINT or game.to_act is not None]
    for table in ("dev_hands", "dev_new"):
        held = row(game, table, p)
        pairs = [(a, b) for a in kinds for b in kinds if a != b and held[a] and game.dev_deck[b]]
        if pairs:
            a, b = rnd.choice(pairs)
            add(game, table, p, a, -1)
            add(game, table, p, b, 1)
            game.dev_deck[a] += 1
            game.dev_deck[b] -= 1
            return True
    return False


def dump(view: dict[str, object]) -> str:
    return json.dumps(view, sort_keys=True)


@settings(max_examples=30, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 2**31 - 1),
    seats=st.sampled_from([3, 4]),  # two other seats swap cards
    steps=st.integers(20, 900),
)
def test_hidden_changes_leave_views_equal(seed: int, seats: int, steps: int) -> None:
    game = midgame(seed, seats, steps)
    rnd = random.Random(seed ^ 0x5EED)
    for observer in range(seats):
        others = [s for s in range(seats) if s != observer]
        twin = game.copy()
        changed = False
        p, q = rnd.sample(others, 2)
        changed |= swap_resource(twin, p, q, rnd)
        for s in others:
            changed |= swap_development(twin, s, rnd)
        twin.rng = Rng(twin.rng.state ^ 0xDEADBEEF)
        assert twin.snapshot() != game.snapshot()
        assert dump(twin.view(observer)) == dump(game.view(observer))
        assert dump(twin.view(None)) == dump(game.view(None))
        if changed:
            # Seats that can see the change see it.
            assert any(dump(twin.view(s)) != dump(game.view(s)) for s in others), (
                "a hidden change must show in the view of the seat that holds the cards"
            )


def test_view_has_own_cards_only() -> None:
    """Seed 7: a seat's view holds its own hand and cards, others only as counts."""
    game = midgame(7, 4, 400)
    for seat in range(4):
        view = game.view(seat)
        assert view["me"]["hand"] == dict(
            zip(("brick", "lumber", "wool", "grain", "ore"), game.hand(seat), strict=True)
        )
        for p, info in enumerate(view["players"]):
            assert info["resource_count"] == sum(game.hand(p))
            assert "hand" not in info and "development" not in info
    spectator = game.view(None)
    assert "me" not in spectator


@settings(max_examples=20, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**31 - 1), seats=st.sampled_from([2, 3, 4]))
def test_redacted_events_hide_other_seats_cards(seed: int, seats: int) -> None:
    """Steal and buy events show the card to their audience only; nothing else is secret."""
    game = fresh(seats, seed, board="random")
    rnd = random.Random(seed)
    seen = {"steal": 0, "buy_development": 0}
    for _ in range(1500):
        if game.to_act is None:
            break
        for event in game.apply(random_action(game, rnd, 0.7)):
            full = event.full()
            if event.kind in seen:
                seen[event.kind] += 1
                assert event.secret is not None
            for seat in [None, *range(seats)]:
                shown = event.for_seat(seat)
                assert json.loads(json.dumps(shown)) == shown
                if event.secret is None:
                    assert shown == full
                    continue
                assert set(shown) == set(full)
                insider = seat is not None and seat in event.audience
                for key in event.secret:
                    assert shown[key] == (full[key] if insider else None)
            if event.kind == "steal":
                assert event.audience == {event.data["seat"], event.data["victim"]}
            if event.kind == "buy_development":
                assert event.audience == {event.data["seat"]}
    assert seen["buy_development"] > 0


def test_steal_and_buy_events_redacted_for_third_seats() -> None:
    """Seeds 0-39: at least one steal and one purchase are seen, and are redacted."""
    steals = buys = 0
    for seed in range(40):
        game = fresh(4, seed, board="random")
        rnd = random.Random(seed)
        for _ in range(600):
            if game.to_act is None:
                break
            for event in game.apply(random_action(game, rnd, 0.7)):
                if event.kind == "steal":
                    steals += 1
                    thief, victim = event.data["seat"], event.data["victim"]
                    third = next(s for s in range(4) if s not in (thief, victim))
                    assert event.for_seat(third)["resource"] is None
                    assert event.for_seat(None)["resource"] is None
                    assert event.for_seat(thief)["resource"] == event.for_seat(victim)["resource"]
                    assert event.for_seat(thief)["resource"] in (
                        "brick",
                        "lumber",
                        "wool",
                        "grain",
                        "ore",
                    )
                if event.kind == "buy_development":
                    buys += 1
                    buyer = event.data["seat"]
                    assert event.for_seat((buyer + 1) % 4)["card"] is None
                    assert event.for_seat(buyer)["card"] is not None
        if steals and buys:
            break
    assert steals and buys


@settings(max_examples=30, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 2**31 - 1),
    seats=st.sampled_from([2, 3, 4]),
    steps=st.integers(0, 1200),
)
def test_sample_consistent_keeps_the_view(seed: int, seats: int, steps: int) -> None:
    game = midgame(seed, seats, steps)
    for seat in range(seats):
        view = game.view(seat)
        # As a bot in another process would get it: through JSON text.
        sampled = sample_consistent(json.loads(json.dumps(view)), Rng(seed + seat))
        assert isinstance(sampled, BaseGame)
        assert dump(sampled.view(seat)) == dump(view)
        check_invariants(sampled)
        # The sampled world is playable from here, and legal there is legal for this seat.
        if game.to_act == seat:
            assert sampled.legal_actions() == game.legal_actions()
        if sampled.to_act is not None:
            rnd = random.Random(seed)
            for _ in range(30):
                if sampled.to_act is None:
                    break
                sampled.apply(random_action(sampled, rnd, 0.5))


@settings(max_examples=15, deadline=None, derandomize=True)
@given(seed=st.integers(2**20, 2**31 - 1), steps=st.integers(0, 900))
def test_views_carry_neither_seed_nor_rng_state(seed: int, steps: int) -> None:
    """The seed and the RNG state would reveal every future roll and draw."""
    game = midgame(seed, 4, steps)
    secrets = {str(seed), str(game.rng.state)}
    for seat in (None, 0, 1, 2, 3):
        view = game.view(seat)
        assert view["config"]["seed"] is None
        text = json.dumps(view)
        assert not [s for s in secrets if s in text]


@settings(max_examples=5, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**31 - 1), steps=st.integers(0, 900), seat=st.integers(0, 3))
def test_sampled_worlds_play_to_the_end(seed: int, steps: int, seat: int) -> None:
    """A determinized world is a full game: it plays on to a winner with every invariant intact."""
    game = midgame(seed, 4, steps)
    sampled = sample_consistent(game.view(seat), Rng(seed))
    assert isinstance(sampled, BaseGame)
    rnd = random.Random(seed)
    for _ in range(4000):
        if sampled.to_act is None:
            break
        sampled.apply(random_action(sampled, rnd, 0.8))
        check_invariants(sampled)
    assert sampled.winner is not None


def test_cards_bought_this_turn_stay_unplayable_in_sampled_worlds() -> None:
    """Buying is public: sampled worlds keep the active seat's new cards unplayable (seed 21)."""
    from basefix import deck_only, give, started

    from engine.rulesets.base.actions import BuyDevelopment

    game = started(seed=21, current=2)
    deck_only(game, "knight")
    give(game, 2, wool=1, grain=1, ore=1)
    game.apply(BuyDevelopment())
    view = game.view(0)
    assert view["players"][2]["development_new_count"] == 1
    for salt in range(20):
        world = sample_consistent(view, Rng(salt))
        assert sum(world.dev_new[10:15]) == 1
        assert sum(world.dev_hands[10:15]) == 0
        assert not any(a.type.startswith("play_") for a in world.legal_actions())
