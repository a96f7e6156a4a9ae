"""Time the scheduler: each round of each format with random results injected.

Run `python -m tournaments.formats.bench`; bench/tournament.py reuses `measure`.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from tournaments import formats
from tournaments.formats.base import Entry, Outcome, Pairing, Round, Settings

SIZES = (64, 256, 1024, 4096)
CASES = (
    ("single_elimination", "buraco-mano-a-mano"),
    ("double_elimination", "buraco-mano-a-mano"),
    ("table_knockout", "busca"),
    ("swiss", "buraco-mano-a-mano"),
    ("swiss", "busca"),
    ("round_robin", "buraco-mano-a-mano"),
    ("round_robin", "busca"),
)
MAX_ROUNDS = 12  # round robins run for thousands of rounds: time the first ones


@dataclass(frozen=True)
class Timing:
    """Seconds spent computing each round of one tournament."""

    format: str
    game: str
    entrants: int
    rounds: list[float]

    @property
    def per_entrant_us(self) -> float:
        """Return the mean time per round per entrant, in microseconds."""
        return 1e6 * sum(self.rounds) / len(self.rounds) / self.entrants


def random_outcome(pairing: Pairing, rng: random.Random) -> Outcome:
    """Return random places, sometimes shared, for a pairing."""
    places = {e: rng.randint(1, len(pairing.entries)) for e in pairing.entries}
    return Outcome(pairing.key, places, {e: float(rng.randint(-30, 30)) for e in pairing.entries})


def measure(name: str, game: str, entrants: int, max_rounds: int = MAX_ROUNDS) -> Timing:
    """Play a tournament with random results, timing each round's scheduling."""
    rng = random.Random(entrants)
    fmt = formats.get(name)
    entries = [Entry(id=10_000 + i, seed=i + 1, owner=i % 97) for i in range(entrants)]
    settings = Settings(game=game)
    history: list[Round] = []
    timings: list[float] = []
    start = time.perf_counter()
    pairings: list[Pairing] | None = fmt.first_round(entries, settings)
    while pairings is not None:
        timings.append(time.perf_counter() - start)
        history.append([(p, random_outcome(p, rng)) for p in pairings])
        if len(timings) >= max_rounds:
            break
        start = time.perf_counter()
        pairings = fmt.next_round(entries, history, settings)
    return Timing(name, game, entrants, timings)


def main() -> None:
    """Print the time per round for every format and field size."""
    print(
        f"{'format':<20}{'game':<20}{'entrants':>9}{'rounds':>7}{'mean ms':>10}"
        f"{'max ms':>9}{'µs/entrant':>12}"
    )
    for name, game in CASES:
        for entrants in SIZES:
            timing = measure(name, game, entrants)
            mean = 1000 * sum(timing.rounds) / len(timing.rounds)
            print(
                f"{name:<20}{game:<20}{entrants:>9}{len(timing.rounds):>7}{mean:>10.1f}"
                f"{1000 * max(timing.rounds):>9.1f}{timing.per_entrant_us:>12.2f}"
            )


if __name__ == "__main__":
    main()
