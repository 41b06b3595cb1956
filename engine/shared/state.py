"""A game's state declared once, as flat fields; copy, snapshot and restore follow from it.

A hex-family game keeps its state as plain attributes: flat lists indexed by
seat, seat and card kind, vertex, edge or hex, and a few scalars. Each is
declared once as a `Field`; the `StateSpec` of a class allocates them for a
new game, copies them (one slice per list), writes them to a snapshot and
reads them back. A ruleset that adds state extends its parent's spec
(``STATE = BaseGame.STATE.extend(Field(...))``) and every one of those follows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.shared.cardset import CardSet

# Layouts: what a field's list is indexed by.
SCALAR = "scalar"  # one value
SEAT = "seat"  # one value per seat
SEAT_ROW = "seat_row"  # one row of a card set per seat, flat: seat * stride + kind
ROW = "row"  # one row of a card set (the bank, a deck)
VERTEX = "vertex"
EDGE = "edge"
HEX = "hex"
STACK = "stack"  # a list of any length that starts empty (the pending decisions)
LAYOUTS = (SCALAR, SEAT, SEAT_ROW, ROW, VERTEX, EDGE, HEX, STACK)

STARTING_COUNTS = object()
"""`init` of a ROW field: the card set's starting counts (a full bank or deck)."""

Encode = Callable[[Any, Any], Any]  # (game, value) -> JSON
Decode = Callable[[Any, Any], Any]  # (game, JSON) -> value


@dataclass(frozen=True, slots=True)
class Field:
    """One piece of state.

    `init` is the starting value of each element (of the value itself for a
    scalar) and must be immutable. `cards` names the class attribute holding
    the card set of a SEAT_ROW or ROW field. `copy` is "list" for a list that
    copies slice, "share" for a value never mutated in place, or a function
    returning an independent copy. `key` is the field's name in snapshots
    (None: not saved, because it is derived from other fields); `encode` and
    `decode` convert values that are not plain JSON. An `optional` field is
    written only when it differs from `init` and read as `init` when absent,
    so adding one leaves earlier snapshots (and saves) valid.
    """

    name: str
    layout: str
    init: Any = 0
    cards: str = ""
    copy: str | Callable[[Any], Any] = "list"
    key: str | None = ""
    encode: Encode | None = None
    decode: Decode | None = None
    view: str | None = None
    optional: bool = False

    def __post_init__(self) -> None:
        if self.layout not in LAYOUTS:
            raise ValueError(f"field {self.name}: unknown layout {self.layout!r}")
        if self.layout in (SEAT_ROW, ROW) and not self.cards:
            raise ValueError(f"field {self.name}: a row of cards names its card set")
        if self.layout == SCALAR and self.copy == "list":
            object.__setattr__(self, "copy", "share")

    @property
    def snapshot_key(self) -> str | None:
        return self.name if self.key == "" else self.key


