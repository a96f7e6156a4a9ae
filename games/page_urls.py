"""Page routes of the games app (the API's are in games/urls.py)."""

from __future__ import annotations

from django.urls import path

from games import play_views, views

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
    path("play/tables/", play_views.open_tables_fragment, name="open-tables"),
    path("play/now/", play_views.play_now_page, name="play-now"),
    path("play/now/join/", play_views.play_now_join, name="play-now-join"),
    path("play/now/status/", play_views.play_now_status, name="play-now-status"),
    path("play/now/fill/", play_views.play_now_fill, name="play-now-fill"),
    path("play/now/leave/", play_views.play_now_leave, name="play-now-leave"),
    path("matches/<int:match_id>/rematch/", play_views.match_rematch, name="match-rematch"),
    path(
        "matches/<int:match_id>/rematch.json",
        play_views.match_rematch_state,
        name="match-rematch-state",
    ),
    path("tables/<int:table_id>/sit/", play_views.table_sit, name="table-sit"),
    path("tables/<int:table_id>/", views.table_page, name="table"),
    path("tables/<int:table_id>/seats/", views.table_seats_fragment, name="table-seats"),
    path("tables/<int:table_id>/join/<str:token>/", views.table_join, name="table-join"),
    path("tables/<int:table_id>/seat/", views.table_seat, name="table-seat"),
    path("tables/<int:table_id>/fill/", views.table_fill, name="table-fill"),
    path("tables/<int:table_id>/rated/", views.table_rated, name="table-rated"),
    path("tables/<int:table_id>/start/", views.table_start, name="table-start"),
    path("tables/<int:table_id>/cancel/", views.table_cancel, name="table-cancel"),
]
