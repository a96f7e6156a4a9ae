"""Signals other apps listen to (tournaments, ratings)."""

from __future__ import annotations

from django.dispatch import Signal

# Sent inside the transaction that records a finished match (the match row is locked and saved),
# with ``match``: receivers that write here commit or roll back together with the result.
match_recorded = Signal()

# Sent after that transaction commits, with ``match_id`` and ``result``: for work that may lag.
match_finished = Signal()
