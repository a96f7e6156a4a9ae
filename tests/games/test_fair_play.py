"""Turn delivery never starves, event matches cannot be aborted, the page aborts practice ones.

In process (the long-poll and pages through Django's test client), with a real tournament
started by its services: 200 practice matches are made through the services, past the limit
that the API enforces, to build the worst case cheaply.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from bots.models import Bot
from games.models import Challenge, Match, Seat
from games.services.matches import SeatSpec, match_create
from games.tasks import sweep
from tests.games.conftest import advance
from tournaments.services.entries import entry_register
from tournaments.services.tournaments import (
    TournamentSpec,
    registration_open,
    tournament_create,
    tournament_start,
)

pytestmark = pytest.mark.django_db(transaction=True)


def tournament_match(organiser: Any, owner: Any, bot: Bot) -> Match:
    """Start a Mano a Mano knockout of ``bot`` against a house entry; return its match, with
    the bot to move."""
    spec = TournamentSpec(
        name="Real cup",
        game="buraco-mano-a-mano",
        format="single_elimination",
        options={"deals": 1},
        move_timeout=300,
    )
    tournament = tournament_create(organiser=organiser, spec=spec)
    registration_open(tournament_id=tournament.pk, user=organiser)
    entry_register(tournament_id=tournament.pk, user=owner, kind="bot", bot=bot.name)
    entry_register(tournament_id=tournament.pk, user=organiser, kind="house")
    tournament_start(tournament_id=tournament.pk, user=organiser)
    match = Match.objects.get(tournament_game__pairing__tournament=tournament)
    for _ in range(20):
        match = advance(match.pk)
        if match.seats.get(number=match.to_move).bot_id == bot.pk:
            return match
        raise AssertionError("the bot should be to move after the house")
    raise AssertionError("unreachable")


@pytest.fixture
def organiser(db: Any) -> Any:
    return get_user_model().objects.create_user("olga", "olga@example.org", "a-long-password-1")


def test_a_tournament_turn_comes_first_among_200_practice_turns(
    organiser: Any, owner: Any, bot_token: tuple[Any, str], api: APIClient
) -> None:
    bot, _ = bot_token
    cup = tournament_match(organiser, owner, bot)
    # The flood: 200 practice turns of this bot, all due before the tournament's deadline.
    for _ in range(200):
        practice = match_create(
            game="busca",
            seats=[SeatSpec(kind=Seat.Kind.BOT, bot_id=bot.pk)]
            + [SeatSpec(kind=Seat.Kind.HOUSE)] * 3,
            move_timeout=10,
            created_by_id=owner.pk,
            kind=Match.Kind.PRACTICE,
        )
        advance(practice.pk)
    assert Match.objects.filter(kind=Match.Kind.PRACTICE, to_move=0).count() == 200

    turns = api.get("/api/v1/bot/turns").json()["turns"]
    assert turns[0]["match"] == cup.pk, "the tournament turn is delivered first"
    assert len(turns) == 201, "every open turn is delivered"
    assert len({t["match"] for t in turns}) == 201


def test_an_event_match_cannot_be_aborted(
    organiser: Any, owner: Any, bot_token: tuple[Any, str], api: APIClient
) -> None:
    bot, _ = bot_token
    cup = tournament_match(organiser, owner, bot)
    for client in (api, APIClient()):
        if client is not api:
            client.force_authenticate(organiser)
        reply = client.post(f"/api/v1/matches/{cup.pk}/abort")
        assert reply.status_code == 409, reply.content
        assert reply.json()["error"] == "not_abortable"
    assert Match.objects.get(pk=cup.pk).is_running


def test_the_creator_aborts_a_practice_match_from_its_page(owner: Any) -> None:
    client = Client()
    client.force_login(owner)
    started = client.post(
        "/api/v1/matches", {"game": "busca"}, content_type="application/json"
    ).json()
    page = client.get(f"/matches/{started['id']}/")
    assert b'id="abort"' in page.content
    stranger = Client()
    stranger.force_login(
        get_user_model().objects.create_user("sam", "sam@example.org", "a-long-password-1")
    )
    assert b'id="abort"' not in stranger.get(f"/matches/{started['id']}/").content
    stranger.post(f"/matches/{started['id']}/abort/")
    assert Match.objects.get(pk=started["id"]).is_running

    done = client.post(f"/matches/{started['id']}/abort/", follow=True)
    assert Match.objects.get(pk=started["id"]).status == Match.Status.ABORTED
    assert b"The match was aborted." in done.content and b'id="abort"' not in done.content


def test_the_sweep_expires_unanswered_challenges(owner: Any, bot_token: tuple[Any, str]) -> None:
    bot, _ = bot_token
    rita = get_user_model().objects.create_user("rita", "rita@example.org", "a-long-password-1")
    rival = Bot.objects.create(owner=rita, name="rival")
    old = Challenge.objects.create(
        challenger_user=owner,
        challenger_bot=bot,
        challenged_bot=rival,
        game="busca",
        seats=["me", {"bot": "rival"}],
        expires_at=timezone.now() - timedelta(seconds=1),
    )
    fresh = Challenge.objects.create(
        challenger_user=owner,
        challenger_bot=bot,
        challenged_bot=rival,
        game="busca",
        seats=["me", {"bot": "rival"}],
        expires_at=timezone.now() + timedelta(seconds=60),
    )
    sweep()
    old.refresh_from_db()
    fresh.refresh_from_db()
    assert (old.status, fresh.status) == ("expired", "pending")


def test_a_begun_match_between_two_entrants_cannot_be_aborted_to_dodge_its_rating(
    owner: Any, bot_token: tuple[Any, str]
) -> None:
    """Such a match is rated; aborting it when it goes badly would keep only the wins."""
    bot, token = bot_token
    second = Bot.objects.create(owner=owner, name="second")
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    body = {"game": "buraco-mano-a-mano", "seats": ["me", {"bot": "second"}]}
    fresh = api.post("/api/v1/matches", body, format="json").json()
    assert api.post(f"/api/v1/matches/{fresh['id']}/abort").status_code == 200  # not begun
    begun = api.post("/api/v1/matches", body, format="json").json()
    match = Match.objects.get(pk=begun["id"])
    mover = APIClient()
    seat = match.seats.get(number=match.to_move)
    from bots.services import token_issue

    mover.credentials(HTTP_AUTHORIZATION=f"Bearer {token_issue(bot=seat.bot).token}")
    turn = mover.get(f"/api/v1/matches/{match.pk}").json()
    moved = mover.post(
        f"/api/v1/matches/{match.pk}/moves",
        {"turn": turn["turn"], "move": turn["legal_moves"][0]},
        format="json",
    )
    assert moved.status_code == 200, moved.content
    refused = api.post(f"/api/v1/matches/{match.pk}/abort")
    assert refused.status_code == 409 and refused.json()["error"] == "not_abortable"
    assert "resign" in refused.json()["detail"]
    assert Match.objects.get(pk=match.pk).is_running
    assert second.pk != bot.pk


def test_auto_accept_takes_only_plain_terms(owner: Any, bot_token: tuple[Any, str]) -> None:
    """A challenger's 0.5 s move time-out would make a remote bot time out, and a seat for
    another of the challenger's bots would share cards against it: such terms wait for an
    answer however the rival's auto-accept is set."""
    _, token = bot_token
    Bot.objects.create(owner=owner, name="helper")
    rita = get_user_model().objects.create_user("rita", "rita@example.org", "a-long-password-1")
    Bot.objects.create(owner=rita, name="rival", accepts_challenges=True, auto_accept_per_hour=10)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    plain = {"bot": "rival", "game": "busca", "options": {"players": 2}}
    fast = api.post("/api/v1/challenges", {**plain, "move_timeout": 0.5}, format="json").json()
    assert fast["status"] == "pending" and "move_timeout" in fast["reason"], fast
    seats = ["me", {"bot": "helper"}, {"bot": "rival"}, "house:greedy"]
    ganging = api.post(
        "/api/v1/challenges", {**plain, "options": {}, "seats": seats}, format="json"
    ).json()
    assert ganging["status"] == "pending" and "helper" in ganging["reason"], ganging
    accepted = api.post("/api/v1/challenges", plain, format="json").json()
    assert accepted["status"] == "accepted" and accepted["match"], accepted


