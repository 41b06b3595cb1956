"""Events: what happened, told to each seat as much as it may know.

An event has a public part that everyone sees and an optional secret part
(the card stolen, the card drawn) that only its audience sees. Redaction is
therefore one rule in one place instead of a judgement in every renderer.

An event's own `kind` is the one key its data may not use: the dict a seat
receives is `{"kind": ..., **data}`, so a data field named `kind` would
silently replace what happened (an `upgrade_lost` told as "booster").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

_new_tuple = tuple.__new__


class Event(tuple[str, dict[str, Any], "dict[str, Any] | None", frozenset[int]]):
    """One thing that happened: `kind`, public `data`, an optional `secret` part and its
    `audience` (the seats that see the secret).

    Immutable, as a tuple of its four fields: every action makes one or two
    events, and a tuple is made in half the time of a frozen dataclass.
    """

    __slots__ = ()

    def __new__(
        cls,
        kind: str,
        data: dict[str, Any] | None = None,
        secret: dict[str, Any] | None = None,
        audience: frozenset[int] = frozenset(),
    ) -> Event:
        if data is None:
            data = {}
        if "kind" in data or (secret is not None and "kind" in secret):
            raise ValueError(
                f"event {kind!r}: 'kind' names the event; call the field something else"
            )
        return _new_tuple(cls, (kind, data, secret, audience))

    @property
    def kind(self) -> str:
        return self[0]

    @property
    def data(self) -> dict[str, Any]:
        return self[1]

    @property
    def secret(self) -> dict[str, Any] | None:
        return self[2]

    @property
    def audience(self) -> frozenset[int]:
        return self[3]

    def __getnewargs__(self) -> tuple[str, dict[str, Any], dict[str, Any] | None, frozenset[int]]:
        """Pickle and copy make an event from its four fields."""
        return (self[0], self[1], self[2], self[3])

    def __repr__(self) -> str:
        return (
            f"Event(kind={self[0]!r}, data={self[1]!r}, secret={self[2]!r}, audience={self[3]!r})"
        )

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        """The event as `seat` may see it; `None` is a spectator who sees only public parts."""
        kind, data, secret, audience = self
        out: dict[str, Any] = {"kind": kind, **data}
        if secret is not None:
            if seat is not None and seat in audience:
                out.update(secret)
            else:
                out.update(dict.fromkeys(secret))
        return out

    def full(self) -> dict[str, Any]:
        """Everything, for the omniscient log of a finished game."""
        out: dict[str, Any] = {"kind": self[0], **self[1]}
        if self[2] is not None:
            out.update(self[2])
        return out


@dataclass(frozen=True, slots=True)
class EventKind:
    """One kind of event and the fields it carries.

    `public` fields are always in the public part; `optional` ones may be;
    `secret` ones are the secret part (told to the audience only). A field
    may be both optional and secret: a ruleset that tells it to everyone
    puts it in the public part (the base game's starting hand), one that
    hides it in the secret part (Starfarers' rulebook hand).
    """

    name: str
    public: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()
    secret: tuple[str, ...] = ()
    doc: str = ""

    def problem(self, event: Event) -> str | None:
        """None if `event` carries this kind's fields, else what is wrong."""
        if event.kind != self.name:
            return f"event {event.kind!r} checked as {self.name!r}"
        data = set(event.data)
        missing = set(self.public) - data
        if missing:
            return f"event {self.name!r} lacks {', '.join(sorted(missing))}"
        extra = data - set(self.public) - set(self.optional)
        if extra:
            return f"event {self.name!r}: undeclared public fields {', '.join(sorted(extra))}"
        hidden = set(event.secret or ()) - set(self.secret)
        if hidden:
            return f"event {self.name!r}: undeclared secret fields {', '.join(sorted(hidden))}"
        return None


class EventKinds:
    """The event vocabulary of a game class: every kind it may emit, declared once.

    The hex family's shared kinds are declared in `engine.shared.event_kinds`;
    a ruleset `extend`s them with its own kinds (a name already declared is
    refused, so a shared action cannot get a second name) and `widen`s a
    shared kind with the fields only it adds.
    """

    def __init__(self, kinds: Iterable[EventKind]) -> None:
        self.kinds: dict[str, EventKind] = {}
        for kind in kinds:
            if kind.name in self.kinds:
                raise ValueError(f"event kind {kind.name!r} declared twice")
            self.kinds[kind.name] = kind

    def extend(self, *kinds: EventKind) -> EventKinds:
        """This vocabulary and new kinds; redeclaring a known kind is an error."""
        return EventKinds((*self.kinds.values(), *kinds))

    def widen(
        self, name: str, *, optional: tuple[str, ...] = (), secret: tuple[str, ...] = ()
    ) -> EventKinds:
        """This vocabulary with more optional or secret fields on the known kind `name`."""
        old = self.kinds[name]
        new = replace(old, optional=(*old.optional, *optional), secret=(*old.secret, *secret))
        return EventKinds(new if k.name == name else k for k in self.kinds.values())

    @property
    def names(self) -> frozenset[str]:
        return frozenset(self.kinds)

    def __contains__(self, name: object) -> bool:
        return name in self.kinds

    def __getitem__(self, name: str) -> EventKind:
        return self.kinds[name]

    def problem(self, event: Event) -> str | None:
        """None if `event` is of a declared kind with its declared fields."""
        kind = self.kinds.get(event.kind)
        if kind is None:
            return f"event kind {event.kind!r} is not declared"
        return kind.problem(event)
