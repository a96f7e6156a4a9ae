"""Deal seeds of league rounds: 128-bit, from ``secrets``, committed by SHA-256 in advance."""

from __future__ import annotations

from tournaments.leagues.models import LeagueRound
from tournaments.services.seeds import seed_commitment, seed_new


def seeds_top_up(rnd: LeagueRound, count: int) -> None:
    """Draw seeds until the round holds ``count``; existing seeds and hashes never change."""
    if len(rnd.seeds) >= count:
        return
    fresh = [str(seed_new()) for _ in range(count - len(rnd.seeds))]
    rnd.seeds = [*rnd.seeds, *fresh]
    rnd.seed_hashes = [*rnd.seed_hashes, *(seed_commitment(s) for s in fresh)]
    rnd.save(update_fields=["seeds", "seed_hashes"])
