"""Notes and timings through the API: a bot's notes reach its owner and nobody else (no other
seat, account, spectator, socket message, page, log line or replay) until the owner publishes
them; every entrant move's timings are in the log, the caller's own during play."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from bots.services import bot_create
from games.engine.options import OPTION_BOUNDS
from games.live import state_message_of
from games.models import Match, Move, MoveNote, Seat
from games.services.callers import Caller
from games.services.matches import SeatSpec, match_create, move_play
from tests.games.conftest import advance

pytestmark = pytest.mark.django_db
MARKER = "SECRET-plan-7f3a"
GAME = "buraco-mano-a-mano"


def person(name: str) -> Any:
    return get_user_model().objects.create_user(name, f"{name}@example.org", "a-long-password-1")


def client_of(token: str | None = None, user: Any = None) -> APIClient:
    client = APIClient()
    if token:
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def duel() -> dict[str, Any]:
    ada, bea = person("ada"), person("bea")
    a = bot_create(owner=ada, name="noter", games=[])
    b = bot_create(owner=bea, name="rival", games=[])
    match = match_create(
        game=GAME,
        seats=[
            SeatSpec(kind=Seat.Kind.BOT, bot_id=a.bot.pk),
            SeatSpec(kind=Seat.Kind.BOT, bot_id=b.bot.pk),
        ],
        options={"deals": 1},
        move_timeout=60,
    )
    return {"match": match, "a": a, "b": b, "ada": ada, "bea": bea}


def play(duel: dict[str, Any], moves: int | None = None) -> None:
    """Play on: the noter through the API with a note on every move, the rival directly."""
    noter = client_of(duel["a"].token)
    rival = duel["b"].bot
    for _ in range(moves or 100000):
        match = Match.objects.get(pk=duel["match"].pk)
        if not match.is_running:
            return
        state = noter.get(f"/api/v1/matches/{match.pk}").json()
        if match.to_move == 0:
            body = {
                "turn": match.turn,
                "move": state["legal_moves"][0],
                "note": {"text": f"{MARKER} turn {match.turn}", "eval": 0.5, "confidence": 0.9},
            }
            reply = noter.post(f"/api/v1/matches/{match.pk}/moves", body, format="json")
            assert reply.status_code == 200, reply.content
        else:
            seat = rival_view(match.pk)
            move_play(
                match_id=match.pk,
                caller=Caller(rival.owner_id, rival.pk),
                turn=match.turn,
                move=seat["legal_moves"][0],
            )


def rival_view(match_id: int) -> dict[str, Any]:
    from games.selectors import match_public

    return match_public(Match.objects.get(pk=match_id), 1)


def everything_others_read(duel: dict[str, Any]) -> str:
    """Every answer about the match that anyone but the noter's owner can get, as one text."""
    match_id = duel["match"].pk
    readers = [client_of(), client_of(duel["b"].token), client_of(user=duel["bea"])]
    texts = []
    for reader in readers:
        for path in (
            f"/api/v1/matches/{match_id}",
            f"/api/v1/matches/{match_id}?seat=1",
            f"/api/v1/matches/{match_id}/log",
            f"/matches/{match_id}/",
            f"/matches/{match_id}/replay.json",
            f"/matches/{match_id}/notes.json",
        ):
            texts.append(reader.get(path).content.decode())
    for seat in (None, 0, 1):  # every socket message starts from one of these
        texts.append(json.dumps(state_message_of(match_id, seat)))
    return "\n".join(texts)


