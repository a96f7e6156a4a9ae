"""WebSocket routes of every app."""

from __future__ import annotations

from django.urls import path

from web.consumers import PingConsumer

websocket_urlpatterns = [
    path("ws/ping/", PingConsumer.as_asgi()),
]
