"""Admin: tournaments with their entries; rounds, pairings and their matches.

A pairing's deal seed is secret until its round is finished (only its commitment is public):
the admin shows it only then.
"""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from games.admin_secrets import NoSecretLookups
from tournaments.models import Entry, Pairing, PairingMatch, Round, Tournament


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fields = ["kind", "status", "seed", "bot", "user", "strategy", "replacement"]
    raw_id_fields = ["bot", "bot2", "user", "user2", "owner"]


@admin.register(Tournament)
class TournamentAdmin(NoSecretLookups, admin.ModelAdmin):
    list_display = ["name", "game", "format", "status", "paused", "starts_at", "organiser"]
    list_filter = ["status", "game", "format"]
    search_fields = ["name"]
    inlines = [EntryInline]
    readonly_fields = ["seed", "version", "created_at", "started_at", "finished_at"]


def seed_revealed(pairing: Pairing | None) -> bool:
    """Tell whether a pairing's seed may be shown: its round is finished."""
    return pairing is not None and pairing.round.status == Round.Status.FINISHED


@admin.register(Entry)
class EntryAdmin(NoSecretLookups, admin.ModelAdmin):
    list_display = ["label", "tournament", "kind", "status", "seed", "created_at"]
    list_filter = ["status", "kind"]
    search_fields = ["tournament__name", "bot__name", "user__username", "strategy"]
    raw_id_fields = ["tournament", "bot", "bot2", "user", "user2", "owner"]


@admin.register(Pairing)
class PairingAdmin(NoSecretLookups, admin.ModelAdmin):
    list_display = ["key", "tournament", "round", "status", "forfeit"]
    list_filter = ["status"]
    search_fields = ["key", "tournament__name"]

    def get_exclude(self, request: HttpRequest, obj: Pairing | None = None) -> list[str]:
        return [] if seed_revealed(obj) else ["seed"]

    def get_readonly_fields(self, request: HttpRequest, obj: Pairing | None = None) -> list[str]:
        shown = ["commitment", "outcome"]
        return ["seed", *shown] if seed_revealed(obj) else shown


@admin.register(Round)
class RoundAdmin(NoSecretLookups, admin.ModelAdmin):
    list_display = ["tournament", "number", "status", "started_at", "finished_at"]
    list_filter = ["status"]
    search_fields = ["tournament__name"]


@admin.register(PairingMatch)
class PairingMatchAdmin(NoSecretLookups, admin.ModelAdmin):
    list_display = ["pairing", "match", "rotation"]
    search_fields = ["pairing__key", "=match__id"]
    raw_id_fields = ["pairing", "match"]
