"""Dealing unseen cards to holders under constraints: a random deal that respects voids."""

from __future__ import annotations

import random
from collections.abc import Sequence

TRIES = 8


def deal_masks(
    cards: Sequence[int], sizes: Sequence[int], allowed: Sequence[int], rng: random.Random
) -> list[list[int]]:
    """Deal ``cards`` (ints below 64) so holder ``h`` gets ``sizes[h]`` cards, all in the bit
    mask ``allowed[h]``. Raise ValueError if no such deal exists.

    Random greedy (the most constrained card first, a holder drawn by the room it has left),
    retried a few times, then an augmenting-path matching that always finds a deal if one
    exists.
    """
    if sum(sizes) != len(cards):
        raise ValueError(f"{len(cards)} cards for {sum(sizes)} places")
    holders = range(len(sizes))
    order = list(cards)
    for _ in range(TRIES):
        rng.shuffle(order)
        order.sort(key=lambda c: sum(1 for h in holders if allowed[h] >> c & 1))
        room = list(sizes)
        hands: list[list[int]] = [[] for _ in holders]
        for card in order:
            fits = [h for h in holders if room[h] and allowed[h] >> card & 1]
            if not fits:
                break
            h = rng.choices(fits, [room[f] for f in fits])[0]
            room[h] -= 1
            hands[h].append(card)
        else:
            return hands
    return _matching(order, sizes, allowed, rng)


def _matching(
    cards: list[int], sizes: Sequence[int], allowed: Sequence[int], rng: random.Random
) -> list[list[int]]:
    slots = [h for h, size in enumerate(sizes) for _ in range(size)]
    rng.shuffle(slots)
    owner: list[int | None] = [None] * len(slots)  # slot -> index into cards

    def place(ci: int, seen: set[int]) -> bool:
        for s, h in enumerate(slots):
            if s in seen or not allowed[h] >> cards[ci] & 1:
                continue
            seen.add(s)
            holder = owner[s]
            if holder is None or place(holder, seen):
                owner[s] = ci
                return True
        return False

    for ci in range(len(cards)):
        if not place(ci, set()):
            raise ValueError("no deal agrees with the constraints")
    hands: list[list[int]] = [[] for _ in sizes]
    for s, held in enumerate(owner):
        if held is not None:
            hands[slots[s]].append(cards[held])
    return hands
