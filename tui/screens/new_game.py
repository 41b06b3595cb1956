"""New game: ruleset, variant, players, who sits where, seed, rule options, bot speed.

The form opens as it was last started (tui/preferences.py), made valid for today:
a bot no longer found gives way to the default one, an option no longer offered
to its default. The seed is never remembered: a new game is a new board.
"""

from __future__ import annotations

from typing import Any

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, Input, Label, Select

from ai.registry import DEFAULT_BOT
from engine.config import GameConfig
from engine.errors import CatanError
from engine.registry import get_ruleset
from tui.faces import DEFAULT, default_of, playable
from tui.game_choices import GameChoices
from tui.local import HUMAN, SPEEDS
from tui.narrate import seat_names
from tui.option_words import (
    choice_help,
    choice_label,
    choices_of,
    option_help,
    option_label,
)
from tui.preferences import NewGameForm, remembered_choices
from tui.screens.form_rows import ROW, mark_current_row, redraw_keeping_focus


def playable_rulesets() -> list[str]:
    """The rulesets the app can show (tui/faces) whose engine module loads."""
    out = []
    for name in playable():
        try:
            get_ruleset(name)
        except Exception:
            continue
        out.append(name)
    return out


def bot_names() -> list[str]:
    from ai.registry import available_bots

    return [b.name for b in available_bots() if b.error is None]


def default_bot(bots: list[str]) -> str:
    """The bot a new seat gets: `DEFAULT_BOT`, or the first found if that one failed to load."""
    return DEFAULT_BOT if DEFAULT_BOT in bots or not bots else bots[0]


class NewGameScreen(Screen[None]):
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("f5", "start", "Start"),
        Binding("ctrl+n", "start", "Start", show=False),
    ]

    def __init__(
        self,
        ruleset: str = DEFAULT,
        *,
        remembered: NewGameForm | None = None,
        speed: str = "normal",
    ) -> None:
        super().__init__()
        self.rulesets = playable_rulesets()
        self.bots = bot_names()
        bot = default_bot(self.bots)
        self.choices = GameChoices(
            ruleset if ruleset in self.rulesets else default_of(self.rulesets),
            4,
            [HUMAN] + [bot] * 5,
        )
        last = None
        if remembered is not None:
            last = remembered_choices(remembered, self.rulesets, self.bots, HUMAN, bot)
        if last is not None:
            ruleset, players, seats, options = last
            kinds = (seats + [bot] * 6)[:6]
            self.choices = GameChoices(ruleset, players, kinds, options)
        self.seed = ""
        self.speed = speed if speed in SPEEDS else "normal"

    def compose(self) -> ComposeResult:
        chosen = self.choices
        rs = get_ruleset(chosen.ruleset)
        with VerticalScroll(id="form"):
            yield Label("New game", id="form-title")
            with Horizontal(classes=ROW):
                yield Label("Ruleset", classes="field")
                yield Select(
                    [(get_ruleset(n).title, n) for n in self.rulesets],
                    value=chosen.ruleset,
                    allow_blank=False,
                    compact=True,
                    id="ruleset",
                )
            for opt in rs.options:
                # an option is called what the CLI calls it (--option board=beginner)
                value = chosen.options.get(opt.name, opt.default)
                with Horizontal(classes=ROW):
                    yield Label(option_label(opt), classes="field")
                    yield Select(
                        choices_of(opt),
                        value=value,
                        allow_blank=False,
                        compact=True,
                        id=f"opt-{opt.name}",
                        classes="option",
                        tooltip=option_help(opt),
                    )
                about = choice_help(opt, value)
                if about:  # what the value changes, for the keyboard (a tooltip needs a mouse)
                    yield Label(about, classes="about", id=f"about-{opt.name}")
            with Horizontal(classes=ROW):
                yield Label("Players", classes="field")
                yield Select(
                    [(str(n), n) for n in rs.seats],
                    value=chosen.players,
                    allow_blank=False,
                    compact=True,
                    id="players",
                )
            names = seat_names(chosen.players)
            seat_choices = [("Person (you)", HUMAN)] + [(f"Bot: {b}", b) for b in self.bots]
            for i in range(chosen.players):
                with Horizontal(classes=ROW):
                    yield Label(names[i], classes=f"field seat-{i}")
                    yield Select(
                        seat_choices,
                        value=chosen.kinds[i],
                        allow_blank=False,
                        compact=True,
                        id=f"seat-{i}",
                        classes="seat",
                    )
            with Horizontal(classes=ROW):
                yield Label("Seed", classes="field")
                yield Input(
                    value=self.seed, placeholder="random", id="seed", type="integer", compact=True
                )
            with Horizontal(classes=ROW):
                yield Label("Bot speed", classes="field")
                yield Select(
                    [(choice_label(s), s) for s in SPEEDS],
                    value=self.speed,
                    allow_blank=False,
                    compact=True,
                    id="speed",
                )
            yield Button("Start the game (F5)", id="start", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        """The form opens at its top, on the ruleset (F5 starts from anywhere)."""
        self.query_one("#ruleset", Select).focus(scroll_visible=False)
        self.query_one("#form", VerticalScroll).scroll_home(animate=False)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        mark_current_row(self, event)

    @on(Select.Changed)
    async def _changed(self, event: Select.Changed) -> None:
        sid = event.select.id or ""
        if event.value is Select.BLANK:
            return
        if sid == "speed":
            self.speed = str(event.value)
        elif self.choices.change(sid, event.value):
            await redraw_keeping_focus(self, sid)
        elif sid.startswith("opt-"):
            await self._tell_choice(event.select, sid.removeprefix("opt-"), event.value)

    async def _tell_choice(self, select: Select[Any], name: str, value: Any) -> None:
        """The words under an option's row for its new value (none where it needs none)."""
        spec = next((o for o in get_ruleset(self.choices.ruleset).options if o.name == name), None)
        about = choice_help(spec, value) if spec is not None else None
        shown = self.query(f"#about-{name}")
        if shown and about:
            shown.first(Label).update(about)
        elif shown:
            await shown.remove()
        elif about and isinstance(select.parent, Widget):
            label = Label(about, classes="about", id=f"about-{name}")
            await self.query_one("#form").mount(label, after=select.parent)

    @on(Input.Changed, "#seed")
    def _seed(self, event: Input.Changed) -> None:
        self.seed = event.value

    @on(Button.Pressed, "#start")
    @on(Input.Submitted, "#seed")
    def _start(self) -> None:
        """The Start button, or Enter after typing a seed (the last thing one types)."""
        self.action_start()

    def config(self) -> tuple[GameConfig, list[str]]:
        chosen = self.choices
        kinds = chosen.kinds[: chosen.players]
        if kinds.count(HUMAN) > 1:
            raise CatanError("only one person can play in a terminal")
        seed = int(self.seed) if self.seed.strip() else None
        config = GameConfig(chosen.ruleset, chosen.players, seed, dict(chosen.options))
        return config, kinds

    def form(self) -> NewGameForm:
        """The form as chosen, to be remembered (every seat, for a later switch of players)."""
        chosen = self.choices
        return NewGameForm(chosen.ruleset, chosen.players, list(chosen.kinds), dict(chosen.options))

    def action_start(self) -> None:
        try:
            config, kinds = self.config()
            self.app.start_game(config, kinds, speed=self.speed)  # type: ignore[attr-defined]
        except CatanError as exc:
            self.notify(str(exc), severity="error")
            return
        self.app.remember(new_game=self.form(), speed=self.speed)  # type: ignore[attr-defined]
