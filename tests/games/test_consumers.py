"""The match socket in-process: refusals, versions, seat privacy, moves and resignation."""

from __future__ import annotations

import json
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from asgiref.testing import ApplicationCommunicator
from channels.routing import URLRouter
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser

from config.routing import websocket_urlpatterns
from games.models import Match, Seat
from games.services.matches import SeatSpec, match_create

pytestmark = pytest.mark.django_db(transaction=True)

APP = URLRouter(websocket_urlpatterns)


class WebsocketCommunicator(ApplicationCommunicator):
    """A WebSocket client for an ASGI app (channels.testing's needs daphne, not installed)."""

    def __init__(self, app: Any, path: str) -> None:
        scope = {"type": "websocket", "path": path, "headers": [], "subprotocols": []}
        super().__init__(app, scope)

    async def connect(self, timeout: float = 2) -> tuple[bool, Any]:
        await self.send_input({"type": "websocket.connect"})
        response = await self.receive_output(timeout)
        return response["type"] == "websocket.accept", response

    async def send_json_to(self, data: Any) -> None:
        await self.send_input({"type": "websocket.receive", "text": json.dumps(data)})

    async def receive_json_from(self, timeout: float = 2) -> Any:
        response = await self.receive_output(timeout)
        assert response["type"] == "websocket.send", response
        return json.loads(response["text"])

    async def disconnect(self, code: int = 1000, timeout: float = 2) -> None:
        await self.send_input({"type": "websocket.disconnect", "code": code})
        await self.wait(timeout)


def people_match(**extra: Any) -> tuple[Match, Any, Any]:
    """Mano a Mano between two people (no house turns: every move is one of ours); ``extra``
    goes to match_create (sealed, kind, clock...)."""
    users = get_user_model().objects
    ana = users.create_user("ana", "ana@example.org", "a-long-password-1")
    ben = users.create_user("ben", "ben@example.org", "a-long-password-2")
    match = match_create(
        game="buraco-mano-a-mano",
        seats=[
            SeatSpec(kind=Seat.Kind.USER, user_id=ana.pk),
            SeatSpec(kind=Seat.Kind.USER, user_id=ben.pk),
        ],
        seed=7,
        options={"deals": 1},
        **extra,
    )
    return match, ana, ben


async def socket(path: str, user: Any) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(APP, path)
    communicator.scope["user"] = user
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def test_unknown_match_is_closed_with_4404() -> None:
    ws = await socket("/ws/matches/999999/", AnonymousUser())
    assert (await ws.receive_json_from())["error"] == "not_found"
    assert (await ws.receive_output())["code"] == 4404


async def test_a_seat_that_is_not_yours_is_closed_with_4403() -> None:
    match, ana, _ = await sync_to_async(people_match)()
    ws = await socket(f"/ws/matches/{match.pk}/seat/1/", ana)
    assert (await ws.receive_json_from())["error"] == "not_your_seat"
    assert (await ws.receive_output())["code"] == 4403
    anonymous = await socket(f"/ws/matches/{match.pk}/seat/0/", AnonymousUser())
    assert (await anonymous.receive_json_from())["error"] == "not_your_seat"
    assert (await anonymous.receive_output())["code"] == 4403


async def test_state_then_versioned_events_and_each_seat_sees_only_its_hand() -> None:
    match, ana, ben = await sync_to_async(people_match)()
    seats = {0: await socket(f"/ws/matches/{match.pk}/seat/0/", ana)}
    seats[1] = await socket(f"/ws/matches/{match.pk}/seat/1/", ben)
    spectator = await socket(f"/ws/matches/{match.pk}/", AnonymousUser())
    states = {n: await ws.receive_json_from() for n, ws in seats.items()}
    watched = await spectator.receive_json_from()
    assert watched["type"] == "state" and watched["version"] == 0
    assert watched["match"]["view"]["hand"] is None and "legal_moves" not in watched["match"]
    hands = {n: s["match"]["view"]["hand"] for n, s in states.items()}
    assert all(hands.values())
    to_move = states[0]["match"]["to_move"]
    assert states[to_move]["match"]["legal_moves"]
    assert "legal_moves" not in states[1 - to_move]["match"]

    mover = seats[to_move]
    await mover.send_json_to({"action": "move", "turn": 0, "move": {"draw": "stock"}})
    replies = [await mover.receive_json_from() for _ in range(2)]
    reply = next(r for r in replies if r["type"] == "reply")
    event = next(r for r in replies if r["type"] == "event")
    assert reply["ok"] and reply["turn"] == 0
    assert event["version"] == 1 and event["moves"][0]["move"] == {"draw": "stock"}
    assert isinstance(event["committed_at"], float)
    other = await seats[1 - to_move].receive_json_from()
    public = await spectator.receive_json_from()
    assert other["version"] == public["version"] == 1
    # The drawn card and the mover's hand reach only the mover.
    assert len(event["match"]["view"]["hand"]) == len(hands[to_move]) + 1
    assert other["match"]["view"]["hand"] == hands[1 - to_move]
    assert public["match"]["view"]["hand"] is None
    for message in (other, public):
        assert event["match"]["view"]["hand"] != message["match"]["view"].get("hand")

    # The same move again gets the same answer; another move for a played turn and a
    # malformed move get the API's error codes; the turn stays open.
    await mover.send_json_to({"action": "move", "turn": 0, "move": {"draw": "stock"}})
    assert (await mover.receive_json_from())["ok"]
    await mover.send_json_to({"action": "move", "turn": 0, "move": {"discard": "AC"}})
    assert (await mover.receive_json_from())["error"] == "turn_not_open"
    await mover.send_json_to({"action": "move", "turn": 1, "move": {"nonsense": 1}})
    assert (await mover.receive_json_from())["error"] == "invalid_move"
    await spectator.send_json_to({"action": "move", "turn": 1, "move": {"discard": "AC"}})
    assert (await spectator.receive_json_from())["error"] == "not_your_seat"
    await spectator.send_json_to({"action": "sync"})
    assert (await spectator.receive_json_from())["version"] == 1

    await seats[1 - to_move].send_json_to({"action": "resign"})
    messages = [await seats[1 - to_move].receive_json_from() for _ in range(2)]
    assert {m["type"] for m in messages} == {"reply", "event"}
    ended = await spectator.receive_json_from()
    assert ended["kind"] == "resigned" and ended["status"] == "finished"
    assert ended["match"]["status"] == "finished"
    for ws in [*seats.values(), spectator]:
        await ws.disconnect()


@pytest.mark.parametrize(
    "text", ["{not json", "[" * 5000 + "]" * 5000, '{"action": ' + "[" * 100 + "]" * 100 + "}"]
)
async def test_a_message_that_is_not_json_or_too_deep_is_refused_not_a_crash(text: str) -> None:
    match, ana, _ = await sync_to_async(people_match)()
    ws = await socket(f"/ws/matches/{match.pk}/seat/0/", ana)
    assert (await ws.receive_json_from())["type"] == "state"
    await ws.send_input({"type": "websocket.receive", "text": text})
    assert (await ws.receive_json_from())["error"] == "bad_request"
    await ws.send_json_to({"action": "sync"})
    assert (await ws.receive_json_from())["type"] == "state"
    await ws.disconnect()


async def test_a_socket_for_an_id_beyond_bigint_is_not_found() -> None:
    ws = await socket(f"/ws/matches/{10**20}/", AnonymousUser())
    assert (await ws.receive_json_from())["error"] == "not_found"
    assert (await ws.receive_output())["code"] == 4404
