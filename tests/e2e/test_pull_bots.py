"""Pull bots play whole matches through HTTP against a live server and a real worker."""

from __future__ import annotations

import json
import random
import signal
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from games import engine
from tests.e2e.stack import MODES, SharedStack, play_until_over, stack

pytestmark = pytest.mark.fixed_stack


def is_sport_ranking(places: list[int]) -> bool:
    """Tell whether places read like sport's (1, 2, 2, 4): each is 1 + the number ahead of it."""
    return all(p == 1 + sum(q < p for q in places) for p in places)


def replay_matches(state: dict[str, Any], log: dict[str, Any]) -> None:
    """Check every turn is logged exactly once and the replay gives the final result."""
    turns = [m["turn"] for m in log["moves"]]
    assert turns == list(range(len(turns))) and len(turns) == state["turn"]
    rules = engine.get(state["game"])
    replay = rules.new(int(log["seed"]), **log["options"])
    for entry in log["moves"]:
        replay = rules.apply(replay, rules.parse_move(entry["move"]))
    assert rules.to_move(replay) is None
    assert list(rules.result(replay).places) == state["result"]["engine"]["places"]


@pytest.mark.parametrize("mode", MODES)
def test_a_pull_bot_and_three_house_bots_play_busca(shared_stack: SharedStack, mode: str) -> None:
    with shared_stack(mode) as platform:
        bot = platform.createbot("puller", owner="puller-owner")
        with platform.client(bot["token"]) as client:
            created = client.post(
                "/matches", json={"game": "busca", "options": {"eliminate_at": 4}}
            )
            assert created.status_code == 201, created.text
            match_id = created.json()["id"]
            final = play_until_over(client, match_id, random.Random(1))
            log = client.get(f"/matches/{match_id}/log").json()
    assert final["status"] == "finished" and is_sport_ranking(final["result"]["places"])
    replay_matches(final, log)


@pytest.mark.parametrize("mode", MODES)
def test_a_pull_bot_plays_mano_a_mano(shared_stack: SharedStack, mode: str) -> None:
    with shared_stack(mode) as platform:
        bot = platform.createbot("rummy", owner="rummy-owner")
        with platform.client(bot["token"]) as client:
            created = client.post(
                "/matches", json={"game": "buraco-mano-a-mano", "options": {"deals": 1}}
            )
            assert created.status_code == 201, created.text
            match_id = created.json()["id"]
            final = play_until_over(client, match_id, random.Random(4))
            log = client.get(f"/matches/{match_id}/log").json()
    assert final["status"] == "finished" and is_sport_ranking(final["result"]["places"])
    assert any(m["seat"] == 0 and m["by"] == "entrant" for m in log["moves"])
    replay_matches(final, log)


def test_a_bot_uses_the_event_stream(shared_stack: SharedStack) -> None:
    with shared_stack("embedded") as platform:
        bot = platform.createbot("streamer", owner="streamer-owner")
        rng = random.Random(2)
        seen: list[str] = []
        with (
            platform.client(bot["token"]) as client,
            client.stream("GET", "/bot/events", timeout=60) as events,
        ):
            match_id = client.post(
                "/matches", json={"game": "busca", "options": {"eliminate_at": 3}}
            ).json()["id"]
            for line in events.iter_lines():
                event = json.loads(line)
                seen.append(event["event"])
                if event["event"] == "turn":
                    reply = client.post(
                        f"/matches/{event['match']}/moves",
                        json={"turn": event["turn"], "move": rng.choice(event["legal_moves"])},
                    )
                    assert reply.status_code in (200, 409)
                if event["event"] == "match_finished":
                    assert event["match"] == match_id and event["result"]["places"]
                    break
    assert seen[0] in {"match_started", "turn"} and "turn" in seen


