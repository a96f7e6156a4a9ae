"""Buscas for one deal, elimination after it, and the finishing order."""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.busca.cards import DEAL_POINTS


def busca_count(points: int) -> int:
    """Return the Buscas of a lone top scorer with ``points``: 1, 2, or points - 20."""
    if points <= 18:
        return 1
    if points <= 22:
        return 2
    return points - 20


def deal_buscas(points: Sequence[int], *, two_tied_double: bool = True) -> list[int]:
    """Return the Buscas each player gets for one deal, from the points each took (seat order)."""
    n = len(points)
    if not 2 <= n <= 4:
        raise ValueError(f"a deal has 2 to 4 players, not {n}")
    if any(p < 0 for p in points) or sum(points) != DEAL_POINTS:
        raise ValueError(f"points must be non-negative and add up to {DEAL_POINTS}: {points}")
    if DEAL_POINTS in points:
        return [0 if p == DEAL_POINTS else 3 for p in points]
    zeros = points.count(0)
    if zeros:
        # Three zeros (four players) would mean one took all 40: case 1 above.
        each = 1 if zeros == 1 else 2
        return [each if p == 0 else 0 for p in points]
    top = max(points)
    tied = points.count(top)
    if tied == 1:
        each = busca_count(top)
    elif tied == 2:
        each = 2 * busca_count(top) if two_tied_double else 2
    else:
        each = tied
    return [each if p == top else 0 for p in points]


# Why a player got Buscas for a deal (RULES.md, "Scoring a deal"), one code a player:
ALL = "all"  # another player took every point: the others get 3 each
NONE = "none"  # this player took no point
MOST = "most"  # this player alone took the most points
TIED = "tied"  # tied with others for the most points
WHY_CODES = (ALL, NONE, MOST, TIED)


def buscas_why(points: Sequence[int]) -> list[str | None]:
    """Return why each player got Buscas for one deal (None: they got none), from the points
    each took: the reason ``deal_buscas`` applied, as a code of WHY_CODES."""
    if DEAL_POINTS in points:
        return [None if p == DEAL_POINTS else ALL for p in points]
    if 0 in points:
        return [NONE if p == 0 else None for p in points]
    top = max(points)
    tied = points.count(top) > 1
    return [(TIED if tied else MOST) if p == top else None for p in points]


def eliminated(seats: Sequence[int], totals: Sequence[int], limit: int) -> list[int]:
    """Return the seats among ``seats`` put out by ``totals``; never all of them."""
    over = [s for s in seats if totals[s] >= limit]
    if len(over) < len(seats):
        return over
    top = max(totals[s] for s in seats)
    over = [s for s in seats if totals[s] == top]
    return over if len(over) < len(seats) else []


def sport_places(keys: Sequence[tuple[int, ...]]) -> list[int]:
    """Return 1-based places for sort keys (smaller is better); equal keys share a place."""
    return [1 + sum(1 for other in keys if other < key) for key in keys]
