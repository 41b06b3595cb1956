"""Pick one of several options: discard, steal, development cards, bank trades, confirm..."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from tui.screens.dialogs.answer_once import AnswerOnce
from tui.screens.dialogs.hint_taker import HintTaker


class ChoiceDialog(HintTaker, AnswerOnce[Any]):
    """A list of options; Enter picks the highlighted one, Esc backs out (returns None).

    `keys` gives options a key of their own (None for none): pressing it picks
    the option at once, so the key a panel advertises works inside the dialog.
    Without `keys`, two or more options are numbered 1 to 9 (seen in play: an
    encounter's answers and a ship's choice took no key, where every other choice
    did). A digit that is no option's key says so, with the keys that are.
    Over a game that gives hints (the game sets `offers_hint`), ? asks for one (the
    app's `hint_over_dialog`); the game screen answers with `show_hint`, which
    highlights the hinted option, or sets `hinted` before the choice opens.
    """

    DEFAULT_CSS = """
    ChoiceDialog { align: center middle; }
    ChoiceDialog > Vertical {
        width: 72; max-width: 95%; height: auto; max-height: 90%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    ChoiceDialog #title { text-style: bold; width: 100%; content-align: center middle; }
    /* Each part at most 35% of the screen, so a long story (an encounter) at 80x24 leaves
       the options and the key line in view: the story scrolls (the wheel, or Tab to it and
       the arrows), the list moves with its highlight. */
    ChoiceDialog #body-box { margin: 0 0 1 0; height: auto; max-height: 35vh; }
    ChoiceDialog OptionList { height: auto; max-height: 35vh; }
    ChoiceDialog #hint { color: $text-muted; width: 100%; }
    """

    BINDINGS = [
        Binding("escape", "dismiss_none", "Back", show=True),
        Binding("question_mark", "app.hint_over_dialog", "Hint", show=False),
    ]

    def __init__(
        self,
        title: str,
        options: list[tuple[str | Text, Any]],
        body: str | Text = "",
        *,
        cancellable: bool = True,
        keys: list[str | None] | None = None,
        hint_value: Callable[[Any], Any] | None = None,
    ) -> None:
        """`hint_value`: the option a hinted action is, where options are not the actions
        themselves (the bank's "give which?" lists resources)."""
        super().__init__()
        self.hint_value = hint_value
        self._hinted_index: int | None = None  # the hint's option, once shown
        self.title_text = title
        self.options = options
        self.body = body
        self.cancellable = cancellable
        self.back_word = "back"
        """What Esc is said to do: "later" where the choice is the only decision there is (the
        game sets it: Esc puts the choice away, and the decision waits)."""
        if keys is None and len(options) > 1:
            keys = [str(i + 1) if i < 9 else None for i in range(len(options))]
        self.keys = list(keys or [])
        for i, key in enumerate(self.keys):
            if key:
                label = options[i][0]
                self._bindings.bind(key, f"pick({i})", str(label), show=False)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text, id="title")
            if self.body:
                with VerticalScroll(id="body-box", can_focus=False):
                    yield Static(self.body, id="body")
            yield OptionList(
                *[Option(self._label(i), id=str(i)) for i in range(len(self.options))],
                id="options",
            )
            yield Label(self._key_line(hints=False), id="hint")

    def _label(self, i: int) -> str | Text:
        label = self.options[i][0]
        key = self.keys[i] if i < len(self.keys) else None
        if not key:
            return label
        text = Text()
        text.append(f"{key} ", style="bold")
        text.append_text(label if isinstance(label, Text) else Text(label))
        return text

    settle: float = 0.0
    """Seconds the choice ignores keys after it opens: one that pops up unasked (a bot's offer)
    must not take keys typed for what was on the screen a moment before (seen in play: an
    offer opened while the person typed, and their keys answered it)."""
    settled: bool = True

    def on_mount(self) -> None:
        if self.settle > 0:
            self.settled = False
            self.query_one(OptionList).disabled = True
            self.set_timer(self.settle, self._settle)
        self.query_one(OptionList).focus()
        self.call_after_refresh(self._story_takes_focus)
        if self.offers_hint:
            self.query_one("#hint", Label).update(self._key_line(hints=True))
        if self.hinted:
            self.show_hint(self.hinted)

    def _key_line(self, hints: bool) -> str:
        if len(self.options) == 1 and self.options[0][1] is None and self.cancellable:
            # a word to acknowledge (a shake's balls): nothing to choose, nothing to back out
            # of (it read "↑↓ choose · Enter confirm · Esc back" over a lone OK)
            return "Enter or Esc: close"
        keyed = " · or its key" if any(self.keys) else ""
        back = f" · Esc {self.back_word}" if self.cancellable else ""
        choose = "↑↓ choose · " if len(self.options) > 1 else ""
        return f"{choose}Enter confirm{keyed}{back}" + (" · ? hint" if hints else "")

    def chooses_actions(self) -> bool:
        return self.hint_value is not None or any(isinstance(v, dict) for _, v in self.options)

    def show_hint(self, plan: Sequence[Any]) -> bool:
        """Highlight the option that is the hint (`plan`'s first action) and say so on the key
        line (False: none is)."""
        action = plan[0]
        wanted = self.hint_value(action) if self.hint_value is not None else action
        index = next((i for i, (_, value) in enumerate(self.options) if value == wanted), None)
        if index is None:
            return False
        if not self.drawn:  # on_mount shows it
            self.hinted = plan
            return True
        self._hinted_index = index
        self.query_one(OptionList).highlighted = index
        self._show_hint_line(index)
        return True

    def _show_hint_line(self, highlighted: int | None) -> None:
        """The hint on the key line while its option is highlighted, else the keys (Enter
        takes the highlighted option, whichever it is)."""
        index = self._hinted_index
        if index is None or index != highlighted:
            line = self._key_line(hints=self.offers_hint)
        else:
            label = self.options[index][0]
            words = label.plain if isinstance(label, Text) else label
            line = f"Hint: {words} · Enter takes it"
        self.query_one("#hint", Label).update(line)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if self._hinted_index is not None:
            self._show_hint_line(event.option_index)

    def _story_takes_focus(self) -> None:
        """Tab reaches the story only when it has more than it shows."""
        for box in self.query("#body-box").results(VerticalScroll):
            box.can_focus = box.max_scroll_y > 0

    def _settle(self) -> None:
        """The keys count from now on."""
        if not self.drawn:
            return
        self.settled = True
        options = self.query_one(OptionList)
        options.disabled = False
        options.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not self.settled and action in ("pick", "dismiss_none"):
            return False
        return super().check_action(action, parameters)

    def on_key(self, event: events.Key) -> None:
        """A digit no option answers to: which keys do (seen: "2 Give 3 fuel" and "5 Give 2
        goods", and 1 did nothing at all)."""
        key = event.key
        if not (len(key) == 1 and key.isdigit()) or key in self.keys or not self.settled:
            return
        event.stop()
        keyed = [k for k in self.keys if k]
        if keyed:
            keys = ", ".join(keyed)
            said = f"{key} is no option's key here: the keys are {keys}; or ↑↓ and Enter."
        else:
            said = f"{key} is no option's key here: ↑↓ and Enter."
        self.notify(said, severity="warning", timeout=4)

    def action_pick(self, index: int) -> None:
        self.dismiss(self.options[index][1])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = int(event.option.id or 0)
        self.dismiss(self.options[index][1])

    def action_dismiss_none(self) -> None:
        if self.cancellable:
            self.dismiss(None)
