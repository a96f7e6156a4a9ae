"""Live events of a season, sent after commit with a version."""

from __future__ import annotations

from django.db import transaction
from django.db.models import F

from core.events import group_send
from tournaments.leagues.models import Season


def season_group(season_id: int) -> str:
    """Return the channel-layer group of a season's live page."""
    return f"league.{season_id}"


def standings_changed(*, season_id: int, division_id: int, reason: str) -> None:
    """Bump the season's version and send a ``league.event`` once the transaction commits."""
    Season.objects.filter(pk=season_id).update(version=F("version") + 1)
    version = Season.objects.values_list("version", flat=True).get(pk=season_id)
    message = {
        "type": "league.event",
        "event": "standings",
        "reason": reason,
        "version": version,
        "season": season_id,
        "division": division_id,
    }
    transaction.on_commit(lambda: group_send(season_group(season_id), message))
