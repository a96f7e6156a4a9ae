"""A cheating bot in duplicate events proves, from the replays, that it never saw a deal twice.

Remote pull bots of different owners enter three duplicate events on a live server with a real
worker: a Busca table knockout, a Mano a Mano knockout and a Cerrado knockout (mallory's entry
there is a pair of her two bots). Mallory's bots record every view they are given, the way a
bot that remembers every card would. After the events they fetch every match's log and record
and check that no two of mallory's matches were dealt from one seed, and that each hand they
held in a deal is the hand of one seat only: never another seat's cards of a deal they played.
"""

from __future__ import annotations

import random
import re
import threading
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.e2e.stack import MODES, Stack, stack

EVENTS = [
    ("busca", "table_knockout", {"eliminate_at": 5}, 6),
    ("buraco-mano-a-mano", "single_elimination", {"deals": 1}, 2),
    ("buraco-cerrado", "single_elimination", {"deals": 1}, 2),
]
CHEATER = ("mallory", "mallory-2")  # one owner's two bots: they share what they see
HONEST = ("alice", "alice-2")


class Player(threading.Thread):
    """A pull bot that plays random legal moves and keeps every turn it is given."""

    def __init__(self, platform: Stack, token: str, seed: int) -> None:
        super().__init__(daemon=True)
        self.client = platform.client(token)
        self.rng = random.Random(seed)
        self.turns: list[dict[str, Any]] = []
        self.stop = threading.Event()
        self.errors: list[str] = []

    def run(self) -> None:
        while not self.stop.is_set():
            try:
                turns = self.client.get("/bot/turns", params={"wait": 1}).json()["turns"]
                for turn in turns:
                    self.turns.append(turn)
                    move = self.rng.choice(turn["legal_moves"])
                    reply = self.client.post(
                        f"/matches/{turn['match']}/moves", json={"turn": turn["turn"], "move": move}
                    )
                    if reply.status_code not in (200, 409):
                        self.errors.append(reply.text)
            except httpx.HTTPError as exc:  # the server is going away at the end
                self.errors.append(repr(exc))
                time.sleep(0.2)


def make_owners(platform: Stack) -> dict[str, dict[str, str]]:
    """Create mallory's and alice's accounts and two bots each; return the bots' tokens."""
    script = (
        "from django.contrib.auth import get_user_model; U = get_user_model(); "
        "[U.objects.create_user(n) for n in ('mallory', 'alice')]"
    )
    platform.run(script)
    bots = {}
    for name in (*CHEATER, *HONEST):
        out = platform.manage("createbot", "--owner", name.split("-")[0], "--name", name)
        token = re.search(r"^token: (\S+)$", out, re.M)
        assert token is not None, out
        bots[name] = {"token": token.group(1), "name": name}
    return bots


def enter(client: httpx.Client, tournament: int, body: dict[str, Any]) -> int:
    reply = client.post(f"/tournaments/{tournament}/entries", json=body)
    assert reply.status_code == 201, reply.text
    entry: int = reply.json()["id"]
    return entry


def open_events(
    organiser: httpx.Client,
    bots: dict[str, dict[str, str]],
    platform: Stack,
    refusals: list[Any],
) -> dict[int, tuple[str, int]]:
    """Create and start the three events; return tournament id -> (game, mallory's entry)."""
    events = {}
    for game, fmt, options, house in EVENTS:
        reply = organiser.post(
            "/tournaments",
            json={
                "name": f"Duplicate {game}",
                "game": game,
                "format": fmt,
                "options": options,
                "duplicate": True,
                "open_registration": True,
            },
        )
        assert reply.status_code == 201, reply.text
        t = reply.json()["id"]
        mine = 0
        for first, second in (CHEATER, HONEST):
            if game == "buraco-cerrado":  # a pair: its owner enters it (a token enters itself)
                body = {"kind": "bot_pair", "bot": first, "partner": bots[second]["name"]}
                with platform.person(first.split("-")[0]) as owner:
                    entry = enter(owner, t, body)
            else:
                with platform.client(bots[first]["token"]) as client:
                    entry = enter(client, t, {})
            mine = mine or entry
            if game != "buraco-cerrado":  # a second entry of one owner is refused
                with platform.client(bots[second]["token"]) as other:
                    twice = other.post(f"/tournaments/{t}/entries", json={})
                    refusals.append(twice.json().get("error", twice.status_code))
                    if twice.status_code == 201:  # keep it out, to look for leaks anyway
                        other.post(f"/tournaments/{t}/entries/{twice.json()['id']}/withdraw")
        for i in range(house):
            enter(
                organiser, t, {"kind": "house", "strategy": ["house:greedy", "house:random"][i % 2]}
            )
        started = organiser.post(f"/tournaments/{t}/start")
        assert started.status_code == 200, started.text
        events[t] = (game, mine)
    return events


