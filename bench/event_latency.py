"""Event latency in both runtime modes: a task's event to a WebSocket client.

    python -m bench.event_latency [--count 300]

Starts the real server (embedded: worker threads in the server; then, if PostgreSQL and Redis
answer, scaled out: a Celery worker process on Redis with the database on PostgreSQL) and
measures ping round trips through /ws/ping/ with bench.ws_latency. Goal: p99 under 200 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
from pathlib import Path

from bench.ws_latency import measure, percentile
from tests.processes import celery_worker, environment, manage, server
from tests.services import fresh_postgres_database, require_redis


def report(mode: str, seconds: list[float]) -> None:
    ms = [s * 1000 for s in seconds]
    print(
        f"{mode:<31} {len(ms)} events: p50 {statistics.median(ms):6.1f} ms   "
        f"p99 {percentile(ms, 0.99):6.1f} ms   max {max(ms):6.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.event_latency", description=__doc__)
    parser.add_argument("--count", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        var = Path(folder)
        env = environment(var)
        manage(env, "migrate", "--no-input", "-v0")
        with server(env, var) as srv:
            times = asyncio.run(measure(f"{srv.ws_url}/ws/ping/", args.count, 5))
        report("embedded (SQLite, memory)", times)
    try:
        redis_url = require_redis()
        with tempfile.TemporaryDirectory() as folder, fresh_postgres_database() as database:
            var = Path(folder)
            env = environment(var, REDIS_URL=redis_url, DATABASE_URL=database)
            manage(env, "migrate", "--no-input", "-v0")
            with celery_worker(env, var), server(env, var) as srv:
                times = asyncio.run(measure(f"{srv.ws_url}/ws/ping/", args.count, 5))
            report("scaled out (PostgreSQL, Redis)", times)
    except BaseException as exc:  # pytest.skip raises a BaseException subclass
        if type(exc).__name__ != "Skipped":
            raise
        print(f"scaled out: skipped ({exc})")


if __name__ == "__main__":
    main()
