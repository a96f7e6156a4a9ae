"""The tournament, leaderboard and league sockets in-process: refusals, versions, relayed events."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.db import transaction

from bots.services import bot_create
from games.models import Match
from games.services.matches import SeatSpec, match_create
from tests.games.test_consumers import WebsocketCommunicator, socket
from tests.tournaments.conftest import house_tournament
from tests.tournaments.leagues.conftest import QUICK, plan
from tournaments.leagues.services.events import standings_changed
from tournaments.leagues.services.leagues import league_create, season_create
from tournaments.ratings.services import ratings_record
from tournaments.services.events import event_on_commit

pytestmark = pytest.mark.django_db(transaction=True)


async def refused(path: str) -> dict[str, Any]:
    ws = await socket(path, AnonymousUser())
    error: dict[str, Any] = await ws.receive_json_from()
    assert (await ws.receive_output())["code"] == 4404
    return error


@pytest.mark.parametrize(
    "path",
    [
        "/ws/tournaments/999999/",
        "/ws/leaderboards/chess/bots/",
        "/ws/leaderboards/busca/robots/",
        "/ws/leagues/999999/",
    ],
)
async def test_unknown_ids_are_closed_with_4404(path: str) -> None:
    error = await refused(path)
    assert error["type"] == "error" and error["error"] == "not_found" and error["detail"]


async def test_a_tournament_socket_sends_its_version_then_each_event(organiser: Any) -> None:
    tournament = await sync_to_async(house_tournament)(
        organiser, "buraco-mano-a-mano", "single_elimination", 2
    )
    path = f"/ws/tournaments/{tournament.pk}/"
    first, second = await socket(path, AnonymousUser()), await socket(path, AnonymousUser())
    state = await first.receive_json_from()
    assert state == {"type": "state", "version": (await second.receive_json_from())["version"]}

    def change() -> int:
        with transaction.atomic():
            return event_on_commit(tournament.pk, "pairing_finished", pairing="R1-1")

    version = await sync_to_async(change)()
    assert version == state["version"] + 1
    for ws in (first, second):  # one membership per process, fanned out to both sockets
        event = await ws.receive_json_from()
        assert event["type"] == "event" and event["version"] == version
        assert event["kind"] == "pairing_finished" and event["pairing"] == "R1-1"
    await first.send_json_to({"action": "sync"})
    assert await first.receive_json_from() == {"type": "state", "version": version}
    await first.send_json_to({"action": "move"})
    assert (await first.receive_json_from())["error"] == "bad_request"
    await first.disconnect()
    await second.disconnect()


def rated_match() -> Match:
    """Finish a Mano a Mano between two bots and rate it, as the recording transaction does."""
    owner = get_user_model().objects.create_user("ada", "ada@example.org", "a-long-password-1")
    rival = get_user_model().objects.create_user("bea", "bea@example.org", "a-long-password-2")
    north = bot_create(owner=owner, name="north", games=[]).bot
    south = bot_create(owner=rival, name="south", games=[]).bot  # ratings need two owners
    with transaction.atomic():
        match = match_create(
            game="buraco-mano-a-mano",
            seats=[SeatSpec(kind="bot", bot_id=north.pk), SeatSpec(kind="bot", bot_id=south.pk)],
            seed=7,
            move_timeout=5,
        )
        match.status = Match.Status.FINISHED
        match.result = {"places": [1, 2], "scores": None, "forfeited": []}
        match.save()
        ratings_record(match=match)
    return match


async def test_a_leaderboard_socket_relays_rating_changes_with_their_version() -> None:
    ws = await socket("/ws/leaderboards/buraco-mano-a-mano/bots/", AnonymousUser())
    other = await socket("/ws/leaderboards/busca/bots/", AnonymousUser())
    assert await ws.receive_json_from() == {"type": "state", "version": 0}
    assert (await other.receive_json_from())["version"] == 0
    await sync_to_async(rated_match)()
    event = await ws.receive_json_from()
    assert event["type"] == "event" and event["version"] > 0
    assert sorted((row["name"], row["games"]) for row in event["rows"]) == [
        ("north", 1),
        ("south", 1),
    ]
    assert await other.receive_nothing(timeout=0.2)  # another board hears nothing
    await ws.send_json_to({"action": "sync"})
    assert (await ws.receive_json_from())["version"] == event["version"]
    await ws.disconnect()
    await other.disconnect()


def season() -> Any:
    organiser = get_user_model().objects.create_user("org", "org@example.org", "a-long-pass-1")
    league = league_create(
        organiser=organiser, name="League", game="buraco-mano-a-mano", members="bots", options=QUICK
    )
    return season_create(league=league, plan=plan())


async def test_a_league_socket_relays_standings_changes() -> None:
    current = await sync_to_async(season)()
    ws: WebsocketCommunicator = await socket(f"/ws/leagues/{current.pk}/", AnonymousUser())
    state = await ws.receive_json_from()
    assert state["type"] == "state" and state["version"] == current.version

    def change() -> None:
        with transaction.atomic():
            standings_changed(season_id=current.pk, division_id=1, reason="fixture")

    await sync_to_async(change)()
    event = await ws.receive_json_from()
    assert event["version"] == state["version"] + 1
    assert event["event"] == "standings" and event["season"] == current.pk
    await ws.disconnect()


def test_the_fragments_render_the_live_parts_and_404_for_unknown_ids(
    client: Any, organiser: Any
) -> None:
    tournament = house_tournament(organiser, "buraco-mano-a-mano", "single_elimination", 2)
    tournament.refresh_from_db()
    body = client.get(f"/tournaments/{tournament.pk}/live/").content.decode()
    assert 'id="tournament-live"' in body and f'data-live-version="{tournament.version}"' in body
    assert 'id="tournament-status"' in body and "data-live-oob" in body
    assert client.get("/tournaments/999999/live/").status_code == 404

    rated_match()
    board = client.get("/leaderboards/buraco-mano-a-mano/bots/live/?page=1")
    assert board.status_code == 200 and b'id="leaderboard-live"' in board.content
    assert client.get("/leaderboards/chess/bots/live/").status_code == 404

    current = season()
    path = f"/leagues/{current.league.slug}/seasons/{current.number}/live/"
    page = client.get(path).content.decode()
    assert f'id="season-{current.pk}"' in page and f"/ws/leagues/{current.pk}/" in page
    assert client.get(f"/leagues/{current.league.slug}/seasons/99/live/").status_code == 404
