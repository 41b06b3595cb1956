"""Starfarers' view as types (`StarfarersGame.view()` returns a `StarfarersView`)."""

from typing import Any, NotRequired, TypedDict

from engine.views import CardCounts, GameView, MeView, PlayerView


class StarfarersPlayerView(PlayerView):
    vp: int
    colonies: int
    spaceports: int
    medals: int
    half_medals: int
    boosters: int
    cannons: int
    pods: int
    ships: list[int]
    """The lattice points of this seat's ships."""
    colonies_left: int
    stations_left: int
    transports_left: int
    rings_left: int
    trade_ship_tokens: int
    friendship_cards: dict[str, int]
    rates: CardCounts


class SectorView(TypedDict):
    slot: int
    face_up: bool
    kind: str | None
    tile: str | None
    rotation: int | None
    civilisation: str | None


class PlanetView(TypedDict):
    planet: int
    slot: int
    face: list[int]
    resource: str
    icon: str | None
    disc: str | None
    """The number disc's label, None while face down."""


class PieceView(TypedDict):
    point: int
    owner: int | None
    """None: a neutral piece (a blocker)."""
    piece: str


class MovingShipView(TypedDict):
    point: int
    piece: str
    steps_left: int


class EncounterCardView(TypedDict):
    id: int
    name: str
    prompt: str
    answer: str
    offer_to: str | None  # "right_neighbour": the cards offered go to the seat before yours


class EncounterView(TypedDict):
    draw_pile: int
    discard_pile: list[int]
    card: EncounterCardView | None
    """The card being answered; None when there is none or it is hidden from this seat."""
    need: str
    need_seat: int | None


class UpgradeStockView(TypedDict):
    booster: int
    cannon: int
    pod: int


class StarfarersView(GameView):
    balls: list[int] | None
    base_speed: int
    board: dict[str, Any]
    """The static geometry (engine.rulesets.starfarers.board.board_json)."""
    points: list[int]
    sectors: list[SectorView]
    planets: list[PlanetView]
    pieces: list[PieceView]
    moving_ship: MovingShipView | None
    supply: CardCounts
    reserve_size: int
    upgrade_stock: UpgradeStockView
    half_medal_stock: int
    trade_ship_tokens_left: int
    friendship_stacks: dict[str, int]
    friendship_markers: dict[str, int]
    trade_stations: dict[str, list[int]]
    encounter: EncounterView
    players: list[StarfarersPlayerView]
    state: dict[str, Any]
    """The snapshot with the hidden parts (other hands, reserve, RNG) set to None."""
    me: NotRequired[MeView]
