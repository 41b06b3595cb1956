"""Continue: which of the games in progress to resume (shown when there are several)."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from tui.saved import SavedGame, game_lines
from tui.screens.dialogs.answer_once import AnswerOnce


class ContinueDialog(AnswerOnce[Path | None]):
    """The games in progress, newest first; returns the autosave to resume, or None."""

    DEFAULT_CSS = """
    ContinueDialog { align: center middle; }
    ContinueDialog > Vertical {
        width: 72; max-width: 95%; height: auto; max-height: 90%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    ContinueDialog #title { text-style: bold; width: 100%; content-align: center middle; }
    ContinueDialog OptionList { height: auto; max-height: 18; }
    ContinueDialog #hint { color: $text-muted; }
    """

    BINDINGS = [Binding("escape", "cancel", "Back")]

    def __init__(self, games: list[SavedGame]) -> None:
        super().__init__()
        self.games = games

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"{len(self.games)} games in progress: continue which?", id="title")
            yield OptionList(
                *[Option(game_lines(g), id=str(i)) for i, g in enumerate(self.games)],
                id="games",
            )
            yield Label("↑↓ choose · Enter continue · Esc back", id="hint")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.games[int(event.option.id or 0)].path)

    def action_cancel(self) -> None:
        self.dismiss(None)
