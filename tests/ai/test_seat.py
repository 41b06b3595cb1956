"""BotSeat at a real table: decisions in a worker thread, hooks, fallbacks, subprocess reaped."""

from __future__ import annotations

import sys

from aifix import EXAMPLES

from ai.registry import create_bot
from ai.sandbox import Budget
from ai.seat import BotSeat
from engine.config import GameConfig
from engine.registry import new_game
from engine.table.host import Table

SEED_TABLE = 99


class Recorder:
    """A bot that records its hooks and plays like greedy."""

    name = "recorder"
    rulesets = frozenset({"base"})

    def __init__(self) -> None:
        self.inner = create_bot("greedy", 3)
        self.calls: list[str] = []

    def on_game_start(self, seat: int, view: dict) -> None:
        self.calls.append("start")

    def on_events(self, events: list[dict]) -> None:
        if "events" not in self.calls:
            self.calls.append("events")

    def on_game_end(self, view: dict) -> None:
        self.calls.append("end")
        assert view["winner"] is not None

    def decide(self, view: dict, legal: list) -> object:
        return self.inner.decide(view, legal)


async def test_bot_seats_play_a_table_game() -> None:
    game = new_game(GameConfig("base", 4, SEED_TABLE))
    recorder = Recorder()
    exec_bot = create_bot(f"exec:{sys.executable} {EXAMPLES / 'json_bot.py'}", 1)
    seats = [
        BotSeat(recorder),  # type: ignore[arg-type]
        BotSeat(exec_bot, budget=Budget(soft=2.0, hard=5.0)),
        BotSeat(create_bot("value", 2)),
        BotSeat(create_bot("greedy", 4)),
    ]
    table = Table(game, seats)  # type: ignore[arg-type]
    winner = await table.run()
    assert winner is not None
    assert recorder.calls == ["start", "events", "end"]
    assert all(seat.faults == 0 for seat in seats)
    assert exec_bot.proc is None  # reaped at the end of the game
