"""The replay viewer's page and downloads: /matches/<id>/replay/, replay.json, events.ndjson.

Every entrant move carries its timings; a bot's notes reach only the readers ``notes_for``
allows (its owner; everyone once published); a running or sealed match has no replay, and the
page says why in the reader's language.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from bots.services import bot_create, bot_update
from games.models import Match, Move, Seat
from games.replay import replay_frames
from games.services.callers import Caller
from games.services.delivery import turns_mark_delivered
from games.services.matches import SeatSpec, match_create, move_play
from games.services.notes import notes_for
from tests.games.conftest import advance

pytestmark = pytest.mark.django_db
MARKER = "REPLAY-NOTE-5c1e"
GAME = "buraco-mano-a-mano"


def person(name: str) -> Any:
    return get_user_model().objects.create_user(name, f"{name}@example.org", "a-long-password-1")


@pytest.fixture
def finished() -> dict[str, Any]:
    """A finished match: ada's bot (seat 0, a note with an eval on every move, through the API)
    against bea's bot (seat 1, no notes, played directly)."""
    ada, bea = person("ada"), person("bea")
    noter = bot_create(owner=ada, name="noter", games=[])
    rival = bot_create(owner=bea, name="rival", games=[])
    match = match_create(
        game=GAME,
        seats=[
            SeatSpec(kind=Seat.Kind.BOT, bot_id=noter.bot.pk),
            SeatSpec(kind=Seat.Kind.BOT, bot_id=rival.bot.pk),
        ],
        options={"deals": 1},
        move_timeout=60,
    )
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {noter.token}")
    for _ in range(5000):
        match = Match.objects.get(pk=match.pk)
        if not match.is_running:
            break
        if match.to_move == 0:
            # Handed over as the long-poll does: the move's think time counts from then.
            turns_mark_delivered(turns=[(match.pk, 0, match.turn)])
            legal = api.get(f"/api/v1/matches/{match.pk}").json()["legal_moves"]
            note = {"text": f"{MARKER} turn {match.turn}", "eval": match.turn / 10}
            body = {"turn": match.turn, "move": legal[0], "note": note}
            reply = api.post(f"/api/v1/matches/{match.pk}/moves", body, format="json")
            assert reply.status_code == 200, reply.content
        else:
            from games.selectors import match_public

            legal = match_public(match, 1)["legal_moves"]
            caller = Caller(bea.pk, rival.bot.pk)
            move_play(match_id=match.pk, caller=caller, turn=match.turn, move=legal[0])
    assert not match.is_running
    return {"match": match, "ada": ada, "bea": bea, "noter": noter.bot}


