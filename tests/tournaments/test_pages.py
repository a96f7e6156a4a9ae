"""Tournament pages: list, a tournament with its bracket or tables, organiser forms."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.tournaments.conftest import house_tournament, play_out
from tournaments.models import Tournament
from tournaments.services.tournaments import tournament_start

pytestmark = pytest.mark.django_db


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_list_and_a_knockout_page_with_its_bracket(organiser: Any) -> None:
    tournament = house_tournament(organiser, "buraco-mano-a-mano", "single_elimination", 4)
    tournament_start(tournament_id=tournament.pk, user=organiser)
    play_out(tournament.pk)
    listing = Client().get("/tournaments/")
    assert listing.status_code == 200 and b"Test cup" in listing.content
    page = Client().get(f"/tournaments/{tournament.pk}/")
    body = page.content.decode()
    assert page.status_code == 200
    assert '<svg id="bracket"' in body and 'id="standings"' in body and "data-key=" in body
    assert "Manage" not in body  # not the organiser


def test_a_busca_page_draws_its_tables(organiser: Any) -> None:
    tournament = house_tournament(organiser, "busca", "table_knockout", 5)
    tournament_start(tournament_id=tournament.pk, user=organiser)
    body = Client().get(f"/tournaments/{tournament.pk}/").content.decode()
    assert 'class="table-card"' in body and 'id="round-1"' in body and "commit" in body


def test_an_organiser_creates_opens_and_starts_from_the_site(organiser: Any) -> None:
    client = signed_in(organiser)
    form = {
        "name": "Site cup",
        "game": "busca",
        "format": "table_knockout",
        "eliminate_at": 3,
        "advance": 2,
        "seeding": "draw",
        "open_to": "both",
        "capacity": 8,
        "check_in_minutes": 30,
    }
    created = client.post("/tournaments/new", form)
    assert created.status_code == 302, created.content
    tournament = Tournament.objects.get(name="Site cup")
    client.post(f"/tournaments/{tournament.pk}/open")
    for _ in range(3):
        client.post(f"/tournaments/{tournament.pk}/entries", {"kind": "house"})
    client.post(f"/tournaments/{tournament.pk}/start")
    tournament.refresh_from_db()
    assert tournament.status == "running"
    bad = client.post("/tournaments/new", {**form, "format": "single_elimination"})
    assert bad.status_code == 400


def test_someone_else_cannot_manage_from_the_site(organiser: Any, player: Any) -> None:
    tournament = house_tournament(organiser, "busca", "table_knockout", 3)
    reply = signed_in(player).post(f"/tournaments/{tournament.pk}/start", follow=True)
    assert b"Only the tournament&#x27;s organiser" in reply.content
    assert Tournament.objects.get(pk=tournament.pk).status == "registration"
