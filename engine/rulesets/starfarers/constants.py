"""Constants shared by the Starfarers modules: phases, pieces, costs and limits.

Kept apart from game.py so that the rule modules can read them at import time
without a circular import.
"""

from __future__ import annotations

# phases
(
    SETUP_COLONY,
    SETUP_PORT,
    SETUP_SHIP,
    SETUP_UPGRADE,
    PRE_ROLL,
    DISCARD,
    STEAL,
    RELIEF,
    MAIN,
    TRADE_RESPONSE,
    TRADE_CONFIRM,
    ENCOUNTER,
    ENC_CHOICE,
    FLIGHT,
    FRIENDSHIP,
    GAME_OVER,
) = range(16)
PHASE_NAMES = (
    "setup_colony",  # place a starting colony (the variants that let players place them)
    "setup_spaceport",  # choose the starting colony that becomes a spaceport
    "setup_ship",  # the starting ship, colony or trade, on a free site beside the spaceport
    "setup_upgrade",  # choose the starting upgrade among the options the variant offers
    "pre_roll",  # the turn's start: roll (production)
    "discard",  # a 7: give back one card at a time until half the hand is gone
    "steal",  # a 7: choose the seat to take a card from
    "relief",  # Diplomats' relief: a seat the roll paid nothing takes a card from the supply
    "main",  # trade and build in any order; then shake the mothership, or end the turn
    "trade_response",  # answer the offer on the table: accept, decline or counter
    "trade_confirm",  # the offerer: confirm one answer, or cancel
    "encounter",  # answer the encounter card drawn on a black ball
    "encounter_choice",  # a choice within an encounter's outcome (cards, an upgrade, a seat)
    "flight",  # fly the ships point by point up to their speed, then end each move
    "friendship",  # choose a friendship card at the outpost where a trade station went up
    "game_over",  # the game is over: nothing to decide
)
SETUP_PHASES = (SETUP_COLONY, SETUP_PORT, SETUP_SHIP, SETUP_UPGRADE)

# pieces on a point
EMPTY_POINT, COLONY, SPACEPORT, COLONY_SHIP, TRADE_SHIP = range(5)
PIECE_NAMES = ("", "colony", "spaceport", "colony_ship", "trade_ship")
NEUTRAL = -2
# ship flags
MOVED, STUCK, PARKED = 1, 2, 4

BOOSTER, CANNON, POD = range(3)
UPGRADE_MAX = (6, 6, 5)
UPGRADE_STOCK = (24, 24, 20)
UPGRADE_COST: tuple[tuple[int, ...], ...] = ((0, 2, 0, 0, 0), (0, 0, 2, 0, 0), (2, 0, 0, 0, 0))
SPACEPORT_COST = (0, 0, 3, 2, 0)
COLONY_SHIP_COST = (1, 1, 1, 1, 0)
TRADE_SHIP_COST = (1, 1, 0, 0, 2)
FAME_COST = (0, 0, 0, 0, 2)
PIECES = {"colonies": 9, "stations": 7, "transports": 3, "rings": 3}
RESOURCE_TOTAL = 20
RESERVE_PER_TYPE = 8
HALF_MEDALS = 40
TRADE_TOKENS = 6
VP_TO_WIN = 15
NUM_CARDS = 32
