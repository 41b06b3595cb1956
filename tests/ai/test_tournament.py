"""Tournaments: the CLI with --json, seat rotation, determinism, Wilson intervals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ai.tournament import MatchSpec, play_game, run_tournament, wilson
from tui.cli import main

SEED_MATCH = 11


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(20, 20)
    assert hi == 1.0 and lo > 0.8


def test_tournament_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "--ruleset", "base", "--bots", "greedy,random,random,random"]
    args += ["--games", "4", "--seed", str(SEED_MATCH), "--max-turns", "300", "--json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 4
    rows = {r["bot"]: r for r in data["results"]}
    assert rows["greedy"]["seat_games"] == 4 and rows["random"]["seat_games"] == 12
    for row in rows.values():
        lo, hi = row["wilson95"]
        assert 0.0 <= lo <= row["win_rate"] <= hi <= 1.0
        assert row["faults"] == 0 and row["avg_ms"] >= 0
    assert data["capped"] == len(data["capped_games"])
    wins = sum(r["wins"] for r in data["results"])
    assert wins + data["capped"] == 4


def test_a_run_logged_to_a_file_reports_its_progress_and_wins_as_it_goes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Stderr captured is no terminal: a plain line a game (4 games), the last one's wins
    those of the report (seed 11)."""
    args = ["tournament", "--ruleset", "base", "--bots", "greedy,random,random,random"]
    args += ["--games", "4", "--seed", str(SEED_MATCH), "--max-turns", "300", "--json"]
    assert main(args) == 0
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert [line.split(" after ")[0] for line in lines] == [f"games {k}/4" for k in range(1, 5)]
    tally = lines[-1].split(" · ")[1:]
    wins = {r["bot"]: r["wins"] for r in json.loads(out)["results"]}
    assert tally == [f"greedy won {wins['greedy']}", f"random won {wins['random']}"], lines


def test_progress_lines_come_every_twentieth_of_a_long_run() -> None:
    """400 games: a line every 20 games, with the wins of the games so far."""
    from ai.tournament import GameRecord
    from tui.commands.tournament import plain_progress

    written: list[str] = []
    on_game = plain_progress(["a", "b"], 400, written.append)
    for i in range(400):
        on_game(GameRecord(i, 0, 10, False, i % 2 if i < 300 else None, []))
    assert len(written) == 20
    assert written[0].startswith("games 20/400 after 0:00:0")
    assert written[0].endswith(" · a won 10 · b won 10\n")
    assert written[-1].endswith(" · a won 150 · b won 150\n"), written[-1]


def test_seats_rotate_and_boards_repeat() -> None:
    spec = MatchSpec("base", ("greedy", "random", "random", "random"), SEED_MATCH, max_turns=5)
    records = [play_game(spec, i) for i in range(4)]
    assert len({r.seed for r in records}) == 1  # one board and dice stream per round
    seats_of_greedy = [next(s for s, rec in enumerate(r.seats) if rec.entry == 0) for r in records]
    assert sorted(seats_of_greedy) == [0, 1, 2, 3]
    assert all(r.capped for r in records)  # five turns are not enough to win: capped, reported


def test_tournament_is_deterministic() -> None:
    spec = MatchSpec("base", ("value", "greedy", "greedy", "greedy"), SEED_MATCH)

    def strip(report: dict) -> list:
        return [(r["bot"], r["wins"], r["avg_vp"], r["decisions"]) for r in report["results"]]

    assert strip(run_tournament(spec, 2)) == strip(run_tournament(spec, 2))


RAISER = """
from ai.protocol import BaseBot


class Raiser(BaseBot):
    name = "raiser"
    rulesets = frozenset({"base"})

    def choose(self, view, legal):
        return 1 / 0
"""


def test_a_bot_replaced_after_its_faults_is_not_credited_with_the_stand_ins_wins(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found by a bot author: a bot that raised at every decision "won" 50% against greedy,
    the wins of the greedy bot that took its seat; and each fault line was printed twice,
    live on stderr and again under the table. Seed 3, 4 games."""
    bot = tmp_path / "raiser.py"
    bot.write_text(RAISER)
    args = ["tournament", "--bots", f"{bot}:Raiser,greedy", "--games", "4", "--seed", "3"]
    assert main([*args, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    rows = {r["bot"]: r for r in report["results"]}
    raiser = rows["raiser:Raiser"]
    assert raiser["replaced"] == 4 and raiser["wins"] == 0 and raiser["win_rate"] == 0.0
    won = report["games"] - report["capped"]
    assert raiser["stand_in_wins"] + rows["greedy"]["wins"] == won
    assert main(args) == 0
    out, err = capsys.readouterr()
    assert "fault 1/3" not in err, err  # not live as well
    assert out.count("fault 1/3 (exception): ZeroDivisionError") == 3  # the first 10 lines
    assert "(raiser.py:10 in choose)" in out
    assert f"raiser:Raiser: {raiser['stand_in_wins']} won by the bot that took its seat" in out
    assert "more fault lines" in out
    assert "raiser:Raiser won 0" in err.splitlines()[-1]  # the progress counts as the table
