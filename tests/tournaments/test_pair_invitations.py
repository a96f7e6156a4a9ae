"""Partners must agree: a pair entry is an invitation that the partner accepts or declines."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from bots.services import bot_create
from tournaments.models import Entry, Tournament
from tournaments.services.entries import entry_register
from tournaments.services.tournaments import (
    TournamentSpec,
    registration_open,
    tournament_create,
    tournament_start,
)

pytestmark = pytest.mark.django_db


def person(name: str) -> Any:
    return get_user_model().objects.create_user(name, f"{name}@example.org", "a-long-password-1")


def signed_in(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def cerrado(organiser: Any) -> Tournament:
    spec = TournamentSpec(
        name="Pairs",
        game="buraco-cerrado",
        format="round_robin",
        options={"deals": 1},
        open_to="both",
    )
    tournament = tournament_create(organiser=organiser, spec=spec)
    return registration_open(tournament_id=tournament.pk, user=organiser)


def entries_url(tournament: Tournament) -> str:
    return f"/api/v1/tournaments/{tournament.pk}/entries"


def test_bob_entering_carol_does_not_lock_her_out(cerrado: Tournament) -> None:
    bob, carol, dan = person("bob"), person("carol"), person("dan")
    reply = signed_in(bob).post(
        entries_url(cerrado), {"kind": "user_pair", "partner": "carol"}, format="json"
    )
    assert reply.status_code == 201, reply.content
    assert reply.json()["status"] == "invited"
    # Carol has not agreed: she may still enter with someone else.
    mine = signed_in(carol).post(
        entries_url(cerrado), {"kind": "user_pair", "partner": "dan"}, format="json"
    )
    assert mine.status_code == 201, mine.content
    accepted = signed_in(dan).post(f"{entries_url(cerrado)}/{mine.json()['id']}/accept")
    assert accepted.status_code == 200 and accepted.json()["status"] == "active"
    assert Entry.objects.filter(tournament=cerrado, status="active").count() == 1
    # Bob's invitation can no longer be accepted: carol plays with dan now.
    late = signed_in(carol).post(f"{entries_url(cerrado)}/{reply.json()['id']}/accept")
    assert late.status_code == 400 and late.json()["error"] == "already_entered"


def test_only_the_invited_partner_accepts_or_declines(cerrado: Tournament) -> None:
    bob, carol, eve = person("bob"), person("carol"), person("eve")
    invite = entry_register(tournament_id=cerrado.pk, user=bob, kind="user_pair", partner="carol")
    url = f"{entries_url(cerrado)}/{invite.pk}"
    for who in (bob, eve):
        reply = signed_in(who).post(f"{url}/accept")
        assert reply.status_code == 403 and reply.json()["error"] == "forbidden"
    token = bot_create(owner=carol, name="carolbot", games=[]).token
    by_token = APIClient()
    by_token.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    assert by_token.post(f"{url}/accept").status_code == 403
    reply = signed_in(carol).post(f"{url}/decline")
    assert reply.status_code == 200 and reply.json()["status"] == "declined"
    assert signed_in(carol).post(f"{url}/accept").status_code == 409


def test_an_invitation_takes_no_place_and_does_not_play(cerrado: Tournament) -> None:
    people = [person(n) for n in ("a1", "a2", "b1", "b2", "c1", "c2")]
    for first, second in ((0, 1), (2, 3)):
        invite = entry_register(
            tournament_id=cerrado.pk,
            user=people[first],
            kind="user_pair",
            partner=people[second].username,
        )
        signed_in(people[second]).post(f"{entries_url(cerrado)}/{invite.pk}/accept")
    pending = entry_register(
        tournament_id=cerrado.pk, user=people[4], kind="user_pair", partner="c2"
    )
    tournament_start(tournament_id=cerrado.pk, user=cerrado.organiser)
    pending.refresh_from_db()
    assert pending.status == "dropped"
    rows = signed_in(people[4]).get(entries_url(cerrado)).json()["entries"]
    [row] = [r for r in rows if r["id"] == pending.pk]
    assert row["status"] == "dropped" and "did not accept" in row["reason"]
    assert Entry.objects.filter(tournament=cerrado, status="active").count() == 2


def test_the_page_shows_the_invitation_to_the_partner(cerrado: Tournament) -> None:
    bob, carol = person("bob"), person("carol")
    invite = entry_register(tournament_id=cerrado.pk, user=bob, kind="user_pair", partner="carol")
    page = Client()
    page.force_login(carol)
    html = page.get(f"/tournaments/{cerrado.pk}/").content.decode()
    assert f"/tournaments/{cerrado.pk}/entries/{invite.pk}/accept" in html
    assert f"/tournaments/{cerrado.pk}/entries/{invite.pk}/decline" in html
    page.post(f"/tournaments/{cerrado.pk}/entries/{invite.pk}/accept")
    assert Entry.objects.get(pk=invite.pk).status == "active"


def test_bot_pairs_across_owners_are_refused(cerrado: Tournament) -> None:
    bob, carol = person("bob"), person("carol")
    bot_create(owner=bob, name="bobbot", games=[], plays_with_people=True)
    bot_create(owner=carol, name="carolbot", games=[], plays_with_people=True)
    reply = signed_in(bob).post(
        entries_url(cerrado),
        {"kind": "bot_pair", "bot": "bobbot", "partner": "carolbot"},
        format="json",
    )
    assert reply.status_code == 403 and reply.json()["error"] == "forbidden"
