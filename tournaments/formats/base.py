"""The contract between the formats and the tournaments app."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol


@dataclass(frozen=True)
class Entry:
    """A tournament entry: a bot, a person or a fixed pair (Cerrado)."""

    id: int
    seed: int  # 1 = the top seed; every entry has a distinct seed
    owner: int | None = None  # two entries of one owner never share a Busca table


@dataclass(frozen=True)
class Pairing:
    """One match to play in a round, or a bye (a single entry)."""

    key: str  # unique within the tournament and stable, e.g. "W1-3", "L2-1", "GF", "T2-4"
    entries: tuple[int, ...]  # entry ids in seat order; one entry = a bye
    bracket: str = "main"  # "winners", "losers", "final", "reset", "third", "table", "swiss", "rr"

    @property
    def is_bye(self) -> bool:
        return len(self.entries) == 1


@dataclass(frozen=True)
class Outcome:
    """The result of a pairing, as the tournaments app reads it from its match(es)."""

    key: str
    places: dict[int, int]  # entry id -> place, 1 = best; a shared place is a draw
    # Per entry, points for tie-breaks: the score difference in Buraco, minus Buscas in Busca.
    score: dict[int, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Settings:
    """What a format needs to know besides the entries."""

    game: str  # "busca", "buraco-cerrado" or "buraco-mano-a-mano"
    third_place: bool = False  # single elimination: play a match for third place
    advance: int = 2  # table knockout: how many of each table go through
    rounds: int | None = None  # Swiss: number of rounds (default: enough to find a winner)


@dataclass(frozen=True)
class Standing:
    """One line of the standings, best first."""

    entry: int
    rank: int  # shared ranks allowed (1, 2, 2, 4)
    points: float = 0.0
    tiebreaks: dict[str, float] = field(default_factory=dict)
    eliminated_in: int | None = None  # knockouts: the round an entry went out in


Round = list[tuple[Pairing, Outcome]]


class Format(Protocol):
    """A tournament format: pure functions of the entries and the finished rounds."""

    name: str

    def first_round(self, entries: list[Entry], settings: Settings) -> list[Pairing]:
        """Return the pairings of round 1."""
        ...

    def next_round(
        self, entries: list[Entry], history: list[Round], settings: Settings
    ) -> list[Pairing] | None:
        """Return the next round's pairings, or None when the tournament is decided."""
        ...

    def standings(
        self, entries: list[Entry], history: list[Round], settings: Settings
    ) -> list[Standing]:
        """Return the standings after the finished rounds (final once next_round is None)."""
        ...
