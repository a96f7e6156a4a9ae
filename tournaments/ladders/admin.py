from django.contrib import admin

from tournaments.ladders.models import Ladder, LadderEntry


@admin.register(Ladder)
class LadderAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["game", "version", "created_at"]


@admin.register(LadderEntry)
class LadderEntryAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["bot", "ladder", "anchor", "status", "reason", "matches", "timeouts"]
    list_filter = ["ladder", "status"]
    search_fields = ["bot__name"]
