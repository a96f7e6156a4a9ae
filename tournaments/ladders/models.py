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
    # The luck of its hands in duplicate sets (docs/ratings.md, "Luck"): the sum, over the deals
    # it played in one, of what the field made with its hand minus what the field made with the
    # average hand of that deal (minus Buscas; a side's lead in Buraco), and how many deals.
    luck_total = models.FloatField(default=0.0)
    luck_squares = models.FloatField(default=0.0, help_text="the sum of each deal's luck squared")
    duplicate_deals = models.PositiveIntegerField(default=0)

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


class LadderSet(models.Model):
    """One deal of a ladder, played at several tables (docs/ladders.md, "Duplicate sets").

    Table ``t`` seats its own entrants moved ``t`` seats round (``LadderTable.rotation``), so
    each hand of the deal is held by a different entrant at every table, and no entrant (no
    owner, no linked accounts) holds or sees two hands of it. The tables start together and stay
    sealed until the last one ends; the seed is committed (``commitment``) before the deal and
    shown after. A ``single`` set is one table, the fallback when no duplicate set can be filled:
    it is rated from its plain result.
    """

    class Kind(models.TextChoices):
        DUPLICATE = "duplicate"
        SINGLE = "single"

    class Status(models.TextChoices):
        RUNNING = "running"
        FINISHED = "finished"

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="sets")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.RUNNING)
    seed = models.CharField(max_length=40, help_text="shown once the set is finished")
    commitment = models.CharField(max_length=64, help_text="the seed's hash, shown at once")
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["ladder", "status"])]

    def __str__(self) -> str:
        return f"{self.kind} set {self.pk} of {self.ladder_id}"


class LadderTable(models.Model):
    """One table of a set: its match and how far its entrants were moved round."""

    set = models.ForeignKey(LadderSet, on_delete=models.CASCADE, related_name="tables")
    match = models.OneToOneField(
        "games.Match", on_delete=models.CASCADE, related_name="ladder_table"
    )
    rotation = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["set", "rotation"]

    def __str__(self) -> str:
        return f"table {self.rotation} of set {self.set_id}"
