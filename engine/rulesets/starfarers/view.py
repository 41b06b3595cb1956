"""What one seat may know of a Starfarers game, and games drawn from that knowledge.

The state never holds face-down tiles or discs (they are drawn when
revealed) nor a deck order, so what `build_view` must hide is small: the
other players' hands (shown as counts), the reserve pile's make-up (its size
is public), the encounter card another player is still answering, and the
RNG. `sample_consistent` refills exactly those from what the seat cannot
account for.
"""

from __future__ import annotations

from itertools import compress
from typing import Any

from engine.beliefs import Beliefs, deal_hands
from engine.config import GameConfig
from engine.rng import Rng
from engine.rulesets.starfarers import board as B
from engine.rulesets.starfarers.constants import ENCOUNTER, NEUTRAL, PHASE_NAMES, PIECE_NAMES
from engine.rulesets.starfarers.encounters import NEED_NAMES, cards
from engine.rulesets.starfarers.friendship import CARD_NAMES
from engine.rulesets.starfarers.game import StarfarersGame, restore
from engine.rulesets.starfarers.layouts import (
    CIV_NAMES,
    DISC_LABELS,
    ICON_NAMES,
    KIND_NAMES,
    RESOURCES,
    TILES,
)
from engine.rulesets.starfarers.view_types import (
    EncounterView,
    PieceView,
    PlanetView,
    SectorView,
    StarfarersPlayerView,
    StarfarersView,
)
from engine.views import config_view

PROTOCOL_VERSION = 1


def _counts(row: list[int]) -> dict[str, int]:
    return {name: row[i] for i, name in enumerate(RESOURCES)}


def encounter_hidden(game: StarfarersGame, seat: int | None) -> bool:
    """The card being answered is shown to the active player only."""
    return game.phase == ENCOUNTER and seat != game.current


