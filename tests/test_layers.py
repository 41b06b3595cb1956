"""The layers only point down: engine <- ai <- tui (ARCHITECTURE.md, "Layers").

Each check imports a package in a fresh interpreter and looks at sys.modules,
so an accidental import anywhere in the chain shows up.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def _loaded_after(statement: str) -> set[str]:
    code = f"import sys, json\n{statement}\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


def _top_level(modules: set[str]) -> set[str]:
    return {m.split(".")[0] for m in modules}


@pytest.mark.parametrize(
    "statement",
    [
        "import ai.protocol, ai.registry, ai.seat",
        "import ai.bots.random_bot",
    ],
)
def test_ai_never_imports_the_terminal_side(statement: str) -> None:
    tops = _top_level(_loaded_after(statement))
    assert not tops & {"tui", "textual", "asyncssh"}


def test_command_line_stays_light_until_a_screen_is_needed() -> None:
    """`catan simulate` and `catan bench` must not pay for importing Textual or asyncssh."""
    tops = _top_level(_loaded_after("import tui.cli; tui.cli.build_parser()"))
    assert not tops & {"textual", "asyncssh"}
