"""Process heartbeats and the platform's clock of when it could take moves (README, "Operations").

They live in the database, not the cache: they must stay readable while Redis is down, and the
time-out machinery reads them in the transaction that holds the match row.
"""

from __future__ import annotations

from django.db import models


class Heartbeat(models.Model):
    """The last sign of life of one process in one role (web, worker, beat)."""

    class Role(models.TextChoices):
        WEB = "web"
        WORKER = "worker"
        BEAT = "beat"

    role = models.CharField(max_length=6, choices=Role.choices)
    process = models.CharField(max_length=200, help_text="host:pid")
    # A worker's Celery queues that had a live consumer at its last heartbeat, comma-separated.
    queues = models.CharField(max_length=200, blank=True, default="")
    started_at = models.DateTimeField()
    at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["role", "process"], name="one_heartbeat_per_process")
        ]
        db_table = "web_heartbeat"  # made by the web app's first migration, moved here
        indexes = [models.Index(fields=["role", "at"], name="web_heartbe_role_a75a50_idx")]

    def __str__(self) -> str:
        return f"{self.role} {self.process} at {self.at:%H:%M:%S}"


class Clock(models.Model):
    """One row: when the platform last could take moves, and when a sweep last ran.

    ``taking_moves_at`` is the newest heartbeat of a web process that reached the database and
    the broker; a turn times out only when it is past the turn's deadline.
    """

    taking_moves_at = models.DateTimeField(null=True, blank=True)
    swept_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "web_clock"  # made by the web app's first migration, moved here

    def __str__(self) -> str:
        return f"taking moves at {self.taking_moves_at}"
