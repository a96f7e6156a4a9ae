"""Double elimination: a fixed 6-entry bracket and random tournaments."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.formats.play import entries_for, play
from tournaments import formats
from tournaments.formats.base import Outcome, Pairing, Settings

FMT = formats.get("double_elimination")
CERRADO = Settings("buraco-cerrado")


def seeds_of(pairing: Pairing) -> tuple[int, ...]:
    return tuple((e - 1000) // 7 for e in pairing.entries)


def higher_seed_wins(pairing: Pairing, rng: random.Random) -> Outcome:
    return Outcome(pairing.key, {e: 1 + (e != min(pairing.entries)) for e in pairing.entries})


def test_six_entries() -> None:
    entries = entries_for(6)
    history = play(FMT, entries, CERRADO, random.Random(0), higher_seed_wins)
    rounds = [[(p.key, seeds_of(p)) for p, _ in played] for played in history]
    assert rounds == [
        [("W1-1", (1,)), ("W1-2", (4, 5)), ("W1-3", (2,)), ("W1-4", (3, 6))],
        [("W2-1", (1, 4)), ("W2-2", (2, 3))],
        [("W3-1", (1, 2)), ("L2-1", (5, 3)), ("L2-2", (6, 4))],
        [("L3-1", (3, 4))],
        [("L4-1", (3, 2))],
        [("GF", (1, 2))],
    ]
    table = FMT.standings(entries, history, CERRADO)
    assert [(seeds_of(Pairing("", (s.entry,)))[0], s.rank) for s in table] == [
        (1, 1),
        (2, 2),
        (3, 3),
        (4, 4),
        (5, 5),
        (6, 5),
    ]


def test_reset_when_the_losers_bracket_champion_wins_the_grand_final() -> None:
    entries = entries_for(2)

    def upset_in_the_grand_final(pairing: Pairing, rng: random.Random) -> Outcome:
        winner = min(pairing.entries) if pairing.key == "W1-1" else max(pairing.entries)
        return Outcome(pairing.key, {e: 1 + (e != winner) for e in pairing.entries})

    history = play(FMT, entries, CERRADO, random.Random(0), upset_in_the_grand_final)
    assert [[p.key for p, _ in r] for r in history] == [["W1-1"], ["GF"], ["GF-reset"]]
    assert FMT.standings(entries, history, CERRADO)[0].entry == entries[1].id


@settings(max_examples=60, deadline=None)
@given(
    n=st.one_of(st.integers(2, 200), st.sampled_from([256, 300])),
    seed=st.integers(0, 2**32),
)
def test_random_tournaments(n: int, seed: int) -> None:
    entries = entries_for(n)
    history = play(FMT, entries, CERRADO, random.Random(seed))
    size = 1 << (n - 1).bit_length()
    first = [p for p, _ in history[0]]
    assert len(first) == size // 2
    assert sorted(p.entries[0] for p in first if p.is_bye) == [e.id for e in entries[: size - n]]
    losses: Counter[int] = Counter()
    grand_final: tuple[int, int] | None = None
    reset = False
    for played in history:
        seen = [e for p, _ in played for e in p.entries]
        assert len(seen) == len(set(seen))
        for pairing, outcome in played:
            if pairing.is_bye:
                continue
            assert all(losses[e] < 2 for e in pairing.entries)
            best = min(outcome.places.values())
            winners = [e for e in pairing.entries if outcome.places[e] == best]
            winner = min(winners)  # ids grow with seeds: the higher seed takes a draw
            loser = next(e for e in pairing.entries if e != winner)
            if pairing.key == "GF":
                assert losses[pairing.entries[0]] == 0 and losses[pairing.entries[1]] == 1
                grand_final = (winner, pairing.entries[1])
            if pairing.key == "GF-reset":
                reset = True
            losses[loser] += 1
    assert grand_final is not None
    assert reset == (grand_final[0] == grand_final[1])
    assert sum(1 for e in entries if losses[e.id] < 2) == 1
    table = FMT.standings(entries, history, CERRADO)
    assert sorted(s.entry for s in table) == sorted(e.id for e in entries)
    assert losses[table[0].entry] < 2 and table[0].rank == 1 and table[1].rank == 2
    assert [s.rank for s in table] == sorted(s.rank for s in table)
