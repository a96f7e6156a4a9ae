"""Event latency in both runtime modes: a task's event to a WebSocket client.

    python -m bench.event_latency [--count 300] [--modes embedded,scaled] [--smoke]

Starts the whole platform with tests/e2e/stack.py (embedded: one server process, its worker
and beat as threads; then, if PostgreSQL and Redis answer, scaled out: the server, a Celery
worker process and a beat process on Redis, the database on PostgreSQL) and measures ping
round trips through /ws/ping/ with bench.ws_latency. Goal: p99 under 200 ms.
``--smoke``: 20 pings, scaled out only (``python -m bench.ws_latency --smoke`` pings an
embedded platform).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
from pathlib import Path

from bench.ws_latency import measure, percentile
from tests.e2e.stack import MODES, stack

LABELS = {"embedded": "embedded (SQLite, memory)", "scaled": "scaled out (PostgreSQL, Redis)"}


def report(mode: str, seconds: list[float]) -> None:
    ms = [s * 1000 for s in seconds]
    print(
        f"{mode:<31} {len(ms)} events: p50 {statistics.median(ms):6.1f} ms   "
        f"p99 {percentile(ms, 0.99):6.1f} ms   max {max(ms):6.1f} ms",
        flush=True,
    )


def run(mode: str, count: int) -> None:
    """Measure ``count`` pings on a platform started in ``mode``."""
    try:
        with tempfile.TemporaryDirectory() as folder, stack(mode, Path(folder)) as platform:
            url = platform.url.replace("http", "ws", 1) + "/ws/ping/"
            times = asyncio.run(measure(url, count, 5))
    except BaseException as exc:  # pytest.skip (no PostgreSQL or Redis) is a BaseException
        if type(exc).__name__ != "Skipped":
            raise
        print(f"{LABELS[mode]}: skipped ({exc})")
        return
    report(LABELS[mode], times)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.event_latency", description=__doc__)
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--smoke", action="store_true", help="20 pings, scaled out only")
    args = parser.parse_args(argv)
    if args.smoke:
        args.count, args.modes = 20, "scaled"
    for mode in args.modes.split(","):
        run(mode, args.count)


if __name__ == "__main__":
    main()
