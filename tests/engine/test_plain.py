"""`plain` is a JSON round trip without the text: same data, fresh containers, same refusals."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.shared.plain import int_rows, plain

SAMPLES: list[Any] = [
    [1, 2, 3],
    (1, ("a", (2, None)), True),
    {"a": [1, (2, 3)], 4: {"x": False}, True: 1.5, None: "n", 2.5: []},
    [[], {}, ()],
    "text",
    -7,
]


@pytest.mark.parametrize("value", SAMPLES)
def test_plain_equals_the_round_trip(value: Any) -> None:
    assert plain(value) == json.loads(json.dumps(value))


def test_plain_copies_every_container() -> None:
    inner = [1, 2]
    value = {"rows": [inner], "pair": (inner,)}
    out = plain(value)
    out["rows"][0].append(3)
    out["pair"][0].append(4)
    assert inner == [1, 2]


def test_int_rows_copies_each_row() -> None:
    rows = [[1, 2], [3]]
    out = int_rows(rows)
    out[0][0] = 9
    assert rows == [[1, 2], [3]] and out == [[9, 2], [3]]


def test_plain_refuses_what_json_refuses() -> None:
    with pytest.raises(TypeError, match="Object of type set is not JSON serializable"):
        plain([{1, 2}])
    with pytest.raises(TypeError, match="keys must be str, int, float, bool or None, not tuple"):
        plain({(1, 2): 3})
