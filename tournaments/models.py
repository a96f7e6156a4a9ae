"""Tournaments: entries, rounds, pairings, and the matches each pairing plays."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.functional import cached_property

from games.house_names import house_label, letter


class Tournament(models.Model):
    """An elimination tournament (or a Swiss / round robin) of one game and format."""

    class Status(models.TextChoices):
        DRAFT = "draft"
        REGISTRATION = "registration"
        RUNNING = "running"
        FINISHED = "finished"
        CANCELLED = "cancelled"

    class OpenTo(models.TextChoices):
        BOTS = "bots"
        PEOPLE = "people"
        BOTH = "both"

    class Seeding(models.TextChoices):
        RATING = "rating"
        DRAW = "draw"

    name = models.CharField(max_length=100)
    game = models.CharField(max_length=40)
    format = models.CharField(max_length=40)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.DRAFT)
    paused = models.BooleanField(default=False, help_text="no new round starts while paused")
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="organised_tournaments",
    )
    options = models.JSONField(default=dict, blank=True, help_text="engine rule options")
    move_timeout = models.FloatField(
        null=True, blank=True, help_text="seconds per move; default by entrant kind"
    )
    duplicate = models.BooleanField(default=False)
    third_place = models.BooleanField(default=False)
    advance = models.PositiveSmallIntegerField(default=2)
    swiss_rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    seeding = models.CharField(max_length=6, choices=Seeding.choices, default=Seeding.DRAW)
    # Its audience: who may enter. A bot enters one open to people only with its owner's
    # consent (tournaments/audience.py), so the default is the one every bot may enter.
    open_to = models.CharField(max_length=6, choices=OpenTo.choices, default=OpenTo.BOTS)
    capacity = models.PositiveIntegerField(default=16)
    check_in = models.BooleanField(default=False)
    # A time bank for every match instead of move_timeout: {"bank": s, "increment": s}.
    clock = models.JSONField(null=True, blank=True)
    # Bots enter only with a passed pre-flight check of this game (PREFLIGHT_VALID_HOURS).
    require_preflight = models.BooleanField(default=False)
    # Extra one-deal boards allowed to break a tie that decides a cut or a podium place
    # (0 = none; tournaments/services/tiebreaks.py).
    tiebreak_boards = models.PositiveSmallIntegerField(default=0)
    check_in_minutes = models.PositiveIntegerField(
        default=30, help_text="check-in opens this many minutes before the start"
    )
    starts_at = models.DateTimeField(null=True, blank=True)
    # The draw seed (decimal text: 128 bits do not fit a bigint).
    seed = models.CharField(max_length=40)
    # Incremented in every transaction that changes what spectators see; events carry it.
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["status", "starts_at"])]

    def __str__(self) -> str:
        return f"{self.name} ({self.game}, {self.format})"

    @property
    def is_running(self) -> bool:
        return self.status == self.Status.RUNNING


class Entry(models.Model):
    """One entrant: a bot, a person, a house strategy, or a fixed pair (Cerrado)."""

    class Kind(models.TextChoices):
        BOT = "bot"
        USER = "user"
        HOUSE = "house"
        BOT_PAIR = "bot_pair"
        USER_PAIR = "user_pair"

    class Status(models.TextChoices):
        ACTIVE = "active"
        WITHDRAWN = "withdrawn"
        FORFEITED = "forfeited"
        DROPPED = "dropped"  # did not check in, or a pair whose partner never accepted
        INVITED = "invited"  # a pair waiting for the partner to accept: does not play yet
        DECLINED = "declined"  # the partner said no

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    kind = models.CharField(max_length=9, choices=Kind.choices)
    status = models.CharField(max_length=9, choices=Status.choices, default=Status.ACTIVE)
    bot = models.ForeignKey(
        "bots.Bot", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    bot2 = models.ForeignKey(
        "bots.Bot", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    user2 = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    strategy = models.CharField(max_length=40, blank=True, help_text="house entries")
    # Who registered it; the owner the formats keep apart at a Busca table.
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tournament_entries",
    )
    # A house strategy an organiser put in for a missing entrant (plays its future matches).
    replacement = models.CharField(max_length=40, blank=True)
    seed = models.PositiveIntegerField(null=True, blank=True, help_text="1 = the top seed")
    checked_in_at = models.DateTimeField(null=True, blank=True)
    # Why the entry left (e.g. dropped at the start because the partner never accepted).
    reason = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "seed", "id"]
        indexes = [models.Index(fields=["tournament", "status"])]

    def __str__(self) -> str:
        return f"{self.label} in tournament {self.tournament_id}"

    @property
    def label(self) -> str:
        if self.kind == self.Kind.BOT and self.bot is not None:
            name = self.bot.name
        elif self.kind == self.Kind.USER and self.user is not None:
            name = self.user.get_username()
        elif self.kind == self.Kind.BOT_PAIR and self.bot and self.bot2:
            name = f"{self.bot.name} & {self.bot2.name}"
        elif self.kind == self.Kind.USER_PAIR and self.user and self.user2:
            name = f"{self.user.get_username()} & {self.user2.get_username()}"
        else:
            name = house_label(self.strategy, self.house_tag)
        return f"{name} (house: {self.replacement})" if self.replacement else name

    @cached_property
    def house_tag(self) -> str:
        """A house entry's letter among the event's house entries of its style (A, B, ...):
        one name everywhere, "Greedy house bot B" (games.house_names)."""
        earlier = Entry.objects.filter(
            tournament_id=self.tournament_id,
            kind=self.Kind.HOUSE,
            strategy=self.strategy,
            pk__lt=self.pk,
        ).count()
        return letter(earlier)

    @property
    def plays(self) -> bool:
        """Tell whether this entry still plays its matches (itself or through a replacement)."""
        return self.status == self.Status.ACTIVE or bool(self.replacement)


class Round(models.Model):
    """One round of a tournament; its pairings' seeds are revealed once it is finished."""

    class Status(models.TextChoices):
        RUNNING = "running"
        FINISHED = "finished"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.RUNNING)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    draw_seconds = models.FloatField(
        null=True, blank=True, help_text="time the scheduler took to draw and start it"
    )

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_round_per_number")
        ]

    def __str__(self) -> str:
        return f"round {self.number} of tournament {self.tournament_id}"


