"""Finishing a turn the way the value bot would: the search's own-turn continuation.

The rule-based policy is fast but plays a turn bluntly; the value bot's
one-ply choice (every legal action scored by the evaluation) sees that a
maritime trade enables a settlement only once the trade is made. Searching a
candidate by letting its seat play the rest of its turn with that one-ply
choice (`continue_turn`) scores "trade, then build" as the build it leads
to, which is where a flat search over root actions gains on the value bot.
"""

from __future__ import annotations

from types import ModuleType

from ai.bots.value import settle
from engine.game import Game
from engine.rng import Rng


def continue_turn(game: Game, seat: int, feats: ModuleType, rng: Rng, depth: int) -> int:
    """Let `seat` play on in its main phase by one-ply evaluation, at most `depth` actions.

    Stops at the first decision that is not `seat`'s main phase, or when ending
    the turn scores best (the turn is then left to end in the rollout). Chance
    actions are scored on one outcome. Returns the number of actions played.
    """
    played = 0
    while played < depth and game.to_act == seat and feats.phase_of(game) == "main":
        best = None
        best_score = feats.evaluate(game, seat)  # doing nothing more this turn
        for action in game.legal_actions():
            if action.type in ("offer_trade", "end_turn"):
                continue
            g = game.copy()
            g.rng = Rng(rng.next64())  # type: ignore[attr-defined]
            g.apply(action)
            settle(g, seat, feats, rng)
            score = feats.evaluate(g, seat)
            if score > best_score + 1e-9:
                best, best_score = action, score
        if best is None:
            break
        game.apply(best)
        settle(game, seat, feats, rng)
        played += 1
    return played
