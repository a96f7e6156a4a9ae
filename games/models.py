"""Matches: one game between seats, recorded as a seed, options and an append-only move log."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Match(models.Model):
    """One game of one engine; the snapshot is always the replay of seed + options + log."""

    class Status(models.TextChoices):
        RUNNING = "running"
        FINISHED = "finished"
        ABORTED = "aborted"

    class Kind(models.TextChoices):
        # Tournaments and leagues: their turns are delivered first, and nobody may abort them.
        EVENT = "event"
        PRACTICE = "practice"
        CHALLENGE = "challenge"
        TABLE = "table"
        LADDER = "ladder"
        # A bot's pre-flight check against house bots (bots/preflight.py): never rated.
        PREFLIGHT = "preflight"

    game = models.CharField(max_length=40)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.EVENT)
    options = models.JSONField(default=dict, blank=True)
    # 128-bit seeds do not fit a bigint column: kept as decimal text.
    seed = models.CharField(max_length=40)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.RUNNING)
    turn = models.PositiveIntegerField(default=0, help_text="moves applied so far")
    to_move = models.PositiveSmallIntegerField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True)
    move_timeout = models.FloatField(help_text="seconds an entrant has for each move")
    # A time bank instead of a fixed time a move: {"bank": s, "increment": s} (games/clock.py);
    # each entrant seat then has its own ``Seat.bank``.
    clock = models.JSONField(null=True, blank=True)
    # When the open turn opened (its clock runs from then; an outage moves it on).
    turn_opened_at = models.DateTimeField(null=True, blank=True)
    snapshot = models.JSONField(help_text="the engine's dump of the current state")
    result = models.JSONField(null=True, blank=True)
    record = models.JSONField(null=True, blank=True)
    # Sealed: the deal is shared with other matches still being played (duplicate boards), so
    # spectators see no cards or moves and nobody sees the seed or the record until unsealed.
    sealed = models.BooleanField(default=False)
    # Seconds the house bots of this match take per move (about 0.5x to 1.5x of it; 0 = at
    # once): a tournament's ``house_pace`` option, so people can watch (docs/tournaments.md).
    house_pace = models.FloatField(default=0)
    # Free-text chat among the people at the table: off unless the event's organiser turned it
    # on (a tournament's ``chat`` option; games/services/chat.py). Quick phrases always work.
    chat = models.BooleanField(default=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        indexes = [
            models.Index(fields=["status", "deadline"]),
            models.Index(fields=["status", "updated_at"]),
        ]

    def __str__(self) -> str:
        return f"{self.game} #{self.pk} ({self.status})"

    @property
    def is_running(self) -> bool:
        return self.status == self.Status.RUNNING

    @property
    def is_practice(self) -> bool:
        """Tell whether the match is a practice or challenge match (limited, abortable)."""
        return self.kind in (self.Kind.PRACTICE, self.Kind.CHALLENGE)

    @property
    def is_revealed(self) -> bool:
        """Tell whether the seed and the full record may be shown (over and not sealed)."""
        return not self.is_running and not self.sealed


class Seat(models.Model):
    """Who plays one seat: a bot, a person or a house strategy."""

    class Kind(models.TextChoices):
        BOT = "bot"
        USER = "user"
        HOUSE = "house"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=5, choices=Kind.choices)
    bot = models.ForeignKey(
        "bots.Bot", null=True, blank=True, on_delete=models.PROTECT, related_name="seats"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="seats",
    )
    strategy = models.CharField(max_length=40, default="house:greedy")
    # The version its bot stated when the match began (docs/bots.md, "Versions"); empty: none.
    bot_version = models.CharField(max_length=40, blank=True, default="")
    # A house seat's letter in its event ("Greedy house bot B": games/house_names.py), so the
    # table names it as the standings do; empty: lettered by seat order at the table.
    house_tag = models.CharField(max_length=4, blank=True, default="")
    # The deal (engine's ``deals``) of this person's latest turn: their first turn of a new
    # deal waits DEAL_GRACE before its time starts (the score sheet is on their table).
    deal_seen = models.PositiveSmallIntegerField(default=0)
    timeouts_in_a_row = models.PositiveSmallIntegerField(default=0)
    timeouts = models.PositiveIntegerField(default=0)
    # Set when the entrant resigned or timed out 3 times: the house bot plays on.
    forfeited = models.BooleanField(default=False)
    # The open turn last handed to this seat's bot (long-poll answer, stream line or webhook
    # call), and when it was first handed over: a move's answer time counts from then.
    delivered_turn = models.PositiveIntegerField(null=True, blank=True)
    delivered_at = models.DateTimeField(null=True, blank=True)
    # Move submissions of this seat's entrant that the API refused (4xx), by error code.
    refusals = models.JSONField(default=dict, blank=True)
    # Clocked matches: seconds left in this seat's bank, the network transit measured so far
    # (ms samples, the latest last) and the last turn whose delivery the bot acknowledged.
    bank = models.FloatField(null=True, blank=True)
    transit = models.JSONField(default=list, blank=True)
    acked_turn = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_entrant_per_seat"),
        ]
        indexes = [models.Index(fields=["bot", "match"]), models.Index(fields=["user", "match"])]

    def __str__(self) -> str:
        return f"seat {self.number} of match {self.match_id}: {self.label}"

    @property
    def played_by_house(self) -> bool:
        """Tell whether the platform plays this seat now."""
        return self.kind == self.Kind.HOUSE or self.forfeited

    @property
    def answers_by_webhook(self) -> bool:
        """Tell whether this seat's bot takes its turns by webhook. The locked read of a move
        (games/services/locked.py) joins the bot's address in as ``bot_webhook_url``."""
        if self.bot_id is None:
            return False
        joined = self.__dict__.get("bot_webhook_url")
        return bool(joined if joined is not None else self.bot.webhook_url)

    @property
    def label(self) -> str:
        if self.kind == self.Kind.BOT and self.bot is not None:
            return self.bot.name
        if self.kind == self.Kind.USER and self.user is not None:
            return self.user.get_username()
        return self.strategy


