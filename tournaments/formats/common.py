"""Helpers shared by the formats: checks, seeds, finishing orders and ranks."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TypeVar

from tournaments.formats.base import Entry, Outcome, Pairing, Round, Settings

BUSCA = "busca"
BURACO_GAMES = frozenset({"buraco-cerrado", "buraco-mano-a-mano"})
ALL_GAMES = BURACO_GAMES | {BUSCA}

K = TypeVar("K", bound=Hashable)


class FormatError(ValueError):
    """The entries, settings or history do not fit the format."""


def check_field(entries: Sequence[Entry], settings: Settings, games: Iterable[str]) -> None:
    """Raise FormatError unless the entries and the game suit the format."""
    if settings.game not in games:
        raise FormatError(f"this format does not play {settings.game!r}")
    if len(entries) < 2:
        raise FormatError("a tournament needs at least 2 entries")
    if len({e.id for e in entries}) != len(entries):
        raise FormatError("entry ids must be distinct")
    if len({e.seed for e in entries}) != len(entries):
        raise FormatError("entry seeds must be distinct")


def by_seed(entries: Iterable[Entry]) -> list[Entry]:
    """Return the entries best seed first."""
    return sorted(entries, key=lambda e: e.seed)


def seed_map(entries: Iterable[Entry]) -> dict[int, int]:
    """Return entry id -> seed."""
    return {e.id: e.seed for e in entries}


def outcomes_by_key(history: Sequence[Round]) -> dict[str, tuple[int, Outcome]]:
    """Return pairing key -> (round number, outcome) over the finished rounds."""
    return {
        pairing.key: (number, outcome)
        for number, played in enumerate(history, start=1)
        for pairing, outcome in played
    }


def finishing_order(pairing: Pairing, outcome: Outcome | None, seeds: dict[int, int]) -> list[int]:
    """Return the pairing's entries best first; a shared place goes to the higher seed."""
    if pairing.is_bye:
        return list(pairing.entries)
    if outcome is None:
        raise FormatError(f"pairing {pairing.key} has no outcome")
    missing = [e for e in pairing.entries if e not in outcome.places]
    if missing:
        raise FormatError(f"outcome {outcome.key} has no place for entries {missing}")
    return sorted(pairing.entries, key=lambda e: (outcome.places[e], seeds[e]))


def place_groups(pairing: Pairing, outcome: Outcome) -> list[list[int]]:
    """Return the pairing's entries grouped by shared place, best group first."""
    groups: dict[int, list[int]] = {}
    for entry in pairing.entries:
        groups.setdefault(outcome.places[entry], []).append(entry)
    return [groups[place] for place in sorted(groups)]


def competition_ranks(items: Sequence[K], key: Callable[[K], tuple[float, ...]]) -> dict[K, int]:
    """Rank items by key, higher first, sharing a rank on equal keys (1, 2, 2, 4)."""
    ordered = sorted(items, key=key, reverse=True)
    ranks: dict[K, int] = {}
    previous: tuple[float, ...] | None = None
    rank = 0
    for position, item in enumerate(ordered, start=1):
        current = key(item)
        if current != previous:
            rank, previous = position, current
        ranks[item] = rank
    return ranks


def table_sizes(n: int) -> list[int]:
    """Split n entries into tables of 4, with tables of 3 only where n forces them (n != 5)."""
    if n <= 4:
        return [n]
    if n == 5:
        raise FormatError("5 entries do not split into tables of 3 and 4")
    tables = -(-n // 4)
    threes = 4 * tables - n
    return [4] * (tables - threes) + [3] * threes
