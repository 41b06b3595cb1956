"""The terminal app: menu, new game, load, rules and the game screen.

`CatanApp` runs local games (a Table in this process, bots in threads) and can
also show a game screen for any TableClient (`push_client_game`), which is how
the SSH server reuses it. In `ssh_mode` the commands that would act on the
server's machine (screenshots, opening URLs) are removed.

The app remembers the theme, the bot speed and the last new-game form between
runs (tui/preferences.py); a command line's `--speed` wins for that run, and
SSH mode keeps them in memory only.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from textual import events, on
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.events import Resize
from textual.notifications import SeverityLevel
from textual.screen import Screen

from engine.config import GameConfig
from engine.errors import CatanError, SaveError
from engine.table.client import TableClient
from tui import paths, startup
from tui.faces import face
from tui.local import LocalGame, load_local, new_local
from tui.narrate import seat_names
from tui.palette_provider import ActionsProvider
from tui.preferences import NewGameForm, Preferences
from tui.records import Records, record_line, target
from tui.screens.game import GameScreen
from tui.screens.menu import MainMenuScreen
from tui.screens.replay import PERSON
from tui.screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen

_OVER_DIALOG_KEYS = {
    "rules_over_dialog": "f1",
    "speed_over_dialog": "f2",
    "costs_over_dialog": "f3",
    "rolls_over_dialog": "f4",
    "log_over_dialog": "f6",
}
"""The app's keys that open help over a pop-up on the game (its bindings below)."""


def need_terminal() -> None:
    """CatanError unless standard input and output are both a terminal."""
    import sys

    for name, stream in (("input", sys.stdin), ("output", sys.stdout)):
        if stream is None or not stream.isatty():
            raise CatanError(
                f"the game needs a terminal, and its {name} is not one (redirected?);"
                " run it in a terminal, or play over SSH (catan serve)"
            )


