from __future__ import annotations

from django.urls import path

from games import api

urlpatterns = [
    path("matches", api.MatchList.as_view(), name="matches"),
    path("matches/<int:match_id>", api.MatchDetail.as_view(), name="match"),
    path("matches/<int:match_id>/log", api.MatchLog.as_view(), name="match-log"),
    path("matches/<int:match_id>/moves", api.MatchMoves.as_view(), name="match-moves"),
    path("matches/<int:match_id>/resign", api.MatchResign.as_view(), name="match-resign"),
]
