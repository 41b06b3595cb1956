"""A player's fleet as a simple path of vertices, and how it grows and moves (rules §8).

A fleet is the tuple of vertices ``(v0, v1, ..., vn)``: ship i lies on the
edge ``{v(i-1), v(i)}``; all vertices are distinct (no branch, no ring). It
grows only at its two ends, and moves as a caterpillar: the front is one of
the two ends, and each step takes the rearmost ship and puts it in front of
the foremost one. A move is written as its *route*: the front vertex and the
vertices the front passes through, ``(front, w1, ..., wk)``, 1 <= k <= ships.

These functions are pure: they read the map's ship adjacency, a predicate
for the edges a ship may take, and the edges blocked by the pirate.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

MAX_SHIPS = 5

Path = tuple[int, ...]
Adjacency = Sequence[Sequence[tuple[int, int]]]


def ships(path: Path) -> int:
    return len(path) - 1 if path else 0


def ship_edges(path: Path, edge_between: Callable[[int, int], int]) -> list[int]:
    return [edge_between(path[i - 1], path[i]) for i in range(1, len(path))]


def extension_edges(
    path: Path, adjacent: Adjacency, free: Callable[[int], bool], blocked: Collection[int]
) -> list[tuple[int, int, bool]]:
    """(edge, new vertex, at the front end) for each ship that extends `path` at one of its ends."""
    out: list[tuple[int, int, bool]] = []
    for end, front in ((path[-1], True), (path[0], False)):
        for w, e in adjacent[end]:
            if w not in path and free(e) and e not in blocked:
                out.append((e, w, front))
    return out


def extended(path: Path, w: int, front: bool) -> Path:
    return (*path, w) if front else (w, *path)


def routes(
    path: Path,
    adjacent: Adjacency,
    free: Callable[[int], bool],
    blocked: Collection[int],
    edge_between: Callable[[int, int], int],
) -> list[Path]:
    """Every legal move of the fleet `path`: its routes, shortest first per front.

    `free(e)`: no road and no other player's ship on `e` (the fleet's own
    ships are accounted for here). A step is refused if the ship taken off
    the rear, or the edge it is put on, is `blocked` (the pirate's hex).
    A one-ship fleet may not step back onto the edge it left (not a move).
    """
    n = len(path) - 1
    out: list[Path] = []
    edges = ship_edges(path, edge_between)
    for oriented, rears in ((path, edges), (path[::-1], edges[::-1])):
        _extend_routes(oriented, rears, (oriented[-1],), 0, n, adjacent, free, blocked, out)
    return out


def _extend_routes(
    cur: Path,
    rears: list[int],
    route: Path,
    k: int,
    n: int,
    adjacent: Adjacency,
    free: Callable[[int], bool],
    blocked: Collection[int],
    out: list[Path],
) -> None:
    """The routes that continue `route` (`k` steps taken, the fleet now `cur`).

    Step k takes the rear ship, which is always one of the fleet's own ships
    before the move (at most n steps): `rears[k]`, the k-th ship edge from
    the rear of the oriented fleet.
    """
    if k == n or rears[k] in blocked:
        return
    body = cur[1:]
    head = body[-1]
    for w, e in adjacent[head]:
        if w in body or not free(e) or e in blocked:
            continue
        if n == 1 and w == cur[0]:
            continue  # back onto the edge it left: not a move
        step = (*route, w)
        out.append(step)
        _extend_routes((*body, w), rears, step, k + 1, n, adjacent, free, blocked, out)


def moved(path: Path, route: Path) -> Path:
    """The fleet after moving along `route` (assumed legal)."""
    oriented = path if route[0] == path[-1] else path[::-1]
    k = len(route) - 1
    return (*oriented[k:], *route[1:])


def route_problem(
    path: Path,
    route: Path,
    adjacent: Adjacency,
    free: Callable[[int], bool],
    blocked: Collection[int],
    edge_between: Callable[[int, int], int],
) -> str | None:
    """Why `route` is not a legal move of `path` (None if it is)."""
    n = len(path) - 1
    if len(route) < 2:
        return "a move names the front and at least one step"
    if route[0] not in (path[0], path[-1]):
        return (
            f"vertex {route[0]} is not an end of your fleet (its ends are {path[0]} and {path[-1]})"
        )
    k = len(route) - 1
    if k > n:
        return f"the fleet has {n} ship{'s' if n != 1 else ''}: it moves at most {n} steps a turn"
    cur = path if route[0] == path[-1] else path[::-1]
    for w in route[1:]:
        rear = edge_between(cur[0], cur[1])
        if rear in blocked:
            return f"the ship on edge {rear} lies next to the pirate and may not move"
        body = cur[1:]
        head = body[-1]
        e = next((e for x, e in adjacent[head] if x == w), -1)
        if e < 0:
            return f"no ship can sail from vertex {head} to vertex {w}"
        if n == 1 and w == cur[0]:
            return "moving back onto the edge it left is not a move"
        if w in body:
            return f"vertex {w} is already on the fleet's path (a fleet never branches or closes)"
        if not free(e):
            return f"edge {e} holds a road or another ship"
        if e in blocked:
            return f"edge {e} lies next to the pirate"
        cur = (*body, w)
    return None


def pieces_after(
    path: Path, sunk: Collection[int], edge_between: Callable[[int, int], int]
) -> list[Path]:
    """The runs of consecutive ships of `path` left when the ships on `sunk` edges are lost."""
    out: list[Path] = []
    run: list[int] = [path[0]]
    for i in range(1, len(path)):
        if edge_between(path[i - 1], path[i]) in sunk:
            if len(run) > 1:
                out.append(tuple(run))
            run = [path[i]]
        else:
            run.append(path[i])
    if len(run) > 1:
        out.append(tuple(run))
    return out


def is_simple_path(path: Sequence[int], adjacent: Adjacency) -> bool:
    """A fleet's shape: 2 to MAX_SHIPS + 1 distinct vertices, each pair linked by a ship edge."""
    if not 2 <= len(path) <= MAX_SHIPS + 1 or len(set(path)) != len(path):
        return False
    return all(any(x == path[i] for x, _ in adjacent[path[i - 1]]) for i in range(1, len(path)))


def flatten(pieces: Sequence[Path]) -> tuple[int, ...]:
    """Pieces as one tuple of ints with -1 between them (a decision's data)."""
    out: list[int] = []
    for p in pieces:
        if out:
            out.append(-1)
        out.extend(p)
    return tuple(out)


def unflatten(data: Sequence[int]) -> list[Path]:
    out: list[Path] = []
    run: list[int] = []
    for v in data:
        if v < 0:
            out.append(tuple(run))
            run = []
        else:
            run.append(v)
    if run:
        out.append(tuple(run))
    return out
