"""A tiny stand-in for the formats library (round robin by the circle method), for tests only.

Used only while ``tournaments.formats.get`` has not landed; the real formats replace it.
"""

from __future__ import annotations

from tournaments.formats.base import Entry, Pairing, Round, Settings, Standing


class CircleRoundRobin:
    name = "round_robin"

    def _schedule(self, entries: list[Entry]) -> list[list[tuple[int, ...]]]:
        ids: list[int | None] = [e.id for e in sorted(entries, key=lambda e: e.seed)]
        if len(ids) % 2:
            ids.append(None)
        rounds = []
        for _ in range(len(ids) - 1):
            half = len(ids) // 2
            pairs: list[tuple[int, ...]] = []
            for a, b in zip(ids[:half], reversed(ids[half:]), strict=True):
                pair = tuple(x for x in (a, b) if x is not None)
                pairs.append(pair)
            rounds.append(pairs)
            ids = [ids[0], ids[-1], *ids[1:-1]]
        return rounds

    def _round(self, entries: list[Entry], number: int) -> list[Pairing] | None:
        schedule = self._schedule(entries)
        if number > len(schedule):
            return None
        return [
            Pairing(key=f"R{number}-{i}", entries=p) for i, p in enumerate(schedule[number - 1])
        ]

    def first_round(self, entries: list[Entry], settings: Settings) -> list[Pairing]:
        return self._round(entries, 1) or []

    def next_round(
        self, entries: list[Entry], history: list[Round], settings: Settings
    ) -> list[Pairing] | None:
        return self._round(entries, len(history) + 1)

    def standings(
        self, entries: list[Entry], history: list[Round], settings: Settings
    ) -> list[Standing]:
        points = {e.id: 0.0 for e in entries}
        diff = {e.id: 0.0 for e in entries}
        for rnd in history:
            for pairing, outcome in rnd:
                if pairing.is_bye:
                    points[pairing.entries[0]] += 1
                    continue
                for entry, place in outcome.places.items():
                    shared = list(outcome.places.values()).count(place)
                    points[entry] += (1.0 if place == 1 else 0.0) / shared
                    diff[entry] += outcome.score.get(entry, 0.0)
        order = sorted(points, key=lambda e: (-points[e], -diff[e]))
        out: list[Standing] = []
        for n, entry in enumerate(order):
            same = out and (points[entry], diff[entry]) == (out[-1].points, diff[out[-1].entry])
            rank = out[-1].rank if same else n + 1
            out.append(Standing(entry, rank, points[entry], {"points_difference": diff[entry]}))
        return out


def get(name: str) -> CircleRoundRobin:
    if name not in ("round_robin", "swiss"):
        raise KeyError(name)
    return CircleRoundRobin()
