"""Points and records for Swiss and round robin: what each entry has done so far."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tournaments.formats.base import Entry, Outcome, Pairing, Round, Settings
from tournaments.formats.common import BUSCA, FormatError, check_field, place_groups

PAIR_BYE = 1.0
POD_BYE = 2.0
POD_TOP = 3.0  # a Busca pod pays 3 for first down to 0 for last


def plays_pods(settings: Settings) -> bool:
    """Return whether the game is played in pods (Busca) rather than pairs."""
    return settings.game == BUSCA


def position_points(size: int, pods: bool) -> list[float]:
    """Return the points for each finishing position at a table of size entries.

    Pairs score 1 and 0. Pods spread 3 down to 0 evenly, so a pod of 4 pays 3/2/1/0 and a
    forced pod of 3 pays 3/1.5/0: the same total per entry on average as a pod of 4.
    """
    if not pods:
        return [1.0] + [0.0] * (size - 1)
    if size == 1:
        return [POD_BYE]
    return [POD_TOP * (size - 1 - i) / (size - 1) for i in range(size)]


def pairing_points(pairing: Pairing, outcome: Outcome | None, pods: bool) -> dict[int, float]:
    """Return each entry's points from one pairing; shared places share their points."""
    if pairing.is_bye:
        return {pairing.entries[0]: POD_BYE if pods else PAIR_BYE}
    if outcome is None:
        raise ValueError(f"pairing {pairing.key} has no outcome")
    scale = position_points(len(pairing.entries), pods)
    points: dict[int, float] = {}
    position = 0
    for group in place_groups(pairing, outcome):
        share = sum(scale[position : position + len(group)]) / len(group)
        for entry in group:
            points[entry] = share
        position += len(group)
    return points


@dataclass
class Record:
    """One entry's results so far."""

    points: float = 0.0
    opponents: list[int] = field(default_factory=list)  # one item per meeting
    met: set[int] = field(default_factory=set)
    wins: int = 0  # first places not shared
    byes: int = 0
    seats: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # times in each seat
    last_seat: int | None = None
    difference: float = 0.0  # the sum of Outcome.score


def tally(entries: Sequence[Entry], history: Sequence[Round], pods: bool) -> dict[int, Record]:
    """Return each entry's record over the finished rounds."""
    records = {e.id: Record() for e in entries}
    for played in history:
        for pairing, outcome in played:
            for entry, points in pairing_points(pairing, outcome, pods).items():
                records[entry].points += points
            if pairing.is_bye:
                records[pairing.entries[0]].byes += 1
                continue
            groups = place_groups(pairing, outcome)
            if len(groups[0]) == 1:
                records[groups[0][0]].wins += 1
            for seat, entry in enumerate(pairing.entries):
                record = records[entry]
                record.seats[min(seat, 3)] += 1
                record.last_seat = seat
                record.difference += outcome.score.get(entry, 0.0)
                others = [e for e in pairing.entries if e != entry]
                record.opponents += others
                record.met.update(others)
    return records


class ScheduledRounds:
    """What Swiss and round robin share: a set number of rounds, each drawn by ``next_round``."""

    name: str
    games: frozenset[str]
    label: str  # for messages: "a Swiss", "a round robin"
    prefix: str  # of pairing keys: "S" gives S3-1, S3-2, ...
    bracket: str  # of every pairing

    def default_rounds(self, n: int, pods: bool) -> int:
        """Return the number of rounds when the settings do not say."""
        raise NotImplementedError

    def rounds(self, n: int, settings: Settings) -> int:
        """Return the number of rounds to play."""
        return settings.rounds or self.default_rounds(n, plays_pods(settings))

    def round_due(
        self, entries: Sequence[Entry], history: Sequence[Round], settings: Settings
    ) -> int | None:
        """Check the field; return the number of the next round, or None after the last."""
        check_field(entries, settings, self.games)
        if settings.rounds is not None and settings.rounds < 1:
            raise FormatError(f"{self.label} needs at least one round")
        number = len(history) + 1
        return None if number > self.rounds(len(entries), settings) else number

    def next_round(
        self, entries: list[Entry], history: list[Round], settings: Settings
    ) -> list[Pairing] | None:
        """Return the next round's pairings (the bye, if any, last), or None after the last."""
        number = self.round_due(entries, history, settings)
        if number is None:
            return None
        pods = plays_pods(settings)
        records = tally(entries, history, pods)
        pairings, bye = self.draw(entries, history, records, number, pods)
        if bye is not None:
            pairings.append(self.pairing(number, len(pairings), (bye,)))
        return pairings

    def draw(
        self,
        entries: list[Entry],
        history: list[Round],
        records: dict[int, Record],
        number: int,
        pods: bool,
    ) -> tuple[list[Pairing], int | None]:
        """Return round ``number``'s pairings, and the entry with the bye (or None)."""
        raise NotImplementedError

    def pairing(self, number: int, index: int, seats: tuple[int, ...]) -> Pairing:
        """Return the ``index``-th pairing (from 0) of round ``number``."""
        return Pairing(f"{self.prefix}{number}-{index + 1}", seats, self.bracket)

    def first_round(self, entries: list[Entry], settings: Settings) -> list[Pairing]:
        """Return round 1."""
        pairings = self.next_round(entries, [], settings)
        assert pairings is not None
        return pairings
