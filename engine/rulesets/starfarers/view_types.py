"""Starfarers' view as types (`StarfarersGame.view()` returns a `StarfarersView`)."""

from typing import Any, NotRequired, TypedDict

from engine.views import CardCounts, GameView, MeView, PlayerView


class StarfarersPlayerView(PlayerView):
    vp: int
    """Its points, all public: colonies 1, spaceports 2, friendship markers 2, medals 1."""
    colonies: int
    """Its colonies on the map (spaceports not counted)."""
    spaceports: int
    """Its spaceports (colonies with a shipyard ring)."""
    medals: int
    """Its fame medals, won against pirate bases and ice planets (1 VP each)."""
    half_medals: int
    """Its half fame medals (1 VP per two)."""
    boosters: int
    """Booster upgrades on its mothership: each adds 1 to its ships' speed."""
    cannons: int
    """Cannon upgrades on its mothership: each adds 1 to its combat strength."""
    pods: int
    """Freight pods on its mothership: a trade station needs more pods than the outpost has
    stations."""
    ships: list[int]
    """The lattice points of this seat's ships."""
    colonies_left: int
    """Colonies left in its supply (a colony ship carries one)."""
    stations_left: int
    """Trade stations left in its supply (a trade ship carries one)."""
    transports_left: int
    """Transport ships left in its supply: at most 3 of its ships are on the map."""
    rings_left: int
    """Shipyard rings left in its supply: the spaceports it may still build."""
    trade_ship_tokens: int
    """Trade ships an encounter owes it, placed on a free spaceport site at its next shake."""
    friendship_cards: dict[str, int]
    """Friendship cards it holds, per card kind (only the kinds held)."""
    rates: CardCounts
    """Its rate with the supply per resource: 3, or 2 with that resource's Merchants card;
    goods 2, or 1 once a turn with the Merchants goods card."""


class SectorView(TypedDict):
    slot: int
    """The slot's index in `board["slots"]` (H1-H4 home, N1-N8 near, F1-F7 far)."""
    face_up: bool
    """Its tile is face up."""
    kind: str | None
    """planetary, outpost, empty or home; None while face down."""
    tile: str | None
    """The tile's name (T1-T8 planetary, E1-E4 empty, an outpost's civilisation); None for
    home systems and face-down slots."""
    rotation: int | None
    """How far the tile is turned: its planet i lies on face (i + rotation) % 3; None while
    face down."""
    civilisation: str | None
    """An outpost's civilisation (green_folk, scientists, merchants, diplomats); else None."""


class PlanetView(TypedDict):
    planet: int
    """The planet's id: 3 x slot + the index of its face."""
    slot: int
    """The sector slot it is in."""
    face: list[int]
    """Its face's cell on the lattice: [x, y] of the 2x1 cell's lower-left corner."""
    resource: str
    """What it produces: ore, fuel, carbon, food or goods."""
    icon: str | None
    """The icon printed on it (triangle, square, hexagon): with the tile's stars, the pool its
    disc is drawn from; None for home planets."""
    disc: str | None
    """The number disc's label ("2".."12", "3/12", "2/11", "pirate4".."pirate6", "ice3",
    "ice4"), None while face down."""


class PieceView(TypedDict):
    point: int
    """The lattice point it stands on."""
    owner: int | None
    """None: a neutral piece (a blocker)."""
    piece: str
    """colony, spaceport, colony_ship or trade_ship."""


class MovingShipView(TypedDict):
    point: int
    """Where the ship is now (lifted off the map while it flies)."""
    piece: str
    """colony_ship or trade_ship."""
    steps_left: int
    """Lanes it may still fly in this move."""


class EncounterCardView(TypedDict):
    id: int
    """The card's number, 1 to 32 (engine/rulesets/starfarers/encounters.json)."""
    name: str
    """The card's title."""
    prompt: str
    """The card's question to the seat whose turn it is."""
    answer: str
    """How it is answered with encounter_answer: offer (a number of cards, 0 to 3), yesno
    (1 yes, 0 no) or none."""
    offer_to: str | None
    """"right_neighbour": the cards offered go to the seat before yours; else None."""


class EncounterView(TypedDict):
    draw_pile: int
    """Cards left in the encounter draw pile."""
    discard_pile: list[int]
    """The numbers of the cards discarded so far, ascending."""
    card: EncounterCardView | None
    """The card being answered; None when there is none or it is hidden from this seat."""
    need: str
    """What the card's effect waits for: none, return_cards, take_cards, gain_upgrade,
    lose_upgrade, immobilise_ship, choose_opponent, swap_count or place_trade_ship."""
    need_seat: int | None
    """The seat that must answer `need`; None when need is none."""


class UpgradeStockView(TypedDict):
    booster: int
    """Boosters left in the stock."""
    cannon: int
    """Cannons left in the stock."""
    pod: int
    """Freight pods left in the stock."""


class StarfarersView(GameView):
    balls: list[int] | None
    """This turn's mothership shake: the two balls drawn, as indices into (yellow, yellow,
    red, blue, black), ascending; None before the shake."""
    base_speed: int
    """The speed the last shake gave: the two balls' values added (yellow 2, red 3, blue 1),
    or 3 with the black ball (which also draws an encounter)."""
    board: dict[str, Any]
    """The static geometry (engine.rulesets.starfarers.board.board_json)."""
    points: list[int]
    """The lattice vertices that are points, where ships fly and stop: all but the sector
    centres, revealed outposts' centres excepted; a lane joins two neighbouring points."""
    sectors: list[SectorView]
    """The 19 sector slots, by slot index."""
    planets: list[PlanetView]
    """The planets of the face-up sectors, by planet id."""
    pieces: list[PieceView]
    """Every piece on the map, by point (a ship in flight is in `moving_ship` instead)."""
    moving_ship: MovingShipView | None
    """The ship being flown now; None when no ship is moving."""
    supply: CardCounts
    """Resource cards in the supply, per resource."""
    reserve_size: int
    """Cards in the reserve pile, dealt at random (its make-up is hidden; refilled from the
    supply)."""
    upgrade_stock: UpgradeStockView
    """Upgrades left in the stock, per kind."""
    half_medal_stock: int
    """Half fame medals left in the stock."""
    trade_ship_tokens_left: int
    """Trade ship tokens left in the stock (see the players' trade_ship_tokens)."""
    friendship_stacks: dict[str, int]
    """Friendship cards left to take, per card kind."""
    friendship_markers: dict[str, int]
    """Per civilisation: the seat holding its friendship marker (2 VP), -1 for nobody."""
    trade_stations: dict[str, list[int]]
    """Per civilisation: each seat's trade stations at its outpost (in seat order)."""
    encounter: EncounterView
    """The encounter deck and the card being answered."""
    players: list[StarfarersPlayerView]
    """Per seat, in seat order: what every seat may know of it."""
    state: dict[str, Any]
    """The game's snapshot, as a save stores it, with the hidden parts (other hands, the
    reserve, the encounter pile, a hidden card, the RNG) None: `sample_consistent` reads it."""
    me: NotRequired[MeView]
    """Your own hidden parts; absent from a spectator's view."""