def test_creating_and_cancelling_challenges_has_an_hourly_bound(
    owner: Any, bot_token: tuple[Any, str], settings: Any
) -> None:
    """The attack: create a challenge and cancel it, again and again (each wakes the rival's
    stream); the pending limit never stops it, since nothing stays pending."""
    settings.CHALLENGES_PER_HOUR = 5
    rita = get_user_model().objects.create_user("rita", "rita@example.org", "a-long-password-1")
    Bot.objects.create(owner=rita, name="rival")
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {bot_token[1]}")
    body = {"bot": "rival", "game": "buraco-mano-a-mano"}
    for _ in range(5):
        made = api.post("/api/v1/challenges", body, format="json")
        assert made.status_code == 201, made.content
        cancel = api.post(f"/api/v1/challenges/{made.json()['id']}/cancel")
        assert cancel.status_code == 200, cancel.content
    refused = api.post("/api/v1/challenges", body, format="json")
    assert refused.status_code == 409 and refused.json()["error"] == "too_many_challenges"
    assert "CHALLENGES_PER_HOUR" in refused.json()["detail"]
    # An hour on, it may challenge again.
    Challenge.objects.update(created_at=timezone.now() - timedelta(hours=1, seconds=1))
    assert api.post("/api/v1/challenges", body, format="json").status_code == 201
