"""What the server refuses, each with a message where SSH allows one."""

from __future__ import annotations

import asyncio
from typing import Any

import asyncssh
import pytest

from tests.ssh.conftest import connect, open_lines
from tests.ssh.waits import until
from tui.ssh.server import Service
from tui.ssh.session import NO_EXEC, NO_PTY


async def test_a_key_logs_in_only_as_its_own_user(service: Service, keys: Any) -> None:
    conn = await connect(service, "alice", keys["alice"])
    conn.close()
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(service, "bob", keys["alice"])
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(service, "mallory", keys["mallory"])
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(service, "alice", keys["mallory"])


async def test_switching_user_names_mid_auth_does_not_carry_keys_over(
    service: Service, keys: Any
) -> None:
    # The client offers alice's key for bob after a first attempt as... bob with
    # bob's key would succeed; so offer mallory's and alice's keys for bob only.
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncio.wait_for(
            asyncssh.connect(
                "127.0.0.1",
                service.port,
                username="bob",
                known_hosts=None,
                agent_path=None,
                client_keys=[keys["mallory"], keys["alice"]],
            ),
            10,
        )


async def test_passwords(service: Service, keys: Any) -> None:
    conn = await connect(service, "carol", None, password="open sesame", preferred_auth="password")
    conn.close()
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(service, "carol", None, password="wrong", preferred_auth="password")
    with pytest.raises(asyncssh.PermissionDenied):  # alice has no password at all
        await connect(service, "alice", None, password="open sesame", preferred_auth="password")


async def test_exec_is_refused_with_a_message(service: Service, keys: Any) -> None:
    async with await connect(service, "alice", keys["alice"]) as conn:
        result = await asyncio.wait_for(conn.run("cat /etc/passwd"), 10)
        assert result.exit_status == 1
        assert NO_EXEC.strip() in result.stdout


async def test_session_without_pty_is_refused_with_a_message(service: Service, keys: Any) -> None:
    async with await connect(service, "alice", keys["alice"]) as conn:
        process = await conn.create_process()  # a shell without a terminal (ssh -T)
        out = await asyncio.wait_for(process.stdout.read(), 10)
        await asyncio.wait_for(process.wait_closed(), 10)
        assert NO_PTY.strip() in out
        assert process.exit_status == 1


async def test_sftp_is_refused(service: Service, keys: Any) -> None:
    async with await connect(service, "alice", keys["alice"]) as conn:
        with pytest.raises((asyncssh.SFTPError, asyncssh.ChannelOpenError)):
            await asyncio.wait_for(conn.start_sftp_client(), 10)


async def test_port_forwarding_is_refused(service: Service, keys: Any) -> None:
    async with await connect(service, "alice", keys["alice"]) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await asyncio.wait_for(conn.open_connection("127.0.0.1", service.port), 10)
        with pytest.raises(asyncssh.ChannelListenError):
            await asyncio.wait_for(conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 1), 10)
        with pytest.raises(asyncssh.ChannelOpenError):
            await asyncio.wait_for(conn.open_unix_connection(service.socket_path), 10)


async def test_agent_forwarding_is_refused(service: Service, keys: Any, tmp_path: Any) -> None:
    agent = tmp_path / "agent.sock"
    server = await asyncio.start_unix_server(lambda r, w: w.close(), path=str(agent))
    try:
        async with await connect(
            service,
            "alice",
            keys["alice"],
            agent_forwarding=True,
        ) as conn:
            conn._agent_forward_path = str(agent)  # what agent_path would set, sans probing
            session = await open_lines(conn)
            await session.next(lambda i: i["msg"].get("t") == "lobby")
            (server_conn,) = service.connections
            assert server_conn.get_agent_path() is None
    finally:
        server.close()


async def test_session_limits(make_service: Any, keys: Any) -> None:
    service = await make_service(per_user=2, total=3)
    alice = await connect(service, "alice", keys["alice"])
    bob = await connect(service, "bob", keys["bob"])
    sessions = [await open_lines(alice), await open_lines(alice)]
    for s in sessions:
        await s.next(lambda i: i["msg"].get("t") == "lobby")
    third = await alice.create_process(term_type="xterm", term_size=(80, 24))
    out = await asyncio.wait_for(third.stdout.read(), 10)
    assert "already have 2 sessions" in out
    bob_first = await open_lines(bob)
    await bob_first.next(lambda i: i["msg"].get("t") == "lobby")
    bob_second = await bob.create_process(term_type="xterm", term_size=(80, 24))
    out = await asyncio.wait_for(bob_second.stdout.read(), 10)
    assert "server is full" in out
    # closing a session frees its slot
    sessions[0].process.close()
    await until(lambda: service.limits.count("alice") == 1, "the closed session's slot freed")
    alice.close()
    bob.close()


async def test_terminal_is_reset_after_an_abnormal_exit(service: Service, keys: Any) -> None:
    from tui.ssh.session import RESET

    service.socket_path = "/nonexistent/catan.sock"  # the session's program fails at once
    async with await connect(service, "alice", keys["alice"]) as conn:
        process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        out = await asyncio.wait_for(process.stdout.read(), 15)
        await asyncio.wait_for(process.wait_closed(), 10)
        assert process.exit_status == 1
        assert out.endswith(RESET)
    assert service.limits.count() == 0


async def test_a_dead_zygote_is_replaced(service: Service, keys: Any) -> None:
    import os
    import signal

    old = service.zygote
    assert old._proc is not None
    os.kill(old._proc.pid, signal.SIGKILL)  # the helper this test's server started
    await asyncio.wait_for(old._proc.wait(), 10)
    async with await connect(service, "alice", keys["alice"]) as conn:
        session = await open_lines(conn)
        await session.next(lambda i: i["msg"].get("t") == "lobby")
    assert service.zygote is not old and service.zygote.running


async def test_a_stopping_server_puts_each_players_terminal_back_and_says_why(
    make_service: Any, keys: Any
) -> None:
    """Seen in play: stopping the server left each player on the alternate screen, the board
    frozen under their shell's prompt, told only "Connection closed by remote host". Now
    each session gets the terminal reset and a line saying the table is saved."""
    from tui.ssh.session import RESET, SERVER_CLOSING

    service = await make_service()
    conn = await connect(service, "alice", keys["alice"])
    process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
    seen = bytearray()

    async def read_all() -> None:
        while chunk := await process.stdout.read(65536):
            seen.extend(chunk)

    reader = asyncio.ensure_future(read_all())
    await until(lambda: len(seen) > 0, "the session's first output")
    await asyncio.wait_for(service.close(), 15)
    await asyncio.wait_for(reader, 10)
    assert bytes(seen).endswith(RESET + SERVER_CLOSING.encode()), bytes(seen[-200:])
    conn.close()
