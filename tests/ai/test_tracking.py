"""Card counting (ai/tracking.py) checked against the true game over seeded random games."""

from __future__ import annotations

from collections import Counter

import pytest

from ai.tracking import CardTracker, CKTracker, FleetTracker, StarfarersTracker
from engine.config import GameConfig
from engine.game import Game
from engine.registry import new_game, sample_consistent
from engine.rng import Rng

SEEDS = range(12)
MAX_ACTIONS = 1500


def _hand(game: Game, seat: int) -> list[int]:
    """The true hand of `seat`, in the ruleset's HAND_CARDS order (every ruleset trades)."""
    return list(game.seat_hand(seat))  # type: ignore[attr-defined]


def _play(
    seed: int,
    seats: int = 4,
    ruleset: str = "base",
    options: dict[str, str] | None = None,
    kinds: Counter[str] | None = None,
) -> tuple[Game, list[CardTracker], list[dict[str, int]]]:
    """A random game with a tracker per seat; checks every tracker after every action.

    Returns the game, the trackers and, per seat, how many times a hand was exact
    and how many times it was blurred (to show the test covered both cases);
    counts the event kinds seen in `kinds` when given.
    """
    game = new_game(GameConfig(ruleset, seats, seed, options or {}))
    trackers = [CardTracker.for_view(game.view(p)) for p in range(seats)]
    stats = [{"exact": 0, "blurred": 0} for _ in range(seats)]
    rng = Rng(seed ^ 0xBEEF)
    for _ in range(MAX_ACTIONS):
        if game.to_act is None:
            break
        legal = game.legal_actions()
        events = game.apply(legal[rng.below(len(legal))])
        if kinds is not None:
            kinds.update(e.kind for e in events)
        for p, tracker in enumerate(trackers):
            tracker.feed([e.for_seat(p) for e in events])
            for q in range(seats):
                true = _hand(game, q)
                belief = tracker.belief(q)
                assert belief.allows(true), (seed, p, q, belief, true)
                if not tracker.hidden[q]:
                    assert belief.exact and list(belief.known) == true, (seed, p, q, belief, true)
                    stats[p]["exact"] += 1
                else:
                    stats[p]["blurred"] += 1
    return game, trackers, stats


@pytest.mark.parametrize("seed", SEEDS)
def test_tracker_is_exact_until_a_hidden_steal_and_never_excludes_the_truth(seed: int) -> None:
    _game, trackers, stats = _play(seed)
    assert all(s["exact"] for s in stats)
    # a seat's own hand and every hand it saw a steal of stay exact
    for p, tracker in enumerate(trackers):
        assert not tracker.hidden[p]


def test_hidden_steals_happen_in_these_games_so_beliefs_are_exercised() -> None:
    blurred = sum(s["blurred"] for seed in SEEDS[:4] for s in _play(seed)[2])
    assert blurred > 0


def test_a_view_that_disagrees_turns_the_difference_into_wildcards() -> None:
    game = new_game(GameConfig("base", 3, 5))
    tracker = CardTracker.for_view(game.view(0))
    view = dict(game.view(0))
    view["players"] = [dict(p) for p in view["players"]]
    view["players"][1]["resource_count"] = 3
    tracker.observe(view)
    belief = tracker.belief(1)
    assert belief.unknown == 3 and belief.possible == frozenset(range(5))
    assert tracker.hidden[1]


@pytest.mark.parametrize("seats", [3, 4])
@pytest.mark.parametrize(
    ("ruleset", "tracker_cls", "seeds"),
    [("ck", CKTracker, (31, 32, 33)), ("fleet", FleetTracker, (34, 35, 36))],
)
def test_hex_variants_tracker_is_exact_until_a_hidden_move_and_never_excludes_the_truth(
    ruleset: str, tracker_cls: type[CardTracker], seeds: tuple[int, ...], seats: int
) -> None:
    """Cities & Knights (8 card kinds: knights, improvements, progress-card transfers)
    and Fleet (ships, gold): every event kind the games emit has a rule, so no hand
    is blurred for want of one, and no observe() is needed to stay sound."""
    kinds: Counter[str] = Counter()
    for seed in seeds:
        _game, trackers, stats = _play(seed, seats, ruleset, kinds=kinds)
        assert type(trackers[0]) is tracker_cls
        assert all(s["exact"] for s in stats)
        assert not any(tracker.hidden[p] for p, tracker in enumerate(trackers))
    assert [k for k in kinds if not trackers[0].has_rule(k)] == []
    assert kinds["steal"] and kinds["build"] and kinds["production"]
    if ruleset == "ck":
        assert kinds["knight"] and kinds["improve"] and kinds["progress_played"]


