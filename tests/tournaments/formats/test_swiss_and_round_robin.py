"""Swiss and round robin: known pairings, rematches, seats, points and tie-breaks."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.formats.play import entries_for, play
from tournaments import formats
from tournaments.formats.base import Outcome, Pairing, Round, Settings
from tournaments.formats.scoring import pairing_points

SWISS = formats.get("swiss")
RR = formats.get("round_robin")
MANO = Settings("buraco-mano-a-mano")
BUSCA = Settings("busca")


def seeds_of(pairing: Pairing) -> tuple[int, ...]:
    return tuple((e - 1000) // 7 for e in pairing.entries)


def higher_seed_wins(pairing: Pairing, rng: random.Random) -> Outcome:
    ordered = sorted(pairing.entries)
    return Outcome(pairing.key, {e: i + 1 for i, e in enumerate(ordered)})


def can_avoid_rematch(ids: list[int], met: set[frozenset[int]]) -> bool:
    """Brute force: is there a bye and pairing of ids with no pair in met?"""

    def perfect(rest: list[int]) -> bool:
        if not rest:
            return True
        first = rest[0]
        return any(
            frozenset((first, other)) not in met and perfect([e for e in rest[1:] if e != other])
            for other in rest[1:]
        )

    if len(ids) % 2 == 0:
        return perfect(ids)
    return any(perfect([e for e in ids if e != bye]) for bye in ids)


def test_points_for_pods_and_pairs() -> None:
    pod = Pairing("p", (1, 2, 3, 4))
    assert pairing_points(pod, Outcome("p", {1: 1, 2: 2, 3: 3, 4: 4}), True) == {
        1: 3.0,
        2: 2.0,
        3: 1.0,
        4: 0.0,
    }
    tied = pairing_points(pod, Outcome("p", {1: 1, 2: 1, 3: 3, 4: 4}), True)
    assert tied[1] == tied[2] == 2.5
    assert pairing_points(Pairing("b", (5,)), None, True) == {5: 2.0}
    pair = Pairing("q", (1, 2))
    assert pairing_points(pair, Outcome("q", {1: 1, 2: 1}), False) == {1: 0.5, 2: 0.5}
    assert pairing_points(Pairing("b", (5,)), None, False) == {5: 1.0}


def test_small_swiss_known_pairings() -> None:
    entries = entries_for(6)
    history = play(SWISS, entries, MANO, random.Random(0), higher_seed_wins)
    rounds = [sorted(tuple(sorted(seeds_of(p))) for p, _ in played) for played in history]
    assert rounds == [
        [(1, 2), (3, 4), (5, 6)],
        [(1, 3), (2, 5), (4, 6)],
        [(1, 4), (2, 6), (3, 5)],  # 2 v 3 would leave 5 v 6, a rematch: backtrack
    ]
    table = SWISS.standings(entries, history, MANO)
    assert table[0].entry == entries[0].id and table[0].points == 3.0
    assert list(table[0].tiebreaks) == ["buchholz", "median_buchholz", "wins"]


def test_swiss_bye_goes_to_the_lowest_seed_first() -> None:
    first = SWISS.first_round(entries_for(7), MANO)
    assert [seeds_of(p) for p in first if p.is_bye] == [(7,)]


def test_pair_round_robin_meets_everyone_once() -> None:
    entries = entries_for(7)
    history = play(RR, entries, MANO, random.Random(1))
    assert len(history) == 7
    met = Counter(frozenset(p.entries) for played in history for p, _ in played if not p.is_bye)
    assert set(met.values()) == {1} and len(met) == 21
    table = RR.standings(entries, history, MANO)
    assert list(table[0].tiebreaks) == ["head_to_head", "points_difference"]


def test_pod_round_robin_small_fields() -> None:
    for n, rounds, low, high in [(4, 1, 1, 1), (5, 5, 3, 3), (9, 4, 1, 1)]:
        entries = entries_for(n)
        history = play(RR, entries, BUSCA, random.Random(n))
        assert len(history) == rounds
        met = Counter(
            frozenset(pair)
            for played in history
            for p, _ in played
            for pair in combinations(p.entries, 2)
        )
        counts = [met[frozenset((a.id, b.id))] for a, b in combinations(entries, 2)]
        assert (min(counts), max(counts)) == (low, high)


def check_round(played: Round, ids: set[int], pods: bool) -> None:
    seen = [e for p, _ in played for e in p.entries]
    assert sorted(seen) == sorted(ids)
    sizes = sorted(len(p.entries) for p, _ in played)
    if pods:
        if len(ids) == 5:
            assert sizes == [1, 4]
        elif len(ids) > 4:
            assert set(sizes) <= {3, 4} and sizes.count(3) <= 3
    else:
        assert sizes.count(1) == len(ids) % 2 and set(sizes) <= {1, 2}


@settings(max_examples=80, deadline=None)
@given(n=st.integers(2, 11), rounds=st.integers(1, 8), seed=st.integers(0, 2**32))
def test_swiss_avoids_rematches_when_it_can(n: int, rounds: int, seed: int) -> None:
    entries = entries_for(n)
    ids = [e.id for e in entries]
    history = play(SWISS, entries, Settings("buraco-cerrado", rounds=rounds), random.Random(seed))
    met: set[frozenset[int]] = set()
    for played in history:
        check_round(played, set(ids), pods=False)
        pairs = {frozenset(p.entries) for p, _ in played if not p.is_bye}
        if can_avoid_rematch(ids, met):
            assert not pairs & met
        met |= pairs


@settings(max_examples=60, deadline=None)
@given(
    n=st.one_of(st.integers(2, 200), st.sampled_from([511, 1000])),
    pods=st.booleans(),
    seed=st.integers(0, 2**32),
)
def test_random_swiss(n: int, pods: bool, seed: int) -> None:
    entries = entries_for(n, [i % 5 for i in range(n)])
    config = BUSCA if pods else MANO
    history = play(SWISS, entries, config, random.Random(seed))
    ids = {e.id for e in entries}
    byes: Counter[int] = Counter()
    for played in history:
        check_round(played, ids, pods)
        byes.update(p.entries[0] for p, _ in played if p.is_bye)
    assert all(count == 1 for count in byes.values())
    if not pods and n % 2:
        assert [(p.entries[0] - 1000) // 7 for p, _ in history[0] if p.is_bye] == [n]
    table = SWISS.standings(entries, history, config)
    assert sorted(s.entry for s in table) == sorted(ids) and table[0].rank == 1
    keys = [(-s.points, *(-v for v in s.tiebreaks.values())) for s in table]
    assert keys == sorted(keys)


@settings(max_examples=25, deadline=None)
@given(n=st.integers(2, 30), pods=st.booleans(), seed=st.integers(0, 2**32))
def test_random_round_robin(n: int, pods: bool, seed: int) -> None:
    entries = entries_for(n)
    config = BUSCA if pods else MANO
    history = play(RR, entries, config, random.Random(seed))
    ids = {e.id for e in entries}
    seat0: Counter[int] = Counter()
    games: Counter[int] = Counter()
    met: Counter[frozenset[int]] = Counter()
    for played in history:
        check_round(played, ids, pods)
        for p, _ in played:
            if not p.is_bye:
                seat0[p.entries[0]] += 1
                games.update(p.entries)
                met.update(frozenset(pair) for pair in combinations(p.entries, 2))
    if not pods:
        assert len(met) == n * (n - 1) // 2 and set(met.values()) == {1}
        assert all(abs(seat0[e] - games[e] / 2) <= 1 for e in ids)
    else:
        assert all(seat0[e] <= games[e] / 3 + 2 for e in ids)
    table = RR.standings(entries, history, config)
    assert sorted(s.entry for s in table) == sorted(ids) and table[0].rank == 1
    keys = [(-s.points, *(-v for v in s.tiebreaks.values())) for s in table]
    assert keys == sorted(keys)
