"""Drive a format through a whole tournament with random outcomes."""

from __future__ import annotations

import random
from collections.abc import Callable

from tournaments.formats.base import Entry, Format, Outcome, Pairing, Round, Settings

Decide = Callable[[Pairing, random.Random], Outcome]


def random_outcome(pairing: Pairing, rng: random.Random) -> Outcome:
    """Return random places (sometimes shared) and scores for a pairing."""
    if pairing.is_bye:
        return Outcome(pairing.key, {pairing.entries[0]: 1})
    places = {e: rng.randint(1, len(pairing.entries)) for e in pairing.entries}
    return Outcome(pairing.key, places, {e: float(rng.randint(-50, 50)) for e in pairing.entries})


def entries_for(n: int, owners: list[int | None] | None = None) -> list[Entry]:
    """Return n entries with ids far from their seeds."""
    return [
        Entry(id=1000 + 7 * seed, seed=seed, owner=owners[seed - 1] if owners else None)
        for seed in range(1, n + 1)
    ]


def play(
    fmt: Format,
    entries: list[Entry],
    settings: Settings,
    rng: random.Random,
    decide: Decide = random_outcome,
    limit: int = 500,
) -> list[Round]:
    """Play the tournament to its end and return the history."""
    history: list[Round] = []
    pairings: list[Pairing] | None = fmt.first_round(entries, settings)
    while pairings is not None:
        assert pairings, "a round with no pairings"
        history.append([(p, decide(p, rng)) for p in pairings])
        assert len(history) <= limit, "the tournament does not end"
        pairings = fmt.next_round(entries, history, settings)
    return history
