"""Deal seeds of league rounds: 128-bit, from ``secrets``, committed by SHA-256 in advance."""

from __future__ import annotations

import hashlib
import secrets

from tournaments.leagues.models import LeagueRound


def seed_hash(seed: str) -> str:
    """Return the public commitment of a seed: the SHA-256 of its decimal text."""
    return hashlib.sha256(seed.encode("ascii")).hexdigest()


def seeds_top_up(rnd: LeagueRound, count: int) -> None:
    """Draw seeds until the round holds ``count``; existing seeds and hashes never change."""
    if len(rnd.seeds) >= count:
        return
    fresh = [str(secrets.randbits(128)) for _ in range(count - len(rnd.seeds))]
    rnd.seeds = [*rnd.seeds, *fresh]
    rnd.seed_hashes = [*rnd.seed_hashes, *(seed_hash(s) for s in fresh)]
    rnd.save(update_fields=["seeds", "seed_hashes"])
