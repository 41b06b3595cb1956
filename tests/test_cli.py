"""The command line's contract: options reach the right place; bad input exits 2 with one line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tui.cli import build_parser, main


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
