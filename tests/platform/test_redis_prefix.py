"""REDIS_PREFIX: platforms that share one Redis keep their channel-layer groups, broker queues
and caches apart. The test suite relies on it (a shared stack and a test's own stack use one
xdist worker's Redis database at once), and so may two deployments."""

from __future__ import annotations

import asyncio
import json
import textwrap
from pathlib import Path

import pytest
import websockets

from tests.conftest import SharedStack
from tests.e2e.stack import Stack, stack

NEW_MATCH = """
import json
from django.contrib.auth import get_user_model
from games.models import Seat
from games.services.matches import SeatSpec, match_create
user, _ = get_user_model().objects.get_or_create(username="prefix-player")
seats = [SeatSpec(kind=Seat.Kind.USER, user_id=user.pk) for _ in range(4)]
match = match_create(game="busca", seats=seats, options={"eliminate_at": 100}, move_timeout=3600)
print(json.dumps(match.pk))
"""

SAME_ID = """
from django.db import connection
with connection.cursor() as cursor:
    cursor.execute(
        "SELECT setval(pg_get_serial_sequence('games_match', 'id'), %s, false)", [{match_id}]
    )
"""

ONE_MOVE = """
import json
from games import engine
from games.models import Match, Seat
from games.selectors import load_state
from games.services.callers import Caller
from games.services.matches import move_submit
match = Match.objects.get(pk={match_id})
rules = engine.get(match.game)
caller = Caller(user_id=Seat.objects.filter(match=match).first().user_id)
move = rules.move_json(rules.legal_moves(load_state(match))[0])
move_submit(match_id=match.pk, caller=caller, turn=match.turn, move=move)
print(json.dumps(match.pk))
"""


def _new_match(site: Stack) -> int:
    return int(json.loads(site.run(textwrap.dedent(NEW_MATCH)).strip().splitlines()[-1]))


async def _hears_the_other(site: Stack, other: Stack, match_id: int) -> list[str]:
    """Watch ``match_id`` on ``site`` while ``other`` plays a move in its own match of that id;
    return what the spectator heard after its state."""
    url = f"ws://127.0.0.1:{site.port}/ws/matches/{match_id}/"
    heard: list[str] = []
    async with websockets.connect(url, origin=site.url) as spectator:
        assert json.loads(await spectator.recv())["type"] == "state"
        code = textwrap.dedent(ONE_MOVE).format(match_id=match_id)
        await asyncio.to_thread(other.run, code)
        try:
            while True:
                heard.append(str(await asyncio.wait_for(spectator.recv(), 3)))
        except TimeoutError:
            pass
    return heard


@pytest.mark.fixed_stack
def test_two_platforms_on_one_redis_hear_only_their_own_events(
    shared_stack: SharedStack, tmp_path: Path
) -> None:
    with shared_stack("scaled") as first, stack("scaled", tmp_path) as second:
        mine = _new_match(first)
        # The second platform's next match takes the same id (its own PostgreSQL database).
        second.run(textwrap.dedent(SAME_ID).format(match_id=mine))
        assert _new_match(second) == mine
        heard = asyncio.run(_hears_the_other(first, second, mine))
    assert heard == [], heard  # the second platform's move is not the first one's news
