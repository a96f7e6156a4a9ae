"""core.channel_layer on the real Redis: a batch reaches the groups' members in order, and a
group nobody is in costs no send of its own."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest

from core.channel_layer import RedisChannelLayer
from tests.services import require_redis


@pytest.fixture
async def layer() -> AsyncIterator[RedisChannelLayer]:
    made = RedisChannelLayer(hosts=[require_redis()], prefix=f"test-{uuid.uuid4().hex[:8]}")
    yield made
    await made.flush()
    await made.close_pools()


def _counting(layer: RedisChannelLayer, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record each group channels_redis' own group_send is asked to send to."""
    asked: list[str] = []
    plain = layer.group_send

    async def group_send(group: str, message: dict[str, Any]) -> None:
        asked.append(group)
        await plain(group, message)

    monkeypatch.setattr(layer, "group_send", group_send)
    return asked


async def test_members_get_the_batch_in_order_and_empty_groups_cost_no_send(
    layer: RedisChannelLayer, monkeypatch: pytest.MonkeyPatch
) -> None:
    channel = await layer.new_channel()
    await layer.group_add("match.1", channel)
    await layer.group_add("bot.7", channel)
    asked = _counting(layer, monkeypatch)
    await layer.group_send_all(
        [
            ("match.1", {"type": "x.y", "n": 1}),
            ("match.2", {"type": "x.y", "n": 2}),  # nobody watches
            ("bot.7", {"type": "x.y", "n": 3}),
            ("bot.8", {"type": "x.y", "n": 4}),  # nobody waits
        ]
    )
    assert [(await layer.receive(channel))["n"] for _ in range(2)] == [1, 3]
    assert asked == ["match.1", "bot.7"]


async def test_a_member_gone_stale_is_dropped_first(
    layer: RedisChannelLayer, monkeypatch: pytest.MonkeyPatch
) -> None:
    channel = await layer.new_channel()
    await layer.group_add("match.3", channel)
    layer.group_expiry = -5  # every member is older than this: dropped, as group_send would
    asked = _counting(layer, monkeypatch)
    await layer.group_send_all([("match.3", {"type": "x.y", "n": 1})])
    assert asked == []


async def test_a_failing_group_does_not_stop_the_others(
    layer: RedisChannelLayer, monkeypatch: pytest.MonkeyPatch
) -> None:
    channel = await layer.new_channel()
    await layer.group_add("broken", channel)
    await layer.group_add("fine", channel)
    plain = layer.group_send

    async def group_send(group: str, message: dict[str, Any]) -> None:
        if group == "broken":
            raise ConnectionError("down")
        await plain(group, message)

    monkeypatch.setattr(layer, "group_send", group_send)
    with pytest.raises(ConnectionError):
        await layer.group_send_all(
            [("broken", {"type": "x.y", "n": 1}), ("fine", {"type": "x.y", "n": 2})]
        )
    assert (await layer.receive(channel))["n"] == 2
