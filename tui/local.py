"""A game played in this process: a Table with bot seats and one person's seat.

The app creates a `LocalGame`, runs its table as an asyncio task, and hands
the game screen only `client` (an InMemoryClient): the screen never touches
the Game object. Saving (autosave, save-as) happens here and in the table.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import saves
from engine.config import GameConfig
from engine.errors import ConfigError, SaveError
from engine.game import Game
from engine.registry import new_game
from engine.table.client import HumanSeat, InMemoryClient
from engine.table.host import Table
from tui import paths
from tui.narrate import seat_names
from tui.records import GameRecord, now_iso

SPEEDS = {"instant": 0.0, "normal": 0.35, "slow": 1.0}
HUMAN = "human"


def parse_seats(spec: str | None, seats: int | None = None) -> list[str]:
    """'human,random,mcts' as a list of seat kinds; every bot spec must load.

    A seat is 'human' (or 'person') or any bot spec `create_bot` takes: a
    name, ``name:key=value``, ``path/to/bot.py[:Class]`` or ``exec:COMMAND``.
    """
    from ai.registry import check_spec

    kinds = [s.strip() for s in (spec or "").split(",") if s.strip()]
    if not kinds:
        kinds = [HUMAN] + ["random"] * ((seats or 4) - 1)
    kinds = [HUMAN if k == "person" else k for k in kinds]
    for number, kind in enumerate(kinds, 1):
        if kind != HUMAN:
            try:
                check_spec(kind)
            except ConfigError as exc:
                raise ConfigError(f"seat {number} is not 'human' or a bot: {exc}") from None
    if kinds.count(HUMAN) > 1:
        raise ConfigError("only one person can play in a terminal; use 'catan serve' for more")
    return kinds


@dataclass
class LocalGame:
    game: Game
    kinds: list[str]
    table: Table
    human: HumanSeat
    client: InMemoryClient
    names: list[str]
    seat: int | None
    task: asyncio.Task[Any] | None = field(default=None)
    on_over: Callable[[LocalGame], None] | None = field(default=None)
    """Called once the table's game has ended (the app records it)."""
    notices: list[str] = field(default_factory=list)
    """What the person should be told on opening the game (a seat of the save not taken)."""

    @property
    def ruleset(self) -> str:
        return self.game.config.ruleset

    @property
    def game_id(self) -> str:
        return str(self.table.meta["game_id"])

    @property
    def autosave(self) -> Path | None:
        return self.table.autosave_path

    def start(self) -> None:
        if self.task is None:
            self.task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        first = self.table.autosave_soon()  # a new game is resumable before its first action
        await self.table.run()
        if first is not None:
            await first
        if self.on_over is not None:
            self.on_over(self)

    def record(self) -> GameRecord | None:
        """The person's record of this game, once it has ended here; None otherwise (no
        person seat, not over, or loaded already over: not played at this table)."""
        game, seat = self.game, self.seat
        if seat is None or not game.is_over or not self.table.played_here:
            return None
        stats = (self.table.over_message or {}).get("stats") or {}
        turns = stats.get("turns")
        return GameRecord(
            game_id=self.game_id,
            ended=now_iso(),
            ruleset=self.ruleset,
            seats=tuple(self.kinds),
            you=seat,
            winner=game.winner,
            scores=tuple(game.scores()),
            turns=turns if type(turns) is int else 0,
            options=dict(game.config.options),
            save=str(self.autosave) if self.autosave is not None else None,
        )

    async def stop(self) -> None:
        self.client.close()
        if self.task is not None and not self.task.done():
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task

    def set_speed(self, speed: str) -> None:
        self.table.pace = SPEEDS.get(speed, 0.0)

    def save_as(self, path: Path) -> None:
        saves.save_to_path(self.game, path, self.table.meta)


def _build(
    game: Game,
    kinds: list[str],
    autosave: Path | None,
    speed: str,
    seed: int,
    game_id: str,
    loaded_from: str | None = None,
) -> LocalGame:
    from ai.hints import ValueAdviser
    from ai.registry import create_bot
    from ai.seat import BotSeat
    from ai.seeds import bot_seed

    if len(kinds) != game.num_seats:
        raise ConfigError(f"{len(kinds)} seats given for a {game.num_seats}-seat game")
    human = HumanSeat(adviser=ValueAdviser())  # hints: a solo game's person asks the value bot
    seats: list[Any] = []
    names = seat_names(game.num_seats)
    seat: int | None = None
    for i, kind in enumerate(kinds):
        if kind == HUMAN:
            seats.append(human)
            seat = i
        else:
            seats.append(BotSeat(create_bot(kind, bot_seed(seed, i))))
    meta: dict[str, Any] = {"seats": kinds, "app": "catan-tui", "game_id": game_id}
    if loaded_from is not None:  # a new line of play from a named save: Continue says which
        meta["loaded_from"] = loaded_from
    table = Table(game, seats, autosave_path=autosave, meta=meta, pace=SPEEDS.get(speed, 0.0))
    if seat is None:
        table.add_spectator(human)
    client = InMemoryClient(human)
    return LocalGame(game, kinds, table, human, client, names, seat)


