"""`catan play --help` names each ruleset's variants (they showed only in a bad --variant's
error), read from the engine's options, without importing every engine at each start."""

from __future__ import annotations

import subprocess
import sys

import pytest

from engine.registry import get_ruleset, ruleset_names
from tui.cli import main


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_variant_help_names_every_rulesets_variants(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    shown = " ".join(capsys.readouterr().out.split())  # help lines wrap anywhere
    found = 0
    for name in ruleset_names():
        for option in get_ruleset(name).options:
            if option.name == "variant":
                found += 1
                assert f"{name}: {option.default} (default)" in shown
                for choice in option.choices:
                    assert str(choice) in shown
    assert found, "some ruleset has variants"
    assert "first_game (default), strategic, discoverer, wild_space" in shown


def test_building_the_parser_imports_no_engine() -> None:
    code = (
        "import sys; from tui.cli import build_parser; build_parser();"
        "bad = [m for m in sys.modules if m.startswith('engine.rulesets.')];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
