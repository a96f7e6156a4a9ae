"""Leagues: seasons of rounds on a calendar, in divisions, with promotion and relegation."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.functional import cached_property

from games.house_names import house_label, letter


class League(models.Model):
    """A league of one game for bots, for people, or for both (its audience, ``members``)."""

    class Members(models.TextChoices):
        BOTS = "bots"
        PEOPLE = "people"
        BOTH = "both"  # a bot joins only with its owner's consent (tournaments/audience.py)

    name = models.CharField(max_length=100)
    slug = models.SlugField(max_length=60, unique=True)
    game = models.CharField(max_length=40)
    options = models.JSONField(default=dict, blank=True, help_text="engine options")
    # A time bank for every match instead of the round's time a move: {"bank", "increment"}.
    clock = models.JSONField(null=True, blank=True)
    members = models.CharField(max_length=6, choices=Members.choices)
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="leagues_organised"
    )
    description = models.TextField(blank=True, max_length=4000)
    # When a season finishes, schedule the next one (with promotion and relegation) by itself.
    auto_next_season = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Season(models.Model):
    """One season: ``rounds`` rounds, one every ``round_interval`` from ``starts_at``."""

    class Status(models.TextChoices):
        SCHEDULED = "scheduled"
        RUNNING = "running"
        FINISHED = "finished"

    class Format(models.TextChoices):
        ROUND_ROBIN = "round_robin"
        SWISS = "swiss"

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    number = models.PositiveIntegerField()
    starts_at = models.DateTimeField()
    round_interval = models.DurationField(help_text="time between two rounds' openings")
    round_window = models.DurationField(help_text="how long a round stays open")
    rounds = models.PositiveSmallIntegerField()
    format = models.CharField(max_length=12, choices=Format.choices)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SCHEDULED)
    promote = models.PositiveSmallIntegerField(default=0, help_text="top N of a division go up")
    relegate = models.PositiveSmallIntegerField(default=0, help_text="bottom N go down")
    # Bumped whenever standings change: the version of the season's live events.
    version = models.PositiveIntegerField(default=0)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["league", "number"]
        constraints = [
            models.UniqueConstraint(fields=["league", "number"], name="one_season_number"),
        ]

    def __str__(self) -> str:
        return f"{self.league} season {self.number}"


class Division(models.Model):
    """A division of a season; level 1 is the top."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="divisions")
    level = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=60)

    class Meta:
        ordering = ["season", "level"]
        constraints = [
            models.UniqueConstraint(fields=["season", "level"], name="one_division_per_level"),
        ]

    def __str__(self) -> str:
        return f"{self.season}: {self.name}"


class Membership(models.Model):
    """A member of a division: a bot, a person, or a house bot the organiser adds."""

    class Status(models.TextChoices):
        ACTIVE = "active"
        WITHDRAWN = "withdrawn"

    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="memberships")
    bot = models.ForeignKey(
        "bots.Bot", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="league_memberships",
    )
    house = models.CharField(max_length=40, blank=True, help_text="a house strategy, bot leagues")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    joined_at = models.DateTimeField(auto_now_add=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["division", "id"]
        constraints = [
            models.CheckConstraint(
                condition=(
                    models.Q(bot__isnull=False, user__isnull=True, house="")
                    | models.Q(bot__isnull=True, user__isnull=False, house="")
                    | (models.Q(bot__isnull=True, user__isnull=True) & ~models.Q(house=""))
                ),
                name="member_is_one_of_bot_user_house",
            ),
        ]

    def __str__(self) -> str:
        return self.label

    @property
    def label(self) -> str:
        if self.bot_id is not None:
            return self.bot.name
        if self.user_id is not None:
            return self.user.get_username()
        return house_label(self.house, self.house_tag)

    @cached_property
    def house_tag(self) -> str:
        """A house member's letter among its division's house members of its style."""
        earlier = Membership.objects.filter(
            division_id=self.division_id, house=self.house, pk__lt=self.pk
        ).count()
        return letter(earlier)

    @property
    def kind(self) -> str:
        return "bot" if self.bot_id else "user" if self.user_id else "house"

    @property
    def is_active(self) -> bool:
        return self.status == self.Status.ACTIVE


class LeagueRound(models.Model):
    """One round of a division: opens at ``opens_at``, must be played by ``deadline``."""

    class Status(models.TextChoices):
        SCHEDULED = "scheduled"
        OPEN = "open"
        FINISHED = "finished"

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="league_rounds")
    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    opens_at = models.DateTimeField()
    deadline = models.DateTimeField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SCHEDULED)
    # 128-bit deal seeds as decimal text, drawn from ``secrets`` when the round is scheduled
    # (topped up as members join); only their SHA-256 is public until the round finishes.
    seeds = models.JSONField(default=list, blank=True)
    seed_hashes = models.JSONField(default=list, blank=True)
    opened_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["division", "number"]
        constraints = [
            models.UniqueConstraint(fields=["division", "number"], name="one_round_number"),
        ]
        indexes = [
            models.Index(fields=["status", "opens_at"]),
            models.Index(fields=["status", "deadline"]),
        ]

    def __str__(self) -> str:
        return f"{self.division} round {self.number}"

    @property
    def seeds_revealed(self) -> bool:
        return self.status == self.Status.FINISHED


class Fixture(models.Model):
    """One pairing of a round: its members in seat order, its match and its outcome."""

    class Status(models.TextChoices):
        PLAYING = "playing"
        PLAYED = "played"
        FORFEITED = "forfeited"
        BYE = "bye"

    round = models.ForeignKey(LeagueRound, on_delete=models.CASCADE, related_name="fixtures")
    key = models.CharField(max_length=40)
    members = models.JSONField(help_text="membership ids in seat order")
    seed_index = models.PositiveSmallIntegerField(null=True, blank=True)
    match = models.OneToOneField(
        "games.Match", null=True, blank=True, on_delete=models.PROTECT, related_name="fixture"
    )
    # {"places": {member: place}, "score": {member: points}, "forfeited": [member, ...],
    #  "double_forfeit": bool}; keys are membership ids as text (JSON objects).
    outcome = models.JSONField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round", "id"]
        constraints = [
            models.UniqueConstraint(fields=["round", "key"], name="one_fixture_per_key"),
        ]

    def __str__(self) -> str:
        return f"{self.round} {self.key}"

    @property
    def is_decided(self) -> bool:
        return self.status != self.Status.PLAYING
