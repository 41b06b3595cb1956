"""The mcts search (ai/bots/mcts.py): widening with iterations, pruning, determinism."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import pytest

from ai.bots.mcts import DEEP_BUDGET_MS, MctsBot
from engine.actions import Action
from engine.config import GameConfig
from engine.game import Game
from engine.registry import new_game
from engine.rng import Rng

SEED = 12
"""A 2-seat base game whose main phases offer several close candidates."""


class Recorder(MctsBot):
    """An mcts bot that notes how wide each of its searches went."""

    def __init__(self, seed: int = 0, **params: Any) -> None:
        super().__init__(seed, **params)
        self.searched: list[tuple[int, int]] = []  # (candidates given, candidates played)
        self.kept: list[tuple[bool, int]] = []  # (the value pick played, iterations run)

    def search(
        self, view: Any, candidates: list[Action], feats: Any, deadline: float, reserve: Any = ()
    ) -> Action:
        action = super().search(view, candidates, feats, deadline, reserve)
        self.searched.append((len(candidates), self.last_searched))
        self.kept.append((action == candidates[0], self.last_iterations))
        return action


def _play(bots: Sequence[Recorder], actions: int) -> Game:
    """Seat 0 and 1 played by `bots` for `actions` decisions of a fixed game (seed SEED)."""
    game = new_game(GameConfig("base", 2, SEED))
    for seat, bot in enumerate(bots):
        bot.on_game_start(seat, dict(game.view(seat)))
    for _ in range(actions):
        who = game.to_act
        if who is None:
            break
        action = bots[who].decide(dict(game.view(who)), game.legal_actions())
        events = game.apply(action)
        for q, bot in enumerate(bots):
            bot.on_events([e.for_seat(q) for e in events])
    return game


def test_more_iterations_widen_the_search_down_the_value_ranking() -> None:
    """With 4 iterations no candidate joins; with 40, some searches play more than given."""
    short = [Recorder(3, iterations=4), Recorder(4, iterations=4)]
    long = [Recorder(3, iterations=40), Recorder(4, iterations=40)]
    _play(short, 60)
    _play(long, 60)
    assert all(played == given for bot in short for given, played in bot.searched)
    widened = [(g, p) for bot in long for g, p in bot.searched if p > g]
    assert widened, [bot.searched for bot in long]


def test_widening_off_keeps_the_given_candidates() -> None:
    bots = [Recorder(3, iterations=40, widen=0), Recorder(4, iterations=40, widen=0)]
    _play(bots, 40)
    assert bots[0].searched and all(p == g for bot in bots for g, p in bot.searched)


def test_fixed_iterations_with_widening_and_pruning_are_deterministic() -> None:
    """Two pairs of bots of the same seeds, widening every 3 iterations: the same game."""
    params = {"iterations": 24, "widen": 3, "prune": 4}
    first = _play([Recorder(7, **params), Recorder(8, **params)], 50)
    second = _play([Recorder(7, **params), Recorder(8, **params)], 50)
    assert first.log == second.log
    assert len(first.log) == 50


def test_a_candidate_is_dropped_only_when_clearly_worse_and_seen_enough() -> None:
    bot = MctsBot(0, prune=6, confidence=2.0)
    rng = Rng(5)
    worse = [-3.0 + rng.below(100) / 100 for _ in range(6)]
    assert bot._beaten(worse)
    assert not bot._beaten(worse[:5])  # too few samples yet
    noisy = [-3.0, 4.0, -2.0, 3.5, -4.0, 1.0]
    assert not bot._beaten(noisy)
    assert not MctsBot(0, prune=0)._beaten(worse)  # pruning off


class _SteppingClock:
    """Stands in for `time` in ai.bots.mcts: the wall clock (`perf_counter`) or the CPU clock
    (`thread_time`) moves a fixed step per reading; a clock without a step stays real."""

    def __init__(self, wall_step: float = 0.0, cpu_step: float = 0.0) -> None:
        self.wall_step, self.cpu_step = wall_step, cpu_step
        self.wall = self.cpu = 0.0

    def perf_counter(self) -> float:
        if not self.wall_step:
            return time.perf_counter()
        self.wall += self.wall_step
        return self.wall

    def thread_time(self) -> float:
        if not self.cpu_step:
            return time.thread_time()
        self.cpu += self.cpu_step
        return self.cpu


def test_a_search_past_its_wall_clock_cap_stops_mid_iteration_and_keeps_the_value_pick(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each rollout here 'takes' a second: no iteration completes, so candidate 0 is played.

    Without the check before each candidate's rollout, the first three iterations always
    ran to the end (a C&K decision then took up to a second on a loaded machine).
    """
    import ai.bots.mcts as mcts

    monkeypatch.setattr(mcts, "time", _SteppingClock(wall_step=1.0))
    bots = [Recorder(3), Recorder(4)]
    _play(bots, 60)
    kept = [k for bot in bots for k in bot.kept]
    assert kept, "no decision reached the search in 60 actions of seed 12"
    assert all(k == (True, 0) for k in kept), kept


