"""Seeding at the start: by rating (read from the ratings app when it has one) or by a draw."""

from __future__ import annotations

import random
from typing import Any

from django.apps import apps

from tournaments.models import Entry, Tournament


def _ratings(game: str, entries: list[Entry]) -> dict[int, float]:
    """Return the display rating of each entry that has one (a pair: its partners' mean)."""
    try:
        rating = apps.get_model("ratings", "Rating")
    except LookupError:
        return {}
    bots = {e.bot_id for e in entries} | {e.bot2_id for e in entries}
    users = {e.user_id for e in entries} | {e.user2_id for e in entries}
    rows: Any = rating.objects.filter(game=game)
    by_bot = dict(rows.filter(bot_id__in=bots - {None}).values_list("bot_id", "ordinal"))
    by_user = dict(rows.filter(user_id__in=users - {None}).values_list("user_id", "ordinal"))
    out: dict[int, float] = {}
    for entry in entries:
        values = [by_bot.get(b) for b in (entry.bot_id, entry.bot2_id) if b] + [
            by_user.get(u) for u in (entry.user_id, entry.user2_id) if u
        ]
        known = [float(v) for v in values if v is not None]
        if known and len(known) == len(values):
            out[entry.pk] = sum(known) / len(known)
    return out


def seeds_assign(tournament: Tournament, entries: list[Entry]) -> None:
    """Give each entry a distinct seed, 1 = the top.

    The draw (from the tournament's seed) orders everyone; by rating, the rated entries go
    first, best first, and the draw orders the rest.
    """
    drawn = sorted(entries, key=lambda e: e.pk)
    random.Random(int(tournament.seed)).shuffle(drawn)
    if tournament.seeding == Tournament.Seeding.RATING:
        ratings = _ratings(tournament.game, entries)
        order = {e.pk: i for i, e in enumerate(drawn)}
        drawn.sort(key=lambda e: (e.pk not in ratings, -ratings.get(e.pk, 0.0), order[e.pk]))
    for number, entry in enumerate(drawn, start=1):
        entry.seed = number
    Entry.objects.bulk_update(drawn, ["seed"])
