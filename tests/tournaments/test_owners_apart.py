"""Busca tables keep owners apart (issue 20): no table of any format seats two entries of one
owner; where the field makes that impossible, the start refuses and names the clash."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from bots.services import bot_create
from games.models import Match
from games.selectors import turn_object
from games.services.callers import Caller
from games.services.matches import move_submit
from tests.games.conftest import advance
from tests.tournaments.conftest import house_tournament
from tournaments.models import Entry, Pairing, Tournament
from tournaments.services.entries import entry_register
from tournaments.services.errors import TournamentError
from tournaments.services.tournaments import tournament_start

pytestmark = pytest.mark.django_db

BUSCA_FORMATS = ["table_knockout", "swiss", "round_robin"]


def person(name: str) -> Any:
    return get_user_model().objects.create_user(name, f"{name}@example.org", "a-long-password-1")


def enter_bots(tournament: Tournament, owner: Any, names: list[str]) -> None:
    for name in names:
        bot_create(owner=owner, name=name, games=[])
        entry_register(tournament_id=tournament.pk, user=owner, kind="bot", bot=name)


def play_out(tournament_id: int, limit: int = 5000) -> Tournament:
    """Play the tournament to its end: house turns, and each bot's first legal move."""
    for _ in range(limit):
        running = Match.objects.filter(
            tournament_game__pairing__tournament_id=tournament_id, status=Match.Status.RUNNING
        ).order_by("pk")
        match = running.first()
        if match is None:
            break
        match = advance(match.pk)
        if not match.is_running:
            continue
        seat = match.seats.select_related("bot").get(number=match.to_move)
        turn = turn_object(match, seat.number)
        move_submit(
            match_id=match.pk,
            caller=Caller(seat.bot.owner_id, seat.bot_id),
            turn=turn["turn"],
            move=turn["legal_moves"][0],
        )
    return Tournament.objects.get(pk=tournament_id)


def shared_tables(tournament: Tournament) -> list[str]:
    """Return the keys of the tournament's tables that seat two entries of one owner."""
    owner = {
        e.pk: (e.bot.owner_id if e.bot is not None else None)
        for e in Entry.objects.filter(tournament=tournament).select_related("bot")
    }
    found = []
    for pairing in Pairing.objects.filter(tournament=tournament):
        owners = [owner[e] for e in pairing.entries if owner[e] is not None]
        if len(owners) != len(set(owners)):
            found.append(pairing.key)
    return found


@pytest.mark.parametrize("fmt", BUSCA_FORMATS)
def test_two_bots_of_one_owner_and_two_house_entries_never_share_a_table(
    organiser: Any, fmt: str
) -> None:
    tournament = house_tournament(organiser, "busca", fmt, 2)
    enter_bots(tournament, person("twin"), ["twin-a", "twin-b"])
    # Today this started, and the one table of four seated both twins.
    with pytest.raises(TournamentError) as refused:
        tournament_start(tournament_id=tournament.pk, user=organiser)
    assert refused.value.code == "owners_at_one_table"
    assert "twin-a" in refused.value.detail and "twin-b" in refused.value.detail
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.REGISTRATION
    assert not Pairing.objects.filter(tournament=tournament).exists()


@pytest.mark.parametrize("fmt", ["swiss", "round_robin"])
def test_a_field_that_can_keep_owners_apart_does_so_every_round(organiser: Any, fmt: str) -> None:
    tournament = house_tournament(organiser, "busca", fmt, 4, swiss_rounds=3)
    enter_bots(tournament, person("twin"), ["twin-a", "twin-b"])
    enter_bots(tournament, person("trio"), ["trio-a", "trio-b"])
    tournament_start(tournament_id=tournament.pk, user=organiser)
    tournament = play_out(tournament.pk, limit=400)
    assert Pairing.objects.filter(tournament=tournament).count() >= 4
    assert shared_tables(tournament) == []


def test_table_knockout_takes_one_entry_per_owner(organiser: Any) -> None:
    """Any two survivors may reach the final table, so a knockout cannot keep them apart."""
    tournament = house_tournament(organiser, "busca", "table_knockout", 6)
    enter_bots(tournament, person("twin"), ["twin-a", "twin-b"])
    with pytest.raises(TournamentError) as refused:
        tournament_start(tournament_id=tournament.pk, user=organiser)
    assert refused.value.code == "owners_at_one_table"
    assert "twin-a" in refused.value.detail and "twin-b" in refused.value.detail


def test_too_many_entries_of_one_owner_for_the_tables(organiser: Any) -> None:
    tournament = house_tournament(organiser, "busca", "swiss", 3)
    enter_bots(tournament, person("many"), ["many-a", "many-b", "many-c"])
    # 6 entries: two tables of 3, three entries of one owner.
    with pytest.raises(TournamentError) as refused:
        tournament_start(tournament_id=tournament.pk, user=organiser)
    assert refused.value.code == "owners_at_one_table"
    assert "many-a" in refused.value.detail and "many-b" in refused.value.detail


def test_a_scheduled_start_that_cannot_keep_owners_apart_is_cancelled(organiser: Any) -> None:
    tournament = house_tournament(organiser, "busca", "swiss", 2)
    enter_bots(tournament, person("twin"), ["twin-a", "twin-b"])
    Tournament.objects.filter(pk=tournament.pk).update(
        starts_at=timezone.now() - timedelta(seconds=1)
    )
    tournament_start(tournament_id=tournament.pk, due=True)
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.CANCELLED
