"""Refusals on the match socket: the seat's refusals in its state, and the explain action."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth.models import AnonymousUser

from games import engine
from games.engine import InvalidMove
from games.models import Match
from games.selectors import load_state
from tests.games.test_consumers import people_match, socket

pytestmark = pytest.mark.django_db(transaction=True)

GAME: Any = engine.get("buraco-mano-a-mano")
DRAW_FIRST = "draw first: the top card of the stock, or the whole pile"
WAIT = "wait for your turn"
ACTIONS = ("draw", "take", "meld", "add", "discard")


def state_of(match_id: int) -> Any:
    return load_state(Match.objects.get(pk=match_id))


async def test_seats_get_their_refusals_and_spectators_none() -> None:
    match, ana, ben = await sync_to_async(people_match)()
    seats = {0: await socket(f"/ws/matches/{match.pk}/seat/0/", ana)}
    seats[1] = await socket(f"/ws/matches/{match.pk}/seat/1/", ben)
    spectator = await socket(f"/ws/matches/{match.pk}/", AnonymousUser())
    states = {n: (await ws.receive_json_from())["match"] for n, ws in seats.items()}
    watched = (await spectator.receive_json_from())["match"]
    assert "refusals" not in watched
    mover = states[0]["to_move"]
    other = 1 - mover
    refusals = states[mover]["refusals"]
    assert refusals["actions"] == {  # the first turn of a deal: no pile yet
        "take": "the pile is empty",
        "meld": DRAW_FIRST,
        "add": DRAW_FIRST,
        "discard": DRAW_FIRST,
    }
    state = await sync_to_async(state_of)(match.pk)
    assert refusals == GAME.refusals(state, mover)
    hand = states[other]["view"]["hand"]
    assert states[other]["refusals"] == {
        "cards": dict.fromkeys(hand, WAIT),
        "actions": dict.fromkeys(ACTIONS, WAIT),
    }

    # After the draw, the event brings the mover's new refusals: drawing is over.
    await seats[mover].send_json_to({"action": "move", "turn": 0, "move": {"draw": "stock"}})
    replies = [await seats[mover].receive_json_from() for _ in range(2)]
    event = next(r for r in replies if r["type"] == "event")
    drawn = "you have already drawn this turn"
    assert event["match"]["refusals"]["actions"]["draw"] == drawn
    assert event["match"]["refusals"]["actions"]["take"] == drawn
    assert "refusals" not in (await spectator.receive_json_from())["match"]
    for ws in [*seats.values(), spectator]:
        await ws.disconnect()


async def test_explain_answers_legal_illegal_and_malformed_moves() -> None:
    match, ana, ben = await sync_to_async(people_match)()
    seats = {0: await socket(f"/ws/matches/{match.pk}/seat/0/", ana)}
    seats[1] = await socket(f"/ws/matches/{match.pk}/seat/1/", ben)
    states = {n: (await ws.receive_json_from())["match"] for n, ws in seats.items()}
    mover = states[0]["to_move"]
    ws, other = seats[mover], seats[1 - mover]
    card = states[mover]["view"]["hand"][0]

    await ws.send_json_to({"action": "explain", "move": {"draw": "stock"}})
    assert await ws.receive_json_from() == {
        "type": "explain",
        "move": {"draw": "stock"},
        "legal": True,
        "detail": "",
    }
    await ws.send_json_to({"action": "explain", "move": {"discard": card}})
    assert await ws.receive_json_from() == {
        "type": "explain",
        "move": {"discard": card},
        "legal": False,
        "detail": DRAW_FIRST,
    }
    await other.send_json_to({"action": "explain", "move": {"draw": "stock"}})
    answer = await other.receive_json_from()
    assert answer["legal"] is False and answer["detail"] == WAIT

    with pytest.raises(InvalidMove) as malformed:
        GAME.parse_move({"nonsense": 1})
    await ws.send_json_to({"action": "explain", "move": {"nonsense": 1}})
    assert await ws.receive_json_from() == {
        "type": "explain",
        "move": {"nonsense": 1},
        "legal": False,
        "detail": str(malformed.value),
    }
    await ws.send_json_to({"action": "explain"})
    answer = await ws.receive_json_from()
    assert answer["type"] == "explain" and answer["move"] is None and answer["legal"] is False
    assert answer["detail"]

    # The refused move itself gets the same reason, as the API's illegal_move.
    await ws.send_json_to({"action": "move", "turn": 0, "move": {"discard": card}})
    error = await ws.receive_json_from()
    assert error["type"] == "error" and error["error"] == "illegal_move"
    assert error["detail"] == DRAW_FIRST

    # Once the match is over, every explanation says so.
    await other.send_json_to({"action": "resign"})
    [await other.receive_json_from() for _ in range(2)]
    ended = await ws.receive_json_from()
    assert ended["match"]["status"] == "finished"
    assert set(ended["match"]["refusals"]["actions"].values()) == {"the match is over"}
    await ws.send_json_to({"action": "explain", "move": {"draw": "stock"}})
    answer = await ws.receive_json_from()
    assert answer["legal"] is False and answer["detail"] == "the match is over"
    for sock in seats.values():
        await sock.disconnect()


async def test_spectators_cannot_ask_and_explaining_is_bounded() -> None:
    match, ana, _ = await sync_to_async(people_match)()
    spectator = await socket(f"/ws/matches/{match.pk}/", AnonymousUser())
    await spectator.receive_json_from()
    await spectator.send_json_to({"action": "explain", "move": {"draw": "stock"}})
    error = await spectator.receive_json_from()
    assert error["type"] == "error" and error["error"] == "not_your_seat"

    ws = await socket(f"/ws/matches/{match.pk}/seat/0/", ana)
    await ws.receive_json_from()
    for _ in range(40):
        await ws.send_json_to({"action": "explain", "move": {"draw": "stock"}})
    answers = [await ws.receive_json_from() for _ in range(40)]
    kinds = [a["type"] if a["type"] == "explain" else a["error"] for a in answers]
    assert kinds.count("explain") >= 10 and "throttled" in kinds
    await ws.send_json_to({"action": "sync"})
    assert (await ws.receive_json_from())["type"] == "state"
    for sock in (spectator, ws):
        await sock.disconnect()