def test_only_the_owner_reads_the_notes_until_they_are_published(
    duel: dict[str, Any], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    match_id = duel["match"].pk
    play(duel, moves=12)
    assert MoveNote.objects.filter(match_id=match_id).exists()
    # The owner, by the bot's token or signed in, reads them live with the moves' timings.
    for owner in (client_of(duel["a"].token), client_of(user=duel["ada"])):
        notes = owner.get(f"/api/v1/matches/{match_id}").json()["notes"]
        assert notes and all(MARKER in n["text"] and n["seat"] == 0 for n in notes)
        assert notes[0]["eval"] == 0.5 and notes[0]["confidence"] == 0.9
        moves = owner.get(f"/api/v1/matches/{match_id}/log").json()["moves"]
        mine = [m for m in moves if m["seat"] == 0]
        assert all(MARKER in m["note"]["text"] for m in mine)
        assert all(m["timing"]["arrived_at"] for m in mine)
        assert not any("timing" in m or "note" in m for m in moves if m["seat"] == 1)
    # Nobody else: the other seat, its owner, a spectator, a socket, a page.
    assert MARKER not in everything_others_read(duel)
    rival_log = client_of(duel["b"].token).get(f"/api/v1/matches/{match_id}/log").json()
    assert all("note" not in m for m in rival_log["moves"])
    assert all("timing" not in m for m in rival_log["moves"] if m["seat"] == 0)
    play(duel)  # to the end
    assert not Match.objects.get(pk=match_id).is_running
    assert MARKER not in everything_others_read(duel)  # over, but not published
    # Once over, every entrant move's timings are everyone's.
    log = client_of().get(f"/api/v1/matches/{match_id}/log").json()
    assert all("timing" in m for m in log["moves"] if m["by"] == Move.By.ENTRANT)
    # The log's options are every engine option, the defaults too, not only those set.
    assert log["options"] == {b.name: b.default for b in OPTION_BOUNDS[GAME]} | {"deals": 1}
    # The owner publishes: now everyone reads them, in the log and the match.
    owner = client_of(user=duel["ada"])
    changed = owner.patch(f"/api/v1/bots/{duel['a'].bot.pk}", {"notes_public": True}, format="json")
    assert changed.status_code == 200 and changed.json()["notes_public"] is True
    log = client_of().get(f"/api/v1/matches/{match_id}/log").json()
    assert any(MARKER in m.get("note", {}).get("text", "") for m in log["moves"])
    assert client_of(duel["b"].token).get(f"/api/v1/matches/{match_id}").json()["notes"]
    assert not any(MARKER in record.getMessage() for record in caplog.records)  # never logged


def test_the_owners_table_reads_its_bots_notes_as_they_come(duel: dict[str, Any]) -> None:
    match_id = duel["match"].pk
    owner, other = client_of(user=duel["ada"]), client_of(user=duel["bea"])
    # The pages of the bots' owners ask for their notes; a stranger's has no address to ask.
    assert f'data-notes="/matches/{match_id}/notes.json"' in owner.get(f"/matches/{match_id}/").text
    assert "data-notes" in other.get(f"/matches/{match_id}/").text  # her rival bot's notes
    stranger = client_of(user=person("cid"))
    assert "data-notes" not in stranger.get(f"/matches/{match_id}/").text
    assert "data-notes" not in client_of().get(f"/matches/{match_id}/").text
    play(duel, moves=12)
    notes = owner.get(f"/matches/{match_id}/notes.json").json()
    turns = [n["turn"] for n in notes["notes"]]
    assert turns and notes["more"] is False and turns == sorted(turns)
    assert all(MARKER in n["text"] and n["seat"] == 0 and n["eval"] == 0.5 for n in notes["notes"])
    # From a turn on: what came since the last read.
    later = owner.get(f"/matches/{match_id}/notes.json?from={turns[-1]}").json()["notes"]
    assert [n["turn"] for n in later] == [turns[-1]]
    assert other.get(f"/matches/{match_id}/notes.json").json() == {"notes": [], "more": False}
    for bad in ("-1", "x", "1e3", "²"):
        reply = owner.get(f"/matches/{match_id}/notes.json?from={bad}")
        assert reply.status_code == 400 and reply.json()["error"] == "bad_request", bad


def test_a_note_over_the_limit_is_refused_and_the_move_can_be_sent_again(
    duel: dict[str, Any],
) -> None:
    noter = client_of(duel["a"].token)
    rival = duel["b"].bot
    match = Match.objects.get(pk=duel["match"].pk)
    while match.to_move == 1:  # the rival starts: its draw and discard, then the noter's turn
        move = rival_view(match.pk)["legal_moves"][0]
        caller = Caller(rival.owner_id, rival.pk)
        move_play(match_id=match.pk, caller=caller, turn=match.turn, move=move)
        match.refresh_from_db()
    state = noter.get(f"/api/v1/matches/{match.pk}").json()
    body = {"turn": match.turn, "move": state["legal_moves"][0], "note": "x" * 1025}
    refused = noter.post(f"/api/v1/matches/{match.pk}/moves", body, format="json")
    assert refused.status_code == 400
    assert refused.json()["error"] == "bad_note" and "1024 bytes" in refused.json()["detail"]
    assert Match.objects.get(pk=match.pk).turn == match.turn  # nothing was played
    body["note"] = "x" * 1024
    assert noter.post(f"/api/v1/matches/{match.pk}/moves", body, format="json").status_code == 200
    assert MoveNote.objects.get(match=match).text == "x" * 1024


@pytest.mark.django_db(transaction=True)  # the long-poll reads from its own thread
def test_a_clocked_move_keeps_its_delivery_transit_and_bank(duel: dict[str, Any]) -> None:
    ada = duel["ada"]
    bot = duel["a"].bot
    match = match_create(
        game=GAME,
        seats=[SeatSpec(kind=Seat.Kind.BOT, bot_id=bot.pk), SeatSpec(kind=Seat.Kind.HOUSE)],
        options={"deals": 1},
        clock={"bank": 30, "increment": 1},
    )
    advance(match.pk)  # the house may deal or lead first
    noter = client_of(duel["a"].token)
    [turn] = [t for t in noter.get("/api/v1/bot/turns?wait=0").json()["turns"]
              if t["match"] == match.pk]
    body = {"turn": turn["turn"], "move": turn["legal_moves"][0]}
    assert noter.post(f"/api/v1/matches/{match.pk}/moves", body, format="json").status_code == 200
    log = client_of(user=ada).get(f"/api/v1/matches/{match.pk}/log").json()
    [first] = [m for m in log["moves"] if m["seat"] == 0][:1]
    timing = first["timing"]
    assert timing["delivered_at"] is not None and timing["think_ms"] is not None
    assert timing["transit_ms"] == 0  # no acknowledgement: no allowance
    assert 30000 <= timing["bank_ms"] <= 31000  # the bank less the think time, plus 1 s
