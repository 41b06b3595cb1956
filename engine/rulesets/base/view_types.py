"""The base game's view as types (`BaseGame.view()` returns a `BaseView`).

A subclass that adds public state (a `Field` with a view name) adds its key
to the view; it declares its own view as a subclass of `BaseView` (and of
`BasePlayerView` for per-seat fields).
"""

from typing import Any, NotRequired, TypedDict

from engine.views import CardCounts, GameView, MeView, PlayerView


class HexView(TypedDict):
    id: int
    """The hex id (its index in `board.hexes`): land hexes first, then sea hexes (Fleet)."""
    q: int
    """Axial coordinate q (pointy-top hexes)."""
    r: int
    """Axial coordinate r, growing south."""
    terrain: str
    """hills, forest, pasture, fields, mountains or desert; Fleet also gold and sea."""
    number: int
    """The number token on it, 0 for none."""


class HarbourView(TypedDict):
    kind: str
    """A resource name, or "3:1" for a generic harbour."""
    hex: int
    """The land hex id the harbour lies on."""
    sea: list[int]
    """The axial coordinates [q, r] of the sea hex it faces."""
    vertices: list[int]
    """The two vertices whose settlements and cities trade at it."""


class BoardView(TypedDict):
    hexes: list[HexView]
    """Every hex, in id order."""
    harbours: list[HarbourView]
    """Every harbour."""


class BasePlayerView(PlayerView):
    development_count: int
    """Development cards it holds, those bought this turn included (C&K: progress cards)."""
    development_new_count: int
    """How many of them it bought this turn (not playable before its next turn)."""
    knights: int
    """Knight cards it has played (C&K: its knights on the board)."""
    longest_road: bool
    """It holds Longest Road."""
    largest_army: bool
    """It holds Largest Army."""
    rates: CardCounts
    """Its maritime rate per card name: cards given for one (4; 3 or 2 with a harbour, and in
    C&K 2 with Trading House, the merchant's hex or Merchant Fleet)."""
    settlements_left: int
    """Settlements left in its supply."""
    cities_left: int
    """Cities left in its supply."""
    roads_left: int
    """Roads left in its supply."""
    played: CardCounts
    """Development cards it has played, per kind (C&K: its revealed VP progress cards)."""
    road_length: int
    """The length of its longest road."""
    public_vp: int
    """Its points that everyone sees (hidden victory point cards not counted)."""


class BaseMeView(MeView):
    development: CardCounts
    """Your development cards playable now (bought before this turn), per kind (C&K: progress)."""
    development_new: CardCounts
    """Your development cards bought this turn, per kind: playable from your next turn."""


Pending = list[Any]
"""One pending decision as JSON: [kind, seat, data] (engine.rulesets.base.decisions)."""


class BaseView(GameView):
    board: BoardView
    """The static board: hexes and harbours (hex ids as in `robber`)."""
    vertices: list[list[int]]
    """Per vertex: [owner or -1, level] (1 settlement, 2 city)."""
    edges: list[int]
    """Per edge: its road's owner or -1."""
    development_deck: int
    """Cards left in the development deck (C&K: in the three progress decks together)."""
    free_roads: int
    """Free roads left to build from Road Building (phase road_building); 0 otherwise."""
    yop_left: int
    """Resources left to take from Year of Plenty (phase year_of_plenty); 0 otherwise."""
    resume_phase: str | None
    """The turn's phase to resume (the bottom of `pending`) under an interruption; else main."""
    steal_candidates: list[int]
    """The seats the robber may steal from (phase steal); [] otherwise."""
    pending: list[Pending]
    """The decisions waiting, bottom first: the top one is asked now (see the decision kinds)."""
    players: list[BasePlayerView]
    """Per seat, in seat order: what every seat may know of it."""
    setup_pos: int
    """Setup placements done so far (a settlement or city and its road or ship); 2 x seats after."""
    setup_vertex: int
    """The last setup settlement's vertex, which the setup road must touch (-1: none yet)."""
    bank: CardCounts
    """Cards left in the bank per card name."""
    robber: int
    """The land hex id the robber stands on."""
    dev_played_this_turn: bool
    """The seat whose turn it is has played a development card this turn (one a turn)."""
    me: NotRequired[BaseMeView]
    """Your own hidden parts; absent from a spectator's view."""
