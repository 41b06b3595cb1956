"""Events: what happened, told to each seat as much as it may know.

An event has a public part that everyone sees and an optional secret part
(the card stolen, the card drawn) that only its audience sees. Redaction is
therefore one rule in one place instead of a judgement in every renderer.

An event's own `kind` is the one key its data may not use: the dict a seat
receives is `{"kind": ..., **data}`, so a data field named `kind` would
silently replace what happened (an `upgrade_lost` told as "booster").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    secret: dict[str, Any] | None = None
    audience: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        for part in (self.data, self.secret or {}):
            if "kind" in part:
                raise ValueError(
                    f"event {self.kind!r}: 'kind' names the event; call the field something else"
                )

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        """The event as `seat` may see it; `None` is a spectator who sees only public parts."""
        out: dict[str, Any] = {"kind": self.kind, **self.data}
        if self.secret is not None:
            if seat is not None and seat in self.audience:
                out.update(self.secret)
            else:
                out.update(dict.fromkeys(self.secret))
        return out

    def full(self) -> dict[str, Any]:
        """Everything, for the omniscient log of a finished game."""
        out: dict[str, Any] = {"kind": self.kind, **self.data}
        if self.secret is not None:
            out.update(self.secret)
        return out
