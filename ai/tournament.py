"""Tournaments: bots against each other with seats rotated and chance shared.

Games come in *rounds* of ``seats`` games that share one game seed (board,
dice, decks); within a round the line-up rotates one seat per game, so every
entry plays every seat on every board. Bot seeds are derived from the match
seed, the game and the seat, so a tournament replays exactly. Every bot runs
in the sandbox (ai/sandbox.py), so faults are counted rather than fatal, and
games are capped at ``max_turns`` (a capped game is nobody's win, and is
reported).

Bots that run in processes of their own keep their process from one game to
the next of a tournament (``BotPool``): each game still gets a fresh bot,
seeded for that game, but not a fresh interpreter. A process that faulted,
was replaced or is still busy is closed instead.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import logging
import math
import statistics
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ai import seeds
from ai.protocol import bot_view
from ai.registry import bot_label, create_bot
from ai.sandbox import Budget, SandboxedBot
from ai.seat import default_fallback
from engine.config import GameConfig
from engine.errors import IllegalAction
from engine.registry import new_game
from engine.rng import Rng
from engine.views import release, view_for


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class SeatRecord:
    entry: int
    spec: str
    vp: int
    won: bool
    decisions: int
    times: list[float]
    faults: int
    replaced: bool
    log: list[str]


@dataclass
class GameRecord:
    index: int
    seed: int
    turns: int
    capped: bool
    winner_entry: int | None
    seats: list[SeatRecord]


@dataclass(frozen=True)
class MatchSpec:
    ruleset: str
    bots: tuple[str, ...]
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)
    max_turns: int = 400
    budget: Budget = field(default_factory=lambda: Budget(soft=2.0, hard=5.0))


def check_lineup(ruleset: str, bots: tuple[str, ...]) -> None:
    """Refuse up front a bot that says it cannot play ``ruleset`` (exec bots say so later).

    Bots that run out of process are asked in a child process (ai/bothost.py);
    their code is never imported here.
    """
    from ai.registry import spec_rulesets
    from engine.errors import ConfigError

    for spec in dict.fromkeys(bots):
        supported = spec_rulesets(spec)
        if supported is not None and ruleset not in supported:
            raise ConfigError(
                f"bot {spec!r} does not play {ruleset} (it plays {', '.join(sorted(supported))})"
            )


class BotPool:
    """Healthy bot processes kept between the games of a tournament, per spec."""

    def __init__(self) -> None:
        self._idle: dict[str, list[Any]] = {}

    def take(self, spec: str, seed: int) -> Any:
        idle = self._idle.get(spec)
        if idle:
            bot = idle.pop()
            bot.seed = seed  # sent with the next game_start: a fresh bot, seeded for this game
            return bot
        return create_bot(spec, seed)

    def give_back(self, spec: str, box: SandboxedBot) -> None:
        """Keep the seat's bot process for another game if it is healthy, else close it."""
        if box.stats.replaced or not getattr(box.bot, "reusable", False):
            box.close()
            return
        self._idle.setdefault(spec, []).append(box.release())

    def close(self) -> None:
        for bots in self._idle.values():
            for bot in bots:
                with contextlib.suppress(Exception):
                    bot.close()
        self._idle.clear()


_WORKER_POOL: BotPool | None = None  # per worker process of a parallel tournament


def _play_in_worker(spec: MatchSpec, index: int) -> GameRecord:
    """``play_game`` in a worker process, which keeps its bot processes between games.

    They end with the worker: their supervisors see the control pipe close.
    """
    global _WORKER_POOL
    if _WORKER_POOL is None:
        _WORKER_POOL = BotPool()
        quiet_bot_lines()
    return play_game(spec, index, _WORKER_POOL)


def quiet_bot_lines() -> None:
    """The seats' lines (faults, replacements) are in each game's record, which the report
    prints once; without a handler, logging's last resort would print them live as well."""
    logger = logging.getLogger("catan.bots")
    if not logger.handlers:
        logger.addHandler(logging.NullHandler())


def game_seed(match_seed: int, round_index: int) -> int:
    return Rng(match_seed).derive(round_index + 1) >> 1


def bot_seed(match_seed: int, game_index: int, seat: int) -> int:
    """One way (ai/seeds.py): a bot cannot work the match's seed back out of its own."""
    return seeds.bot_seed(match_seed, seat, game_index)


