"""Load of the bot API: N pull bots in practice matches against house bots.

    python -m bench.api_load [--bots 8] [--seconds 20] [--modes embedded,scaled] [--smoke]

For each mode (embedded; scaled out = PostgreSQL + Redis + a worker and a beat process) it
starts the real platform (tests/e2e/stack.py), then, in one run:
1. a bare DRF endpoint (GET /api/v1/bot/me, token auth + throttle) at full concurrency: req/s;
2. N bots, each in its own Busca practice match against 3 house bots (their replies play in the
   bot move's own transaction), as fast as they can:
   moves/s and the time from a move's POST to the bot's next turn being delivered (in the
   move's answer as ``next_turn`` when the house replies opened it, else on the long-poll);
3. the same bots paced to half of that maximum: the same latency figures.
Each bot has an owner of its own, as N authors' bots would (the platform bounds the practice
matches and the bots of one owner); a bot starts a new match only when its last one is over,
which it learns from its move's answer (``status``) or its long-poll (``finished``), and aborts
the one it is in when a phase ends. The demo tournament is cancelled first, so that
its house bots do not start playing midway. ``--smoke``: 2 bots, 2 s a phase, embedded only.
Goals (issue 22, both modes): bot moves/s >= 0.5x the bare endpoint's req/s; p99 < 50 ms at
half load.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from tests.e2e.stack import Stack, stack
from tests.processes import manage

# Run by ``manage.py shell`` with N: one owner per bot, each bot's token printed; the demo
# tournament cancelled.
SETUP = """
from django.contrib.auth import get_user_model
from bots.services import bot_create
from tournaments.models import Tournament
from tournaments.services.tournaments import tournament_cancel
users = get_user_model()
admin = users.objects.get(username="admin")
live = ["draft", "registration", "running"]
for demo in Tournament.objects.filter(name__startswith="Demo:", status__in=live):
    tournament_cancel(tournament_id=demo.pk, user=admin)
for i in range(N):
    owner, _ = users.objects.get_or_create(username=f"load-owner{i}")
    print("token:", bot_create(owner=owner, name=f"load{i}").token)
"""


@dataclass
class Run:
    seconds: float = 0.0
    moves: int = 0
    latencies: list[float] = field(default_factory=list)

    def rate(self) -> float:
        return self.moves / self.seconds if self.seconds else 0.0

    def pct(self, q: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else 0.0


async def bare(url: str, token: str, concurrency: int, seconds: float) -> float:
    """Return the requests/s of GET /bot/me at ``concurrency``."""
    count = 0
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(base_url=url, headers=headers, timeout=30) as client:
        stop = time.perf_counter() + seconds

        async def worker() -> None:
            nonlocal count
            while time.perf_counter() < stop:
                reply = await client.get("/api/v1/bot/me")
                reply.raise_for_status()
                count += 1

        began = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        return count / (time.perf_counter() - began)


def bot_tokens(platform: Stack, n: int) -> list[str]:
    """Create ``n`` bots, each of an owner of its own; return their tokens."""
    out = manage(platform.env, "shell", "-c", f"N = {n}\n{SETUP}")
    tokens = re.findall(r"^token: (\S+)$", out, re.M)
    if len(tokens) != n:
        raise RuntimeError(f"expected {n} bot tokens:\n{out}")
    return tokens


async def match_start(client: httpx.AsyncClient) -> int:
    """Start a Busca practice match against 3 house bots; return its id."""
    reply = await client.post("/api/v1/matches", json={"game": "busca"})
    if reply.status_code != 201:
        raise RuntimeError(f"POST /matches: {reply.status_code} {reply.text}")
    return int(reply.json()["id"])


async def bot(url: str, token: str, seconds: float, pace: float, run: Run, seed: int) -> None:
    """Play Busca practice matches until time is up; ``pace`` is the minimum s per move."""
    rng = random.Random(seed)
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(base_url=url, headers=headers, timeout=60) as client:
        stop = time.perf_counter() + seconds
        match = await match_start(client)
        posted_at: float | None = None
        following: dict[str, Any] | None = None
        while time.perf_counter() < stop:
            if following is not None:  # the last move's answer handed the next turn back
                turns, following = [following], None
            else:
                reply = await client.get("/api/v1/bot/turns", params={"wait": 5})
                turns = reply.json()["turns"]
                if match in reply.json().get("finished", []):  # it ended while we waited
                    match = await match_start(client)
                    posted_at = None
                    continue
            if posted_at is not None and turns:
                run.latencies.append(time.perf_counter() - posted_at)
                posted_at = None
            if not turns:
                state = (await client.get(f"/api/v1/matches/{match}")).json()
                if state["status"] != "running":  # the last one ended
                    match = await match_start(client)
                continue
            for turn in turns:
                if pace:
                    await asyncio.sleep(pace * rng.uniform(0.5, 1.5))
                posted_at = time.perf_counter()
                reply = await client.post(
                    f"/api/v1/matches/{turn['match']}/moves",
                    json={"turn": turn["turn"], "move": rng.choice(turn["legal_moves"])},
                )
                if reply.status_code == 200:
                    run.moves += 1
                    following = reply.json().get("next_turn")
                    if reply.json()["status"] != "running":  # this move ended the match
                        match, posted_at = await match_start(client), None
                        break
        await client.post(f"/api/v1/matches/{match}/abort")  # 409 if it just ended: fine


async def bots(url: str, tokens: list[str], seconds: float, pace: float) -> Run:
    run = Run()
    began = time.perf_counter()
    await asyncio.gather(*(bot(url, t, seconds, pace, run, i) for i, t in enumerate(tokens)))
    run.seconds = time.perf_counter() - began
    return run


def line(label: str, run: Run) -> str:
    return (
        f"  {label:<22} {run.rate():7.1f} moves/s   POST->next turn p50 {run.pct(0.5):6.1f} ms"
        f"   p99 {run.pct(0.99):6.1f} ms   ({run.moves} moves)"
    )


def measure(mode: str, n: int, seconds: float) -> None:
    with (
        tempfile.TemporaryDirectory() as folder,
        stack(mode, Path(folder), BOT_RATE_LIMIT="1000000", LOG_LEVEL="WARNING") as platform,
    ):
        tokens = bot_tokens(platform, n)
        rps = asyncio.run(bare(platform.url, tokens[0], n, seconds / 2))
        full = asyncio.run(bots(platform.url, tokens, seconds, 0.0))
        half_pace = n / (full.rate() / 2) if full.rate() else 1.0
        half = asyncio.run(bots(platform.url, tokens, seconds, half_pace))
    print(f"{mode}: {n} bots, {seconds:.0f} s per phase")
    print(f"  bare DRF endpoint      {rps:7.1f} req/s (GET /api/v1/bot/me, {n} concurrent)")
    print(line("bots at full load", full))
    print(line("bots at half load", half))
    print(f"  ratio bot moves/s : bare req/s = {full.rate() / rps:.2f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.api_load", description=__doc__)
    parser.add_argument("--bots", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--modes", default="embedded,scaled")
    parser.add_argument("--smoke", action="store_true", help="2 bots, 2 s a phase, embedded")
    args = parser.parse_args(argv)
    if args.smoke:
        args.bots, args.seconds, args.modes = 2, 2.0, "embedded"
    for mode in args.modes.split(","):
        measure(mode, args.bots, args.seconds)


if __name__ == "__main__":
    main()
