from __future__ import annotations

from django.urls import path

from tournaments.ratings import api, head_to_head_api

urlpatterns = [
    path("leaderboards", api.LeaderboardList.as_view(), name="api-leaderboards"),
    path(
        "leaderboards/<str:game>/<str:pool>",
        api.LeaderboardDetail.as_view(),
        name="api-leaderboard",
    ),
    path("ratings/<str:game>/<str:pool>/<str:name>", api.RatingDetail.as_view(), name="api-rating"),
    path(
        "bots/<str:name>/head-to-head",
        head_to_head_api.HeadToHead.as_view(),
        name="api-bot-head-to-head",
    ),
]
