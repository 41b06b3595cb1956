"""An event's kind is its own: no data field may overwrite it on the way to a seat."""

from __future__ import annotations

import pytest

from engine.events import Event
from engine.rulesets.starfarers.actions import RemoveUpgrade, Shake

from .helpers import make, script, to_main
from .test_edge_encounters import BLACK_PAIR, _deck


def test_a_data_field_named_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="upgrade_lost"):
        Event("upgrade_lost", {"seat": 0, "kind": "booster"})
    with pytest.raises(ValueError):
        Event("steal", {"seat": 0}, secret={"kind": "ore"}, audience=frozenset({0}))


@pytest.mark.parametrize("lost", ["booster", "cannon"])
def test_a_lost_upgrade_reaches_every_seat_as_upgrade_lost(lost: str) -> None:
    g = make(4, seed=1)
    to_main(g)
    p = g.current
    for k, n in enumerate((4, 3, 0)):  # 7 upgrades: the ion storm takes one
        g.upgrade_stock[k] += g.upgrades[p][k] - n
        g.upgrades[p][k] = n
    _deck(g, 3, 31, 32)
    script(g, below=[BLACK_PAIR, 1, 1, 0])
    g.apply(Shake())
    events = g.apply(RemoveUpgrade(lost))
    told = [e.for_seat(seat) for e in events for seat in (None, 0, 1, 2, 3)]
    lost_events = [e for e in told if e.get("upgrade") == lost]
    assert lost_events, f"no event names the lost {lost}: {told}"
    assert all(e["kind"] == "upgrade_lost" for e in lost_events), lost_events
