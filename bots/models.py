"""Bot accounts and their API tokens (stored as SHA-256 digests only)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, RegexValidator
from django.db import models

NAME_RULE = RegexValidator(
    r"^[A-Za-z0-9][A-Za-z0-9_.-]{1,39}$",
    "2-40 letters, digits, '.', '_' or '-', starting with a letter or digit",
)

AUTO_ACCEPT_MAX = 100  # challenges an hour a bot may auto-accept, at most


class Bot(models.Model):
    """A program that plays: it pulls its turns, or gets them by webhook."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="bots"
    )
    name = models.CharField(max_length=40, unique=True, validators=[NAME_RULE])
    description = models.TextField(blank=True, max_length=2000)
    games = models.JSONField(default=list, blank=True, help_text="games it plays; empty = all")
    webhook_url = models.URLField(blank=True, max_length=500)
    # Fernet token of the webhook secret, under WEBHOOK_ENCRYPTION_KEY.
    webhook_secret_encrypted = models.TextField(blank=True)
    # Auto-accept: challenges start a match at once, at most auto_accept_per_hour an hour;
    # otherwise (and beyond the cap) they wait for the bot or its owner to answer.
    accepts_challenges = models.BooleanField(default=False)
    auto_accept_per_hour = models.PositiveSmallIntegerField(
        default=10, validators=[MaxValueValidator(AUTO_ACCEPT_MAX)]
    )
    is_active = models.BooleanField(default=True)
    # Its moves' notes are its owner's alone; published, everyone sees them once a match is over.
    notes_public = models.BooleanField(default=False)
    # Its owner's consent to events whose audience includes people (a tournament or league
    # for "people" or "both"): off, it enters only events for bots (docs/bots.md, "Events with
    # people"). Checked when it enters; entries made before stay.
    plays_with_people = models.BooleanField(default=False)
    # The version it last stated (the Bot-Version header; docs/bots.md, "Versions").
    version = models.CharField(max_length=40, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @property
    def mode(self) -> str:
        return "webhook" if self.webhook_url else "pull"

    def plays(self, game: str) -> bool:
        return not self.games or game in self.games


class BotToken(models.Model):
    """One API token of a bot; the token itself is shown once and never stored."""

    bot = models.ForeignKey(Bot, on_delete=models.CASCADE, related_name="tokens")
    digest = models.CharField(max_length=64, unique=True)
    prefix = models.CharField(max_length=12, help_text="the first characters, to tell tokens apart")
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.prefix}… ({self.bot.name})"

    @property
    def is_active(self) -> bool:
        return self.revoked_at is None


class Preflight(models.Model):
    """A bot's pre-flight check: a short match against house bots, with what it showed.

    ``report`` holds the figures (docs/bots.md, "Pre-flight check"): moves, time-outs, refused
    answers by code, answer times (p50, p99, worst) beside the limit, the webhook signature
    check, and ``problems``: why it failed, as codes with their numbers.
    """

    class Status(models.TextChoices):
        RUNNING = "running"
        PASSED = "passed"
        FAILED = "failed"

    bot = models.ForeignKey(Bot, on_delete=models.CASCADE, related_name="preflights")
    game = models.CharField(max_length=40)
    target = models.CharField(
        max_length=40, help_text="what its time limit comes from: ladder, practice, tournament:N"
    )
    move_timeout = models.FloatField(help_text="seconds a move, as in the target competition")
    match = models.OneToOneField(
        "games.Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="preflight"
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.RUNNING)
    report = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["bot", "game", "status"])]

    def __str__(self) -> str:
        return f"pre-flight of {self.bot.name} in {self.game}: {self.status}"


class Sighting(models.Model):
    """A device cookie or a client address a person was seen with (docs/accounts.md).

    Only an HMAC-SHA256 digest under SIGHTING_KEY is kept, never the cookie or the address.
    Kept for SIGHTING_DAYS after ``last_seen``; accounts that share a digest in that window are
    linked (bots/owners.py). ``shared`` marks a loopback, private, link-local, CGNAT or proxy
    address: it links only where LINK_PRIVATE_ADDRESSES says so.
    """

    class Kind(models.TextChoices):
        DEVICE = "device"
        ADDRESS = "address"

    class Source(models.TextChoices):
        SIGN_IN = "sign_in"
        SIGN_UP = "sign_up"
        BOT_API = "bot_api"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="sightings"
    )
    kind = models.CharField(max_length=8, choices=Kind.choices)
    digest = models.CharField(max_length=64)
    source = models.CharField(max_length=8, choices=Source.choices)
    shared = models.BooleanField(default=False)
    first_seen = models.DateTimeField()
    last_seen = models.DateTimeField()

    class Meta:
        ordering = ["-last_seen", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "kind", "digest", "source"], name="one_sighting_per_source"
            )
        ]
        indexes = [
            models.Index(fields=["digest", "last_seen"]),
            models.Index(fields=["last_seen"]),
        ]

    def __str__(self) -> str:
        return f"{self.kind} of user {self.user_id} ({self.source})"


class Unlink(models.Model):
    """Staff's word that two accounts are different people, whatever they share."""

    user_a = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    user_b = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    reason = models.TextField(max_length=2000)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="the staff member who unlinked them",
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["user_a", "user_b"], name="one_unlink_per_pair"),
            models.CheckConstraint(
                condition=models.Q(user_a__lt=models.F("user_b")), name="unlink_pair_ordered"
            ),
        ]

    def __str__(self) -> str:
        return f"unlinked {self.user_a_id} and {self.user_b_id}"

    def _order(self) -> None:
        """Keep the pair in one order (the smaller id first), so each pair has one row."""
        a, b = self.user_a_id, self.user_b_id
        if a is not None and b is not None and a > b:
            self.user_a_id, self.user_b_id = b, a

    def clean(self) -> None:
        if self.user_a_id is not None and self.user_a_id == self.user_b_id:
            raise ValidationError("an account is always the same owner as itself")
        self._order()

    def save(self, *args: Any, **kwargs: Any) -> None:
        self._order()
        super().save(*args, **kwargs)


class BotVersion(models.Model):
    """A version a bot has stated, and when first (docs/bots.md, "Versions")."""

    bot = models.ForeignKey(Bot, on_delete=models.CASCADE, related_name="versions")
    version = models.CharField(max_length=40)
    first_seen = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["bot", "first_seen", "id"]
        constraints = [
            models.UniqueConstraint(fields=["bot", "version"], name="one_row_per_bot_version"),
        ]

    def __str__(self) -> str:
        return f"{self.bot_id} {self.version}"

