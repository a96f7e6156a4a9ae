"""Admin: ratings and their history, read-only (ratings change only through rated matches)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from games.admin_secrets import NoSecretLookups
from tournaments.ratings.models import Rating, RatingChange


class ReadOnly(NoSecretLookups, admin.ModelAdmin):  # type: ignore[type-arg]
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Rating)
class RatingAdmin(ReadOnly):
    list_display = ["name", "game", "pool", "ordinal", "mu", "sigma", "games", "wins", "updated_at"]
    list_filter = ["game", "pool"]
    search_fields = ["bot__name", "user__username"]
    list_select_related = ["bot", "user"]


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnly):
    list_display = [
        "rating",
        "match",
        "place",
        "mu_before",
        "mu_after",
        "ordinal_after",
        "created_at",
    ]
    list_filter = ["rating__game", "rating__pool"]
    search_fields = ["=match__id", "rating__bot__name", "rating__user__username"]
    list_select_related = ["rating__bot", "rating__user", "match"]
    date_hierarchy = "created_at"
