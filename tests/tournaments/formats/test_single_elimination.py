"""Single elimination: fixed brackets and random tournaments."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.formats.play import entries_for, play
from tournaments import formats
from tournaments.formats.base import Outcome, Pairing, Settings

FMT = formats.get("single_elimination")
MANO = Settings("buraco-mano-a-mano")


def seeds_of(pairings: list[Pairing]) -> list[tuple[int, ...]]:
    return [tuple((e - 1000) // 7 for e in p.entries) for p in pairings]


def higher_seed_wins(pairing: Pairing, rng: random.Random) -> Outcome:
    return Outcome(pairing.key, {e: 1 + (e != min(pairing.entries)) for e in pairing.entries})


def test_eight_entries_bracket() -> None:
    entries = entries_for(8)
    first = FMT.first_round(entries, MANO)
    assert [p.key for p in first] == ["W1-1", "W1-2", "W1-3", "W1-4"]
    assert seeds_of(first) == [(1, 8), (4, 5), (2, 7), (3, 6)]
    history = play(FMT, entries, MANO, random.Random(0), higher_seed_wins)
    assert [seeds_of([p for p, _ in r]) for r in history] == [
        [(1, 8), (4, 5), (2, 7), (3, 6)],
        [(1, 4), (2, 3)],
        [(1, 2)],
    ]
    table = FMT.standings(entries, history, MANO)
    assert [(s.entry - 1000) // 7 for s in table] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert [s.rank for s in table] == [1, 2, 3, 3, 5, 5, 5, 5]


def test_third_place_is_played_with_the_final() -> None:
    entries = entries_for(8)
    history = play(FMT, entries, Settings("buraco-cerrado", third_place=True), random.Random(0))
    assert sorted(p.key for p, _ in history[-1]) == ["W3-1", "third"]
    table = FMT.standings(entries, history, Settings("buraco-cerrado", third_place=True))
    assert [s.rank for s in table][:4] == [1, 2, 3, 4]


def test_byes_go_to_the_top_seeds() -> None:
    first = FMT.first_round(entries_for(6), MANO)
    assert sorted(seeds_of([p for p in first if p.is_bye])) == [(1,), (2,)]


def test_a_draw_goes_to_the_higher_seed() -> None:
    entries = entries_for(2)
    (final,) = FMT.first_round(entries, MANO)
    draw = Outcome(final.key, {e: 1 for e in final.entries})
    assert FMT.next_round(entries, [[(final, draw)]], MANO) is None
    assert FMT.standings(entries, [[(final, draw)]], MANO)[0].entry == entries[0].id


@settings(max_examples=150, deadline=None)
@given(
    n=st.one_of(st.integers(2, 200), st.sampled_from([255, 256, 257, 500])),
    third=st.booleans(),
    seed=st.integers(0, 2**32),
)
def test_random_tournaments(n: int, third: bool, seed: int) -> None:
    entries = entries_for(n)
    config = Settings("buraco-mano-a-mano", third_place=third)
    history = play(FMT, entries, config, random.Random(seed))
    size = 1 << (n - 1).bit_length()
    first = [p for p, _ in history[0]]
    assert len(first) == size // 2
    byes = [p.entries[0] for p in first if p.is_bye]
    assert sorted(byes) == [e.id for e in entries[: size - n]]
    alive = {e.id for e in entries}
    for number, played in enumerate(history, start=1):
        seen = [e for p, _ in played for e in p.entries]
        assert len(seen) == len(set(seen))
        for pairing, outcome in played:
            if pairing.key == "third" or pairing.is_bye:
                continue
            assert set(pairing.entries) <= alive
            best = min(outcome.places.values())
            winners = [e for e in pairing.entries if outcome.places[e] == best]
            alive.discard(max(pairing.entries, key=lambda e: (e not in winners, e)))
        assert number <= size.bit_length()
    assert len(alive) == 1
    table = FMT.standings(entries, history, config)
    assert sorted(s.entry for s in table) == sorted(e.id for e in entries)
    assert table[0].rank == 1 and table[0].entry in alive
    assert [s.rank for s in table] == sorted(s.rank for s in table)
    if n >= 2:
        assert table[1].rank == 2
    if third and n >= 4:
        assert [s.rank for s in table[:4]] == [1, 2, 3, 4]
