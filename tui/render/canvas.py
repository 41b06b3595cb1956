"""A character grid that turns into one Rich `Text`.

Both maps paint a static background once (cached per size and charset) and
then, on every repaint, copy it and paint only pieces and highlights on top.
Copying two flat lists and grouping runs of equal style is the whole cost of
a render, which keeps repaints well under a millisecond.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Span, Text


class Canvas:
    """A width x height grid of one-cell characters, each with an optional style.

    A copy remembers which rows it changed: `to_text` reuses the original's
    finished rows (their strings and their spans, whose offsets depend only
    on the row) and rebuilds just the rows a render painted on.
    """

    __slots__ = ("_base_rows", "_dirty", "_rows", "chars", "height", "styles", "width")

    def __init__(self, width: int, height: int, fill: Style | None = None) -> None:
        self.width = width
        self.height = height
        self.chars: list[str] = [" "] * (width * height)
        self.styles: list[Style | None] = [fill] * (width * height)
        self._rows: list[tuple[str, list[Span]]] | None = None
        self._base_rows: list[tuple[str, list[Span]]] | None = None
        self._dirty: set[int] = set()

    def copy(self) -> Canvas:
        """A copy to paint on; this canvas should not be painted on afterwards."""
        other = Canvas.__new__(Canvas)
        other.width = self.width
        other.height = self.height
        other.chars = self.chars.copy()
        other.styles = self.styles.copy()
        other._rows = None
        other._base_rows = self._finished_rows()
        other._dirty = set()
        return other

    def put(self, x: int, y: int, char: str, style: Style | None = None) -> None:
        """One character; the style is combined over what is there (so a fill survives)."""
        if 0 <= x < self.width and 0 <= y < self.height:
            i = y * self.width + x
            self.chars[i] = char
            if style is not None:
                old = self.styles[i]
                self.styles[i] = style if old is None else old + style
            self._dirty.add(y)

    def text(self, x: int, y: int, s: str, style: Style | None = None) -> None:
        for k, ch in enumerate(s):
            self.put(x + k, y, ch, style)

    def restyle(self, x: int, y: int, style: Style) -> None:
        if 0 <= x < self.width and 0 <= y < self.height:
            i = y * self.width + x
            old = self.styles[i]
            self.styles[i] = style if old is None else old + style
            self._dirty.add(y)

    def char_at(self, x: int, y: int) -> str:
        return self.chars[y * self.width + x]

    def _row(self, y: int) -> tuple[str, list[Span]]:
        """Row y's string and spans (offsets into the whole text), one span per style run."""
        w = self.width
        base = y * w
        offset = y * (w + 1)
        styles = self.styles
        spans: list[Span] = []
        run_style = styles[base]
        run_start = 0
        for x in range(1, w):
            st = styles[base + x]
            if st is not run_style:
                if run_style is not None:
                    spans.append(Span(offset + run_start, offset + x, run_style))
                run_style = st
                run_start = x
        if run_style is not None:
            spans.append(Span(offset + run_start, offset + w, run_style))
        return "".join(self.chars[base : base + w]), spans

    def _finished_rows(self) -> list[tuple[str, list[Span]]]:
        if self._rows is None or self._dirty:
            base = self._base_rows
            self._rows = [
                base[y] if base is not None and y not in self._dirty else self._row(y)
                for y in range(self.height)
            ]
            self._base_rows = self._rows
            self._dirty = set()
        return self._rows

    def to_text(self) -> Text:
        """Rows joined by newlines, with their style spans."""
        base = self._base_rows
        dirty = self._dirty
        lines: list[str] = []
        spans: list[Span] = []
        for y in range(self.height):
            line, row_spans = base[y] if base is not None and y not in dirty else self._row(y)
            lines.append(line)
            spans.extend(row_spans)
        return Text("\n".join(lines), spans=spans, no_wrap=True, overflow="crop", end="")

    def to_text_window(self, x0: int, y0: int, width: int, height: int) -> Text:
        """The `width` x `height` part from column x0, row y0, as `to_text` would draw it."""
        x0 = max(0, min(x0, self.width - 1))
        y0 = max(0, min(y0, self.height - 1))
        width = min(width, self.width - x0)
        height = min(height, self.height - y0)
        styles = self.styles
        lines: list[str] = []
        spans: list[Span] = []
        for k, y in enumerate(range(y0, y0 + height)):
            base = y * self.width + x0
            offset = k * (width + 1)
            run_style = styles[base]
            run_start = 0
            for x in range(1, width):
                st = styles[base + x]
                if st is not run_style:
                    if run_style is not None:
                        spans.append(Span(offset + run_start, offset + x, run_style))
                    run_style = st
                    run_start = x
            if run_style is not None:
                spans.append(Span(offset + run_start, offset + width, run_style))
            lines.append("".join(self.chars[base : base + width]))
        return Text("\n".join(lines), spans=spans, no_wrap=True, overflow="crop", end="")


def style_at(text: Text, width: int, x: int, y: int) -> Style:
    """The combined style of cell (x, y) of a text made by `Canvas.to_text` (for tests)."""
    i = y * (width + 1) + x
    style = Style()
    for span in text.spans:
        if span.start <= i < span.end and isinstance(span.style, Style):
            style = style + span.style
    return style
