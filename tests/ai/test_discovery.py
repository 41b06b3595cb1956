"""Discovery: entry points, drop-in files, file.py:Class, exec:, and broken plugins reported."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from aifix import EXAMPLES, SEED_GAME

from ai.exec_bot import ExecBot
from ai.registry import available_bots, create_bot
from ai.tournament import MatchSpec, play_game
from engine.errors import ConfigError
from tui.cli import main

DROP_IN = """
from ai.protocol import BaseBot


class DropBot(BaseBot):
    name = "dropbot"
    rulesets = frozenset({"base"})

    def choose(self, view, legal):
        return legal[0]
"""

NAMED = """
from ai.protocol import BaseBot


class Helper:
    pass


class Named(BaseBot):
    name = "named"

    def choose(self, view, legal):
        return legal[-1] if legal[-1].type != "offer_trade" else legal[0]


class Other(Named):
    name = "other"
"""


def _by_name(folder: Path | None = None) -> dict[str, object]:
    return {b.name: b for b in available_bots(load=True, folder=folder)}


def test_builtins_listed_with_their_rulesets() -> None:
    found = _by_name()
    for name in ("random", "greedy", "value", "mcts"):
        assert found[name].error is None, found[name].error  # type: ignore[attr-defined]
        assert "base" in found[name].rulesets  # type: ignore[attr-defined]


def test_entry_point_plugin_discovered_and_plays(with_plugin: Path) -> None:
    found = _by_name()
    assert "example" in found
    info = found["example"]
    assert info.error is None and "entry point" in info.origin  # type: ignore[attr-defined]
    assert "catan-example-bot" in info.origin  # type: ignore[attr-defined]
    record = play_game(MatchSpec("base", ("example", "greedy", "greedy", "greedy"), SEED_GAME), 0)
    assert record.seats[0].faults == 0


def test_listing_without_loading_imports_no_plugin(with_plugin: Path) -> None:
    sys.modules.pop("catan_example_bot", None)
    names = [b.name for b in available_bots(load=False)]
    assert "example" in names
    assert "catan_example_bot" not in sys.modules


def test_drop_in_file(bots_folder: Path) -> None:
    (bots_folder / "dropbot.py").write_text(DROP_IN)
    found = _by_name()
    assert found["dropbot"].origin.startswith("drop-in")  # type: ignore[attr-defined]
    assert found["dropbot"].rulesets == frozenset({"base"})  # type: ignore[attr-defined]
    bot = create_bot("dropbot", seed=1)  # a drop-in runs in a process of its own
    assert isinstance(bot, ExecBot) and bot.name == "dropbot"
    assert bot.proc is not None and bot.proc.poll() is None
    bot.close()
    trusted = create_bot("inproc:dropbot", seed=1)  # unless it is trusted in
    assert type(trusted).__name__ == "DropBot"


def test_file_and_class(tmp_path: Path) -> None:
    path = tmp_path / "several.py"
    path.write_text(NAMED)
    bot = create_bot(f"{path}:Named", seed=1)
    assert isinstance(bot, ExecBot) and bot.name == "named"
    bot.close()
    assert create_bot(f"inproc:{path}:Named", seed=1).name == "named"
    with pytest.raises(ConfigError, match="exactly one bot class"):
        create_bot(str(path))
    with pytest.raises(ConfigError, match="exactly one bot class"):
        create_bot(f"inproc:{path}")


def test_exec_bot_plays_a_game() -> None:
    spec = f"exec:{sys.executable} {EXAMPLES / 'json_bot.py'}"
    record = play_game(MatchSpec("base", (spec, "greedy", "greedy", "greedy"), SEED_GAME), 1)
    me = next(s for s in record.seats if s.spec == spec)
    assert me.faults == 0 and me.decisions > 20
    assert not record.capped


def test_broken_plugins_are_listed_with_errors(
    bots_folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, with_plugin: Path
) -> None:
    (bots_folder / "broken.py").write_text("import no_such_module_for_catan\n")
    (bots_folder / "dropbot.py").write_text(DROP_IN)
    site = tmp_path / "site"
    dist = site / "broken_catan_plugin-1.0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: broken-catan-plugin\nVersion: 1.0\n"
    )
    (dist / "entry_points.txt").write_text("[catan.bots]\nghost = no_such_pkg_xyz:Ghost\n")
    monkeypatch.syspath_prepend(str(site))
    found = _by_name()
    assert "No module named" in (found["broken"].error or "")  # type: ignore[attr-defined]
    assert "no_such_pkg_xyz" in (found["ghost"].error or "")  # type: ignore[attr-defined]
    assert found["dropbot"].error is None  # type: ignore[attr-defined]
    assert found["example"].error is None  # type: ignore[attr-defined]
    assert found["greedy"].error is None  # type: ignore[attr-defined]


def test_catan_bots_command(bots_folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (bots_folder / "broken.py").write_text("raise RuntimeError('kaputt')\n")
    assert main(["bots", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    rows = {r["name"]: r for r in data["bots"]}
    assert "kaputt" in rows["broken"]["error"]
    assert rows["value"]["error"] is None and "base" in rows["value"]["rulesets"]
    assert main(["bots"]) == 0
    assert "broken" in capsys.readouterr().out
