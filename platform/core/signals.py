"""Signals of the platform's processes."""

from __future__ import annotations

from django.dispatch import Signal

# Sent inside the transaction of the first web heartbeat after an outage, with ``outage`` (a
# timedelta: from the last heartbeat before it to now). Receivers push back what the outage
# must not cost (the games app: every open turn's deadline).
platform_resumed = Signal()
