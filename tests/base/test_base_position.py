"""Positions (engine/position.py): round trips over sampled games, forced dice, each refusal."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable

import pytest

from engine import GameConfig, new_game
from engine.position import Position, PositionError, SeatPieces, game_from_position
from engine.rulesets.base.game import BaseGame
from engine.shared.actions import EndTurn, Roll

ROUND_TRIP_SEEDS = [(3, s) for s in range(101, 107)] + [(4, s) for s in range(201, 207)]
"""(seats, seed) of the random games whose positions are sampled."""


def _sampled_games(seats: int, seed: int, every: int = 9) -> list[BaseGame]:
    """Copies of a random game (trade offers included) every `every` actions, to its end."""
    game = new_game(GameConfig("base", seats, seed=seed))
    assert isinstance(game, BaseGame)
    pick = random.Random(seed)
    out: list[BaseGame] = []
    k = 0
    while game.to_act is not None and game.turn < 400:
        if k % every == 0:
            out.append(game.copy())
        game.apply(pick.choice(game.legal_actions()))
        k += 1
    out.append(game.copy())
    return out


def _views(game: BaseGame) -> list[dict[str, object]]:
    return [game.view(s) for s in [None, *range(game.config.seats)]]


def test_round_trip_over_sampled_positions() -> None:
    sampled = 0
    phases: set[str] = set()
    for seats, seed in ROUND_TRIP_SEEDS:
        for game in _sampled_games(seats, seed):
            pos = game.position()
            again = Position.loads(pos.dumps())
            assert again == pos
            built = game_from_position(again)
            assert isinstance(built, BaseGame)
            assert built.position() == pos
            assert built.snapshot() == game.snapshot()
            assert built.legal_actions() == game.legal_actions()
            assert _views(built) == _views(game)
            sampled += 1
            phases.add(game.phase)
    assert sampled >= 200
    # The sample reaches setup, the turn, interruptions, trades and the end.
    assert {"setup_settlement", "setup_road", "pre_roll", "main", "game_over"} <= phases
    assert phases & {"discard", "move_robber", "trade_response", "trade_confirm"}


@pytest.mark.parametrize(("seats", "seed"), ROUND_TRIP_SEEDS[::4])
def test_a_built_game_continues_as_the_original(seats: int, seed: int) -> None:
    """Same RNG, same state: the same choices give the same game afterwards."""
    for game in _sampled_games(seats, seed, every=37):
        built = game_from_position(game.position())
        pick_a, pick_b = random.Random(seed), random.Random(seed)
        for _ in range(40):
            if game.to_act is None:
                break
            game.apply(pick_a.choice(game.legal_actions()))
            built.apply(pick_b.choice(built.legal_actions()))
        assert built.snapshot() == game.snapshot()


def _mid_game(seed: int = 11, seats: int = 3) -> BaseGame:
    """A random game (no trade offers) stopped in seat `current`'s main phase after turn 12."""
    game = new_game(GameConfig("base", seats, seed=seed, options={"board": "beginner"}))
    assert isinstance(game, BaseGame)
    pick = random.Random(seed)
    while not (game.turn >= 12 and game.phase == "main"):
        legal = [a for a in game.legal_actions() if a.type != "offer_trade"]
        game.apply(pick.choice(legal))
    return game


def test_forced_dice_come_before_the_rng() -> None:
    game = _mid_game()
    game.apply(EndTurn())
    pos = game.position()
    pos.forced_dice = [[6, 6], [1, 2]]
    built = game_from_position(pos)
    built.apply(Roll())
    assert built.dice == (6, 6)
    built.apply(EndTurn())
    built.apply(Roll())
    assert built.dice == (1, 2)
    assert built.position().forced_dice == []
    # Then the RNG's dice: the same as the original's first roll.
    built.apply(EndTurn())
    built.apply(Roll())
    game.apply(Roll())
    assert built.dice == game.dice


