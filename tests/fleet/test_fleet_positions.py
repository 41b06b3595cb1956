"""Fleet positions: the engine refuses states the rules cannot reach, naming the problem."""

from __future__ import annotations

import pytest

from engine.position import PositionError

from .fleetfix import S, corners, fleet_game


def _s() -> tuple[int, ...]:
    return corners(fleet_game(), S)


s = _s()


@pytest.mark.parametrize(
    ("parts", "fragment"),
    [
        ({"fleets": {0: (s[0], s[2])}}, "is not a path of 1 to 5 ships"),
        ({"fleets": {0: (s[0], s[1]), 1: (s[1], s[0])}}, "holds ships of seats 0 and 1"),
        ({"extra": {"pirate": 3}}, "not a sea hex"),
        ({"stage": 5}, "is not 2 (trade), 3 (build) or 4 (fleet)"),
        ({"extra": {"held_chip": [2, 2, 2, 12]}}, "are not the game's 27"),
        (
            {"pending": [["main", 0, None], ["keep_fleet", 1, None]]},
            "needs the pieces of the split fleet",
        ),
    ],
)
def test_unreachable_positions_are_refused(parts: dict[str, object], fragment: str) -> None:
    with pytest.raises(PositionError) as info:
        fleet_game(**parts)  # type: ignore[arg-type]
    assert fragment in str(info.value)


def test_a_position_round_trips_with_its_fleets_and_chips() -> None:
    game = fleet_game(fleets={0: (s[0], s[1], s[2])}, extra={"held_chip": [12, 2, 12, 2]})
    again = type(game).from_position(game.position())
    assert again.snapshot() == game.snapshot()
    assert again.fleet[0] == (s[0], s[1], s[2]) and again.held_chip == [12, 2, 12, 2]
