#!/usr/bin/env python3
"""A bot in its own process, speaking JSON lines (ai/wire.py), standard library only.

Seat it at a table with ``catan play --seats "human,exec:python3
ai/examples/json_bot.py,greedy,greedy"``, or play it with ``catan tournament
--bots "exec:python3 ai/examples/json_bot.py,greedy"`` (``catan simulate``
takes ``--bots`` too). It builds when it can (city, settlement, development
card, road), answers every trade offer with "decline", and otherwise picks a
random legal action. Port it to any language: read one JSON object per line
on stdin, write one per line on stdout, flush after each.
"""

import json
import random
import sys
from typing import Any

PREFERENCE = ["build_city", "build_settlement", "buy_development", "build_road"]
AVOID = {"offer_trade", "counter_trade"}


def send(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def choose(view: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random) -> int:
    """Index of the action to play."""
    if view.get("phase") == "trade_response":
        for i, action in enumerate(legal):
            if action["type"] == "decline_trade":
                return i
    if view.get("phase") == "main":
        for kind in PREFERENCE:
            for i, action in enumerate(legal):
                if action["type"] == kind:
                    return i
    choices = [i for i, a in enumerate(legal) if a["type"] not in AVOID] or list(range(len(legal)))
    return rng.choice(choices)


def main() -> None:
    rng = random.Random(0)
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            send({"type": "hello", "protocol": 1, "name": "json-example", "rulesets": ["base"]})
        elif kind == "game_start":
            rng = random.Random(message.get("seed", 0))
        elif kind == "decide":
            index = choose(message["view"], message["legal"], rng)
            send({"type": "action", "id": message["id"], "index": index})
        elif kind == "bye":
            break
        # "events" and "game_over" need no answer


if __name__ == "__main__":
    main()