def new_local(
    config: GameConfig, kinds: list[str], saves_dir: Path | None, speed: str = "normal"
) -> LocalGame:
    """A new game with a new id; it autosaves to its own file in `saves_dir` (None: nowhere)."""
    game = new_game(config)
    game_id = paths.new_game_id()
    autosave = paths.autosave_path(saves_dir, game_id) if saves_dir is not None else None
    return _build(game, kinds, autosave, speed, game.config.seed or 0, game_id)


def resume_target(
    path: Path, data: dict[str, Any], saves_dir: Path | None
) -> tuple[str, Path | None]:
    """The game id and autosave of a loaded save.

    A game's own autosave goes on in the same file (the old single
    `autosave.json` too), so Continue finds it again. So does a save made
    from a game whose autosave still stands where the save was made (saved,
    left, loaded): that is one game, not two in Continue's list. Any other
    save starts a new line of play with a new id: loading a save never writes
    over the autosave of another game, nor of the game it was saved from once
    that game has gone on past it.
    """
    if saves_dir is None:
        return paths.new_game_id(), None
    meta = saves.meta_of(data)
    own = paths.is_autosave(path) and path.resolve().parent == saves_dir.resolve()
    if own:
        game_id = paths.game_id_of(path) or meta.get("game_id")
        if not paths.valid_game_id(game_id):
            game_id = paths.new_game_id()
        return str(game_id), path
    saved_from = meta.get("game_id")
    if paths.valid_game_id(saved_from):
        autosave = paths.autosave_path(saves_dir, str(saved_from))
        if _same_play(autosave, data):
            return str(saved_from), autosave
    game_id = paths.new_game_id()
    return game_id, paths.autosave_path(saves_dir, game_id)


def _same_play(autosave: Path, data: dict[str, Any]) -> bool:
    """Whether the autosave at `autosave` holds the very game of the save `data`: the same
    rules, start and actions (False if it is missing or unreadable)."""
    if not autosave.is_file():
        return False
    try:
        kept = saves.read_save(autosave)
    except SaveError:
        return False
    return all(kept.get(key) == data.get(key) for key in ("config", "position", "actions"))


def load_local(path: Path, saves_dir: Path | None, speed: str = "normal") -> LocalGame:
    """Resume the save at `path` at the decision where it stopped; SaveError if it is bad."""
    data = saves.read_save(path)
    game = saves.load(data)
    meta = saves.meta_of(data)
    kinds = meta.get("seats")
    if not isinstance(kinds, list) or len(kinds) != game.num_seats:
        kinds = [HUMAN] + ["random"] * (game.num_seats - 1)
    kinds, notices = _seats_from_save([str(k) for k in kinds])
    game_id, autosave = resume_target(path, data, saves_dir)
    own_line = autosave is None or autosave == path or meta.get("game_id") == game_id
    loaded_from = None if own_line else path.stem
    try:
        local = _build(game, kinds, autosave, speed, game.config.seed or 0, game_id, loaded_from)
    except ConfigError as exc:
        raise SaveError(f"{path}: {exc}") from None
    local.notices = notices
    return local


def _seats_from_save(kinds: list[str]) -> tuple[list[str], list[str]]:
    """The seats a save names, less any that would run a program or a file it names
    (``exec:``, ``file.py``, ``inproc:``): a save may come from anyone, and loading it must
    not run their code. Such a seat plays as the default bot, and a notice says so."""
    from ai.registry import DEFAULT_BOT, names_code

    names = seat_names(len(kinds))
    out: list[str] = []
    notices: list[str] = []
    for i, kind in enumerate(kinds):
        if kind != HUMAN and names_code(kind):
            shown = kind if len(kind) <= 40 else kind[:39] + "…"
            notices.append(
                f"The save named {shown!r} for {names[i]}: a save never starts a program or a"
                f" file, so {names[i]} plays as {DEFAULT_BOT}."
            )
            kind = DEFAULT_BOT
        out.append(kind)
    return out, notices
