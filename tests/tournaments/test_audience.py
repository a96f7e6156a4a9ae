"""Who a tournament is for (its audience), and a bot's consent to tournaments with people.

The audience (``open_to``) is checked when a tournament is created (service, API, organiser
form) and shown on the list, the page and the entry form, in every language; a bot enters one
open to people only if its owner allowed it (``plays_with_people``), which is read at entry.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from bots.services import bot_create
from tests.tournaments.conftest import house_tournament
from tournaments.models import Entry, Tournament
from tournaments.services.entries import entry_register
from tournaments.services.errors import ConsentRequired, TournamentError
from tournaments.services.tournaments import (
    TournamentSpec,
    registration_open,
    tournament_create,
    tournament_start,
)

pytestmark = pytest.mark.django_db

MANO = "buraco-mano-a-mano"


def signed_in(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def page_client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


# --- the audience, checked when a tournament is created --------------------------------------


def test_the_service_refuses_an_unknown_audience(organiser: Any) -> None:
    spec = TournamentSpec(name="Odd", game="busca", format="swiss", options={}, open_to="all")
    with pytest.raises(TournamentError, match="bots, people or both") as refused:
        tournament_create(organiser=organiser, spec=spec)
    assert refused.value.code == "invalid"
    assert not Tournament.objects.exists()


def test_the_api_checks_the_audience_and_defaults_to_bots(organiser: Any) -> None:
    api = signed_in(organiser)
    body = {"name": "Cup", "game": MANO, "format": "single_elimination"}
    bad = api.post("/api/v1/tournaments", {**body, "open_to": "everyone"}, format="json")
    assert bad.status_code == 400 and bad.json()["error"] == "invalid"
    assert "open_to" in bad.json()["fields"]
    plain = api.post("/api/v1/tournaments", body, format="json")
    assert plain.status_code == 201 and plain.json()["open_to"] == "bots"
    mixed = api.post("/api/v1/tournaments", {**body, "open_to": "both"}, format="json")
    assert mixed.status_code == 201 and mixed.json()["open_to"] == "both"
    rows = APIClient().get("/api/v1/tournaments").json()["results"]
    assert {r["id"]: r["open_to"] for r in rows} == {
        plain.json()["id"]: "bots",
        mixed.json()["id"]: "both",
    }


def test_the_organiser_form_checks_the_audience(organiser: Any) -> None:
    client = page_client(organiser)
    form = {
        "name": "Site cup",
        "game": "busca",
        "format": "table_knockout",
        "eliminate_at": 3,
        "advance": 2,
        "seeding": "draw",
        "capacity": 8,
        "check_in_minutes": 30,
    }
    page = client.get("/tournaments/new").content.decode()
    assert 'name="open_to"' in page and "only if its owner allows it" in page
    bad = client.post("/tournaments/new", {**form, "open_to": "nobody"})
    assert bad.status_code == 400 and not Tournament.objects.exists()
    created = client.post("/tournaments/new", {**form, "open_to": "people"})
    assert created.status_code == 302, created.content
    assert Tournament.objects.get(name="Site cup").open_to == "people"


# --- the refusal and the consent -------------------------------------------------------------


def test_a_bot_without_consent_is_refused_by_a_tournament_open_to_people(
    organiser: Any, player: Any, bot: Any
) -> None:
    tournament = house_tournament(organiser, MANO, "single_elimination", 1, open_to="both")
    url = f"/api/v1/tournaments/{tournament.pk}/entries"
    by_owner = signed_in(player).post(url, {"kind": "bot", "bot": bot.name}, format="json")
    assert by_owner.status_code == 400, by_owner.content
    body = by_owner.json()
    assert body["error"] == "consent_required"
    assert "'piabot' does not enter events with people" in body["detail"]
    assert "plays_with_people" in body["detail"]
    token = bot_create(owner=player, name="tokenbot", games=[]).token
    by_token = APIClient()
    by_token.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    refused = by_token.post(url, {}, format="json")
    assert refused.status_code == 400 and refused.json()["error"] == "consent_required"
    assert not Entry.objects.filter(tournament=tournament, kind="bot").exists()
    # The person themselves may enter: the refusal is the bot's, not its owner's.
    assert signed_in(player).post(url, {"kind": "user"}, format="json").status_code == 201


def test_a_tournament_for_bots_needs_no_consent(organiser: Any, player: Any, bot: Any) -> None:
    tournament = house_tournament(organiser, MANO, "single_elimination", 1)
    assert tournament.open_to == "bots" and not bot.plays_with_people
    entry = entry_register(tournament_id=tournament.pk, user=player, kind="bot", bot=bot.name)
    assert entry.bot == bot


def test_both_bots_of_a_pair_need_consent(organiser: Any, player: Any) -> None:
    spec = TournamentSpec(
        name="Pairs", game="buraco-cerrado", format="round_robin", options={}, open_to="both"
    )
    tournament = registration_open(
        tournament_id=tournament_create(organiser=organiser, spec=spec).pk, user=organiser
    )
    bot_create(owner=player, name="willing", games=[], plays_with_people=True)
    bot_create(owner=player, name="shy", games=[])
    with pytest.raises(ConsentRequired, match="'shy'"):
        entry_register(
            tournament_id=tournament.pk,
            user=player,
            kind="bot_pair",
            bot="willing",
            partner="shy",
        )


def test_the_owner_allows_it_through_the_api_and_the_bot_enters(
    organiser: Any, player: Any, bot: Any
) -> None:
    tournament = house_tournament(organiser, MANO, "single_elimination", 1, open_to="both")
    api = signed_in(player)
    assert api.get(f"/api/v1/bots/{bot.pk}").json()["plays_with_people"] is False
    changed = api.patch(f"/api/v1/bots/{bot.pk}", {"plays_with_people": True}, format="json")
    assert changed.status_code == 200 and changed.json()["plays_with_people"] is True
    url = f"/api/v1/tournaments/{tournament.pk}/entries"
    entered = api.post(url, {"kind": "bot", "bot": bot.name}, format="json")
    assert entered.status_code == 201, entered.content
    bad = api.patch(f"/api/v1/bots/{bot.pk}", {"plays_with_people": "maybe"}, format="json")
    assert bad.status_code == 400 and bad.json()["error"] == "invalid"


def test_an_entry_made_before_the_consent_stays_and_plays(
    organiser: Any, player: Any, bot: Any
) -> None:
    """Entered before the setting existed (or before its owner turned it off): it plays on."""
    tournament = house_tournament(organiser, MANO, "single_elimination", 1, open_to="both")
    bot.plays_with_people = True
    bot.save()
    entry = entry_register(tournament_id=tournament.pk, user=player, kind="bot", bot=bot.name)
    bot.plays_with_people = False  # turned off since, as every bot was when the setting came
    bot.save()
    tournament_start(tournament_id=tournament.pk, user=organiser)
    entry.refresh_from_db()
    assert entry.status == "active"
    match = tournament.pairings.get().games.get().match
    assert match.seats.filter(bot=bot).exists()
    other = house_tournament(organiser, MANO, "single_elimination", 1, open_to="both")
    with pytest.raises(ConsentRequired):  # but it enters no new one
        entry_register(tournament_id=other.pk, user=player, kind="bot", bot=bot.name)


def test_the_entry_form_refusal_is_in_the_readers_language(
    organiser: Any, player: Any, bot: Any
) -> None:
    tournament = house_tournament(organiser, MANO, "single_elimination", 1, open_to="both")
    client = page_client(player)
    reply = client.post(
        f"/tournaments/{tournament.pk}/entries",
        {"kind": "bot", "bot": bot.name},
        HTTP_ACCEPT_LANGUAGE="es",
        follow=True,
    )
    assert "El bot piabot no juega en eventos con personas" in reply.content.decode()
    assert not Entry.objects.filter(tournament=tournament, bot=bot).exists()


# --- the labels people see before they enter --------------------------------------------------

LABELS = {  # language: (for bots, for people, bots and people), as the pages write them
    "en": ("For bots", "For people", "Bots and people"),
    "es": ("Para bots", "Para personas", "Bots y personas"),
    "pt-br": ("Para bots", "Para pessoas", "Bots e pessoas"),
    "id": ("Untuk bot", "Untuk manusia", "Bot dan manusia"),
    "ko": ("봇 전용", "사람 전용", "봇과 사람"),
}


@pytest.mark.parametrize("language", sorted(LABELS))
def test_the_page_and_the_entry_form_say_who_it_is_for_in_every_language(
    organiser: Any, player: Any, language: str
) -> None:
    client = page_client(player)
    for audience, label in zip(("bots", "people", "both"), LABELS[language], strict=True):
        tournament = house_tournament(organiser, "busca", "swiss", 2, open_to=audience)
        html = client.get(
            f"/tournaments/{tournament.pk}/", HTTP_ACCEPT_LANGUAGE=language
        ).content.decode()
        shown = f'<span class="audience" data-audience="{audience}">{label}</span>'
        assert html.count(shown) == 2, (language, audience)  # at the top, and above the forms
        note = html.split('id="audience-note">', 1)[1].split("</p>", 1)[0]
        assert note.count(label) == 1 and len(note) > len(shown) + 20, note  # and a sentence


def test_the_list_shows_each_tournaments_audience(organiser: Any) -> None:
    for audience in ("bots", "people", "both"):
        house_tournament(organiser, "busca", "swiss", 2, open_to=audience)
    html = Client().get("/tournaments/").content.decode()
    labels = (("bots", "for bots"), ("people", "for people"), ("both", "bots and people"))
    for audience, label in labels:
        assert f'data-audience="{audience}">{label}' in html
    spanish = Client().get("/tournaments/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert 'data-audience="people">para personas<' in spanish


def test_the_entry_form_names_the_bots_that_still_need_consent(
    organiser: Any, player: Any, bot: Any
) -> None:
    bot_create(owner=player, name="willing", games=[], plays_with_people=True)
    mixed = house_tournament(organiser, "busca", "swiss", 2, open_to="both")
    html = page_client(player).get(f"/tournaments/{mixed.pk}/").content.decode()
    hint = html.split('id="consent-hint">', 1)[1].split("</p>", 1)[0]
    assert "piabot" in hint and "willing" not in hint and "Plays in events with people" in hint
    for_bots = house_tournament(organiser, "busca", "swiss", 2)
    assert "consent-hint" not in page_client(player).get(f"/tournaments/{for_bots.pk}/").text
