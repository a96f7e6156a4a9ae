"""Extra boards when a tie decides a cut or a podium place (``tiebreak_boards``)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.db import transaction
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from games.models import Match
from games.services.matches import match_resign
from games.signals import match_recorded
from tests.tournaments.conftest import house_tournament, play_out
from tournaments.models import Entry, Pairing, PairingMatch, Tournament
from tournaments.selectors import standings_of
from tournaments.services.seeds import seed_verifies
from tournaments.services.tiebreaks import MAX_TIEBREAK_BOARDS, board_seed
from tournaments.services.tournaments import tournament_start

pytestmark = pytest.mark.django_db
MANO = "buraco-mano-a-mano"


def finish(match: Match, places: list[int]) -> None:
    """Record a result for a running match, as the engine's last move would (a stand-in for
    play, so that the test chooses who ties)."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match.pk)
        assert match.is_running
        match.result = {"places": places, "scores": [0] * len(places), "forfeited": []}
        match.status = Match.Status.FINISHED
        match.finished_at = timezone.now()
        match.to_move = None
        match.deadline = None
        match.save()
        match_recorded.send(sender=Match, match=match)


def running(tournament: Tournament) -> list[PairingMatch]:
    return list(
        PairingMatch.objects.filter(
            pairing__tournament=tournament, match__status=Match.Status.RUNNING
        )
        .select_related("match", "pairing")
        .order_by("pairing__position", "tiebreak")
    )


def win_for(link: PairingMatch, entry: int) -> list[int]:
    """Places putting ``entry`` first at this two-sided board."""
    return [1 if seat == entry else 2 for seat in link.seat_entries]


def started(organiser: Any, fmt: str, entries: int, **spec: Any) -> tuple[Tournament, list[int]]:
    tournament = house_tournament(organiser, MANO, fmt, entries, **spec)
    tournament_start(tournament_id=tournament.pk, user=organiser)
    seeds = Entry.objects.filter(tournament=tournament).order_by("seed")
    return Tournament.objects.get(pk=tournament.pk), list(seeds.values_list("pk", flat=True))


def test_a_drawn_final_plays_extra_boards_up_to_the_limit(organiser: Any) -> None:
    tournament, (top, second) = started(organiser, "single_elimination", 2, tiebreak_boards=3)
    (final,) = running(tournament)
    finish(final.match, [1, 1])
    # The draw is not settled: the tied entrants play a one-deal board on the pairing's own seed.
    pairing = Pairing.objects.get(pk=final.pairing_id)
    assert pairing.status == Pairing.Status.RUNNING
    for number in (1, 2, 3):
        (board,) = running(tournament)
        assert board.tiebreak == number and board.pairing_id == pairing.pk
        assert sorted(board.seat_entries) == sorted([top, second])
        assert int(board.match.seed) == board_seed(pairing.tiebreak_seed, number)
        assert board.match.options["deals"] == 1
        finish(board.match, win_for(board, second))  # the lower seed wins every board
    assert not running(tournament)  # 3 of 3 is not separated at 95%, but the limit is reached
    pairing.refresh_from_db()
    assert pairing.outcome["places"] == {str(second): 1, str(top): 2}
    assert pairing.outcome["tiebreak"] == [
        {"entries": sorted([top, second]), "boards": 3, "separated": False}
    ]
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert [line["entry"] for line in standings_of(tournament)] == [second, top]


def test_extra_boards_stop_once_the_interval_separates(organiser: Any) -> None:
    tournament, (top, second) = started(organiser, "single_elimination", 2, tiebreak_boards=9)
    (final,) = running(tournament)
    finish(final.match, [1, 1])
    played = 0
    while links := running(tournament):
        (board,) = links
        # A draw on the first board, then the top seed wins: 4 wins of 4 decided boards
        # put the 95% Wilson interval above one half.
        finish(board.match, [1, 1] if board.tiebreak == 1 else win_for(board, top))
        played += 1
    assert played == 5
    outcome = Pairing.objects.get(pk=final.pairing_id).outcome
    assert outcome["tiebreak"] == [
        {"entries": sorted([top, second]), "boards": 5, "separated": True}
    ]
    assert outcome["places"] == {str(top): 1, str(second): 2}


