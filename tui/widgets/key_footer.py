"""The footer line: the keys the screen offers now, drawn as one line of text.

Textual's own Footer mounts a widget per key and rebuilds them all whenever
the screen's bindings change. In this game they change with nearly every
move and dialog, and that rebuild was about 40% of the cost of a move on
screen (a Starfarers game driven by keys: 27 s per 100 decisions with it,
17 s without). This footer keeps the same look and the same clicks, and
repaints only when the line it shows is different.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from rich.text import Text
from textual.events import Click
from textual.screen import Screen
from textual.widget import Widget


class FooterItem(NamedTuple):
    key: str  # what a click presses
    display: str  # how the key is written ("^s", "f1")
    description: str
    enabled: bool
    action: str = ""  # the binding's action, which says how much the key matters here


FIRST_ACTIONS = ("confirm", "back", "rules", "leave", "hint", "save_as")
"""Actions the footer keeps before others when the line is short, in this order; a screen's
own commands (``command(...)``, the keys of the move at hand) come before all of them."""


def priority(item: FooterItem) -> int:
    """The order in which the footer gives up keys it has no room for: the highest first."""
    if item.action.startswith("command("):
        return 0
    name = item.action.partition("(")[0]
    return 1 + FIRST_ACTIONS.index(name) if name in FIRST_ACTIONS else 1 + len(FIRST_ACTIONS)


class KeyFooter(Widget):
    DEFAULT_CSS = """
    KeyFooter {
        dock: bottom;
        height: 1;
        background: $footer-background;
        color: $footer-foreground;
    }
    KeyFooter > .key-footer--key {
        color: $footer-key-foreground;
        background: $footer-key-background;
        text-style: bold;
    }
    KeyFooter > .key-footer--description {
        color: $footer-description-foreground;
        background: $footer-description-background;
    }
    """

    COMPONENT_CLASSES = {"key-footer--key", "key-footer--description"}

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.items: tuple[FooterItem, ...] = ()
        self.palette: FooterItem | None = None
        self._spans: list[tuple[int, int, str]] = []

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[Any]) -> None:
        if not self.is_attached or screen is not self.screen:
            return
        items, palette = self._read(screen)
        if (items, palette) != (self.items, self.palette):
            self.items, self.palette = items, palette
            self.refresh()

    def _read(self, screen: Screen[Any]) -> tuple[tuple[FooterItem, ...], FooterItem | None]:
        """The shown bindings, one per action, in the screen's order; the palette key apart."""
        app = self.app
        palette_key = app.COMMAND_PALETTE_BINDING if app.ENABLE_COMMAND_PALETTE else None
        items: list[FooterItem] = []
        actions: set[str] = set()
        palette: FooterItem | None = None
        for key, (_node, binding, enabled, _tip) in screen.active_bindings.items():
            shown = app.get_key_display(binding)
            item = FooterItem(binding.key, shown, binding.description, enabled, binding.action)
            if key == palette_key:
                palette = item
            elif binding.show and binding.action not in actions:
                actions.add(binding.action)
                items.append(item)
        return tuple(items), palette

    def render(self) -> Text:
        """Whole items only, as many as fit; the palette key at the right when all of them fit."""
        key_style = self.get_component_rich_style("key-footer--key")
        text_style = self.get_component_rich_style("key-footer--description")
        width = self.size.width or 10_000
        chips = []
        for item in self.items:
            dim = "" if item.enabled else " dim"
            chip = Text.assemble(
                (f" {item.display} ", f"{key_style}{dim}"),
                (f"{item.description} ", f"{text_style}{dim}"),
            )
            chips.append((chip, item.key))
        tail: Text | None = None
        if self.palette is not None:
            tail = Text.assemble(
                ("▏", text_style),
                (f" {self.palette.display} ", key_style),
                (f"{self.palette.description.lower()} ", text_style),
            )
            if sum(chip.cell_len for chip, _ in chips) + tail.cell_len > width:
                tail = None  # the keys of the game matter more than the palette's
        line = Text(no_wrap=True, overflow="crop", end="")
        spans: list[tuple[int, int, str]] = []
        for chip, key in self._fitting(chips, width):
            spans.append((line.cell_len, line.cell_len + chip.cell_len, key))
            line.append_text(chip)
        if tail is not None:
            assert self.palette is not None  # the tail is the palette's
            line.append(" " * (width - line.cell_len - tail.cell_len))
            spans.append((line.cell_len, line.cell_len + tail.cell_len, self.palette.key))
            line.append_text(tail)
        self._spans = spans
        return line

    def _fitting(self, chips: list[tuple[Text, str]], width: int) -> list[tuple[Text, str]]:
        """The chips that fit in `width`, in the screen's order: when not all do, those of
        the lowest `priority` go first (seen at 80x24: the move's own keys, bound last, were
        the ones cut, behind Speed and Dice)."""
        if sum(chip.cell_len for chip, _ in chips) <= width:
            return chips
        order = sorted(range(len(chips)), key=lambda i: (priority(self.items[i]), i))
        kept: set[int] = set()
        used = 0
        for i in order:
            size = chips[i][0].cell_len
            if used + size <= width:
                kept.add(i)
                used += size
        return [chip for i, chip in enumerate(chips) if i in kept]

    def on_click(self, event: Click) -> None:
        for start, end, key in self._spans:
            if start <= event.x < end:
                self.app.simulate_key(key)
                return
