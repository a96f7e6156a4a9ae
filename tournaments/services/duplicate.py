"""Duplicate boards, as duplicate bridge plays them: one deal at several tables of a round.

The threat: a remote bot remembers every card it sees, across matches (in Busca every card is
seen by the end of a deal; in Buraco the stock order repeats). So no entry, and no two
entries of one owner, may ever hold or see two seats of one deal, at once or later. Hence:

- a round's playing tables are split into groups; the tables of a group deal one fresh seed,
  table ``j`` with its entrants moved ``j`` seats round, and each table is a different pairing
  (different entrants). Every group, in every round, gets a seed the event never dealt before;
- a duplicate event takes at most one entry per owner (house entries have no owner: they keep
  no memory between matches);
- a table alone of its size in a round (a final, a round with byes) has nobody to compare
  with: it plays a normal match on a fresh seed. A field that never has two tables is refused.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bots.owners import owner_groups
from tournaments.formats.base import Pairing as FormatPairing
from tournaments.models import Entry, Pairing, Tournament
from tournaments.services import boards
from tournaments.services.errors import TournamentError
from tournaments.services.seeds import seed_new

MIN_CAPACITY = 4  # two tables of two: the smallest field that has anything to compare


def owners_of(entry: Entry) -> set[int]:
    """Return the people behind an entry: its bots' owners or its players (house: nobody)."""
    if entry.kind == Entry.Kind.HOUSE:
        return set()
    members = {entry.user_id, entry.user2_id}
    members |= {bot.owner_id for bot in (entry.bot, entry.bot2) if bot is not None}
    members.discard(None)
    return {int(m) for m in members} or ({entry.owner_id} if entry.owner_id else set())


def _grouped(entries: Iterable[Entry]) -> list[tuple[Entry, set[int]]]:
    """Pair each entry with its owner groups (linked accounts are one owner: bots/owners.py)."""
    rows = [(entry, owners_of(entry)) for entry in entries]
    groups = owner_groups({person for _, people in rows for person in people})
    return [(entry, {groups[p] for p in people}) for entry, people in rows]


def owner_check_entry(tournament: Tournament, entry: Entry) -> None:
    """Refuse a second entry of one owner (or of linked accounts) in a duplicate event."""
    if not tournament.duplicate or not owners_of(entry):
        return
    active = Entry.objects.filter(tournament=tournament, status=Entry.Status.ACTIVE)
    [(_, mine), *others] = _grouped([entry, *active.select_related("bot", "bot2")])
    for other, theirs in others:
        if theirs & mine:
            raise TournamentError(
                f"a duplicate event takes one entry per owner: {other.label} is already "
                "entered by the same owner (or a linked account)",
                code="one_entry_per_owner",
            )


def owner_check_field(entries: Iterable[Entry]) -> None:
    """Refuse a duplicate field where two entries share an owner (or linked accounts)."""
    seen: dict[int, Entry] = {}
    for entry, owners in _grouped(entries):
        for owner in owners:
            if owner in seen:
                raise TournamentError(
                    f"a duplicate event takes one entry per owner: {seen[owner].label} and "
                    f"{entry.label} have the same owner (or linked accounts)",
                    code="one_entry_per_owner",
                )
            seen[owner] = entry


def groups_of(game: str, sizes: list[int]) -> list[list[int]]:
    """Split a round's playing tables (their player counts) into groups that share one deal.

    Only tables of one size can share a deal. A group has about one table per hand to compare
    (Busca: per seat; Mano a Mano: 2; Cerrado: one per side); leftovers join the groups, so no
    table is left alone unless it is the only one of its size. Returns table indexes.
    """
    by_size: dict[int, list[int]] = {}
    for index, size in enumerate(sizes):
        by_size.setdefault(size, []).append(index)
    groups: list[list[int]] = []
    for size, tables in sorted(by_size.items()):
        count = max(1, len(tables) // boards.positions(game, size))
        groups += [tables[g::count] for g in range(count)]
    return groups


def field_check(tournament: Tournament, first_round: list[FormatPairing]) -> None:
    """Refuse to start a duplicate event in which no round has two tables to compare.

    Busca's table knockout only shrinks, so its first round must have two tables of one size.
    In two-sided formats a field of four entries or more always has a round of two matches.
    """
    entries = {e for p in first_round for e in p.entries}
    sizes = [len(p.entries) for p in first_round if not p.is_bye]
    if tournament.game == "busca":
        fits = any(len(group) > 1 for group in groups_of(tournament.game, sizes))
    else:
        fits = len(entries) >= MIN_CAPACITY
    if not fits:
        raise TournamentError(
            "duplicate boards compare one deal at two tables or more, and this field of "
            f"{len(entries)} entries never has two tables of one size: add entries or turn "
            "duplicate off",
            code="bad_format",
        )


def seeds_fresh(tournament: Tournament, count: int) -> list[int]:
    """Return ``count`` seeds that no pairing of the tournament has dealt."""
    used = set(Pairing.objects.filter(tournament=tournament).values_list("seed", flat=True))
    seeds: list[int] = []
    while len(seeds) < count:
        seed = seed_new()
        if str(seed) not in used:
            used.add(str(seed))
            seeds.append(seed)
    return seeds


@dataclass(frozen=True)
class Board:
    """A finished duplicate table: its deal, who sat where, and the scores."""

    seed: str
    seat_entries: list[int]
    scores: list[int]


def duplicate_scores(game: str, tables: list[Board]) -> dict[int, float]:
    """Return each entry's duplicate score over the boards that other tables also played.

    For each deal and each hand of it (a seat; a side in Cerrado), an entry scores what its
    result was worth (minus its Buscas; its side's lead in Buraco) minus the mean of what the
    others who held the same hand at other tables made. Entries with nothing to compare are
    left out.
    """
    by_seed: dict[str, list[Board]] = {}
    for table in tables:
        by_seed.setdefault(table.seed, []).append(table)
    totals: dict[int, float] = {}
    for group in by_seed.values():
        if len(group) < 2:
            continue
        for hand in range(boards.positions(game, len(group[0].seat_entries))):
            held = [(t.seat_entries[hand], boards.seat_points(game, t.scores, hand)) for t in group]
            for index, (entry, value) in enumerate(held):
                others = [v for i, (_, v) in enumerate(held) if i != index]
                totals[entry] = totals.get(entry, 0.0) + value - sum(others) / len(others)
    return {entry: round(value, 2) for entry, value in totals.items()}


def result_scores(result: dict[str, Any] | None) -> list[int] | None:
    """Return a finished match's scores, or None when it has none to compare (aborted)."""
    if not result or result.get("scores") is None:
        return None
    return [int(s) for s in result["scores"]]
