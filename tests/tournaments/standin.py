"""A tiny stand-in for the formats library (single elimination, table knockout), for tests
that run before tournaments.formats lands. Never imported by the product."""

from __future__ import annotations

from typing import Any

from tournaments.formats.base import Entry, Outcome, Pairing, Round, Settings, Standing


def _survivors(entries: list[Entry], history: list[Round], advance: int) -> list[Entry]:
    seeds = {e.id: e.seed for e in entries}
    alive = sorted(entries, key=lambda e: e.seed)
    for round_ in history:
        keep: set[int] = set()
        for pairing, outcome in round_:
            ranked = sorted(pairing.entries, key=lambda i: (outcome.places[i], seeds[i]))
            keep |= set(ranked[:advance] if len(ranked) > 1 else ranked)
        alive = [e for e in alive if e.id in keep]
    return alive


class Knockout:
    def __init__(self, name: str, table: int, advance: int) -> None:
        self.name, self.table, self.advance = name, table, advance

    def first_round(self, entries: list[Entry], settings: Settings) -> list[Pairing]:
        return self._draw(sorted(entries, key=lambda e: e.seed), 1, settings)

    def next_round(
        self, entries: list[Entry], history: list[Round], settings: Settings
    ) -> list[Pairing] | None:
        alive = _survivors(entries, history, self._advance(settings))
        if len(alive) <= 1:
            return None
        return self._draw(alive, len(history) + 1, settings)

    def _advance(self, settings: Settings) -> int:
        return settings.advance if self.table == 4 else 1

    def _draw(self, alive: list[Entry], number: int, settings: Settings) -> list[Pairing]:
        if self.table == 2:
            size = 1
            while size < len(alive):
                size *= 2
            out = []
            for i in range(size // 2):
                pair = [alive[i]] + ([alive[size - 1 - i]] if size - 1 - i < len(alive) else [])
                out.append(Pairing(f"R{number}-{i}", tuple(e.id for e in pair), "main"))
            return out
        if len(alive) <= 4:
            return [Pairing(f"T{number}-0", tuple(e.id for e in alive), "table")]
        tables = (len(alive) + 3) // 4
        groups: list[list[int]] = [[] for _ in range(tables)]
        for i, entry in enumerate(alive):
            groups[i % tables].append(entry.id)
        return [Pairing(f"T{number}-{i}", tuple(g), "table") for i, g in enumerate(groups)]

    def standings(
        self, entries: list[Entry], history: list[Round], settings: Settings
    ) -> list[Standing]:
        out_in: dict[int, int] = {}
        alive = {e.id for e in entries}
        for number in range(1, len(history) + 1):
            now = {e.id for e in _survivors(entries, history[:number], self._advance(settings))}
            for gone in alive - now:
                out_in[gone] = number
            alive = now
        order = sorted(entries, key=lambda e: (-out_in.get(e.id, 999), e.seed))
        return [
            Standing(entry=e.id, rank=i + 1, eliminated_in=out_in.get(e.id))
            for i, e in enumerate(order)
        ]


REGISTRY: dict[str, Any] = {
    "single_elimination": Knockout("single_elimination", 2, 1),
    "table_knockout": Knockout("table_knockout", 4, 2),
    "swiss": Knockout("swiss", 2, 1),
    "round_robin": Knockout("round_robin", 2, 1),
    "double_elimination": Knockout("double_elimination", 2, 1),
}


def get(name: str) -> Any:
    return REGISTRY[name]


__all__ = ["Outcome", "get"]
