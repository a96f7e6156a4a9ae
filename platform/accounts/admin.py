from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from accounts.models import Follow, Profile
from games.admin_secrets import NoSecretLookups


@admin.register(Profile)
class ProfileAdmin(NoSecretLookups, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["user", "time_zone"]
    search_fields = ["user__username", "user__email"]


@admin.register(Follow)
class FollowAdmin(NoSecretLookups, admin.ModelAdmin):  # type: ignore[type-arg]
    """Follows are private to the follower (docs/accounts.md, "Following"): the admin reads them
    to answer abuse reports, and nobody edits them here."""

    list_display = ["follower", "user", "bot", "created_at"]
    search_fields = ["follower__username", "user__username", "bot__name"]
    raw_id_fields = ["follower", "user", "bot"]

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
