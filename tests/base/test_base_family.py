"""The base game as the defaults of a family: a subclass's rules, hooks, cards and state run.

`harvest.HarvestGame` (a test ruleset) extends the base game the way Cities &
Knights will: a card kind, a state field, an overridden rule, a new decision
kind with its action, an overridden hook. Each is checked through the public
surface, and so is everything that must produce the subclass: copy,
snapshot/restore, save/load, view and sample_consistent.
"""

from __future__ import annotations

import json
import random

import pytest
from basefix import give, put_path, put_settlement, random_action, roll, started
from harvest import TAKE_PAPER, HarvestGame, TakePaper, register_harvest

from engine import GameConfig, IllegalAction, new_game, sample_consistent
from engine.registry import ruleset_names
from engine.rng import Rng
from engine.rulesets.base.actions import BuildCity, BuildRoad
from engine.rulesets.base.game import DISCARD, MAIN, MOVE_ROBBER, PRE_ROLL, BaseGame
from engine.saves import dumps, load
from engine.shared.actions import Discard, EndTurn, MoveRobber

CITY = 13  # a vertex of the beginner board with room around it


def harvest(seats: int = 4, seed: int = 1, phase: str = MAIN) -> HarvestGame:
    register_harvest()
    game = new_game(GameConfig("harvest", seats, seed=seed, options={"board": "beginner"}))
    assert isinstance(game, HarvestGame)
    return game


def harvest_started(phase: str = MAIN) -> HarvestGame:
    game = harvest()
    from basefix import skip_setup

    skip_setup(game, 0, phase)
    return game


def with_city_ready(game: BaseGame) -> None:
    """Seat 0 has a settlement at CITY and the cards for a city."""
    put_settlement(game, 0, CITY)
    give(game, 0, grain=2, ore=3)


def paper(game: BaseGame, seat: int) -> int:
    return game.hand(seat)[game.HAND_CARDS.index["paper"]]


# -- the class -------------------------------------------------------------------------


def test_registered_ruleset_is_listed_and_built() -> None:
    game = harvest()
    assert "harvest" in ruleset_names()
    assert game.config.ruleset == "harvest" and game.ruleset_name == "harvest"
    assert game.HAND_CARDS.names == ("brick", "lumber", "wool", "grain", "ore", "paper")
    assert game.HAND_STRIDE == 6 and BaseGame.HAND_STRIDE == 5
    assert len(game.hands) == 6 * 4 and game.bank[5] == 12
    assert game.papers_taken == [0, 0, 0, 0]


def test_dispatch_tables_hold_the_subclass_methods() -> None:
    assert HarvestGame.APPLIES[BuildCity] is HarvestGame._do_city
    assert BaseGame.APPLIES[BuildCity] is BaseGame._do_city
    assert TakePaper in HarvestGame.CHECKS and TakePaper not in BaseGame.CHECKS
    assert TAKE_PAPER in HarvestGame.LISTS and TAKE_PAPER not in BaseGame.LISTS


def test_overridden_rule_runs_through_apply_and_legal_actions() -> None:
    game = harvest_started()
    with_city_ready(game)
    assert BuildCity(CITY) in game.legal_actions()
    events = game.apply(BuildCity(CITY))
    assert [e.kind for e in events] == ["build"]
    assert game.vertex_level[CITY] == 2
    # The override pushed a decision of the new kind on top of the main phase.
    assert game.phase == TAKE_PAPER and game.to_act == 0
    assert game.legal_actions() == [TakePaper()]
    with pytest.raises(IllegalAction, match="not now"):
        game.apply(EndTurn())
    events = game.apply(TakePaper())
    assert [e.kind for e in events] == ["take_paper"]
    assert paper(game, 0) == 1 and game.bank[5] == 11 and game.papers_taken == [1, 0, 0, 0]
    assert game.phase == MAIN and EndTurn() in game.legal_actions()


def test_base_game_keeps_its_own_rule() -> None:
    game = started(4)
    with_city_ready(game)
    game.apply(BuildCity(CITY))
    assert game.phase == MAIN
    with pytest.raises(IllegalAction, match="not an action of the base game"):
        game.apply(TakePaper())


