"""The command line's contract: options reach the right place; bad input exits 2 with one line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tui.cli import build_parser, main

SERVE = ["serve", "--users", "/nonexistent/users.toml"]
TOURNEY = ["tournament", "--bots", "nope"]
SIM2 = ["simulate", "--games", "1", "--players", "2"]


def test_plain_catan_takes_the_menu_options() -> None:
    args = build_parser().parse_args(["--saves", "/tmp/somewhere", "--ascii"])
    assert args.command is None
    assert args.saves == "/tmp/somewhere"
    assert args.ascii is True


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["simulate", "--ruleset", "chess"], "valid rulesets: base"),
        (["simulate", "--games", "0"], "must be at least 1"),
        (["simulate", "--games", "many"], "is not a whole number"),
        (["simulate", "--players", "5"], "2, 3 or 4 players"),
        (["simulate", "--option", "nonsense=1"], "valid options:"),
        (["simulate", "--variant", "strategic"], "has no variants"),
        (["bench", "--ruleset", "starfarers", "--variant", "nowhere"], "choose one of"),
        (["bench", "--games", "10000000"], "--games: 10000000 must be at most 1000000"),
        (["bench", "--seed", "1" + "0" * 20], "--seed: 1" + "0" * 20 + " must be at most"),
        # Every numeric option names what is valid. (Each line would also be refused on a
        # regression without starting anything: a missing users file, an unknown bot.)
        ([*SERVE, "--port", "99999"], "--port: 99999 must be at most 65535 (valid: from 0 to"),
        ([*SERVE, "--port", "-5"], "--port: -5 must be at least 0 (valid: from 0 to 65535"),
        ([*SERVE, "--max-sessions", "0"], "--max-sessions: 0 must be at least 1"),
        ([*SERVE, "--max-sessions-per-user", "0"], "--max-sessions-per-user: 0 must be at least"),
        ([*SERVE, "--bot-pace", "-1"], "--bot-pace: -1 is out of range (valid: from 0 to 60)"),
        ([*SERVE, "--bot-pace", "nan"], "--bot-pace: nan is not allowed"),
        (["tournament", "--bots", "nope"], "unknown bot 'nope'; available: greedy, mcts, random"),
        (["tournament", "--bots", "random,nope"], "unknown bot 'nope'; available:"),
        ([*TOURNEY, "--workers", "100000"], "--workers: 100000 must be at most"),
        ([*TOURNEY, "--workers", "0"], "--workers: 0 must be at least 1"),
        ([*TOURNEY, "--budget", "0"], "--budget: 0 is out of range (valid: more than 0 to"),
        ([*TOURNEY, "--budget", "inf"], "--budget: inf is not allowed"),
        ([*TOURNEY, "--games", "2000000"], "--games: 2000000 must be at most 1000000"),
        ([*TOURNEY, "--seed", "1" + "0" * 30], "--seed: 1000000000000000000000000000000 must"),
        (["simulate", "--games", "1", "--seed", "9" * 5000], "has far too many digits"),
        (["simulate", "--players", "-3"], "3 or 4 players, not -3"),
        (["simulate", "--bots", "random,nope,random,random"], "unknown bot 'nope'"),
        (["simulate", "--bots", "value"], "is played by 2, 3 or 4 players, not 1"),
        (["simulate", "--bots", "value", "--players", "4"], "--bots names 1 bot for 4 players"),
        (["simulate", "--bots", "a,b", "--players", "3"], "2 bots for 3 players"),
        (["simulate", "--games", "1", "--seed", "1" + "0" * 30], "must be at most 922337"),
        (["play", "--seats", "human,nope,random", "--seed", "1" + "0" * 30], "--seed: 1000"),
        (["bots", "--bots-dir", "/nonexistent/catan-bots"], "--bots-dir /nonexistent/catan-b"),
        # A bot's parameter values are checked before any game (they once raised a
        # traceback, hung a game on an infinite budget, or played with a negative one).
        ([*SIM2, "--bots", "mcts:width=abc,value"], "bot 'mcts:width=abc': invalid literal"),
        ([*SIM2, "--bots", "mcts:budget_ms=1e999,value"], "budget_ms must be a finite number"),
        ([*SIM2, "--bots", "mcts:budget_ms=nan,value"], "budget_ms must be a finite number"),
        ([*SIM2, "--bots", "mcts:budget_ms=-5,value"], "budget_ms must be a finite number abo"),
        ([*SIM2, "--bots", "mcts:iterations=-1,value"], "iterations must be 0 or more, not -1"),
        (["tournament", "--bots", "mcts:budget_ms=inf,value"], "budget_ms must be a finite n"),
        ([*SIM2, "--bots", "exec:/nonexistent/bot,value"], "there is no program '/nonexist"),
        (["tournament", "--bots", "greedy,,greedy"], "has an empty name (two commas in a row"),
        (["tournament", "--bots", ",,,"], "has an empty name"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(
    argv: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's own refusals
        code = int(exc.code or 0)
    err = capsys.readouterr().err.strip()
    assert code == 2
    assert fragment in err
    assert len(err.splitlines()) == 1
    assert "Traceback" not in err
    assert err.startswith("catan: ")


def test_bots_dir_that_is_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "f").write_text("")
    assert main(["bots", "--bots-dir", str(tmp_path / "f")]) == 2
    assert "not a folder (give a folder of .py bots)" in capsys.readouterr().err
    assert main(["bots", "--bots-dir", str(tmp_path), "--json"]) == 0


def test_port_0_still_means_any_free_port() -> None:
    args = build_parser().parse_args(["serve", "--port", "0"])
    assert args.port == 0


def test_simulate_json_reports_every_game_seed_1() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "tui", "simulate", "--games", "3", "--seed", "1", "--json"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    report = json.loads(out.stdout)
    assert report["games"] == 3
    assert sum(report["wins"]) + report["capped"] == 3
    assert report["illegal_actions"] == 0
    assert report["games_per_second"] > 0


def test_simulate_is_deterministic_for_a_seed_seed_4(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--seed", "4", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(["simulate", "--games", "2", "--seed", "4", "--json"]) == 0
    second = json.loads(capsys.readouterr().out)
    for key in ("wins", "median_turns", "decisions", "capped"):
        assert first[key] == second[key]


def test_bench_reports_the_figures_seed_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--games", "2", "--seed", "2", "--copies", "100", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    for key in (
        "games_per_second",
        "actions_per_second",
        "median_decisions_per_game",
        "copies_per_second",
        "peak_memory_mib",
    ):
        assert figures[key] > 0


def test_simulate_takes_the_player_count_from_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "1", "--bots", "random,greedy,random", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["players"] == 3 and report["bots"] == ["random", "greedy", "random"]


MALFORMED_OFFER = """
from ai.protocol import BaseBot
from engine.shared.actions import OfferTrade


