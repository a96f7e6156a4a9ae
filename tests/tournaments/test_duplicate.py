"""Duplicate boards: the same cards in every rotation; outcomes aggregate the rotations."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Match
from tests.tournaments.conftest import house_tournament, play_out
from tournaments.models import Entry, Pairing
from tournaments.services import boards
from tournaments.services.entries import entry_register
from tournaments.services.tournaments import tournament_start

pytestmark = pytest.mark.django_db


def first_hands(match: Match) -> list[list[str]]:
    assert match.record is not None
    hands: list[list[str]] = match.record["deals"][0]["hands"]
    return hands


def test_mano_a_mano_duplicate_swaps_the_seats_over_one_seed(organiser: Any) -> None:
    tournament = house_tournament(
        organiser, "buraco-mano-a-mano", "single_elimination", 2, duplicate=True, options={}
    )
    tournament_start(tournament_id=tournament.pk, user=organiser)
    play_out(tournament.pk)
    pairing = Pairing.objects.get(tournament=tournament)
    links = list(pairing.games.select_related("match").order_by("rotation"))
    assert [link.seat_entries for link in links] == [pairing.entries, pairing.entries[::-1]]
    assert {link.match.seed for link in links} == {pairing.seed}
    assert all(link.match.options["deals"] == 1 for link in links)  # duplicate fixes the deals
    assert first_hands(links[0].match) == first_hands(links[1].match)
    diffs = []
    for link in links:
        scores = link.match.result["scores"]
        first = link.seat_entries.index(pairing.entries[0])
        diffs.append(scores[first] - scores[1 - first])
    outcome = pairing.outcome or {}
    assert outcome["score"][str(pairing.entries[0])] == sum(diffs)


def test_cerrado_duplicate_swaps_the_pairs(organiser: Any, player: Any) -> None:
    tournament = house_tournament(
        organiser, "buraco-cerrado", "single_elimination", 2, duplicate=True, options={"deals": 1}
    )
    tournament_start(tournament_id=tournament.pk, user=organiser)
    pairing = Pairing.objects.get(tournament=tournament)
    a, b = pairing.entries
    links = list(pairing.games.select_related("match").order_by("rotation"))
    assert [link.seat_entries for link in links] == [[a, b, a, b], [b, a, b, a]]
    play_out(tournament.pk)
    matches = [Match.objects.get(pk=link.match_id) for link in links]
    assert first_hands(matches[0]) == first_hands(matches[1])


def test_busca_aggregate_ranks_by_places_then_fewer_buscas() -> None:
    board = [1, 2, 3, 4]
    played = [
        boards.Played(board, {"places": [1, 2, 3, 4], "scores": [0, 3, 5, 9]}),
        boards.Played([2, 3, 4, 1], {"places": [1, 2, 3, 4], "scores": [0, 3, 5, 9]}),
    ]
    outcome = boards.outcome_of("busca", True, played, absent=[])
    # sums of places: 1 -> 1+4, 2 -> 2+1, 3 -> 3+2, 4 -> 4+3; Buscas break 1 and 3's tie
    assert outcome["places"] == {2: 1, 3: 2, 1: 3, 4: 4}
    assert outcome["score"][1] == -9.0 and outcome["score"][3] == -8.0


def test_an_absent_entrant_is_placed_last_without_playing() -> None:
    played = [boards.Played([1, 2, 3], {"places": [2, 1, 3], "scores": [1, 0, 4]})]
    outcome = boards.outcome_of("busca", False, played, absent=[9])
    assert outcome["places"] == {1: 2, 2: 1, 3: 3, 9: 4}


def test_rotations_seat_everyone_at_every_seat() -> None:
    for count in (2, 3, 4):
        boards_ = boards.rotations("busca", list(range(count)), True)
        assert len(boards_) == count
        for seat in range(count):
            assert sorted(b[seat] for b in boards_) == list(range(count))
    assert boards.rotations("busca", [1, 2, 3, 4], False) == [[1, 2, 3, 4]]
    assert Entry.Kind.BOT_PAIR in Entry.Kind.values
    _ = entry_register  # pairs of people register with entry_register(kind="user_pair")


def test_duplicate_boards_stay_sealed_until_their_round_is_over(
    organiser: Any, django_capture_on_commit_callbacks: Any
) -> None:
    from games.selectors import match_log, match_public
    from tournaments.services.tournaments import tournament_cancel

    tournament = house_tournament(
        organiser, "buraco-mano-a-mano", "single_elimination", 4, duplicate=True, options={}
    )
    tournament_start(tournament_id=tournament.pk, user=organiser)
    first_round = list(Match.objects.filter(tournament_game__isnull=False).distinct())
    assert len(first_round) == 4 and all(m.sealed for m in first_round)
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
    other = house_tournament(organiser, "buraco-mano-a-mano", "single_elimination", 2, options={})
    tournament_start(tournament_id=other.pk, user=organiser)
    with django_capture_on_commit_callbacks(execute=True):
        tournament_cancel(tournament_id=other.pk, user=organiser)
    running = Match.objects.filter(tournament_game__pairing__tournament=other)
    assert running.exists() and set(running.values_list("status", flat=True)) == {"aborted"}
