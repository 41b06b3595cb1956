"""A line for the table's chat (play over SSH, where others at the table are people)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label

from engine.table.protocol import MAX_SAY
from tui.screens.dialogs.answer_once import AnswerOnce


class ChatLine(Input):
    """The line typed: a paste longer than the room left is cut to fit, where `Input` took
    none of it and said nothing (seen: a 250-character paste did nothing)."""

    def insert(self, text: str, index: int) -> None:
        room = self.max_length - len(self.value) if self.max_length else len(text)
        if 0 < room < len(text):
            text = text[:room]
            self.notify(f"Cut to {self.max_length} characters, the most a line may have.")
        super().insert(text, index)


class ChatDialog(AnswerOnce[str | None]):
    """Returns the line to say, or None (Esc, or nothing typed)."""

    DEFAULT_CSS = """
    ChatDialog { align: center bottom; }
    ChatDialog > Vertical {
        width: 70; max-width: 100%; height: auto; margin-bottom: 2;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    ChatDialog .hint { color: $text-muted; }
    """
    BINDINGS = [Binding("escape", "cancel", "Back")]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Say to the table (everyone there reads it):")
            yield ChatLine(placeholder="good luck, have fun", max_length=MAX_SAY, id="line")
            yield Label("Enter send · Esc back", classes="hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
