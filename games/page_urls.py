"""Page routes of the games app (the API's are in games/urls.py)."""

from __future__ import annotations

from django.urls import path

from games import views

urlpatterns = [
    path("matches/<int:match_id>/", views.match_page, name="match"),
    path("matches/<int:match_id>/seat/<int:seat>/", views.match_page, name="match-seat"),
    path("matches/<int:match_id>/abort/", views.match_abort, name="match-abort-page"),
    path("matches/<int:match_id>/replay/", views.match_replay_page, name="match-replay-page"),
    path("matches/<int:match_id>/replay.json", views.match_replay, name="match-replay"),
    path("matches/<int:match_id>/events.ndjson", views.match_events, name="match-events"),
    path("matches/<int:match_id>/notes.json", views.match_notes, name="match-notes"),
    path("me/matches/", views.my_matches, name="my-matches"),
    path("play/", views.play, name="play"),
    path("play/card-style/", views.card_style_set, name="card-style"),
    path("tables/<int:table_id>/", views.table_page, name="table"),
    path("tables/<int:table_id>/seats/", views.table_seats_fragment, name="table-seats"),
    path("tables/<int:table_id>/join/<str:token>/", views.table_join, name="table-join"),
    path("tables/<int:table_id>/seat/", views.table_seat, name="table-seat"),
    path("tables/<int:table_id>/fill/", views.table_fill, name="table-fill"),
    path("tables/<int:table_id>/rated/", views.table_rated, name="table-rated"),
    path("tables/<int:table_id>/start/", views.table_start, name="table-start"),
    path("tables/<int:table_id>/cancel/", views.table_cancel, name="table-cancel"),
]