class Move(models.Model):
    """One applied move: the append-only log (unique per match and turn)."""

    class By(models.TextChoices):
        ENTRANT = "entrant"
        TIMEOUT = "timeout"
        HOUSE = "house"

    # No index of its own: one_move_per_turn's (match, turn) serves every lookup by match, and
    # each move's log rows then update two indexes, not three.
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="moves", db_index=False)
    turn = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    move = models.JSONField()
    public = models.JSONField(help_text="what other seats and spectators may see of the move")
    by = models.CharField(max_length=7, choices=By.choices)
    # An entrant's move: ms from the turn's first delivery to its bot to the move's arrival
    # (null for people, house moves, time-outs and turns never handed over).
    answer_ms = models.PositiveIntegerField(null=True, blank=True)
    # An entrant's move (docs/bots.md, "Timings"): when its turn was first delivered, and in a
    # clocked match the transit allowance it was given and the bank left after it.
    delivered_at = models.DateTimeField(null=True, blank=True)
    transit_ms = models.PositiveIntegerField(null=True, blank=True)
    bank_ms = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)  # when the move arrived and was logged

    class Meta:
        ordering = ["match", "turn"]
        constraints = [
            models.UniqueConstraint(fields=["match", "turn"], name="one_move_per_turn"),
        ]

    def __str__(self) -> str:
        return f"match {self.match_id} turn {self.turn}: seat {self.seat} {self.move}"