class StateSpec:
    """The fields of a game class, in declaration order; `extend` adds a subclass's."""

    def __init__(self, fields: Iterable[Field]) -> None:
        self.fields: tuple[Field, ...] = tuple(fields)
        names = [f.name for f in self.fields]
        if len(set(names)) != len(names):
            dup = sorted({n for n in names if names.count(n) > 1})
            raise ValueError(f"state fields declared twice: {', '.join(dup)}")
        self.by_name = {f.name: f for f in self.fields}
        self._viewers: dict[type, Callable[[Any, dict[str, Any], list[dict[str, Any]]], None]] = {}

    def extend(self, *more: Field) -> StateSpec:
        """This declaration and `more` fields after it (a subclass's own state)."""
        return StateSpec((*self.fields, *more))

    def __iter__(self) -> Any:
        return iter(self.fields)

    def __getitem__(self, name: str) -> Field:
        return self.by_name[name]

    # -- allocation --------------------------------------------------------------------
    def allocate(self, game: Any, sizes: Mapping[str, int]) -> None:
        """Give `game` every field at its starting value; `sizes` maps layouts to lengths."""
        cls = type(game)
        for f in self.fields:
            setattr(game, f.name, self._initial(f, cls, sizes))

    @staticmethod
    def _initial(f: Field, cls: type, sizes: Mapping[str, int]) -> Any:
        if f.layout == SCALAR:
            return f.init
        if f.layout == STACK:
            return []
        if f.layout in (SEAT_ROW, ROW):
            cards: CardSet = getattr(cls, f.cards)
            if f.layout == ROW:
                return list(cards.counts) if f.init is STARTING_COUNTS else [f.init] * cards.stride
            return [f.init] * (cards.stride * sizes[SEAT])
        return [f.init] * sizes[f.layout]

    # -- snapshots ---------------------------------------------------------------------
    def to_json(self, game: Any) -> dict[str, Any]:
        """The saved fields as JSON; seat rows nested per seat (``[[...], [...]]``)."""
        out: dict[str, Any] = {}
        for f in self.fields:
            key = f.snapshot_key
            if key is None:
                continue
            value = getattr(game, f.name)
            if f.optional and value == f.init:
                continue
            out[key] = self.encode(game, f, value)
        return out

    def from_json(self, game: Any, data: Mapping[str, Any]) -> None:
        """Set the saved fields of `game` from `to_json`'s output."""
        for f in self.fields:
            key = f.snapshot_key
            if key is None:
                continue
            if f.optional and key not in data:
                setattr(game, f.name, f.init)
                continue
            setattr(game, f.name, self.decode(game, f, data[key]))

    @staticmethod
    def encode(game: Any, f: Field, value: Any) -> Any:
        """One field's value as JSON, as snapshots (and positions) write it."""
        if f.encode is not None:
            return f.encode(game, value)
        if f.layout == SEAT_ROW:
            k = getattr(type(game), f.cards).stride
            return [value[i : i + k] for i in range(0, len(value), k)]
        if isinstance(value, list):
            return value[:]
        return value

    @staticmethod
    def decode(game: Any, f: Field, raw: Any) -> Any:
        """The inverse of `encode`."""
        if f.decode is not None:
            return f.decode(game, raw)
        if f.layout == SEAT_ROW:
            return [n for row in raw for n in row]
        if isinstance(raw, list):
            return list(raw)
        return raw

    # -- the public part, for views and for games sampled from a view ------------------
    def to_view(self, game: Any, view: dict[str, Any], players: list[dict[str, Any]]) -> None:
        """Write every field with a view name into `view` (per-seat ones into `players`)."""
        cls = type(game)
        write = self._viewers.get(cls)
        if write is None:
            write = self._viewers[cls] = self.viewer(cls)
        write(game, view, players)

    def viewer(self, cls: type) -> Callable[[Any, dict[str, Any], list[dict[str, Any]]], None]:
        """The function `to_view` runs for games of `cls`, generated as straight-line code.

        Views are built for every seat that reads them, so this is a hot path
        as `copy()` is: one loop over the seats writes every per-seat field,
        and rows of cards become dicts with `dict(zip(names, row))`.
        """
        env: dict[str, Any] = {}
        head = ["def to_view(game, view, players):"]
        per_seat: list[str] = []
        rest: list[str] = []
        for i, f in enumerate(self.fields):
            key = f.view
            if key is None:
                continue
            if not f.name.isidentifier():
                raise ValueError(f"field name {f.name!r} is not an identifier")
            if f.layout == SEAT:
                head.append(f"    f{i} = game.{f.name}")
                per_seat.append(f"        info[{key!r}] = f{i}[p]")
            elif f.layout == SEAT_ROW:
                cards: CardSet = getattr(cls, f.cards)
                env[f"names{i}"] = cards.names
                k = cards.stride
                head.append(f"    f{i} = game.{f.name}")
                per_seat.append(
                    f"        info[{key!r}] = dict(zip(names{i}, f{i}[p * {k} : p * {k} + {k}]))"
                )
            elif f.layout == ROW:
                env[f"names{i}"] = getattr(cls, f.cards).names
                rest.append(f"    view[{key!r}] = dict(zip(names{i}, game.{f.name}))")
            elif f.encode is not None:
                env[f"encode{i}"] = f.encode
                rest.append(f"    view[{key!r}] = encode{i}(game, game.{f.name})")
            else:
                rest += [
                    f"    v = game.{f.name}",
                    f"    view[{key!r}] = v[:] if type(v) is list else v",
                ]
        lines = head
        if per_seat:
            lines += ["    for p, info in enumerate(players):", *per_seat]
        lines += [*rest, "    return None"]
        exec("\n".join(lines), env)
        fn: Callable[[Any, dict[str, Any], list[dict[str, Any]]], None] = env["to_view"]
        fn.__qualname__ = f"{cls.__name__}.STATE.to_view"
        return fn

    def from_view(self, game: Any, view: Mapping[str, Any]) -> None:
        """The inverse of `to_view`: set the public fields of `game` from a view."""
        cls = type(game)
        players = view["players"]
        for f in self.fields:
            key = f.view
            if key is None:
                continue
            value: Any
            if f.layout == SEAT:
                value = [info[key] for info in players]
            elif f.layout == SEAT_ROW:
                cards: CardSet = getattr(cls, f.cards)
                value = [n for info in players for n in cards.from_dict(info[key])]
            elif f.layout == ROW:
                value = getattr(cls, f.cards).from_dict(view[key])
            elif f.decode is not None:
                value = f.decode(game, view[key])
            elif isinstance(view[key], list):
                value = list(view[key])
            else:
                value = view[key]
            setattr(game, f.name, value)

    # -- copies ------------------------------------------------------------------------
    def copier(self, cls: type) -> Callable[[Any], Any]:
        """A function that copies a game of `cls`: every list sliced, other copies called.

        It is generated as straight-line code (as dataclasses generates
        ``__init__``) because `copy()` is what search bots pay per simulation,
        and a loop over the field names costs about a fifth more. Attributes
        that are not declared fields (config, log, caches) are shared.
        """
        env: dict[str, Any] = {"new": object.__new__, "cls": cls}
        # dict.copy() then one store per field: updating the new object's own
        # (key-sharing) dict instead is about a quarter slower for ~40 attributes.
        lines = ["def copy(self):", "    g = new(cls)", "    g.__dict__ = self.__dict__.copy()"]
        for f in self.fields:
            if not f.name.isidentifier():
                raise ValueError(f"field name {f.name!r} is not an identifier")
            if f.copy == "list":
                lines.append(f"    g.{f.name} = self.{f.name}[:]")
            elif callable(f.copy):
                env[f"copy_{f.name}"] = f.copy
                lines += [
                    f"    v = self.{f.name}",
                    "    if v is not None:",
                    f"        g.{f.name} = copy_{f.name}(v)",
                ]
        lines.append("    return g")
        exec("\n".join(lines), env)
        fn: Callable[[Any], Any] = env["copy"]
        fn.__qualname__ = f"{cls.__name__}.copy"
        fn.__doc__ = "An independent game; cheap, since search bots copy thousands of times."
        return fn
