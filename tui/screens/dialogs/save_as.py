"""Save the game under a name."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label

from tui.screens.dialogs.answer_once import AnswerOnce


class SaveAsDialog(AnswerOnce[str | None]):
    DEFAULT_CSS = """
    SaveAsDialog { align: center middle; }
    SaveAsDialog > Vertical {
        width: 50; height: auto; border: thick $accent; background: $surface; padding: 0 1;
    }
    """
    BINDINGS = [Binding("escape", "cancel", "Back")]

    def __init__(self, default: str = "my-game") -> None:
        super().__init__()
        self.default = default

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Save the game as:")
            yield Input(value=self.default, id="name")
            yield Label("Enter save · Esc back", classes="hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
