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
        optional; copied into the host's log (escaped, cut at 500 characters).
    ``{"type": "error", "id": 7, "kind": "exception", "message": "..."}``
        optional: the bot could not decide (``kind`` "exception", or "illegal"
        when it produced something that is not an action). ai/bothost.py
        sends it when a Python bot raises; the host counts it as that fault.
    A hello may carry ``"error": "..."``: the bot could not be loaded.

A line on stdout is at most 1 MiB (``ai.process.MAX_LINE``, newline
included); a longer one is a fault and the host stops reading. A reply that
is not JSON, has the wrong id, or names an illegal action is a fault too: the
host plays a fallback move and, after three faults, seats a built-in bot for
the rest of the game. stdin is written without blocking the host, so a bot
that stops reading only delays its own messages.
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