def test_without_extra_boards_a_draw_goes_to_the_higher_seed(organiser: Any) -> None:
    tournament, (top, second) = started(organiser, "single_elimination", 2)
    (final,) = running(tournament)
    finish(final.match, [1, 1])
    assert not running(tournament)
    assert not PairingMatch.objects.filter(tiebreak__gt=0).exists()
    assert [line["entry"] for line in standings_of(tournament)] == [top, second]


def test_a_decided_pairing_plays_no_extra_board(organiser: Any) -> None:
    tournament, (_, second) = started(organiser, "single_elimination", 2, tiebreak_boards=3)
    (final,) = running(tournament)
    finish(final.match, win_for(final, second))
    assert not running(tournament)
    outcome = Pairing.objects.get(pk=final.pairing_id).outcome
    assert "tiebreak" not in outcome


def test_a_sealed_duplicate_table_waits_for_the_round_before_its_extra_board(
    organiser: Any,
) -> None:
    tournament, _ = started(organiser, "single_elimination", 4, tiebreak_boards=2, duplicate=True)
    first, second = running(tournament)
    assert first.match.sealed and second.match.seed == first.match.seed
    finish(first.match, [1, 1])
    # Another table still plays these cards: an extra board now would tell it this one tied.
    assert [link.pk for link in running(tournament)] == [second.pk]
    assert Pairing.objects.get(pk=first.pairing_id).status == Pairing.Status.RUNNING
    finish(second.match, win_for(second, second.seat_entries[0]))
    (board,) = running(tournament)
    assert board.pairing_id == first.pairing_id and board.tiebreak == 1
    assert not board.match.sealed
    first.match.refresh_from_db()
    assert not first.match.sealed  # the round's shared deal is over
    assert tournament.rounds.count() == 1
    finish(board.match, win_for(board, board.seat_entries[1]))
    (board,) = running(tournament)
    assert board.tiebreak == 2
    finish(board.match, win_for(board, board.seat_entries[0]))  # same entrant: seats moved
    assert tournament.rounds.count() == 2  # the limit: the final is drawn
    (final,) = running(tournament)
    finish(final.match, win_for(final, final.seat_entries[0]))
    tournament.refresh_from_db()
    # The two semi-final losers share third place (no third-place match was asked for): a
    # knockout plays no podium play-off.
    assert tournament.status == Tournament.Status.FINISHED
    assert not Pairing.objects.filter(tournament=tournament, bracket="playoff").exists()


