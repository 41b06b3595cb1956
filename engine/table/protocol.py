"""The client protocol: the JSON messages between a table and a person's client.

The same messages travel in memory (solo play, `engine.table.client.InMemoryClient`)
and as JSON lines over a Unix socket (play over SSH). Every message is a JSON
object with a type tag ``"t"`` and the protocol version ``"v"`` (currently 1).
A client never sees the game object, only its own seat's view and redacted events.

Server to client
----------------

``state``: the seat's view after something happened, or because it must act::

    {"t": "state", "v": 1, "rev": 12, "seat": 0,
     "view": {...},                 # game.view(seat): what this seat may know
     "legal": [{"type": "roll"}],   # present only when this seat must act now
     "events": [{"kind": "dice", ...}]}   # redacted events since the last push

``rev`` is the table's revision: the number of actions applied so far (it
survives save and resume). An ``act`` must name the ``rev`` of the state it
answers, so a stale click is refused instead of applied to a later position.
``legal`` holds the JSON of the legal actions in the engine's order; open-ended
actions (trade offers, counter-offers) may be sent with other contents too,
and the table checks them with the rules.

At a table where decisions are timed (an SSH table whose host chose a time to
decide), a ``state`` with ``legal`` also carries ``clock``: the seconds left,
when it was sent, before a bot plays this decision for the seat (a number, at
least 0; `clock_of` reads it)::

    {"t": "state", ..., "legal": [...], "clock": 101.5}

The clock is the decision's, not the message's: a refused ``act`` does not
wind it back, and the ``state`` sent again after the refusal says what is left.
A state without ``legal``, or at a table without the clock, has no ``clock``.

``error``: the last ``act`` was refused (malformed, stale, or against the rules)::

    {"t": "error", "v": 1, "message": "you cannot afford a city"}

The table then sends a fresh ``state`` with ``legal`` and waits again.

``notice``: something this seat should know that answers no ``act`` of its own
(the table's autosave failed, or works again; a bot now plays for someone; a
player left the table or came back); the game goes on. A client shows it and
keeps it with the game's story (the log)::

    {"t": "notice", "v": 1, "message": "autosave failed: No space left on device"}

A notice about one seat names it, with the words that seat's own player reads in
place of ``message`` (a client shows ``yours`` where ``seat`` is its own)::

    {"t": "notice", "v": 1, "message": "bob is back at the table.", "seat": 1,
     "yours": "You are back at the table."}

A client that connects hears the lines the table told everyone lately (`TOLD_KEPT`
in engine.table.host) after its first state, each with ``"earlier": true``: for
the log, not to be shown again as news.

A notice with ``"closing": true`` is the last message of a connection: the
server ends it right after (`closing`). A seat has one live connection, so a
second connection to the same seat takes it over, and the first one is told
why and closed; whatever it sends from then on is refused::

    {"t": "notice", "v": 1, "closing": true,
     "message": "This seat was taken over by another session of yours."}

``over``: the game ended::

    {"t": "over", "v": 1, "rev": 840, "winner": 2, "scores": [7, 5, 10, 6],
     "stats": {"turns": 71, "actions": 840,
               "vp_history": [[0, 0, 0, 0], ...],   # public VP per seat after each turn
               "dice": {"2": 1, ..., "12": 3},      # how often each total was rolled
               "seconds": 612.5}}                   # wall time this table ran

``said``: a line of the table's chat, from a person at a seat (``seat``) or
watching (``seat`` null), as the server cleaned it (`clean_text`)::

    {"t": "said", "v": 1, "seat": 1, "name": "bob", "text": "good game", "turn": 71}

A client that connects hears the table's recent lines after its first state,
each with ``"earlier": true``, in the order they were said; ``turn`` (the game's
turn when it was said, in a chat line or a table's ``notice``) lets it say when,
and ``n`` numbers the table's lines, chat and notices together.

``hint``: what the table's adviser would do in this seat, answering a ``hint``
request for the state with revision ``rev``; ``action`` is one of that
state's ``legal`` actions, ``then`` the seat's next actions of the same
decision where the adviser planned them (the other cards of a discard), and
``by`` names the adviser::

    {"t": "hint", "v": 1, "rev": 12, "action": {"type": "build_road", "edge": 17},
     "then": [], "by": "value"}

The adviser reads the seat's own view and nothing else. A table without one
(a table over SSH whose host left hints off) answers the request with an ``error``.

Client to server
----------------

``act``: the seat's decision, answering the state with revision ``rev``::

    {"t": "act", "v": 1, "rev": 12, "action": {"type": "build_road", "edge": 17}}

``hint``: ask what the table's adviser would do in the state with revision
``rev`` (only while this seat must act; answered with a ``hint`` or an ``error``)::

    {"t": "hint", "v": 1, "rev": 12}

``say``: a line for the table's chat, at any time (not only on one's turn)::

    {"t": "say", "v": 1, "text": "good game"}

The table sends it as ``said`` to everyone there, the speaker too. A line is
at most `MAX_SAY` characters once control and format characters are taken
out (`clean_text`: no terminal escapes, no bidirectional overrides), and a
person says at most `SAY_BURST` lines in `SAY_WINDOW` seconds; past that,
or empty, it is answered with an ``error``.

Anything else (unknown ``t``, wrong ``v``, missing fields) is answered with an
``error`` and ignored.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Mapping
from typing import Any

VERSION = 1

STATE = "state"
ERROR = "error"
OVER = "over"
NOTICE = "notice"
SAID = "said"
ACT = "act"
SAY = "say"
HINT = "hint"
CLOCK = "clock"
"""The optional field of a ``state`` with ``legal``: seconds left to decide."""

MAX_SAY = 200
"""Characters in a chat line, once cleaned."""
SAY_BURST = 5
SAY_WINDOW = 10.0
"""At most `SAY_BURST` chat lines from one person in any `SAY_WINDOW` seconds."""


class ProtocolError(ValueError):
    """A message that does not follow the protocol; its text is meant for the sender."""


def state(
    rev: int,
    seat: int | None,
    view: Mapping[str, Any],
    events: list[dict[str, Any]],
    legal: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    msg: dict[str, Any] = {
        "t": STATE,
        "v": VERSION,
        "rev": rev,
        "seat": seat,
        "view": view,
        "events": events,
    }
    if legal is not None:
        msg["legal"] = legal
    return msg


def clock_of(msg: Mapping[str, Any]) -> float | None:
    """The seconds a ``state`` gives its seat to decide, or None: no decision, or not timed
    (a ``clock`` that is not a finite number of at least 0 counts as none)."""
    left = msg.get(CLOCK)
    if msg.get("t") != STATE or "legal" not in msg or type(left) not in (int, float):
        return None  # a bool is no number of seconds
    seconds = float(left) if isinstance(left, (int, float)) else math.nan
    return seconds if 0 <= seconds < math.inf else None


def error(message: str) -> dict[str, Any]:
    return {"t": ERROR, "v": VERSION, "message": message}


def notice(message: str, *, seat: int | None = None, yours: str | None = None) -> dict[str, Any]:
    """A notice; one about a seat (`seat`) may carry the words its own player reads there
    (`yours`: "You are back at the table." where the others read "bob is back...")."""
    msg: dict[str, Any] = {"t": NOTICE, "v": VERSION, "message": message}
    if seat is not None and yours is not None:
        msg |= {"seat": seat, "yours": yours}
    return msg


def closing(message: str) -> dict[str, Any]:
    """The last message of a connection the server is about to end (a takeover, say)."""
    return {"t": NOTICE, "v": VERSION, "message": message, "closing": True}


def over(rev: int, winner: int | None, scores: list[int], stats: dict[str, Any]) -> dict[str, Any]:
    return {
        "t": OVER,
        "v": VERSION,
        "rev": rev,
        "winner": winner,
        "scores": scores,
        "stats": stats,
    }


def said(seat: int | None, name: str, text: str) -> dict[str, Any]:
    return {"t": SAID, "v": VERSION, "seat": seat, "name": name, "text": text}


def say(text: str) -> dict[str, Any]:
    return {"t": SAY, "v": VERSION, "text": text}


def clean_text(raw: str) -> str:
    """Chat text safe to draw: whitespace runs as one space; control, format, private-use
    and unassigned characters (terminal escapes, bidirectional overrides) taken out."""
    out: list[str] = []
    for ch in raw:
        if ch.isspace():
            if out and out[-1] != " ":
                out.append(" ")
        elif not unicodedata.category(ch).startswith("C"):
            out.append(ch)
    return "".join(out).strip()


def _versioned(msg: Any) -> dict[str, Any]:
    """`msg` if it is a JSON object of this protocol's version; ProtocolError otherwise."""
    if not isinstance(msg, dict):
        raise ProtocolError("a message must be a JSON object")
    if msg.get("v") != VERSION:
        raise ProtocolError(f"protocol version {msg.get('v')!r} is not supported (need {VERSION})")
    return msg


