"""The scoreboard never cuts one's own name: "alice (you)" where it fits, else "You"."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult

from tui.widgets.scoreboard import Scoreboard

NAMES = ["alice", "bob", "Bot 3", "Bot 4"]
VIEW: dict[str, Any] = {
    "ruleset": "ck",
    "seat": 0,
    "players": [
        {"seat": p, "public_vp": 3, "resource_count": 4, "development_count": 1} for p in range(4)
    ],
}


class Board(App[None]):
    def __init__(self, width: int) -> None:
        super().__init__()
        self.width = width

    def compose(self) -> ComposeResult:
        board = Scoreboard(NAMES, ["human", "human", "random", "random"])
        board.styles.width = self.width
        yield board


async def _rows(width: int, view: dict[str, Any] = VIEW) -> list[str]:
    app = Board(width)
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(Scoreboard)
        board.view = view
        await pilot.pause()
        lines = [
            "".join(seg.text for seg in board.render_line(y)) for y in range(board.size.height)
        ]
    return [line for line in lines if line.strip()]


async def test_a_long_user_name_gives_way_to_you_where_it_would_be_cut() -> None:
    # 32 columns: an SSH seat's side panel at 80x24 (it read "alice (y…").
    narrow = await _rows(32)
    assert [line.split()[0] for line in narrow] == ["Seat", "You", "bob", "Bot", "Bot"], narrow
    wide = await _rows(60)
    assert wide[1].split()[:2] == ["alice", "(you)"], wide
    # At every width between, one's own label is whole: the name with "(you)", or "You".
    for width in range(30, 48):
        rows = await _rows(width)
        assert "…" not in rows[1], (width, rows)
        assert rows[1].split()[0] in ("You", "alice"), (width, rows)
        if rows[1].split()[0] == "alice":
            assert rows[1].split()[1] == "(you)", (width, rows)


async def test_pieces_that_do_not_fit_read_as_initials_in_every_row_never_cut() -> None:
    """Starfarers at 120x40: "2col 3port 1stn 4med" ended "2col 3port 1…"."""
    view: dict[str, Any] = {
        "ruleset": "starfarers",
        "seat": 0,
        "players": [
            {
                "seat": 0,
                "public_vp": 16,
                "resource_count": 4,
                "colonies": 2,
                "spaceports": 3,
                "medals": 4,
            },
            {"seat": 1, "public_vp": 7, "resource_count": 13, "colonies": 1, "spaceports": 3},
        ],
        "trade_stations": {"diplomats": [1, 0]},
    }

    async def rows(width: int) -> list[str]:
        app = Board(width)
        async with app.run_test(size=(80, 24)) as pilot:
            board = app.query_one(Scoreboard)
            board.names = ["Red", "Blue"]
            board.view = view
            await pilot.pause()
            return [
                "".join(seg.text for seg in board.render_line(y)).rstrip()
                for y in range(board.size.height)
            ]

    narrow = await rows(47)  # the side panel at 120x40
    assert narrow[1].endswith("2c 3p 1s 4m") and narrow[2].endswith("1c 3p"), narrow
    wide = await rows(70)
    assert wide[1].endswith("2col 3port 1stn 4med") and wide[2].endswith("1col 3port"), wide


async def test_pieces_lose_their_spaces_before_they_are_cut() -> None:
    """C&K at 120x40 (a 47-column panel), Longest Road beside "Red (you)": the pieces read
    "1S 2C…". Without their spaces ("1S2C9R") they fit whole; where there is room, spaced."""
    view: dict[str, Any] = {
        "ruleset": "ck",
        "seat": 0,
        "players": [
            {"seat": p, "public_vp": 12 - p, "resource_count": 4, "development_count": 2}
            | {"settlements_left": 4, "cities_left": 2, "roads_left": 6}
            for p in range(3)
        ],
    }
    view["players"][0]["longest_road"] = True

    async def rows(width: int) -> list[str]:
        class Host(App[None]):
            def compose(self) -> ComposeResult:
                board = Scoreboard(["Red", "Blue", "White"], ["human", "value", "value"])
                board.styles.width = width
                yield board

        app = Host()
        async with app.run_test(size=(100, 24)) as pilot:
            board = app.query_one(Scoreboard)
            board.view = view
            await pilot.pause()
            return [
                "".join(seg.text for seg in board.render_line(y)).rstrip()
                for y in range(board.size.height)
            ]

    tight = await rows(47)
    assert tight[1].startswith("    Red (you) LR") and tight[1].endswith(" 1S2C9R"), tight
    assert all("…" not in row for row in tight), tight
    roomy = await rows(49)
    assert roomy[1].endswith(" 1S 2C 9R"), roomy


async def test_ones_own_badges_are_never_cut_and_the_name_gives_way_to_you_first() -> None:
    """80x24 base game: "Red (you) LR LA" lost its LA in the panel (seen "Red (you) LR L").

    34 columns with its border and padding is the panel at 80x24 (30 inside), the narrowest;
    the base game's (C&K has no Largest Army, and its "Prog" column is a column wider).
    """
    badged = [dict(p) for p in VIEW["players"]]
    badged[0] |= {"longest_road": True, "largest_army": True}
    for width in range(34, 48):
        rows = await _rows(width, {**VIEW, "ruleset": "base", "players": badged})
        own = rows[1]
        assert "LR LA" in own, (width, rows)
        assert "…" not in own, (width, rows)
        assert own.split()[0] in ("You", "alice"), (width, rows)
