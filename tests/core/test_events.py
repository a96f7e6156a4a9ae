"""core.events: a change's events go out in one hand-over, in order, and one group's failure
does not stop the others."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from channels.layers import get_channel_layer

from core import events


def test_group_send_all_delivers_each_message_in_order() -> None:
    layer = get_channel_layer()
    assert layer is not None

    async def join() -> tuple[str, str]:
        first, second = await layer.new_channel(), await layer.new_channel()
        await layer.group_add("events-a", first)
        await layer.group_add("events-b", second)
        return first, second

    async def receive(channel: str, count: int) -> list[Any]:
        return [await layer.receive(channel) for _ in range(count)]

    first, second = asyncio.run(join())
    events.group_send_all(
        [
            ("events-a", {"type": "x.one", "n": 1}),
            ("events-b", {"type": "x.two", "n": 2}),
            ("events-a", {"type": "x.one", "n": 3}),
        ]
    )
    assert [m["n"] for m in asyncio.run(receive(first, 2))] == [1, 3]
    assert [m["n"] for m in asyncio.run(receive(second, 1))] == [2]


def test_a_failing_group_does_not_stop_the_others(monkeypatch: pytest.MonkeyPatch) -> None:
    layer = get_channel_layer()
    assert layer is not None
    sent: list[str] = []
    plain = layer.group_send

    async def flaky(group: str, message: dict[str, Any]) -> None:
        if group == "events-broken":
            raise ConnectionError("the layer refused this one")
        sent.append(group)
        await plain(group, message)

    monkeypatch.setattr(layer, "group_send", flaky)
    with pytest.raises(ConnectionError):
        events.group_send_all(
            [("events-broken", {"type": "x.y"}), ("events-fine", {"type": "x.y"})]
        )
    assert sent == ["events-fine"]
