"""A match socket's ``sync`` is bounded per socket: SYNC_BURST at once, SYNC_RATE a second.

The attack: a spectator sends 50 syncs at once and gets 50 fresh states, each a database read
and a render. With the bound, the syncs beyond it get a ``throttled`` error frame instead, and
a sync is served again once the bucket has refilled.
"""

from __future__ import annotations

import asyncio
import time

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth.models import AnonymousUser
from django.test import override_settings

from tests.games.test_consumers import people_match, socket

pytestmark = pytest.mark.django_db(transaction=True)

SENT = 50


async def test_fifty_syncs_get_a_burst_of_states_and_throttled_errors() -> None:
    match, _, _ = await sync_to_async(people_match)()
    spectator = await socket(f"/ws/matches/{match.pk}/", AnonymousUser())
    assert (await spectator.receive_json_from())["type"] == "state"
    began = time.monotonic()
    for _ in range(SENT):
        await spectator.send_json_to({"action": "sync"})
    answers = [await spectator.receive_json_from() for _ in range(SENT)]
    took = time.monotonic() - began
    states = [a for a in answers if a["type"] == "state"]
    errors = [a for a in answers if a["type"] == "error"]
    assert len(states) + len(errors) == SENT
    # 5 at once, then 2 a second (and one more for a refill under way).
    assert 5 <= len(states) <= 5 + 2 * took + 1, (len(states), took)
    assert {e["error"] for e in errors} == {"throttled"}
    assert all(e["action"] == "sync" and "SYNC_RATE" in e["detail"] for e in errors)
    # The socket stays open, and a sync is served again once the bucket refills.
    await asyncio.sleep(0.6)
    await spectator.send_json_to({"action": "sync"})
    assert (await spectator.receive_json_from())["type"] == "state"
    await spectator.disconnect()


@override_settings(SYNC_BURST=2, SYNC_RATE=0.5)
async def test_the_bound_is_the_settings() -> None:
    match, _, _ = await sync_to_async(people_match)()
    spectator = await socket(f"/ws/matches/{match.pk}/", AnonymousUser())
    await spectator.receive_json_from()
    for _ in range(4):
        await spectator.send_json_to({"action": "sync"})
    kinds = [(await spectator.receive_json_from())["type"] for _ in range(4)]
    assert kinds == ["state", "state", "error", "error"]
    await spectator.disconnect()