def reader(user: Any = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def events(reply: Any) -> list[dict[str, Any]]:
    return [json.loads(line) for line in reply.content.decode().splitlines()]


def notes_in(document: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {
        f["last"]["turn"]: f["last"]["note"] for f in document["frames"][1:] if "note" in f["last"]
    }


def test_every_entrant_move_carries_its_timings(finished: dict[str, Any]) -> None:
    match = finished["match"]
    document = reader().get(f"/matches/{match.pk}/replay.json").json()
    moves = [frame["last"] for frame in document["frames"][1:]]
    assert len(moves) == Move.objects.filter(match=match).count() == match.turn
    assert document["frames"][0]["last"] is None and document["frames"][0]["turn"] == 0
    for move in moves:
        assert {"turn", "seat", "move", "by", "at", "timing"} <= set(move)
        if move["by"] == Move.By.HOUSE:
            assert move["timing"] is None
        else:
            assert set(move["timing"]) == {
                "delivered_at",
                "arrived_at",
                "think_ms",
                "transit_ms",
                "bank_ms",
            }
            assert move["timing"]["arrived_at"] == move["at"]
    # The noter's turns were handed over (the API read them): they have a think time.
    assert all(m["timing"]["think_ms"] is not None for m in moves if m["seat"] == 0)
    assert [s["name"] for s in document["seats"]] == ["noter", "rival"]
    assert document["seed"] == match.seed and document["result"] == match.result
    assert document["format"] == "cardtables-replay" and document["version"] == 1


def test_notes_reach_only_the_readers_notes_for_allows(finished: dict[str, Any]) -> None:
    match, ada, bea = finished["match"], finished["ada"], finished["bea"]
    readers = {
        "anonymous": (reader(), None),
        "bea": (reader(bea), bea.pk),
        "ada": (reader(ada), ada.pk),
    }

    def check(published: bool) -> None:
        for name, (client, user_id) in readers.items():
            document = client.get(f"/matches/{match.pk}/replay.json").json()
            lines = events(client.get(f"/matches/{match.pk}/events.ndjson"))
            allowed = notes_for(match, user_id)
            # The guard: a note in the JSON or the events that notes_for does not give fails.
            assert notes_in(document) == allowed, (name, published)
            assert {m["turn"]: m["note"] for m in lines[1:] if "note" in m} == allowed
            sees = name == "ada" or published
            text = json.dumps(document) + json.dumps(lines)
            assert (MARKER in text) is sees, (name, published)
            if sees:
                mine = [f["last"] for f in document["frames"][1:] if f["last"]["seat"] == 0]
                assert mine and all(MARKER in m["note"]["text"] for m in mine)
                assert all(m["note"]["eval"] == m["turn"] / 10 for m in mine)

    check(published=False)
    bot_update(bot=finished["noter"], notes_public=True)
    check(published=True)


def test_the_events_download_is_a_header_then_one_line_per_move(finished: dict[str, Any]) -> None:
    match = finished["match"]
    reply = reader().get(f"/matches/{match.pk}/events.ndjson")
    assert reply.status_code == 200
    assert reply["Content-Type"] == "application/x-ndjson"
    assert reply["Content-Disposition"] == f'attachment; filename="match-{match.pk}-events.ndjson"'
    head, *moves = events(reply)
    assert head["game"] == GAME and head["seed"] == match.seed and head["match"] == match.pk
    assert head["options"]["deals"] == 1 and head["result"] == match.result
    assert [m["turn"] for m in moves] == list(range(match.turn))
    logged = list(Move.objects.filter(match=match).order_by("turn").values_list("move", flat=True))
    assert [m["move"] for m in moves] == logged
    assert all({"turn", "seat", "move", "by", "at", "timing"} <= set(m) for m in moves)
    download = reader().get(f"/matches/{match.pk}/replay.json?download=1")
    assert download["Content-Disposition"] == f'attachment; filename="match-{match.pk}.json"'
    assert "Content-Disposition" not in reader().get(f"/matches/{match.pk}/replay.json")


def test_the_page_of_a_finished_match_holds_the_viewer(finished: dict[str, Any]) -> None:
    match = finished["match"]
    page = reader().get(f"/matches/{match.pk}/replay/")
    assert page.status_code == 200
    html = page.content.decode()
    assert f'data-json="/matches/{match.pk}/replay.json"' in html
    assert f'href="/matches/{match.pk}/events.ndjson"' in html
    assert f'href="/matches/{match.pk}/replay.json?download=1"' in html
    assert f"python -m games.arena replay {match.pk} --url http://testserver" in html
    assert f'href="/matches/{match.pk}/"' in html  # back to the match
    assert "games/replay.js" in html and 'id="replay-texts"' in html
    assert MARKER not in html  # the notes come with the JSON, to those who may read them
    # The match page links the viewer once the match is over.
    assert f"/matches/{match.pk}/replay/" in reader().get(f"/matches/{match.pk}/").content.decode()


def two_houses(**extra: Any) -> Match:
    return match_create(
        game=GAME, seats=[SeatSpec(kind=Seat.Kind.HOUSE)] * 2, options={"deals": 1}, **extra
    )


@pytest.mark.parametrize(
    ("language", "running", "sealed"),
    [
        ("en", "This match is still being played.", "Other tables of this round"),
        ("es", "Esta partida todavía se está jugando.", "Otras mesas de esta ronda"),
    ],
)
def test_a_running_or_sealed_match_has_no_replay_and_the_page_says_why(
    language: str, running: str, sealed: str
) -> None:
    playing = two_houses()
    closed = advance(two_houses(sealed=True).pk)
    assert not closed.is_running and closed.sealed
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    for match, words in ((playing, running), (closed, sealed)):
        page = client.get(f"/matches/{match.pk}/replay/")
        assert page.status_code == 409
        html = page.content.decode()
        assert words in html and f'href="/matches/{match.pk}/"' in html
        assert 'id="replay-refusal"' in html and "replay.js" not in html
        for path in ("replay.json", "events.ndjson"):
            reply = client.get(f"/matches/{match.pk}/{path}")
            assert reply.status_code == 409 and reply.json()["error"] == "turn_not_open"
    with pytest.raises(Exception, match="once the match is over"):
        replay_frames(playing)
    assert Client().get("/matches/999999/replay/").status_code == 404
