"""Where each seat finished, and where its victory points came from.

`placings(view, scores)` orders the seats by final score (the winner first
on a tie, then seat order) and splits each score into its sources as the
scoreboard counts them: for the base game settlements, cities, Longest Road,
Largest Army and victory point cards; for Cities & Knights metropolises, the
merchant, Defender of Catan cards and the two progress VP cards besides; for
Fleet the islets' chips besides; for Starfarers colonies, spaceports,
friendship and medals. What the view cannot attribute is told as "other".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


@dataclass(frozen=True)
class Placing:
    place: int  # 1 for the first; equal scores share a place
    seat: int
    vp: int
    sources: tuple[tuple[str, int], ...]  # (what, VP), only the non-zero ones

    @property
    def ordinal(self) -> str:
        return ORDINALS[self.place - 1] if self.place <= len(ORDINALS) else f"{self.place}th"


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _base_sources(
    player: Mapping[str, Any],
    total: int,
    more: Sequence[tuple[str, int]] = (),
    army: bool = True,
) -> list[tuple[str, int]]:
    """The hex family's: the pieces, Longest Road, Largest Army (`army`), a ruleset's `more`,
    and what is left of `total` as VP cards."""
    settlements = 5 - int(player.get("settlements_left", 5))
    cities = 4 - int(player.get("cities_left", 4))
    out = [
        (_count(settlements, "settlement", "settlements"), settlements),
        (_count(cities, "city", "cities"), 2 * cities),
        ("Longest Road", 2 if player.get("longest_road") else 0),
    ]
    if army:
        out.append(("Largest Army", 2 if player.get("largest_army") else 0))
    out += more
    cards = total - sum(vp for _, vp in out)
    out.append((_count(cards, "VP card", "VP cards"), cards))
    return out


def _ck_sources(
    view: Mapping[str, Any], seat: int, player: Mapping[str, Any], total: int
) -> list[tuple[str, int]]:
    """C&K: no Largest Army, and metropolises, the merchant and Defenders besides; the rest
    are its two VP progress cards (every point is public)."""
    vertices = view.get("vertices") or []
    metropolises = sum(
        1
        for v in (view.get("metropolis") or {}).values()  # per track, its vertex or -1
        if 0 <= v < len(vertices) and vertices[v][0] == seat
    )
    defenders = int(player.get("defenders", 0))
    more = [
        (_count(metropolises, "metropolis", "metropolises"), 2 * metropolises),
        ("the merchant", 1 if view.get("merchant_owner") == seat else 0),
        (_count(defenders, "Defender of Catan", "Defenders of Catan"), defenders),
    ]
    return _base_sources(player, total, more, army=False)


def _fleet_sources(
    view: Mapping[str, Any], seat: int, player: Mapping[str, Any], total: int
) -> list[tuple[str, int]]:
    """Fleet: the base game's sources, with the islets' VP chips told apart from VP cards."""
    worth = view.get("islet_vp") or ()
    held = [i for i, holder in enumerate(view.get("islet_holders") or ()) if holder == seat]
    islets = sum(int(worth[i]) if i < len(worth) else 1 for i in held)
    return _base_sources(player, total, [(_count(len(held), "islet chip", "islet chips"), islets)])


def _starfarers_sources(player: Mapping[str, Any], total: int) -> list[tuple[str, int]]:
    colonies = int(player.get("colonies", 0))
    ports = int(player.get("spaceports", 0))
    medals = int(player.get("medals", 0)) + int(player.get("half_medals", 0)) // 2
    out = [
        (_count(colonies, "colony", "colonies"), colonies),
        (_count(ports, "spaceport", "spaceports"), 2 * ports),
        ("fame medals", medals),
    ]
    friendship = total - sum(vp for _, vp in out)
    out.append(("friendship", friendship))
    return out


def vp_sources(view: Mapping[str, Any], seat: int, total: int) -> tuple[tuple[str, int], ...]:
    players = view.get("players") or []
    player = players[seat] if seat < len(players) else {}
    if "defenders" in player:  # Cities & Knights
        found = _ck_sources(view, seat, player, total)
    elif "islet_holders" in view:  # Fleet
        found = _fleet_sources(view, seat, player, total)
    elif "settlements_left" in player:  # the hex family's pieces
        found = _base_sources(player, total)
    elif "colonies" in player:  # Starfarers
        found = _starfarers_sources(player, total)
    else:
        found = [("other", total)]
    return tuple((what, vp) for what, vp in found if vp)


def placings(
    view: Mapping[str, Any], scores: Sequence[int], winner: int | None = None
) -> list[Placing]:
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s != winner, s))
    out: list[Placing] = []
    for i, seat in enumerate(order):
        tied = bool(out) and scores[seat] == out[-1].vp and out[-1].seat != winner
        place = out[-1].place if tied else i + 1
        out.append(Placing(place, seat, scores[seat], vp_sources(view, seat, scores[seat])))
    return out


def sources_text(p: Placing) -> str:
    return ", ".join(f"{what} ({vp})" for what, vp in p.sources) or "no points"
