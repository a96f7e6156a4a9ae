"""The live sockets (core/live.py), on the real scaled platform: a spectator that stops reading
costs the server a bounded queue, and is sent one fresh state in place of the events it missed,
so it loses nothing once it reads again; a relay that loses Redis joins again and gives its
sockets a fresh state."""

from __future__ import annotations

import asyncio
import json
import socket
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest
import websockets

from core.live import RESYNC, Outbox
from tests.conftest import SharedStack
from tests.e2e.redis_server import redis_server
from tests.e2e.stack import Stack, stack

# Far more events (about 6 KB each, uncompressed: the match's state and a 4 KB move) than the
# kernel's socket buffers (up to 4 MB on loopback), the server's write limit (64 KB) and the
# outbox (OUTBOX_EVENTS) hold together.
MOVES = 2000


def _match_start(site: Stack) -> int:
    out = site.run(
        textwrap.dedent(
            """
        import json
        from django.contrib.auth import get_user_model
        from games.models import Seat
        from games.services.matches import SeatSpec, match_create
        user, _ = get_user_model().objects.get_or_create(username="outbox-player")
        seats = [SeatSpec(kind=Seat.Kind.USER, user_id=user.pk) for _ in range(4)]
        match = match_create(game="busca", seats=seats, options={"eliminate_at": 100},
                             move_timeout=3600)
        print(json.dumps(match.pk))
        """
        )
    )
    return int(json.loads(out.strip().splitlines()[-1]))


def _moves_play(site: Stack, match_id: int, count: int) -> int:
    """Play ``count`` moves of the one person's four seats; return the match's version."""
    out = site.run(
        textwrap.dedent(
            f"""
        import json, random
        from games import engine
        from games.models import Match, Seat
        from games.selectors import load_state
        from games.services.callers import Caller
        from games.services.matches import move_submit
        rng = random.Random(5)
        match = Match.objects.get(pk={match_id})
        rules = engine.get(match.game)
        caller = Caller(user_id=Seat.objects.filter(match=match).first().user_id)
        for _ in range({count}):
            match = Match.objects.get(pk={match_id})
            move = rules.move_json(rng.choice(rules.legal_moves(load_state(match))))
            move_submit(match_id=match.pk, caller=caller, turn=match.turn, move=move)
        print(json.dumps(Match.objects.get(pk={match_id}).turn))
        """
        )
    )
    return int(json.loads(out.strip().splitlines()[-1]))


def _events_send(site: Stack, match_id: int, count: int) -> int:
    """Send ``count`` match events through the channel layer, as commits do, with versions
    1..count (the match's version is set to the last; its state is what each event carries);
    return the last version. In batches, each sent once the relays' channels in Redis hold
    fewer than 300 messages, so that no channel (capacity 1,000) ever fills and drops events
    whatever the machine's load: what is tested is the server's queue per socket, not the
    layer's."""
    site.run(
        textwrap.dedent(
            f"""
        import time
        import redis
        from channels.layers import get_channel_layer
        from django.conf import settings
        from core import events
        from games.dispatch import match_group
        from games.models import Match
        # The match's version is the last event's: a fresh state stands for all of them.
        Match.objects.filter(pk={match_id}).update(turn={count})
        group = match_group({match_id})
        client = redis.Redis.from_url(settings.REDIS_URL)
        pattern = get_channel_layer().prefix + "relay.*"

        def relays_drained():
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                keys = list(client.scan_iter(match=pattern))
                if sum(client.zcard(key) for key in keys) < 300:
                    return
                time.sleep(0.05)
            raise SystemExit("the relays read nothing for 60 s")

        for start in range(1, {count} + 1, 200):
            relays_drained()
            events.group_send_all([
                (group, {{"type": "match.event", "match": {match_id}, "version": version,
                          "kind": "move", "status": "running", "to_move": 0, "deadline": None,
                          "moves": [{{"turn": version - 1, "seat": 0, "by": "entrant",
                                      "move": {{"pad": "x" * 4000}}}}],
                          "committed_at": time.time()}})
                for version in range(start, min(start + 200, {count} + 1))
            ])
        """
        )
    )
    return count


