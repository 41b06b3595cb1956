"""Level 2: rule-based. Builds city > settlement > road toward a site > development card.

Fast and deterministic for a given seed, which is why it also plays the
sandbox's fallback moves and takes over seats whose bot faulted too often.
Its rules live in the ruleset's feature module (``policy``); it trades by
evaluation but cautiously: one offer per turn, only for a clear gain.
"""

from __future__ import annotations

from typing import ClassVar

from ai.bots.common import WorldBot
from ai.protocol import View
from engine.actions import Action


class GreedyBot(WorldBot):
    name: ClassVar[str] = "greedy"
    strength: ClassVar[str] = "rung 2: fixed build rules, no search; microseconds a move"
    max_offers: ClassVar[int] = 1

    def choose(self, view: View, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        feats = self.features(view)
        world = self.world(view)
        phase = view["phase"]
        seat = int(view["seat"])
        if phase == "trade_response":
            return self.respond(view, legal, world, feats)
        if phase == "trade_confirm":
            return self.confirm(view, legal, world, feats)
        action: Action = feats.policy(world, seat, legal, self.rng)
        if phase == "main" and action.type == "end_turn":
            offer = self.propose(view, legal, world, feats, threshold=2.0)
            if offer is not None:
                return offer
        return action
