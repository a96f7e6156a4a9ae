"""A sealed match's progress reaches its own seats only (a rival review of 2026-12-07).

Who is to move after each move tells who took each Busca trick, and who is out; the turn and
the time banks tell how far the deal has gone. Another table of the same deal (a ladder set, a
duplicate board) could read all of it as a spectator, by the API, the socket or the lists.
"""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth.models import AnonymousUser
from rest_framework.test import APIClient

from games.models import Match
from games.selectors import match_public, turn_object
from games.services.callers import Caller
from games.services.matches import move_play
from tests.games.test_consumers import people_match, socket
from tournaments.ladders.selectors import ladder_running

pytestmark = pytest.mark.django_db(transaction=True)


def sealed_match() -> tuple[Match, Any, Any]:
    """A sealed, clocked Mano a Mano ladder match between two people's seats."""
    clock = {"bank": 300, "increment": 1}
    return people_match(sealed=True, kind=Match.Kind.LADDER, clock=clock)


def play_one(match: Match, people: dict[int, Any]) -> Match:
    match.refresh_from_db()
    mover = match.to_move
    assert mover is not None
    move = turn_object(match, mover)["legal_moves"][0]
    move_play(match_id=match.pk, caller=Caller(people[mover].pk), turn=match.turn, move=move)
    match.refresh_from_db()
    return match


def hides_progress(body: dict[str, Any]) -> bool:
    hidden = (body["turn"], body["version"], body["to_move"], body["deadline"]) == (None,) * 4
    return hidden and not any("bank" in seat for seat in body["seats"])


def test_readers_not_seated_see_no_turn_mover_deadline_or_banks() -> None:
    match, ana, ben = sealed_match()
    for _ in range(3):
        match = play_one(match, {0: ana, 1: ben})
    assert match.turn == 3
    assert hides_progress(match_public(match, None))
    seated = match_public(match, 0)
    assert seated["turn"] == 3 and seated["to_move"] == match.to_move
    assert all("bank" in seat for seat in seated["seats"])
    reply = APIClient().get(f"/api/v1/matches/{match.pk}")
    assert reply.status_code == 200 and hides_progress(reply.json())
    rows = APIClient().get("/api/v1/matches").json()["results"]
    assert [row["turn"] for row in rows if row["id"] == match.pk] == [None]
    assert [row["turn"] for row in ladder_running(match.game)] == [None]
    page = APIClient().get("/ladders/buraco-mano-a-mano/").content.decode()
    assert "move 3" not in page and "move None" not in page
    Match.objects.filter(pk=match.pk).update(sealed=False)
    assert APIClient().get(f"/api/v1/matches/{match.pk}").json()["turn"] == 3


async def test_a_spectator_socket_gets_no_event_of_a_sealed_match() -> None:
    match, ana, ben = await sync_to_async(sealed_match)()
    seat = await socket(
        f"/ws/matches/{match.pk}/seat/{match.to_move}/", ana if match.to_move == 0 else ben
    )
    spectator = await socket(f"/ws/matches/{match.pk}/", AnonymousUser())
    assert (await seat.receive_json_from())["version"] == 0
    state = await spectator.receive_json_from()
    assert state["version"] is None and hides_progress(state["match"])
    await sync_to_async(play_one)(match, {0: ana, 1: ben})
    assert (await seat.receive_json_from())["version"] == 1  # its own seat hears the move
    assert await spectator.receive_nothing(timeout=0.5)
    await spectator.send_json_to({"action": "sync"})
    assert (await spectator.receive_json_from())["version"] is None
    for ws in (seat, spectator):
        await ws.disconnect()
