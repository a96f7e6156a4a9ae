"""The match endpoints of the bot API, in-process: answers, errors, idempotency, views."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from bots.services import bot_create, token_issue, token_revoke
from games import engine
from games.models import Match, Move
from games.selectors import load_state
from games.services import matches
from games.services.callers import Caller
from games.services.matches import SeatSpec, match_create, move_play
from tests.games.conftest import advance

# The long-poll reads the database from the shared thread pool: the data must be committed.
pytestmark = pytest.mark.django_db(transaction=True)


def start(api: APIClient, game: str = "busca", **body: Any) -> dict[str, Any]:
    reply = api.post("/api/v1/matches", {"game": game, **body}, format="json")
    assert reply.status_code == 201, reply.content
    data: dict[str, Any] = reply.json()
    return data


def my_turn(api: APIClient, match_id: int) -> dict[str, Any]:
    advance(match_id)
    turns = api.get("/api/v1/bot/turns").json()["turns"]
    [turn] = [t for t in turns if t["match"] == match_id]
    return turn


def test_practice_match_defaults_to_house_bots(api: APIClient) -> None:
    body = start(api, options={"eliminate_at": 5})
    assert [s["kind"] for s in body["seats"]] == ["bot", "house", "house", "house"]
    assert body["seat"] == 0 and "hand" in body["view"]
    assert "seed" not in body  # the seed reveals every hand: only after the match


def test_turn_object_has_the_documented_fields(api: APIClient) -> None:
    match = start(api, options={"eliminate_at": 5})
    turn = my_turn(api, match["id"])
    assert set(turn) == {"match", "turn", "game", "seat", "deadline", "view", "legal_moves"}
    assert turn["game"] == "busca" and turn["seat"] == 0 and turn["legal_moves"]


def test_move_accepted_then_the_same_request_gets_the_same_answer(api: APIClient) -> None:
    match = start(api, options={"eliminate_at": 5})
    turn = my_turn(api, match["id"])
    body = {"turn": turn["turn"], "move": turn["legal_moves"][0]}
    first = api.post(f"/api/v1/matches/{match['id']}/moves", body, format="json")
    again = api.post(f"/api/v1/matches/{match['id']}/moves", body, format="json")
    assert first.status_code == again.status_code == 200
    assert first.json() == again.json()
    assert Move.objects.filter(match_id=match["id"], turn=turn["turn"]).count() == 1


def test_stale_turn_and_other_move_for_a_played_turn_are_409(api: APIClient) -> None:
    match = start(api, options={"eliminate_at": 5})
    turn = my_turn(api, match["id"])
    url = f"/api/v1/matches/{match['id']}/moves"
    api.post(url, {"turn": turn["turn"], "move": turn["legal_moves"][0]}, format="json")
    if len(turn["legal_moves"]) > 1:
        other = api.post(url, {"turn": turn["turn"], "move": turn["legal_moves"][1]}, format="json")
        assert other.status_code == 409 and other.json()["error"] == "turn_not_open"
    future = api.post(
        url, {"turn": turn["turn"] + 50, "move": turn["legal_moves"][0]}, format="json"
    )
    assert future.status_code == 409
    assert "not open" in future.json()["detail"]


def test_illegal_move_is_422_and_the_turn_stays_open(api: APIClient) -> None:
    match = start(api, options={"eliminate_at": 5})
    turn = my_turn(api, match["id"])
    hand = turn["view"]["hand"]
    legal = {m["play"] for m in turn["legal_moves"] if "play" in m}
    url = f"/api/v1/matches/{match['id']}/moves"
    not_held = next(c for c in ["3D", "3C", "3H", "3S", "2D", "2C"] if c not in hand)
    reply = api.post(url, {"turn": turn["turn"], "move": {"play": not_held}}, format="json")
    assert reply.status_code == 422
    # The detail is the engine's reason, in people's words ("you do not hold the 3 of coins").
    rules: Any = engine.get("busca")
    state = load_state(Match.objects.get(pk=match["id"]))
    reason = rules.why_illegal(state, {"play": not_held}, turn["seat"])
    assert reply.json() == {"error": "illegal_move", "detail": str(reason)}
    assert str(reason).startswith("you do not hold the ")
    malformed = api.post(url, {"turn": turn["turn"], "move": {"play": "ZZ"}}, format="json")
    assert malformed.status_code == 422 and malformed.json()["error"] == "invalid_move"
    assert my_turn(api, match["id"])["turn"] == turn["turn"]
    ok = api.post(url, {"turn": turn["turn"], "move": {"play": sorted(legal)[0]}}, format="json")
    assert ok.status_code == 200


def test_an_illegal_buraco_move_gets_the_engine_reason_as_its_detail(api: APIClient) -> None:
    match = start(api, game="buraco-mano-a-mano")
    turn = my_turn(api, match["id"])
    url = f"/api/v1/matches/{match['id']}/moves"
    move = {"discard": turn["view"]["hand"][0]}
    reply = api.post(url, {"turn": turn["turn"], "move": move}, format="json")
    assert reply.status_code == 422
    rules: Any = engine.get("buraco-mano-a-mano")
    reason = rules.why_illegal(load_state(Match.objects.get(pk=match["id"])), move, turn["seat"])
    assert reason is not None and reason.code == "draw_first"
    assert reply.json() == {"error": "illegal_move", "detail": str(reason)}
    # The seat's state lists the same reason for the refused action.
    body = api.get(f"/api/v1/matches/{match['id']}").json()
    assert body["refusals"]["actions"]["discard"] == str(reason)


def test_malformed_json_and_missing_fields_are_400(api: APIClient) -> None:
    match = start(api, options={"eliminate_at": 5})
    url = f"/api/v1/matches/{match['id']}/moves"
    bad = api.post(url, data="{not json", content_type="application/json")
    assert bad.status_code == 400 and bad.json()["error"] == "parse_error"
    missing = api.post(url, {"move": {"play": "4C"}}, format="json")
    assert missing.status_code == 400 and "turn" in missing.json()["detail"]
    listed = api.post(url, data=json.dumps([1, 2]), content_type="application/json")
    assert listed.status_code == 400


def test_wrong_and_revoked_tokens_are_401(bot_token: tuple[Any, str]) -> None:
    bot, token = bot_token
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Bearer ctb_not-a-real-token")
    assert client.get("/api/v1/bot/me").status_code == 401
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    assert client.get("/api/v1/bot/me").json()["name"] == "probe"
    token_revoke(bot=bot)
    reply = client.get("/api/v1/bot/me")
    assert reply.status_code == 401 and reply.json()["error"] == "authentication_failed"
    fresh = token_issue(bot=bot).token
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {fresh}")
    assert client.get("/api/v1/bot/me").status_code == 200


def test_another_bots_match_is_404(api: APIClient, owner: Any) -> None:
    match = start(api, options={"eliminate_at": 5})
    other = APIClient()
    other.credentials(HTTP_AUTHORIZATION=f"Bearer {bot_create(owner=owner, name='rival').token}")
    reply = other.post(
        f"/api/v1/matches/{match['id']}/moves", {"turn": 0, "move": {"play": "4C"}}, format="json"
    )
    assert reply.status_code == 404 and reply.json()["error"] == "not_found"
    assert other.post(f"/api/v1/matches/{match['id']}/resign", {}, format="json").status_code == 404
    # The public state is readable, but shows no hand to a bot without a seat.
    assert "hand" not in other.get(f"/api/v1/matches/{match['id']}").json()["view"]


def test_bad_practice_requests_are_explained(api: APIClient) -> None:
    cases = [
        ({"game": "chess"}, "invalid"),
        ({"game": "busca", "options": {"players": 5}}, "bad_options"),
        ({"game": "busca", "seats": ["me", "house:greedy"]}, "bad_options"),
        ({"game": "busca", "seats": ["house:greedy"] * 4}, "bad_seat"),
        (
            {"game": "busca", "seats": ["me", {"bot": "nobody"}, "house:random", "house:random"]},
            "unknown_bot",
        ),
    ]
    for body, code in cases:
        reply = api.post("/api/v1/matches", body, format="json")
        assert reply.status_code == 400, body
        assert reply.json()["error"] == code, (body, reply.json())


@override_settings(BOT_RATE_LIMIT=3)
def test_throttling_answers_429_with_retry_after(api: APIClient) -> None:
    codes = [api.get("/api/v1/bot/me").status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    reply = api.get("/api/v1/bot/me")
    assert reply.json()["error"] == "throttled" and int(reply["Retry-After"]) >= 1


def test_a_whole_match_through_the_api_leaks_no_hidden_card(api: APIClient) -> None:
    match = start(api, options={"eliminate_at": 4})
    rng = random.Random(3)
    game = engine.get("busca")
    while True:
        advance(match["id"])
        row = Match.objects.get(pk=match["id"])
        state = load_state(row)
        spectator = api.get(f"/api/v1/matches/{match['id']}?seat=0").json()
        public = APIClient().get(f"/api/v1/matches/{match['id']}").json()
        others = [set(game.view(state, s).get("hand", [])) for s in range(1, 4)]
        assert "hand" not in public["view"] and "legal_moves" not in public["view"]
        if row.is_running:
            mine = set(spectator["view"]["hand"])
            assert all(not (mine & theirs) for theirs in others)
            # Cards of this deal shown to all are the played ones: none is still in a hand.
            table = json.dumps([public["view"]["trick"], public["view"]["tricks"]])
            mine_text = json.dumps(spectator["view"]["trick"])
            assert not any(f'"{card}"' in table for theirs in others for card in theirs)
            assert not any(f'"{card}"' in mine_text for theirs in others for card in theirs)
        if not row.is_running:
            break
        turn = my_turn(api, match["id"])
        reply = api.post(
            f"/api/v1/matches/{match['id']}/moves",
            {"turn": turn["turn"], "move": rng.choice(turn["legal_moves"])},
            format="json",
        )
        assert reply.status_code == 200
    log = api.get(f"/api/v1/matches/{match['id']}/log").json()
    assert log["seed"] == row.seed and log["record"] and len(log["moves"]) == row.turn


@pytest.mark.parametrize("turn", ["4", "0", 0.0, 1.5, True, None, [0]])
def test_a_turn_that_is_not_a_json_integer_is_400(api: APIClient, turn: Any) -> None:
    """docs/bots.md: ``turn`` is a number; "4" and true are refused, not read as 4 and 1."""
    match = start(api, options={"eliminate_at": 5})
    real = my_turn(api, match["id"])
    if isinstance(turn, str):
        turn = str(real["turn"])
    reply = api.post(
        f"/api/v1/matches/{match['id']}/moves",
        {"turn": turn, "move": real["legal_moves"][0]},
        format="json",
    )
    assert reply.status_code == 400, reply.content
    assert reply.json()["error"] == "invalid" and "turn" in reply.json()["detail"]
    assert not Move.objects.filter(match_id=match["id"], turn=real["turn"]).exists()


def test_a_move_answer_hands_back_the_next_turn_the_house_made_due(
    api: APIClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Against cheap house seats the next turn opens in the move's commit: the answer carries it
    (``next_turn``), the same object the long-poll gives, already marked delivered. (The inline
    time cap is lifted: on a loaded machine three house moves may pass its 20 ms, and the rest
    then go to a worker: the next test.)"""
    monkeypatch.setattr(matches, "HOUSE_INLINE_SECONDS", 5.0)
    match = start(api, options={"eliminate_at": 31})
    turn = my_turn(api, match["id"])
    handed = 0
    for _ in range(12):
        body = {"turn": turn["turn"], "move": turn["legal_moves"][0]}
        reply = api.post(f"/api/v1/matches/{match['id']}/moves", body, format="json")
        assert reply.status_code == 200, reply.content
        following = reply.json()["next_turn"]
        row = Match.objects.get(pk=match["id"])
        if following is None:  # the match is over, or a house seat is still to move
            assert not row.is_running or row.to_move != 0
            break
        handed += 1
        assert following["turn"] == row.turn and following["seat"] == 0 == row.to_move
        polled = api.get("/api/v1/bot/turns").json()["turns"]
        assert polled == [following]  # the long-poll's own turn object, nothing more or less
        seat = row.seats.get(number=0)
        assert seat.delivered_turn == row.turn and seat.delivered_at is not None
        again = api.post(f"/api/v1/matches/{match['id']}/moves", body, format="json")
        assert again.json() == reply.json()  # a retry: the same answer while the turn is open
        turn = following
    assert handed >= 3
    played = Move.objects.filter(match_id=match["id"], seat=0, answer_ms__isnull=False)
    assert played.count() >= handed  # each handed-back turn's answer time was measured


