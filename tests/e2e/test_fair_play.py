"""Nobody can spend another's time (issue 10, part 2), on a live server with a real worker.

Each attack first ran against the code before the fix and succeeded there: endless options
started a match, a flooder started matches against a rival that never asked for them, and
nothing limited or stopped a bot's practice matches.
"""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Iterator
from contextlib import closing
from typing import Any

import httpx
import pytest

from bots.client import Bot
from tests.e2e.stack import MODES, Stack, play_until_over, stack

LIMIT = 3  # PRACTICE_MATCH_LIMIT of these stacks
PASSWORD = "correct-horse-battery-9"


@pytest.fixture(scope="module", params=MODES)
def platform(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Any:
    var = tmp_path_factory.mktemp(f"fair-{request.param}")
    with stack(request.param, var, PRACTICE_MATCH_LIMIT=str(LIMIT)) as running:
        yield running


def person(platform: Stack, name: str) -> httpx.Client:
    """Sign a new person up; return a client with their session and CSRF token."""
    client = httpx.Client(base_url=f"{platform.url}/api/v1", timeout=40)
    reply = client.post(
        "/auth/signup",
        json={"username": name, "email": f"{name}@example.org", "password": PASSWORD},
    )
    assert reply.status_code == 201, reply.text
    client.headers["X-CSRFToken"] = client.cookies["csrftoken"]
    return client


def person_bot(platform: Stack, owner: httpx.Client, name: str, **fields: Any) -> dict[str, Any]:
    """Create a bot of ``owner``; return its JSON with ``token`` and a ``client``."""
    reply = owner.post("/bots", json={"name": name, **fields})
    assert reply.status_code == 201, reply.text
    body: dict[str, Any] = reply.json()
    body["client"] = platform.client(body["token"])
    return body


def fresh_bot(platform: Stack, name: str) -> dict[str, Any]:
    """Create a bot owned by a new person of its own (the stack is shared by the tests)."""
    owner = person(platform, name + "-o")
    bot = person_bot(platform, owner, name)
    owner.close()
    bot["client"].close()
    return bot


@pytest.fixture
def names(request: pytest.FixtureRequest) -> Iterator[str]:
    """A prefix for the names of one test's people and bots (the stack is shared)."""
    yield request.node.name.split("[")[0][5:][:12].replace("_", "-") + "-"


def error_of(reply: httpx.Response) -> str:
    body: dict[str, Any] = reply.json()
    assert set(body) == {"error", "detail"}, body
    return str(body["error"])


def test_endless_options_are_refused_everywhere(platform: Stack, names: str) -> None:
    bot = fresh_bot(platform, names + "bot")
    with platform.client(bot["token"]) as client:
        endless = client.post(
            "/matches",
            json={"game": "busca", "options": {"eliminate_at": 10**9, "max_deals": 10**9}},
        )
        assert endless.status_code == 400, endless.text
        assert error_of(endless) == "bad_options" and "1 to 100" in endless.json()["detail"]
        for game, options in [
            ("buraco-mano-a-mano", {"target": 10**9}),
            ("buraco-cerrado", {"deals": 10**6}),
            ("buraco-cerrado", {"max_deals": 51}),
            ("busca", {"eliminate_at": 31.0}),
            ("busca", {"two_tied_double": 1}),
        ]:
            reply = client.post("/matches", json={"game": game, "options": options})
            assert reply.status_code == 400 and error_of(reply) == "bad_options", reply.text
        assert client.get("/matches", params={"status": "running"}).json()["count"] == 0
    organiser = person(platform, names + "olga")
    with closing(organiser):
        cup = organiser.post(
            "/tournaments",
            json={
                "name": "Endless cup",
                "game": "busca",
                "format": "swiss",
                "options": {"eliminate_at": 10**9},
            },
        )
        assert cup.status_code == 400 and error_of(cup) == "bad_options", cup.text
        league = organiser.post(
            "/leagues",
            json={
                "name": "Endless league",
                "game": "buraco-mano-a-mano",
                "members": "bots",
                "options": {"target": 10**9},
            },
        )
        assert league.status_code == 400 and error_of(league) == "bad_options", league.text


def test_running_practice_matches_are_limited_and_owners_abort_them(
    platform: Stack, names: str
) -> None:
    ada = person(platform, names + "ada")
    bot = person_bot(platform, ada, names + "bot")
    sibling = person_bot(platform, ada, names + "sib")
    rita = person(platform, names + "rita")
    other = person_bot(platform, rita, names + "other")
    with (
        bot["client"] as client,
        sibling["client"] as same_owner,
        other["client"] as stranger,
        closing(rita),
        closing(ada),
    ):
        body = {"game": "busca", "options": {"eliminate_at": 100}, "move_timeout": 600}
        started = [client.post("/matches", json=body) for _ in range(LIMIT)]
        assert [r.status_code for r in started] == [201] * LIMIT
        over = client.post("/matches", json=body)
        assert over.status_code == 409 and error_of(over) == "too_many_matches", over.text
        assert str(LIMIT) in over.json()["detail"]

        # A second bot of the same person shares the person's limit; another person's does not.
        also = same_owner.post("/matches", json=body)
        assert also.status_code == 409 and error_of(also) == "too_many_matches", also.text
        assert stranger.post("/matches", json=body).status_code == 201

        first = started[0].json()["id"]
        refused = stranger.post(f"/matches/{first}/abort")
        assert refused.status_code == 403 and error_of(refused) == "not_your_match"
        aborted = client.post(f"/matches/{first}/abort")
        assert aborted.status_code == 200, aborted.text
        assert aborted.json()["status"] == "aborted"
        assert client.get(f"/matches/{first}").json()["status"] == "aborted"
        again = client.post(f"/matches/{first}/abort")
        assert again.status_code == 200 and again.json()["status"] == "aborted"
        assert client.post("/matches", json=body).status_code == 201  # room again
        # The owner's session aborts what the owner's bots started.
        second = started[1].json()["id"]
        by_owner = ada.post(f"/matches/{second}/abort")
        assert by_owner.status_code == 200 and by_owner.json()["status"] == "aborted"


@pytest.mark.serial  # it times the rival's turns under the flood
def test_a_flood_of_challenges_stays_pending_and_spares_the_rivals_turns(
    platform: Stack, names: str
) -> None:
    rita = person(platform, names + "rita")
    rival = person_bot(platform, rita, names + "rival")
    flooder = fresh_bot(platform, names + "flood")
    assert rival["accepts_challenges"] is False
    with platform.client(flooder["token"]) as attacker, rival["client"] as victim, closing(rita):
        direct = attacker.post(
            "/matches", json={"game": "buraco-mano-a-mano", "seats": ["me", {"bot": rival["name"]}]}
        )
        assert direct.status_code == 400 and error_of(direct) == "challenge_required", direct.text

        # The rival plays a match of its own; the flood must not hide or delay its turn.
        own = victim.post("/matches", json={"game": "busca", "move_timeout": 600})
        assert own.status_code == 201, own.text
        pending = []
        for _ in range(LIMIT + 5):
            reply = attacker.post(
                "/challenges", json={"bot": rival["name"], "game": "buraco-mano-a-mano"}
            )
            if reply.status_code != 201:
                assert reply.status_code == 409 and error_of(reply) == "too_many_challenges"
                break
            assert reply.json()["status"] == "pending"
            pending.append(reply.json()["id"])
        assert len(pending) == LIMIT

        began = time.monotonic()
        answer = victim.get("/bot/turns", params={"wait": 20}).json()
        assert time.monotonic() - began < 10
        assert [t["match"] for t in answer["turns"]] == [own.json()["id"]]
        assert sorted(c["id"] for c in answer["challenges"]) == sorted(pending)
        sample = answer["challenges"][0]
        assert sample["kind"] == "challenge" and sample["game"] == "buraco-mano-a-mano"
        assert sample["from"] == flooder_name(attacker) and "expires_at" in sample
        running = attacker.get("/matches", params={"status": "running"}).json()["results"]
        assert not [m for m in running if m["game"] == "buraco-mano-a-mano"]

        listed = rita.get("/challenges", params={"status": "pending"}).json()
        assert listed["count"] == LIMIT and {c["id"] for c in listed["results"]} == set(pending)


def flooder_name(client: httpx.Client) -> str:
    return str(client.get("/bot/me").json()["name"])


@pytest.mark.serial  # it times the long-poll's wake-ups and the expiry
def test_challenges_are_accepted_declined_cancelled_or_expire(platform: Stack, names: str) -> None:
    rita = person(platform, names + "rita")
    rival = person_bot(platform, rita, names + "rival")
    challenger = fresh_bot(platform, names + "chal")
    with platform.client(challenger["token"]) as me, rival["client"] as victim, closing(rita):
        woken: list[tuple[float, dict[str, Any]]] = []

        def poll() -> None:
            began = time.monotonic()
            woken.append(
                (time.monotonic() - began, victim.get("/bot/turns", params={"wait": 20}).json())
            )

        waiter = threading.Thread(target=poll)
        waiter.start()
        time.sleep(1.0)
        made = me.post(
            "/challenges",
            json={
                "bot": rival["name"],
                "game": "busca",
                "options": {"eliminate_at": 5, "players": 2},
            },
        )
        assert made.status_code == 201, made.text
        challenge = made.json()
        waiter.join()
        [(waited, answer)] = woken
        assert waited < 10, "a new challenge wakes the long-poll"
        assert [c["id"] for c in answer["challenges"]] == [challenge["id"]]
        assert answer["challenges"][0]["options"]["eliminate_at"] == 5

        # A challenge already shown does not cut a later wait short (no spinning on it).
        began = time.monotonic()
        again = victim.get("/bot/turns", params={"wait": 1}).json()
        assert time.monotonic() - began >= 0.9 and again["turns"] == []
        assert [c["id"] for c in again["challenges"]] == [challenge["id"]]

        accepted = victim.post(f"/challenges/{challenge['id']}/accept")
        assert accepted.status_code == 200, accepted.text
        match_id = accepted.json()["match"]
        assert accepted.json()["status"] == "accepted" and match_id
        seats = me.get(f"/matches/{match_id}").json()["seats"]
        assert sorted(s["name"] for s in seats) == sorted([challenger_name(me), rival["name"]])
        twice = victim.post(f"/challenges/{challenge['id']}/accept")
        assert twice.status_code == 409 and error_of(twice) == "challenge_not_pending"

        # The owner's session declines; a stranger's token cannot answer.
        second = me.post(
            "/challenges", json={"bot": rival["name"], "game": "busca", "options": {"players": 2}}
        ).json()
        assert me.post(f"/challenges/{second['id']}/accept").status_code == 404
        declined = rita.post(f"/challenges/{second['id']}/decline")
        assert declined.status_code == 200 and declined.json()["status"] == "declined"

        third = me.post(
            "/challenges", json={"bot": rival["name"], "game": "busca", "options": {"players": 2}}
        ).json()
        cancelled = me.post(f"/challenges/{third['id']}/cancel")
        assert cancelled.status_code == 200 and cancelled.json()["status"] == "cancelled"

        fourth = me.post(
            "/challenges",
            json={
                "bot": rival["name"],
                "game": "busca",
                "options": {"players": 2},
                "expires_in": 1,
            },
        )
        assert fourth.status_code == 201, fourth.text
        time.sleep(2.5)
        late = victim.post(f"/challenges/{fourth.json()['id']}/accept")
        assert late.status_code == 409 and error_of(late) == "challenge_expired", late.text
        mine = me.get("/challenges").json()["results"]
        assert {c["id"]: c["status"] for c in mine} == {
            challenge["id"]: "accepted",
            second["id"]: "declined",
            third["id"]: "cancelled",
            fourth.json()["id"]: "expired",
        }


def challenger_name(client: httpx.Client) -> str:
    return str(client.get("/bot/me").json()["name"])


def test_auto_accept_has_a_rate_cap_and_the_stream_shows_challenges(
    platform: Stack, names: str
) -> None:
    rita = person(platform, names + "rita")
    rival = person_bot(platform, rita, names + "rival")
    challenger = fresh_bot(platform, names + "chal")
    with platform.client(challenger["token"]) as me, rival["client"] as victim, closing(rita):
        on = rita.patch(
            f"/bots/{rival['id']}", json={"accepts_challenges": True, "auto_accept_per_hour": 1}
        )
        assert on.status_code == 200 and on.json()["auto_accept_per_hour"] == 1, on.text
        body = {"bot": rival["name"], "game": "buraco-mano-a-mano", "options": {"deals": 1}}
        first = me.post("/challenges", json=body).json()
        assert first["status"] == "accepted" and first["match"], first
        with victim.stream("GET", "/bot/events", timeout=30) as events:
            lines = events.iter_lines()
            second = me.post("/challenges", json=body).json()
            assert second["status"] == "pending" and "1 an hour" in second["reason"], second
            seen = []
            for line in lines:
                event = json.loads(line)
                seen.append(event)
                if event["event"] == "challenge":
                    break
        [shown] = [e for e in seen if e["event"] == "challenge"]
        assert shown["id"] == second["id"] and shown["kind"] == "challenge"


def test_the_client_answers_challenges_with_its_hook(platform: Stack, names: str) -> None:
    rita = person(platform, names + "rita")
    rival = person_bot(platform, rita, names + "rival")
    rita.close()
    rival["client"].close()
    challenger = fresh_bot(platform, names + "chal")

    class Picky(Bot):
        def on_challenge(self, challenge: dict[str, Any]) -> bool | None:
            return challenge["game"] == "buraco-mano-a-mano"

    picky = Picky(platform.url, rival["token"], seed=3)
    stats: list[Any] = []
    thread = threading.Thread(
        target=lambda: stats.append(picky.run(mode="poll", max_matches=1, stop_after=120)),
        daemon=True,
    )
    thread.start()
    with platform.client(challenger["token"]) as me:
        body = {"bot": rival["name"], "game": "busca", "options": {"players": 2}}
        refused = me.post("/challenges", json=body).json()
        body = {"bot": rival["name"], "game": "buraco-mano-a-mano", "options": {"deals": 1}}
        wanted = me.post("/challenges", json=body).json()
        deadline = time.monotonic() + 30
        states: dict[int, dict[str, Any]] = {}
        while time.monotonic() < deadline:
            states = {c["id"]: c for c in me.get("/challenges").json()["results"]}
            if states[wanted["id"]]["status"] != "pending":
                break
            time.sleep(0.3)
        match_id = states[wanted["id"]]["match"]
        assert states[wanted["id"]]["status"] == "accepted" and match_id
        final = play_until_over(me, match_id, random.Random(6))
    thread.join(60)
    assert states[refused["id"]]["status"] == "declined"
    assert final["status"] == "finished"
    assert stats and list(stats[0].results) == [match_id]