class RolloutRecorder(Recorder):
    """Notes, for each rollout, the phase of the decision searched and the turns it played."""

    def __init__(self, seed: int = 0, **params: Any) -> None:
        super().__init__(seed, **params)
        self.phase = ""
        self.rollouts: list[tuple[str, int]] = []  # (decision's phase, turns the rollout played)
        self.runs: list[tuple[str, int]] = []  # (decision's phase, iterations run)

    def search(
        self, view: Any, candidates: list[Action], feats: Any, deadline: float, reserve: Any = ()
    ) -> Action:
        action = super().search(view, candidates, feats, deadline, reserve)
        self.runs.append((self.phase, self.last_iterations))
        return action

    def decide(self, view: Any, legal: list[Action]) -> Action:
        self.phase = str(view["phase"])
        return super().decide(view, legal)

    def rollout(self, game: Game, seat: int, feats: Any, rng: Rng) -> None:
        start = int(game.turn)  # type: ignore[attr-defined]
        super().rollout(game, seat, feats, rng)
        self.rollouts.append((self.phase, int(game.turn) - start))  # type: ignore[attr-defined]


def test_setup_rollouts_play_setup_turns_into_the_game_and_later_ones_a_round() -> None:
    """A site is judged by the first rounds it yields: its rollouts reach turn `setup_turns`."""
    bots = [RolloutRecorder(3, iterations=3, setup_turns=12), RolloutRecorder(4, iterations=3)]
    game = _play(bots, 80)
    assert int(game.turn) > 2, "seed 12 should leave the setup within 80 actions"  # type: ignore[attr-defined]
    setup = [t for bot in bots for phase, t in bot.rollouts if phase.startswith("setup")]
    later = [t for bot in bots for phase, t in bot.rollouts if not phase.startswith("setup")]
    assert setup and later, (setup, later)
    # Setup rollouts stop as turn `setup_turns` + 1 begins, counted from the setup (turn 0)
    # or, when the searching seat's own play ended the setup, from turn 1.
    first = {t for phase, t in bots[0].rollouts if phase.startswith("setup")}
    second = {t for phase, t in bots[1].rollouts if phase.startswith("setup")}
    assert first and first <= {13, 14}, first
    assert second and second <= {17, 18}, second
    assert all(t <= 2 + 1 for t in later), later  # a round of 2 seats, into the next turn


def test_setup_decisions_get_the_setup_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """CPU time at 10 ms a reading: setup's 10 x 30 ms run more iterations than 30 ms do."""
    import ai.bots.mcts as mcts

    monkeypatch.setattr(mcts, "time", _SteppingClock(cpu_step=0.01))
    monkeypatch.setattr(mcts, "WALL_CAP", 60.0)  # the wall clock is real: never the limit here
    bots = [
        RolloutRecorder(3, budget_ms=30, setup_factor=10, setup_turns=2),
        RolloutRecorder(4, budget_ms=30, setup_factor=10, setup_turns=2),
    ]
    _play(bots, 60)
    setup = [n for bot in bots for (ph, n) in bot.runs if ph.startswith("setup")]
    later = [n for bot in bots for (ph, n) in bot.runs if not ph.startswith("setup")]
    assert setup and later, (setup, later)
    assert min(setup) > max(later), (setup, later)


def test_the_wall_clock_cap_grows_with_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """50 ms of wall clock a reading, CPU time all but stopped: the wall cap ends each search.

    At the default 100 ms a setup decision stops at 0.9 s; at 400 ms it may run to 3.6 s
    (4 x 0.9), so the longer budget's setup search runs about four times the iterations.
    """
    import ai.bots.mcts as mcts

    def first_setup_iterations(budget_ms: float) -> int:
        monkeypatch.setattr(mcts, "time", _SteppingClock(wall_step=0.05, cpu_step=1e-7))
        bot = RolloutRecorder(3, budget_ms=budget_ms, setup_turns=1)
        _play([bot, RolloutRecorder(4, iterations=3, setup_turns=1)], 1)
        assert bot.runs and bot.runs[0][0].startswith("setup"), bot.runs
        return bot.runs[0][1]

    default, longer = first_setup_iterations(100.0), first_setup_iterations(400.0)
    assert default >= 3 and 3 * default <= longer, (default, longer)


