"""A map seen through a window keeps its window while the cursor stays well inside it (seen at
80x24: the sea and the space map slid under the cursor at every arrow key)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tui.render.window import MARGIN, steady

BOUNDS = (0, 0, 120, 40)


def test_no_window_kept_is_centred_and_clamped() -> None:
    assert steady((60, 20), 40, 10, BOUNDS) == (40, 15, 40, 10)
    assert steady((1, 1), 40, 10, BOUNDS) == (0, 0, 40, 10)  # clamped at the top left
    assert steady((119, 39), 40, 10, BOUNDS) == (80, 30, 40, 10)
    assert steady((5, 5), 200, 80, BOUNDS) == (0, 0, 120, 40)  # bigger than the map: all of it


def test_the_window_stays_while_the_focus_is_well_inside_and_moves_to_centre_it_after() -> None:
    shown = (40, 15, 40, 10)
    # A step of the cursor inside the window: nothing moves.
    assert steady((50, 18), 40, 10, BOUNDS, shown) == shown
    assert steady((40 + MARGIN[0], 15 + MARGIN[1] - 1), 40, 10, BOUNDS, shown) == shown
    # Too near the right side: centred again.
    assert steady((40 + 40 - MARGIN[0], 20), 40, 10, BOUNDS, shown) == (54, 15, 40, 10)
    # A window of another size (a resize) is not kept.
    assert steady((50, 18), 30, 10, BOUNDS, shown) == (35, 13, 30, 10)


def test_at_the_maps_edge_the_focus_may_reach_the_windows_side() -> None:
    shown = (0, 0, 40, 10)  # the top left corner of the map: nothing more to show there
    assert steady((0, 0), 40, 10, BOUNDS, shown) == shown


@given(
    fx=st.integers(0, 119),
    fy=st.integers(0, 39),
    kx=st.integers(-5, 100),
    ky=st.integers(-5, 40),
    w=st.integers(1, 130),
    h=st.integers(1, 45),
)
def test_the_focus_is_always_in_view_and_the_window_on_the_map(
    fx: int, fy: int, kx: int, ky: int, w: int, h: int
) -> None:
    x0, y0, width, height = steady((fx, fy), w, h, BOUNDS, (kx, ky, min(w, 120), min(h, 40)))
    assert (width, height) == (min(w, 120), min(h, 40))
    assert 0 <= x0 <= 120 - width and 0 <= y0 <= 40 - height
    assert x0 <= fx < x0 + width and y0 <= fy < y0 + height
