"""Owners, as fair play counts them (docs/accounts.md, "Linked accounts").

A bot's owner is its person; a person owns themself; house bots belong to the house (no owner).
Linked accounts count as one owner. Every rule that keeps owners apart (one entry per owner in
duplicate events, rating only between different owners, Busca tables that never seat one owner
twice) asks this module, and nothing else, who is the same owner as whom.
"""

from __future__ import annotations

from collections.abc import Iterable


def owner_groups(user_ids: Iterable[int]) -> dict[int, int]:
    """Map each of ``user_ids`` to its owner group: the smallest id among its linked accounts.

    Two people are the same owner when their groups are equal.
    """
    return {int(user_id): int(user_id) for user_id in user_ids}


def same_owner(first: int, second: int) -> bool:
    """Tell whether two people count as one owner (the same account, or linked accounts)."""
    groups = owner_groups([first, second])
    return groups[int(first)] == groups[int(second)]


def linked_any(user_ids: Iterable[int]) -> set[int]:
    """Return which of ``user_ids`` are linked to some other account (an organiser's mark)."""
    return set()