class Dicts(BaseBot):
    def choose(self, view, legal):
        if any(a.type == "offer_trade" for a in legal):
            return OfferTrade(give={"wool": 1}, get={"ore": 1})
        return legal[0]
"""


def test_simulate_counts_a_malformed_offer_as_illegal_and_plays_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bot = tmp_path / "dicts.py"
    bot.write_text(MALFORMED_OFFER)
    argv = ["simulate", "--games", "1", "--seed", "2", "--bots", f"inproc:{bot}:Dicts,greedy"]
    assert main([*argv, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["illegal_actions"] > 0 and report["capped"] == 0


def test_simulate_names_an_in_process_bot_that_raises_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bot = tmp_path / "raiser.py"
    bot.write_text(MALFORMED_OFFER.replace("return legal[0]", "return 1 / 0"))
    assert main([*SIM2, "--bots", f"inproc:{bot}:Dicts,greedy"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(
        "catan: a bot failed in game 1 (seed 1): ZeroDivisionError: division by zero"
        " (raiser.py:10 in choose)"
    ), err
    assert len(err.splitlines()) == 1 and "Traceback" not in err


def test_simulate_names_a_bot_that_fails_mid_game_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bot process that dies ended `catan simulate` with a traceback (BotExited)."""
    dies = tmp_path / "dies.sh"
    dies.write_text("#!/bin/sh\nexit 3\n")
    dies.chmod(0o755)
    assert main([*SIM2, "--bots", f"exec:{dies},value"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("catan: a bot failed in game 1 (seed 1): the bot process exited")
    assert "`catan tournament` plays on past a failing bot" in err
    assert len(err.splitlines()) == 1 and "Traceback" not in err