def test_house_moves_past_the_inline_time_cap_wait_for_a_worker(
    api: APIClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cheap house moves a move makes due play in its commit only for HOUSE_INLINE_SECONDS:
    with no time at all, one house move plays there and the rest wait for a worker (the answer
    then has no ``next_turn``)."""
    monkeypatch.setattr(matches, "HOUSE_INLINE_SECONDS", 0.0)
    match = start(api, options={"eliminate_at": 31})
    waited = 0
    for _ in range(6):
        turn = my_turn(api, match["id"])  # the worker's part, played here
        body = {"turn": turn["turn"], "move": turn["legal_moves"][0]}
        reply = api.post(f"/api/v1/matches/{match['id']}/moves", body, format="json")
        assert reply.status_code == 200, reply.content
        row = Match.objects.get(pk=match["id"])
        assert row.turn - turn["turn"] <= 2  # the bot's move and at most one house move
        if row.to_move != 0:
            assert reply.json()["next_turn"] is None
            waited += 1
    assert waited >= 3


def test_a_move_answer_says_whether_the_match_goes_on(api: APIClient) -> None:
    """``status`` is the match's once the move and the house moves it made due are played: the
    answer of the move that ends the match says ``finished``, every one before ``running``.
    (One deal of Mano a Mano against a greedy house seat: the bot's last move, or the house
    moves it makes due, ends it.)"""
    match = start(api, game="buraco-mano-a-mano", options={"deals": 1})
    statuses = []
    turn: dict[str, Any] | None = my_turn(api, match["id"])
    while turn is not None and len(statuses) < 2000:
        body = {"turn": turn["turn"], "move": turn["legal_moves"][0]}
        reply = api.post(f"/api/v1/matches/{match['id']}/moves", body, format="json")
        assert reply.status_code == 200, reply.content
        statuses.append(reply.json()["status"])
        assert statuses[-1] == Match.objects.get(pk=match["id"]).status
        if statuses[-1] != "running":
            break
        turn = reply.json()["next_turn"] or my_turn(api, match["id"])
    assert statuses[-1] == "finished" and set(statuses[:-1]) == {"running"}


def test_no_next_turn_for_a_person_or_when_a_search_seat_must_think(
    api: APIClient, owner: Any
) -> None:
    seats = ["me", "house:ismcts-fast", "house:greedy", "house:greedy"]
    match = start(api, options={"eliminate_at": 31}, seats=seats)
    for _ in range(20):  # until the bot's move makes the search seat due (or a trick is lost)
        turn = my_turn(api, match["id"])
        body = {"turn": turn["turn"], "move": turn["legal_moves"][0]}
        reply = api.post(f"/api/v1/matches/{match['id']}/moves", body, format="json")
        row = Match.objects.get(pk=match["id"])
        if row.to_move != 0:
            assert reply.json()["next_turn"] is None  # the search seat's worker plays first
            break
    else:
        raise AssertionError("the search seat never came due")
    people = match_create(
        game="buraco-mano-a-mano",
        seats=[SeatSpec(kind="user", user_id=owner.pk), SeatSpec(kind="house")],
        options={"deals": 1},
    )
    people = advance(people.pk)
    rules = engine.get(people.game)
    move = rules.move_json(rules.legal_moves(load_state(people))[0])
    played = move_play(match_id=people.pk, caller=Caller(owner.pk), turn=people.turn, move=move)
    assert played.next_turn is None  # a person's table socket tells them, not this answer
