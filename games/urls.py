from __future__ import annotations

from django.urls import path

from games import api, challenge_api, schema_api

urlpatterns = [
    path("games/<str:game>/schema", schema_api.GameSchema.as_view(), name="game-schema"),
    path("matches", api.MatchList.as_view(), name="matches"),
    path("matches/<int:match_id>", api.MatchDetail.as_view(), name="api-match"),
    path("matches/<int:match_id>/log", api.MatchLog.as_view(), name="match-log"),
    path("matches/<int:match_id>/moves", api.MatchMoves.as_view(), name="match-moves"),
    path("matches/<int:match_id>/ack", api.MatchAck.as_view(), name="match-ack"),
    path("matches/<int:match_id>/resign", api.MatchResign.as_view(), name="match-resign"),
    path("matches/<int:match_id>/abort", api.MatchAbort.as_view(), name="match-abort"),
    path("challenges", challenge_api.ChallengeList.as_view(), name="challenges"),
    path(
        "challenges/<int:challenge_id>/accept",
        challenge_api.ChallengeAccept.as_view(),
        name="challenge-accept",
    ),
    path(
        "challenges/<int:challenge_id>/decline",
        challenge_api.ChallengeDecline.as_view(),
        name="challenge-decline",
    ),
    path(
        "challenges/<int:challenge_id>/cancel",
        challenge_api.ChallengeCancel.as_view(),
        name="challenge-cancel",
    ),
]
