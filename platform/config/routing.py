"""WebSocket routes of every app."""

from __future__ import annotations

from django.urls import path

from games.consumers import MatchConsumer
from web.consumers import PingConsumer

websocket_urlpatterns = [
    path("ws/ping/", PingConsumer.as_asgi()),
    path("ws/matches/<int:match_id>/", MatchConsumer.as_asgi()),
    path("ws/matches/<int:match_id>/seat/<int:seat>/", MatchConsumer.as_asgi()),
]
