from __future__ import annotations

from django.urls import path

from tournaments.leagues import views

urlpatterns = [
    path("leagues/", views.league_list, name="league-list"),
    path("leagues/<slug:slug>/", views.league_page, name="league-page"),
    path(
        "leagues/<slug:slug>/seasons/<int:number>/",
        views.league_page,
        name="league-season-page",
    ),
    path(
        "leagues/<slug:slug>/seasons/<int:number>/live/",
        views.season_live,
        name="league-season-live",
    ),
]
