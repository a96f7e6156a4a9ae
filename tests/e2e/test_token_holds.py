"""One token holds at most STREAMS_PER_TOKEN event streams and LONG_POLLS_PER_TOKEN long-polls.

The attack: open more streams (or long-polls) than that with one token and see them all stay
open. With the bound, a new one closes the oldest: a stream ends with a ``closed`` line naming
the reason, a long-poll answers at once with ``"closed": "superseded"``. Scaled out, the
registry is in Redis, so a stream opened on a second web process closes the oldest on the
first.
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.e2e.stack import MODES, stack
from tests.processes import PYTHON, free_port, start, wait_healthy

OPENED = 6
BOUND = 4


async def _stream(client: httpx.AsyncClient, url: str, lines: list[dict[str, Any]]) -> str:
    """Read one event stream until it ends; return how it ended."""
    async with client.stream("GET", f"{url}/api/v1/bot/events") as response:
        assert response.status_code == 200
        async for line in response.aiter_lines():
            if line.strip():
                lines.append(json.loads(line))
    return "ended"


async def _streams(urls: list[str], token: str) -> list[list[dict[str, Any]]]:
    """Open OPENED streams, one every 0.3 s (on ``urls`` in turn); after a pause, return the
    lines each got and cancel the ones still open."""
    headers = {"Authorization": f"Bearer {token}"}
    limits = httpx.Limits(max_connections=OPENED + 2)
    async with httpx.AsyncClient(headers=headers, timeout=30, limits=limits) as client:
        lines: list[list[dict[str, Any]]] = [[] for _ in range(OPENED)]
        tasks = []
        for i in range(OPENED):
            url = urls[i * len(urls) // OPENED]
            tasks.append(asyncio.create_task(_stream(client, url, lines[i])))
            await asyncio.sleep(0.3)
        await asyncio.sleep(1.5)
        ended = [task.done() for task in tasks]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return [[*got, {"ended": done}] for got, done in zip(lines, ended, strict=True)]


async def _polls(url: str, token: str) -> list[tuple[float, dict[str, Any], str | None]]:
    """Start OPENED long-polls of 5 s, one every 0.3 s; return when each answered (s after the
    first started), its body and its X-Poll-Closed header."""
    headers = {"Authorization": f"Bearer {token}"}
    limits = httpx.Limits(max_connections=OPENED + 2)
    began = time.perf_counter()

    async def poll(client: httpx.AsyncClient) -> tuple[float, dict[str, Any], str | None]:
        reply = await client.get(f"{url}/api/v1/bot/turns", params={"wait": 5})
        assert reply.status_code == 200, reply.text
        return time.perf_counter() - began, reply.json(), reply.headers.get("X-Poll-Closed")

    async with httpx.AsyncClient(headers=headers, timeout=30, limits=limits) as client:
        tasks = []
        for _ in range(OPENED):
            tasks.append(asyncio.create_task(poll(client)))
            await asyncio.sleep(0.3)
        return list(await asyncio.gather(*tasks))


def _second_web(platform: Any, tmp_path: Path) -> tuple[str, Any]:
    port = free_port()
    args = [PYTHON, "manage.py", "serve", "--port", str(port)]
    web = start(args, platform.env, tmp_path / "web-second.log")
    url = f"http://127.0.0.1:{port}"
    wait_healthy(url, web)
    return url, web


@pytest.mark.parametrize("mode", MODES)
def test_a_token_holds_at_most_four_streams_and_four_long_polls(
    mode: str, tmp_path: Path
) -> None:
    with stack(mode, tmp_path) as platform:
        token = platform.createbot("hoarder")["token"]
        urls = [platform.url]
        second = None
        if mode == "scaled":  # two web processes: the registry is shared through Redis
            url, second = _second_web(platform, tmp_path)
            urls.append(url)
        try:
            streams = asyncio.run(_streams(urls, token))
        finally:
            if second is not None:
                second.stop()
        polls = asyncio.run(_polls(platform.url, platform.createbot("poller")["token"]))
    closed = [s for s in streams if s[-1]["ended"]]
    assert len(closed) == OPENED - BOUND, streams
    # The oldest streams were closed, each with a last line that says why.
    for got in streams[: OPENED - BOUND]:
        assert got[-1] == {"ended": True}
        last = got[-2]
        assert last["event"] == "closed" and last["reason"] == "superseded", got
        assert "STREAMS_PER_TOKEN" in last["detail"]
    for got in streams[OPENED - BOUND :]:
        assert got == [{"ended": False}], got
    # The two oldest long-polls answered as soon as the fifth and sixth came; the others
    # waited their 5 s.
    for i, (at, body, header) in enumerate(polls[: OPENED - BOUND]):
        assert at < 0.3 * (BOUND + i) + 1.0, polls
        assert body == {"turns": [], "challenges": [], "closed": "superseded"}, body
        assert header == "superseded"
    for at, body, header in polls[OPENED - BOUND :]:
        assert at > 4.5, polls
        assert body == {"turns": [], "challenges": []} and header is None
