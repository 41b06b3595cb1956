"""`catan bots`: every bot found (built-in, installed plugins, drop-in files) and why any failed."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--bots-dir", type=Path, default=None, help="drop-in folder to scan instead of the default"
    )
    parser.add_argument("--json", action="store_true", help="print the list as JSON")


def _check_folder(folder: Path) -> None:
    """A folder named on the command line must exist: listing nothing would hide the typo."""
    import os
    import stat

    from engine.errors import ConfigError

    try:
        mode = os.stat(folder).st_mode
    except (OSError, ValueError) as exc:
        reason = "no such folder" if isinstance(exc, FileNotFoundError) else str(exc)
        raise ConfigError(
            f"--bots-dir {folder}: {reason} (give an existing folder of .py bots)"
        ) from None
    if not stat.S_ISDIR(mode):
        raise ConfigError(f"--bots-dir {folder}: not a folder (give a folder of .py bots)")


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from ai.registry import available_bots, bots_dir

    if args.bots_dir is not None:
        _check_folder(args.bots_dir)
    folder = args.bots_dir if args.bots_dir is not None else bots_dir()
    found = available_bots(load=True, folder=folder)
    if args.json:
        rows = [
            {
                "name": b.name,
                "origin": b.origin,
                "rulesets": sorted(b.rulesets),
                "target": b.target,
                "error": b.error,
                "strength": b.strength,
            }
            for b in found
        ]
        json.dump({"bots_dir": str(folder), "bots": rows}, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    table = Table(title="Bots")
    for col in ("name", "from", "rulesets", "status", "strength"):
        table.add_column(col)
    for b in found:
        status = f"[red]failed: {escape(b.error)}[/]" if b.error else "[green]ok[/]"  # plugin text
        rulesets = ", ".join(sorted(b.rulesets)) or "-"
        table.add_row(escape(b.name), escape(b.origin), rulesets, status, escape(b.strength))
    out = Console()
    if not out.is_terminal:
        out = Console(width=160)
    out.print(table)
    out.print(f"drop-in folder: {folder}")
    out.print(
        "a seat may also name path/to/file.py:ClassName or exec:COMMAND "
        "(in --seats and --bots; see ai/README.md)"
    )
    return 0
