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
    """A width x height grid of one-cell characters, each with an optional style."""

    __slots__ = ("chars", "height", "styles", "width")

    def __init__(self, width: int, height: int, fill: Style | None = None) -> None:
        self.width = width
        self.height = height
        self.chars: list[str] = [" "] * (width * height)
        self.styles: list[Style | None] = [fill] * (width * height)

    def copy(self) -> Canvas:
        other = Canvas.__new__(Canvas)
        other.width = self.width
        other.height = self.height
        other.chars = self.chars.copy()
        other.styles = self.styles.copy()
        return other

    def put(self, x: int, y: int, char: str, style: Style | None = None) -> None:
        """One character; the style is combined over what is there (so a fill survives)."""
        if 0 <= x < self.width and 0 <= y < self.height:
            i = y * self.width + x
            self.chars[i] = char
            if style is not None:
                old = self.styles[i]
                self.styles[i] = style if old is None else old + style

    def text(self, x: int, y: int, s: str, style: Style | None = None) -> None:
        for k, ch in enumerate(s):
            self.put(x + k, y, ch, style)

    def restyle(self, x: int, y: int, style: Style) -> None:
        if 0 <= x < self.width and 0 <= y < self.height:
            i = y * self.width + x
            old = self.styles[i]
            self.styles[i] = style if old is None else old + style

    def char_at(self, x: int, y: int) -> str:
        return self.chars[y * self.width + x]

    def to_text(self) -> Text:
        """Rows joined by newlines; spans built directly, one per run of equal style."""
        w = self.width
        chars = self.chars
        styles = self.styles
        spans: list[Span] = []
        lines: list[str] = []
        offset = 0
        for y in range(self.height):
            base = y * w
            lines.append("".join(chars[base : base + w]))
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
            offset += w + 1
        return Text("\n".join(lines), spans=spans, no_wrap=True, overflow="crop", end="")


def style_at(text: Text, width: int, x: int, y: int) -> Style:
    """The combined style of cell (x, y) of a text made by `Canvas.to_text` (for tests)."""
    i = y * (width + 1) + x
    style = Style()
    for span in text.spans:
        if span.start <= i < span.end and isinstance(span.style, Style):
            style = style + span.style
    return style
