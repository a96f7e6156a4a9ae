from __future__ import annotations

from django.contrib import admin

from accounts.models import Profile


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["user", "time_zone"]
    search_fields = ["user__username", "user__email"]
