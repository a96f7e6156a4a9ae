"""The registry of what a token holds open (bots/holds.py), in memory and in Redis."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator

import pytest

from bots.holds import STREAM, MemoryRegistry, RedisRegistry, Registry
from bots.stream import superseded_detail
from tests.games.openapi_checks import Components
from tests.games.test_api_schemas import openapi
from tests.services import require_redis


@pytest.fixture(params=["memory", "redis"])
def registry(request: pytest.FixtureRequest) -> Iterator[Registry]:
    if request.param == "memory":
        yield MemoryRegistry()
        return
    # A prefix of its own: other tests (and other runs) share the Redis server.
    shared = RedisRegistry(require_redis(), f"test-holds-{uuid.uuid4().hex}")
    yield shared
    for key in shared.client.scan_iter(f"{shared.prefix}:*"):
        shared.client.delete(key)


def test_the_oldest_beyond_the_bound_is_evicted_and_marked(registry: Registry) -> None:
    evicted: list[str] = []
    for i in range(6):
        evicted += registry.take("stream", "tok", f"h{i}", 4)
        time.sleep(0.002)  # distinct times in Redis too
    assert evicted == ["h0", "h1"]
    assert registry.evicted("h0") and registry.evicted("h1")
    assert not any(registry.evicted(f"h{i}") for i in range(2, 6))


def test_kinds_and_tokens_are_counted_apart(registry: Registry) -> None:
    for i in range(4):
        assert registry.take("stream", "a", f"s{i}", 4) == []
        assert registry.take("poll", "a", f"p{i}", 4) == []
        assert registry.take("stream", "b", f"t{i}", 4) == []
    assert registry.take("poll", "a", "p4", 4) == ["p0"]


def test_a_dropped_hold_frees_its_place(registry: Registry) -> None:
    for i in range(4):
        registry.take("poll", "tok", f"h{i}", 4)
    registry.drop("poll", "tok", "h1")
    assert registry.take("poll", "tok", "h4", 4) == []
    assert registry.take("poll", "tok", "h5", 4) == ["h0"]


def test_the_newest_is_never_its_own_victim(registry: Registry) -> None:
    assert registry.take("stream", "tok", "old", 1) == []
    assert registry.take("stream", "tok", "new", 1) == ["old"]
    assert registry.take("stream", "tok", "new", 1) == []  # taken again: nothing to evict
    assert not registry.evicted("new")


@pytest.mark.django_db
def test_the_closing_answers_fit_the_schema() -> None:
    """The stream's ``closed`` line and the long-poll's ``closed`` field are in the schema."""
    check = Components(openapi())
    line = {"event": "closed", "reason": "superseded", "detail": superseded_detail(STREAM)}
    assert check.errors("EventLine", line) == []
    assert check.errors("EventLine", {**line, "reason": "bored"})
    closed = {"turns": [], "challenges": [], "closed": "superseded"}
    assert check.errors("TurnList", closed) == []
    assert check.errors("TurnList", {"turns": [], "challenges": []}) == []
