"""Actions: every decision a person or bot makes at the table.

An action is a small frozen dataclass with a JSON form such as
``{"type": "build_road", "edge": 17}``. The JSON form is what bots in other
languages send and what saves store, so it must stay stable: field names are
part of the protocol.

Resource bundles (trade offers) are `Bag`s: hashable, sorted
``(resource name, count)`` pairs that encode as a JSON object.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, TypeVar

from engine.errors import IllegalAction

Bag = tuple[tuple[str, int], ...]
"""A resource bundle: sorted (name, count) pairs with positive counts."""


def make_bag(counts: Mapping[str, int] | Iterable[tuple[str, int]]) -> Bag:
    """``make_bag({"wool": 2, "ore": 1})`` is ``(("ore", 1), ("wool", 2))``; zeros are dropped."""
    items = counts.items() if isinstance(counts, Mapping) else counts
    merged: dict[str, int] = {}
    for name, n in items:
        merged[name] = merged.get(name, 0) + int(n)
    return tuple(sorted((k, v) for k, v in merged.items() if v > 0))


def bag_problem(bag: object, who: str, side: str) -> str | None:
    """What is wrong with ``bag`` as the ``side`` ("give") of ``who`` ("an offer"), if anything.

    The shape only: a tuple of (card name, count) pairs, every count a whole
    number of at least 1. Whether the names are the ruleset's cards is the
    game's check.
    """
    if not isinstance(bag, tuple):
        return (
            f"{who}'s {side} is (card, count) pairs, e.g. make_bag({{'wool': 1}})"
            f" (engine.actions), not {_shown(bag)}"
        )
    for item in bag:
        if not isinstance(item, tuple) or len(item) != 2:
            return f"{who}'s {side} is (card, count) pairs, not {_shown(item)} among them"
        name, n = item
        if not isinstance(name, str):
            return f"{who}'s {side} names cards by name, not {_shown(name)}"
        if type(n) is not int:  # a bool is no count either
            return f"{who}'s counts are whole numbers of cards, not {_shown(n)}"
        if n < 1:
            return f"{who}'s counts are at least 1, not {n}"
    return None


def _json(value: Any) -> str:
    """``value`` as JSON writes it (``true``, ``0.5``), for messages about wire input."""
    try:
        return json.dumps(value)[:40]
    except (TypeError, ValueError):
        return _shown(value)


def _shown(value: object) -> str:
    """A short repr of a value a bot passed (its own classes' reprs may misbehave)."""
    try:
        text = repr(value)
    except Exception:
        text = f"<a {type(value).__name__}>"
    return text if len(text) <= 40 else text[:39] + "…"


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base of all actions. Subclasses set `type`, the JSON tag."""

    type: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name in _bag_fields(type(self)):
                out[f.name] = dict(value)
            elif isinstance(value, tuple):
                out[f.name] = list(value)
            else:
                out[f.name] = value
        return out

    def __str__(self) -> str:
        parts = [f"{k}={v}" for k, v in self.to_json().items() if k != "type"]
        return self.type + (" " + " ".join(parts) if parts else "")


A = TypeVar("A", bound=Action)

_BAG_FIELDS: dict[type[Action], frozenset[str]] = {}


def _bag_fields(cls: type[Action]) -> frozenset[str]:
    found = _BAG_FIELDS.get(cls)
    if found is None:
        found = frozenset(
            f.name for f in dataclasses.fields(cls) if str(f.type) in ("Bag", "engine.actions.Bag")
        )
        _BAG_FIELDS[cls] = found
    return found


class ActionCodec:
    """Decodes JSON actions for one ruleset; unknown or malformed input raises IllegalAction."""

    def __init__(self, classes: Iterable[type[Action]]) -> None:
        self.by_type: dict[str, type[Action]] = {}
        for cls in classes:
            if not cls.type or cls.type in self.by_type:
                raise ValueError(f"action type {cls.type!r} is missing or registered twice")
            self.by_type[cls.type] = cls

    def decode(self, data: Any) -> Action:
        if not isinstance(data, Mapping):
            raise IllegalAction(f"an action must be a JSON object, not {type(data).__name__}")
        kind = data.get("type")
        cls = self.by_type.get(kind) if isinstance(kind, str) else None
        if cls is None:
            valid = ", ".join(sorted(self.by_type))
            raise IllegalAction(f"unknown action type {kind!r}; valid types: {valid}")
        kwargs: dict[str, Any] = {}
        bag_names = _bag_fields(cls)
        for f in dataclasses.fields(cls):
            if f.name not in data:
                if f.default is not dataclasses.MISSING:
                    continue
                raise IllegalAction(f"action {kind!r} needs the field {f.name!r}")
            kwargs[f.name] = _decode_field(
                cls.type, f.name, f.type, data[f.name], f.name in bag_names
            )
        extra = set(data) - {"type"} - {f.name for f in dataclasses.fields(cls)}
        if extra:
            names = ", ".join(sorted(str(k) for k in extra))
            raise IllegalAction(f"action {kind!r} has unknown fields: {names}")
        return cls(**kwargs)


def _decode_field(kind: str, name: str, ftype: Any, value: Any, is_bag: bool) -> Any:
    spec = str(ftype)
    where = f"field {name!r} of action {kind!r}"
    if is_bag:
        if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
            raise IllegalAction(f'{where} must map resource names to counts, e.g. {{"wool": 1}}')
        for v in value.values():
            if type(v) is not int or v < 0:  # 0 is allowed on the wire, and dropped
                counts = "counts, whole numbers of cards"
                raise IllegalAction(f"{where} must map resource names to {counts}, not {_json(v)}")
        return make_bag(value)
    if spec.startswith("tuple"):
        if not isinstance(value, list | tuple) or not all(type(v) is int for v in value):
            raise IllegalAction(f"{where} must be a list of integers")
        return tuple(value)
    if spec == "int" or spec.startswith("int |"):
        if value is None and "None" in spec:
            return None
        if type(value) is not int:
            raise IllegalAction(f"{where} must be an integer")
        return value
    if spec == "str" or spec.startswith("str |"):
        if value is None and "None" in spec:
            return None
        if not isinstance(value, str):
            raise IllegalAction(f"{where} must be a string")
        return value
    if spec == "bool":
        if not isinstance(value, bool):
            raise IllegalAction(f"{where} must be true or false")
        return value
    return value
