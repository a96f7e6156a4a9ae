"""Tournament events: a version bumped in the changing transaction, sent after commit."""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.db.models import F

from core import events
from tournaments.models import Tournament

log = logging.getLogger(__name__)


def tournament_group(tournament_id: int) -> str:
    return f"tournament.{tournament_id}"


def event_on_commit(tournament_id: int, kind: str, **data: Any) -> int:
    """Bump the tournament's version and send a ``tournament.event`` once the transaction
    commits; return the new version."""
    Tournament.objects.filter(pk=tournament_id).update(version=F("version") + 1)
    version = Tournament.objects.filter(pk=tournament_id).values_list("version", flat=True).get()
    message = {
        "type": "tournament.event",
        "tournament": tournament_id,
        "kind": kind,
        "version": version,
        **data,
    }
    transaction.on_commit(lambda: _send(tournament_group(tournament_id), message))
    return int(version)


def _send(group: str, message: dict[str, Any]) -> None:
    try:
        events.group_send(group, message)
    except Exception:  # a lost event must never undo a committed change
        log.exception("could not send an event to %s", group)
