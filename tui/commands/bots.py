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


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from ai.registry import available_bots, bots_dir

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
            }
            for b in found
        ]
        json.dump({"bots_dir": str(folder), "bots": rows}, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    table = Table(title="Bots")
    for col in ("name", "from", "rulesets", "status"):
        table.add_column(col)
    for b in found:
        status = f"[red]failed: {b.error}[/]" if b.error else "[green]ok[/]"
        table.add_row(b.name, b.origin, ", ".join(sorted(b.rulesets)) or "-", status)
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