@pytest.mark.serial  # it times the long-poll's wait
def test_long_poll_waits_then_answers_empty_and_is_woken_by_a_turn(tmp_path: Path) -> None:
    with stack("embedded", tmp_path) as platform:
        bot = platform.createbot("waiter")
        with platform.client(bot["token"]) as client:
            began = time.monotonic()
            assert client.get("/bot/turns", params={"wait": 1}).json() == {
                "turns": [],
                "challenges": [],
            }
            assert 0.9 <= time.monotonic() - began < 5
            bad = client.get("/bot/turns", params={"wait": 99})
            assert bad.status_code == 400 and bad.json()["error"] == "bad_request"
            anon = httpx.get(f"{platform.url}/api/v1/bot/turns", timeout=10)
            assert anon.status_code == 401
            client.post("/matches", json={"game": "busca", "options": {"eliminate_at": 3}})
            began = time.monotonic()
            turns = client.get("/bot/turns", params={"wait": 20}).json()["turns"]
            assert turns and time.monotonic() - began < 5


def test_a_waiting_long_poll_ends_when_its_match_ends(shared_stack: SharedStack) -> None:
    with shared_stack("embedded") as platform:
        left = platform.createbot("ender", owner="ending-owner")["token"]
        right = platform.createbot("watcher", owner="ending-owner")["token"]
        with platform.client(left) as ender, platform.client(right) as watcher:
            body = {"game": "buraco-mano-a-mano", "seats": ["me", {"bot": "watcher"}]}
            created = ender.post("/matches", json=body)
            assert created.status_code == 201, created.text
            match_id = created.json()["id"]
            # Play the watcher's turn, if it has one, so that the match waits on the ender.
            turns = watcher.get("/bot/turns").json()["turns"]
            following = turns[0] if turns else None
            while following is not None:
                move = {"turn": following["turn"], "move": following["legal_moves"][0]}
                following = watcher.post(f"/matches/{match_id}/moves", json=move).json()[
                    "next_turn"
                ]
            with ThreadPoolExecutor(1) as pool:
                began = time.monotonic()
                waiting = pool.submit(watcher.get, "/bot/turns", params={"wait": 20})
                time.sleep(0.5)
                assert not waiting.done()
                assert ender.post(f"/matches/{match_id}/resign").status_code == 200
                answer = waiting.result(timeout=30).json()
                took = time.monotonic() - began
    assert answer == {"turns": [], "challenges": [], "finished": [match_id]}
    assert took < 10  # not the 20 s of its wait


@pytest.mark.serial  # it kills and restarts processes, and waits on their recovery
@pytest.mark.parametrize("mode", MODES)
def test_killing_the_worker_or_server_mid_match_loses_nothing(tmp_path: Path, mode: str) -> None:
    """Scaled out: SIGKILL the worker; embedded: SIGKILL the server. The sweep repairs it."""
    with stack(mode, tmp_path) as platform:
        bot = platform.createbot("survivor")
        rng = random.Random(3)
        moves = 0

        def crash_once(turn: dict[str, Any]) -> None:
            nonlocal moves
            moves += 1
            if moves != 5:
                return
            if mode == "scaled":
                assert platform.worker is not None
                platform.worker.stop(signal.SIGKILL)
                platform.start_worker()
            else:
                platform.stop_web(signal.SIGKILL)
                platform.start_web()

        with platform.client(bot["token"]) as client:
            match_id = client.post(
                "/matches", json={"game": "busca", "options": {"eliminate_at": 6}}
            ).json()["id"]
            final = play_until_over(client, match_id, rng, on_move=crash_once)
            log = client.get(f"/matches/{match_id}/log").json()
    assert moves >= 5
    replay_matches(final, log)


@pytest.mark.serial  # it times the time-outs
def test_a_silent_bot_times_out_three_times_and_forfeits(tmp_path: Path) -> None:
    with stack("embedded", tmp_path) as platform:
        bot = platform.createbot("sleeper")
        with platform.client(bot["token"]) as client:
            created = client.post(
                "/matches",
                json={"game": "busca", "options": {"eliminate_at": 3}, "move_timeout": 0.5},
            )
            match_id = created.json()["id"]
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                state = client.get(f"/matches/{match_id}").json()
                if state["status"] != "running":
                    break
                time.sleep(0.3)
            log = client.get(f"/matches/{match_id}/log").json()
    mine = [m["by"] for m in log["moves"] if m["seat"] == 0]
    assert mine == ["timeout"] * 3  # the third forfeits the seat
    # Nobody is left in this practice match: it ends at once, unrated (docs/bots.md).
    assert state["seats"][0]["forfeited"] and state["status"] == "aborted"
    assert state["result"] == {"aborted": "no entrant remains"}
