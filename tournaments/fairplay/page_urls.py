from __future__ import annotations

from django.urls import path

from tournaments.fairplay import views

urlpatterns = [
    path(
        "fair-play/tournaments/<int:tournament_id>/",
        views.tournament_page,
        name="fair-play-tournament",
    ),
    path("fair-play/ladders/<str:game>/", views.ladder_page, name="fair-play-ladder"),
    path(
        "fair-play/leaderboards/<str:game>/<str:pool>/",
        views.leaderboard_page,
        name="fair-play-leaderboard",
    ),
]
