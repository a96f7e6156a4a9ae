from django.contrib import admin

from games.admin_secrets import NoSecretLookups
from tournaments.ladders.models import Ladder, LadderEntry


@admin.register(Ladder)
class LadderAdmin(NoSecretLookups, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["game", "version", "created_at"]


@admin.register(LadderEntry)
class LadderEntryAdmin(NoSecretLookups, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["bot", "ladder", "anchor", "status", "reason", "matches", "timeouts"]
    list_filter = ["ladder", "status"]
    search_fields = ["bot__name"]
