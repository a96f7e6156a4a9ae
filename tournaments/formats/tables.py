"""Busca tables: snake seeding, keeping owners apart, and seat rotation."""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.formats.base import Entry


def snake(entries: Sequence[Entry], sizes: Sequence[int]) -> list[list[Entry]]:
    """Deal entries (best first) across tables in a snake: 1, 2, ..., k, k, ..., 2, 1, ..."""
    tables: list[list[Entry]] = [[] for _ in sizes]
    order = list(range(len(sizes)))
    dealt = 0
    row = 0
    while dealt < len(entries):
        for t in order if row % 2 == 0 else order[::-1]:
            if dealt < len(entries) and len(tables[t]) < sizes[t]:
                tables[t].append(entries[dealt])
                dealt += 1
        row += 1
    return tables


def _owners(table: Sequence[Entry], without: Entry | None = None) -> set[int]:
    return {e.owner for e in table if e.owner is not None and e is not without}


def _clash(table: Sequence[Entry], stuck: set[int]) -> Entry | None:
    """Return the worse-seeded entry of a pair of one owner at the table, if any."""
    seen: set[int] = set()
    for entry in sorted(table, key=lambda e: e.seed):
        if entry.owner is not None:
            if entry.owner in seen and entry.id not in stuck:
                return entry
            seen.add(entry.owner)
    return None


def separate_owners(tables: list[list[Entry]]) -> list[list[Entry]]:
    """Swap entries between tables until no owner has two entries at one table, if possible.

    Each swap takes the entry nearest in seed that clears the clash without making another,
    so the snake's balance suffers as little as it can.
    """
    tables = [list(t) for t in tables]
    stuck: set[int] = set()
    while True:
        clash = next(
            (
                (t, entry)
                for t, table in enumerate(tables)
                if (entry := _clash(table, stuck)) is not None
            ),
            None,
        )
        if clash is None:
            if stuck and any(_clash(table, set()) for table in tables):
                # The swaps got stuck: deal the entries out again, owners apart, if possible.
                return _owners_apart(tables) or tables
            return tables
        t, entry = clash
        best: tuple[int, int, int] | None = None
        for u, other in enumerate(tables):
            if u == t:
                continue
            for j, candidate in enumerate(other):
                fits_here = candidate.owner is None or candidate.owner not in _owners(
                    tables[t], without=entry
                )
                fits_there = entry.owner not in _owners(other, without=candidate)
                if fits_here and fits_there:
                    distance = abs(candidate.seed - entry.seed)
                    if best is None or distance < best[0]:
                        best = (distance, u, j)
        if best is None:
            stuck.add(entry.id)
            continue
        _, u, j = best
        i = tables[t].index(entry)
        tables[t][i], tables[u][j] = tables[u][j], tables[t][i]


def _owners_apart(tables: list[list[Entry]]) -> list[list[Entry]] | None:
    """Refill tables of the same sizes with no owner twice at a table, or None if impossible.

    The owner with most entries goes first, one entry to each of the tables with most room
    left: placing the largest groups first into the roomiest tables never blocks a later group
    that could have fitted. Entries without an owner fill what is left, best seeds first.
    """
    room = [len(table) for table in tables]
    out: list[list[Entry]] = [[] for _ in tables]
    groups: dict[int, list[Entry]] = {}
    free: list[Entry] = []
    for entry in sorted((e for table in tables for e in table), key=lambda e: e.seed):
        if entry.owner is None:
            free.append(entry)
        else:
            groups.setdefault(entry.owner, []).append(entry)
    for members in sorted(groups.values(), key=lambda g: (-len(g), g[0].seed)):
        chosen = sorted(range(len(room)), key=lambda t: (-room[t], t))[: len(members)]
        if len(chosen) < len(members) or any(room[t] == 0 for t in chosen):
            return None
        for t, entry in zip(sorted(chosen), members, strict=True):
            out[t].append(entry)
            room[t] -= 1
    for entry in free:
        t = max(range(len(room)), key=lambda t: (room[t], -t))
        out[t].append(entry)
        room[t] -= 1
    return out


def seat(table: Sequence[Entry], turn: int) -> tuple[int, ...]:
    """Return the table's entry ids in seat order: by seed, rotated by turn."""
    ordered = sorted(table, key=lambda e: e.seed)
    shift = turn % len(ordered)
    return tuple(e.id for e in ordered[shift:] + ordered[:shift])
