"""Live events of a ladder, sent after commit with a version (its page re-renders on each)."""

from __future__ import annotations

import logging

from django.db import transaction
from django.db.models import F

from core.events import group_send
from tournaments.ladders.models import Ladder

log = logging.getLogger(__name__)


def ladder_group(game: str) -> str:
    """Return the channel-layer group of a ladder's live page."""
    return f"ladder.{game}"


def ladder_changed(*, ladder_id: int, reason: str) -> None:
    """Bump the ladder's version and send a ``ladder.event`` once the transaction commits."""
    Ladder.objects.filter(pk=ladder_id).update(version=F("version") + 1)
    game, version = Ladder.objects.values_list("game", "version").get(pk=ladder_id)
    message = {"type": "ladder.event", "game": game, "reason": reason, "version": version}
    transaction.on_commit(lambda: _send(ladder_group(game), message))


def _send(group: str, message: dict[str, object]) -> None:
    try:
        group_send(group, message)
    except Exception:  # a lost event must never undo a committed change
        log.exception("could not send an event to %s", group)
