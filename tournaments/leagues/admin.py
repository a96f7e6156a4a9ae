"""Admin: leagues, seasons, divisions, memberships, rounds and fixtures.

A round's deal seeds are secret until it finishes (only their hashes are public): the admin
shows them only then.
"""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from games.admin_secrets import NoSecretLookups
from tournaments.leagues.models import (
    Division,
    Fixture,
    League,
    LeagueRound,
    Membership,
    Season,
)


@admin.register(League)
class LeagueAdmin(NoSecretLookups, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = [
        "name",
        "slug",
        "game",
        "members",
        "organiser",
        "auto_next_season",
        "created_at",
    ]
    list_filter = ["game", "members"]
    search_fields = ["name", "slug", "organiser__username"]
    raw_id_fields = ["organiser"]


@admin.register(Season)
class SeasonAdmin(NoSecretLookups, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["league", "number", "status", "format", "starts_at", "rounds", "finished_at"]
    list_filter = ["status", "format"]
    search_fields = ["league__name", "league__slug"]
    readonly_fields = ["version", "finished_at"]


@admin.register(Division)
class DivisionAdmin(NoSecretLookups, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "season", "level"]
    search_fields = ["name", "season__league__name"]


@admin.register(Membership)
class MembershipAdmin(NoSecretLookups, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["label", "division", "status", "joined_at", "withdrawn_at"]
    list_filter = ["status"]
    search_fields = ["bot__name", "user__username", "house", "division__season__league__name"]
    raw_id_fields = ["division", "bot", "user"]


@admin.register(LeagueRound)
class LeagueRoundAdmin(NoSecretLookups, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["division", "number", "status", "opens_at", "deadline", "finished_at"]
    list_filter = ["status"]
    search_fields = ["division__name", "season__league__name"]

    def get_fields(self, request: HttpRequest, obj: LeagueRound | None = None) -> list[str]:
        fields = [
            "season",
            "division",
            "number",
            "opens_at",
            "deadline",
            "status",
            "seed_hashes",
            "opened_at",
            "finished_at",
        ]
        if obj is not None and obj.seeds_revealed:
            fields.insert(6, "seeds")
        return fields

    def get_readonly_fields(
        self, request: HttpRequest, obj: LeagueRound | None = None
    ) -> list[str]:
        return ["seeds", "seed_hashes", "opened_at", "finished_at"]


@admin.register(Fixture)
class FixtureAdmin(NoSecretLookups, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["key", "round", "status", "match", "decided_at"]
    list_filter = ["status"]
    search_fields = ["key", "=match__id"]
    raw_id_fields = ["round", "match"]
    readonly_fields = ["outcome", "decided_at"]
