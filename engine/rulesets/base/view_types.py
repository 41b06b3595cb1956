"""The base game's view as types (`BaseGame.view()` returns a `BaseView`).

A subclass that adds public state (a `Field` with a view name) adds its key
to the view; it declares its own view as a subclass of `BaseView` (and of
`BasePlayerView` for per-seat fields).
"""

from typing import Any, NotRequired, TypedDict

from engine.views import CardCounts, GameView, MeView, PlayerView


class HexView(TypedDict):
    id: int
    q: int
    r: int
    terrain: str
    number: int


class HarbourView(TypedDict):
    kind: str
    """A resource name, or "3:1" for a generic harbour."""
    hex: int
    sea: list[int]
    vertices: list[int]


class BoardView(TypedDict):
    hexes: list[HexView]
    harbours: list[HarbourView]


class BasePlayerView(PlayerView):
    development_count: int
    development_new_count: int
    knights: int
    longest_road: bool
    largest_army: bool
    rates: CardCounts
    settlements_left: int
    cities_left: int
    roads_left: int
    played: CardCounts
    road_length: int
    public_vp: int


class BaseMeView(MeView):
    development: CardCounts
    development_new: CardCounts


Pending = list[Any]
"""One pending decision as JSON: [kind, seat, data] (engine.rulesets.base.decisions)."""


class BaseView(GameView):
    board: BoardView
    vertices: list[list[int]]
    """Per vertex: [owner or -1, level] (1 settlement, 2 city)."""
    edges: list[int]
    """Per edge: its road's owner or -1."""
    development_deck: int
    free_roads: int
    yop_left: int
    resume_phase: str | None
    steal_candidates: list[int]
    pending: list[Pending]
    players: list[BasePlayerView]
    setup_pos: int
    setup_vertex: int
    bank: CardCounts
    robber: int
    dev_played_this_turn: bool
    me: NotRequired[BaseMeView]
