"""Ladders: continuous rated play for bots, one ladder per game (docs/ladders.md).

A ladder match is a ``games.Match`` of kind ``ladder``; the game names its ladder.
"""

from __future__ import annotations

from django.db import models


class Ladder(models.Model):
    """The ladder of one game; ``version`` grows with every change its live page shows."""

    game = models.CharField(max_length=40, unique=True)
    version = models.PositiveBigIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game"]

    def __str__(self) -> str:
        return f"{self.game} ladder"


class LadderEntry(models.Model):
    """One bot on one ladder: a bot its owner entered, or a house anchor (``anchor`` set)."""

    class Status(models.TextChoices):
        ACTIVE = "active"
        LEFT = "left"
        SUSPENDED = "suspended"

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="entries")
    bot = models.ForeignKey("bots.Bot", on_delete=models.CASCADE, related_name="ladder_entries")
    # The house strategy an anchor plays (``house:greedy``); empty for an entered bot.
    anchor = models.CharField(max_length=40, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    reason = models.CharField(max_length=200, blank=True, help_text="why it was suspended")
    status_changed_at = models.DateTimeField()
    joined_at = models.DateTimeField()
    last_scheduled_at = models.DateTimeField(null=True, blank=True)
    matches = models.PositiveIntegerField(default=0, help_text="ladder matches finished")
    timeouts = models.PositiveIntegerField(default=0, help_text="ladder moves timed out")
    forfeits = models.PositiveIntegerField(default=0, help_text="ladder matches forfeited")
    forfeits_in_a_row = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["ladder", "id"]
        constraints = [
            models.UniqueConstraint(fields=["ladder", "bot"], name="one_ladder_entry_per_bot"),
        ]
        indexes = [models.Index(fields=["ladder", "status"])]

    def __str__(self) -> str:
        return f"{self.bot_id} on {self.ladder_id} ({self.status})"

    @property
    def is_anchor(self) -> bool:
        return bool(self.anchor)