def test_robber_placement_is_left_to_the_value_ranking_unless_search_robber_1() -> None:
    """By default no search at move_robber; `search_robber=1` searches there (seed 12)."""

    def robber_moves_and_searches(**params: Any) -> tuple[int, int]:
        bots = [
            RolloutRecorder(3, iterations=3, **params),
            RolloutRecorder(4, iterations=3, **params),
        ]
        game = _play(bots, 400)
        moves = sum(1 for a in game.log if a.type == "move_robber")
        return moves, sum(1 for bot in bots for phase, _ in bot.runs if phase == "move_robber")

    moves, searched = robber_moves_and_searches(search_robber=1)
    assert moves and searched, "seed 12 should search a robber placement in 400 actions"
    moves, searched = robber_moves_and_searches()
    assert moves > 0, "seed 12 should move the robber in 400 actions"
    assert searched == 0


def test_plan_all_plays_every_seats_main_phase_by_one_ply_evaluation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`plan_all=1`: inside rollouts the rule policy never picks a main-phase action (seed 12).

    By default it plays every main phase after the searching seat's planned turn.
    """
    import ai.features.base as base_features

    rule_policy = base_features.policy

    def main_phase_picks(**params: Any) -> tuple[int, int]:
        picks = [0]

        def watched(game: Game, seat: int, legal: list[Action], rng: Rng) -> Action:
            picks[0] += game.phase_name == "main"  # type: ignore[attr-defined]
            return rule_policy(game, seat, legal, rng)  # type: ignore[arg-type]

        monkeypatch.setattr(base_features, "policy", watched)
        bots = [
            RolloutRecorder(3, iterations=3, **params),
            RolloutRecorder(4, iterations=3, **params),
        ]
        _play(bots, 120)
        monkeypatch.setattr(base_features, "policy", rule_policy)
        return picks[0], sum(len(bot.rollouts) for bot in bots)

    picks, rollouts = main_phase_picks()
    assert rollouts and picks, "seed 12: the default rollouts use the rule policy in main phases"
    picks, rollouts = main_phase_picks(plan_all=1)
    assert rollouts > 0, "seed 12 should search within 120 actions"
    assert picks == 0


def test_setup_rollouts_plan_as_plan_all_asks_unless_setup_plan_0(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`plan_all=1` plans a setup decision's rollouts too; `setup_plan=0` keeps them cheap.

    The first settlement's rollouts (seed 12) run two turns into the game: by one-ply
    evaluation with `plan_all=1`, by the rule policy with `setup_plan=0` as well.
    """
    import ai.bots.mcts as mcts
    import ai.features.base as base_features

    rule_policy = base_features.policy

    def main_phase_picks_in_the_first_setup_search(**params: Any) -> int:
        picks = [0]

        def watched(game: Game, seat: int, legal: list[Action], rng: Rng) -> Action:
            picks[0] += game.phase_name == "main"  # type: ignore[attr-defined]
            return rule_policy(game, seat, legal, rng)  # type: ignore[arg-type]

        monkeypatch.setattr(base_features, "policy", watched)
        bot = RolloutRecorder(3, iterations=3, setup_turns=2, **params)
        _play([bot, RolloutRecorder(4, iterations=3, setup_turns=2)], 1)
        monkeypatch.setattr(base_features, "policy", rule_policy)
        assert bot.runs and bot.runs[0][0].startswith("setup"), bot.runs
        return picks[0]

    assert mcts.MctsBot(budget_ms=400).setup_plan is True
    assert mcts.MctsBot(budget_ms=100).setup_plan is False
    assert main_phase_picks_in_the_first_setup_search(plan_all=1) == 0
    assert main_phase_picks_in_the_first_setup_search(plan_all=1, setup_plan=0) > 0


def _later_turns(**params: Any) -> list[int]:
    """How many turns past its decision's each main-game rollout reached (two seats, seed 12)."""
    bots = [
        RolloutRecorder(3, iterations=3, **params),
        RolloutRecorder(4, iterations=3, **params),
    ]
    _play(bots, 120)
    turns = [t for bot in bots for phase, t in bot.rollouts if not phase.startswith("setup")]
    assert turns, "seed 12 should search in the main game within 120 actions"
    return turns


def test_rounds_2_plays_rollouts_two_rounds_long() -> None:
    """Two seats, `rounds=2`: main-game rollouts run up to four turns (one round: two)."""
    one, two = _later_turns(), _later_turns(rounds=2)
    assert max(one) <= 3 < max(two) <= 5, (max(one), max(two))


