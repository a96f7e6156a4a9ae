"""Admin: tournaments with their entries; rounds and pairings read-only."""

from __future__ import annotations

from django.contrib import admin

from tournaments.models import Entry, Pairing, Round, Tournament


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fields = ["kind", "status", "seed", "bot", "user", "strategy", "replacement"]
    raw_id_fields = ["bot", "bot2", "user", "user2", "owner"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "format", "status", "paused", "starts_at", "organiser"]
    list_filter = ["status", "game", "format"]
    search_fields = ["name"]
    inlines = [EntryInline]
    readonly_fields = ["seed", "version", "created_at", "started_at", "finished_at"]


@admin.register(Pairing)
class PairingAdmin(admin.ModelAdmin):
    list_display = ["key", "tournament", "round", "status", "forfeit"]
    list_filter = ["status"]
    readonly_fields = ["seed", "commitment", "outcome"]


admin.site.register(Round)
