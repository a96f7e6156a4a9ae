"""Admin: bots and their tokens. Secrets never show: not the webhook secret, not a token's
digest (only its prefix, to tell tokens apart); tokens are made and revoked on the site."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from bots.models import Bot, BotToken, BotVersion, Preflight, Sighting, Unlink
from games.admin_secrets import NoSecretLookups

TOKEN_FIELDS = ["bot", "prefix", "created_at", "last_used_at", "revoked_at"]


class BotTokenInline(admin.TabularInline):  # type: ignore[type-arg]
    model = BotToken
    extra = 0
    can_delete = False
    fields = TOKEN_FIELDS
    readonly_fields = TOKEN_FIELDS

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Bot)
class BotAdmin(NoSecretLookups, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "owner", "mode", "is_active", "accepts_challenges", "created_at"]
    list_filter = ["is_active", "accepts_challenges"]
    search_fields = ["name", "owner__username"]
    exclude = ["webhook_secret_encrypted"]
    raw_id_fields = ["owner"]
    inlines = [BotTokenInline]


class RevokedFilter(admin.SimpleListFilter):
    title = "revoked"
    parameter_name = "revoked"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("yes", "revoked"), ("no", "in use")]

    def queryset(self, request: HttpRequest, queryset: Any) -> Any:
        if self.value() in {"yes", "no"}:
            return queryset.filter(revoked_at__isnull=self.value() == "no")
        return queryset


@admin.register(BotToken)
class BotTokenAdmin(NoSecretLookups, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = TOKEN_FIELDS
    list_filter = [RevokedFilter]
    search_fields = ["prefix", "bot__name"]
    fields = TOKEN_FIELDS  # never the digest
    readonly_fields = TOKEN_FIELDS
    list_select_related = ["bot"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


PREFLIGHT_FIELDS = [
    "bot",
    "game",
    "target",
    "move_timeout",
    "status",
    "match",
    "report",
    "created_at",
    "finished_at",
]


@admin.register(Preflight)
class PreflightAdmin(NoSecretLookups, admin.ModelAdmin):  # type: ignore[type-arg]
    """Pre-flight checks, read-only: the platform runs and decides them."""

    list_display = ["bot", "game", "status", "target", "created_at", "finished_at"]
    list_filter = ["status", "game"]
    search_fields = ["bot__name"]
    fields = PREFLIGHT_FIELDS
    readonly_fields = PREFLIGHT_FIELDS

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Unlink)
class UnlinkAdmin(NoSecretLookups, admin.ModelAdmin):  # type: ignore[type-arg]
    """Staff's word that two linked accounts are different people (docs/accounts.md, "Linked
    accounts"): add a pair with a reason; the staff member is recorded."""

    list_display = ["user_a", "user_b", "reason", "by", "at"]
    search_fields = ["user_a__username", "user_b__username"]
    raw_id_fields = ["user_a", "user_b"]
    fields = ["user_a", "user_b", "reason", "by", "at"]
    readonly_fields = ["by", "at"]

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        obj.by = request.user
        super().save_model(request, obj, form, change)


SIGHTING_FIELDS = ["user", "kind", "source", "shared", "first_seen", "last_seen"]


@admin.register(Sighting)
class SightingAdmin(NoSecretLookups, admin.ModelAdmin):  # type: ignore[type-arg]
    """What linked accounts rest on, read-only and without the digest (docs/accounts.md)."""

    list_display = SIGHTING_FIELDS
    list_filter = ["kind", "source", "shared"]
    search_fields = ["user__username"]
    fields = SIGHTING_FIELDS
    readonly_fields = SIGHTING_FIELDS
    list_select_related = ["user"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(BotVersion)
class BotVersionAdmin(NoSecretLookups, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["bot", "version", "first_seen"]
    search_fields = ["bot__name", "version"]
    raw_id_fields = ["bot"]
    list_select_related = ["bot"]
