"""Deal seeds: 128-bit from ``secrets``, committed to by SHA-256 before a round is played."""

from __future__ import annotations

import hashlib
import secrets


def seed_new() -> int:
    """Return a fresh 128-bit seed."""
    return secrets.randbits(128)


def seed_commitment(seed: int | str) -> str:
    """Return the SHA-256 (hex) of the seed's decimal string: what is published before play."""
    return hashlib.sha256(str(int(seed)).encode("ascii")).hexdigest()


def seed_verifies(seed: int | str, commitment: str) -> bool:
    """Tell whether a revealed seed matches its published commitment."""
    return secrets.compare_digest(seed_commitment(seed), commitment)