def test_overridden_hook_changes_who_discards() -> None:
    """Nine cards are safe from a 7 in Harvest, not in the base game."""
    for game, owed in ((started(4, phase=PRE_ROLL), 4), (harvest_started(PRE_ROLL), 0)):
        give(game, 1, brick=3, lumber=3, wool=3)
        roll(game, 7)
        assert game.discard_owed == [0, owed, 0, 0]
        assert game.phase == (DISCARD if owed else MOVE_ROBBER)


def test_new_card_kind_is_traded_and_discarded() -> None:
    game = harvest_started(PRE_ROLL)
    give(game, 1, brick=3, lumber=3, wool=3)
    paper_index = game.HAND_CARDS.index["paper"]
    game.bank[paper_index] -= 2
    game.hands[1 * game.HAND_STRIDE + paper_index] += 2
    roll(game, 7)
    assert game.discard_owed == [0, 5, 0, 0] and game.to_act == 1
    assert Discard("paper") in game.legal_actions()
    game.apply(Discard("paper"))
    assert paper(game, 1) == 1 and game.bank[paper_index] == 11


# -- copies, snapshots, saves ----------------------------------------------------------


def city_pending() -> HarvestGame:
    """A Harvest game waiting for seat 0 to take its paper."""
    game = harvest_started()
    with_city_ready(game)
    game.apply(BuildCity(CITY))
    assert game.phase == TAKE_PAPER
    return game


def test_copy_is_the_subclass_and_independent() -> None:
    game = city_pending()
    twin = game.copy()
    assert type(twin) is HarvestGame
    assert twin.snapshot() == game.snapshot()
    twin.apply(TakePaper())
    assert twin.papers_taken == [1, 0, 0, 0] and game.papers_taken == [0, 0, 0, 0]
    assert game.phase == TAKE_PAPER and twin.phase == MAIN
    assert paper(game, 0) == 0


def test_snapshot_restore_round_trip() -> None:
    game = city_pending()
    snap = game.snapshot()
    assert snap["papers_taken"] == [0, 0, 0, 0]
    assert snap["pending"] == [["main", 0, None], ["take_paper", 0, None]]
    assert len(snap["hands"][0]) == 6
    back = HarvestGame.restore(game.config, json.loads(json.dumps(snap)))
    assert type(back) is HarvestGame
    assert back.snapshot() == snap
    assert back.legal_actions() == game.legal_actions()
    assert back.rates == game.rates and back.roads_left == game.roads_left


def played(actions: int, seed: int = 3) -> HarvestGame:
    game = harvest(seed=seed)
    rnd = random.Random(seed)
    for _ in range(actions):
        game.apply(random_action(game, rnd, 0.5))
    return game


def test_save_and_load_build_the_subclass() -> None:
    game = played(120)
    loaded = load(dumps(game))
    assert type(loaded) is HarvestGame
    assert loaded.snapshot() == game.snapshot()
    assert loaded.view(0) == game.view(0)


def test_save_refuses_a_changed_subclass_field() -> None:
    data = json.loads(dumps(played(120)))
    data["snapshot"]["papers_taken"][0] += 1
    from engine.errors import SaveError

    with pytest.raises(SaveError, match="does not reach its snapshot"):
        load(data)


# -- views and sampled worlds ----------------------------------------------------------


def test_view_names_the_ruleset_and_shows_the_new_state() -> None:
    game = city_pending()
    view = game.view(1)
    assert view["ruleset"] == "harvest"
    assert view["players"][0]["papers_taken"] == 0
    assert view["bank"]["paper"] == 12
    assert view["me"]["hand"]["paper"] == 0
    assert view["phase"] == TAKE_PAPER and view["to_act"] == 0
    assert view["pending"][-1] == ["take_paper", 0, None]


