"""What the bots app does when a match or the platform changes: it calls webhooks, and
decides a pre-flight when its match ends.

Games only sends signals; this module queues the webhook calls, so the arrow points from bots
to games and never back.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import DatabaseError, transaction
from django.db.models import F

from games.models import Match, Seat

log = logging.getLogger(__name__)


def turn_opened(*, match_id: int, turn: int, webhook: bool, **kwargs: Any) -> None:
    """Queue the webhook call of a turn that opened for a webhook bot."""
    if webhook:
        from bots.tasks import webhook_turn

        webhook_turn.delay(match_id, turn)


def platform_resumed(**kwargs: Any) -> None:
    """Call again, after an outage, every webhook bot whose turn is open.

    A call queued while the broker was down may be lost, and the turn's deadline has just been
    pushed back: without this the bot would never hear of its turn and would be timed out for
    our outage. A bot that already answered gets its move's 409 on the second answer, nothing
    more.
    """
    open_turns = list(
        Seat.objects.filter(
            match__status=Match.Status.RUNNING,
            match__to_move=F("number"),
            kind=Seat.Kind.BOT,
            forfeited=False,
            bot__webhook_url__gt="",
        ).values_list("match_id", "match__turn")
    )
    if open_turns:
        transaction.on_commit(lambda: _queue(open_turns))


def _queue(open_turns: list[tuple[int, int]]) -> None:
    from bots.tasks import webhook_turn

    for match_id, turn in open_turns:
        webhook_turn.delay(match_id, turn)


def match_finished(*, match_id: int, **kwargs: Any) -> None:
    """Decide the pre-flight whose match this was, if any."""
    from bots.preflight import preflight_finish

    try:
        preflight_finish(match_id)
    except DatabaseError:  # the next read of the check decides it (preflight_latest)
        log.exception("could not decide the pre-flight of match %s", match_id)
