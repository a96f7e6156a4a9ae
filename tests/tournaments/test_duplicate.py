"""Duplicate boards: one deal at different tables, never two seats of a deal for one entrant."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db.models import Count
from django.test import Client
from django.utils import translation
from rest_framework.test import APIClient

from bots.services import bot_create
from core.numbers import FIXED_TWO, number_words
from games.models import Match
from tests.tournaments.conftest import house_tournament, play_out
from tournaments.models import Entry, Pairing, PairingMatch, Round, Tournament
from tournaments.selectors import standings_of
from tournaments.services import boards
from tournaments.services.entries import entry_register, entry_replace
from tournaments.services.errors import TournamentError
from tournaments.services.tournaments import (
    TournamentSpec,
    registration_open,
    tournament_create,
    tournament_start,
)

pytestmark = pytest.mark.django_db
CERRADO = "buraco-cerrado"
MANO = "buraco-mano-a-mano"


def owner(name: str) -> Any:
    return get_user_model().objects.create_user(name)  # no password: no slow hashing


def owned_tournament(organiser: Any, game: str, fmt: str, owners: int, house: int) -> Tournament:
    """Return a started duplicate event: one bot entry per owner (played by the house), and
    ``house`` house entries. Cerrado entries are pairs of one owner's two bots."""
    options = {"eliminate_at": 3} if game == "busca" else {"deals": 1}
    spec = TournamentSpec(
        name="Dup cup", game=game, format=fmt, options=options, duplicate=True, capacity=64
    )
    tournament = tournament_create(organiser=organiser, spec=spec)
    registration_open(tournament_id=tournament.pk, user=organiser)
    for i in range(owners):
        person = owner(f"owner{i}")
        bot = bot_create(owner=person, name=f"bot{i}", games=[]).bot
        extra: dict[str, Any] = {"kind": "bot", "bot": bot.pk}
        if game == CERRADO:
            mate = bot_create(owner=person, name=f"mate{i}", games=[]).bot
            extra = {"kind": "bot_pair", "bot": bot.pk, "partner": mate.pk}
        entry = entry_register(tournament_id=tournament.pk, user=person, **extra)
        # The house plays the bots' seats, so that play_out can finish the event in-process.
        entry_replace(tournament_id=tournament.pk, entry_id=entry.pk, user=organiser)
    for i in range(house):
        strategy = ["house:greedy", "house:random"][i % 2]
        entry_register(tournament_id=tournament.pk, user=organiser, kind="house", strategy=strategy)
    tournament_start(tournament_id=tournament.pk, user=organiser)
    return tournament


def people_of(entry: Entry) -> set[int]:
    """Return the people behind an entry (the house has nobody)."""
    bots = [b for b in (entry.bot, entry.bot2) if b is not None]
    return {b.owner_id for b in bots} | {u for u in (entry.user_id, entry.user2_id) if u}


def first_hands(match: Match) -> list[list[str]]:
    assert match.record is not None
    hands: list[list[str]] = match.record["deals"][0]["hands"]
    return hands


