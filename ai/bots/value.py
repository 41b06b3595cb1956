"""Level 3: one-ply expectimax over a hand-tuned evaluation.

For each legal action the bot plays it on a copy of a determinized world,
lets the ruleset's policy finish any follow-up the action forces (the robber
after a knight, the road after a setup settlement), and evaluates the result.
Actions with a random outcome (rolls, card draws, steals) are averaged over a
few samples. Trades are judged by the same evaluation (ai.bots.common).
"""

from __future__ import annotations

from types import ModuleType
from typing import ClassVar

from ai.bots.common import CountingBot
from ai.protocol import View
from engine.actions import Action
from engine.game import Game
from engine.rng import Rng


def settle(game: Game, seat: int, feats: ModuleType, rng: Rng, limit: int = 12) -> None:
    """Play out the phases an action forces (FORCED) with the rule-based policy."""
    for _ in range(limit):
        who = game.to_act
        if who is None or feats.phase_of(game) not in feats.FORCED:
            return
        if who != seat and feats.phase_of(game) != "discard":
            return
        legal = game.legal_actions()
        if not legal:
            return
        game.apply(feats.policy(game, who, legal, rng))


def score_action(
    world: Game, seat: int, action: Action, feats: ModuleType, rng: Rng, samples: int
) -> float:
    """Expected evaluation after ``action`` (averaged over ``samples`` outcomes if random)."""
    n = samples if action.type in feats.CHANCE else 1
    total = 0.0
    for _ in range(n):
        g = world.copy()
        if n > 1:
            g.rng = Rng(rng.next64())  # type: ignore[attr-defined]
        g.apply(action)
        settle(g, seat, feats, rng)
        total += feats.evaluate(g, seat)
    return total / n


class ValueBot(CountingBot):
    name: ClassVar[str] = "value"
    strength: ClassVar[str] = "rung 3: one-ply evaluation on a card-counted world; < 1 ms a move"
    samples: ClassVar[int] = 5

    def ranked(
        self, view: View, legal: list[Action], world: Game, feats: ModuleType
    ) -> list[tuple[float, int, Action]]:
        """(score, -index, action) for every legal action except open-ended offers, best first."""
        seat = int(view["seat"])
        out = []
        for i, a in enumerate(legal):
            if a.type == "offer_trade":
                continue
            out.append((score_action(world, seat, a, feats, self.rng, self.samples), -i, a))
        out.sort(key=lambda t: (t[0], t[1]), reverse=True)
        return out

    def choose(self, view: View, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        feats = self.features(view)
        world = self.world(view)
        phase = view["phase"]
        if phase == "trade_response":
            return self.respond(view, legal, world, feats)
        if phase == "trade_confirm":
            return self.confirm(view, legal, world, feats)
        if phase in feats.POLICY_PHASES:
            action: Action = feats.policy(world, int(view["seat"]), legal, self.rng)
            return action
        ranked = self.ranked(view, legal, world, feats)
        best = ranked[0][2]
        if phase == "main" and best.type in ("end_turn", "maritime_trade"):
            base = feats.evaluate(world, int(view["seat"]))
            gain = ranked[0][0] - base
            offer = self.propose(view, legal, world, feats, threshold=max(1.0, gain + 0.5))
            if offer is not None:
                return offer
        return best
