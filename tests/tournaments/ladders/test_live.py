"""The ladder socket: its version on connect, then an event for each change of the ladder."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser

from bots.services import bot_create
from tests.games.test_consumers import socket
from tests.tournaments.ladders.conftest import passed_check
from tournaments.ladders.services.entries import entry_join

pytestmark = pytest.mark.django_db(transaction=True)


async def test_an_unknown_ladder_is_closed_with_4404() -> None:
    ws = await socket("/ws/ladders/chess/", AnonymousUser())
    error: dict[str, Any] = await ws.receive_json_from()
    assert error["error"] == "not_found" and (await ws.receive_output())["code"] == 4404


async def test_a_ladder_socket_sends_an_event_when_a_bot_joins(settings: Any) -> None:
    settings.LADDER_ANCHORS = []
    ws = await socket("/ws/ladders/busca/", AnonymousUser())
    other = await socket("/ws/ladders/buraco-cerrado/", AnonymousUser())
    assert await ws.receive_json_from() == {"type": "state", "version": 0}
    assert (await other.receive_json_from())["type"] == "state"

    def join() -> None:
        owner = get_user_model().objects.create_user("ada", "ada@example.org", "a-long-pass-1")
        bot = bot_create(owner=owner, name="climber", games=[]).bot
        passed_check(bot, "busca")
        entry_join(game="busca", user=owner, bot_name=bot.name)

    await sync_to_async(join)()
    event = await ws.receive_json_from()
    assert event == {"type": "event", "game": "busca", "reason": "joined", "version": 1}
    assert await other.receive_nothing()
    await ws.send_json_to({"action": "sync"})
    assert await ws.receive_json_from() == {"type": "state", "version": 1}
    await ws.disconnect()
    await other.disconnect()
