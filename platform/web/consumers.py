"""A diagnostic WebSocket: each ping goes through a Celery task and comes back as an event.

It exercises the whole live path (socket -> broker -> worker -> channel layer -> socket); the
runtime tests, the latency benchmark and CI's smoke check of the Procfile use it.
"""

from __future__ import annotations

import uuid
from typing import Any

from asgiref.sync import sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from core.api_parsers import BoundedJsonMessages
from web.tasks import ping

MAX_IN_FLIGHT = 20


class PingConsumer(BoundedJsonMessages, AsyncJsonWebsocketConsumer):
    """Answer ``{"ping": x}`` with ``{"pong": x}``, sent by a task through the channel layer."""

    group = ""
    in_flight = 0

    async def connect(self) -> None:
        self.group = f"ping.{uuid.uuid4().hex}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if not isinstance(content, dict) or "ping" not in content:
            await self.send_json({"error": "bad_request", "detail": 'send {"ping": <value>}'})
            return
        if self.in_flight >= MAX_IN_FLIGHT:
            await self.send_json({"error": "busy", "detail": "too many pings in flight"})
            return
        self.in_flight += 1
        await sync_to_async(ping.delay, thread_sensitive=False)(self.group, content["ping"])

    async def ping_pong(self, event: dict[str, Any]) -> None:
        self.in_flight = max(0, self.in_flight - 1)
        await self.send_json({"pong": event["payload"], "version": event["version"]})
