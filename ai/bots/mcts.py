"""Level 4: information-set Monte Carlo tree search over the value bot's best few moves.

Each iteration draws a fresh world with ``sample_consistent`` (so the bot
plans over what it could be facing, never over the true hands or deck),
picks one of the candidate actions by UCB1, plays it, lets every seat play
on with the fast rule-based policy until about a round has passed, and scores
the result with the hand-tuned evaluation. Searching only among the moves the
one-ply evaluation ranks close to the best keeps the branching small; when
one move is clearly best there is nothing to search, which keeps the median
decision fast. The time budget per decision is ``budget_ms``; with
``iterations=N`` the search stops after N iterations instead, which makes the
bot's play independent of machine speed (the default time budget does not).

Known limits (see research/bots.md §3.2.3): a single tree over the root only
(flat UCB), and determinization's strategy fusion; both acceptable for a game
whose hidden information is mostly card counts.
"""

from __future__ import annotations

import math
import time
from types import ModuleType
from typing import ClassVar

from ai.bots.value import ValueBot, settle
from ai.protocol import View
from engine.actions import Action
from engine.game import Game
from engine.registry import sample_consistent
from engine.rng import Rng


class MctsBot(ValueBot):
    name: ClassVar[str] = "mcts"

    def __init__(
        self,
        seed: int = 0,
        budget_ms: float = 150.0,
        width: int = 4,
        margin: float = 4.0,
        horizon: int = 60,
        exploration: float = 0.7,
        iterations: int = 0,
    ) -> None:
        super().__init__(seed)
        self.budget_ms = float(budget_ms)
        self.width = int(width)
        self.margin = float(margin)
        self.horizon = int(horizon)
        self.exploration = float(exploration)
        self.iterations = int(iterations)
        self.last_iterations = 0

    def choose(self, view: View, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        phase = view["phase"]
        if (
            phase in ("trade_response", "trade_confirm")
            or phase in self.features(view).POLICY_PHASES
        ):
            return super().choose(view, legal)
        start = time.perf_counter()
        feats = self.features(view)
        world = self.world(view)
        ranked = self.ranked(view, legal, world, feats)
        top = ranked[0][0]
        candidates = [a for s, _, a in ranked[: self.width] if s >= top - self.margin]
        if phase == "main" and ranked[0][2].type in ("end_turn", "maritime_trade"):
            base = feats.evaluate(world, int(view["seat"]))
            offer = self.propose(view, legal, world, feats, max(1.0, top - base + 0.5))
            if offer is not None:
                return offer
        if len(candidates) == 1:
            return candidates[0]
        deadline = start + self.budget_ms / 1000.0
        return self.search(view, candidates, feats, deadline)

    def search(
        self, view: View, candidates: list[Action], feats: ModuleType, deadline: float
    ) -> Action:
        seat = int(view["seat"])
        k = len(candidates)
        visits = [1] * k  # one virtual visit each, at the prior below
        totals = [0.5] * k
        iterations = 0
        while (
            iterations < self.iterations
            if self.iterations
            else (time.perf_counter() < deadline or iterations < k)
        ):
            iterations += 1
            n = sum(visits)
            log_n = math.log(n)
            i = max(
                range(k),
                key=lambda j: (
                    totals[j] / visits[j] + self.exploration * math.sqrt(log_n / visits[j])
                ),
            )
            world = sample_consistent(view, Rng(self.rng.next64()))
            base = feats.evaluate(world, seat)
            world.apply(candidates[i])
            self.rollout(world, seat, feats)
            delta = feats.evaluate(world, seat) - base
            totals[i] += 1.0 / (1.0 + math.exp(-delta / 8.0))
            visits[i] += 1
        self.last_iterations = iterations
        best = max(range(k), key=lambda j: (totals[j] / visits[j], -j))
        return candidates[best]

    def rollout(self, game: Game, seat: int, feats: ModuleType) -> None:
        """Everyone plays the rule-based policy until a round has passed (or the game ends)."""
        settle(game, seat, feats, self.rng)
        start_turn = int(getattr(game, "turn", 0))
        seats = game.num_seats
        for _ in range(self.horizon):
            who = game.to_act
            if who is None or int(getattr(game, "turn", 0)) > start_turn + seats:
                return
            legal = [a for a in game.legal_actions() if a.type != "offer_trade"]
            game.apply(feats.policy(game, who, legal, self.rng))
