"""Password guessing: few tries per connection, a growing delay, and a log line per failure.

Delays are counted through `Service.sleep` and the throttle's clock is frozen,
so nothing here waits on wall time.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence

import asyncssh
import pytest

from tui.ssh.auth import LoginThrottle, address_key
from tui.ssh.server import Service

PASSWORD = "open sesame"  # carol's, in conftest


class Guesser(asyncssh.SSHClient):
    """Offers wrong passwords, by password or keyboard-interactive auth, as long as it may."""

    def __init__(self, guesses: int = 20) -> None:
        self.guesses = [f"guess-{n}-xyzzy" for n in range(guesses)]
        self.asked = 0

    def _next(self) -> str | None:
        if self.asked >= len(self.guesses):
            return None
        self.asked += 1
        return self.guesses[self.asked - 1]

    def password_auth_requested(self) -> str | None:
        return self._next()

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(
        self, name: str, instructions: str, lang: str, prompts: Sequence[tuple[str, bool]]
    ) -> list[str] | None:
        if not prompts:
            return []
        guess = self._next()
        return None if guess is None else [guess]


class Sleeps:
    """Stands in for asyncio.sleep: records each delay and returns at once."""

    def __init__(self) -> None:
        self.delays: list[float] = []

    async def __call__(self, delay: float) -> None:
        self.delays.append(delay)


@pytest.fixture
def sleeps(service: Service) -> Sleeps:
    recorder = Sleeps()
    service.sleep = recorder
    service.throttle = LoginThrottle(clock=lambda: 1000.0)  # no decay during a test
    return recorder


async def guess(service: Service, method: str, user: str = "carol") -> tuple[Guesser, Exception]:
    client = Guesser()
    with pytest.raises(asyncssh.DisconnectError) as caught:
        await asyncio.wait_for(
            asyncssh.connect(
                "127.0.0.1",
                service.port,
                username=user,
                known_hosts=None,
                agent_path=None,
                client_keys=None,
                client_factory=lambda: client,
                preferred_auth=method,
            ),
            10,
        )
    return client, caught.value


@pytest.mark.parametrize("method", ["password", "keyboard-interactive"])
async def test_three_failures_end_the_connection(
    service: Service, sleeps: Sleeps, method: str
) -> None:
    client, error = await guess(service, method)
    assert client.asked == 3, "the client was let guess more than three times"
    assert isinstance(error, asyncssh.PermissionDenied)
    assert "Too many authentication failures" in error.reason


async def test_failures_are_logged_without_the_password(
    service: Service, sleeps: Sleeps, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    client, _ = await guess(service, "password", user="mallory")
    failures = [
        r.getMessage()
        for r in caplog.records
        if r.name == "catan.serve" and r.getMessage().startswith("failed password for")
    ]
    assert len(failures) == 3
    for n, line in enumerate(failures, 1):
        assert "'mallory'" in line and "127.0.0.1:" in line and f"{n} of 3" in line
    assert any(
        r.name == "catan.serve" and "disconnecting 127.0.0.1:" in r.getMessage()
        for r in caplog.records
    )
    for secret in client.guesses:
        assert secret not in caplog.text


async def test_the_delay_grows_and_a_good_login_clears_it(service: Service, sleeps: Sleeps) -> None:
    conn = await _login(service)  # a player who types it right waits for nothing
    conn.close()
    assert sleeps.delays == []

    await guess(service, "password")
    assert sleeps.delays == [0.25, 0.5]  # before the 2nd and 3rd check
    await guess(service, "password")  # a new connection from the same address
    assert sleeps.delays[2:] == [1.0, 2.0, 4.0]
    await guess(service, "password")
    assert sleeps.delays[5:] == [4.0, 4.0, 4.0]  # capped

    conn = await _login(service)  # waits once, then clears the user's and address's score
    conn.close()
    assert sleeps.delays[8:] == [4.0]
    await guess(service, "password")
    assert sleeps.delays[9:] == [0.25, 0.5]


async def test_the_delay_follows_the_address_to_other_users(
    service: Service, sleeps: Sleeps
) -> None:
    await guess(service, "password", user="carol")
    await guess(service, "password", user="bob")  # bob has no failures, the address has
    assert sleeps.delays == [0.25, 0.5, 1.0, 2.0, 4.0]


async def _login(service: Service) -> asyncssh.SSHClientConnection:
    return await asyncio.wait_for(
        asyncssh.connect(
            "127.0.0.1",
            service.port,
            username="carol",
            password=PASSWORD,
            preferred_auth="password",
            known_hosts=None,
            agent_path=None,
            client_keys=None,
        ),
        10,
    )


def test_the_throttle_decays_with_time_and_by_user_and_address() -> None:
    now = [0.0]
    throttle = LoginThrottle(base=1.0, cap=8.0, decay=10.0, clock=lambda: now[0])
    assert throttle.delay("carol", "10.0.0.1") == 0
    for _ in range(3):
        throttle.failed("carol", "10.0.0.1")
    assert throttle.delay("carol", "10.0.0.1") == 4.0
    assert throttle.delay("carol", "10.0.0.2") == 4.0  # the user is watched from anywhere
    assert throttle.delay("bob", "10.0.0.1") == 4.0  # and the address for any user
    assert throttle.delay("bob", "10.0.0.2") == 0
    now[0] = 10.0  # one decay period: the score drops by one
    assert throttle.delay("carol", "10.0.0.1") == 2.0
    now[0] = 30.0
    assert throttle.delay("carol", "10.0.0.1") == 0
    assert len(throttle) == 0  # forgotten entries are dropped


def test_the_throttle_remembers_a_bounded_number_of_names() -> None:
    throttle = LoginThrottle(max_entries=64, clock=lambda: 0.0)
    for n in range(10_000):
        throttle.failed(f"user{n}", f"10.0.{n // 256}.{n % 256}")
    assert len(throttle) == 64
    assert throttle.delay("user9999", "192.0.2.1") > 0  # the most recent are kept


def test_address_keys() -> None:
    assert address_key("192.0.2.7") == "192.0.2.7"
    assert address_key("::ffff:192.0.2.7") == "192.0.2.7"
    assert address_key("2001:db8:1:2:aaaa::1") == address_key("2001:db8:1:2:bbbb::9")
    assert address_key("2001:db8:1:2::1") == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
    assert address_key("fe80::1%eth0") == "fe80::/64"
    assert address_key("not-an-address") == "not-an-address"
