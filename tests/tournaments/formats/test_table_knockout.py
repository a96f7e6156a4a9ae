"""Table knockout: fixed fields and random tournaments."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.tournaments.formats.play import entries_for, play
from tournaments import formats
from tournaments.formats.base import Entry, Outcome, Pairing, Settings
from tournaments.formats.common import table_sizes

FMT = formats.get("table_knockout")
BUSCA = Settings("busca")


def seeds(entries: list[Entry], pairing: Pairing) -> list[int]:
    by_id = {e.id: e.seed for e in entries}
    return sorted(by_id[e] for e in pairing.entries)


def seed_order(pairing: Pairing, rng: random.Random) -> Outcome:
    ordered = sorted(pairing.entries)
    return Outcome(pairing.key, {e: i + 1 for i, e in enumerate(ordered)})


def owners_can_be_apart(owners: list[int | None], sizes: list[int]) -> bool:
    """Return whether the owners fit the tables with no owner twice at a table."""
    room = list(sizes)
    counts = Counter(o for o in owners if o is not None)
    for _, count in counts.most_common():
        if count > len(room):
            return False
        chosen = sorted(range(len(room)), key=lambda t: -room[t])[:count]
        if any(room[t] == 0 for t in chosen):
            return False
        for t in chosen:
            room[t] -= 1
    return True


def test_sixteen_entries() -> None:
    entries = entries_for(16)
    first = FMT.first_round(entries, BUSCA)
    assert [seeds(entries, p) for p in first] == [
        [1, 8, 9, 16],
        [2, 7, 10, 15],
        [3, 6, 11, 14],
        [4, 5, 12, 13],
    ]
    assert len({p.entries[0] for p in first}) > 1  # the top seed is not always seat 0
    history = play(FMT, entries, BUSCA, random.Random(0), seed_order)
    assert [len(r) for r in history] == [4, 2, 1]
    assert seeds(entries, history[1][0][0]) == [1, 4, 5, 8]
    assert seeds(entries, history[2][0][0]) == [1, 2, 3, 4]
    table = FMT.standings(entries, history, BUSCA)
    assert [s.rank for s in table] == [1, 2, 3, 4, 5, 5, 5, 5] + [9] * 8
    assert table[0].entry == entries[0].id and table[0].eliminated_in is None


def test_five_entries_give_the_top_seed_a_bye() -> None:
    entries = entries_for(5)
    first = FMT.first_round(entries, BUSCA)
    assert sorted(len(p.entries) for p in first) == [1, 4]
    assert next(p for p in first if p.is_bye).entries == (entries[0].id,)
    history = play(FMT, entries, BUSCA, random.Random(0), seed_order)
    assert [len(p.entries) for p, _ in history[1]] == [3]


def test_two_entries_play_one_game() -> None:
    entries = entries_for(2)
    history = play(FMT, entries, BUSCA, random.Random(0))
    assert len(history) == 1 and len(history[0][0][0].entries) == 2


def test_forced_tables_of_three() -> None:
    assert table_sizes(6) == [3, 3]
    assert table_sizes(7) == [4, 3]
    assert table_sizes(9) == [3, 3, 3]
    assert table_sizes(10) == [4, 3, 3]
    assert table_sizes(11) == [4, 4, 3]
    assert table_sizes(12) == [4, 4, 4]


def test_owners_are_kept_apart() -> None:
    owners: list[int | None] = [1, 1, 2, 2, None, None, None, None]
    entries = entries_for(8, owners)
    for table in FMT.first_round(entries, BUSCA):
        got = [e.owner for e in entries if e.id in table.entries and e.owner is not None]
        assert len(got) == len(set(got))


@settings(max_examples=150, deadline=None)
@given(
    n=st.one_of(st.integers(2, 200), st.sampled_from([333, 600])),
    advance=st.sampled_from([1, 2, 2, 3]),
    owner_pool=st.integers(1, 60),
    seed=st.integers(0, 2**32),
)
@example(n=44, advance=3, owner_pool=6, seed=13236)  # once left two of one owner at a table
def test_random_tournaments(n: int, advance: int, owner_pool: int, seed: int) -> None:
    rng = random.Random(seed)
    owners: list[int | None] = [rng.choice([None, *range(owner_pool)]) for _ in range(n)]
    entries = entries_for(n, owners)
    by_id = {e.id: e for e in entries}
    config = Settings("busca", advance=advance)
    history = play(FMT, entries, config, rng)
    alive = {e.id for e in entries}
    for played in history:
        pairings = [p for p, _ in played]
        seen = [e for p in pairings for e in p.entries]
        assert sorted(seen) == sorted(alive)
        sizes = sorted(len(p.entries) for p in pairings)
        if len(alive) == 5:
            assert sizes == [1, 4]
            assert next(p for p in pairings if p.is_bye).entries[0] == min(
                alive, key=lambda e: by_id[e].seed
            )
        elif len(alive) > 4:
            assert set(sizes) <= {3, 4} and sizes.count(3) <= 3
            tables = [p for p in pairings if not p.is_bye]
            if owners_can_be_apart([by_id[e].owner for e in alive], sizes):
                for p in tables:
                    table_owners = [by_id[e].owner for e in p.entries if by_id[e].owner is not None]
                    assert len(table_owners) == len(set(table_owners)), p
        else:
            assert len(pairings) == 1
        alive = set()
        for p, o in played:
            ranked = sorted(p.entries, key=lambda e: (o.places[e], by_id[e].seed))
            keep = 1 if len(played) == 1 and len(p.entries) <= 4 else min(advance, len(p.entries))
            keep = len(p.entries) if p.is_bye else min(keep, len(p.entries) - 1)
            alive |= set(ranked[:keep])
    assert len(alive) == 1
    table = FMT.standings(entries, history, config)
    assert sorted(s.entry for s in table) == sorted(by_id)
    assert table[0].entry in alive and table[0].rank == 1
    assert [s.rank for s in table] == sorted(s.rank for s in table)
