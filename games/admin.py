"""Admin: matches, seats, moves, challenges and tables.

Matches and moves are read-only records. A running (or sealed) match's seed, state and full
record are hidden information: the admin shows them only once the match is revealed, and a
move's private form (a face-down card) likewise; the public form is always shown. Invitation
tokens of table seats are never shown.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from games.admin_secrets import NoSecretLookups
from games.models import (
    Challenge,
    ChatMessage,
    ChatReport,
    Match,
    Move,
    MoveNote,
    QueueEntry,
    Seat,
    Table,
    TableSeat,
)

MATCH_SECRETS = ("seed", "snapshot", "record")


class ReadOnly(NoSecretLookups, admin.ModelAdmin):  # type: ignore[type-arg]
    """A record nobody edits in the admin: viewing only (deleting stays with the default)."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class SeatInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Seat
    extra = 0
    can_delete = False
    fields = ["number", "kind", "bot", "user", "strategy", "timeouts", "forfeited"]
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Match)
class MatchAdmin(ReadOnly):
    list_display = [
        "id",
        "game",
        "kind",
        "status",
        "turn",
        "to_move",
        "sealed",
        "created_at",
        "finished_at",
    ]
    list_filter = ["status", "kind", "game", "sealed"]
    search_fields = ["=id", "seats__user__username", "seats__bot__name"]
    date_hierarchy = "created_at"
    inlines = [SeatInline]

    def get_fields(self, request: HttpRequest, obj: Match | None = None) -> list[str]:
        fields = [field.name for field in Match._meta.fields]
        if obj is None or not obj.is_revealed:
            fields = [name for name in fields if name not in MATCH_SECRETS]
        return fields

    def get_readonly_fields(self, request: HttpRequest, obj: Match | None = None) -> list[str]:
        return self.get_fields(request, obj)


@admin.register(Seat)
class SeatAdmin(NoSecretLookups, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["match", "number", "kind", "bot", "user", "strategy", "timeouts", "forfeited"]
    list_filter = ["kind", "forfeited"]
    search_fields = ["=match__id", "user__username", "bot__name"]
    raw_id_fields = ["match", "bot", "user"]
    list_select_related = ["match", "bot", "user"]


@admin.register(Move)
class MoveAdmin(ReadOnly):
    list_display = ["match", "turn", "seat", "public", "by", "created_at"]
    list_filter = ["by"]
    search_fields = ["=match__id"]
    list_select_related = ["match"]

    def get_fields(self, request: HttpRequest, obj: Move | None = None) -> list[str]:
        fields = ["match", "turn", "seat", "public", "by", "created_at"]
        fields += ["delivered_at", "answer_ms", "transit_ms", "bank_ms"]
        if obj is not None and obj.match.is_revealed:
            fields.insert(4, "move")
        return fields

    def get_readonly_fields(self, request: HttpRequest, obj: Move | None = None) -> list[str]:
        return self.get_fields(request, obj)


@admin.register(MoveNote)
class MoveNoteAdmin(ReadOnly):
    """A bot's notes are its owner's (games.services.notes): staff see the text only once the
    match is over and unsealed, as with a seed."""

    list_display = ["match", "turn", "seat", "bot"]
    search_fields = ["=match__id", "bot__name"]
    list_select_related = ["match", "bot"]

    def get_fields(self, request: HttpRequest, obj: MoveNote | None = None) -> list[str]:
        fields = ["match", "turn", "seat", "bot"]
        if obj is not None and obj.match.is_revealed:
            fields += ["text", "eval", "confidence"]
        return fields

    def get_readonly_fields(self, request: HttpRequest, obj: MoveNote | None = None) -> list[str]:
        return self.get_fields(request, obj)


@admin.register(Challenge)
class ChallengeAdmin(NoSecretLookups, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = [
        "id",
        "game",
        "status",
        "challenger_user",
        "challenger_bot",
        "challenged_bot",
        "created_at",
        "expires_at",
    ]
    list_filter = ["status", "game", "auto_accepted"]
    search_fields = ["challenger_user__username", "challenger_bot__name", "challenged_bot__name"]
    raw_id_fields = ["challenger_user", "challenger_bot", "challenged_bot", "match"]


class TableSeatInline(admin.TabularInline):  # type: ignore[type-arg]
    model = TableSeat
    extra = 0
    fields = ["number", "kind", "user", "reserved_for", "strategy"]  # never the invitation token
    raw_id_fields = ["user", "reserved_for"]


@admin.register(Table)
class TableAdmin(NoSecretLookups, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["id", "game", "status", "created_by", "match", "created_at"]
    list_filter = ["status", "game"]
    search_fields = ["=id", "created_by__username"]
    raw_id_fields = ["created_by", "match", "rematch_of"]
    exclude = ["password"]  # a hash, but still never shown
    inlines = [TableSeatInline]


@admin.register(TableSeat)
class TableSeatAdmin(NoSecretLookups, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["table", "number", "kind", "user", "strategy"]
    list_filter = ["kind"]
    search_fields = ["=table__id", "user__username"]
    fields = ["table", "number", "kind", "user", "reserved_for", "strategy"]  # never the token
    raw_id_fields = ["table", "user", "reserved_for"]


@admin.register(QueueEntry)
class QueueEntryAdmin(NoSecretLookups, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["user", "game", "rating", "joined_at", "seen_at", "match"]
    list_filter = ["game"]
    search_fields = ["user__username"]
    raw_id_fields = ["user", "match"]


@admin.register(ChatMessage)
class ChatMessageAdmin(ReadOnly):
    """Chat lines, for moderation: the reported ones first to look at (``reports``)."""

    list_display = ["id", "match", "seat", "user", "text", "created_at"]
    search_fields = ["=match__id", "user__username", "text"]
    raw_id_fields = ["match", "user"]


@admin.register(ChatReport)
class ChatReportAdmin(ReadOnly):
    list_display = ["message", "reporter", "created_at"]
    search_fields = ["=message__match__id", "reporter__username"]
    raw_id_fields = ["message", "reporter"]
