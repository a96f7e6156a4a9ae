"""Table knockout for Busca: snake-seeded tables, the best of each table go through."""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.formats.base import Entry, Pairing, Round, Settings, Standing
from tournaments.formats.common import (
    BUSCA,
    FormatError,
    by_seed,
    check_field,
    competition_ranks,
    finishing_order,
    seed_map,
    table_sizes,
)
from tournaments.formats.tables import seat, separate_owners, snake

FINAL_TABLE = 4  # survivors who fit one table play the final


@dataclass
class Progress:
    """Where the knockout stands after the finished rounds."""

    survivors: list[Entry]
    out_in: dict[int, int] = field(default_factory=dict)  # entry id -> round it went out in
    final_places: dict[int, int] = field(default_factory=dict)  # entry id -> final position
    wins: dict[int, int] = field(default_factory=dict)
    finished: bool = False


def draw_tables(survivors: list[Entry], number: int) -> list[Pairing]:
    """Return round `number`'s tables for the survivors, keyed "T{round}-{n}"."""
    ordered = by_seed(survivors)
    if len(ordered) == 5:
        table = ordered[1:]
        return [
            Pairing(f"T{number}-1", seat(table, number), "table"),
            Pairing(f"T{number}-2", (ordered[0].id,), "table"),
        ]
    tables = separate_owners(snake(ordered, table_sizes(len(ordered))))
    bracket = "final" if len(ordered) <= FINAL_TABLE else "table"
    return [
        Pairing(f"T{number}-{i + 1}", seat(table, number + i), bracket)
        for i, table in enumerate(tables)
    ]


def replay(entries: list[Entry], history: list[Round], settings: Settings) -> Progress:
    """Replay the finished rounds: who went through, who went out and when."""
    seeds = seed_map(entries)
    by_id = {e.id: e for e in entries}
    progress = Progress(survivors=by_seed(entries))
    for number, played in enumerate(history, start=1):
        final = len(progress.survivors) <= FINAL_TABLE
        through: list[Entry] = []
        for pairing, outcome in played:
            order = finishing_order(pairing, outcome, seeds)
            if not pairing.is_bye:
                progress.wins[order[0]] = progress.wins.get(order[0], 0) + 1
            if final:
                progress.final_places = _final_positions(pairing, outcome.places, order)
                through = [by_id[order[0]]]
                keep = 1
            else:
                keep = len(order) if pairing.is_bye else min(settings.advance, len(order) - 1)
                through += [by_id[e] for e in order[:keep]]
            for loser in order[keep:]:
                progress.out_in[loser] = number
        progress.survivors = by_seed(through)
        if final:
            progress.finished = True
            break
    return progress


def _final_positions(pairing: Pairing, places: dict[int, int], order: list[int]) -> dict[int, int]:
    """Return the final table's positions: the champion 1, the others by place (shared)."""
    positions = {order[0]: 1}
    for entry in order[1:]:
        positions[entry] = 1 + sum(1 for other in order if places[other] < places[entry])
        positions[entry] = max(positions[entry], 2)
    return positions


class TableKnockout:
    """Busca tables of 4 (3 where forced); the best `advance` of each table go through."""

    name = "table_knockout"
    games = frozenset({BUSCA})

    def first_round(self, entries: list[Entry], settings: Settings) -> list[Pairing]:
        """Return round 1's tables."""
        check_field(entries, settings, self.games)
        if settings.advance < 1:
            raise FormatError("advance must be at least 1")
        return draw_tables(entries, 1)

    def next_round(
        self, entries: list[Entry], history: list[Round], settings: Settings
    ) -> list[Pairing] | None:
        """Return the next round's tables, or None once the final table is played."""
        if not history:
            return self.first_round(entries, settings)
        check_field(entries, settings, self.games)
        progress = replay(entries, history, settings)
        if progress.finished:
            return None
        return draw_tables(progress.survivors, len(history) + 1)

    def standings(
        self, entries: list[Entry], history: list[Round], settings: Settings
    ) -> list[Standing]:
        """Return the standings: the final table by position, then by round out and seed."""
        check_field(entries, settings, self.games)
        progress = replay(entries, history, settings)
        seeds = seed_map(entries)
        last = len(history) + 1

        def key(entry_id: int) -> tuple[float, ...]:
            if entry_id in progress.final_places:
                return (last, -progress.final_places[entry_id])
            return (progress.out_in.get(entry_id, last), -99)

        ids = [e.id for e in entries]
        ranks = competition_ranks(ids, key)
        return [
            Standing(
                entry=i,
                rank=ranks[i],
                points=float(progress.wins.get(i, 0)),
                eliminated_in=None if progress.final_places.get(i) == 1 else progress.out_in.get(i),
            )
            for i in sorted(ids, key=lambda i: (ranks[i], seeds[i]))
        ]


TABLE_KNOCKOUT = TableKnockout()
