"""Ties that decide a place that matters, and the extra boards that break them.

A pairing's finishing order has a *cut* after position k when who finishes k-th and who
finishes (k+1)-th matters: one goes through and the other does not (a knockout), or both are on
the podium in different places (a final, a third-place match, a play-off for a podium place).
A tie *straddles* a cut when entrants sharing one place sit on both sides of it.

Extra boards are played among the tied entrants only. Two of them are *separated* when the 95%
Wilson interval of one's share of the boards it finished ahead of the other (boards where they
tie do not count) lies wholly above or wholly below one half.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from tournaments.formats.base import Outcome, Pairing, Settings, Standing

PODIUM = 3  # places 1, 2 and 3 are the podium
PLAYOFF = "playoff"  # the bracket of a play-off for podium places after a Swiss or round robin
Z95 = 1.959963984540054
KNOCKOUTS = frozenset({"single_elimination", "double_elimination"})
PLAYOFF_FORMATS = frozenset({"swiss", "round_robin"})  # their podium comes from standings


def playoff_key(rank: int) -> str:
    """Return the key of the play-off among the entries sharing standings rank ``rank``."""
    return f"P{rank}"


def playoff_rank(key: str) -> int:
    """Return the standings rank a play-off key is for (``P2`` -> 2)."""
    return int(key[1:])


def cut_positions(format_name: str, pairing: Pairing, settings: Settings) -> frozenset[int]:
    """Return the positions k after which the pairing's finishing order is cut."""
    size = len(pairing.entries)
    if size < 2:
        return frozenset()
    if pairing.bracket == PLAYOFF:
        first = playoff_rank(pairing.key)
        return frozenset(k for k in range(1, size) if first + k - 1 <= PODIUM)
    if format_name in KNOCKOUTS:
        return frozenset({1})  # the winner goes on (or takes the better podium place)
    if format_name == "table_knockout":
        if pairing.bracket == "final":
            return frozenset(k for k in range(1, size) if k <= PODIUM)
        return frozenset({min(settings.advance, size - 1)})
    return frozenset()  # a Swiss or round-robin game decides no place by itself


def contested(places: dict[int, int], cuts: frozenset[int]) -> list[list[int]]:
    """Return the groups of entrants who share a place across a cut, best group first."""
    ordered = sorted(places, key=lambda e: places[e])
    groups: list[list[int]] = []
    for k in sorted(cuts):
        if k >= len(ordered):
            continue
        shared = places[ordered[k - 1]]
        if places[ordered[k]] != shared:
            continue
        group = sorted(e for e in ordered if places[e] == shared)
        if group not in groups:
            groups.append(group)
    return groups


def wilson(wins: int, games: int) -> tuple[float, float]:
    """Return the 95% Wilson score interval of a share ``wins`` of ``games`` (0..1)."""
    if games == 0:
        return (0.0, 1.0)
    share = wins / games
    z2 = Z95 * Z95
    centre = (share + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 * math.sqrt(share * (1 - share) / games + z2 / (4 * games * games))
    half /= 1 + z2 / games
    return (max(0.0, centre - half), min(1.0, centre + half))


def head_to_head(first: int, second: int, boards: Sequence[dict[int, int]]) -> tuple[int, int]:
    """Return how many boards ``first`` finished ahead of ``second``, and behind."""
    ahead = sum(1 for b in boards if b[first] < b[second])
    behind = sum(1 for b in boards if b[first] > b[second])
    return ahead, behind


def separated(first: int, second: int, boards: Sequence[dict[int, int]]) -> bool:
    """Tell whether the boards separate two entrants at 95% (draws do not count)."""
    ahead, behind = head_to_head(first, second, boards)
    low, high = wilson(ahead, ahead + behind)
    return low > 0.5 or high < 0.5


@dataclass(frozen=True)
class Resolution:
    """How extra boards ordered one tied group."""

    places: dict[int, int]  # entry -> place, from the group's shared place on (ties kept)
    separated: bool  # every entrant above a cut is separated from every one below it


def resolve(
    group: list[int], place: int, cuts: frozenset[int], boards: Sequence[dict[int, int]]
) -> Resolution:
    """Order a group tied at ``place`` by its extra boards.

    ``boards`` holds each extra board's places among (at least) the group's entrants. The
    group is ordered by mean place over the boards; entrants with the same mean keep sharing a
    place. It is separated when, at every cut inside the group, each entrant above the cut is
    separated from each one below it.
    """
    mean = {e: (sum(b[e] for b in boards) / len(boards) if boards else 0.0) for e in group}
    ordered = sorted(group, key=lambda e: (mean[e], e))
    places = {e: place + sum(1 for o in group if mean[o] < mean[e]) for e in group}
    inside = [k - place + 1 for k in sorted(cuts) if place <= k < place + len(group) - 1]
    split = bool(boards) and all(
        separated(above, below, boards)
        for k in inside
        for above in ordered[:k]
        for below in ordered[k:]
    )
    return Resolution(places=places, separated=split and bool(inside))


def playoff_groups(standings: Sequence[Standing], table: int) -> list[tuple[int, list[int]]]:
    """Return (rank, entries) of each group sharing a podium rank that one table seats."""
    ranks: dict[int, list[int]] = {}
    for line in standings:
        ranks.setdefault(line.rank, []).append(line.entry)
    return [
        (rank, ranks[rank])
        for rank in sorted(ranks)
        if rank <= PODIUM and 2 <= len(ranks[rank]) <= table
    ]


def apply_playoffs(
    standings: Sequence[Standing], playoffs: Sequence[tuple[Pairing, Outcome]]
) -> list[Standing]:
    """Return the standings with each finished play-off's order inside its shared rank."""
    moved: dict[int, int] = {}
    for pairing, outcome in playoffs:
        first = playoff_rank(pairing.key)
        for entry in pairing.entries:
            if entry in outcome.places:
                moved[entry] = first + outcome.places[entry] - 1
    lines = [replace(line, rank=moved.get(line.entry, line.rank)) for line in standings]
    order = {line.entry: position for position, line in enumerate(standings)}
    return sorted(lines, key=lambda line: (line.rank, order[line.entry]))