def wait_finished(client: httpx.Client, events: list[int], timeout: float = 150) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        states = [client.get(f"/tournaments/{t}").json()["status"] for t in events]
        if all(s == "finished" for s in states):
            return
        time.sleep(0.5)
    raise AssertionError(f"the duplicate events did not finish: {states}")


def dealt(record: dict[str, Any], deal: int) -> list[list[str]] | None:
    """Return the hands dealt at ``deal`` (1-based), or None if the match never got there."""
    deals = record["deals"]
    if deal > len(deals):
        return None
    hands: list[list[str]] = deals[deal - 1]["hands"]
    return hands


def prove_no_leak(
    client: httpx.Client, tournament: int, mine: int, views: list[dict[str, Any]]
) -> int:
    """Check the cheater's knowledge against every record of the event; return its matches."""
    bracket = client.get(f"/tournaments/{tournament}/bracket").json()["bracket"]
    matches = [m for r in bracket for p in r["pairings"] for m in p["matches"]]
    logs = {m["id"]: client.get(f"/matches/{m['id']}/log").json() for m in matches}
    assert all(log["record"] is not None for log in logs.values()), "a record is still hidden"
    by_seed: dict[str, list[int]] = defaultdict(list)
    for match_id, log in logs.items():
        by_seed[log["seed"]].append(match_id)
    seats = {m["id"]: m["seats"] for m in matches}
    my_matches = [m for m in seats if mine in seats[m]]
    my_seeds = [logs[m]["seed"] for m in my_matches]
    held: dict[tuple[str, int], set[tuple[str, ...]]] = defaultdict(set)
    first_seen: set[tuple[int, int, int]] = set()
    for turn in views:
        if turn["match"] not in logs:
            continue  # a turn of another event
        view = turn["view"]
        key = (turn["match"], view["deal"], turn["seat"])
        if key in first_seen or not view.get("hand"):
            continue
        first_seen.add(key)  # a seat's first view of a deal shows its whole dealt hand
        seed = logs[turn["match"]]["seed"]
        held[(seed, view["deal"])].add(tuple(sorted(view["hand"])))
        for twin in by_seed[seed]:  # every table that dealt these cards
            if twin == turn["match"]:
                continue
            hands = dealt(logs[twin]["record"], view["deal"])
            if hands is None or mine not in seats[twin]:
                continue
            # What the seats I did not hold there were dealt: I must never have held it.
            others = [sorted(h) for s, h in enumerate(hands) if seats[twin][s] != mine]
            assert sorted(view["hand"]) not in others, "I held another seat's cards of my deal"
    for (seed, deal), hands in held.items():
        owners_seats = 2 if logs[by_seed[seed][0]]["record"]["game"] == "buraco-cerrado" else 1
        assert len(hands) <= owners_seats, f"I held {len(hands)} seats of deal {deal} of {seed}"
    assert len(set(my_seeds)) == len(my_seeds), "two of my matches were dealt from one seed"
    assert any(len(by_seed[s]) > 1 for s in my_seeds), "none of my deals was compared"
    return len(my_matches)


@pytest.mark.parametrize("mode", MODES)
def test_a_cheating_bot_never_sees_two_seats_of_one_deal(tmp_path: Path, mode: str) -> None:
    with stack(mode, tmp_path) as platform:
        bots = make_owners(platform)
        players = {
            name: Player(platform, bot["token"], seed)
            for seed, (name, bot) in enumerate(bots.items())
        }
        for player in players.values():
            player.start()
        with platform.person() as organiser:  # organisers act with a session
            refusals: list[Any] = []
            events = open_events(organiser, bots, platform, refusals)
            try:
                wait_finished(organiser, list(events))
            finally:
                for player in players.values():
                    player.stop.set()
                for player in players.values():
                    player.join(timeout=10)
            views = [t for name in CHEATER for t in players[name].turns]
            seen = {}
            with platform.client(bots[CHEATER[0]]["token"]) as cheater:
                for tournament, (game, mine) in events.items():
                    seen[game] = prove_no_leak(cheater, tournament, mine, views)
                    standings = cheater.get(f"/tournaments/{tournament}/standings").json()
                    line = next(s for s in standings["standings"] if s["entry"] == mine)
                    assert isinstance(line["duplicate"], float), line
    assert refusals == ["one_entry_per_owner"] * 4, refusals
    assert all(count >= 1 for count in seen.values()), seen
    assert views, "the cheater was never given a turn"
    assert not [e for p in players.values() for e in p.errors if "HTTP" not in e]
