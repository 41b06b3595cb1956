"""The JSON-lines protocol for bots in other processes (any language), version 1.

One JSON object per line, UTF-8, on the bot's stdin (host to bot) and stdout
(bot to host). Anything the bot writes to stderr is kept for the log. Every
message has a ``type``:

host to bot
    ``{"type": "hello", "protocol": 1}``
        first message; the bot answers with its own hello.
    ``{"type": "game_start", "seat": 2, "seed": 123, "view": {...}}``
        a new game; ``seed`` is the bot's seed for this game.
    ``{"type": "events", "events": [{"kind": "dice", ...}, ...]}``
        what happened, redacted for this seat; no answer.
    ``{"type": "decide", "id": 7, "view": {...}, "legal": [{...}, ...], "deadline_ms": 1000}``
        pick an action; answer before the deadline.
    ``{"type": "game_over", "view": {...}}``
        the final view (``winner``, ``scores``); no answer.
    ``{"type": "bye"}``
        the host is done; exit. stdin is closed after it.

bot to host
    ``{"type": "hello", "protocol": 1, "name": "mybot", "rulesets": ["base"]}``
    ``{"type": "action", "id": 7, "index": 3}``
        the 4th legal action; or ``"action": {"type": "offer_trade", ...}`` for
        any action in its JSON form (open-ended trade offers and counters).
    ``{"type": "log", "message": "..."}``
        optional; copied into the host's log.

A reply that is not JSON, has the wrong id, or names an illegal action is a
fault: the host plays a fallback move and, after three faults, seats a
built-in bot for the rest of the game.
"""

from __future__ import annotations

import json
from typing import Any

PROTOCOL_VERSION = 1


def encode(message: dict[str, Any]) -> bytes:
    """One message as a line of compact JSON."""
    return (json.dumps(message, separators=(",", ":")) + "\n").encode()


def hello() -> dict[str, Any]:
    return {"type": "hello", "protocol": PROTOCOL_VERSION}


def decide(
    request_id: int, view: dict[str, Any], legal: list[dict[str, Any]], deadline_ms: int
) -> dict[str, Any]:
    return {
        "type": "decide",
        "id": request_id,
        "view": view,
        "legal": legal,
        "deadline_ms": deadline_ms,
    }