def test_a_budget_of_400_ms_buys_deeper_rollouts_unless_told_otherwise() -> None:
    """From `DEEP_BUDGET_MS` on, rollouts run two rounds with every seat planning its turns.

    The iteration count is fixed here, so only the budget's depth rule differs.
    """
    assert DEEP_BUDGET_MS == 400.0
    default, deep = MctsBot(budget_ms=100), MctsBot(budget_ms=400)
    assert (default.rounds, default.plan_all) == (1, False)
    assert (deep.rounds, deep.plan_all) == (2, True)
    told = MctsBot(budget_ms=400, rounds=1, plan_all=0)
    assert (told.rounds, told.plan_all) == (1, False)
    one, two = _later_turns(), _later_turns(budget_ms=400)
    assert max(one) <= 3 < max(two) <= 5, (max(one), max(two))


class _Scores:
    """A stand-in evaluation: a fixed score per candidate, read from the action just played."""

    def __init__(self, by_action: dict[Action, float]) -> None:
        self.by_action = by_action

    def evaluate(self, game: Game, seat: int) -> float:
        return self.by_action.get(game.log[-1], 0.0)


def _a_choice() -> tuple[list[Recorder], Game, int, list[Action]]:
    """Seed 12's first decision with a choice after 60 actions (the same one every run): the
    bots, the game, the seat to decide and its legal actions."""
    bots = [Recorder(3, iterations=4), Recorder(4, iterations=4)]
    game = _play(bots, 60)
    legal = game.legal_actions()
    while len(legal) < 2:
        events = game.apply(legal[0])
        for q, bot in enumerate(bots):
            bot.on_events([e.for_seat(q) for e in events])
        legal = game.legal_actions()
    seat = game.to_act
    assert seat is not None, "seed 12 ended before a decision with a choice"
    return bots, game, seat, legal


def test_last_gain_is_the_overriding_rivals_mean_paired_gain_in_points() -> None:
    """The override check sorts overrides by it: a margin in points, unlike one in standard
    errors, does not shrink as a longer budget's samples sharpen the estimate."""
    bots, game, seat, legal = _a_choice()
    bot = bots[seat]
    bot.rollout = lambda *args: None  # type: ignore[method-assign]  # score the action alone
    bot.iterations = 5
    view = dict(game.view(seat))
    pick, rival = legal[0], legal[1]
    chosen = bot.search(view, [pick, rival], _Scores({pick: 1.0, rival: 3.5}), 0.0)
    assert chosen == rival
    assert bot.last_gain == 2.5
    assert bot.last_z == float("inf")  # the same gain in every sample: no error at all
    chosen = bot.search(view, [pick, rival], _Scores({pick: 3.5, rival: 1.0}), 0.0)
    assert chosen == pick
    assert (bot.last_gain, bot.last_z) == (0.0, 0.0)


class _SeatScores:
    """A stand-in evaluation by the action just played: (the searching seat's, everyone
    else's)."""

    def __init__(self, seat: int, by_action: dict[Action, tuple[float, float]]) -> None:
        self.seat, self.by_action = seat, by_action

    def evaluate(self, game: Game, seat: int) -> float:
        mine, theirs = self.by_action.get(game.log[-1], (0.0, 0.0))
        return mine if seat == self.seat else theirs


def test_rival_1_scores_a_rollout_against_the_best_rival() -> None:
    """Two moves leave the searching seat as well off; one leaves its opponent 4 points
    better off. The evaluation alone cannot tell them apart (the value pick is kept);
    with `rival=1` a rollout is scored as the seat's evaluation less the best rival's own,
    and the move that helps the opponent loses."""
    _, game, seat, legal = _a_choice()
    view = dict(game.view(seat))
    helps, keeps = legal[0], legal[1]  # the value pick helps the opponent
    scores = _SeatScores(seat, {helps: (5.0, 6.0), keeps: (5.0, 2.0)})
    for rival, expected in ((0, helps), (1, keeps)):
        bot = Recorder(5, iterations=5, rival=rival)
        bot.rollout = lambda *args: None  # type: ignore[method-assign]  # the action alone
        assert bot.search(view, [helps, keeps], scores, 0.0) == expected, rival
    assert bot.last_gain == 4.0  # (5 - 2) - (5 - 6)
    # a probe, off at every budget unless asked (level with the default at 400 ms: ai/README.md)
    assert not MctsBot(budget_ms=100).rival and not MctsBot(budget_ms=400).rival
