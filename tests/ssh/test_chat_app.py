"""The table's chat in the app: "/" over SSH (someone else at the table is a person), never solo.

The real app in this process, on a real Unix socket, as in the takeover tests;
bob is a protocol client at the same table.
"""

from __future__ import annotations

from pathlib import Path

from engine.table import protocol
from tests.ssh.served import served_app
from tests.ssh.test_hardening_takeover import SEED, ask, recv, redeem
from tests.ssh.waits import until
from tui.screens.dialogs.chat import ChatDialog
from tui.screens.game import GameScreen
from tui.widgets.event_log import EventLog
from tui.widgets.key_footer import KeyFooter


def _log(screen: GameScreen) -> list[str]:
    return [text.plain for text in screen.query_one(EventLog).entries]


async def test_people_at_an_ssh_table_chat_by_slash(tmp_path: Path) -> None:
    async with served_app(tmp_path, "alice", (80, 24)) as (app, pilot, lobby):
        seats = ["person", "person", "bot:random"]
        await ask(lobby, "alice", "create", ruleset="base", options={}, seed=SEED, seats=seats)
        await ask(lobby, "bob", "join", table=1, seat=1)  # bob takes the seat
        await ask(lobby, "alice", "start", table=1)
        bob = await redeem(lobby, await ask(lobby, "bob", "join", table=1, seat=1))  # and sits
        await until(lambda: isinstance(app.screen, GameScreen), "alice's game screen", 20)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await until(lambda: screen.view is not None, "the first state")
        footer = screen.query_one(KeyFooter)
        await until(lambda: any(i.description == "Chat" for i in footer.items), "/ Chat shown")

        await pilot.press("slash")
        await until(lambda: isinstance(app.screen, ChatDialog), "the chat line")
        await pilot.press(*"gl hf", "enter")
        await until(lambda: isinstance(app.screen, GameScreen), "back at the game")
        while (msg := await recv(bob, "alice's line"))["t"] != protocol.SAID:
            pass
        assert (msg["seat"], msg["name"], msg["text"]) == (0, "alice", "gl hf")
        await until(lambda: "You: gl hf" in _log(screen), "alice's own line in her log, as You")

        await bob.send(protocol.say("\x1b[31mthanks\x1b[0m [b]"))
        await until(lambda: "bob: [31mthanks[0m [b]" in _log(screen), "bob's line, escapes out")
        # Another's line also pops up (the log may have moved on); one's own does not.
        chats = [(n.title, n.message, n.markup) for n in app._notifications if n.title == "Chat"]
        assert chats == [("Chat", "bob: [31mthanks[0m [b]", False)]
        # Esc leaves the line unsaid.
        await pilot.press("slash")
        await until(lambda: isinstance(app.screen, ChatDialog), "the chat line again")
        await pilot.press(*"never mind", "escape")
        await until(lambda: isinstance(app.screen, GameScreen), "back at the game")
        table = lobby.tables[1].table
        assert table is not None
        assert [m["text"] for m in table.chat] == ["gl hf", "[31mthanks[0m [b]"]
        bob.close()