@pytest.mark.parametrize(
    ("game", "fmt", "owners", "house"),
    [
        ("busca", "table_knockout", 8, 0),
        ("busca", "table_knockout", 9, 4),
        ("busca", "table_knockout", 14, 3),
        (MANO, "single_elimination", 4, 0),
        (MANO, "single_elimination", 7, 2),
        (MANO, "single_elimination", 12, 4),
        (MANO, "swiss", 6, 0),
        (CERRADO, "single_elimination", 4, 0),
        (CERRADO, "single_elimination", 6, 3),
        (CERRADO, "double_elimination", 8, 0),
    ],
)
def test_no_entry_or_owner_sits_at_two_tables_of_one_deal(
    organiser: Any, game: str, fmt: str, owners: int, house: int
) -> None:
    tournament = owned_tournament(organiser, game, fmt, owners, house)
    final = play_out(tournament.pk, limit=2000)
    assert final.status == Tournament.Status.FINISHED
    entries = {
        e.pk: e for e in Entry.objects.filter(tournament=final).select_related("bot", "bot2")
    }
    by_seed: dict[str, list[PairingMatch]] = defaultdict(list)
    rounds_of_seed: dict[str, set[int]] = defaultdict(set)
    links = PairingMatch.objects.filter(pairing__tournament=final).select_related("pairing__round")
    for link in links:
        by_seed[link.pairing.seed].append(link)
        rounds_of_seed[link.pairing.seed].add(link.pairing.round.number)
    per_pairing = Pairing.objects.filter(tournament=final).annotate(n=Count("games"))
    assert {p.n for p in per_pairing} <= {0, 1}  # one match per pairing: no rotations
    shared = 0
    for seed, tables in by_seed.items():
        assert len(rounds_of_seed[seed]) == 1, f"seed {seed} dealt again in a later round"
        seen_entries: set[int] = set()
        seen_owners: set[int] = set()
        for link in tables:
            mine = set(link.seat_entries)
            assert not mine & seen_entries, f"an entry sits at two tables of deal {seed}"
            owners_here = {o for e in mine for o in people_of(entries[e])}
            assert not owners_here & seen_owners, f"an owner sits at two tables of deal {seed}"
            seen_entries |= mine
            seen_owners |= owners_here
        shared += len(tables) > 1
    assert shared, "no deal was shared between tables: that is not duplicate"
    for link in links.select_related("match"):  # the same cards at every table of a deal
        others = [t for t in by_seed[link.pairing.seed] if t.pk != link.pk]
        for other in others:
            match, twin = link.match, Match.objects.get(pk=other.match_id)
            assert first_hands(match) == first_hands(twin)


def test_a_group_rotates_the_seats_and_a_lone_final_deals_a_fresh_seed(organiser: Any) -> None:
    tournament = house_tournament(organiser, MANO, "single_elimination", 4, duplicate=True)
    tournament_start(tournament_id=tournament.pk, user=organiser)
    first = list(Pairing.objects.filter(tournament=tournament).order_by("position"))
    assert len(first) == 2 and first[0].seed == first[1].seed
    links = [p.games.get() for p in first]
    assert [link.rotation for link in links] == [0, 1]
    assert links[0].seat_entries == first[0].entries
    assert links[1].seat_entries == first[1].entries[::-1]  # the other table's seats swapped
    assert all(Match.objects.get(pk=link.match_id).sealed for link in links)
    play_out(tournament.pk)
    final = Pairing.objects.get(tournament=tournament, round__number=2)
    assert final.seed != first[0].seed and final.games.count() == 1
    assert not final.games.get().match.sealed  # a lone table shares no deal
    lines = standings_of(Tournament.objects.get(pk=tournament.pk))
    compared = [line["duplicate"] for line in lines]
    assert all(value is not None for value in compared)
    assert sum(compared) == pytest.approx(0, abs=0.05)  # each hand: one above, one below
    api = APIClient().get(f"/api/v1/tournaments/{tournament.pk}/standings").json()
    assert [line["duplicate"] for line in api["standings"]] == compared
    page = Client().get(f"/tournaments/{tournament.pk}/").content.decode()
    assert ">Duplicate</abbr>" in page and page.count('class="duplicate-score"') == 4
    with translation.override("en"):  # as the page writes it: "1,275.00" (core/numbers.py)
        assert number_words(compared[0], FIXED_TWO) in page


def test_groups_keep_one_size_and_leave_no_table_alone_when_they_can() -> None:
    from tournaments.services.duplicate import groups_of

    assert groups_of(MANO, [2, 2, 2]) == [[0, 1, 2]]
    assert groups_of(MANO, [2, 2, 2, 2, 2]) == [[0, 2, 4], [1, 3]]
    assert groups_of("busca", [4, 4, 3, 3, 4]) == [[2, 3], [0, 1, 4]]
    assert groups_of("busca", [4] * 8) == [[0, 2, 4, 6], [1, 3, 5, 7]]
    assert groups_of(CERRADO, [2]) == [[0]]
    assert boards.board_of("busca", [1, 2, 3, 4], 1) == [4, 1, 2, 3]
    assert boards.board_of(CERRADO, [1, 2], 1) == [2, 1, 2, 1]