class CatanApp(App[None]):
    CSS_PATH = "app.tcss"
    TITLE = "Catan"
    COMMANDS = App.COMMANDS | {ActionsProvider}
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", show=False),
        # F1 in a pop-up over a game (a modal screen hides the app's plain bindings)
        Binding("f1", "rules_over_dialog", "Rules", priority=True),
        # F2 too: the game's footer under the pop-up shows it (a bot's offer at the slow speed)
        Binding("f2", "speed_over_dialog", "Speed", priority=True),
        # F3 and F6 too: the costs while choosing a discard, the log while answering an offer
        Binding("f3", "costs_over_dialog", "Costs", priority=True),
        # F4 as well: the footer under the game-over pop-up shows it
        Binding("f4", "rolls_over_dialog", "Dice", priority=True),
        Binding("f6", "log_over_dialog", "Whole log", priority=True, show=False),
    ]

    def __init__(
        self,
        *,
        saves_dir: Path | None = None,
        ascii: bool = False,
        ssh_mode: bool = False,
        speed: str | None = None,
        play: tuple[GameConfig, list[str]] | None = None,
        load: Path | None = None,
        prefs: Preferences | None = None,
        replay: tuple[Path, int, int | None] | None = None,
    ) -> None:
        super().__init__()
        self.saves_dir = saves_dir or paths.saves_dir()
        self.ascii = ascii
        self.ssh_mode = ssh_mode
        if prefs is None:
            prefs = Preferences() if ssh_mode else Preferences.load()
        self.prefs = prefs
        self.speed = speed or prefs.speed or "normal"
        self.local: LocalGame | None = None
        self._initial_play = play
        self._initial_load = load
        self._initial_replay = replay  # (save, the action to open at, whose eyes)
        self.load_error: str | None = None
        self._start_error: str | None = None
        self.record_said: str | None = None  # what the game just ended added to your record

    def run(self, **kwargs: Any) -> Any:
        """As `App.run`, on this process's terminal, refused with a line where it has none.

        With input or output redirected there is no terminal to draw on or read keys from;
        and Textual then sizes the screen two ways (80x24 from the system's fallback, 80x25
        from Rich's), so a pop-up over the game resized the game beneath it back and forth
        without end: `catan load` of a finished game hung, its memory growing.
        """
        if not kwargs.get("headless"):
            need_terminal()
        return super().run(**kwargs)  # what `exit` was given (a snapshot test's picture)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """As `App.notify`, less a toast the same as one still showing: a key pressed again
        and again ("Choose 4 more cards.") stacked copies over the board."""
        for shown in self._notifications:
            same = (shown.message, shown.title, shown.severity) == (message, title, severity)
            if same and not shown.has_expired:
                return
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    # -- start ----------------------------------------------------------------
    def get_default_screen(self) -> Screen[Any]:
        """`catan play` and `catan load` open on the game itself: the first frame drawn is it.

        (Pushing the game over an empty default screen painted a blank frame first.)
        """
        if self._initial_play is not None:
            config, kinds, self._initial_play = *self._initial_play, None
            try:
                local = new_local(config, kinds, self.saves_dir, self.speed)
                return self._open(local, self.speed, fresh=True)
            except CatanError as exc:
                self._start_error = f"Cannot start the game: {exc}"
        elif self._initial_replay is not None:
            (path, at, eyes), self._initial_replay = self._initial_replay, None
            try:
                return self._replay_screen(path, at, eyes)
            except CatanError as exc:
                self._start_error = f"Cannot replay {path.name}: {exc}"
        elif self._initial_load is not None:
            path, self._initial_load = self._initial_load, None
            try:
                return self._open(load_local(path, self.saves_dir, self.speed), self.speed)
            except (CatanError, OSError) as exc:
                self.load_error = str(exc)
                self._start_error = f"Cannot load {path.name}: {exc}"
        return super().get_default_screen()

    def on_mount(self) -> None:
        paths.clean_stale_temps(self.saves_dir)  # left by a catan killed while it saved
        if self._start_error is not None:
            self.notify(self._start_error, severity="error", timeout=8)
        self._tell_notices()
        self._apply_theme()
        if not isinstance(self.screen, GameScreen):
            self.push_screen(MainMenuScreen())
        self._check_size()
        self.call_after_refresh(startup.resume)
        if self.ascii and self._driver is not None:  # panels, dialogs, scrollbars too
            from tui.ascii_output import install

            install(self._driver)

    # -- what is remembered between runs --------------------------------------------
    def _apply_theme(self) -> None:
        """The remembered theme, then every change of theme (the palette's) is remembered."""
        theme = self.prefs.theme
        if theme is not None:
            if theme in self.available_themes:
                self.theme = theme
            else:
                self.prefs.problems.append(f"the theme {theme!r} is not one of this version's")
        problem = self.prefs.problem_line()
        if problem is not None:
            self.notify(problem, severity="warning", timeout=8)
        self.theme_changed_signal.subscribe(self, self._theme_changed)

    def _theme_changed(self, theme: Any) -> None:
        if theme.name != self.prefs.theme:
            self.remember(theme=theme.name)

    def remember(
        self,
        *,
        theme: str | None = None,
        speed: str | None = None,
        new_game: NewGameForm | None = None,
    ) -> None:
        """Keep these for the next run; a file that cannot be written is said once, not fatal."""
        prefs = self.prefs
        prefs.theme = theme or prefs.theme
        prefs.speed = speed or prefs.speed
        prefs.new_game = new_game or prefs.new_game
        failed_before = prefs.save_error is not None
        if not prefs.save() and not failed_before:
            self.notify(f"The {prefs.save_error}.", severity="warning", timeout=8)

    def _speed_changed(self, local: LocalGame) -> Callable[[str], None]:
        """F2's callback for a local game: that game's pace, and the speed of later games."""

        def changed(speed: str) -> None:
            local.set_speed(speed)
            self.speed = speed
            self.remember(speed=speed)

        return changed

    def on_resize(self, event: Resize) -> None:
        self.call_after_refresh(self._check_size)

    def _check_size(self) -> None:
        width, height = self.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        showing = isinstance(self.screen, TooSmallScreen)
        if small and not showing:
            self.push_screen(TooSmallScreen())
        elif showing and not small:
            self.pop_screen()

    # -- games -----------------------------------------------------------------
    def start_game(self, config: GameConfig, kinds: list[str], *, speed: str | None = None) -> None:
        """A new local game (raises CatanError for a bad config)."""
        local = new_local(config, kinds, self.saves_dir, speed or self.speed)
        self._show_game(self._open(local, speed or self.speed, fresh=True))

    def load_game(self, path: Path) -> bool:
        try:
            local = load_local(path, self.saves_dir, self.speed)
        except (CatanError, OSError) as exc:
            self.load_error = str(exc)
            self.notify(f"Cannot load {path.name}: {exc}", severity="error", timeout=8)
            return False
        self._show_game(self._open(local, self.speed))
        self._tell_notices()
        return True

    def _tell_notices(self) -> None:
        """What opening the local game has to tell the person (a seat of its save not taken)."""
        if self.local is not None:
            for notice in self.local.notices:
                self.notify(notice, severity="warning", timeout=12)
            self.local.notices = []

    def continue_game(self) -> bool:
        """Resume the game in progress; with several, ask which (False if none was resumed)."""
        from tui import saved

        games = saved.in_progress(self.saves_dir)
        if not games:
            self.notify(
                "No game in progress to continue: New game starts one, Load opens a saved one.",
                severity="warning",
            )
            return False
        if len(games) == 1:
            return self.load_game(games[0].path)
        from tui.screens.dialogs.continue_game import ContinueDialog

        def chosen(path: Path | None) -> None:
            if path is not None:
                self.load_game(path)

        self.push_screen(ContinueDialog(games), chosen)
        return False

    # -- replays ----------------------------------------------------------------------
    def _replay_screen(self, path: Path, at: int = 0, eyes: int | None = PERSON) -> Screen[Any]:
        """`eyes` PERSON: the person's seat, else the first seat the replay may show."""
        from tui.screens.replay import ReplayScreen, open_replay

        source = open_replay(path)
        face(source.replay.config.ruleset)  # NoFace (a CatanError) for a ruleset not shown
        return ReplayScreen(source, ascii=self.ascii, on_leave=self._leave_replay, at=at, eyes=eyes)

    def replay_save(self, path: Path) -> bool:
        """Replay a saved game over the screen showing (the Load list): False if it cannot be."""
        try:
            screen = self._replay_screen(path)
        except CatanError as exc:
            self.notify(f"Cannot replay {path.name}: {exc}", severity="error", timeout=8)
            return False
        self.push_screen(screen)
        return True

    def replay_local(self) -> None:
        """The local game just over, from its start, in place of its game screen."""
        from engine.replay import Replay
        from tui.screens.replay import ReplayScreen, ReplaySource

        local = self.local
        if local is None:
            return
        source = ReplaySource.of_game(Replay(local.game), list(local.kinds), local.game.is_over)
        self.leave_game()
        self.push_screen(ReplayScreen(source, ascii=self.ascii, on_leave=self._leave_replay))

    def _leave_replay(self) -> None:
        """Back to where the replay was opened from (the menu, when it opened on its own)."""
        if len(self.screen_stack) > 2:
            self.pop_screen()
        else:
            self.push_screen(MainMenuScreen())

    def _open(self, local: LocalGame, speed: str, *, fresh: bool = False) -> GameScreen:
        """The screen of a local game, which is started (the caller shows the screen);
        `fresh`: a new game, whose first state is never told as a game resumed."""
        face(local.ruleset)  # NoFace (a CatanError) before anything changes
        self.record_said = None  # the record line of the game before is not this one's
        old, self.local = self.local, local
        if old is not None:
            self.call_later(old.stop)
        screen = GameScreen(
            local.client,
            names=local.names,
            kinds=local.kinds,
            ascii=self.ascii,
            on_save=self._save_as,
            save_name=self._save_suggestion,
            on_speed=self._speed_changed(local),
            on_leave=self.leave_game,
            on_rematch=self.rematch,
            on_replay=self.replay_local,
            speed=speed,
            ruleset=local.ruleset,
            hints=True,
            fresh=fresh,
        )
        if not self.ssh_mode:  # a server's folders are not its players'
            local.on_over = self._record_game
        local.start()
        return screen

    def _record_game(self, local: LocalGame) -> None:
        """A solo game that ended at its table goes into the person's record (once)."""
        record = local.record()
        if record is None:
            return
        records = Records.load()
        problem = records.add(record)
        for line in (records.problem, problem):
            if line:
                self.notify(line, severity="warning", timeout=8)
        if problem is None:
            line = record_line(records.games, record.ruleset, target(record))
            self.record_said = line  # the game-over pop-up shows it (a toast covered its story)
            from tui.screens.dialogs.game_over import GameOverDialog

            if isinstance(self.screen, GameOverDialog):
                self.screen.show_record(line)
            else:
                self.notify(line, title="Your record", timeout=8)

    def _game_under_dialog(self) -> Any:
        """The game screen under the pop-up on top, if a pop-up is on top of a game."""
        return self.game_under(self.screen)

    def game_under(self, screen: Screen[Any]) -> Any:
        """The game screen under the pop-up `screen`, if it is a pop-up over a game."""
        from tui.screens.game import GameScreen

        if not screen.is_modal:
            return None
        stack = self.screen_stack
        below = stack[: stack.index(screen)] if screen in stack else stack
        # The first screen under the pop-ups: a game kept further down (under the menu) is
        # not the one a pop-up over the menu is on (F2 showed in the menu's footer).
        under = next((s for s in reversed(below) if not s.is_modal), None)
        return under if isinstance(under, GameScreen) else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        key = _OVER_DIALOG_KEYS.get(action)
        if key is not None:
            # Elsewhere the key is the screen's own binding, and a pop-up that binds it
            # itself keeps it (F3 closes the costs card, F6 the whole log).
            bound = self.screen._bindings.key_to_bindings
            game = self._game_under_dialog()
            if game is None or key in bound:
                return False
            return action != "speed_over_dialog" or game.on_speed is not None
        if action == "hint_over_dialog":  # a choice of actions over a game that gives hints
            game = self._game_under_dialog()
            from tui.screens.dialogs.hint_taker import HintTaker

            offered = isinstance(self.screen, HintTaker) and self.screen.offers_hint
            return offered and game is not None and game.check_action("hint", ()) is True
        return True

    def action_costs_over_dialog(self) -> None:
        """F3 in a pop-up over the game (a discard, an offer): the building-costs card."""
        from tui.screens.dialogs.costs import CostsDialog

        game = self._game_under_dialog()
        if game is not None:
            self.push_screen(CostsDialog(game.face.name))

    def action_log_over_dialog(self) -> None:
        """F6 in a pop-up over the game: the whole log (what just happened, before answering)."""
        from tui.screens.dialogs.whole_log import WholeLogDialog
        from tui.widgets.event_log import EventLog

        game = self._game_under_dialog()
        if game is not None:
            self.push_screen(WholeLogDialog(game.query_one(EventLog).entries))

    def action_hint_over_dialog(self) -> None:
        """? in a choice over the game (a steal, an offer to answer): the game asks for a hint,
        which the choice shows (`ChoiceDialog.show_hint`)."""
        game = self._game_under_dialog()
        if game is not None:
            game.action_hint()

    def action_rolls_over_dialog(self) -> None:
        """F4 in a pop-up over the game (the game-over story): every roll so far."""
        game = self._game_under_dialog()
        if game is not None:
            self.push_screen(game.rolls_dialog())

    def action_speed_over_dialog(self) -> None:
        """F2 in a pop-up over the game: the bots' speed, as on the game itself."""
        game = self._game_under_dialog()
        if game is not None:
            game.action_speed()

    def action_rules_over_dialog(self) -> None:
        """F1 in a pop-up over the game (the costs card, a choice): the game's player guide."""
        from tui.screens.rules import RulesScreen

        game = self._game_under_dialog()
        if game is not None:
            self.push_screen(RulesScreen(game.face.name, game.vp_to_win()))

    def rematch(self) -> None:
        """The game just over again: the same ruleset, options and seats, the next seed."""
        local = self.local
        if local is None:
            return
        config = local.game.config
        seed = config.seed + 1 if isinstance(config.seed, int) else None
        self.start_game(dataclasses.replace(config, seed=seed), list(local.kinds))

    def _show_game(self, screen: Screen[Any]) -> None:
        """The game on top of the menu (or alone, when started from the command line)."""
        while len(self.screen_stack) > 2 and not isinstance(self.screen, MainMenuScreen):
            self.pop_screen()
        if isinstance(self.screen, MainMenuScreen) or len(self.screen_stack) <= 1:
            self.push_screen(screen)
        else:
            self.switch_screen(screen)

    def push_client_game(
        self,
        client: TableClient,
        *,
        names: list[str] | None = None,
        seats: int = 4,
        kinds: list[str] | None = None,
    ) -> GameScreen:
        """A game screen for an existing table client (play over SSH)."""
        screen = GameScreen(
            client,
            names=names or seat_names(seats),
            kinds=kinds,
            ascii=self.ascii,
            on_leave=self.exit if self.ssh_mode else None,
        )
        self.push_screen(screen)
        return screen

    def _save_as(self, name: str) -> str:
        if self.local is None:
            raise SaveError("no local game to save")
        path = paths.save_name(self.saves_dir, name)
        if path.exists() and not self._same_game(path, self.local.game_id):
            raise SaveError(f"{path.name} holds another game; choose another name")
        self.local.save_as(path)
        return str(path)

    def _save_suggestion(self) -> str:
        """A name for saving this game that holds no other: the ruleset and the day the game
        began ("base-2026-11-29"), numbered when that name holds another game (a fixed
        "my-game" made every game after the first refuse its first save)."""
        local = self.local
        if local is None:
            return "my-game"
        day = local.game_id[:8]
        stem = f"{local.ruleset}-{day[:4]}-{day[4:6]}-{day[6:8]}" if day.isdigit() else "game"
        for n in range(1, 100):
            name = stem if n == 1 else f"{stem}-{n}"
            path = paths.save_name(self.saves_dir, name)
            if not path.exists() or self._same_game(path, local.game_id):
                return name
        return f"{stem}-{local.game_id[-6:]}"

    @staticmethod
    def _same_game(path: Path, game_id: str) -> bool:
        """Whether the save at `path` is this game's (saving again over it loses nothing)."""
        from engine import saves

        try:
            return saves.meta_of(saves.read_save(path)).get("game_id") == game_id
        except (CatanError, OSError):
            return False  # not a save of ours, or unreadable: not to be written over

    def leave_game(self) -> None:
        self.call_later(self._close_local)
        while not isinstance(self.screen, MainMenuScreen) and len(self.screen_stack) > 1:
            self.pop_screen()
        if not isinstance(self.screen, MainMenuScreen):
            # Over everything, even the game `catan play` opened on: that one is the
            # bottom screen, which Textual does not let us replace or pop.
            self.push_screen(MainMenuScreen())

    async def _close_local(self) -> None:
        local, self.local = self.local, None
        if local is not None:
            await local.stop()

    async def action_quit(self) -> None:
        await self._close_local()
        self.exit()

    async def on_unmount(self) -> None:
        """However the app ends (quit, a dropped terminal, a test harness), its game stops
        with it, rather than left pending on the event loop."""
        await self._close_local()

    # -- SSH mode ----------------------------------------------------------------
    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):
            title = command.title.lower()
            if self.ssh_mode and ("screenshot" in title or "url" in title):
                continue
            in_game = isinstance(screen, GameScreen) or self.game_under(screen) is not None
            if title == "quit" and in_game:
                # Textual's Quit left a game at once, past "Leave this game?" (seen in play):
                # the game's own "Back to the menu (q)" asks first
                continue
            yield command

    def open_url(self, url: str, *, new_tab: bool = True) -> None:
        if self.ssh_mode:
            self.notify(url, title="Link")
            return
        super().open_url(url, new_tab=new_tab)

    @on(events.DeliveryFailed)
    def _screenshot_failed(self, event: events.DeliveryFailed) -> None:
        """Say why a screenshot was not saved (Textual's own message gives no reason)."""
        if event.name != "screenshot":
            return
        event.prevent_default()
        exc = event.exception
        reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        where = getattr(exc, "filename", None)
        place = f" to {where}" if where else ""
        self.notify(f"Could not save the screenshot{place}: {reason}", severity="error")

    def export_screenshot(self, *, title: str | None = None, simplify: bool = False) -> str:
        """A screenshot shows what the terminal shows: with `--ascii`, ASCII only."""
        svg = super().export_screenshot(title=title, simplify=simplify)
        if not self.ascii:
            return svg
        from tui.ascii_output import ascii_only

        return ascii_only(svg)

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        if self.ssh_mode:
            return
        super().action_screenshot(filename, path)
