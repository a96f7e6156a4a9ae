"""Grouping entries into pods (Busca) and seating pods and pairs fairly."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import permutations

from tournaments.formats.scoring import Record

WINDOW = 48  # how far down the list a pod looks for entries it has not met


def seat_pod(pod: Sequence[int], records: dict[int, Record], turn: int) -> tuple[int, ...]:
    """Seat a pod so each entry takes the seats it has sat in least."""
    shift = turn % len(pod)
    start = list(pod[shift:]) + list(pod[:shift])
    best = min(
        permutations(start),
        key=lambda order: sum(records[e].seats[min(s, 3)] for s, e in enumerate(order)),
    )
    return tuple(best)


def seat_pair(first: int, second: int, records: dict[int, Record], turn: int) -> tuple[int, int]:
    """Seat a pair: fewer times in seat 0 goes first, then who sat second last, then turn."""
    a, b = records[first], records[second]
    if a.seats[0] != b.seats[0]:
        return (first, second) if a.seats[0] < b.seats[0] else (second, first)
    if a.last_seat != b.last_seat:
        return (first, second) if a.last_seat == 1 else (second, first)
    return (first, second) if turn % 2 == 0 else (second, first)


def fill_pods(
    ranked: Sequence[int], sizes: Sequence[int], clash: Callable[[int, int], int]
) -> list[list[int]]:
    """Fill pods in rank order, each from the nearest entries that clash least with it.

    Greedy with a window: the best-ranked free entry opens a pod; each seat then takes the
    first entry within the window with no clash, else the one with the fewest clashes.
    """
    free = list(ranked)
    taken: set[int] = set()
    start = 0
    pods: list[list[int]] = []
    for size in sizes:
        while free[start] in taken:
            start += 1
        pod = [free[start]]
        taken.add(free[start])
        while len(pod) < size:
            best: tuple[int, int] | None = None
            seen = 0
            for candidate in free[start:]:
                if candidate in taken:
                    continue
                cost = sum(clash(candidate, member) for member in pod)
                if best is None or cost < best[0]:
                    best = (cost, candidate)
                seen += 1
                if cost == 0 or seen >= WINDOW:
                    break
            assert best is not None
            pod.append(best[1])
            taken.add(best[1])
        pods.append(pod)
    return improve_pods(pods, clash)


def improve_pods(pods: list[list[int]], clash: Callable[[int, int], int]) -> list[list[int]]:
    """Swap entries between nearby pods while a swap lowers the clashes."""

    def cost(pod: Sequence[int], member: int, skip: int) -> int:
        return sum(clash(member, other) for other in pod if other != skip)

    for i, pod in enumerate(pods):
        for position, member in enumerate(pod):
            here = cost(pod, member, member)
            if here == 0:
                continue
            for j in range(max(0, i - 3), min(len(pods), i + 4)):
                if j == i:
                    continue
                other = pods[j]
                done = False
                for k, candidate in enumerate(other):
                    before = here + cost(other, candidate, candidate)
                    after = cost(pod, candidate, member) + cost(other, member, candidate)
                    if after < before:
                        pod[position], other[k] = candidate, member
                        done = True
                        break
                if done:
                    break
    return pods