def test_a_round_robin_podium_tie_is_played_off(organiser: Any) -> None:
    tournament, (top, second) = started(organiser, "round_robin", 2, tiebreak_boards=1)
    (game,) = running(tournament)
    finish(game.match, [1, 1])
    (playoff,) = running(tournament)
    pairing = Pairing.objects.get(pk=playoff.pairing_id)
    assert pairing.bracket == "playoff" and pairing.key == "P1" and playoff.tiebreak == 0
    assert playoff.match.options["deals"] == 1
    finish(playoff.match, [1, 1])  # the play-off's own board is drawn too: one extra board
    (extra,) = running(tournament)
    assert extra.tiebreak == 1 and extra.pairing_id == pairing.pk
    finish(extra.match, win_for(extra, second))
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    lines = standings_of(tournament)
    assert [(line["entry"], line["rank"]) for line in lines] == [(second, 1), (top, 2)]
    # The play-off is public and verifiable like every pairing.
    body = APIClient().get(f"/api/v1/tournaments/{tournament.pk}/commitments").json()
    rows = [p for r in body["commitments"] for p in r["pairings"] if p["key"] == "P1"]
    assert seed_verifies(rows[0]["seed"], rows[0]["commitment"])
    assert seed_verifies(rows[0]["tiebreak_seed"], rows[0]["tiebreak_commitment"])
    assert rows[0]["tiebreak_matches"] == [extra.match_id]
    extra.match.refresh_from_db()
    assert int(extra.match.seed) == board_seed(rows[0]["tiebreak_seed"], 1)
    bracket = APIClient().get(f"/api/v1/tournaments/{tournament.pk}/bracket").json()["bracket"]
    shown = bracket[-1]["pairings"][0]
    assert shown["tiebreak"] == [
        {"entries": sorted([top, second]), "boards": 1, "separated": False}
    ]
    assert [m["tiebreak"] for m in shown["matches"]] == [0, 1]
    # The page says it in words, in the reader's language.
    page = Client().get(f"/tournaments/{tournament.pk}/", HTTP_ACCEPT_LANGUAGE="es").content
    text = page.decode()
    assert "desempate por un puesto del podio" in text.lower()
    assert "mano extra 1 para desempatar" in text
    assert "tras 1 mano extra, pasó el de mejor puesto medio" in text
    assert "hasta 1 mano extra" in text


def test_a_busca_final_played_for_real_breaks_its_podium_ties(organiser: Any) -> None:
    """House bots play one-deal Busca finals: every tie at a podium place is played out."""
    seen = 0
    for _ in range(6):
        tournament = house_tournament(
            organiser, "busca", "table_knockout", 4, tiebreak_boards=3, options={"max_deals": 1}
        )
        tournament_start(tournament_id=tournament.pk, user=organiser)
        tournament = play_out(tournament.pk)
        assert tournament.status == Tournament.Status.FINISHED
        (pairing,) = Pairing.objects.filter(tournament=tournament)
        main = PairingMatch.objects.select_related("match").get(pairing=pairing, tiebreak=0)
        extra = list(
            PairingMatch.objects.filter(pairing=pairing, tiebreak__gt=0).select_related("match")
        )
        for group in pairing.outcome.get("tiebreak") or []:
            seen += 1
            places = main.match.result["places"]
            shared = [places[main.seat_entries.index(e)] for e in group["entries"]]
            assert len(set(shared)) == 1  # they shared a place at the real table
            assert group["boards"] == 3 or group["separated"]
        for link in extra:
            assert link.match.options["max_deals"] == 1
            assert int(link.match.seed) == board_seed(pairing.tiebreak_seed, link.tiebreak)
        assert len(extra) <= 3
        if seen:
            break
    assert seen, "six one-deal finals of four house bots had no tie at a podium place"


def test_bounds_agree_with_the_docs(organiser: Any) -> None:
    docs = Path(__file__).parents[2].joinpath("docs", "tournaments.md").read_text()
    found = re.search(r"`tiebreak_boards` \| .*?(\d+) to (\d+)", docs)
    assert found is not None
    assert (int(found[1]), int(found[2])) == (0, MAX_TIEBREAK_BOARDS)


def test_forfeiting_an_extra_board_loses_the_tie(organiser: Any) -> None:
    tournament, (top, second) = started(organiser, "single_elimination", 2, tiebreak_boards=5)
    (final,) = running(tournament)
    finish(final.match, [1, 1])
    (board,) = running(tournament)
    match_resign(match_id=board.match_id, seat=board.seat_entries.index(top))
    assert not running(tournament)  # no more boards: one of the two is out
    outcome = Pairing.objects.get(pk=final.pairing_id).outcome
    assert outcome["places"] == {str(second): 1, str(top): 2}
    assert Entry.objects.get(pk=top).status == Entry.Status.FORFEITED
    assert [line["entry"] for line in standings_of(Tournament.objects.get(pk=tournament.pk))] == [
        second,
        top,
    ]
