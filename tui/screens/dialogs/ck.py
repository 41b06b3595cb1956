"""Cities & Knights' dialogs: one per kind of choice a C&K decision asks.

Each maker takes the seat's view, the legal actions of the command and the
seat names, and returns a modal screen that dismisses with the chosen action
(or None to go back). Most are a `ChoiceDialog` worded for C&K; the Alchemist
(two dice to set) has its own screen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static

from tui.choices_ck import card_words, say
from tui.narrate_ck import LEVEL_NAMES, card_name
from tui.places import hex_namer
from tui.screens.dialogs.answer_once import AnswerOnce
from tui.screens.dialogs.choice import ChoiceDialog
from tui.screens.dialogs.hint_taker import HintTaker

Action = dict[str, Any]
View = Mapping[str, Any]
Maker = Callable[[View, list[Action], list[str]], ModalScreen[Any]]

TRACK_COMMODITY = {"trade": "cloth", "politics": "coin", "science": "paper"}


def _digits(n: int) -> list[str | None]:
    return [str(i + 1) if i < 9 else None for i in range(n)]


def _top(view: View) -> tuple[str, int, Any]:
    pending = view.get("pending") or []
    if not pending:
        return "", -1, None
    kind, seat, data = pending[-1]
    return str(kind), int(seat), data


def _choice(
    title: str, view: View, actions: list[Action], names: list[str], body: str | Text = ""
) -> ChoiceDialog:
    where = hex_namer(view)
    options: list[tuple[str | Text, Any]] = [(say(a, names, where), a) for a in actions]
    keys = _digits(len(options))
    cancellable = any(a.get("type") in _MAIN_TYPES for a in actions)
    return ChoiceDialog(title, options, body, cancellable=cancellable, keys=keys)


_MAIN_TYPES = frozenset(
    ("move_knight", "improve_city", "play_progress", "harbor_exchange", "set_dice")
)


def progress_dialog(view: View, actions: list[Action], names: list[str]) -> ModalScreen[Any]:
    """The cards that may be played, then, greyed with the engine's reason, those held that
    may not (seen in play: Warlord was left out of the list with no word of why)."""
    from engine.rulesets.ck.actions import PlayProgress
    from engine.rulesets.ck.cards import PROGRESS, VP_CARDS
    from tui.choices import why_not_lines

    where = hex_namer(view)
    options: list[tuple[str | Text, Any]] = [(say(a, names, where), a) for a in actions]
    playable = {str(a.get("card")) for a in actions}
    held = (view.get("me") or {}).get("development") or {}
    others = [  # a VP card is shown, never played
        c for c, n in held.items() if n and c not in playable and PROGRESS.index[c] not in VP_CARDS
    ]
    game = _sampled(view) if others else None  # one game asked of every card
    refused = [
        (f"play_progress:{card}", str(reason))
        for card in others
        if game is not None and (reason := game.check(PlayProgress(card)))
    ]
    options += [(line, None) for line in why_not_lines(refused)]
    return GreyedChoiceDialog(
        "Play a progress card", options, cancellable=True, keys=_digits(len(options))
    )


def _sampled(view: View) -> Any:
    """A game drawn from the view, to ask the engine's reasons of (only for display); None
    where the sampler cannot rebuild the view."""
    from engine.registry import sample_consistent
    from engine.rng import Rng

    try:
        return sample_consistent(dict(view), Rng(0))
    except Exception:
        return None


def discard_progress_dialog(
    view: View, actions: list[Action], names: list[str]
) -> ModalScreen[Any]:
    plays = [a for a in actions if a.get("type") == "play_progress"]
    body = "You hold a 5th progress card: discard one" + (" or play one now." if plays else ".")
    return _choice("Too many progress cards", view, actions, names, body)


def draw_dialog(view: View, actions: list[Action], names: list[str]) -> ModalScreen[Any]:
    decks = view.get("progress_decks") or [0, 0, 0]
    left = dict(zip(("trade", "politics", "science"), decks, strict=False))
    where = hex_namer(view)
    options: list[tuple[str | Text, Any]] = [
        (f"{say(a, names, where)} ({left.get(str(a['deck']), '?')} left)", a) for a in actions
    ]
    body = "A defender of Catan, tied for the most knights: draw from a deck of your choice."
    return ChoiceDialog(
        "Draw a progress card", options, body, cancellable=False, keys=_digits(len(options))
    )


def spy_dialog(view: View, actions: list[Action], names: list[str]) -> ModalScreen[Any]:
    _, _, victim = _top(view)
    whose = names[victim] if isinstance(victim, int) and victim < len(names) else "their"
    return _choice(f"Spy: take one of {whose}'s cards", view, actions, names)


IMPROVE_KEYS = {"trade": "1", "politics": "2", "science": "3"}
"""Each track's key in the improve list, whatever else is open: a track complete or out of
reach keeps its number, greyed with why (the list renumbered: "2 Science" became "1 Science"
after trade was improved, and a remembered 2 did nothing)."""


class GreyedChoiceDialog(ChoiceDialog):
    """Choices each on its own key, some of which cannot be chosen now (an option's action
    None): the improvements' three tracks in a fixed order, the progress cards held (those
    that may not be played after those that may). One that cannot be chosen is greyed with
    the reason, which its key says again (it only rang the bell, which a
    terminal may keep silent: a 1 pressed for trade seemed to do nothing)."""

    def on_mount(self) -> None:  # before ChoiceDialog's (Textual calls each class's)
        options = self.query_one(OptionList)
        for i, (_, action) in enumerate(self.options):
            if action is None:
                options.disable_option_at_index(i)
        options.highlighted = next((i for i, (_, a) in enumerate(self.options) if a), None)

    def action_pick(self, index: int) -> None:
        label, action = self.options[index]
        if action is None:
            self.app.bell()
            words = label.plain if isinstance(label, Text) else label
            self.notify(f"Not possible: {words}.", severity="warning", timeout=4)
            return
        super().action_pick(index)


def improve_dialog(view: View, actions: list[Action], names: list[str]) -> ModalScreen[Any]:
    seat = view.get("seat")
    players = view.get("players") or []
    levels = players[seat].get("improvements", {}) if isinstance(seat, int) else {}
    hand = (view.get("me") or {}).get("hand") or {}
    legal = {str(a["track"]): a for a in actions}
    options: list[tuple[str | Text, Any]] = []
    for track in IMPROVE_KEYS:
        level = int(levels.get(track, 0)) + 1
        if level > len(LEVEL_NAMES.get(track, ())):
            options.append((f"{track.title()}: complete (level {level - 1})", None))
            continue
        name = LEVEL_NAMES[track][level - 1]
        commodity = TRACK_COMMODITY.get(track, "?")
        cost = max(0, level - (1 if view.get("crane") else 0))
        have = hand.get(commodity, 0)
        words = f"{track.title()} to level {level} ({name}): {cost} {commodity}, you have {have}"
        if track in legal:
            options.append((words, legal[track]))
        elif have < cost:
            options.append((words, None))  # the price is the reason
        else:
            why = _improve_refusal(view, track)
            options.append((f"{track.title()} to level {level} ({name}): {why}", None))
    body = (
        "When its gate is rolled, level n draws a progress card on a red die of 1 to n+1."
        " Level 3 gives an ability; the first to level 4 builds a metropolis (+2 VP)."
    )
    keys: list[str | None] = list(IMPROVE_KEYS.values())
    return GreyedChoiceDialog("Improve your cities", options, body, cancellable=True, keys=keys)


def _improve_refusal(view: View, track: str) -> str:
    """The engine's reason `track` cannot be improved though its price is held (level 4 with
    every city a metropolis already), asked of a game drawn from the view, only for display."""
    from engine.rulesets.ck.actions import ImproveCity

    game = _sampled(view)
    if game is None:  # a view the sampler cannot rebuild: say only "not now"
        return "not now"
    return str(game.check(ImproveCity(track)) or "not now")


_ASKS = {
    "name_card": "Name a card",
    "choose_seat": "Choose an opponent",
    "merchant_take": "Master Merchant: take a card",
    "gift": "Wedding: give a card",
    "harbor_answer": "Commercial Harbor: give a commodity",
    "aqueduct": "Aqueduct: nothing produced, take a resource",
    "inventor": "Inventor: swap two number chips",
}


def choice_dialog(view: View, actions: list[Action], names: list[str]) -> ModalScreen[Any]:
    """A card's question: its title from the pending decision, the card that asks in the body."""
    kind, _, data = _top(view)
    title = _ASKS.get(kind, "Choose")
    body = ""
    if kind in ("name_card", "choose_seat") and data is not None:
        index = data[0] if isinstance(data, list | tuple) else data
        body = _card_at(index)
    elif kind == "harbor_answer" and isinstance(data, list | tuple):
        offerer = int(data[0])
        who = names[offerer] if offerer < len(names) else "?"
        body = f"{who} gives you a resource (Commercial Harbor); you give a commodity back."
    elif kind == "gift":
        body = "Wedding: you have more VP than the player who played it; give them a card."
    elif kind == "merchant_take":
        looking = (view.get("me") or {}).get("looking_at") or {}
        from tui.narrate import bundle

        body = f"Their hand: {bundle(looking)}"
    if any(a.get("type") == "harbor_exchange" for a in actions):
        title = "Commercial Harbor: offer a resource"
        body = "Each opponent once: they must give a commodity back if they hold one."
    return _choice(title, view, actions, names, body)


