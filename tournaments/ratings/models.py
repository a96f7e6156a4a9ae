"""Ratings: one OpenSkill rating per game and per bot or person, with its history."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class Pool(models.TextChoices):
    """Bots and people are rated apart and never in one match."""

    BOTS = "bots"
    PEOPLE = "people"


class Rating(models.Model):
    """The current OpenSkill rating (mu, sigma) of one bot or one person in one game."""

    game = models.CharField(max_length=40)
    pool = models.CharField(max_length=6, choices=Pool.choices)
    bot = models.ForeignKey(
        "bots.Bot", null=True, blank=True, on_delete=models.CASCADE, related_name="ratings"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="ratings",
    )
    mu = models.FloatField()
    sigma = models.FloatField()
    # mu - 3 sigma, the display rating; stored so that leaderboards sort and page in the database.
    ordinal = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0, help_text="rated matches finished first")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "pool", "-ordinal", "id"]
        constraints = [
            models.CheckConstraint(
                condition=(Q(pool=Pool.BOTS, bot__isnull=False, user__isnull=True))
                | (Q(pool=Pool.PEOPLE, bot__isnull=True, user__isnull=False)),
                name="rating_of_one_bot_or_one_person",
            ),
            models.UniqueConstraint(
                fields=["game", "bot"], condition=Q(bot__isnull=False), name="one_rating_per_bot"
            ),
            models.UniqueConstraint(
                fields=["game", "user"],
                condition=Q(user__isnull=False),
                name="one_rating_per_person",
            ),
        ]
        indexes = [models.Index(fields=["game", "pool", "-ordinal"])]

    def __str__(self) -> str:
        return f"{self.name} in {self.game}: {self.ordinal:.1f}"

    @property
    def name(self) -> str:
        if self.bot is not None:
            return self.bot.name
        assert self.user is not None
        return self.user.get_username()

    @property
    def kind(self) -> str:
        return "bot" if self.pool == Pool.BOTS else "person"


class RatingChange(models.Model):
    """How one rated match moved one rating: the history behind sparklines."""

    rating = models.ForeignKey(Rating, on_delete=models.CASCADE, related_name="changes")
    match = models.ForeignKey("games.Match", on_delete=models.CASCADE, related_name="+")
    place = models.PositiveSmallIntegerField(help_text="the place in the match (1 = best)")
    # The contest the change came from, when it is more than its own match: a ladder set's
    # comparisons all name the set's first table, so the set counts once for every two owners
    # in it (RATING_PAIR_GAMES_PER_DAY). Empty: the match itself.
    occasion = models.PositiveBigIntegerField(null=True, blank=True)
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    ordinal_after = models.FloatField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["rating", "id"]
        constraints = [
            models.UniqueConstraint(fields=["rating", "match"], name="one_change_per_match"),
        ]

    def __str__(self) -> str:
        return f"{self.rating_id} after match {self.match_id}: {self.ordinal_after:.1f}"
