"""The map: wraps the pure renderers of tui/render (hex map, space map) in a widget.

The widget shows the seat's view and, while a target is being chosen, the
highlight (the legal targets and the cursor). It never changes anything: a
click posts `TargetClicked`, and the game screen decides. Until a renderer is
present for a ruleset, a plain text fallback lists the board and targets.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.events import Click
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from tui.faces import face_or_default
from tui.render.legend import KEY_ROWS_KEPT
from tui.widgets.fit import refresh_fitting
from tui.widgets.messages import TargetClicked

Renderer = Callable[..., Text]

_RENDER_NAMES = ("render_hex_map", "render_space_map", "render_map")
_LAYOUT_NAMES = (
    "map_layout",
    "hex_map_layout",
    "space_map_layout",
    "hex_layout",
    "space_layout",
    "layout_for",
    "map_layout",
    "layout",
)


def _module_for(ruleset: str) -> Any | None:
    try:
        return importlib.import_module(face_or_default(ruleset).map_module)
    except Exception:
        return None


def renderer_for(ruleset: str) -> tuple[Renderer | None, Callable[..., Any] | None]:
    """The render function and the layout function of a ruleset's map, if present."""
    module = _module_for(ruleset)
    if module is None:
        return None, None
    render = next((getattr(module, n) for n in _RENDER_NAMES if hasattr(module, n)), None)
    layout = next((getattr(module, n) for n in _LAYOUT_NAMES if hasattr(module, n)), None)
    return render, layout


def make_highlight(
    kind: str,
    targets: list[int],
    cursor: int | None,
    *,
    path: tuple[int, ...] = (),
    origin: int | None = None,
) -> Any:
    try:
        from tui.render.targets import Highlight

        return Highlight(kind, frozenset(targets), cursor, path, origin)
    except Exception:
        return {"kind": kind, "targets": frozenset(targets), "cursor": cursor}


def fallback_map(view: dict[str, Any], highlight: Any) -> Text:
    """A plain description of the board, for rulesets whose renderer has not landed."""
    text = Text()
    board = view.get("board") or {}
    hexes = board.get("hexes") or []
    text.append(f"{view.get('ruleset', '?')} map ({len(hexes)} hexes)\n", style="bold")
    for h in hexes[:40]:
        number = h.get("number") or ""
        robber = " robber" if view.get("robber") == h.get("id") else ""
        text.append(f"{h.get('id'):>3} {h.get('terrain', '?'):<9}{number!s:>3}{robber}\n")
    if highlight is not None:
        kind = getattr(highlight, "kind", None) or highlight.get("kind")
        targets = getattr(highlight, "targets", None)
        if targets is None:
            targets = highlight.get("targets", ())
        cursor = getattr(highlight, "cursor", None)
        if cursor is None and isinstance(highlight, dict):
            cursor = highlight.get("cursor")
        text.append(f"\nChoose a {kind}: ", style="bold")
        for t in sorted(targets):
            text.append(f" {t} ", style="reverse bold" if t == cursor else "")
    return text


def _call_layout(fn: Callable[..., Any], view: dict[str, Any], compact: bool) -> Any:
    """A layout function takes `compact` and maybe the view (the space map depends on it)."""
    import inspect

    try:
        params = inspect.signature(fn).parameters
        if "view" in params or len(params) > 1:
            return fn(view, compact=compact)
        return fn(compact=compact)
    except Exception:
        return None


Window = tuple[int, int, int, int]  # left column, top row, width, height


def _clamped(origin: tuple[int, int], width: int, height: int, bounds: Window) -> Window:
    """A `width` x `height` window at `origin`, moved to lie within `bounds`."""
    bx, by, bw, bh = bounds
    width, height = max(1, min(width, bw)), max(1, min(height, bh))
    x = min(max(origin[0], bx), bx + bw - width)
    y = min(max(origin[1], by), by + bh - height)
    return (x, y, width, height)


