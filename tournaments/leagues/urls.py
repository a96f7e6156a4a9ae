from __future__ import annotations

from django.urls import path

from tournaments.leagues import api

urlpatterns = [
    path("leagues", api.LeagueList.as_view(), name="leagues"),
    path("leagues/<slug:slug>", api.LeagueDetail.as_view(), name="league"),
    path("leagues/<slug:slug>/seasons", api.LeagueSeasons.as_view(), name="league-seasons"),
    path("seasons/<int:season_id>", api.SeasonDetail.as_view(), name="league-season"),
    path(
        "seasons/<int:season_id>/members",
        api.SeasonMembers.as_view(),
        name="league-season-members",
    ),
    path(
        "seasons/<int:season_id>/members/<int:member_id>",
        api.MembershipDetail.as_view(),
        name="league-season-member",
    ),
    path("seasons/<int:season_id>/next", api.SeasonNext.as_view(), name="league-season-next"),
    path("divisions/<int:division_id>", api.DivisionDetail.as_view(), name="league-division"),
    path(
        "divisions/<int:division_id>/standings",
        api.DivisionStandings.as_view(),
        name="league-standings",
    ),
    path("divisions/<int:division_id>/rounds", api.DivisionRounds.as_view(), name="league-rounds"),
    path("league-rounds/<int:round_id>", api.RoundDetail.as_view(), name="league-round"),
]
