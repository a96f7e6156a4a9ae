"""Many spectators on one table: the time from a move's commit to its arrival at each of them.

    python -m bench.spectators [--spectators 1000] [--seconds 30] [--workers 1 2]
                               [--clients 1] [--smoke]

Runs the platform scaled out (tests/e2e/stack.py: a fresh PostgreSQL database, Redis for the
broker and the channel layer, a worker and a beat process; the demo tournament cancelled) with
one ASGI process, then two (``manage.py serve --workers N`` in place of the stack's server),
opens N WebSocket spectators on one Busca match from this single asyncio process, and plays 2
moves a second on that match from this process (each move is committed by ``move_submit`` and
its event sent through the Redis channel layer, as a worker does). Each event carries
``committed_at``; each spectator notes when it arrives. Prints p50, p99 and max per
configuration, how many events arrived (a spectator that fell behind gets a fresh state in
place of what it missed: counted apart), and how long a spectator joining mid-match waits for
its state. Goals: p99 under 250 ms for 1,000; for 5,000 with 2 ASGI processes, p99 under
500 ms, every event arriving and a latecomer's state in under 1 s. ``--smoke``: 10
spectators in two client processes, 3 s of moves, one ASGI process, still scaled out.
``--clients N`` spreads the spectators over N processes of their own (``Crowds``): one process
reads its sockets one after another, which adds its own queue to the last arrivals of each
event.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import multiprocessing
import multiprocessing.process
import os
import random
import re
import resource
import statistics
import sys
import tempfile
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import websockets

from tests.e2e.stack import stack
from tests.processes import PYTHON, Process, free_port, start, wait_healthy

MOVES_PER_SECOND = 2.0
COMPRESSION: list[str | None] = ["deflate"]  # what browsers ask for; --no-compression: None
JOIN_EVERY = 4  # a latecomer joins every this many moves: the time to its first state
COMMITTED = re.compile(r'"committed_at":([0-9.eE+-]+)')
VERSION = re.compile(r'^\{"type":"event","version":(\d+)')


def raise_fd_limit(needed: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = min(hard, max(soft, needed))
    if want > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))


def django_setup(env: dict[str, str]) -> None:
    """Point this process's Django at the benchmark's database and Redis."""
    for key in ("DATABASE_URL", "REDIS_URL", "REDIS_PREFIX", "VAR_DIR", "SECRET_KEY"):
        if key in env:
            os.environ[key] = env[key]
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    logging.getLogger("httpx").setLevel(logging.WARNING)  # wait_healthy's polls, not news


def demo_cancel() -> None:
    """Cancel the demo tournament (``manage.py demo``), so that it never starts midway."""
    from django.contrib.auth import get_user_model

    from tournaments.models import Tournament
    from tournaments.services.tournaments import tournament_cancel

    admin = get_user_model().objects.get(username="admin")
    live = ["draft", "registration", "running"]
    for demo in Tournament.objects.filter(name__startswith="Demo:", status__in=live):
        tournament_cancel(tournament_id=demo.pk, user=admin)


def match_start() -> int:
    """Create a long Busca match whose four seats one person plays (no house turns)."""
    from django.contrib.auth import get_user_model

    from games.models import Seat
    from games.services.matches import SeatSpec, match_create

    user, _ = get_user_model().objects.get_or_create(username="bench-player")
    seats = [SeatSpec(kind=Seat.Kind.USER, user_id=user.pk) for _ in range(4)]
    match = match_create(
        game="busca", seats=seats, options={"eliminate_at": 100}, move_timeout=3600
    )
    return int(match.pk)


def move_play(match_id: int, rng: random.Random) -> int:
    """Play one random legal move; return the turn it was."""
    from games import engine
    from games.models import Match, Seat
    from games.selectors import load_state
    from games.services.callers import Caller
    from games.services.matches import move_submit

    match = Match.objects.get(pk=match_id)
    rules = engine.get(match.game)
    move = rules.move_json(rng.choice(rules.legal_moves(load_state(match))))
    user_id = Seat.objects.filter(match=match).values_list("user_id", flat=True).first()
    assert user_id is not None
    move_submit(match_id=match_id, caller=Caller(user_id=user_id), turn=match.turn, move=move)
    return match.turn


class Spectators:
    """N sockets on one match; each arrival of an event is one latency sample."""

    def __init__(self, url: str, count: int) -> None:
        self.url = url
        self.count = count
        self.samples: dict[int, list[float]] = {}
        self.connected = 0
        self.resyncs = 0
        self.tasks: list[asyncio.Task[None]] = []

    async def one(self, ready: asyncio.Event) -> None:
        origin = self.url.replace("ws", "http", 1).split("/ws/")[0]  # the site's own
        async with websockets.connect(
            self.url, origin=origin, open_timeout=60, max_size=2**24, compression=COMPRESSION[0]
        ) as socket:
            first = json.loads(await socket.recv())
            assert first["type"] == "state", first
            self.connected += 1
            if self.connected == self.count:
                ready.set()
            async for raw in socket:
                arrived = time.time()
                if str(raw).startswith(('{"type":"state"', '{"type": "state"')):
                    self.resyncs += 1  # fell behind: a fresh state stood for missed events
                    continue
                # Read the two fields without decoding the whole view: this one process plays
                # a thousand browsers on the server's own two cores.
                committed = COMMITTED.search(str(raw))
                version = VERSION.search(str(raw))
                if committed and version:
                    latency = arrived - float(committed.group(1))
                    self.samples.setdefault(int(version.group(1)), []).append(latency)

    async def open(self, batch: int = 50) -> None:
        ready = asyncio.Event()
        for start_at in range(0, self.count, batch):
            for _ in range(min(batch, self.count - start_at)):
                self.tasks.append(asyncio.create_task(self.one(ready)))
            while self.connected < min(self.count, start_at + batch):
                failed = [t for t in self.tasks if t.done() and t.exception()]
                if failed:
                    raise RuntimeError(f"a spectator failed: {failed[0].exception()!r}")
                await asyncio.sleep(0.01)
        await ready.wait()

    async def join(self) -> float:
        """Connect one more spectator mid-match; return the seconds until its state arrived."""
        origin = self.url.replace("ws", "http", 1).split("/ws/")[0]
        began = time.monotonic()
        async with websockets.connect(
            self.url, origin=origin, open_timeout=60, max_size=2**24, compression=COMPRESSION[0]
        ) as socket:
            first = json.loads(await socket.recv())
            assert first["type"] == "state", first
            return time.monotonic() - began

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)


def crowd_process(url: str, count: int, pipe: Connection) -> None:
    """Run ``count`` spectators in a process of their own (``--clients``): tell the parent when
    they are all connected, then, when it says stop, send it their samples and resyncs."""

    async def watch() -> None:
        crowd = Spectators(url, count)
        await crowd.open()
        pipe.send("ready")
        await asyncio.to_thread(pipe.recv)  # "stop"
        await crowd.close()
        pipe.send((crowd.samples, crowd.resyncs))

    raise_fd_limit(count * 2 + 256)
    asyncio.run(watch())


class Crowds:
    """The spectators, spread over ``clients`` processes (one: in this process's own loop).

    One asyncio process reading every socket takes its messages one after another: with 5,000
    sockets the last one's arrival is noted a quarter of a second after the first, however
    fast the server was. Real spectators each read on a device of their own; more client
    processes come closer to that on the same two cores.
    """

    def __init__(self, url: str, count: int, clients: int) -> None:
        self.local = Spectators(url, count) if clients == 1 else None
        sizes = [count // clients + (n < count % clients) for n in range(clients)]
        context = multiprocessing.get_context("spawn")
        self.pipes: list[Connection] = []
        self.processes: list[multiprocessing.process.BaseProcess] = []
        for size in sizes if clients > 1 else []:
            mine, theirs = context.Pipe()
            process = context.Process(target=crowd_process, args=(url, size, theirs))
            self.pipes.append(mine)
            self.processes.append(process)
        self.samples: dict[int, list[float]] = {}
        self.resyncs = 0

    async def open(self) -> None:
        if self.local is not None:
            await self.local.open()
            return
        for process in self.processes:
            process.start()
        for pipe, process in zip(self.pipes, self.processes, strict=True):
            if not await asyncio.to_thread(pipe.poll, 300):
                raise RuntimeError(f"spectator process {process.pid} did not connect")
            assert pipe.recv() == "ready"

    async def close(self) -> None:
        if self.local is not None:
            await self.local.close()
            self.samples, self.resyncs = self.local.samples, self.local.resyncs
            return
        for pipe in self.pipes:
            pipe.send("stop")
        for pipe, process in zip(self.pipes, self.processes, strict=True):
            samples, resyncs = await asyncio.to_thread(pipe.recv)
            for version, latencies in samples.items():
                self.samples.setdefault(version, []).extend(latencies)
            self.resyncs += resyncs
            process.join(30)


async def run_one(base_ws: str, spectators: int, seconds: float, clients: int) -> dict[str, Any]:
    match_id = await asyncio.to_thread(match_start)
    url = f"{base_ws}/ws/matches/{match_id}/"
    crowd = Crowds(url, spectators, clients)
    latecomers = Spectators(url, 1)
    began = time.monotonic()
    await crowd.open()
    connect_time = time.monotonic() - began
    rng = random.Random(1)
    moves = int(seconds * MOVES_PER_SECOND)
    played: list[int] = []
    joins: list[asyncio.Task[float]] = []
    next_at = time.monotonic()
    for number in range(moves):
        next_at += 1 / MOVES_PER_SECOND
        await asyncio.to_thread(move_play, match_id, rng)
        played.append(len(played) + 1)
        if number % JOIN_EVERY == JOIN_EVERY // 2:  # a latecomer, between two moves
            joins.append(asyncio.create_task(latecomers.join()))
        await asyncio.sleep(max(0.0, next_at - time.monotonic()))
    await asyncio.sleep(2)  # let the last events arrive
    joined = [t * 1000 for t in await asyncio.gather(*joins)]
    await crowd.close()
    versions = played[2:]  # the first moves warm caches and connections up
    latencies = [x * 1000 for v in versions for x in crowd.samples.get(v, [])]
    expected = len(versions) * spectators
    return {
        "spectators": spectators,
        "clients": clients,
        "moves": len(versions),
        "connect_s": connect_time,
        "received": len(latencies),
        "expected": expected,
        "p50": statistics.median(latencies) if latencies else float("nan"),
        "p99": percentile(latencies, 0.99) if latencies else float("nan"),
        "max": max(latencies) if latencies else float("nan"),
        "resyncs": crowd.resyncs,
        "joins": len(joined),
        "join_p50": statistics.median(joined) if joined else float("nan"),
        "join_max": max(joined) if joined else float("nan"),
    }


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def serve(env: dict[str, str], var: Path, workers: int) -> tuple[Process, int]:
    port = free_port()
    args = [PYTHON, "manage.py", "serve", "--port", str(port), "--workers", str(workers)]
    process = start(args, env, var / f"web-{workers}.log")
    wait_healthy(f"http://127.0.0.1:{port}", process)
    return process, port


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.spectators", description=__doc__)
    parser.add_argument("--spectators", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=30, help="moves for this long")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument(
        "--clients",
        type=int,
        default=1,
        help="processes the spectators are spread over (default 1: one asyncio process)",
    )
    parser.add_argument(
        "--smoke", action="store_true", help="10 spectators in 2 processes, 3 s, 1 ASGI process"
    )
    parser.add_argument(
        "--no-compression",
        action="store_true",
        help="spectators that do not ask for permessage-deflate (browsers do)",
    )
    args = parser.parse_args(argv)
    if args.no_compression:
        COMPRESSION[0] = None
    if args.smoke:  # two client processes, so that the smoke run covers them too
        args.spectators, args.seconds, args.workers, args.clients = 10, 3.0, [1], 2
    if not 1 <= args.clients <= args.spectators:
        parser.error("--clients must be between 1 and the number of spectators")
    raise_fd_limit(args.spectators * 2 + 256)
    with (
        tempfile.TemporaryDirectory(prefix="bench-spectators-") as folder,
        stack("scaled", Path(folder)) as platform,
    ):
        platform.stop_web()  # each configuration serves with its own number of processes
        env, var = platform.env, Path(folder)
        django_setup(env)
        demo_cancel()
        results = []
        for workers in args.workers:
            process, port = serve(env, var, workers)
            try:
                result = asyncio.run(
                    run_one(f"ws://127.0.0.1:{port}", args.spectators, args.seconds, args.clients)
                )
            except Exception:
                print(process.output()[-3000:], file=sys.stderr)
                raise
            finally:
                process.stop()
            result["workers"] = workers
            results.append(result)
            print(
                f"{workers} ASGI process(es), {result['spectators']} spectators "
                f"(read by {args.clients} client process(es)), "
                f"{result['moves']} moves at {MOVES_PER_SECOND:g}/s: "
                f"p50 {result['p50']:.1f} ms, p99 {result['p99']:.1f} ms, "
                f"max {result['max']:.1f} ms; {result['received']}/{result['expected']} "
                f"events arrived, {result['resyncs']} fresh states in place of missed ones; "
                f"connected in {result['connect_s']:.1f} s; {result['joins']} latecomers got "
                f"their state in p50 {result['join_p50']:.0f} ms, max {result['join_max']:.0f} ms",
                flush=True,
            )
    # An event replaced by a fresh state is not lost: the state stands for it.
    lost = any(r["received"] < r["expected"] and not r["resyncs"] for r in results)
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main())