class Pairing(models.Model):
    """A table or a pairing of a round (or a bye), with the outcome of its match(es)."""

    class Status(models.TextChoices):
        RUNNING = "running"
        FINISHED = "finished"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pairings")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairings")
    key = models.CharField(max_length=40)
    bracket = models.CharField(max_length=10, default="main")
    position = models.PositiveIntegerField(default=0, help_text="order within the round")
    entries = models.JSONField(help_text="entry ids in seat order; one entry = a bye")
    seed = models.CharField(max_length=40, blank=True, help_text="decimal; secret until revealed")
    commitment = models.CharField(max_length=64, blank=True, help_text="SHA-256 of the seed")
    # The secret seed of this pairing's extra boards (tiebreak_boards) and its commitment.
    tiebreak_seed = models.CharField(max_length=40, blank=True)
    tiebreak_commitment = models.CharField(max_length=64, blank=True)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.RUNNING)
    outcome = models.JSONField(null=True, blank=True, help_text="places and score per entry")
    forfeit = models.BooleanField(default=False, help_text="decided without playing")

    class Meta:
        ordering = ["round", "position"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "key"], name="one_pairing_per_key")
        ]

    def __str__(self) -> str:
        return f"{self.key} of tournament {self.tournament_id}"

    @property
    def is_bye(self) -> bool:
        return len(self.entries) == 1


class PairingMatch(models.Model):
    """The match a pairing plays; ``rotation`` is its table's seat rotation in a duplicate group."""

    pairing = models.ForeignKey(Pairing, on_delete=models.CASCADE, related_name="games")
    match = models.OneToOneField(
        "games.Match", on_delete=models.CASCADE, related_name="tournament_game"
    )
    rotation = models.PositiveSmallIntegerField(default=0)
    seat_entries = models.JSONField(help_text="the entry id of each seat, in seat order")
    tiebreak = models.PositiveSmallIntegerField(
        default=0, help_text="0: the pairing's match; n: its n-th extra board to break a tie"
    )

    class Meta:
        ordering = ["pairing", "tiebreak", "rotation"]

    def __str__(self) -> str:
        return f"{self.pairing.key} rotation {self.rotation}: match {self.match_id}"
