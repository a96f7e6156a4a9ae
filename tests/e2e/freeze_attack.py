"""The freeze attack (issue 20) and an honest bot that measures what it costs, on a live stack.

The attacker starts a practice Busca match with three ``house:ismcts`` seats and the longest
options, then resigns; it goes on with another such match that it plays along at once, so the
search worker always has a search move to think about. The honest bot plays practice Busca
against three ``house:random`` seats and times each move from its POST to its next turn on the
long-poll. tests/e2e/test_freeze.py asserts on it; ``python -m bench.freeze`` prints it.
"""

from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

SEARCH_BUSCA: dict[str, Any] = {
    "game": "busca",
    "options": {"eliminate_at": 100, "max_deals": 500},
    "seats": ["me", "house:ismcts", "house:ismcts", "house:ismcts"],
}
HONEST_BUSCA: dict[str, Any] = {
    "game": "busca",
    "options": {"eliminate_at": 100},
    "seats": ["me", "house:random", "house:random", "house:random"],
}
LOCKED = "database is locked"


@dataclass
class Honest:
    """What the honest bot saw: each move's POST → next turn time and each POST's status."""

    latencies: list[float] = field(default_factory=list)
    statuses: list[int] = field(default_factory=list)

    def pct(self, q: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else 0.0


@dataclass
class Attack:
    """What the attacker got: the status of its resigned match, and the search moves it drew."""

    resigned_status: str = ""
    matches: int = 0
    turns_answered: int = 0
    errors: list[str] = field(default_factory=list)


def _next_turn(client: httpx.Client, match_id: int, wait: float = 5) -> dict[str, Any] | None:
    """Return this bot's open turn of ``match_id`` from the long-poll, or None if it ended."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        turns = client.get("/bot/turns", params={"wait": wait}).json()["turns"]
        for turn in turns:
            if turn["match"] == match_id:
                return dict(turn)
        if client.get(f"/matches/{match_id}").json()["status"] != "running":
            return None
    raise AssertionError(f"no turn of match {match_id} came in 30 s")


def honest_play(client: httpx.Client, seconds: float, rng: random.Random) -> Honest:
    """Play practice Busca for ``seconds``, timing every move from POST to the next turn."""
    seen = Honest()
    stop = time.monotonic() + seconds
    while time.monotonic() < stop:
        created = client.post("/matches", json=HONEST_BUSCA)
        assert created.status_code == 201, created.text
        match_id = created.json()["id"]
        turn = _next_turn(client, match_id)
        while turn is not None and time.monotonic() < stop:
            move = {"turn": turn["turn"], "move": rng.choice(turn["legal_moves"])}
            began = time.perf_counter()
            reply = client.post(f"/matches/{match_id}/moves", json=move)
            seen.statuses.append(reply.status_code)
            turn = _next_turn(client, match_id)
            seen.latencies.append(time.perf_counter() - began)
        client.post(f"/matches/{match_id}/abort")
    return seen


def attack(client: httpx.Client, stop: threading.Event, rng: random.Random) -> Attack:
    """Run the freeze attack until ``stop`` is set."""
    got = Attack()
    first = client.post("/matches", json=SEARCH_BUSCA)
    if first.status_code != 201:
        got.errors.append(first.text)
        return got
    first_id = first.json()["id"]
    client.post(f"/matches/{first_id}/resign")
    got.resigned_status = client.get(f"/matches/{first_id}").json()["status"]
    while not stop.is_set():
        created = client.post("/matches", json=SEARCH_BUSCA)
        if created.status_code != 201:
            got.errors.append(created.text)
            return got
        got.matches += 1
        match_id = created.json()["id"]
        while not stop.is_set():
            turn = _next_turn(client, match_id, wait=1)
            if turn is None:
                break
            move = {"turn": turn["turn"], "move": rng.choice(turn["legal_moves"])}
            client.post(f"/matches/{match_id}/moves", json=move)
            got.turns_answered += 1
        client.post(f"/matches/{match_id}/resign")
    return got


def under_attack(
    honest: httpx.Client, attacker: httpx.Client, seconds: float, seed: int = 20
) -> tuple[Honest, Attack]:
    """Run the attacker in a thread while the honest bot plays for ``seconds``."""
    stop = threading.Event()
    result: list[Attack] = []
    thread = threading.Thread(
        target=lambda: result.append(attack(attacker, stop, random.Random(seed))), daemon=True
    )
    thread.start()
    time.sleep(1.0)  # the search worker is busy before the honest bot starts
    try:
        seen = honest_play(honest, seconds, random.Random(seed + 1))
    finally:
        stop.set()
        thread.join(timeout=60)
    return seen, result[0] if result else Attack(errors=["the attacker did not finish"])


def locked_errors(var: Path) -> int:
    """Count "database is locked" lines in every log of the stack."""
    return sum(path.read_text(errors="replace").count(LOCKED) for path in var.glob("*.log"))
