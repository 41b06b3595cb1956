"""JSON-shaped copies of game data without a JSON round trip.

`plain(value)` is `json.loads(json.dumps(value))` for the data games hold
(ints, strings, bools, None, floats, lists, tuples and dicts of them): an
independent copy where tuples become lists and dict keys become strings, as
JSON writes them. Snapshots and views used the round trip to deep-copy
state; this does the same work in Python, several times faster, and refuses
(as json.dumps would) anything that is not JSON data.
"""

from __future__ import annotations

from typing import Any

_ATOMS = frozenset((int, str, bool, float, type(None)))


def plain(value: Any) -> Any:
    """An independent JSON-shaped copy of `value` (see the module doc)."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is list or kind is tuple:
        return [x if type(x) in _ATOMS else plain(x) for x in value]
    if kind is dict:
        return {_key(k): plain(v) for k, v in value.items()}
    raise TypeError(f"Object of type {kind.__name__} is not JSON serializable")


def int_rows(rows: list[list[int]]) -> list[list[int]]:
    """A copy of a list of lists of ints (what `plain` gives, without looking at each int)."""
    return [row[:] for row in rows]


def _key(key: Any) -> str:
    """A dict key as JSON writes it."""
    kind = type(key)
    if kind is str:
        return key  # type: ignore[no-any-return]
    if kind is bool:
        return "true" if key else "false"
    if kind is int:
        return str(key)
    if kind is float:
        return repr(key)
    if key is None:
        return "null"
    raise TypeError(f"keys must be str, int, float, bool or None, not {kind.__name__}")
