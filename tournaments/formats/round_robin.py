"""Round robin: the circle method for pairs, an even schedule of pods for Busca."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from itertools import combinations, islice

from tournaments.formats.base import Entry, Pairing, Round, Settings, Standing
from tournaments.formats.common import (
    ALL_GAMES,
    by_seed,
    check_field,
    competition_ranks,
    place_groups,
    seed_map,
    table_sizes,
)
from tournaments.formats.pods import WINDOW, seat_pair, seat_pod
from tournaments.formats.scoring import Record, ScheduledRounds, plays_pods, tally

EXHAUSTIVE = 9  # fields up to this size try every split into pods, each round
WEIGHT = 1000  # a pair meeting for the (c+1)-th time costs WEIGHT**c: fill the gaps first
APART = WEIGHT**8  # two entries of one owner at one table: never, while any split avoids it


def default_rounds(n: int, pods: bool) -> int:
    """Return the rounds of one cycle: n-1 (n even) or n for pairs; see docs for pods."""
    if not pods:
        return n - 1 if n % 2 == 0 else n
    if n <= 4:
        return 1
    if n == 5:
        return 5  # everyone sits out once and meets every other entry three times
    sizes = table_sizes(n)
    meetings = sum(s * (s - 1) for s in sizes) / n  # others met per round, on average
    return math.ceil((n - 1) / meetings)


def circle_pairs(ids: Sequence[int | None], turn: int) -> list[tuple[int | None, int | None]]:
    """Return round `turn` (0-based) of the circle method: the first id stays, the rest turn."""
    fixed, rest = ids[0], list(ids[1:])
    shift = turn % len(rest)
    rest = rest[len(rest) - shift :] + rest[: len(rest) - shift]
    circle = [fixed, *rest]
    half = len(circle) // 2
    return [(circle[i], circle[-1 - i]) for i in range(half)]


def splits(items: Sequence[int], sizes: Sequence[int]) -> Iterator[list[tuple[int, ...]]]:
    """Yield every split of items into pods of the given sizes (pods unordered)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for size in sorted(set(sizes)):
        remaining = list(sizes)
        remaining.remove(size)
        for others in combinations(rest, size - 1):
            left = [e for e in rest if e not in others]
            for tail in splits(left, remaining):
                yield [(first, *others), *tail]


class PodSchedule:
    """Meeting counts so far, and the cost of seating entries together."""

    def __init__(
        self, history: Sequence[Round], owners: dict[int, int | None] | None = None
    ) -> None:
        self.owners = owners or {}
        self.count: dict[tuple[int, int], int] = {}
        for played in history:
            for pairing, _ in played:
                for a, b in combinations(sorted(pairing.entries), 2):
                    self.count[a, b] = self.count.get((a, b), 0) + 1

    def cost(self, a: int, b: int) -> int:
        """Return the cost of a and b meeting once more (one owner's two entries: APART)."""
        owner = self.owners.get(a)
        if owner is not None and owner == self.owners.get(b):
            return APART
        return int(WEIGHT ** self.count.get((min(a, b), max(a, b)), 0))

    def pod_cost(self, pod: Sequence[int]) -> int:
        """Return the cost of a whole pod."""
        return sum(self.cost(a, b) for a, b in combinations(pod, 2))

    def split(self, ids: Sequence[int], number: int) -> list[list[int]]:
        """Split ids into pods, meeting least-met pairs first."""
        sizes = table_sizes(len(ids))
        if len(ids) <= EXHAUSTIVE:
            best = min(splits(ids, sizes), key=lambda s: sum(self.pod_cost(p) for p in s))
            return [list(p) for p in best]
        order = list(ids)
        random.Random(number).shuffle(order)  # a fixed, per-round mix: the schedule is data
        taken: set[int] = set()
        pods: list[list[int]] = []
        start, n = 0, len(order)
        for size in sorted(sizes, reverse=True):
            while order[start] in taken:
                start += 1
            pod = [order[start]]
            taken.add(order[start])
            while len(pod) < size:
                window = islice(
                    (order[k] for k in range(start, n) if order[k] not in taken), WINDOW
                )
                pick = min(window, key=lambda e: sum(self.cost(e, m) for m in pod))
                pod.append(pick)
                taken.add(pick)
            pods.append(pod)
        return pods


class RoundRobin(ScheduledRounds):
    """Everyone meets everyone: pairs by the circle method, pods as evenly as possible."""

    name = "round_robin"
    games = ALL_GAMES
    label = "a round robin"
    prefix = "R"
    bracket = "rr"

    def default_rounds(self, n: int, pods: bool) -> int:
        """Return the default number of rounds."""
        return default_rounds(n, pods)

    def draw(
        self,
        entries: list[Entry],
        history: list[Round],
        records: dict[int, Record],
        number: int,
        pods: bool,
    ) -> tuple[list[Pairing], int | None]:
        """Draw round ``number`` of the schedule: pods as evenly as possible, or the circle."""
        ids = [e.id for e in by_seed(entries)]
        pairings: list[Pairing] = []
        bye: int | None = None
        if pods:
            if len(ids) == 5:
                bye = min(reversed(ids), key=lambda e: records[e].byes)
                ids = [e for e in ids if e != bye]
            for i, pod in enumerate(
                PodSchedule(history, {e.id: e.owner for e in entries}).split(ids, number)
            ):
                pairings.append(self.pairing(number, i, seat_pod(pod, records, number + i)))
        else:
            circle: list[int | None] = [*ids, None] if len(ids) % 2 else list(ids)
            for a, b in circle_pairs(circle, number - 1):
                if a is None or b is None:
                    bye = a if b is None else b
                    continue
                seats = seat_pair(a, b, records, number + len(pairings))
                pairings.append(self.pairing(number, len(pairings), seats))
        return pairings, bye

    def standings(
        self, entries: list[Entry], history: list[Round], settings: Settings
    ) -> list[Standing]:
        """Return the standings: points, head-to-head among the tied, points difference."""
        check_field(entries, settings, self.games)
        records = tally(entries, history, plays_pods(settings))
        seeds = seed_map(entries)
        h2h = head_to_head(records, history)

        def key(e: int) -> tuple[float, ...]:
            return (records[e].points, h2h[e], records[e].difference)

        ranks = competition_ranks(list(records), key)
        return [
            Standing(
                entry=e,
                rank=ranks[e],
                points=records[e].points,
                tiebreaks={"head_to_head": h2h[e], "points_difference": records[e].difference},
            )
            for e in sorted(records, key=lambda e: (ranks[e], seeds[e]))
        ]


def head_to_head(records: dict[int, Record], history: Sequence[Round]) -> dict[int, float]:
    """Return, per entry, its results against the entries tied with it on points.

    Each tied entry finished behind counts 1, each sharing a place counts ½: in pairs this
    is the points scored in the games between the tied entries.
    """
    result = dict.fromkeys(records, 0.0)
    for played in history:
        for pairing, outcome in played:
            if pairing.is_bye:
                continue
            groups = place_groups(pairing, outcome)
            for g, group in enumerate(groups):
                for entry in group:
                    points = records[entry].points
                    for other_group_index, other_group in enumerate(groups):
                        for other in other_group:
                            if other == entry or records[other].points != points:
                                continue
                            if other_group_index > g:
                                result[entry] += 1.0
                            elif other_group_index == g:
                                result[entry] += 0.5
    return result


ROUND_ROBIN = RoundRobin()
