"""core.events: a change's events go out in one hand-over, in order, and one group's failure
does not stop the others."""

from __future__ import annotations

import asyncio
import threading
import time
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

    async def join() -> None:  # members in both: the Redis layer sends only to groups with some
        for group in ("events-broken", "events-fine"):
            await layer.group_add(group, await layer.new_channel())

    asyncio.run(join())
    monkeypatch.setattr(layer, "group_send", flaky)
    with pytest.raises(ConnectionError):
        events.group_send_all(
            [("events-broken", {"type": "x.y"}), ("events-fine", {"type": "x.y"})]
        )
    assert sent == ["events-fine"]


@pytest.fixture
def server_loop() -> Any:
    """A running loop in a thread, registered as this process's server loop."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    events.set_server_loop(loop)
    yield loop
    events.set_server_loop(None)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5)
    loop.close()


def _recording_layer(monkeypatch: pytest.MonkeyPatch, gate: threading.Event) -> list[Any]:
    """Make the layer wait on ``gate`` before it takes each message; return what it took."""
    layer = get_channel_layer()
    assert layer is not None
    taken: list[Any] = []

    async def slow(group: str, message: dict[str, Any]) -> None:
        while not gate.is_set():
            await asyncio.sleep(0.005)
        taken.append(message["n"])

    monkeypatch.setattr(layer, "group_send", slow)
    return taken


def test_without_waiting_the_batches_go_out_later_and_in_order(
    server_loop: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = threading.Event()
    taken = _recording_layer(monkeypatch, gate)
    for n in range(1, 6):
        events.group_send_all([("events-a", {"type": "x.y", "n": n})], wait=False)
    assert taken == []  # every call returned while the layer still held the first message
    gate.set()
    deadline = time.monotonic() + 5
    while len(taken) < 5 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert taken == [1, 2, 3, 4, 5]


def test_batches_beyond_the_outbox_bound_are_dropped_and_logged(
    server_loop: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(events, "OUTBOX_LIMIT", 3)
    gate = threading.Event()
    taken = _recording_layer(monkeypatch, gate)
    for n in range(1, 6):
        events.group_send_all([("events-a", {"type": "x.y", "n": n})], wait=False)
    gate.set()
    deadline = time.monotonic() + 5
    while len(taken) < 3 and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(0.1)
    assert taken == [1, 2, 3]
    assert sum("dropped" in r.getMessage() for r in caplog.records) == 2


def test_without_a_server_loop_it_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    gate = threading.Event()
    gate.set()
    taken = _recording_layer(monkeypatch, gate)
    events.group_send_all([("events-a", {"type": "x.y", "n": 1})], wait=False)
    assert taken == [1]
