"""A rematch over SSH: the host's r on the game-over screen sets the same table up again.

The same game, options and people in the same seats, the next seed, started at
once; the others still at the old table are told and, back in the lobby, are
taken to their seat.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from engine.table import protocol
from engine.table.unix_socket import Endpoint, TokenBook
from tests.ssh.served import served_app
from tests.ssh.test_hardening_takeover import SEED, ask, first_plain, redeem
from tests.ssh.waits import until
from tui.screens.game import GameScreen
from tui.screens.lobby import LobbyScreen
from tui.ssh.lobby_host import Lobby


async def _play_to_the_end(endpoint: Endpoint, heard: list[dict[str, Any]]) -> None:
    """Answer every decision with its first plain action until the game is over."""
    while True:
        msg = await endpoint.recv()
        heard.append(msg)
        if msg["t"] == protocol.OVER:
            return
        if msg["t"] == protocol.STATE and msg.get("legal"):
            await endpoint.send(protocol.act(msg["rev"], first_plain(msg["legal"])))


async def _refused(lobby: Lobby, user: str, kind: str, **fields: Any) -> str:
    (reply,) = await lobby.handle(user, {"t": f"lobby.{kind}", "v": 1, **fields})
    assert reply["t"] == "error", reply
    return str(reply["message"])


async def test_the_host_sets_up_the_same_table_again_once_the_game_is_over(
    tmp_path: Path,
) -> None:
    lobby = Lobby(TokenBook(), tmp_path / "saves", bot_pace=0.0, seeded=True)
    options = {"vp_to_win": 5}
    seats = ["person", "person", "bot:random"]
    await ask(lobby, "alice", "create", ruleset="base", options=options, seed=SEED, seats=seats)
    await ask(lobby, "bob", "join", table=1, seat=1)
    alice = await redeem(lobby, await ask(lobby, "alice", "start", table=1))
    bob = await redeem(lobby, await ask(lobby, "bob", "join", table=1, seat=1))
    assert "still on" in await _refused(lobby, "alice", "rematch", table=1)

    heard: dict[str, list[dict[str, Any]]] = {"alice": [], "bob": []}
    players = [_play_to_the_end(alice, heard["alice"]), _play_to_the_end(bob, heard["bob"])]
    await asyncio.wait_for(asyncio.gather(*players), 60)
    await until(lambda: lobby.tables[1].status == "over", "the first game over")

    assert "only the table's host" in await _refused(lobby, "bob", "rematch", table=1)
    await ask(lobby, "alice", "rematch", table=1)
    old, new = lobby.tables[1], lobby.tables[2]
    assert (new.ruleset, new.options, new.host) == ("base", options, "alice")
    assert [(s.kind, s.user, s.bot) for s in new.seats] == [
        ("person", "alice", None),
        ("person", "bob", None),
        ("bot", None, "random"),
    ]
    assert new.seed == old.seed + 1 and new.status == "playing"
    # bob, still on the old game-over screen, is told where his seat is now.
    notice = await asyncio.wait_for(bob.recv(), 5)
    assert notice["t"] == protocol.NOTICE
    assert notice["message"].startswith("alice started a rematch (table 2)")
    alice.close()
    bob.close()
    await lobby.close()


async def test_the_hosts_rematch_key_leaves_the_game_for_the_lobby_and_asks(
    tmp_path: Path,
) -> None:
    """The app's side: the host's game screen has a rematch; using it goes back to the lobby
    and sends the request (refused here with the reason: this game is still on)."""
    async with served_app(tmp_path, "alice", (80, 24)) as (app, _, lobby):
        seats = ["person", "bot:random", "bot:random"]
        await ask(lobby, "alice", "create", ruleset="base", options={}, seed=SEED, seats=seats)
        await ask(lobby, "alice", "start", table=1)
        await until(lambda: isinstance(app.screen, GameScreen), "alice's game screen", 20)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.on_rematch is not None
        # Mounted and reading the table before it is left: a screen dismissed before its own
        # Mount ran found its widgets gone (a race of this test, not of a person's key).
        await until(lambda: screen.is_mounted and screen.view is not None, "the first state", 20)
        screen.on_rematch()
        await until(lambda: isinstance(app.screen, LobbyScreen), "back in the lobby")
        await until(
            lambda: any("still on" in n.message for n in app._notifications),
            "the server's answer shown",
        )
        assert list(lobby.tables) == [1]