def test_sample_consistent_builds_the_subclass() -> None:
    game = city_pending()
    game.apply(TakePaper())
    # Seat 0's paper is hidden from seat 1: only the count shows.
    view = json.loads(json.dumps(game.view(1)))
    world = sample_consistent(view, Rng(5))
    assert type(world) is HarvestGame
    assert world.view(1) == view
    assert world.papers_taken == [1, 0, 0, 0]
    assert sum(world.hand(0)) == sum(game.hand(0))
    # Cards are conserved for every kind, the new one included.
    for k, total in enumerate(world.HAND_CARDS.counts):
        assert world.bank[k] + sum(world.hand(p)[k] for p in range(4)) == total


def test_random_harvest_games_keep_their_cards_and_replay() -> None:
    for seed in range(3):
        game = harvest(seed=seed)
        rnd = random.Random(seed)
        taken = [0] * 4
        for _ in range(600):
            if game.to_act is None:
                break
            for event in game.apply(random_action(game, rnd, 0.6)):
                if event.kind == "take_paper":
                    taken[event.data["seat"]] += 1
            for k, total in enumerate(game.HAND_CARDS.counts):
                assert game.bank[k] + sum(game.hand(p)[k] for p in range(4)) == total
        assert game.papers_taken == taken
        # One paper per city built, while the bank had paper.
        assert all(taken[p] <= 4 - game.cities_left[p] for p in range(4))
        assert load(dumps(game)).snapshot() == game.snapshot()


def test_road_building_override_point_is_the_class() -> None:
    """A subclass's hook for road blockers decides where roads may go."""

    end = 9  # next to CITY

    class Walled(BaseGame):
        def road_blockers(self) -> list[int]:
            blockers = list(self.vertex_owner)
            blockers[end] = 3  # a wall of seat 3 stands at the end of seat 0's road
            return blockers

    config = GameConfig("base", 4, seed=1, options=started(4).config.options)
    for cls, blocked in ((BaseGame, False), (Walled, True)):
        game = cls(config)
        from basefix import skip_setup

        skip_setup(game)
        put_settlement(game, 0, CITY)
        put_path(game, 0, (CITY, end))
        give(game, 0, brick=1, lumber=1)
        roads = [a.edge for a in game.legal_actions() if isinstance(a, BuildRoad)]
        past_end = [e for e in roads if end in game.board.grid.edge_vertices[e]]
        assert bool(past_end) is not blocked
        assert roads  # the roads from the settlement itself stay open
        assert type(game.copy()) is cls


def test_moving_robber_respects_the_targets_hook() -> None:
    class Fenced(BaseGame):
        def robber_targets(self) -> list[int]:
            return [h for h in super().robber_targets() if h != 0]

    config = GameConfig("base", 4, seed=1, options=started(4).config.options)
    game = Fenced(config)
    from basefix import skip_setup

    skip_setup(game, 0, PRE_ROLL)
    roll(game, 7)
    assert MoveRobber(0) not in game.legal_actions() and MoveRobber(1) in game.legal_actions()
    with pytest.raises(IllegalAction, match="may not move to hex 0"):
        game.apply(MoveRobber(0))


def test_positions_carry_the_subclass_state_and_cards() -> None:
    """A subclass's declared field travels in Position.extra, its card kind in the hands."""
    from engine.position import PositionError, game_from_position

    game = harvest(3, seed=5)
    pick = random.Random(5)
    seen_paper = False
    while game.to_act is not None and game.turn < 300:
        pos = game.position()
        assert set(pos.extra) == {"papers_taken"}
        seen_paper = seen_paper or any(h["paper"] for h in pos.hands)
        built = game_from_position(pos)
        assert isinstance(built, HarvestGame)
        assert built.snapshot() == game.snapshot()
        assert built.legal_actions() == game.legal_actions()
        for _ in range(11):
            if game.to_act is None:
                break
            game.apply(pick.choice(game.legal_actions()))
    assert seen_paper
    pos = game.position()
    pos.extra["papers_taken"] = [1, 0]
    with pytest.raises(
        PositionError, match="'papers_taken' has 2 entries, not 3 \\(one per seat\\)"
    ):
        game_from_position(pos)