def play_game(spec: MatchSpec, index: int, pool: BotPool | None = None) -> GameRecord:
    """Game ``index`` of the match: seed of its round, line-up rotated by ``index``.

    With a ``pool``, bot processes come from it and healthy ones go back to it.
    """
    n = len(spec.bots)
    seed = game_seed(spec.seed, index // n)
    shift = index % n
    entries = [(seat - shift) % n for seat in range(n)]  # seat -> entry
    game = new_game(GameConfig(spec.ruleset, n, seed, dict(spec.options)))
    seats: list[SeatRecord] = []
    sandboxes: list[SandboxedBot] = []
    try:
        for seat, entry in enumerate(entries):
            bseed = bot_seed(spec.seed, index, seat)
            name = spec.bots[entry]
            bot = pool.take(name, bseed) if pool is not None else create_bot(name, bseed)
            sandboxes.append(
                SandboxedBot(
                    bot,
                    name=bot_label(spec.bots[entry]),
                    budget=spec.budget,
                    seat=seat,
                    fallback=default_fallback(bseed),
                    checker=game.check,
                )
            )
        for seat, box in enumerate(sandboxes):
            box.on_game_start(seat, bot_view(game.view(seat)))
        turn = 0
        while game.to_act is not None:
            turn = int(getattr(game, "turn", 0))
            if turn > spec.max_turns:
                break
            seat = game.to_act
            box = sandboxes[seat]
            legal = game.legal_actions()
            # A bot that never reads views gets one built only if it is read after all.
            view = view_for(game, seat, box.reads_view)
            action = box.decide(bot_view(view), legal)
            release(view)
            try:
                events = game.apply(action)  # the sandbox vets; apply checks once more
            except IllegalAction:
                events = game.apply(legal[0])
            for p, listener in enumerate(sandboxes):
                if listener.listens:  # events are redacted only for seats that hear them
                    listener.on_events([e.for_seat(p) for e in events])
        for seat, box in enumerate(sandboxes):
            box.on_game_end(bot_view(game.view(seat)))
    finally:
        for seat, box in enumerate(sandboxes):
            if pool is not None:
                pool.give_back(spec.bots[entries[seat]], box)
            else:
                box.close()
    scores = game.scores()
    winner = game.winner
    for seat, box in enumerate(sandboxes):
        seats.append(
            SeatRecord(
                entry=entries[seat],
                spec=spec.bots[entries[seat]],
                vp=scores[seat],
                won=winner == seat,
                decisions=box.stats.decisions,
                times=box.stats.times,
                faults=box.faults,
                replaced=box.stats.replaced,
                log=box.lines,
            )
        )
    return GameRecord(
        index=index,
        seed=seed,
        turns=turn,
        capped=winner is None,
        winner_entry=entries[winner] if winner is not None else None,
        seats=seats,
    )


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[k]


def summarize(spec: MatchSpec, records: list[GameRecord]) -> dict[str, Any]:
    """Per distinct bot: seat-games, wins, Wilson 95% interval, VP, decision times, faults."""
    labels = list(dict.fromkeys(bot_label(b) for b in spec.bots))
    rows = []
    for label in labels:
        seats = [s for r in records for s in r.seats if bot_label(s.spec) == label]
        n = len(seats)
        # A game the bot was replaced in was played out by the stand-in: its win is not the
        # bot's (seen: a bot that raised at every decision "won" 50% against greedy).
        wins = sum(s.won and not s.replaced for s in seats)
        times = [t for s in seats for t in s.times]
        lo, hi = wilson(wins, n)
        rows.append(
            {
                "bot": label,
                "seat_games": n,
                "wins": wins,
                "win_rate": wins / n if n else 0.0,
                "wilson95": [lo, hi],
                "avg_vp": statistics.fmean(s.vp for s in seats) if seats else 0.0,
                "decisions": len(times),
                "avg_ms": 1000 * statistics.fmean(times) if times else 0.0,
                "median_ms": 1000 * statistics.median(times) if times else 0.0,
                "p95_ms": 1000 * _percentile(times, 0.95),
                "max_ms": 1000 * max(times) if times else 0.0,
                "faults": sum(s.faults for s in seats),
                "replaced": sum(s.replaced for s in seats),
                "stand_in_wins": sum(s.won and s.replaced for s in seats),
            }
        )
    return {
        "ruleset": spec.ruleset,
        "bots": list(spec.bots),
        "seed": spec.seed,
        "games": len(records),
        "capped": sum(r.capped for r in records),
        "capped_games": [r.index for r in records if r.capped],
        "max_turns": spec.max_turns,
        "avg_turns": statistics.fmean(r.turns for r in records) if records else 0.0,
        "results": rows,
        "fault_log": [line for r in records for s in r.seats for line in s.log][:50],
        "fault_lines": sum(len(s.log) for r in records for s in r.seats),
    }


def run_tournament(
    spec: MatchSpec,
    games: int,
    *,
    workers: int = 1,
    on_game: Callable[[GameRecord], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games (in ``workers`` processes) and summarize them."""
    records: list[GameRecord] = []
    if workers <= 1:
        bots = BotPool()
        try:
            for i in range(games):
                record = play_game(spec, i, bots)
                records.append(record)
                if on_game is not None:
                    on_game(record)
        finally:
            bots.close()
    else:
        with concurrent.futures.ProcessPoolExecutor(workers) as pool:
            futures = [pool.submit(_play_in_worker, spec, i) for i in range(games)]
            for future in concurrent.futures.as_completed(futures):
                record = future.result()
                records.append(record)
                if on_game is not None:
                    on_game(record)
    records.sort(key=lambda r: r.index)
    return summarize(spec, records)
