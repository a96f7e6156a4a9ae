"""Owners, as fair play counts them (docs/accounts.md, "Linked accounts").

A bot's owner is its person; a person owns themself; house bots belong to the house (no owner).
Linked accounts count as one owner. Every rule that keeps owners apart (one entry per owner in
duplicate events, rating only between different owners, Busca tables that never seat one owner
twice) asks this module, and nothing else, who is the same owner as whom.

Two accounts are linked when they were seen with the same device cookie, or the same client
address, within SIGHTING_DAYS (bots/sightings.py); shared addresses (loopback, private, CGNAT,
a proxy's own) link only with LINK_PRIVATE_ADDRESSES. Links are transitive: an owner is a
connected component. Staff unlink a pair in the admin (``Unlink``): what the two share then
links them no more, though a third account that shares something with each still joins them.

Each question costs two queries, whatever the number of accounts asked about: the digests that
two accounts or more share, with their accounts, and the unlinked pairs.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from django.conf import settings
from django.db.models import Count

from bots.models import Sighting, Unlink
from bots.sightings import cutoff


class _Components:
    """Union-find over user ids; a component is named by its smallest id."""

    def __init__(self) -> None:
        self.parent: dict[int, int] = {}

    def find(self, node: int) -> int:
        root = node
        while self.parent.get(root, root) != root:
            root = self.parent[root]
        while node != root:  # path compression
            self.parent[node], node = root, self.parent.get(node, node)
        return root

    def union(self, first: int, second: int) -> None:
        a, b = self.find(first), self.find(second)
        if a != b:
            low, high = min(a, b), max(a, b)
            self.parent[high] = low
            self.parent.setdefault(low, low)


def _components() -> _Components:
    """Read the live links of every account (two queries) into components."""
    live = Sighting.objects.filter(last_seen__gte=cutoff())
    if not settings.LINK_PRIVATE_ADDRESSES:
        live = live.filter(shared=False)
    shared = (
        live.order_by()
        .values("digest")
        .annotate(people=Count("user", distinct=True))
        .filter(people__gte=2)
        .values("digest")
    )
    people: dict[str, set[int]] = {}
    for digest, user_id in (
        live.filter(digest__in=shared).order_by().values_list("digest", "user_id")
    ):
        people.setdefault(digest, set()).add(int(user_id))
    unlinked = {(int(a), int(b)) for a, b in Unlink.objects.values_list("user_a_id", "user_b_id")}
    in_unlinks = {u for pair in unlinked for u in pair}
    found = _Components()
    for users in people.values():
        ordered = sorted(users)
        if len(users & in_unlinks) < 2:  # no unlinked pair here: a chain joins them all
            for first, second in itertools.pairwise(ordered):
                found.union(first, second)
            continue
        for i, first in enumerate(ordered):
            for second in ordered[i + 1 :]:
                if (first, second) not in unlinked:
                    found.union(first, second)
    return found


def owner_groups(user_ids: Iterable[int]) -> dict[int, int]:
    """Map each of ``user_ids`` to its owner group: the smallest id among its linked accounts.

    Two people are the same owner when their groups are equal.
    """
    ids = [int(user_id) for user_id in user_ids]
    if not ids:
        return {}
    found = _components()
    return {user_id: found.find(user_id) for user_id in ids}


def same_owner(first: int, second: int) -> bool:
    """Tell whether two people count as one owner (the same account, or linked accounts)."""
    if int(first) == int(second):
        return True
    groups = owner_groups([first, second])
    return groups[int(first)] == groups[int(second)]


def linked_any(user_ids: Iterable[int]) -> set[int]:
    """Return which of ``user_ids`` are linked to some other account (an organiser's mark)."""
    ids = {int(user_id) for user_id in user_ids}
    if not ids:
        return set()
    found = _components()
    return {user_id for user_id in ids if user_id in found.parent}
