"""Tournament services in-process: permissions, registration, capacity, check-in, rounds."""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone
from rest_framework.test import APIClient

from games.models import Match
from games.services.matches import match_resign
from tests.games.conftest import advance
from tests.tournaments.conftest import house_tournament, play_out
from tournaments.models import Entry, Pairing, Round, Tournament
from tournaments.services.entries import entry_check_in, entry_register, entry_replace
from tournaments.services.errors import Full, NotAllowed, TournamentError, WrongState
from tournaments.services.seeds import seed_commitment, seed_verifies
from tournaments.services.settlement import pairing_match_recorded
from tournaments.services.tournaments import (
    TournamentSpec,
    registration_open,
    tournament_create,
    tournament_pause,
    tournament_resume,
    tournament_start,
)
from tournaments.tasks import tick

pytestmark = pytest.mark.django_db


def client_for(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_only_organisers_manage(organiser: Any, player: Any) -> None:
    tournament = house_tournament(organiser, "busca", "table_knockout", 4)
    for action in ("start", "pause", "cancel"):
        reply = client_for(player).post(f"/api/v1/tournaments/{tournament.pk}/{action}")
        assert reply.status_code == 403 and reply.json()["error"] == "forbidden"
    anonymous = APIClient().post("/api/v1/tournaments/1/start")
    assert anonymous.status_code in (401, 403)
    staff = get_user_model().objects.create_user("sam", is_staff=True)
    assert client_for(staff).post(f"/api/v1/tournaments/{tournament.pk}/pause").status_code == 200


def test_create_validates_game_format_and_options(organiser: Any) -> None:
    api = client_for(organiser)
    bad = api.post(
        "/api/v1/tournaments",
        {"name": "x", "game": "busca", "format": "single_elimination"},
        format="json",
    )
    assert bad.status_code == 400 and bad.json()["error"] == "bad_format"
    bad = api.post(
        "/api/v1/tournaments",
        {"name": "x", "game": "busca", "format": "swiss", "options": {"target": 5}},
        format="json",
    )
    assert bad.status_code == 400 and "target" in bad.json()["detail"]
    good = api.post(
        "/api/v1/tournaments",
        {"name": "Cup", "game": "buraco-mano-a-mano", "format": "single_elimination"},
        format="json",
    )
    assert good.status_code == 201 and good.json()["status"] == "draft"
    assert APIClient().get("/api/v1/tournaments").json()["count"] == 1


def test_registration_errors_and_capacity(organiser: Any, player: Any, bot: Any) -> None:
    spec = TournamentSpec(
        name="Bots", game="busca", format="table_knockout", options={}, capacity=2, open_to="bots"
    )
    tournament = tournament_create(organiser=organiser, spec=spec)
    with pytest.raises(WrongState):
        entry_register(tournament_id=tournament.pk, user=player, kind="bot", bot="piabot")
    registration_open(tournament_id=tournament.pk, user=organiser)
    with pytest.raises(TournamentError, match="bots only"):
        entry_register(tournament_id=tournament.pk, user=player, kind="user")
    with pytest.raises(NotAllowed):
        entry_register(tournament_id=tournament.pk, user=organiser, kind="bot", bot="piabot")
    with pytest.raises(NotAllowed):
        entry_register(tournament_id=tournament.pk, user=player, kind="house")
    entry_register(tournament_id=tournament.pk, user=player, kind="bot", bot="piabot")
    with pytest.raises(TournamentError, match="already entered"):
        entry_register(tournament_id=tournament.pk, user=player, kind="bot", bot="piabot")
    entry_register(tournament_id=tournament.pk, user=organiser, kind="house")
    with pytest.raises(Full):
        entry_register(tournament_id=tournament.pk, user=organiser, kind="house")
    reply = client_for(player).post(
        f"/api/v1/tournaments/{tournament.pk}/entries", {"kind": "user"}, format="json"
    )
    assert reply.status_code == 400 and reply.json()["error"] == "closed_to_people"


def test_check_in_drops_the_absent_at_the_start(organiser: Any, player: Any) -> None:
    soon = timezone.now() + timedelta(hours=2)
    tournament = house_tournament(
        organiser,
        "busca",
        "table_knockout",
        3,
        check_in=True,
        starts_at=soon,
        check_in_minutes=60,
        open_to="both",
    )
    mine = entry_register(tournament_id=tournament.pk, user=player, kind="user")
    with pytest.raises(WrongState, match="opens"):
        entry_check_in(tournament_id=tournament.pk, entry_id=mine.pk, user=player)
    Tournament.objects.filter(pk=tournament.pk).update(starts_at=timezone.now())
    entry_check_in(tournament_id=tournament.pk, entry_id=mine.pk, user=player)
    house = Entry.objects.filter(tournament=tournament, kind="house").order_by("id")
    entry_check_in(tournament_id=tournament.pk, entry_id=house[0].pk, user=organiser)
    assert tick() == 1  # the scheduled start is due
    statuses = dict(Entry.objects.filter(tournament=tournament).values_list("pk", "status"))
    assert statuses[mine.pk] == "active" and statuses[house[0].pk] == "active"
    assert sorted(statuses.values()).count("dropped") == 2
    assert Tournament.objects.get(pk=tournament.pk).status == "running"


def test_pause_holds_the_next_round_until_resumed(organiser: Any) -> None:
    tournament = house_tournament(organiser, "buraco-mano-a-mano", "single_elimination", 4)
    tournament_start(tournament_id=tournament.pk, user=organiser)
    tournament_pause(tournament_id=tournament.pk, user=organiser)
    play_out(tournament.pk)
    assert Round.objects.filter(tournament=tournament).count() == 1
    assert Round.objects.get(tournament=tournament).status == "finished"
    tournament_resume(tournament_id=tournament.pk, user=organiser)
    assert Round.objects.filter(tournament=tournament).count() == 2
    assert play_out(tournament.pk).status == "finished"


def test_seed_commitments_verify_after_the_round(organiser: Any) -> None:
    tournament = house_tournament(organiser, "buraco-mano-a-mano", "single_elimination", 4)
    tournament_start(tournament_id=tournament.pk, user=organiser)
    body = APIClient().get(f"/api/v1/tournaments/{tournament.pk}/commitments").json()
    first = body["commitments"][0]["pairings"]
    assert all(p["seed"] is None and len(p["commitment"]) == 64 for p in first)
    play_out(tournament.pk)
    body = APIClient().get(f"/api/v1/tournaments/{tournament.pk}/commitments").json()
    for round_ in body["commitments"]:
        for pairing in round_["pairings"]:
            assert seed_verifies(pairing["seed"], pairing["commitment"])
            seeds = Match.objects.filter(pk__in=pairing["matches"]).values_list("seed", flat=True)
            assert set(seeds) == {pairing["seed"]}
    assert not seed_verifies(1, seed_commitment(2))


def test_the_round_advance_twice_creates_the_next_round_once(organiser: Any) -> None:
    tournament = house_tournament(organiser, "buraco-mano-a-mano", "single_elimination", 4)
    tournament_start(tournament_id=tournament.pk, user=organiser)
    pairings = list(Pairing.objects.filter(tournament=tournament))
    assert len(pairings) == 2
    # Both matches end "at the same moment": recorded without their receivers running.
    from games.signals import match_recorded
    from tournaments.services.settlement import on_match_recorded

    match_recorded.disconnect(on_match_recorded, dispatch_uid="tournaments.match_recorded")
    try:
        for pairing in pairings:
            advance(pairing.games.get().match_id)
    finally:
        match_recorded.connect(on_match_recorded, dispatch_uid="tournaments.match_recorded")
    for pairing in pairings + pairings:
        pairing_match_recorded(pairing.pk)
    assert Round.objects.filter(tournament=tournament).count() == 2
    assert Pairing.objects.filter(tournament=tournament, round__number=2).count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_matches_finishing_at_once_in_two_threads(organiser: Any) -> None:
    tournament = house_tournament(organiser, "buraco-mano-a-mano", "single_elimination", 4)
    tournament_start(tournament_id=tournament.pk, user=organiser)
    match_ids = list(
        Match.objects.filter(tournament_game__pairing__tournament=tournament).values_list(
            "id", flat=True
        )
    )
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def resign(match_id: int) -> None:
        try:
            barrier.wait()
            match_resign(match_id=match_id, seat=1)
        except BaseException as exc:
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=resign, args=(m,)) for m in match_ids]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert Round.objects.filter(tournament=tournament).count() == 2
    assert Pairing.objects.filter(tournament=tournament, round__number=2).count() == 1


def test_replacing_a_withdrawn_entrant_lets_the_house_play(organiser: Any, player: Any) -> None:
    tournament = house_tournament(
        organiser, "buraco-mano-a-mano", "single_elimination", 1, open_to="both"
    )
    mine = entry_register(tournament_id=tournament.pk, user=player, kind="user")
    entry_replace(tournament_id=tournament.pk, entry_id=mine.pk, user=organiser)
    tournament_start(tournament_id=tournament.pk, user=organiser)
    match = Match.objects.get(tournament_game__pairing__tournament=tournament)
    assert {s.kind for s in match.seats.all()} == {"house"}
    assert play_out(tournament.pk).status == "finished"