async def _watch_without_reading(site: Stack, match_id: int) -> tuple[int, list[Any]]:
    """Open a spectator with tiny buffers that reads nothing while MOVES events are sent,
    then reads all it is sent; return the last version and the messages."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", site.port))
    url = f"ws://127.0.0.1:{site.port}/ws/matches/{match_id}/"
    async with websockets.connect(
        url, sock=sock, origin=site.url, max_queue=1, max_size=2**24, compression=None
    ) as spectator:
        first = json.loads(await spectator.recv())
        assert first["type"] == "state", first
        version = await asyncio.to_thread(_events_send, site, match_id, MOVES)
        messages: list[Any] = []
        while not messages or messages[-1]["version"] < version:
            messages.append(json.loads(await asyncio.wait_for(spectator.recv(), 30)))
    return version, messages


def test_a_spectator_that_never_reads_gets_a_fresh_state_not_every_event(
    shared_stack: SharedStack,
) -> None:
    with shared_stack("scaled") as site:
        match_id = _match_start(site)
        version, messages = asyncio.run(_watch_without_reading(site, match_id))
    kinds = [m["type"] for m in messages]
    assert version == MOVES
    # The server queued a bounded number of events, then replaced the rest with a state.
    assert "state" in kinds, f"{len(kinds)} messages, all events: the server queued every one"
    assert len(messages) < MOVES * 3 / 4, len(messages)
    # Nothing is lost: the state covers every move before it, events follow in order.
    resynced = kinds.index("state")
    state = messages[resynced]
    assert state["version"] == version  # the match's version now: it stands for every event
    after = [m for m in messages[resynced + 1 :] if m["type"] == "event"]
    seen = state["version"]
    for event in after:
        moves = event.get("moves") or []
        assert not moves or moves[0]["turn"] <= seen, (seen, event["version"])
        seen = max(seen, event["version"])
    assert seen == version


def test_the_outbox_keeps_order_then_swaps_a_backlog_for_one_resync() -> None:
    async def run() -> list[Any]:
        box = Outbox(limit=3)
        for version in (1, 2):
            box.put({"version": version})
        got: list[Any] = [await box.get(), await box.get()]
        for version in range(3, 10):  # the reader stalls: 7 events, the limit is 3
            box.put({"version": version})
        got.append(await box.get())  # RESYNC: a fresh state stands for 3..9
        box.put({"version": 10})
        got.append(await box.get())
        assert box.dropped == 7 and not box.events
        return got

    got = asyncio.run(run())
    assert got == [{"version": 1}, {"version": 2}, RESYNC, {"version": 10}]


async def _watch_across_a_redis_restart(site: Stack, match_id: int, redis: Any) -> list[Any]:
    url = f"ws://127.0.0.1:{site.port}/ws/matches/{match_id}/"
    async with websockets.connect(url, origin=site.url, max_size=2**24) as spectator:
        messages = [json.loads(await spectator.recv())]
        version = await asyncio.to_thread(_moves_play, site, match_id, 2)
        while messages[-1]["version"] < version:
            messages.append(json.loads(await asyncio.wait_for(spectator.recv(), 10)))
        redis.kill()
        await asyncio.sleep(1)
        redis.start()
        await asyncio.sleep(3)  # the relay joins again within RETRY_MAX of Redis coming back
        version = await asyncio.to_thread(_moves_play, site, match_id, 3)
        give_up = time.monotonic() + 20
        while messages[-1]["version"] < version and time.monotonic() < give_up:
            raw = await asyncio.wait_for(spectator.recv(), give_up - time.monotonic())
            messages.append(json.loads(raw))
    assert messages[-1]["version"] == version, [(m["type"], m["version"]) for m in messages]
    return messages


@pytest.mark.fixed_stack
@pytest.mark.timeout(180)
def test_a_spectator_keeps_watching_after_the_channel_layer_restarts(tmp_path: Path) -> None:
    """Redis restarted: each process's relay joins its groups again and gives every socket a
    fresh state (events in the gap may be gone), then the events go on."""
    with (
        redis_server(tmp_path) as redis,
        stack("scaled", tmp_path, redis_url=redis.url) as site,
    ):
        match_id = _match_start(site)
        messages = asyncio.run(_watch_across_a_redis_restart(site, match_id, redis))
    kinds = [m["type"] for m in messages]
    assert kinds[:3] == ["state", "event", "event"]
    assert "state" in kinds[3:]  # the fresh state after the relay joined again
