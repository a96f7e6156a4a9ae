"""A bot's versions: the Bot-Version header is checked, remembered once, recorded by every match
that begins after it, and a new version makes the bot's rating uncertain again."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from bots.models import Bot, BotVersion
from bots.services import bot_create
from games import engine
from games.models import Match, Seat
from games.services.callers import Caller
from games.services.matches import SeatSpec, match_create, move_play
from tournaments.ratings.models import Pool, Rating
from tournaments.ratings.selectors import rating_detail, versions_of

pytestmark = pytest.mark.django_db
GAME = "buraco-mano-a-mano"


def person(name: str) -> Any:
    return get_user_model().objects.create_user(name, f"{name}@example.org", "a-long-password-1")


@pytest.fixture
def made() -> Any:
    return bot_create(owner=person("ada"), name="versioned", games=[])


def as_bot(token: str, version: str | None = None) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    if version is not None:
        client.defaults["HTTP_BOT_VERSION"] = version
    return client


@pytest.mark.parametrize(
    "bad", ["", " 1.0", "1.0 ", "v" * 41, "vé", "1.0\t", "a\x7fb"], ids=repr
)
def test_a_bad_version_is_refused_with_what_a_version_is(made: Any, bad: str) -> None:
    reply = as_bot(made.token, bad).get("/api/v1/bot/me")
    assert reply.status_code == 400, reply.content
    body = reply.json()
    assert body["error"] == "bad_version" and "1 to 40 printable ASCII" in body["detail"]
    assert Bot.objects.get(pk=made.bot.pk).version == ""


@pytest.mark.django_db(transaction=True)  # the long-poll reads from its own thread
def test_the_long_poll_refuses_a_bad_version_the_same_way(made: Any) -> None:
    reply = as_bot(made.token, "x" * 41).get("/api/v1/bot/turns?wait=0")
    assert reply.status_code == 400 and reply.json()["error"] == "bad_version"


def test_a_version_is_noted_once_and_matches_that_begin_after_record_it(made: Any) -> None:
    client = as_bot(made.token, "2.1.0")
    assert client.get("/api/v1/bot/me").json()["version"] == "2.1.0"
    client.get("/api/v1/bot/me")
    assert list(BotVersion.objects.values_list("version", flat=True)) == ["2.1.0"]
    match = client.post("/api/v1/matches", {"game": GAME}, format="json").json()
    assert match["seats"][0]["version"] == "2.1.0" and match["seats"][1]["version"] is None
    assert Seat.objects.get(match_id=match["id"], number=0).bot_version == "2.1.0"


def test_a_new_version_widens_sigma_and_going_back_does_not(made: Any) -> None:
    bot = made.bot
    rating = Rating.objects.create(
        game=GAME, pool=Pool.BOTS, bot=bot, mu=30.0, sigma=2.0, ordinal=24.0, games=40
    )
    as_bot(made.token, "1").get("/api/v1/bot/me")
    rating.refresh_from_db()
    assert rating.mu == 30.0 and rating.sigma == pytest.approx(math.hypot(2.0, 4.0))
    assert rating.ordinal == pytest.approx(30.0 - 3 * rating.sigma)
    widened = rating.sigma
    as_bot(made.token, "2").get("/api/v1/bot/me")
    rating.refresh_from_db()
    assert rating.sigma == pytest.approx(min(25 / 3, math.hypot(widened, 4.0)))
    before = rating.sigma
    as_bot(made.token, "1").get("/api/v1/bot/me")  # a rollback: the old code again
    rating.refresh_from_db()
    assert rating.sigma == before and Bot.objects.get(pk=bot.pk).version == "1"


def test_new_versions_are_bounded_a_day(made: Any, settings: Any) -> None:
    settings.BOT_VERSIONS_PER_DAY = 2
    for version in ("a", "b"):
        assert as_bot(made.token, version).get("/api/v1/bot/me").status_code == 200
    refused = as_bot(made.token, "c").get("/api/v1/bot/me")
    assert refused.status_code == 429 and refused.json()["error"] == "too_many_versions"
    assert as_bot(made.token, "a").get("/api/v1/bot/me").status_code == 200  # a known one


def play_out(match: Match) -> None:
    rules: Any = engine.get(match.game)
    rng = random.Random(match.pk)
    while True:
        match.refresh_from_db()
        if not match.is_running:
            return
        seat = Seat.objects.select_related("bot").get(match=match, number=match.to_move)
        moves = [rules.move_json(m) for m in rules.legal_moves(rules.load(match.snapshot))]
        caller = Caller(user_id=seat.bot.owner_id, bot_id=seat.bot_id)
        move_play(match_id=match.pk, caller=caller, turn=match.turn, move=rng.choice(moves))


def test_the_history_and_the_bot_page_show_the_rating_by_version(made: Any) -> None:
    rival = bot_create(owner=person("bea"), name="rival", games=[]).bot

    def rated_match(version: str) -> None:
        as_bot(made.token, version).get("/api/v1/bot/me")
        seats = [SeatSpec(kind=Seat.Kind.BOT, bot_id=b.pk) for b in (made.bot, rival)]
        play_out(match_create(game=GAME, seats=seats, options={"deals": 1}))

    for version in ("1.0", "1.0", "2.0"):
        rated_match(version)
    history = rating_detail(game=GAME, pool=Pool.BOTS, name=made.bot.name)["history"]
    assert [h["version"] for h in history] == ["1.0", "1.0", "2.0"]
    [rated] = versions_of(Bot.objects.get(pk=made.bot.pk))
    assert [(v["version"], v["games"], v["current"]) for v in rated["versions"]] == [
        ("1.0", 2, False),
        ("2.0", 1, True),
    ]
    owner = Client()
    owner.force_login(made.bot.owner)
    page = owner.get(f"/accounts/bots/{made.bot.pk}/").content.decode()
    assert 'id="bot-versions"' in page and 'data-version="1.0"' in page
    assert "<strong>2.0</strong>" in page and "<svg" in page.split('id="bot-versions"')[1]


def test_alternating_versions_is_bounded_an_hour(made: Any, settings: Any) -> None:
    """A rival's bot flips between two versions on every request: each flip is a write, so
    the flips are bounded; its current version still answers."""
    from django.core.cache import cache

    cache.clear()
    settings.BOT_VERSION_CHANGES_PER_HOUR = 3
    answers = [as_bot(made.token, v).get("/api/v1/bot/me").status_code for v in "ababab"]
    # Three changes (none, a, b, a); then each b is refused and a, the current one, answers.
    assert answers == [200, 200, 200, 429, 200, 429]
    assert Bot.objects.get(pk=made.bot.pk).version == "a"

