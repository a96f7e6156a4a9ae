from __future__ import annotations

from django.urls import path

from tournaments.fairplay import api

urlpatterns = [
    path(
        "fair-play/tournaments/<int:tournament_id>",
        api.TournamentReport.as_view(),
        name="api-fair-play-tournament",
    ),
    path("fair-play/ladders/<str:game>", api.LadderReport.as_view(), name="api-fair-play-ladder"),
    path(
        "fair-play/leaderboards/<str:game>/<str:pool>",
        api.LeaderboardReport.as_view(),
        name="api-fair-play-leaderboard",
    ),
]
