"""Where a map too big for its widget is seen through a window: on what matters, steadily.

A window centred on the cursor moved at every arrow key, so the map slid under the
cursor while a target was being picked (seen at 80x24 with Fleet's sea and the space
map). `steady` keeps the window the widget showed last while what it centres on stays
in it, `margin` cells from its sides; only then does the window move, to centre it.
"""

from __future__ import annotations

Window = tuple[int, int, int, int]  # left column, top row, width, height
Bounds = tuple[int, int, int, int]  # the drawn part of the map: left, top, width, height

MARGIN = (6, 3)  # columns, rows: how close to a side the focus may come before the window moves


def steady(
    focus: tuple[int, int],
    width: int,
    height: int,
    bounds: Bounds,
    keep: Window | None = None,
    margin: tuple[int, int] = MARGIN,
) -> Window:
    """A `width` x `height` window within `bounds` on `focus`: `keep` (the window shown last)
    while the focus is inside it with `margin` to spare (less where `keep` lies on the map's
    edge), else centred on the focus; always clamped to the bounds."""
    bx, by, bw, bh = bounds
    width, height = max(1, min(width, bw)), max(1, min(height, bh))
    fx, fy = focus
    if keep is not None and keep[2:] == (width, height):
        kx, ky = keep[0], keep[1]
        mx = min(margin[0], width // 4)
        my = min(margin[1], height // 4)
        # At the map's own edge there is nothing more to show: no margin is kept there.
        left = kx if kx <= bx else kx + mx
        right = kx + width - 1 if kx + width >= bx + bw else kx + width - 1 - mx
        top = ky if ky <= by else ky + my
        bottom = ky + height - 1 if ky + height >= by + bh else ky + height - 1 - my
        inside = left <= fx <= right and top <= fy <= bottom
        if inside and bx <= kx <= bx + bw - width and by <= ky <= by + bh - height:
            return (kx, ky, width, height)
    x0 = min(max(fx - width // 2, bx), bx + bw - width)
    y0 = min(max(fy - height // 2, by), by + bh - height)
    return (x0, y0, width, height)
