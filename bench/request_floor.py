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
2. a pull bot plays Busca practice matches against three house bots (greedy) for ``--moves``
   moves: the time from the POST of its move to its next turn arriving on the long-poll, p50
   and p99, and the ratio of that p50 to the bare request's (goal: at most 2). The next turn
   comes in the move's answer (``next_turn``) when the house seats played in its commit, else
   on the long-poll.
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


def moves(url: str, token: str, count: int) -> tuple[list[float], int]:
    """Play Busca practice against three house bots until ``count`` moves; return, for each
    move, the seconds from its POST to the next turn's arrival (in the move's answer as
    ``next_turn``, else on the long-poll), and how many came in the answer."""
    rng = random.Random(7)
    out: list[float] = []
    in_answer = 0
    headers = {"Authorization": f"Bearer {token}"}
    with httpx.Client(base_url=f"{url}/api/v1", headers=headers, timeout=60) as client:
        posted_at: float | None = None
        match: int | None = None
        following: dict[str, Any] | None = None
        while len(out) < count:
            if match is None:
                created = client.post("/matches", json={"game": "busca"})
                created.raise_for_status()
                match = int(created.json()["id"])
            if following is not None:
                turns = [following]
            else:
                turns = client.get("/bot/turns", params={"wait": 5}).json()["turns"]
            if posted_at is not None and turns:
                out.append(time.perf_counter() - posted_at)
                in_answer += following is not None
            posted_at = None
            if not turns:
                if client.get(f"/matches/{match}").json()["status"] != "running":
                    match = None  # it ended: the next one starts
                continue
            turn = turns[0]
            posted_at = time.perf_counter()
            reply = client.post(
                f"/matches/{turn['match']}/moves",
                json={"turn": turn["turn"], "move": rng.choice(turn["legal_moves"])},
            )
            reply.raise_for_status()
            following = reply.json().get("next_turn")
        if match is not None:
            client.post(f"/matches/{match}/abort")
    return out, in_answer


def measure(mode: str, rounds: int, requests: int, move_count: int) -> None:
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
        with ours, peer:
            timed(ours, "/api/v1/bot/me", 20, 200)  # warm both up
            timed(peer, "/me", 20, 200)
            bare: list[float] = []
            least: list[float] = []
            missing: list[float] = []
            ratios = []
            for _ in range(rounds):
                mine = timed(ours, "/api/v1/bot/me", requests, 200)
                theirs = timed(peer, "/me", requests, 200)
                missing += timed(ours, "/api/v1/no-such-thing", requests, 404)
                ratios.append(median(mine) / median(theirs))
                bare += mine
                least += theirs
        played, in_answer = moves(platform.url, token, move_count)
    print(f"{mode}: {rounds} rounds of {requests} requests, one at a time; {len(played)} moves")
    print(f"  {in_answer} of the {len(played)} next turns came in the move's answer")
    rows = [
        ("GET /api/v1/bot/me (platform)", bare),
        ("GET /me (the floor)", least),
        ("404 under /api/", missing),
        ("a move: POST -> next turn", played),
    ]
    for label, values in rows:
        print(f"  {label:<30} p50 {pct(values, 0.5):6.2f} ms  p99 {pct(values, 0.99):6.2f} ms")
    print(f"  ratio platform : floor (p50, median of rounds) = {median(ratios):.2f}  (goal <= 1.2)")
    move_ratio = pct(played, 0.5) / pct(bare, 0.5)
    print(f"  ratio move : bare request (p50) = {move_ratio:.2f}  (goal <= 2)")


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
