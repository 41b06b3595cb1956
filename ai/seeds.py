"""A bot's seed: a one-way hash of the game's seed, the game's number and the bot's seat.

A bot is handed a seed for its own randomness, so that a seeded game replays
exactly. A seed the bot could turn back into the game's (the game's seed times
ten plus the seat, say) would give it every future roll and, by replaying the
actions, every hidden hand: from this one it can learn the game's seed only by
trying candidates, which a 63-bit random seed (every game started without one)
puts out of reach. A small seed chosen by hand (`--seed 7`) can be guessed;
ai/README.md says so.
"""

from __future__ import annotations

import hashlib

_PERSON = b"catan-bot-seed"


def bot_seed(game_seed: int, seat: int, game_index: int = 0) -> int:
    """The seed of the bot in `seat` of game `game_index` played from `game_seed` (63 bits)."""
    data = f"{game_seed}:{game_index}:{seat}".encode()
    digest = hashlib.blake2b(data, digest_size=8, person=_PERSON).digest()
    return int.from_bytes(digest, "big") >> 1