def test_duplicate_score_on_a_hand_checked_example() -> None:
    from tournaments.services.duplicate import Board, duplicate_scores

    mano = [
        Board("7", [1, 2], [500, 300]),  # seat 0's hand: entry 1 made +200
        Board("7", [4, 3], [200, 600]),  # seat 0's hand: entry 4 made -400
        Board("9", [5, 6], [100, 100]),  # a lone table: nothing to compare
    ]
    assert duplicate_scores(MANO, mano) == {1: 600.0, 4: -600.0, 2: -600.0, 3: 600.0}
    busca = [  # fewer Buscas is better; three tables of one deal
        Board("1", [1, 2, 3, 4], [0, 3, 5, 9]),
        Board("1", [8, 5, 6, 7], [3, 3, 5, 6]),
        Board("1", [11, 12, 9, 10], [3, 0, 2, 6]),
    ]
    scores = duplicate_scores("busca", busca)
    assert scores[1] == 3.0  # 0 Buscas against 3 and 3
    assert scores[8] == -1.5 and scores[11] == -1.5
    assert scores[4] == -3.0 and scores[7] == 1.5 and scores[10] == 1.5
    cerrado = [
        Board("3", [1, 2, 1, 2], [900, 100, 900, 100]),
        Board("3", [4, 3, 4, 3], [0, 0, 0, 0]),
    ]
    assert duplicate_scores(CERRADO, cerrado) == {1: 800.0, 4: -800.0, 2: -800.0, 3: 800.0}


def test_a_second_entry_of_one_owner_is_refused(organiser: Any) -> None:
    spec = TournamentSpec(
        name="Dup",
        game=MANO,
        format="single_elimination",
        options={},
        duplicate=True,
        open_to="both",
    )
    tournament = tournament_create(organiser=organiser, spec=spec)
    registration_open(tournament_id=tournament.pk, user=organiser)
    person = owner("twice")
    first, second = (
        bot_create(owner=person, name=n, games=[], plays_with_people=True).bot
        for n in ("one", "two")
    )
    entry_register(tournament_id=tournament.pk, user=person, kind="bot", bot=first.pk)
    with pytest.raises(TournamentError) as refused:
        entry_register(tournament_id=tournament.pk, user=person, kind="bot", bot=second.pk)
    assert refused.value.code == "one_entry_per_owner" and refused.value.status == 400
    client = APIClient()
    client.force_authenticate(person)
    reply = client.post(f"/api/v1/tournaments/{tournament.pk}/entries", {"kind": "user"})
    assert reply.status_code == 400, reply.content
    assert (
        reply.json()["error"] == "one_entry_per_owner"
        and "one entry per owner" in (reply.json()["detail"])
    )
    for _ in range(3):  # the house has no owner: any number of house entries
        entry_register(tournament_id=tournament.pk, user=organiser, kind="house")
    assert Entry.objects.filter(tournament=tournament).count() == 4


def test_starting_refuses_a_field_that_cannot_keep_the_invariant(organiser: Any) -> None:
    with pytest.raises(TournamentError) as small:
        tournament_create(
            organiser=organiser,
            spec=TournamentSpec(
                name="Dup",
                game=MANO,
                format="single_elimination",
                options={},
                duplicate=True,
                capacity=2,
            ),
        )
    assert small.value.code == "bad_format"
    lone = house_tournament(organiser, MANO, "single_elimination", 2, duplicate=True)
    client = APIClient()
    client.force_authenticate(organiser)
    reply = client.post(f"/api/v1/tournaments/{lone.pk}/start")
    assert reply.status_code == 400 and reply.json()["error"] == "bad_format", reply.content
    assert "two tables" in reply.json()["detail"]
    assert not Round.objects.filter(tournament=lone).exists()
    # Two entries of one owner that got in before duplicate was switched on.
    mixed = house_tournament(organiser, MANO, "single_elimination", 2)
    person = owner("both")
    for name in ("left", "right"):
        bot = bot_create(owner=person, name=name, games=[]).bot
        entry_register(tournament_id=mixed.pk, user=person, kind="bot", bot=bot.pk)
    Tournament.objects.filter(pk=mixed.pk).update(duplicate=True)
    reply = client.post(f"/api/v1/tournaments/{mixed.pk}/start")
    assert reply.status_code == 400 and reply.json()["error"] == "one_entry_per_owner"
    assert Tournament.objects.get(pk=mixed.pk).status == Tournament.Status.REGISTRATION