def build_view(game: StarfarersGame, seat: int | None) -> StarfarersView:
    n = game.config.seats
    hidden_card = encounter_hidden(game, seat)
    state = game.snapshot()
    state["rng"] = None
    state["reserve"] = None
    state["enc_draw"] = None
    state["hands"] = [game.hands[p][:] if p == seat else None for p in range(n)]
    if hidden_card:
        state["enc_card"] = None
    players: list[StarfarersPlayerView] = []
    for p in range(n):
        players.append(
            {
                "seat": p,
                "resource_count": sum(game.hands[p]),
                "vp": game.vp[p],
                "colonies": game.n_colonies[p],
                "spaceports": game.n_ports[p],
                "medals": game.medals[p],
                "half_medals": game.half_medals[p],
                "boosters": game.upgrades[p][0],
                "cannons": game.upgrades[p][1],
                "pods": game.upgrades[p][2],
                "ships": sorted(game.ships[p]),
                "colonies_left": game.colonies_left[p],
                "stations_left": game.stations_left[p],
                "transports_left": game.transports_left[p],
                "rings_left": game.rings_left[p],
                "trade_ship_tokens": game.trade_tokens[p],
                "friendship_cards": {CARD_NAMES[k]: c for k, c in enumerate(game.fheld[p]) if c},
                "discard_owed": game.discard_owed[p],
                "rates": {name: game.rate(p, r) for r, name in enumerate(RESOURCES)},
            }
        )
    sectors: list[SectorView] = []
    for s in range(B.NUM_SLOTS):
        t = game.slot_tile[s]
        kind = game.slot_kind[s]
        sectors.append(
            {
                "slot": s,
                "face_up": kind >= 0,
                "kind": KIND_NAMES[kind] if kind >= 0 else None,
                "tile": TILES[t].name if t >= 0 else None,
                "rotation": game.slot_rot[s] if kind >= 0 else None,
                "civilisation": CIV_NAMES[TILES[t].civ] if t >= 0 and TILES[t].civ >= 0 else None,
            }
        )
    planets: list[PlanetView] = []
    for pi in range(B.NUM_PLANETS):
        if game.planet_res[pi] < 0:
            continue
        d = game.planet_disc[pi]
        planets.append(
            {
                "planet": pi,
                "slot": pi // 3,
                "face": list(B.SLOTS[pi // 3].faces[pi % 3]),
                "resource": RESOURCES[game.planet_res[pi]],
                "icon": ICON_NAMES[game.planet_icon[pi]] if game.planet_icon[pi] >= 0 else None,
                "disc": None if game.planet_hidden[pi] or not d else DISC_LABELS[d],
            }
        )
    occ_owner, occ_kind = game.occ_owner, game.occ_kind
    pieces: list[PieceView] = [
        {
            "point": v,
            "owner": None if occ_owner[v] == NEUTRAL else occ_owner[v],
            "piece": PIECE_NAMES[occ_kind[v]],
        }
        for v in compress(range(B.NUM_VERTICES), occ_kind)  # the occupied points only
    ]
    enc: EncounterView = {
        "draw_pile": sum(game.enc_draw),
        "discard_pile": [
            c + 1 for c in range(len(game.enc_discard)) for _ in range(game.enc_discard[c])
        ],
        "card": None,
        "need": NEED_NAMES[game.enc_need],
        "need_seat": game.enc_seat if game.enc_need else None,
    }
    if game.enc_card >= 0 and not hidden_card:
        card = cards()[game.enc_card]
        enc["card"] = {
            "id": game.enc_card + 1,
            "name": card["name"],
            "prompt": card["prompt"],
            "answer": card["answer"],
            "offer_to": card.get("offer_to"),
        }
    view: StarfarersView = {
        "protocol": PROTOCOL_VERSION,
        "ruleset": "starfarers",
        "config": config_view(game.config),
        "seat": seat,
        "num_seats": n,
        "vp_to_win": 15,
        "phase": PHASE_NAMES[game.phase],
        "to_act": game.to_act,
        "current": game.current,
        "start": game.start,
        "turn": game.turn,
        "dice": list(game.dice) if game.dice else None,
        "balls": state["balls"],
        "base_speed": game.base_speed,
        "board": B.shared_board_json(),  # static: one dict shared by every view
        "points": list(compress(range(B.NUM_VERTICES), game.is_point)),
        "sectors": sectors,
        "planets": planets,
        "pieces": pieces,
        "moving_ship": None
        if game.moving < 0
        else {
            "point": game.moving,
            "piece": PIECE_NAMES[game.moving_kind],
            "steps_left": game.steps_left,
        },
        "supply": _counts(game.supply),
        "reserve_size": sum(game.reserve),
        "upgrade_stock": {
            "booster": game.upgrade_stock[0],
            "cannon": game.upgrade_stock[1],
            "pod": game.upgrade_stock[2],
        },
        "half_medal_stock": game.hm_stock,
        "trade_ship_tokens_left": game.tokens_left,
        "friendship_stacks": {CARD_NAMES[k]: c for k, c in enumerate(game.fstack)},
        "friendship_markers": {CIV_NAMES[c]: game.marker[c] for c in range(4)},
        "trade_stations": {CIV_NAMES[c]: list(game.stations[c]) for c in range(4)},
        "encounter": enc,
        "trade": state["trade"],
        "offers_this_turn": game.offers_this_turn,
        "trade_limit": game.trade_limit,
        "players": players,
        "winner": game.winner,
        "state": state,
    }
    if seat is not None:
        view["me"] = {"hand": _counts(game.hands[seat]), "vp": game.vp[seat]}
    if game.winner is not None:
        view["scores"] = game.scores()
    return view


def sample_consistent(
    view: dict[str, Any], rng: Rng, beliefs: Beliefs | None = None
) -> StarfarersGame:
    """A game that `view`'s seat cannot tell from the real one, hidden parts drawn at random.

    Other hands and the reserve pile are dealt from the resource cards the seat
    cannot see (other hands within what `beliefs` allow, when a card counter
    gives them: `engine.beliefs.deal_hands`); an encounter card still being
    answered by someone else is drawn from the cards not in the discard pile;
    the RNG is fresh, so future dice, draws and reveals are unknown too.
    """
    seat = view["seat"]
    if seat is None:
        raise ValueError("a spectator's view has no seat to sample for")
    cfg = view["config"]
    config = GameConfig(cfg["ruleset"], cfg["seats"], rng.next64() >> 1, cfg["options"])
    state = dict(view["state"])
    n = config.seats
    mine = state["hands"][seat]
    unseen = [20 - state["supply"][r] - mine[r] for r in range(5)]
    counts = [view["players"][p]["resource_count"] for p in range(n)]
    dealt = deal_hands(unseen, counts, seat, {}, beliefs or {}, rng)
    state["hands"] = [list(mine) if p == seat else dealt[p] for p in range(n)]
    state["reserve"] = unseen
    left = [1 - state["enc_discard"][c] for c in range(len(state["enc_discard"]))]
    if state["enc_card"] is None and view["phase"] == "encounter":
        state["enc_card"] = rng.weighted_index(left)
    if state["enc_card"] is not None and state["enc_card"] >= 0:
        left[state["enc_card"]] -= 1
    state["enc_draw"] = left
    state["rng"] = config.seed
    return restore(config, state)
