"""Which seats play together, per game (Cerrado's partners share a side)."""

from __future__ import annotations


def side_of(game: str, seat: int) -> int:
    """Return the side of ``seat``: partners in Cerrado, everyone alone elsewhere."""
    return seat % 2 if game == "buraco-cerrado" else seat


def sides(game: str, seats: int) -> dict[int, list[int]]:
    """Return the seats of each side."""
    out: dict[int, list[int]] = {}
    for seat in range(seats):
        out.setdefault(side_of(game, seat), []).append(seat)
    return out


def sport_places(keys: list[tuple[object, ...]]) -> list[int]:
    """Return 1-based places for sort keys (lower is better); equal keys share (1, 2, 2, 4)."""
    order = sorted(range(len(keys)), key=lambda i: keys[i])  # type: ignore[arg-type, return-value]
    places = [0] * len(keys)
    for rank, index in enumerate(order):
        if rank and keys[index] == keys[order[rank - 1]]:
            places[index] = places[order[rank - 1]]
        else:
            places[index] = rank + 1
    return places