def test_duplicate_boards_stay_sealed_until_their_round_is_over(
    organiser: Any, django_capture_on_commit_callbacks: Any
) -> None:
    from games.selectors import match_log, match_public
    from tournaments.services.tournaments import tournament_cancel

    tournament = house_tournament(
        organiser, MANO, "single_elimination", 4, duplicate=True, options={}
    )
    tournament_start(tournament_id=tournament.pk, user=organiser)
    first_round = list(Match.objects.filter(tournament_game__isnull=False).distinct())
    assert len(first_round) == 2 and all(m.sealed for m in first_round)
    assert all(m.options["deals"] == 1 for m in first_round)  # duplicate fixes the deals
    for match in first_round:
        public = match_public(match, None)
        assert public["view"] is None and "seed" not in public
        assert match_log(match)["moves"] == []
    play_out(tournament.pk)
    for match in first_round:
        match.refresh_from_db()
        assert not match.sealed and match_public(match, None)["seed"] == match.seed
        assert match_log(match)["record"] is not None
    # Cancelling stops whatever still runs.
    other = house_tournament(organiser, MANO, "single_elimination", 2, options={})
    tournament_start(tournament_id=other.pk, user=organiser)
    with django_capture_on_commit_callbacks(execute=True):
        tournament_cancel(tournament_id=other.pk, user=organiser)
    running = Match.objects.filter(tournament_game__pairing__tournament=other)
    assert running.exists() and set(running.values_list("status", flat=True)) == {"aborted"}


def test_a_single_match_keeps_its_places_and_the_absent_are_last() -> None:
    played = [boards.Played([1, 2, 3], {"places": [2, 1, 3], "scores": [1, 0, 4]})]
    outcome = boards.outcome_of("busca", played, absent=[9])
    assert outcome["places"] == {1: 2, 2: 1, 3: 3, 9: 4}
    assert outcome["score"] == {1: -1.0, 2: -0.0, 3: -4.0, 9: 0.0}


def test_a_scheduled_start_that_cannot_keep_the_invariant_cancels(organiser: Any) -> None:
    from datetime import timedelta

    from django.utils import timezone

    lone = house_tournament(organiser, MANO, "single_elimination", 3, duplicate=True)
    Tournament.objects.filter(pk=lone.pk).update(starts_at=timezone.now() - timedelta(seconds=1))
    tournament_start(tournament_id=lone.pk, due=True)
    assert Tournament.objects.get(pk=lone.pk).status == Tournament.Status.CANCELLED
    assert not Round.objects.filter(tournament=lone).exists()


def test_a_finished_table_hides_its_result_while_its_deal_is_played_elsewhere(
    organiser: Any,
) -> None:
    """Duplicate bridge hides the other tables' scores until the round is over: a bot still
    playing the deal must not read from a table that finished it how good the cards were."""
    from games.selectors import match_public
    from tests.tournaments.conftest import advance
    from tournaments.selectors import bracket_of

    tournament = house_tournament(
        organiser, MANO, "single_elimination", 4, duplicate=True, options={}
    )
    tournament_start(tournament_id=tournament.pk, user=organiser)
    done, other = list(Match.objects.filter(tournament_game__isnull=False).order_by("pk"))
    assert done.seed == other.seed  # one deal at two tables
    for _ in range(200):
        done = advance(done.pk)
        if not done.is_running:
            break
    other.refresh_from_db()
    assert not done.is_running and other.is_running and done.sealed and done.result
    assert match_public(done, None)["result"] is None
    pairings = bracket_of(tournament)[0]["pairings"]
    finished = next(p for p in pairings if p["matches"][0]["id"] == done.pk)
    assert finished["status"] == "finished"
    assert finished["matches"][0]["result"] is None
    assert all(e["place"] is None and e["score"] is None for e in finished["entries"])
    play_out(tournament.pk)
    done.refresh_from_db()
    assert not done.sealed and match_public(done, None)["result"] == done.result
    pairings = bracket_of(tournament)[0]["pairings"]
    finished = next(p for p in pairings if p["matches"][0]["id"] == done.pk)
    assert finished["matches"][0]["result"] == done.result
    assert all(e["place"] is not None for e in finished["entries"])
