"""scripts/cost_split.py: where the bench's time goes, split by decision kind and action type."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "cost_split.py"


def _rows(block: str) -> dict[str, int]:
    """Name -> calls for the rows under one heading of the script's output."""
    out = {}
    for line in block.splitlines()[1:]:
        if not line.startswith("  "):
            break
        name, calls = line.split()[:2]
        out[name] = int(calls)
    return out


def test_every_listing_and_every_action_of_the_games_is_counted_once() -> None:
    """Seed 4, one C&K game: the listings and the applied actions each add up to the actions."""
    command = [sys.executable, str(SCRIPT), "--ruleset", "ck", "--games", "1", "--seed", "4"]
    run = subprocess.run(
        [*command, "--top", "1000"], capture_output=True, text=True, timeout=120, check=False
    )
    assert run.returncode == 0, run.stderr
    head, rest = run.stdout.split("\n", 1)
    actions = int(head.split(": ")[1].split()[0])
    listing = _rows(rest.split("listing, by decision kind")[1])
    applying = _rows(rest.split("applying, by action type")[1])
    assert sum(listing.values()) == actions, listing
    assert sum(applying.values()) == actions, applying
    # C&K's own decisions and actions are there by name, not only the base game's.
    assert "main" in listing and "roll" in applying, (listing, applying)
    assert any(a in applying for a in ("build_knight", "activate_knight", "play_progress")), (
        applying
    )


def test_against_another_ruleset_it_prices_the_shared_kinds_at_the_others_cost() -> None:
    """Seed 4, one game each: the floors are printed, and pricing C&K's own kinds at nothing
    can only lower its floor (so raise the ratio's)."""
    command = [sys.executable, str(SCRIPT), "--ruleset", "ck", "--games", "1", "--seed", "4"]
    run = subprocess.run(
        [*command, "--against", "base"], capture_output=True, text=True, timeout=120, check=False
    )
    assert run.returncode == 0, run.stderr
    tail = run.stdout.split("against base: ")[1].splitlines()
    here, there = (float(part.split()[0]) for part in tail[0].split(", "))
    now = float(tail[1].rsplit(": ", 1)[1])
    floor = float(tail[2].split(": ")[1].split()[0])
    free = float(tail[3].split(": ")[1].split()[0])
    ratios = [float(line.rsplit("ratio ", 1)[1]) for line in tail[2:4]]
    # the printed times are rounded to 0.01 us: the ratios agree with them to about 0.005
    assert abs(now - there / here) < 0.005, tail
    assert 0 < free <= floor, tail
    assert abs(ratios[0] - there / floor) < 0.005, tail
    assert abs(ratios[1] - there / free) < 0.005, tail
