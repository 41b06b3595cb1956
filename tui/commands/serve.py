"""`catan serve`: host tables over SSH, for several people at one table.

Users come from a TOML file (see tui/ssh/auth.py and the README section
"Play over SSH"); the host key is generated on first start and kept in the
config folder, so players' `known_hosts` stays valid across restarts. The
server listens on 127.0.0.1 unless told otherwise: exposing it is a choice.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from tui.commands.common import float_in, int_in, positive_int

MAX_BOT_PACE = 60.0  # seconds; a slower bot only makes people wait


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    parser.add_argument(
        "--port",
        type=int_in(0, 65535, "; 0 picks any free port"),
        default=2222,
        help="port to listen on (2222; 0 picks any free port)",
    )
    parser.add_argument(
        "--users",
        metavar="FILE",
        help="users file (TOML: [users.NAME] keys = [...], password = ...); "
        "default: users.toml in the config folder",
    )
    parser.add_argument(
        "--host-key", metavar="FILE", help="host key; created on first start (config folder)"
    )
    parser.add_argument("--saves", metavar="DIR", help="where tables autosave")
    parser.add_argument(
        "--max-sessions", type=positive_int, default=32, help="sessions open at once, in total (32)"
    )
    parser.add_argument(
        "--max-sessions-per-user", type=positive_int, default=3, help="sessions per user (3)"
    )
    parser.add_argument(
        "--bot-pace",
        type=float_in(0.0, MAX_BOT_PACE),
        default=0.6,
        help="least seconds a bot takes per move (0.6)",
    )
    parser.add_argument(
        "--session-memory",
        type=int_in(0, 1 << 20, "; 0 for no ceiling"),
        default=1024,
        metavar="MB",
        help="memory ceiling of each session's process, in MiB (1024; 0 for none)",
    )


def run(args: argparse.Namespace) -> int:
    import asyncio

    from platformdirs import user_config_dir

    from engine.errors import ConfigError
    from engine.files import check_regular_file
    from tui import paths
    from tui.ssh.auth import Users, default_host_key_path, load_host_key
    from tui.ssh.server import ServeConfig, Service, serve_forever

    config_dir = Path(user_config_dir("catan-tui"))
    users_path = Path(args.users) if args.users else config_dir / "users.toml"
    if users_path.exists():
        check_regular_file(users_path, what="users file")  # a FIFO or device would hang the load
    else:
        raise ConfigError(
            f"no users file at {users_path}; create one with a [users.NAME] table per player "
            '(keys = ["ssh-ed25519 AAAA..."], optional password = "...") or pass --users FILE'
        )
    users = Users.load(users_path)
    host_key_path = Path(args.host_key) if args.host_key else default_host_key_path()
    host_key = load_host_key(host_key_path)
    config = ServeConfig(
        users=users,
        host_key=host_key,
        saves=paths.saves_dir(args.saves) / "served",
        host=args.host,
        port=args.port,
        per_user=args.max_sessions_per_user,
        total=args.max_sessions,
        bot_pace=args.bot_pace,
        session_memory_mb=args.session_memory,
    )

    def ready(service: Service) -> None:
        fingerprint = host_key.convert_to_public().get_fingerprint()
        print(
            f"catan serve: listening on {args.host}:{service.port} for {len(users)} users; "
            f"host key {fingerprint}. Ctrl+C stops.",
            flush=True,
        )

    console_logging()
    try:
        asyncio.run(serve_forever(config, ready))
    except OSError as exc:
        raise ConfigError(f"cannot listen on {args.host}:{args.port}: {exc.strerror}") from None
    return 0


def console_logging() -> None:
    """The server's own lines (sign-ins, tables made, started, over, drops; never a card) on
    its console, with the time; asyncssh and every other library at warnings only."""
    import logging

    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("catan.serve").setLevel(logging.INFO)