class MapView(Widget, can_focus=False):
    """The map of the current game, with the target highlight."""

    DEFAULT_CSS = """
    MapView {
        width: 1fr;
        height: 1fr;
        overflow: hidden;
        padding: 0 1;
    }
    """

    view: reactive[dict[str, Any] | None] = reactive(None, always_update=True, repaint=False)
    highlight: reactive[Any] = reactive(None, always_update=True)
    labels: reactive[dict[int, str] | None] = reactive(None, always_update=True)

    def watch_view(self) -> None:
        refresh_fitting(self)

    def __init__(self, *, ascii: bool = False, compact: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.ascii = ascii
        self.compact = compact
        self._ruleset: str | None = None
        self._render_fn: Renderer | None = None
        self._layout_fn: Callable[..., Any] | None = None
        self._layout: Any = None
        self._window_fn: Callable[..., Any] | None = None
        self._key_fn: Callable[..., Text] | None = None
        self._window_key_fn: Callable[..., Text] | None = None
        self._key_takes_view = False  # the key names what the map shows (the space map's)
        self._windowed = False  # the map is always seen through a window (its WINDOWED)
        self._window: tuple[int, int, int, int] | None = None  # the window last drawn
        self._bounds_fn: Callable[..., Any] | None = None  # the drawn part of a windowed map
        self.panned: tuple[int, int] | None = None
        """Where the person moved the window to (its top-left cell), until the cursor of a
        choice on the map moves; None: the window follows what matters (`window_for`)."""
        self._panned_over: Any = None  # the highlight the window was moved over
        self._key_rows = KEY_ROWS_KEPT  # rows the key is given before the log (KEY_ROWS)
        self._origin = (0, 0)

    def _ensure(self, ruleset: str) -> None:
        if ruleset != self._ruleset:
            self._ruleset = ruleset
            self._render_fn, self._layout_fn = renderer_for(ruleset)
            module = _module_for(ruleset)
            self._window_fn = getattr(module, "window_for", None)
            self._bounds_fn = getattr(module, "bounds", None)
            self._key_fn = getattr(module, "key_strip", None)
            self._key_takes_view = self._key_fn is not None and "view" in (
                inspect.signature(self._key_fn).parameters
            )
            self._window_key_fn = getattr(module, "window_key", None)
            self._windowed = bool(getattr(module, "WINDOWED", False))
            self._key_rows = int(getattr(module, "KEY_ROWS", KEY_ROWS_KEPT))
            self._layout = None

    def layout_of(self) -> Any:
        """The renderer's MapLayout for the current view (for the cursor and clicks)."""
        view = self.view
        if view is None:
            return None
        self._ensure(str(view.get("ruleset")))
        if self._layout is None and self._layout_fn is not None:
            self._layout = _call_layout(self._layout_fn, view, self.compact)
        return self._layout

    def key_rows(self) -> int:
        """Rows the key under the whole map is given before the log (0: windowed or no key);
        its other lines are drawn where rows are spare."""
        if self.view is None or self.compact:
            return 0
        self._ensure(str(self.view.get("ruleset")))
        if self._windowed:  # the whole map through its window: its key's lines under it
            return self._window_key_rows()
        return 0 if self._key_fn is None else self._key_rows  # the renderer's KEY_ROWS

    def _window_key_rows(self) -> int:
        """The lines of a windowed map's key under the whole map (seen in Fleet at 120x40:
        counted as none, the key took the map's last three rows, cut off for the log's
        empty ones)."""
        layout = self.layout_of()
        width, height = getattr(layout, "width", None), getattr(layout, "height", None)
        key_fn, window_fn = self._window_key_fn, self._window_fn
        view = self.view
        if key_fn is None or window_fn is None or view is None:
            return 0
        if not isinstance(width, int) or not isinstance(height, int):
            return 0
        try:
            window = window_fn(view, None, width, height, None)
            key = key_fn(view, window, width=width - 1, ascii=self.ascii, lines=4)
        except Exception:  # the map's own drawing says what failed
            return 0
        return key.plain.count("\n") + 1

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """The renderer's own width, known without rendering (measuring the text cost a frame)."""
        layout = self.layout_of()
        width = getattr(layout, "width", None)
        return width if isinstance(width, int) else super().get_content_width(container, viewport)

    def render(self) -> Text:
        view = self.view
        if view is None:
            return Text("")
        self._ensure(str(view.get("ruleset")))
        if self._render_fn is not None:
            try:
                if (self.compact or self._windowed) and self._window_fn is not None:
                    # A map too big for the screen is seen through a window on the cursor.
                    layout = self.layout_of()
                    size = self.content_size
                    width = getattr(layout, "width", size.width)
                    key_fn = self._window_key_fn if size.height >= 10 else None
                    rows = 0 if key_fn is None else 1
                    keep = self._window  # the window shown last stays while it shows the cursor
                    window = self._window_at(view, width, size.height - rows, keep)
                    key = None
                    lines = 2 if self.compact else 4
                    if key_fn is not None:  # the symbols in view, in words, under the window
                        key = key_fn(view, window, width=width - 1, ascii=self.ascii, lines=lines)
                        rows = key.plain.count("\n") + 1
                        if rows > 1:
                            height = size.height - rows
                            window = self._window_at(view, width, height, keep)
                            key = key_fn(
                                view, window, width=width - 1, ascii=self.ascii, lines=lines
                            )
                    self._origin = (window[0], window[1])
                    self._window = window
                    text = self._render_fn(
                        view, self.highlight, ascii=self.ascii, window=window, **self._extra()
                    )
                    if key is not None:
                        text.append("\n")
                        text.append_text(key)
                    return text
                self._origin = (0, 0)
                text = self._render_fn(
                    view, self.highlight, ascii=self.ascii, compact=self.compact, **self._extra()
                )
                if self._key_fn is not None:  # as many of the key's lines as rows spare
                    spare = self.content_size.height - len(text.plain.split("\n"))
                    strip = self._key_fn(ascii=self.ascii, **self._key_view(view))
                    for line in strip.split("\n")[: max(0, spare)]:
                        text.append("\n")
                        text.append_text(line)
                return text
            except Exception as exc:  # a renderer bug must not take the game down
                text = fallback_map(view, self.highlight)
                text.append(f"\n(map renderer failed: {exc})", style="dim")
                return text
        return fallback_map(view, self.highlight)

    def _window_at(
        self, view: dict[str, Any], width: int, height: int, keep: Window | None
    ) -> Window:
        """The window to draw: where the person panned it, until a choice's cursor moves
        (seen in play: while choosing a flight's end, the points beyond the window could not
        be looked at), else the renderer's own choice."""
        assert self._window_fn is not None
        still = self.highlight is None or self.highlight == self._panned_over
        if self.panned is not None and still and self._bounds_fn is not None:
            return _clamped(self.panned, width, height, self._bounds_fn(view))
        self.panned = None  # the cursor moved: the window follows it again
        window: Window = self._window_fn(view, self.highlight, width, height, keep)
        return window

    def pan(self, dx: int, dy: int) -> bool:
        """Move the window by (dx, dy) cells (a windowed map seen in part: at 80x24 the
        person could not look at the board beyond it); False where the whole map shows or
        there is nothing to move."""
        view, window = self.view, self._window
        if view is None or window is None or self._bounds_fn is None:
            return False
        moved = _clamped(
            (window[0] + dx, window[1] + dy), window[2], window[3], self._bounds_fn(view)
        )
        if moved == window:
            return False
        self.panned = moved[:2]
        self._panned_over = self.highlight
        self.refresh()
        return True

    def _key_view(self, view: dict[str, Any]) -> dict[str, Any]:
        """The view for a key that names what the map shows (the space map's), else nothing."""
        return {"view": view} if self._key_takes_view else {}

    def _extra(self) -> dict[str, Any]:
        """Labels on highlighted targets (a flight's steps), for renderers that take them."""
        return {"labels": self.labels} if self.labels else {}

    def on_click(self, event: Click) -> None:
        layout = self.layout_of()
        if layout is None:
            return
        from tui.render.targets import hit_test

        kind = getattr(self.highlight, "kind", None)
        offset = event.get_content_offset(self)
        if offset is None:
            return
        hit = hit_test(layout, offset.x + self._origin[0], offset.y + self._origin[1], kind)
        if hit is not None:
            self.post_message(TargetClicked(hit[0], hit[1]))
