"""A bracket as a graph of matches, resolved from the finished rounds.

Single and double elimination both describe their bracket as nodes whose two sides come from
a seed, or from the winner or loser of an earlier node. Every call rebuilds the graph and
replays the history through it, so the formats stay pure functions of their inputs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.formats.base import Entry, Pairing, Round, Standing
from tournaments.formats.common import (
    by_seed,
    competition_ranks,
    finishing_order,
    outcomes_by_key,
    seed_map,
)

# A side of a node: ("seed", n), ("winner", key) or ("loser", key).
Source = tuple[str, int | str]
# An entry id, or None for an empty slot (a bye in the bracket).
Slot = int | None

DECIDED = 10**9  # the elimination "round" of entries still in, so they rank above the rest


@dataclass(frozen=True)
class Node:
    """One match of the bracket."""

    key: str
    bracket: str
    sides: tuple[Source, Source]
    first_round: bool = False  # a lone entry here gets a bye Pairing in round 1
    reset: bool = False  # sides (winner, loser) of a node; played only if its second side won


@dataclass
class Resolution:
    """What the history says about the bracket."""

    results: dict[str, tuple[Slot, Slot]]  # node key -> (winner, loser)
    ready: list[Pairing]  # pairings that can be played now


def bracket_order(size: int) -> list[int]:
    """Return the seeds of a bracket of size slots, top to bottom (1 and 2 meet last)."""
    order = [1]
    while len(order) < size:
        mirror = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, mirror - top)]
    return order


def bracket_size(n: int) -> int:
    """Return the smallest power of two that holds n entries."""
    size = 1
    while size < n:
        size *= 2
    return size


def first_round_nodes(size: int) -> list[Node]:
    """Return round 1 of a winners bracket of size slots, keyed "W1-n"."""
    order = bracket_order(size)
    return [
        Node(f"W1-{i + 1}", "winners", (("seed", order[2 * i]), ("seed", order[2 * i + 1])), True)
        for i in range(size // 2)
    ]


def resolve(
    nodes: Sequence[Node], entries: Sequence[Entry], history: Sequence[Round]
) -> Resolution:
    """Replay the history through the bracket; nodes must come in dependency order."""
    by_seed_number = {e.seed: e.id for e in by_seed(entries)}
    seeds = seed_map(entries)
    played = outcomes_by_key(history)
    results: dict[str, tuple[Slot, Slot]] = {}
    seated: dict[str, tuple[int, int]] = {}
    ready: list[Pairing] = []

    def side(source: Source) -> Slot | str:
        kind, ref = source
        if kind == "seed":
            return by_seed_number.get(int(ref))
        if str(ref) not in results:
            return "pending"
        winner, loser = results[str(ref)]
        return winner if kind == "winner" else loser

    for node in nodes:
        a, b = side(node.sides[0]), side(node.sides[1])
        if isinstance(a, str) or isinstance(b, str):
            continue
        present = [slot for slot in (a, b) if slot is not None]
        if node.reset and len(present) == 2:
            repeated = str(node.sides[0][1])
            if a == seated[repeated][0]:
                results[node.key] = (a, b)  # the first side kept its lead: no reset
                continue
        if len(present) == 2:
            seated[node.key] = (present[0], present[1])
            if node.key in played:
                pairing = Pairing(node.key, (present[0], present[1]), node.bracket)
                winner, loser = finishing_order(pairing, played[node.key][1], seeds)
                results[node.key] = (winner, loser)
            else:
                ready.append(Pairing(node.key, (present[0], present[1]), node.bracket))
        elif len(present) == 1 and node.first_round and not history:
            ready.append(Pairing(node.key, (present[0],), node.bracket))
        else:
            # A walkover against an empty slot: nobody plays, nobody drops.
            results[node.key] = (present[0] if present else None, None)
    return Resolution(results, ready)


def knockout_standings(
    entries: Sequence[Entry],
    history: Sequence[Round],
    lives: int,
    champion: Slot,
    third_place: str | None = None,
) -> list[Standing]:
    """Rank by the round of elimination (later first), then by seed; the champion is first.

    An entry goes out on its `lives`-th loss; a played third-place match orders its two
    entries, and entries out in the same round otherwise share a rank.
    """
    seeds = seed_map(entries)
    losses: dict[int, int] = {}
    out_in: dict[int, int] = {}
    wins: dict[int, int] = {}
    bonus: dict[int, int] = {}
    for number, played in enumerate(history, start=1):
        for pairing, outcome in played:
            if pairing.is_bye:
                continue
            order = finishing_order(pairing, outcome, seeds)
            wins[order[0]] = wins.get(order[0], 0) + 1
            if pairing.key == third_place:
                bonus[order[0]] = 1
                continue
            for loser in order[1:]:
                losses[loser] = losses.get(loser, 0) + 1
                if losses[loser] == lives:
                    out_in[loser] = number

    def key(entry_id: int) -> tuple[float, ...]:
        if entry_id == champion:
            return (DECIDED + 1, 0)
        return (out_in.get(entry_id, DECIDED), bonus.get(entry_id, 0))

    ids = [e.id for e in entries]
    ranks = competition_ranks(ids, key)
    ordered = sorted(ids, key=lambda i: (ranks[i], seeds[i]))
    return [
        Standing(
            entry=i,
            rank=ranks[i],
            points=float(wins.get(i, 0)),
            eliminated_in=out_in.get(i),
        )
        for i in ordered
    ]
