"""WebSocket routes of every app."""

from __future__ import annotations

from django.urls import path

from games.consumers import MatchConsumer
from tournaments.consumers import (
    LadderConsumer,
    LeaderboardConsumer,
    SeasonConsumer,
    TournamentConsumer,
)
from web.consumers import PingConsumer

websocket_urlpatterns = [
    path("ws/ping/", PingConsumer.as_asgi()),
    path("ws/matches/<int:match_id>/", MatchConsumer.as_asgi()),
    path("ws/matches/<int:match_id>/seat/<int:seat>/", MatchConsumer.as_asgi()),
    path("ws/tournaments/<int:tournament_id>/", TournamentConsumer.as_asgi()),
    path("ws/leaderboards/<str:game>/<str:pool>/", LeaderboardConsumer.as_asgi()),
    path("ws/leagues/<int:season_id>/", SeasonConsumer.as_asgi()),
    path("ws/ladders/<str:game>/", LadderConsumer.as_asgi()),
]
