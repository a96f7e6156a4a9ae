"""Two pull bots that answer at once: a match at the platform's speed, beside the engine's.

    python -m bench.two_bots [--matches 5] [--smoke]

The platform runs embedded (tests/e2e/stack.py). Two bots of one owner play one-deal Mano a
Mano practice matches against each other (seats ``["me", {"bot": "right"}]``), each on its own
long-poll loop, choosing a random legal move the moment its turn arrives (a turn that follows
the bot's own move, such as the discard after a draw, comes in that move's answer as
``next_turn``, as docs/bots.md says: no long-poll then). The bot whose move ends the match
learns it from that move's answer (``status``), and the other from its long-poll, which ends
with the match (``finished``): neither waits out its ``wait``. It prints their
moves per second, and beside it what the same random choosers reach against the engine alone
(the arena's ``play_match``, no network and no database): the limit. Goal: 100 moves/s or more
on the platform. ``--smoke``: the first 40 moves of one match (CI runs it).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from games import engine
from games.arena.entrants import house_chooser
from games.arena.play import play_match
from tests.e2e.stack import stack

GAME = "buraco-mano-a-mano"
OPTIONS = {"deals": 1}


async def seat(url: str, token: str, match: int, seed: int, made: list[int], cap: int) -> int:
    """Play this bot's turns of ``match`` until it ends (or both bots made ``cap`` moves, counted
    in ``made``); return how many moves it made."""
    rng = random.Random(seed)
    moves = 0
    headers = {"Authorization": f"Bearer {token}"}
    following: dict[str, Any] | None = None
    async with httpx.AsyncClient(base_url=f"{url}/api/v1", headers=headers, timeout=60) as api:
        while made[0] < cap:
            if following is not None:  # the last move's answer handed the next turn back
                mine = [following]
            else:
                turns = (await api.get("/bot/turns", params={"wait": 2})).json()["turns"]
                mine = [t for t in turns if t["match"] == match]
            if not mine:
                if (await api.get(f"/matches/{match}")).json()["status"] != "running":
                    return moves
                continue
            turn = mine[0]
            reply = await api.post(
                f"/matches/{match}/moves",
                json={"turn": turn["turn"], "move": rng.choice(turn["legal_moves"])},
            )
            accepted = reply.status_code == 200
            following = reply.json().get("next_turn") if accepted else None
            moves += accepted
            made[0] += accepted
            if accepted and reply.json()["status"] != "running":
                return moves  # this move ended the match (the other bot's long-poll says so)
        return moves


async def one_match(url: str, left: str, right: str, seed: int, cap: int) -> tuple[int, float]:
    """Start a match of the two bots; return its moves and wall seconds (at most ``cap``
    moves: then the match is aborted)."""
    headers = {"Authorization": f"Bearer {left}"}
    async with httpx.AsyncClient(base_url=f"{url}/api/v1", headers=headers, timeout=60) as api:
        body = {"game": GAME, "options": OPTIONS, "seats": ["me", {"bot": "right"}]}
        created = await api.post("/matches", json=body)
        created.raise_for_status()
        match = int(created.json()["id"])
    began, made = time.perf_counter(), [0]
    counts = await asyncio.gather(
        seat(url, left, match, seed, made, cap), seat(url, right, match, seed + 1, made, cap)
    )
    took = time.perf_counter() - began
    async with httpx.AsyncClient(base_url=f"{url}/api/v1", headers=headers, timeout=60) as api:
        await api.post(f"/matches/{match}/abort")  # 409 if it ended: fine
    return sum(counts), took


def arena(matches: int) -> tuple[int, float]:
    """Play the same random choosers against the engine alone; return moves and seconds."""
    rules = engine.get(GAME)
    players = [lambda s: house_chooser("house:random", GAME, s)] * 2
    moves, began = 0, time.perf_counter()
    for seed in range(matches):
        played = play_match(rules, seed, OPTIONS, players)
        moves += sum(t.moves for t in played.tallies)
    return moves, time.perf_counter() - began


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.two_bots", description=__doc__)
    parser.add_argument("--matches", type=int, default=5)
    parser.add_argument("--smoke", action="store_true", help="the first 40 moves of one match")
    args = parser.parse_args(argv)
    cap = 10**9
    if args.smoke:
        args.matches, cap = 1, 40
    with (
        tempfile.TemporaryDirectory() as folder,
        stack("embedded", Path(folder), BOT_RATE_LIMIT="1000000", LOG_LEVEL="WARNING") as platform,
    ):
        left = platform.createbot("left", owner="duo")["token"]
        right = platform.createbot("right", owner="duo")["token"]
        moves, seconds = 0, 0.0
        for seed in range(args.matches):
            made, took = asyncio.run(one_match(platform.url, left, right, seed, cap))
            moves, seconds = moves + made, seconds + took
    limit_moves, limit_seconds = arena(args.matches)
    rate, limit = moves / seconds, limit_moves / limit_seconds
    print(f"{GAME}, one deal, {args.matches} matches, two pull bots answering at once")
    print(f"  platform (embedded)   {rate:8.1f} moves/s  ({moves} moves in {seconds:.1f} s)")
    print(f"  engine alone (arena)  {limit:8.1f} moves/s  ({limit_moves} moves)")
    print(f"  platform : engine = {rate / limit:.4f}   goal: platform >= 100 moves/s")


if __name__ == "__main__":
    main()
