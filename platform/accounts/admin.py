from __future__ import annotations

from django.contrib import admin

from accounts.models import Profile
from games.admin_secrets import NoSecretLookups


@admin.register(Profile)
class ProfileAdmin(NoSecretLookups, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["user", "time_zone"]
    search_fields = ["user__username", "user__email"]