def test_an_event_kind_without_a_rule_blurs_the_seats_it_names_soundly() -> None:
    """Seed 37: a made-up swap between seats 1 and 2 leaves their sizes, forgets their kinds."""
    game = new_game(GameConfig("base", 3, 37))
    tracker = CardTracker.for_view(game.view(0))
    rng = Rng(37)
    while game.turn < 6:  # type: ignore[attr-defined]
        legal = game.legal_actions()
        tracker.feed([e.for_seat(0) for e in game.apply(legal[rng.below(len(legal))])])
    sizes = {q: tracker.belief(q).count for q in (1, 2)}
    assert not tracker.has_rule("card_swap")
    tracker.feed([{"kind": "card_swap", "seat": 1, "with": 2}])
    for q in (1, 2):
        belief = tracker.belief(q)
        assert belief.count == sizes[q] and belief.known == (0,) * 5
        assert belief.possible == frozenset(range(5)) or belief.count == 0
        assert tracker.hidden[q] and belief.allows(_hand(game, q))
    assert not tracker.hidden[0]


# -- Starfarers (StarfarersTracker: reserve draws, encounters) -------------------------

STARFARERS_GAMES = [
    (3, 3, "seed"),
    (41, 4, "seed"),
    (42, 3, "rulebook"),
    (43, 4, "rulebook"),
]


@pytest.mark.parametrize(("seed", "seats", "start"), STARFARERS_GAMES)
def test_starfarers_tracker_is_exact_until_a_hidden_draw_and_never_excludes_the_truth(
    seed: int, seats: int, start: str
) -> None:
    """Random Starfarers games: no observe(), so every card move is followed from events."""
    game, trackers, stats = _play(seed, seats, "starfarers", {"starting_hand": start})
    assert type(trackers[0]) is StarfarersTracker
    assert game.turn > 10  # type: ignore[attr-defined]
    assert all(s["exact"] and s["blurred"] for s in stats)
    for p, tracker in enumerate(trackers):
        assert not tracker.hidden[p]


@pytest.mark.parametrize("variant", ["first_game", "strategic"])
def test_starfarers_seed_start_is_known_and_rulebook_start_is_hidden(variant: str) -> None:
    """Seed 44: 3 of each kind is public; the rulebook's reserve draws are told to the drawer.

    The first game deals the hands as the game is made (no event), the strategic
    variant after its placement rounds (a ``starting_hand`` event).
    """
    for start, exact in (("seed", True), ("rulebook", False)):
        options = {"starting_hand": start, "variant": variant}
        game = new_game(GameConfig("starfarers", 3, 44, options))
        trackers = [CardTracker.for_view(game.view(p)) for p in range(3)]
        rng = Rng(44)
        while game.view(0)["phase"].startswith("setup"):
            legal = game.legal_actions()
            events = game.apply(legal[rng.below(len(legal))])
            for p, tracker in enumerate(trackers):
                tracker.feed([e.for_seat(p) for e in events])
        belief = trackers[0].belief(1)
        assert belief.count == sum(_hand(game, 1)) > 0
        assert belief.exact is exact and trackers[0].hidden[1] is not exact
        assert belief.allows(_hand(game, 1))
        assert trackers[1].belief(1).exact


@pytest.mark.parametrize("start", ["seed", "rulebook"])
def test_a_starfarers_tracker_fed_the_history_of_the_games_making_counts_each_hand_once(
    start: str,
) -> None:
    """A client hears the game's whole story when it joins, from the events of its making
    (the first game's hands dealt). A tracker made from the first view, which already
    read the seed's hands, stays exact when fed those events: a starting hand replaces."""
    game = new_game(GameConfig("starfarers", 4, 47, {"starting_hand": start}))
    for p in range(4):
        tracker = CardTracker.for_view(game.view(p))
        tracker.feed([e.for_seat(p) for e in game.initial_events])
        for q in range(4):
            belief = tracker.belief(q)
            dealt = 15 if start == "seed" else 3  # 3 of each, or 3 drawn from the reserve
            assert belief.count == sum(_hand(game, q)) == dealt, (start, p, q)
            assert belief.allows(_hand(game, q))
            assert belief.exact is (start == "seed" or q == p), (start, p, q)


@pytest.mark.parametrize(("seed", "seats"), [(45, 3), (46, 4)])
def test_starfarers_worlds_sampled_from_beliefs_hold_hands_the_beliefs_allow(
    seed: int, seats: int
) -> None:
    game = new_game(GameConfig("starfarers", seats, seed))
    checked, exact_checked = _sample_along(game, seed, every=20)
    assert checked > 20 and exact_checked > 5


# -- sampling from beliefs (engine.rulesets.base.view.deal_hands) -----------------------


def _public(view: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in view.items() if k != "config"}