def _card_at(index: Any) -> str:
    from engine.rulesets.ck.cards import PROGRESS

    if isinstance(index, int) and 0 <= index < len(PROGRESS.names):
        name = PROGRESS.names[index]
        return f"{card_name(name)}: {card_words(name).split(': ', 1)[-1]}"
    return ""


class AlchemistDialog(HintTaker, AnswerOnce[Any]):
    """Alchemist: set the red and yellow dice (1-6 each), then the event die is rolled.

    Over a game that gives hints, ? asks for one (the app's `hint_over_dialog`); a hinted
    `set_dice` sets both dice (`show_hint`) and the key line says so while they stay set.
    """

    DEFAULT_CSS = """
    AlchemistDialog { align: center middle; }
    AlchemistDialog > Vertical {
        width: 60; max-width: 95%; height: auto;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    AlchemistDialog #title { text-style: bold; width: 100%; content-align: center middle; }
    AlchemistDialog #hint { color: $text-muted; width: 100%; }  /* wraps, never cut */
    """

    BINDINGS = [
        *[Binding(str(d), f"set({d})", str(d), show=False) for d in range(1, 7)],
        Binding("tab", "switch", "Other die", show=False),
        Binding("left", "step(-1)", "Lower", show=False),
        Binding("right", "step(1)", "Higher", show=False),
        Binding("up", "switch", "Other die", show=False),
        Binding("down", "switch", "Other die", show=False),
        Binding("enter", "roll", "Roll"),
        Binding("escape", "dismiss_none", "Back"),
        Binding("question_mark", "app.hint_over_dialog", "Hint", show=False),
    ]

    def __init__(self, actions: list[Action]) -> None:
        super().__init__()
        self.actions = {(int(a["red"]), int(a["yellow"])): a for a in actions}
        # Not a 7 (3 and 4 were): an early Enter rolled a seven, nobody's production.
        self.dice = [3, 3]
        self.which = 0
        self.hinted_dice: tuple[int, int] | None = None  # (red, yellow) of a hinted set_dice

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Alchemist: set the red and yellow dice", id="title")
            yield Static(self._dice_text(), id="dice")
            yield Label(self._key_line(), id="hint")

    def on_mount(self) -> None:
        if self.hinted:  # `offers_hint` is set before it opens: the key line has "? hint"
            self.show_hint(self.hinted)

    def show_hint(self, plan: Sequence[Any]) -> bool:
        """Set the dice to the hinted `set_dice` (`plan`'s first action) and say so on the key
        line (False: the hint is not one of these dice)."""
        action = plan[0] if plan else {}
        if not isinstance(action, dict) or action.get("type") != "set_dice":
            return False
        dice = (int(action["red"]), int(action["yellow"]))
        if self.actions.get(dice) != action:
            return False
        self.hinted_dice = dice
        self.dice, self.which = list(dice), 0
        self._show()
        return True

    def _key_line(self) -> str:
        """The keys; with the hinted dice set, the hint and what Enter does with it."""
        if self.hinted_dice is not None and tuple(self.dice) == self.hinted_dice:
            red, yellow = self.hinted_dice
            return f"Hint: red {red}, yellow {yellow} · Enter takes it"
        more = " · ? hint" if self.offers_hint else ""
        return f"1-6 set the die · ←→ change it · Tab the other die · Enter roll · Esc back{more}"

    def _dice_text(self) -> Text:
        text = Text()
        for i, (name, style) in enumerate((("Red", "bold red"), ("Yellow", "bold yellow"))):
            mark = "▶ " if i == self.which else "  "
            text.append(f"{mark}{name} die: ", style=style)
            text.append(f" {self.dice[i]} ", style="reverse bold" if i == self.which else "bold")
            text.append("\n")
        total = sum(self.dice)
        text.append(f"Total {total}" + (" (a seven: no production)" if total == 7 else ""))
        text.append("\nThe red die decides who draws progress cards on a gate.")
        return text

    def _show(self) -> None:
        if not self.drawn:  # a key before the pop-up is composed: on_mount draws its dice
            return
        self.query_one("#dice", Static).update(self._dice_text())
        self.query_one("#hint", Label).update(self._key_line())

    def action_set(self, value: int) -> None:
        self.dice[self.which] = value
        self.which = 1 - self.which
        self._show()

    def action_step(self, delta: int) -> None:
        self.dice[self.which] = (self.dice[self.which] - 1 + delta) % 6 + 1
        self._show()

    def action_switch(self) -> None:
        self.which = 1 - self.which
        self._show()

    def action_roll(self) -> None:
        chosen = self.actions.get((self.dice[0], self.dice[1]))
        if chosen is not None:
            self.dismiss(chosen)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)


def alchemist_dialog(view: View, actions: list[Action], names: list[str]) -> ModalScreen[Any]:
    return AlchemistDialog(actions)


DIALOGS: Mapping[str, Maker] = {
    "ck_progress": progress_dialog,
    "ck_discard_progress": discard_progress_dialog,
    "ck_draw": draw_dialog,
    "ck_spy": spy_dialog,
    "ck_improve": improve_dialog,
    "ck_choice": choice_dialog,
    "ck_alchemist": alchemist_dialog,
}