def test_a_hand_written_position_derives_bank_deck_and_holders() -> None:
    grid = _mid_game().board.grid
    # Seat 0: a settlement on vertex 0 and a road of 5 from it; seat 1: a city well away.
    path, roads = [0], []
    while len(roads) < 5:
        here = path[-1]
        e, nxt = next(
            (e, w)
            for e in grid.vertex_edges[here]
            for w in grid.edge_vertices[e]
            if w != here and w not in path
        )
        roads.append(e)
        path.append(nxt)
    city = max(
        v
        for v in range(grid.num_vertices)
        if v not in path and not set(grid.vertex_adjacent[v]) & set(path)
    )
    pos = Position(
        ruleset="base",
        seats=3,
        seed=1,
        options={"board": "beginner"},
        pieces=[
            SeatPieces(settlements=[0], roads=roads),
            SeatPieces(cities=[city], roads=[grid.vertex_edges[city][0]]),
            SeatPieces(),
        ],
        current=0,
        turn=5,
        pending=[["pre_roll", 0, None]],
        hands=[{"brick": 2, "lumber": 1}, {"ore": 3}, {}],
        forced_dice=[[2, 2]],
    )
    game = game_from_position(pos)
    assert isinstance(game, BaseGame)
    out = game.position()
    assert out.bank == {"brick": 17, "lumber": 18, "wool": 19, "grain": 19, "ore": 16}
    assert out.deck == {
        "knight": 14,
        "victory_point": 5,
        "road_building": 2,
        "year_of_plenty": 2,
        "monopoly": 2,
    }
    assert out.longest_road == 0  # a road of 5 is the only one long enough
    assert out.largest_army is None
    assert game.scores() == [3, 2, 0]
    assert game.legal_actions()[0] == Roll()
    game.apply(Roll())
    assert game.dice == (2, 2)


# -- refusals: one per message ------------------------------------------------------------

Mutation = Callable[[Position, BaseGame], None]


def _bottom_for(pos: Position, kind: str) -> None:
    pos.pending = [[kind, pos.current, None]]


def _vp_at_target(pos: Position, game: BaseGame) -> None:
    pos.options["vp_to_win"] = max(5, game.total_vp(game.current))
    need = pos.options["vp_to_win"] - game.total_vp(game.current)
    pos.development[game.current].playable["victory_point"] = (
        need + game.row(game.dev_hands, game.current)[1]
    )


def _six_settlements(pos: Position, game: BaseGame) -> None:
    grid = game.board.grid
    taken: set[int] = set()
    chosen: list[int] = []
    for v in range(grid.num_vertices):
        if v not in taken:
            chosen.append(v)
            taken |= {v, *grid.vertex_adjacent[v]}
        if len(chosen) == 6:
            break
    pos.pieces = [SeatPieces(settlements=chosen), SeatPieces(), SeatPieces()]


def _sixteen_roads(pos: Position, game: BaseGame) -> None:
    pos.pieces = [SeatPieces(roads=list(range(16))), SeatPieces(), SeatPieces()]


def _adjacent_settlement(pos: Position, game: BaseGame) -> None:
    v = pos.pieces[0].settlements[0] if pos.pieces[0].settlements else pos.pieces[0].cities[0]
    w = game.board.grid.vertex_adjacent[v][0]
    pos.pieces[1].settlements.append(w)


def _shared_vertex(pos: Position, game: BaseGame) -> None:
    v = pos.pieces[0].settlements[0] if pos.pieces[0].settlements else pos.pieces[0].cities[0]
    pos.pieces[1].cities.append(v)


def _far_road(pos: Position, game: BaseGame) -> None:
    grid = game.board.grid
    near = {v for p in game.buildings for b in p for v in (b, *grid.vertex_adjacent[b])}
    near |= {v for p in game.roads for e in p for v in grid.edge_vertices[e]}
    far = next(
        e
        for e in range(grid.num_edges)
        if not set(grid.edge_vertices[e]) & near
        and all(not set(grid.edge_vertices[f]) & near for f in range(e, e + 1))
    )
    pos.pieces[0].roads.append(far)


def _roadless_settlement(pos: Position, game: BaseGame) -> None:
    grid = game.board.grid
    busy = {v for p in game.buildings for b in p for v in (b, *grid.vertex_adjacent[b])}
    edges_near = {v for p in game.roads for e in p for v in grid.edge_vertices[e]}
    free = next(v for v in range(grid.num_vertices) if v not in busy and v not in edges_near)
    pos.pieces[2].settlements.append(free)


def _knights(pos: Position, game: BaseGame) -> None:
    for d in pos.development:
        d.played["knight"] = 0
    pos.development[1].played["knight"] = 3
    pos.largest_army = 0