def _sample_along(game: Game, seed: int, every: int) -> tuple[int, int]:
    """A seeded random game in which every seat counts cards; every `every` actions a seat
    (in turn) samples a world from its beliefs. Each world shows that seat the same view,
    holds hands its beliefs allow, and an exact belief is the true hand. Returns the worlds
    checked and the exact beliefs among them."""
    seats = game.config.seats
    trackers = [CardTracker.for_view(game.view(p)) for p in range(seats)]
    rng = Rng(seed)
    checked = exact_checked = 0
    for step in range(900):
        if game.to_act is None:
            break
        legal = game.legal_actions()
        events = game.apply(legal[rng.below(len(legal))])
        for p, tracker in enumerate(trackers):
            tracker.feed([e.for_seat(p) for e in events])
        if step % every:
            continue
        p = step // every % seats
        view = dict(game.view(p))
        trackers[p].observe(view)
        beliefs = trackers[p].beliefs()
        world = sample_consistent(view, Rng(seed * 1000 + step), beliefs)
        assert _public(dict(world.view(p))) == _public(view)
        for q, belief in beliefs.items():
            hand = _hand(world, q)
            assert belief.allows(hand), (step, q, belief, hand)
            if belief.exact:
                assert hand == _hand(game, q)
                exact_checked += 1
        checked += 1
    return checked, exact_checked


@pytest.mark.parametrize(
    ("ruleset", "seed"), [("base", 21), ("base", 22), ("base", 23), ("ck", 24), ("fleet", 25)]
)
def test_worlds_sampled_from_beliefs_agree_with_every_public_event(ruleset: str, seed: int) -> None:
    """Each sampled world shows the seat the same view and holds hands the events allow."""
    game = new_game(GameConfig(ruleset, 4, seed))
    checked, exact_checked = _sample_along(game, seed, every=25)
    assert checked > 20 and exact_checked > 20


def test_beliefs_change_the_sample_and_none_keeps_the_uniform_deal() -> None:
    """An exact belief fixes a hand the uniform deal only guesses (seed 4)."""
    game = new_game(GameConfig("base", 4, 4))
    rng = Rng(4)
    tracker = CardTracker.for_view(game.view(0))
    while game.turn < 12:  # type: ignore[attr-defined]
        legal = game.legal_actions()
        tracker.feed([e.for_seat(0) for e in game.apply(legal[rng.below(len(legal))])])
    view = dict(game.view(0))
    tracker.observe(view)
    exact = [q for q, b in tracker.beliefs().items() if b.exact and b.count >= 2]
    assert exact
    q = exact[0]
    true = _hand(game, q)
    with_beliefs = {
        tuple(sample_consistent(view, Rng(s), tracker.beliefs()).hand(q))  # type: ignore[attr-defined]
        for s in range(20)
    }
    uniform = {
        tuple(sample_consistent(view, Rng(s)).hand(q))  # type: ignore[attr-defined]
        for s in range(20)
    }
    assert with_beliefs == {tuple(true)}
    assert len(uniform) > 1


def test_the_value_bot_counts_cards_from_the_events_it_is_told() -> None:
    """A seated value bot's tracker follows the game (seed 8) and feeds its worlds."""
    from ai.bots.value import ValueBot

    game = new_game(GameConfig("base", 3, 8))
    bot = ValueBot(8)
    bot.on_game_start(0, dict(game.view(0)))
    rng = Rng(8)
    while game.turn < 8 and game.to_act is not None:  # type: ignore[attr-defined]
        legal = game.legal_actions()
        if game.to_act == 0:
            action = bot.decide(dict(game.view(0)), legal)
        else:
            action = legal[rng.below(len(legal))]
        bot.on_events([e.for_seat(0) for e in game.apply(action)])
    assert bot.tracker is not None
    beliefs = bot.beliefs(dict(game.view(0)))
    assert beliefs is not None
    for q, belief in beliefs.items():
        assert belief.allows(_hand(game, q))
    world = bot.world(dict(game.view(0)))
    assert all(beliefs[q].allows(_hand(world, q)) for q in beliefs)


def test_mcts_counting_cards_with_fixed_iterations_is_deterministic() -> None:
    """Two mcts bots of one seed, told the same events, choose alike (seed 6, 6 iterations)."""
    from ai.registry import create_bot

    game = new_game(GameConfig("base", 3, 6))
    bots = [create_bot("mcts:iterations=6", 6) for _ in range(2)]
    for bot in bots:
        bot.on_game_start(0, dict(game.view(0)))  # type: ignore[attr-defined]
    rng = Rng(6)
    chosen = 0
    while game.turn < 10 and game.to_act is not None:  # type: ignore[attr-defined]
        legal = game.legal_actions()
        if game.to_act == 0:
            a, b = (bot.decide(dict(game.view(0)), legal) for bot in bots)
            assert a == b
            action = a
            chosen += 1
        else:
            action = legal[rng.below(len(legal))]
        events = [e.for_seat(0) for e in game.apply(action)]
        for bot in bots:
            bot.on_events(events)  # type: ignore[attr-defined]
    assert chosen > 5
