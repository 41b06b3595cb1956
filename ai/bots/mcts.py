"""Level 4: information-set Monte Carlo search over the value bot's closest candidates.

Each iteration draws a fresh world with ``sample_consistent`` (so the bot
plans over what it could be facing, never over the true hands, deck or
dice), plays each candidate action on it, lets every seat play on with the
fast rule-based policy until about a round has passed, and scores the result
with the hand-tuned evaluation. All candidates share the iteration's world
and chance seed (common random numbers), so their *differences* are measured
with little noise even in a few dozen iterations; the search overrides the
value bot's first choice only when another candidate is better by more than
``confidence`` standard errors. When one move is clearly best there is
nothing to search, which keeps the median decision fast.

Extra time buys a wider and sharper search, not only more samples of the
same few moves. Progressive widening: every ``widen`` iterations the next
action of the value bot's ranking (up to ``reach`` points below its best,
``most`` candidates in all) joins the search, so a longer budget looks
further down the value prior. Successive rejection: a candidate whose
paired difference to the value bot's pick is below zero by ``confidence``
standard errors (after ``prune`` samples) stops being played, so the
iterations go to the moves still in contention.

From ``DEEP_BUDGET_MS`` (400 ms) on, the rollouts also go deeper: two rounds,
every seat playing its main phases by one-ply evaluation (``plan_all``), as a
value bot would, the setup's rollouts included. More samples of the one-round
rollout did not pay: head to head over 400 two-seat games that search at 400
ms won 44.5% against itself at 100 ms (ai/README.md); the deeper one won 51.5%
(46.6-56.4%) on the same boards, the first long budget ahead, though not yet
by the 55% asked. Planned, a setup rollout's 16 turns cost so much that the
setup search at 400 ms runs fewer iterations than at 100 ms (first settlement
of seed 7, one session: 115 at 400 ms, 128 at 100 ms); ``setup_plan=0`` keeps
the rule policy there (667 at 400 ms), but more samples of that cheaper
estimate did not pay either: 77 wins in the first 160 games against the 100 ms
bot (48.1%, 40.5-55.8%). In Starfarers (not measured with the deeper
rollouts) two seats at 400 ms won 37 of 80 games against two at 100 ms. Its
overrides of the value bot's pick, judged by full-game playouts
(scripts/override_check.py), lose on balance with two seats (robber
placements most of all) and break even with four, so the robber is placed
by the value ranking unless ``search_robber=1``. How sure the search is of
an override (its gain in standard errors) does not tell the good ones from
the bad, so a stricter threshold would not make time pay either.

Where to build in the setup is searched harder: a setup decision has
``setup_factor`` times ``budget_ms`` of CPU time and its rollouts run
``setup_turns`` turns into the game (instead of a round), so a site is judged
by what it yields over the first rounds rather than by its look. These are
two to four decisions a game and decide much of it. Measured against three
value bots on the same 200 boards in one session: 39.0% with it, 35.0%
without (a gain within the noise of 200 games; ai/README.md).

The time budget per decision is ``budget_ms`` of the thread's CPU time (so a
busy machine, or a tournament with a worker per core, does not starve the
search), never more than ``WALL_FACTOR`` times it on the wall clock nor more
than ``WALL_CAP`` seconds per ``DEFAULT_BUDGET_MS`` of budget (0.9 s at the
default, so its setup decisions stay under a second; 3.6 s at 400 ms, so a
longer budget buys its setup decisions their time too), checked before each
candidate's rollout, so a slow iteration is cut short and dropped; with
``iterations=N`` the search stops after N iterations instead, which makes the
bot's play independent of machine speed (the time budget does not). Widening
and pruning depend on the iteration count only, so a fixed-iteration search
stays deterministic.

From 400 ms on a rollout is also scored differently: by the chance that the seat wins, as a
model fitted to the outcomes of 2500 two-seat value-bot games puts it (``outcome``;
``ai/features/outcome.py``, refitted by ``scripts/fit_outcome.py``), where the ruleset has
such a model (the base game), and by the hand-set evaluation elsewhere. The hand-set
evaluation ranks the moves of one position; a rollout's leaf compares positions rounds
apart, where who goes on to win is what counts. That made time pay: head to head over 400
two-seat games (seed 7, seats rotated) the 400 ms bot won 230 against the 100 ms bot
(57.5%, 52.6-62.3%), where every earlier variant had landed between 44.5% and 53.5%.
With more seats the fitted logits are compared by a softmax (not measured).

``rival=1`` scores a rollout as the seat's evaluation less the strongest opponent's own (a
zero-sum leaf with two seats, where the evaluation alone takes 0.45 of the opponent's value):
at 400 ms it won 210 of 400 two-seat games against the 100 ms bot (52.5%, 47.6-57.3%), level
with the deep default's 206; at 100 ms, 100 of 200 against the default. A parameter, off
unless asked.

Known limits (research/bots.md §3.2.3): the tree is flat (root actions only),
and determinization brings strategy fusion; both acceptable in a game whose
hidden information is mostly card counts.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from types import ModuleType
from typing import ClassVar

from ai.bots.plan import continue_turn
from ai.bots.value import ValueBot, settle
from ai.features import outcome_for
from ai.protocol import View
from engine.actions import Action
from engine.game import Game
from engine.registry import sample_consistent
from engine.rng import Rng

WALL_FACTOR = 4.0
"""A decision's wall-clock time at most this many times its CPU budget (a loaded machine)."""
DEFAULT_BUDGET_MS = 100.0
"""The CPU milliseconds a decision gets unless the bot is given `budget_ms`."""
WALL_CAP = 0.9
"""And never more than this many seconds of wall-clock time per `DEFAULT_BUDGET_MS` of budget."""
SETUP_ACTIONS_PER_TURN = 40
"""A setup rollout's cap on actions: this many for each of its `setup_turns` turns."""
PLAN_DEPTH = 4
"""Own actions a rollout plays by one-ply evaluation before the rule policy (``plan``)."""
DEEP_BUDGET_MS = 400.0
"""From this budget on, rollouts go deeper instead of only being more: two rounds with every
seat playing its main phase by one-ply evaluation (``plan_all``), each scored by the win
chance fitted to game outcomes (``outcome``, where the ruleset has a model), unless told
otherwise."""