REFUSALS: list[tuple[str, Mutation, str]] = [
    (
        "bank negative",
        lambda p, g: p.hands[0].update(brick=20),
        "more brick cards than exist: 2\\d in the hands, there are 19",
    ),
    (
        "bank given and wrong",
        lambda p, g: setattr(p, "bank", g.position().bank | {"brick": g.bank[0] + 1}),
        "brick: \\d+ in the hands and \\d+ in the bank make \\d+, but there are 19",
    ),
    (
        "development cards over",
        lambda p, g: p.development[0].played.update(knight=15),
        "more knight cards than exist: \\d+ with the seats, there are 14",
    ),
    (
        "deck given and wrong",
        lambda p, g: setattr(p, "deck", g.position().deck | {"monopoly": 3}),
        "monopoly: \\d+ with the seats and 3 in the deck make \\d+, but there are 2",
    ),
    (
        "unknown card",
        lambda p, g: p.hands[1].update(wood=1),
        "unknown card 'wood' in seat 1's hand; valid: brick, lumber, wool, grain, ore",
    ),
    (
        "negative count",
        lambda p, g: p.hands[1].update(ore=-1),
        "seat 1's hand holds -1 ore: a count is a whole number, 0 or more",
    ),
    ("settlements over stock", _six_settlements, "seat 0 has 6 settlements; the stock is 5"),
    ("roads over stock", _sixteen_roads, "seat 0 has 16 roads; the stock is 15"),
    (
        "distance rule",
        _adjacent_settlement,
        "buildings on vertices \\d+ and \\d+ break the distance rule",
    ),
    (
        "two buildings on a vertex",
        _shared_vertex,
        "vertex \\d+ holds two buildings \\(seats 0 and 1\\)",
    ),
    (
        "two roads on an edge",
        lambda p, g: p.pieces[1].roads.append(p.pieces[0].roads[0]),
        "edge \\d+ holds two roads \\(seats 0 and 1\\)",
    ),
    (
        "no such vertex",
        lambda p, g: p.pieces[2].settlements.append(54),
        "seat 2's settlement on vertex 54: there is no such vertex \\(vertices are 0 to 53\\)",
    ),
    (
        "no such edge",
        lambda p, g: p.pieces[2].roads.append(72),
        "seat 2's road on edge 72: there is no such edge \\(edges are 0 to 71\\)",
    ),
    (
        "road not connected",
        _far_road,
        "seat 0's road on edge \\d+ is not connected to a settlement or city of seat 0",
    ),
    (
        "building without a road",
        _roadless_settlement,
        "seat 2's building on vertex \\d+ has none of its roads next to it",
    ),
    (
        "robber off the board",
        lambda p, g: setattr(p, "robber", 19),
        "the robber is on hex 19, off the board \\(land hexes 0 to 18\\)",
    ),
    (
        "discard without count",
        lambda p, g: p.pending.append(["discard", 1, None]),
        "a discard decision needs the number of cards owed as its data",
    ),
    (
        "steal without candidates",
        lambda p, g: p.pending.append(["steal", p.current, None]),
        "a steal decision needs the seats that may be robbed as its data",
    ),
    (
        "discard more than held",
        lambda p, g: (p.hands[1].clear(), p.pending.append(["discard", 1, 4])),
        "seat 1 owes 4 cards to discard but holds 0",
    ),
    (
        "unknown decision",
        lambda p, g: p.pending.append(["dance", 0, None]),
        "unknown decision kind 'dance'",
    ),
    (
        "interruption at the bottom",
        lambda p, g: _bottom_for(p, "move_robber"),
        "the bottom of the decision stack is the turn's phase .*, not move_robber",
    ),
    (
        "turn phase on top",
        lambda p, g: p.pending.append(["pre_roll", p.current, None]),
        "pre_roll is a turn's phase: it can only be at the bottom of the stack",
    ),
    (
        "phase of another seat",
        lambda p, g: setattr(p, "current", (p.current + 1) % 3),
        "the turn's phase is seat \\d's but the current seat is \\d",
    ),
    (
        "trade decision without trade",
        lambda p, g: p.pending.append(["trade_confirm", p.current, None]),
        "a trade_confirm decision needs the trade \\(Position.trade\\)",
    ),
    (
        "a trade nobody waits on",
        lambda p, g: setattr(p, "trade", {"offerer": 0}),
        "a trade is given but no decision waits on it",
    ),
    (
        "VP at the target without winning",
        _vp_at_target,
        "seat \\d has \\d+ victory points, at or above the target of \\d+, on its own turn",
    ),
    (
        "a winner short of the target",
        lambda p, g: (setattr(p, "pending", []), setattr(p, "winner", 1)),
        "seat 1 won with \\d victory points; 10 are needed",
    ),
    (
        "a winner with decisions pending",
        lambda p, g: setattr(p, "winner", 1),
        "seat 1 is given as the winner but decisions are still pending",
    ),
    (
        "game over without a winner",
        lambda p, g: setattr(p, "pending", []),
        "the decision stack is empty \\(the game is over\\) but no winner is given",
    ),
    (
        "longest road to a short road",
        lambda p, g: setattr(p, "longest_road", 2),
        "seat 2 cannot hold Longest Road with a road of \\d \\(5 needed\\)",
    ),
    (
        "largest army to the wrong seat",
        _knights,
        "seat 0 cannot hold Largest Army with 0 knights \\(3 needed\\)",
    ),
    (
        "bad dice",
        lambda p, g: setattr(p, "dice", [7, 1]),
        "the dice \\[7, 1\\] are not dice: each shows 1 to 6",
    ),
    (
        "bad forced dice",
        lambda p, g: setattr(p, "forced_dice", [[0, 3]]),
        "the forced dice \\[0, 3\\] are not dice: each shows 1 to 6",
    ),
    (
        "seat lists of the wrong length",
        lambda p, g: p.hands.append({}),
        "hands has 4 entries for 3 seats",
    ),
    (
        "seat count the ruleset refuses",
        lambda p, g: setattr(p, "seats", 7),
        "Catan \\(base game\\) is played by .* players, not 7",
    ),
    (
        "setup counters",
        lambda p, g: (setattr(p, "turn", 0), _bottom_for(p, "setup_settlement")),
        "setup_settlement after \\d+ setup roads needs \\d+ buildings on the board, not \\d+",
    ),
    (
        "new cards of another seat",
        lambda p, g: p.development[(p.current + 1) % 3].new.update(knight=1),
        "seat \\d holds development cards bought this turn, but the turn is seat \\d's",
    ),
    (
        "played victory points",
        lambda p, g: p.development[0].played.update(victory_point=1),
        "seat 0 has played victory point cards; they are never played",
    ),
    (
        "unknown extra state",
        lambda p, g: p.extra.update(papers=1),
        "unknown extra state 'papers'; valid: none",
    ),
]