def parse_say(msg: Any) -> str:
    """The cleaned text of a ``say``; ProtocolError (its text for the sender) if it has none."""
    msg = _versioned(msg)
    raw = msg.get("text")
    if not isinstance(raw, str):
        raise ProtocolError("a say needs a 'text' string")
    if len(raw) > 8 * MAX_SAY:  # not worth cleaning: too long whatever it holds
        raise ProtocolError(f"a chat line is at most {MAX_SAY} characters")
    text = clean_text(raw)
    if not text:
        raise ProtocolError("the chat line is empty")
    if len(text) > MAX_SAY:
        raise ProtocolError(f"a chat line is at most {MAX_SAY} characters ({len(text)} given)")
    return text


def hint_request(rev: int) -> dict[str, Any]:
    return {"t": HINT, "v": VERSION, "rev": rev}


def hint(
    rev: int, action: dict[str, Any], by: str, then: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    return {"t": HINT, "v": VERSION, "rev": rev, "action": action, "then": then or [], "by": by}


def parse_hint_request(msg: Any) -> int:
    """The ``rev`` a ``hint`` request asks about; ProtocolError if it is not a valid one."""
    msg = _versioned(msg)
    rev = msg.get("rev")
    if type(rev) is not int:
        raise ProtocolError("a hint request needs an integer 'rev'")
    return rev


def act(rev: int, action: dict[str, Any]) -> dict[str, Any]:
    return {"t": ACT, "v": VERSION, "rev": rev, "action": action}


def parse_act(msg: Any) -> tuple[int, dict[str, Any]]:
    """The (rev, action JSON) of a client message; ProtocolError if it is not a valid ``act``."""
    msg = _versioned(msg)
    if msg.get("t") != ACT:
        raise ProtocolError(
            f"unknown message type {msg.get('t')!r}; a client sends only 'act', 'say' or 'hint'"
        )
    rev = msg.get("rev")
    if type(rev) is not int:
        raise ProtocolError("an act needs an integer 'rev'")
    action = msg.get("action")
    if not isinstance(action, dict):
        raise ProtocolError("an act needs an 'action' object")
    return rev, action


def check_server_message(msg: Any) -> dict[str, Any]:
    """`msg` if it is a server message this client understands; ProtocolError otherwise."""
    checked = _versioned(msg)
    if checked.get("t") not in (STATE, ERROR, NOTICE, OVER, SAID, HINT):
        raise ProtocolError(f"unknown message type {checked.get('t')!r}")
    return checked
