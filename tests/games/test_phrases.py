"""Quick phrases at a table (issue 25): a seat says one of a fixed set, every live socket of the
match gets its code, and nothing else does (the log, the API); spectators cannot say one, a code
outside the set is refused, and a seat that says too many is throttled."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth.models import AnonymousUser
from rest_framework.test import APIClient

from games.models import Match
from games.phrases import PHRASE_BURST, PHRASES
from tests.games.test_consumers import people_match, socket

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_phrase_reaches_every_socket_of_the_table_and_nothing_else() -> None:
    match, ana, ben = await sync_to_async(people_match)()
    ana_ws = await socket(f"/ws/matches/{match.pk}/seat/0/", ana)
    ben_ws = await socket(f"/ws/matches/{match.pk}/seat/1/", ben)
    watcher = await socket(f"/ws/matches/{match.pk}/", AnonymousUser())
    for ws in (ana_ws, ben_ws, watcher):
        assert (await ws.receive_json_from())["type"] == "state"
    await ana_ws.send_json_to({"action": "say", "phrase": "gg"})
    for ws in (ana_ws, ben_ws, watcher):
        assert await ws.receive_json_from() == {"type": "phrase", "seat": 0, "phrase": "gg"}
    # A spectator has no seat to speak from; a code outside the set is refused.
    await watcher.send_json_to({"action": "say", "phrase": "gg"})
    assert (await watcher.receive_json_from())["error"] == "not_your_seat"
    for bad in ("you are bad", None, ["gg"], "GG"):
        await ben_ws.send_json_to({"action": "say", "phrase": bad})
        error = await ben_ws.receive_json_from()
        assert error["error"] == "bad_request" and all(p in error["detail"] for p in PHRASES)
    # A burst, then the bucket is empty: throttled, and nobody else hears the extra one.
    for _ in range(PHRASE_BURST):
        await ben_ws.send_json_to({"action": "say", "phrase": "thanks"})
    await ben_ws.send_json_to({"action": "say", "phrase": "oops"})
    heard = [await ana_ws.receive_json_from() for _ in range(PHRASE_BURST)]
    assert [h["phrase"] for h in heard] == ["thanks"] * PHRASE_BURST
    messages = [await ben_ws.receive_json_from() for _ in range(PHRASE_BURST + 1)]
    assert [m.get("error") for m in messages].count("throttled") == 1
    assert await ana_ws.receive_nothing(timeout=0.3)
    for ws in (ana_ws, ben_ws, watcher):
        await ws.disconnect()

    # Phrases are not moves: the log and the API know nothing of them.
    api = APIClient()
    api.force_authenticate(ana)
    for path in (f"/api/v1/matches/{match.pk}", f"/api/v1/matches/{match.pk}/log"):
        body = (await sync_to_async(api.get)(path)).content.decode()
        assert "phrase" not in body and "thanks" not in body


async def test_a_chat_line_reaches_the_table_where_the_event_allows_it() -> None:
    from games.models import ChatReport

    match, ana, ben = await sync_to_async(people_match)()
    ana_ws = await socket(f"/ws/matches/{match.pk}/seat/0/", ana)
    ben_ws = await socket(f"/ws/matches/{match.pk}/seat/1/", ben)
    for ws in (ana_ws, ben_ws):
        assert (await ws.receive_json_from())["type"] == "state"
    # Off by default: refused with its reason, and nobody hears it.
    await ana_ws.send_json_to({"action": "chat", "text": "hello"})
    error = await ana_ws.receive_json_from()
    assert error["error"] == "chat_off" and "organiser" in error["detail"]
    assert await ben_ws.receive_nothing(timeout=0.2)
    await sync_to_async(Match.objects.filter(pk=match.pk).update)(chat=True)
    await ana_ws.send_json_to({"action": "chat", "text": "  well\nplayed  "})
    lines = [await ws.receive_json_from() for ws in (ana_ws, ben_ws)]
    assert lines[0] == lines[1]
    assert lines[0]["type"] == "chat" and lines[0]["seat"] == 0
    assert lines[0]["text"] == "well played"
    await ben_ws.send_json_to({"action": "report", "id": lines[0]["id"]})
    assert (await ben_ws.receive_json_from())["ok"] is True
    assert await sync_to_async(ChatReport.objects.filter(reporter=ben).count)() == 1
    for ws in (ana_ws, ben_ws):
        await ws.disconnect()
