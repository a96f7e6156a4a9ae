"""Swiss: pairs for Buraco, pods of 4 for Busca; no rematch while one can be avoided."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from tournaments.formats.base import Entry, Pairing, Round, Settings, Standing
from tournaments.formats.common import (
    ALL_GAMES,
    check_field,
    competition_ranks,
    seed_map,
    table_sizes,
)
from tournaments.formats.pods import fill_pods, seat_pair, seat_pod
from tournaments.formats.scoring import Record, ScheduledRounds, plays_pods, tally

SEARCH_STEPS = 200_000  # beyond this the pairing search gives up and allows a rematch


def default_rounds(n: int, pods: bool) -> int:
    """Return enough rounds to single out a winner: log2(n) for pairs, log4(n) + 1 for pods."""
    if pods:
        return 1 if n <= 4 else math.ceil(math.log(n, 4)) + 1
    return max(1, math.ceil(math.log2(n)))


def match_pairs(
    order: Sequence[int], met: Callable[[int, int], bool], budget: list[int]
) -> list[tuple[int, int]] | None:
    """Pair the list, each entry with the next-ranked it has not met, backtracking as needed.

    The search is depth-first and exhaustive within the budget (a one-item list, shared
    across calls), so small fields always find a pairing without rematches when one exists.
    """
    n = len(order)
    partner = [-1] * n
    chosen: list[tuple[int, int]] = []
    i, j = 0, -1
    while True:
        while i < n and partner[i] >= 0:
            i += 1
        if i == n:
            return [(order[a], order[b]) for a, b in chosen]
        if j < 0:
            j = i + 1
        found = -1
        while j < n:
            budget[0] -= 1
            if partner[j] < 0 and not met(order[i], order[j]):
                found = j
                break
            j += 1
        if found >= 0:
            partner[i], partner[found] = found, i
            chosen.append((i, found))
            i, j = i + 1, -1
            continue
        if not chosen or budget[0] <= 0:
            return None
        a, b = chosen.pop()
        partner[a] = partner[b] = -1
        i, j = a, b + 1


def pair_with_rematches(
    order: Sequence[int], met: Callable[[int, int], bool]
) -> list[tuple[int, int]]:
    """Pair greedily, taking the next-ranked entry not yet met if any, else the next one."""
    free = list(order)
    pairs: list[tuple[int, int]] = []
    while free:
        first = free.pop(0)
        k = next((k for k, other in enumerate(free) if not met(first, other)), 0)
        pairs.append((first, free.pop(k)))
    return pairs


def pair_round(
    ranked: Sequence[int], records: dict[int, Record]
) -> tuple[list[tuple[int, int]], int | None]:
    """Return the pairs and the bye (the lowest-ranked entry without one) for a round."""

    def met(a: int, b: int) -> bool:
        return b in records[a].met

    budget = [SEARCH_STEPS + 8 * len(ranked)]
    if len(ranked) % 2 == 0:
        pairs = match_pairs(ranked, met, budget)
        return (pairs if pairs is not None else pair_with_rematches(ranked, met)), None
    lowest_first = list(reversed(ranked))
    candidates = [e for e in lowest_first if records[e].byes == 0]
    candidates += [e for e in lowest_first if records[e].byes > 0]
    for bye in candidates:
        rest = [e for e in ranked if e != bye]
        pairs = match_pairs(rest, met, budget)
        if pairs is not None:
            return pairs, bye
        if budget[0] <= 0:
            break
    bye = candidates[0]
    return pair_with_rematches([e for e in ranked if e != bye], met), bye


def pod_round(
    ranked: Sequence[int], records: dict[int, Record], owners: dict[int, int | None]
) -> tuple[list[list[int]], int | None]:
    """Return the pods and the bye (only for a field of 5) for a round."""
    bye = None
    if len(ranked) == 5:
        bye = min(reversed(ranked), key=lambda e: records[e].byes)
        ranked = [e for e in ranked if e != bye]

    def clash(a: int, b: int) -> int:
        same_owner = owners[a] is not None and owners[a] == owners[b]
        return 100 * same_owner + (b in records[a].met)  # never one owner twice, if it fits

    return fill_pods(ranked, table_sizes(len(ranked)), clash), bye


class Swiss(ScheduledRounds):
    """Swiss rounds paired by score, Monrad style, avoiding rematches."""

    name = "swiss"
    games = ALL_GAMES
    label = "a Swiss"
    prefix = "S"
    bracket = "swiss"

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
        """Draw round ``number`` by score (Monrad), avoiding rematches."""
        seeds = seed_map(entries)
        ranked = sorted(seeds, key=lambda e: (-records[e].points, seeds[e]))
        pairings: list[Pairing] = []
        if pods:
            owners = {e.id: e.owner for e in entries}
            groups, bye = pod_round(ranked, records, owners)
            for i, pod in enumerate(groups):
                pairings.append(self.pairing(number, i, seat_pod(pod, records, number + i)))
        else:
            pairs, bye = pair_round(ranked, records)
            for i, (a, b) in enumerate(pairs):
                pairings.append(self.pairing(number, i, seat_pair(a, b, records, i)))
        return pairings, bye

    def standings(
        self, entries: list[Entry], history: list[Round], settings: Settings
    ) -> list[Standing]:
        """Return the standings: points, Buchholz, median Buchholz, wins, then seed."""
        check_field(entries, settings, self.games)
        records = tally(entries, history, plays_pods(settings))
        seeds = seed_map(entries)
        tiebreaks = {e: swiss_tiebreaks(records, e) for e in records}

        def key(e: int) -> tuple[float, ...]:
            t = tiebreaks[e]
            return (records[e].points, t["buchholz"], t["median_buchholz"], t["wins"])

        ranks = competition_ranks(list(records), key)
        return [
            Standing(entry=e, rank=ranks[e], points=records[e].points, tiebreaks=tiebreaks[e])
            for e in sorted(records, key=lambda e: (ranks[e], seeds[e]))
        ]


def swiss_tiebreaks(records: dict[int, Record], entry: int) -> dict[str, float]:
    """Return Buchholz (opponents' points), median Buchholz (without the best and worst), wins."""
    scores = sorted(records[o].points for o in records[entry].opponents)
    median = scores[1:-1] if len(scores) > 2 else scores
    return {
        "buchholz": float(sum(scores)),
        "median_buchholz": float(sum(median)),
        "wins": float(records[entry].wins),
    }


SWISS = Swiss()
