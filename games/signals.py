"""Signals other apps listen to (tournaments, ratings, bots)."""

from __future__ import annotations

from django.dispatch import Signal

# Sent inside the transaction that records a finished match (the match row is locked and saved),
# with ``match``: receivers that write here commit or roll back together with the result.
match_recorded = Signal()

# Sent after that transaction commits, with ``match_id`` and ``result``: for work that may lag.
match_finished = Signal()

# Sent after commit when a turn opens for a seat no house bot plays, with ``match_id``, ``turn``,
# ``seat``, ``bot_id`` (or None for a person) and ``webhook``: the bots app calls webhooks here,
# so that games never calls bots' tasks.
turn_opened = Signal()
