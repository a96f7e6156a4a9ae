"""Linked accounts count as one owner (issue 20, part 3).

The attack: a rival signs up a second account and enters a bot of it in a duplicate event, so
that it sits at the twin table and holds exactly the opponent's hand. Today "one entry per
owner" looked only at the account. Accounts that share a device cookie, or a public address
within SIGHTING_DAYS, are now one owner; loopback and private addresses link only with
LINK_PRIVATE_ADDRESSES.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from bots.models import Sighting, Unlink
from bots.owners import linked_any, owner_groups, same_owner
from bots.services import bot_create
from bots.sightings import sightings_purge
from tournaments.models import Tournament
from tournaments.services.entries import entry_register
from tournaments.services.errors import TournamentError
from tournaments.services.tournaments import TournamentSpec, registration_open, tournament_create

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery"
MANO = "buraco-mano-a-mano"


@pytest.fixture(autouse=True)
def _fast_hashes(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def sign_up(browser: Client, name: str) -> User:
    body = {
        "username": name,
        "email": f"{name}@example.com",
        "password1": PASSWORD,
        "password2": PASSWORD,
    }
    assert browser.post("/accounts/signup/", body).status_code == 302
    browser.post("/accounts/logout/")
    return User.objects.get(username=name)


def bot_calls(user: User, name: str, address: str) -> int:
    """Make a bot of ``user`` and call the API with its token from ``address``."""
    made = bot_create(owner=user, name=name, games=[])
    client = APIClient(REMOTE_ADDR=address)
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {made.token}")
    assert client.get("/api/v1/bot/me").status_code == 200
    return int(made.bot.pk)


def duplicate_event(organiser: User) -> Tournament:
    spec = TournamentSpec(name="Dup", game=MANO, format="swiss", options={}, duplicate=True)
    tournament = tournament_create(organiser=organiser, spec=spec)
    registration_open(tournament_id=tournament.pk, user=organiser)
    return tournament


def test_a_second_account_in_the_same_browser_cannot_take_the_twin_seat() -> None:
    browser = Client(REMOTE_ADDR="127.0.0.2")
    rival = sign_up(browser, "rival")
    second = sign_up(browser, "rival-two")  # the same browser: the device cookie is kept
    organiser = User.objects.create_user("olga", "olga@example.org", PASSWORD)
    event = duplicate_event(organiser)
    for person, name in ((rival, "main-bot"), (second, "twin-bot")):
        bot_create(owner=person, name=name, games=[])
    entry_register(tournament_id=event.pk, user=rival, kind="bot", bot="main-bot")
    # Today the second account's bot was entered, and sat at the twin table.
    with pytest.raises(TournamentError) as refused:
        entry_register(tournament_id=event.pk, user=second, kind="bot", bot="twin-bot")
    assert refused.value.code == "one_entry_per_owner"
    assert same_owner(rival.pk, second.pk)


def test_bot_api_calls_from_one_public_address_link_their_owners(settings: Any) -> None:
    first = User.objects.create_user("first", "f@example.org", PASSWORD)
    second = User.objects.create_user("second", "s@example.org", PASSWORD)
    third = User.objects.create_user("third", "t@example.org", PASSWORD)
    settings.BEHIND_PROXY = False
    bot_calls(first, "bot-a", "93.184.216.34")
    bot_calls(second, "bot-b", "93.184.216.34")
    bot_calls(third, "bot-c", "93.184.216.99")
    groups = owner_groups([first.pk, second.pk, third.pk])
    assert groups[first.pk] == groups[second.pk] != groups[third.pk]
    assert linked_any([first.pk, second.pk, third.pk]) == {first.pk, second.pk}
    # Only a keyed digest is kept, never the address.
    assert not Sighting.objects.filter(digest__contains="93.184").exists()
    assert all(len(s.digest) == 64 for s in Sighting.objects.all())


def test_loopback_and_private_addresses_link_only_where_the_setting_says(settings: Any) -> None:
    """A school's NAT or the embedded demo must not link everyone; 127.0.0.2 and above."""
    people = [User.objects.create_user(f"p{i}", f"p{i}@example.org", PASSWORD) for i in range(3)]
    for i, (person, address) in enumerate(
        zip(people, ["127.0.0.2", "127.0.0.2", "10.1.2.3"], strict=True)
    ):
        bot_calls(person, f"bot{i}", address)
    assert not same_owner(people[0].pk, people[1].pk)
    settings.LINK_PRIVATE_ADDRESSES = True
    assert same_owner(people[0].pk, people[1].pk)
    assert not same_owner(people[0].pk, people[2].pk)


def test_staff_unlink_a_pair_and_links_expire(settings: Any) -> None:
    browser = Client(REMOTE_ADDR="127.0.0.3")
    a, b = sign_up(browser, "ana"), sign_up(browser, "bea")
    assert same_owner(a.pk, b.pk)
    staff = User.objects.create_superuser("staff", "staff@example.org", PASSWORD)
    admin = Client()
    admin.force_login(staff)
    added = admin.post(
        "/admin/bots/unlink/add/",
        {"user_a": b.pk, "user_b": a.pk, "reason": "siblings on one laptop, checked by mail"},
    )
    assert added.status_code == 302, added.content[:2000]
    unlink = Unlink.objects.get()
    assert (unlink.user_a_id, unlink.user_b_id, unlink.by_id) == (a.pk, b.pk, staff.pk)
    assert not same_owner(a.pk, b.pk)
    # Thirty days on, what they shared links nobody and is purged.
    Unlink.objects.all().delete()
    old = timezone.now() - timedelta(days=settings.SIGHTING_DAYS + 1)
    Sighting.objects.update(last_seen=old)
    assert not same_owner(a.pk, b.pk)
    assert sightings_purge() > 0 and not Sighting.objects.exists()


def test_the_organiser_sees_a_linked_mark_and_never_with_whom() -> None:
    browser = Client(REMOTE_ADDR="127.0.0.4")
    rival, second = sign_up(browser, "rival"), sign_up(browser, "rival-two")
    honest = User.objects.create_user("honest", "h@example.org", PASSWORD)
    organiser = User.objects.create_user("olga", "olga@example.org", PASSWORD)
    spec = TournamentSpec(name="Open", game=MANO, format="swiss", options={})
    event = tournament_create(organiser=organiser, spec=spec)
    registration_open(tournament_id=event.pk, user=organiser)
    for person, name in ((rival, "main-bot"), (second, "twin-bot"), (honest, "fair-bot")):
        bot_create(owner=person, name=name, games=[])
        entry_register(tournament_id=event.pk, user=person, kind="bot", bot=name)
    api = APIClient()
    api.force_authenticate(organiser)
    rows = api.get(f"/api/v1/tournaments/{event.pk}/entries").json()["entries"]
    marks = {row["name"]: row["linked"] for row in rows}
    assert marks == {"main-bot": True, "twin-bot": True, "fair-bot": False}
    page = Client()
    page.force_login(organiser)
    assert page.get(f"/tournaments/{event.pk}/").content.decode().count('class="badge linked"') == 2
    # Nobody else sees a mark, in the API or on the page.
    api.force_authenticate(honest)
    assert "linked" not in api.get(f"/api/v1/tournaments/{event.pk}/entries").json()["entries"][0]
    page.force_login(honest)
    assert 'class="badge linked"' not in page.get(f"/tournaments/{event.pk}/").content.decode()
