from __future__ import annotations

from django.urls import path

from tournaments.ratings import views

urlpatterns = [
    path("leaderboards/", views.leaderboard_index_page, name="leaderboards"),
    path("leaderboards/<str:game>/<str:pool>/", views.leaderboard_page_view, name="leaderboard"),
    path(
        "leaderboards/<str:game>/<str:pool>/live/",
        views.leaderboard_live,
        name="leaderboard-live",
    ),
]
