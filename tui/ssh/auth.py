"""Who may log in, and as whom: the users file and the host key.

The users file is TOML, one table per user::

    [users.alice]
    keys = ["ssh-ed25519 AAAAC3Nza... alice@laptop"]   # OpenSSH public keys
    password = "correct horse"                          # optional

    [users.bob]
    keys = [
        "ssh-ed25519 AAAAC3Nza... bob@desk",
        "ssh-rsa AAAAB3... bob@phone",
    ]

Each user's keys are checked only for that user. asyncssh's server-wide
`authorized_client_keys` would accept any listed key for any user name, which
here means sitting in someone else's seat; and a per-connection
`set_authorized_keys` stays in force if the client switches user names
between attempts. So the server answers `validate_public_key(user, key)`
itself, against that user's keys only (`User.accepts`). User names become
player names, so they are restricted to a short, printable alphabet.

Password guessing is slowed by `LoginThrottle` (a growing delay per user name
and per source address) and cut off by the server after a few failures on one
connection (tui/ssh/server.py).
"""

from __future__ import annotations

import hmac
import ipaddress
import math
import os
import re
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

from engine.errors import ConfigError
from engine.files import read_toml

NAME_RE = re.compile(r"^[a-z_][a-z0-9_.-]{0,31}$")


@dataclass(frozen=True)
class User:
    name: str
    keys: tuple[str, ...] = ()
    password: str | None = None
    key_blobs: frozenset[bytes] = field(default=frozenset(), compare=False)

    def accepts(self, key: asyncssh.SSHKey) -> bool:
        """Whether `key` is one of this user's keys (compared by public key data only)."""
        return key.public_data in self.key_blobs

    def password_ok(self, given: str) -> bool:
        """Constant-time comparison, so timing tells nothing about the password."""
        if self.password is None:
            return False
        return hmac.compare_digest(given.encode(), self.password.encode())


class Users:
    """The users file, parsed once at start; lookups by the SSH user name."""

    def __init__(self, users: dict[str, User]) -> None:
        self._users = users

    def get(self, name: str) -> User | None:
        return self._users.get(name)

    def __contains__(self, name: str) -> bool:
        return name in self._users

    def __len__(self) -> int:
        return len(self._users)

    @property
    def any_keys(self) -> bool:
        return any(u.keys for u in self._users.values())

    @property
    def any_passwords(self) -> bool:
        return any(u.password is not None for u in self._users.values())

    @classmethod
    def load(cls, path: Path) -> Users:
        # Bounded and checked: a FIFO, a device, a huge file or hostile TOML is one line.
        data = read_toml(path, what="users file")
        return cls.parse(data, str(path))

    @classmethod
    def parse(cls, data: dict[str, object], where: str = "users file") -> Users:
        table = data.get("users")
        if not isinstance(table, dict) or not table:
            raise ConfigError(f"{where}: expected [users.<name>] tables")
        users: dict[str, User] = {}
        for name, spec in table.items():
            users[name] = _parse_user(name, spec, where)
        return cls(users)


def _parse_user(name: str, spec: object, where: str) -> User:
    if not NAME_RE.match(name):
        raise ConfigError(f"{where}: user name {name!r} must match {NAME_RE.pattern}")
    if not isinstance(spec, dict):
        raise ConfigError(f"{where}: [users.{name}] must be a table")
    unknown = set(spec) - {"keys", "password"}
    if unknown:
        raise ConfigError(f"{where}: [users.{name}] has unknown fields {sorted(unknown)}")
    keys = spec.get("keys", [])
    password = spec.get("password")
    if not isinstance(keys, list) or not all(isinstance(k, str) for k in keys):
        raise ConfigError(f"{where}: users.{name}.keys must be a list of strings")
    if password is not None and (not isinstance(password, str) or not password):
        raise ConfigError(f"{where}: users.{name}.password must be a non-empty string")
    if not keys and password is None:
        raise ConfigError(f"{where}: user {name} has neither keys nor a password")
    blobs = set()
    for line in keys:
        try:
            blobs.add(asyncssh.import_public_key(line.strip()).public_data)
        except (ValueError, asyncssh.KeyImportError) as exc:
            raise ConfigError(f"{where}: a key of user {name} cannot be read: {exc}") from None
    return User(name, tuple(keys), password, frozenset(blobs))


def address_key(host: str) -> str:
    """What the throttle counts an address as: the address itself, or its /64 for IPv6.

    One IPv6 host usually holds a whole /64, so counting single addresses
    would let it rotate through them.
    """
    try:
        addr = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return host
    if isinstance(addr, ipaddress.IPv6Address):
        if addr.ipv4_mapped is not None:
            return str(addr.ipv4_mapped)
        return str(ipaddress.IPv6Network((addr, 64), strict=False))
    return str(addr)


class LoginThrottle:
    """A growing delay before each password check, per user name and per source address.

    Every failure adds one to the score of the user and of the address; a
    score decays by one every `decay` seconds, and a successful login clears
    both. The delay before a check is `base * 2**(score-1)` for the larger of
    the two scores, at most `cap`: none before the first failure, so a player
    who types the password right waits for nothing. At most `max_entries`
    users and addresses are remembered (least recently failed dropped first),
    so a flood of made-up names costs bounded memory.
    """

    def __init__(
        self,
        base: float = 0.25,
        cap: float = 4.0,
        decay: float = 30.0,
        max_entries: int = 4096,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.base = base
        self.cap = cap
        self.decay = decay
        self.max_entries = max_entries
        self.clock = clock
        self._scores: OrderedDict[tuple[str, str], tuple[float, float]] = OrderedDict()
        """(kind, name) -> (score, when it was last set)."""

    def __len__(self) -> int:
        return len(self._scores)

    def _score(self, key: tuple[str, str], now: float) -> float:
        entry = self._scores.get(key)
        if entry is None:
            return 0.0
        score, stamp = entry
        score -= (now - stamp) / self.decay
        if score <= 0:
            del self._scores[key]
            return 0.0
        return score

    def delay(self, user: str, address: str) -> float:
        """Seconds to wait before checking a password of `user` sent from `address`."""
        now = self.clock()
        score = max(self._score(("user", user), now), self._score(("addr", address), now))
        if score <= 0:
            return 0.0
        return min(self.cap, math.ldexp(self.base, math.ceil(score) - 1))

    def failed(self, user: str, address: str) -> None:
        now = self.clock()
        for key in (("user", user), ("addr", address)):
            score = self._score(key, now) + 1
            self._scores[key] = (score, now)
            self._scores.move_to_end(key)
        while len(self._scores) > self.max_entries:
            self._scores.popitem(last=False)

    def succeeded(self, user: str, address: str) -> None:
        self._scores.pop(("user", user), None)
        self._scores.pop(("addr", address), None)


def load_host_key(path: Path) -> asyncssh.SSHKey:
    """The server's ed25519 key, generated on first start and kept, so clients can pin it."""
    if path.exists():
        try:
            return asyncssh.read_private_key(str(path))
        except (OSError, asyncssh.KeyImportError) as exc:
            raise ConfigError(f"cannot read the host key {path}: {exc}") from None
    path.parent.mkdir(parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519")
    tmp = path.with_suffix(".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key.export_private_key())
    os.replace(tmp, path)
    key.write_public_key(str(path) + ".pub")
    return key


def default_host_key_path() -> Path:
    from platformdirs import user_config_dir

    return Path(user_config_dir("catan-tui")) / "ssh_host_ed25519_key"