class MoveNote(models.Model):
    """What a bot said it was thinking with one move (docs/bots.md, "Notes").

    Kept apart from the log (``Move``) so that no reader of moves can show it by accident: only
    games.services.notes hands notes out, to the bot's owner, or to everyone once the match is
    over and the owner published the bot's notes.
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="notes")
    turn = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    bot = models.ForeignKey("bots.Bot", on_delete=models.CASCADE, related_name="notes")
    text = models.TextField(blank=True)
    eval = models.FloatField(null=True, blank=True)
    confidence = models.FloatField(null=True, blank=True)

    class Meta:
        ordering = ["match", "turn"]
        constraints = [
            models.UniqueConstraint(fields=["match", "turn"], name="one_note_per_turn"),
        ]

    def __str__(self) -> str:
        return f"note of match {self.match_id} turn {self.turn}"


class Challenge(models.Model):
    """A request to play a match against another person's bot: it starts only when accepted."""

    class Status(models.TextChoices):
        PENDING = "pending"
        ACCEPTED = "accepted"
        DECLINED = "declined"
        EXPIRED = "expired"
        CANCELLED = "cancelled"

    challenger_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_sent"
    )
    # The bot that asked (by its token); empty when a person asked from their session.
    challenger_bot = models.ForeignKey(
        "bots.Bot", null=True, blank=True, on_delete=models.CASCADE, related_name="challenges_sent"
    )
    challenged_bot = models.ForeignKey(
        "bots.Bot", on_delete=models.CASCADE, related_name="challenges_received"
    )
    game = models.CharField(max_length=40)
    options = models.JSONField(default=dict, blank=True)
    seats = models.JSONField(help_text="the seat entries, as POST /api/v1/matches takes them")
    move_timeout = models.FloatField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    reason = models.CharField(max_length=200, blank=True, help_text="why it is still pending")
    match = models.OneToOneField(
        Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="challenge"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    answered_at = models.DateTimeField(null=True, blank=True)
    # First shown to the challenged bot (long-poll or stream): until then it ends a long-poll.
    delivered_at = models.DateTimeField(null=True, blank=True)
    auto_accepted = models.BooleanField(default=False)

    class Meta:
        ordering = ["-id"]
        indexes = [
            models.Index(fields=["challenged_bot", "status"]),
            models.Index(fields=["challenger_user", "status"]),
            models.Index(fields=["status", "expires_at"]),
        ]

    def __str__(self) -> str:
        return f"challenge {self.pk} to {self.challenged_bot_id} ({self.status})"


class Table(models.Model):
    """A lobby: a person opens a table, invites people by link, fills seats with house bots,
    and starts it, which creates the match."""

    class Status(models.TextChoices):
        OPEN = "open"
        STARTED = "started"
        CANCELLED = "cancelled"

    game = models.CharField(max_length=40)
    options = models.JSONField(default=dict, blank=True)
    move_timeout = models.FloatField(null=True, blank=True)
    # Rated: the host's choice; only people sit at it and its match counts in the people's pool.
    rated = models.BooleanField(default=False)
    # Public: listed in the lobby, and any signed-in person takes a free seat without a link.
    public = models.BooleanField(default=False)
    # A private table's password, hashed (django.contrib.auth.hashers); empty: none.
    password = models.CharField(max_length=128, blank=True, default="")
    # A rematch: the finished match whose people it seats again; it starts when they all sat.
    rematch_of = models.ForeignKey(
        Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="rematches"
    )
    starts_when_full = models.BooleanField(default=False)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tables"
    )
    match = models.OneToOneField(
        Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="table"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]

    def __str__(self) -> str:
        return f"table {self.pk} ({self.game}, {self.status})"


class TableSeat(models.Model):
    """One seat of a lobby: a person (invited by a link with a secret token) or a house bot."""

    class Kind(models.TextChoices):
        USER = "user"
        HOUSE = "house"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=5, choices=Kind.choices, default=Kind.USER)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="table_seats",
    )
    strategy = models.CharField(max_length=40, default="house:greedy")
    # A rematch keeps a person's seat for them: nobody else may take it.
    reserved_for = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="reserved_table_seats",
    )
    # The invite link's secret; whoever opens the link signed in takes the seat.
    token = models.CharField(max_length=64, unique=True)

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="one_guest_per_table_seat"),
        ]

    def __str__(self) -> str:
        return f"seat {self.number} of table {self.table_id}"

    @property
    def is_open(self) -> bool:
        """Tell whether the seat waits for an invited person."""
        return self.kind == self.Kind.USER and self.user_id is None


class QueueEntry(models.Model):
    """One person waiting in a game's "Play now" queue (games/services/play_now.py).

    One entry per person; the waiting page's polls keep ``seen_at`` fresh, and an entry not
    seen for ``PLAY_NOW_TTL`` seconds is no longer paired and is swept away.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="queue_entry"
    )
    game = models.CharField(max_length=40)
    rating = models.FloatField()
    joined_at = models.DateTimeField()
    seen_at = models.DateTimeField()
    # Set when the person is paired: the match and their seat in it.
    match = models.ForeignKey(
        Match, null=True, blank=True, on_delete=models.CASCADE, related_name="queue_entries"
    )
    seat = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["game", "joined_at"])]

    def __str__(self) -> str:
        return f"{self.user_id} waits for {self.game}"


class ChatMessage(models.Model):
    """One line a person wrote at a table whose event allows chat (games/services/chat.py).

    Kept for moderation (a report names it); shown only on the match's live sockets, never in
    the log, the replay, the API or to a bot.
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="chat_messages")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_messages"
    )
    text = models.CharField(max_length=200)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "id"]
        indexes = [models.Index(fields=["user", "created_at"])]

    def __str__(self) -> str:
        return f"chat {self.pk} of match {self.match_id}, seat {self.seat}"


class ChatReport(models.Model):
    """A person's report of a chat line, for the admin to read (one per person and line)."""

    message = models.ForeignKey(ChatMessage, on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_reports"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["message", "reporter"], name="one_report_per_person"),
        ]

    def __str__(self) -> str:
        return f"report of chat {self.message_id} by {self.reporter_id}"