@pytest.mark.parametrize(
    ("mutate", "message"), [(m, msg) for _, m, msg in REFUSALS], ids=[r[0] for r in REFUSALS]
)
def test_an_inconsistent_position_is_refused_with_its_reason(
    mutate: Mutation, message: str
) -> None:
    game = _mid_game()
    pos = game.position()
    pos.bank = pos.deck = None  # derived, so that changing the cards changes them
    game_from_position(copy.deepcopy(pos))  # the unchanged position is accepted
    mutate(pos, game)
    with pytest.raises(PositionError, match=message):
        game_from_position(pos)


def test_every_refusal_names_a_different_problem() -> None:
    assert len({msg for _, _, msg in REFUSALS}) == len(REFUSALS)


def test_json_form_rejects_unknown_parts() -> None:
    data = _mid_game().position().to_json()
    data["colour"] = "red"
    with pytest.raises(PositionError, match="unknown position parts: colour"):
        Position.from_json(data)


def test_a_game_built_from_a_position_saves_and_loads() -> None:
    """The save holds the position, so loading replays the log from there (seed 11)."""
    from engine import saves
    from engine.errors import SaveError

    game = game_from_position(_mid_game().position())
    pick = random.Random(11)
    for _ in range(30):
        game.apply(pick.choice([a for a in game.legal_actions() if a.type != "offer_trade"]))
    text = saves.dumps(game)
    loaded = saves.load(text)
    assert loaded.snapshot() == game.snapshot()
    assert loaded.log == game.log
    data = saves.save(game)
    data["position"]["robber"] = 40
    with pytest.raises(SaveError, match="the save's position is invalid: the robber is on hex 40"):
        saves.load(data)
