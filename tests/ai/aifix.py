"""Paths and named seeds shared by the bot tests (imported as a plain module, like basefix)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "ai" / "examples"
PLUGIN = EXAMPLES / "plugin"

SEED_GAME = 20261121  # boards and dice of the fault tests
SEED_BOTS = 7  # bot seeds
