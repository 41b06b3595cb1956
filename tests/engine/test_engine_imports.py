"""Import hygiene: the engine loads no UI, SSH or bot code (ARCHITECTURE.md, "Layers")."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

FORBIDDEN_TOP = {"textual", "rich", "asyncssh", "ai", "tui"}


def modules_after(statement: str) -> list[str]:
    code = f"import sys, json\n{statement}\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    return list(json.loads(out.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize(
    "statement",
    [
        "import engine",
        "import engine.rulesets.base",
        "from engine import new_game, GameConfig; new_game(GameConfig('base', 4, seed=1))",
        "import engine.saves, engine.rulesets.base.view",
    ],
)
def test_engine_imports_nothing_above_it(statement: str) -> None:
    loaded = modules_after(statement)
    assert "engine" in loaded
    bad = sorted(m for m in loaded if m.split(".")[0] in FORBIDDEN_TOP)
    assert bad == [], f"{statement!r} loaded {bad}"


def test_check_sees_a_forbidden_import() -> None:
    """The detector itself works: importing json.tool-like modules shows up by name."""
    loaded = modules_after("import engine, email.message")
    assert "email.message" in loaded


def test_importing_engine_does_not_load_every_ruleset() -> None:
    loaded = modules_after("import engine")
    assert not [m for m in loaded if m.startswith("engine.rulesets.")]