class MctsBot(ValueBot):
    name: ClassVar[str] = "mcts"
    strength: ClassVar[str] = (
        "rung 4 (top): base 40% vs three value, 67% vs three greedy, 60% vs one value;"
        " Starfarers 62.5% vs three value, 75% vs three greedy; median under 1 ms, 0.9 s at most;"
        " 57.5% at 400 ms vs itself at 100 ms"
    )

    def __init__(
        self,
        seed: int = 0,
        budget_ms: float = DEFAULT_BUDGET_MS,
        width: int = 4,
        margin: float = 4.0,
        horizon: int = 60,
        iterations: int = 0,
        confidence: float = 2.0,
        plan: int = PLAN_DEPTH,
        widen: int = 8,
        reach: float = 8.0,
        most: int = 8,
        prune: int = 6,
        setup_factor: float = 8.0,
        setup_turns: int = 16,
        search_robber: int = 0,
        plan_all: int = -1,
        rounds: int = 0,
        setup_plan: int = -1,
        rival: int = 0,
        outcome: int = -1,
    ) -> None:
        super().__init__(seed)
        self.budget_ms = float(budget_ms)
        self.width = int(width)
        self.margin = float(margin)
        self.horizon = int(horizon)
        self.iterations = int(iterations)
        self.confidence = float(confidence)
        self.plan = int(plan)
        self.widen = int(widen)
        self.reach = float(reach)
        self.most = int(most)
        self.prune = int(prune)
        self.setup_factor = float(setup_factor)
        self.setup_turns = int(setup_turns)
        self.search_robber = bool(int(search_robber))
        deep = self.budget_ms >= DEEP_BUDGET_MS
        self.plan_all = deep if int(plan_all) < 0 else bool(int(plan_all))
        self.rounds = int(rounds) if int(rounds) > 0 else (2 if deep else 1)
        self.setup_plan = self.plan_all if int(setup_plan) < 0 else bool(int(setup_plan))
        self.rival = bool(int(rival))
        self.outcome = deep if int(outcome) < 0 else bool(int(outcome))
        self._model: ModuleType | None = None
        """The fitted win-chance model the leaves use (`outcome`, where the ruleset has one)."""
        self._check_params()
        self._turns = 0
        """Turns a rollout plays past the decision's turn (0: a round); set per decision."""
        self.last_iterations = 0
        self._wall_deadline = math.inf
        self.last_searched = 0
        """Candidates the last search played at least once (after widening)."""
        self.last_z = 0.0
        """The last search's best rival to the value pick: its mean paired gain in standard
        errors (0 when the value pick scored best; an override needs more than `confidence`)."""
        self.last_gain = 0.0
        """That rival's mean paired gain in the evaluation's points (about 10 a VP; 0 when the
        value pick scored best)."""

    def _check_params(self) -> None:
        """ValueError naming the first parameter out of its range (a spec's typo, `inf`)."""
        floats = {
            "budget_ms": self.budget_ms,
            "margin": self.margin,
            "confidence": self.confidence,
            "reach": self.reach,
            "setup_factor": self.setup_factor,
        }
        for name, value in floats.items():
            floor = "above 0" if name in ("budget_ms", "setup_factor") else "0 or more"
            if not math.isfinite(value) or value < 0 or (value == 0 and floor == "above 0"):
                raise ValueError(f"{name} must be a finite number {floor}, not {value:g}")
        counts = {"width": self.width, "horizon": self.horizon, "most": self.most}
        for name, n in counts.items():
            if n < 1:
                raise ValueError(f"{name} must be at least 1, not {n}")
        offs = {"iterations": self.iterations, "widen": self.widen, "prune": self.prune}
        offs |= {"setup_turns": self.setup_turns, "plan": self.plan}
        for name, n in offs.items():  # 0: the time budget (iterations), or the feature off
            if n < 0:
                raise ValueError(f"{name} must be 0 or more, not {n}")

    def choose(self, view: View, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        phase = view["phase"]
        feats = self.features(view)
        if (
            phase in ("trade_response", "trade_confirm")
            or phase in feats.POLICY_PHASES
            or (phase == "move_robber" and not self.search_robber)
        ):
            return super().choose(view, legal)
        start = time.thread_time()
        budget_ms, self._turns = self.budget_ms, 0
        if phase.startswith("setup"):
            budget_ms, self._turns = self.setup_factor * budget_ms, self.setup_turns
        wall = min(WALL_FACTOR * budget_ms / 1000.0, WALL_CAP * self.budget_ms / DEFAULT_BUDGET_MS)
        self._wall_deadline = time.perf_counter() + wall
        world = self.world(view)
        ranked = self.ranked(view, legal, world, feats)
        top = ranked[0][0]
        candidates = [a for s, _, a in ranked[: self.width] if s >= top - self.margin]
        reserve = [a for s, _, a in ranked[len(candidates) : self.most] if s >= top - self.reach]
        if phase == "main" and ranked[0][2].type in ("end_turn", "maritime_trade"):
            base = feats.evaluate(world, int(view["seat"]))
            offer = self.propose(view, legal, world, feats, max(1.0, top - base + 0.5))
            if offer is not None:
                return offer
        if len(candidates) == 1:
            return candidates[0]
        deadline = start + budget_ms / 1000.0
        return self.search(view, candidates, feats, deadline, reserve)

    def _more(self, iterations: int, deadline: float) -> bool:
        if self.iterations:
            return iterations < self.iterations
        if iterations < 3:
            return True
        return time.thread_time() < deadline and time.perf_counter() < self._wall_deadline

    def _overdue(self) -> bool:
        """Past the wall-clock cap (never with a fixed iteration count): stop even mid-iteration.

        One iteration plays every live candidate; where a rollout is slow (Cities & Knights)
        an iteration alone can outlast the budget, so the cap is checked before each one.
        """
        return not self.iterations and time.perf_counter() > self._wall_deadline

    def search(
        self,
        view: View,
        candidates: list[Action],
        feats: ModuleType,
        deadline: float,
        reserve: Sequence[Action] = (),
    ) -> Action:
        """Paired rollouts of the candidates; candidate 0 (the value bot's pick) unless beaten.

        `deadline` is on `time.thread_time`'s clock (the thread's CPU seconds). `reserve`
        (the value bot's next choices, best first) joins one action every ``widen``
        iterations; a candidate clearly worse than candidate 0 is dropped.
        """
        seat = int(view["seat"])
        self._model = outcome_for(str(view["ruleset"])) if self.outcome else None
        arms = list(candidates)
        waiting = list(reserve) if self.widen > 0 else []
        diffs: list[list[float]] = [[] for _ in arms]  # score minus candidate 0's, paired
        live = list(range(len(arms)))
        iterations = 0
        beliefs = self.beliefs(view)
        while self._more(iterations, deadline):
            iterations += 1
            if waiting and iterations > self.widen * (len(arms) - len(candidates) + 1):
                arms.append(waiting.pop(0))
                diffs.append([])
                live.append(len(arms) - 1)
            world = sample_consistent(view, Rng(self.rng.next64()), beliefs)
            chance = self.rng.next64()
            scores = []
            for j in live:
                if self._overdue():
                    break
                g = world.copy()
                g.rng = Rng(chance)  # type: ignore[attr-defined]
                g.apply(arms[j])
                self.rollout(g, seat, feats, Rng(chance ^ 0x9E3779B9))
                scores.append(self.leaf(g, seat, feats))
            if len(scores) < len(live):  # out of wall-clock time mid-iteration: drop it
                iterations -= 1
                break
            for i, j in enumerate(live):
                diffs[j].append(scores[i] - scores[0])
            live = [j for j in live if j == 0 or not self._beaten(diffs[j])]
        self.last_iterations = iterations
        self.last_searched = sum(1 for d in diffs if d)
        seen = [j for j in range(len(arms)) if j == 0 or len(diffs[j]) >= 3]
        best = max(seen, key=lambda j: (_mean(diffs[j]), -j))
        d = diffs[best]
        if best == 0:
            self.last_z = self.last_gain = 0.0
            return arms[0]
        self.last_gain = _mean(d)
        error = _stderr(d)
        self.last_z = _mean(d) / error if error > 0 else math.copysign(math.inf, _mean(d))
        return arms[best] if _mean(d) > self.confidence * error else arms[0]

    def leaf(self, game: Game, seat: int, feats: ModuleType) -> float:
        """A rollout's score: the seat's evaluation, or with `rival` that less the strongest
        opponent's own evaluation (a lead over the field, not a position alone); with
        `outcome`, the fitted model's chance that the seat wins, times 100."""
        if self._model is not None:
            return 100.0 * float(self._model.win_chance(game, seat))
        mine = float(feats.evaluate(game, seat))
        if not self.rival:
            return mine
        seats = range(game.num_seats)
        return mine - max(float(feats.evaluate(game, p)) for p in seats if p != seat)

    def _beaten(self, d: list[float]) -> bool:
        """Whether paired differences `d` show a candidate worse than candidate 0 (enough seen)."""
        if self.prune <= 0 or len(d) < self.prune:
            return False
        return _mean(d) + self.confidence * _stderr(d) < 0.0

    def rollout(self, game: Game, seat: int, feats: ModuleType, rng: Rng) -> None:
        """Everyone plays on until `rounds` rounds have passed (or the game ends).

        The searching seat first finishes its turn by one-ply evaluation (`plan`
        actions at most); after that every seat plays the rule-based policy, or with
        `plan_all` plays its main phases by one-ply evaluation too, as a value bot
        would. After a setup decision: until `setup_turns` turns have passed
        instead, at most `SETUP_ACTIONS_PER_TURN` actions a turn (`horizon` actions
        a round otherwise), planned as `plan_all` asks unless `setup_plan=0` keeps
        the rule policy there (more samples of a cheaper estimate).
        """
        settle(game, seat, feats, rng)
        if self.plan:
            continue_turn(game, seat, feats, rng, self.plan)
        if self._turns:
            turns, horizon = self._turns, SETUP_ACTIONS_PER_TURN * self._turns
        else:
            turns, horizon = self.rounds * game.num_seats, self.rounds * self.horizon
        last = int(getattr(game, "turn", 0)) + turns
        plan_all = self.plan_all and (not self._turns or self.setup_plan)
        for _ in range(horizon):
            who = game.to_act
            if who is None or int(getattr(game, "turn", 0)) > last:
                return
            if plan_all and feats.phase_of(game) == "main":
                self._plan_turn(game, who, feats, rng)
                continue
            legal = [a for a in game.legal_actions() if a.type != "offer_trade"]
            game.apply(feats.policy(game, who, legal, rng))

    def _plan_turn(self, game: Game, who: int, feats: ModuleType, rng: Rng) -> None:
        """`who`'s main phase as the value bot would play it, then the turn's end."""
        continue_turn(game, who, feats, rng, self.plan or PLAN_DEPTH)
        if game.to_act == who and feats.phase_of(game) == "main":
            legal = [a for a in game.legal_actions() if a.type != "offer_trade"]
            ends = [a for a in legal if a.type == "end_turn"]
            game.apply(ends[0] if ends else feats.policy(game, who, legal, rng))


def _mean(d: Sequence[float]) -> float:
    return sum(d) / len(d) if d else -math.inf


def _stderr(d: Sequence[float]) -> float:
    if len(d) < 2:
        return math.inf
    mean = sum(d) / len(d)
    return math.sqrt(sum((x - mean) ** 2 for x in d) / (len(d) - 1) / len(d))
