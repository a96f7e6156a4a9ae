"""A request and a move, each against the floor of the stack, side by side.

    python -m bench.request_floor [--requests 300] [--rounds 5] [--moves 300]
                                  [--modes embedded,scaled] [--smoke]

For each mode it starts the platform (tests/e2e/stack.py) and the floor, the smallest Django +
DRF app doing the same token lookup (bench/floor_app.py), on the same uvicorn settings and the
same database engine (embedded: SQLite; scaled: PostgreSQL). One client, one kept-alive
connection, one request at a time, then:
1. ``--rounds`` rounds, each of ``--requests`` calls to the platform's authenticated
   ``GET /api/v1/bot/me``, the floor's ``GET /me`` and an unknown path under ``/api/``, in turn
   (so both peers see the same machine): p50 and p99 of each, and the ratio platform : floor
   (goal: at most 1.2);
2. in each round after those, a block of ``--moves`` / ``--rounds`` moves: a pull bot plays
   Busca practice matches against three house bots (greedy), timed from the POST of its move
   to its next turn arriving, p50 and p99, and the ratio of the block's p50 to the round's bare
   request's (goal: at most 2), the median over rounds. The next turn comes in the move's
   answer (``next_turn``) when the house seats played in its commit, else on the long-poll.
   Both ratios compare what ran side by side: this machine's speed drifts by a third within
   minutes (2026-12-07), more than the changes measured.
``--smoke``: 1 round of 20 requests and 20 moves, embedded only (CI runs it).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from statistics import median
from typing import Any

import httpx

from tests.e2e.stack import stack
from tests.processes import PYTHON, ROOT, free_port
from tests.services import fresh_postgres_database

WARM_UP = 20  # calls to each peer, and moves, before anything is timed


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else 0.0


@contextmanager
def floor(database: str, folder: Path) -> Iterator[tuple[str, str]]:
    """Serve bench/floor_app.py on ``database``; yield its URL and a token's key."""
    env = {**os.environ, "FLOOR_DATABASE": database, "PYTHONPATH": str(ROOT)}
    setup = [PYTHON, "-c", "import bench.floor_app as floor; print(floor.setup())"]
    key = subprocess.run(setup, env=env, cwd=ROOT, check=True, capture_output=True, text=True)
    port = free_port()
    args = [PYTHON, "-m", "uvicorn", "bench.floor_app:application", "--port", str(port)]
    args += ["--log-level", "warning", "--no-proxy-headers", "--lifespan", "off"]
    log = (folder / "floor.log").open("wb")
    server = subprocess.Popen(args, env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                httpx.get(f"{url}/me", timeout=1)
                break
            except httpx.TransportError:
                time.sleep(0.1)
        yield url, key.stdout.strip().splitlines()[-1]
    finally:
        server.terminate()
        server.wait(timeout=10)
        log.close()


def timed(client: httpx.Client, path: str, count: int, status: int) -> list[float]:
    """Call ``path`` ``count`` times, one at a time; return each call's seconds."""
    out = []
    for _ in range(count):
        began = time.perf_counter()
        reply = client.get(path)
        out.append(time.perf_counter() - began)
        if reply.status_code != status:
            raise RuntimeError(f"GET {path}: {reply.status_code} {reply.text[:200]}")
    return out


class Mover:
    """A pull bot playing Busca practice matches against three house bots, a block of moves at
    a time (the match in play goes on from one block to the next)."""

    def __init__(self, url: str, token: str) -> None:
        headers = {"Authorization": f"Bearer {token}"}
        self.client = httpx.Client(base_url=f"{url}/api/v1", headers=headers, timeout=60)
        self.rng = random.Random(7)
        self.match: int | None = None
        self.following: dict[str, Any] | None = None
        self.in_answer = 0

    def play(self, count: int) -> list[float]:
        """Play ``count`` moves; return, for each, the seconds from its POST to the next turn's
        arrival (in the move's answer as ``next_turn``, else on the long-poll)."""
        client, out = self.client, []
        posted_at: float | None = None
        while True:
            if self.match is None:
                created = client.post("/matches", json={"game": "busca"})
                created.raise_for_status()
                self.match = int(created.json()["id"])
            if self.following is not None:
                turns = [self.following]
            else:
                turns = client.get("/bot/turns", params={"wait": 5}).json()["turns"]
            if posted_at is not None and turns:
                out.append(time.perf_counter() - posted_at)
                self.in_answer += self.following is not None
            posted_at = None
            if not turns:
                if client.get(f"/matches/{self.match}").json()["status"] != "running":
                    self.match = None  # it ended: the next one starts
                continue
            if len(out) >= count:
                return out  # the next turn is in hand: the next block plays it
            turn = turns[0]
            posted_at = time.perf_counter()
            reply = client.post(
                f"/matches/{turn['match']}/moves",
                json={"turn": turn["turn"], "move": self.rng.choice(turn["legal_moves"])},
            )
            reply.raise_for_status()
            self.following = reply.json().get("next_turn")

    def close(self) -> None:
        if self.match is not None:
            self.client.post(f"/matches/{self.match}/abort")
        self.client.close()


def measure(mode: str, rounds: int, requests: int, move_count: int) -> None:
    """Each round times the three requests in turn, then a block of the moves, so both ratios
    compare what ran side by side, on the machine as it was then."""
    with ExitStack() as running:
        folder = Path(running.enter_context(tempfile.TemporaryDirectory()))
        settings = {"BOT_RATE_LIMIT": "1000000", "LOG_LEVEL": "WARNING"}
        platform = running.enter_context(stack(mode, folder / "platform", **settings))
        if mode == "scaled":
            database = running.enter_context(fresh_postgres_database())
        else:
            database = f"sqlite:{folder / 'floor.sqlite3'}"
        floor_url, key = running.enter_context(floor(database, folder))
        token = platform.createbot("floor-probe")["token"]
        ours = httpx.Client(base_url=platform.url, headers={"Authorization": f"Bearer {token}"})
        peer = httpx.Client(base_url=floor_url, headers={"Authorization": f"Bearer {key}"})
        mover = Mover(platform.url, token)
        running.callback(mover.close)
        with ours, peer:
            timed(ours, "/api/v1/bot/me", WARM_UP, 200)  # warm both up
            timed(peer, "/me", WARM_UP, 200)
            warm_up = mover.play(WARM_UP)
            bare: list[float] = []
            least: list[float] = []
            missing: list[float] = []
            played: list[float] = []
            ratios, move_ratios = [], []
            for number in range(rounds):
                mine = timed(ours, "/api/v1/bot/me", requests, 200)
                theirs = timed(peer, "/me", requests, 200)
                missing += timed(ours, "/api/v1/no-such-thing", requests, 404)
                block = mover.play(move_count * (number + 1) // rounds - len(played))
                ratios.append(median(mine) / median(theirs))
                move_ratios.append(median(block) / median(mine))
                bare += mine
                least += theirs
                played += block
    print(f"{mode}: {rounds} rounds of {requests} requests, one at a time; {len(played)} moves")
    handed = len(played) + len(warm_up)
    print(f"  {mover.in_answer} of the {handed} next turns came in the move's answer")
    rows = [
        ("GET /api/v1/bot/me (platform)", bare),
        ("GET /me (the floor)", least),
        ("404 under /api/", missing),
        ("a move: POST -> next turn", played),
    ]
    for label, values in rows:
        print(f"  {label:<30} p50 {pct(values, 0.5):6.2f} ms  p99 {pct(values, 0.99):6.2f} ms")
    print(f"  ratio platform : floor (p50, median of rounds) = {median(ratios):.2f}  (goal <= 1.2)")
    spread = ", ".join(f"{r:.2f}" for r in move_ratios)
    print(
        f"  ratio move : bare request (p50, median of rounds) = {median(move_ratios):.2f}"
        f"  (goal <= 2; rounds: {spread})"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.request_floor", description=__doc__)
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--modes", default="embedded,scaled")
    parser.add_argument("--smoke", action="store_true", help="a few calls, embedded only")
    args = parser.parse_args(argv)
    if args.smoke:
        args.rounds, args.requests, args.moves, args.modes = 1, 20, 20, "embedded"
    for mode in args.modes.split(","):
        measure(mode, args.rounds, args.requests, args.moves)


if __name__ == "__main__":
    main()
