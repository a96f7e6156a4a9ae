"""Latency of the live path: WebSocket -> broker -> Celery task -> channel layer -> WebSocket.

    python -m bench.ws_latency [--url ws://127.0.0.1:8000/ws/ping/] [--count 200]
    python -m bench.ws_latency --smoke

Sends pings one after another to a running server's diagnostic socket; each is answered by a
task through the channel layer. Prints p50, p95, p99 and max in milliseconds; exits non-zero
when a ping is lost or takes longer than --fail-above seconds. ``--smoke`` needs no server:
it starts an embedded platform itself (tests/e2e/stack.py) and sends it 20 pings, with a
--fail-above of 30 s (a smoke run checks that the path works, not how fast); the scaled-out
path is smoke-run by ``python -m bench.event_latency --smoke``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

import websockets


async def measure(url: str, count: int, timeout: float) -> list[float]:
    """Return the round-trip time of each ping in seconds."""
    times: list[float] = []
    async with websockets.connect(
        url, origin=url.replace("ws", "http", 1).split("/ws/")[0]
    ) as socket:
        for n in range(count):
            start = time.perf_counter()
            await socket.send(json.dumps({"ping": n}))
            reply = json.loads(await asyncio.wait_for(socket.recv(), timeout))
            if reply.get("pong") != n:
                raise RuntimeError(f"unexpected reply {reply!r}")
            times.append(time.perf_counter() - start)
    return times


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def report(url: str, count: int, fail_above: float) -> int:
    """Ping ``url`` ``count`` times and print the figures; return the exit code."""
    try:
        times = asyncio.run(measure(url, count, fail_above))
    except (OSError, TimeoutError, RuntimeError, websockets.WebSocketException) as exc:
        print(f"failed: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    ms = [t * 1000 for t in times]
    print(
        f"{len(ms)} task events: p50 {statistics.median(ms):.1f} ms, "
        f"p95 {percentile(ms, 0.95):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms, "
        f"max {max(ms):.1f} ms"
    )
    return 0


def smoke() -> int:
    """Ping an embedded platform started for the purpose."""
    from tests.e2e.stack import stack

    with tempfile.TemporaryDirectory() as var, stack("embedded", Path(var)) as platform:
        return report(platform.url.replace("http", "ws", 1) + "/ws/ping/", 20, 30.0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.ws_latency", description=__doc__)
    parser.add_argument("--url", default="ws://127.0.0.1:8000/ws/ping/")
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--fail-above", type=float, default=1.0, help="seconds")
    parser.add_argument("--smoke", action="store_true", help="20 pings to an embedded platform")
    args = parser.parse_args(argv)
    if args.smoke:
        return smoke()
    return report(args.url, args.count, args.fail_above)


if __name__ == "__main__":
    sys.exit(main())
