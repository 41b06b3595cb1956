"""How bots use harbours and how often they end a turn holding 8+ cards.

Plays seeded games of one bot spec in every seat (or the given specs) and
counts maritime trades by rate (4:1, 3:1, 2:1) and turns ended with 8+ cards
in hand. Run under ``nice``: ``python scripts/bot_habits.py --games 8 value``.
"""

from __future__ import annotations

import argparse
from collections import Counter

from ai.protocol import bot_view
from ai.registry import create_bot
from engine.config import GameConfig
from engine.registry import new_game

SPENDS = frozenset(
    {"build_road", "build_settlement", "build_city", "buy_development", "maritime_trade"}
)


def habits(specs: list[str], games: int, seed: int, max_turns: int = 250) -> Counter[str]:
    out: Counter[str] = Counter()
    for g in range(games):
        game = new_game(GameConfig("base", len(specs), seed + g))
        bots = [create_bot(s, seed + 97 * g + p) for p, s in enumerate(specs)]
        for p, bot in enumerate(bots):
            start = getattr(bot, "on_game_start", None)
            if start is not None:
                start(p, bot_view(game.view(p)))
        while game.to_act is not None and game.turn <= max_turns:  # type: ignore[attr-defined]
            seat = game.to_act
            legal = game.legal_actions()
            action = bots[seat].decide(bot_view(game.view(seat)), legal)
            if action.type == "end_turn":
                out["turns"] += 1
                if sum(game.hand(seat)) >= 8:  # type: ignore[attr-defined]
                    out["ended_with_8+"] += 1
                    if any(a.type in SPENDS for a in legal):
                        out["ended_with_8+_could_spend"] += 1
            events = game.apply(action)
            for e in events:
                if e.kind == "maritime_trade":
                    out[f"maritime_{e.data['count']}:1"] += 1
            for p, bot in enumerate(bots):
                hook = getattr(bot, "on_events", None)
                if hook is not None:
                    hook([e.for_seat(p) for e in events])
        out["games"] += 1
        out["wins"] += game.winner is not None
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("specs", nargs="+", help="one spec for every seat, or one per seat")
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    specs = args.specs * 4 if len(args.specs) == 1 else args.specs
    out = habits(specs, args.games, args.seed)
    trades = sum(n for k, n in out.items() if k.startswith("maritime_"))
    print(dict(sorted(out.items())))
    print(
        f"maritime trades {trades}: "
        + ", ".join(f"{r} {out[f'maritime_{r}']}" for r in ("4:1", "3:1", "2:1"))
        + f"; turns ended with 8+ cards {out['ended_with_8+']} of {out['turns']}"
        + f" ({100 * out['ended_with_8+'] / max(1, out['turns']):.1f}%)"
        + f", {out['ended_with_8+_could_spend']} of them with a build or trade legal"
    )


if __name__ == "__main__":
    main()
