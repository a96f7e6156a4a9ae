"""Page routes of tournaments (included at /)."""

from __future__ import annotations

from django.urls import path

from tournaments import views

urlpatterns = [
    path("tournaments/", views.tournament_list, name="tournaments"),
    path("tournaments/new", views.tournament_new, name="tournament-new"),
    path("tournaments/<int:tournament_id>/", views.tournament_detail, name="tournament"),
    path(
        "tournaments/<int:tournament_id>/live/",
        views.tournament_live,
        name="tournament-live",
    ),
    path(
        "tournaments/<int:tournament_id>/entries",
        views.entry_add,
        name="tournament-entry-add",
    ),
    path(
        "tournaments/<int:tournament_id>/entries/<int:entry_id>/<str:action>",
        views.entry_action,
        name="tournament-entry-action",
    ),
    path(
        "tournaments/<int:tournament_id>/<str:action>",
        views.tournament_action,
        name="tournament-action",
    ),
]
