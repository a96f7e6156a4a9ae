"""House moves: thought out of any transaction, written only if the match stood still, search
on a queue of its own, a bound on one person's search seats, and abandoned practice ended."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from rest_framework.test import APIClient

from games import engine
from games.engine import strategies
from games.models import Match, Move, Seat
from games.services import matches
from games.services.callers import Caller
from games.services.matches import SeatSpec, house_moves_play, match_abort, match_create
from tests.games.conftest import advance
from tests.games.test_match_services import bot_vs_house, overdue

HOUSE = [SeatSpec(kind="house")] * 4


def _spy_on_thinking(monkeypatch: pytest.MonkeyPatch, during: Any = None) -> list[bool]:
    """Record, for every house decision, whether a transaction was open while it was made;
    ``during`` runs once, at the first decision (another request acting meanwhile)."""
    seen: list[bool] = []
    plain = strategies.choose

    def choose(*args: Any) -> Any:
        seen.append(connection.in_atomic_block)
        if during is not None and len(seen) == 1:
            during()
        return plain(*args)

    monkeypatch.setattr(strategies, "choose", choose)
    return seen


@pytest.mark.django_db(transaction=True)
def test_the_house_thinks_outside_any_transaction(monkeypatch: pytest.MonkeyPatch) -> None:
    match = match_create(game="busca", seats=HOUSE, options={"eliminate_at": 3})
    seen = _spy_on_thinking(monkeypatch)
    advance(match.pk)
    assert Match.objects.get(pk=match.pk).status == Match.Status.FINISHED
    assert seen and not any(seen)


@pytest.mark.django_db(transaction=True)
def test_a_match_that_changes_while_the_house_thinks_keeps_none_of_its_plan(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = match_create(game="busca", seats=HOUSE, options={})
    _spy_on_thinking(monkeypatch, during=lambda: match_abort(match_id=match.pk, reason="test"))
    assert house_moves_play(match_id=match.pk, turn=0) is None
    assert not Move.objects.filter(match=match).exists()
    assert Match.objects.get(pk=match.pk).status == Match.Status.ABORTED


@pytest.mark.django_db
def test_a_write_holds_about_the_batch_budget_of_thinking() -> None:
    match = match_create(game="busca", seats=HOUSE, options={})
    run = house_moves_play(match_id=match.pk, turn=0, budget=0)
    assert run is not None and run.turn == 1  # no budget: exactly one move per write
    run = house_moves_play(match_id=match.pk, turn=1)
    assert run is not None and 1 < run.turn <= 1 + matches.HOUSE_MOVES_MAX
    assert house_moves_play(match_id=match.pk, turn=0) is None  # a stale turn does nothing


@pytest.mark.django_db
def test_cheap_runs_hand_search_moves_to_the_search_queue() -> None:
    seats = [SeatSpec(kind="house", strategy="house:ismcts-fast")] + HOUSE[1:]
    match = match_create(game="busca", seats=seats, options={})
    run = house_moves_play(match_id=match.pk, turn=0, search=False)
    while run is not None and not run.search:  # the cheap seats play, up to the search seat
        run = house_moves_play(match_id=match.pk, turn=run.turn, search=False)
    match = Match.objects.get(pk=match.pk)
    assert match.to_move == 0 and match.turn < 4
    run = house_moves_play(match_id=match.pk, turn=match.turn, search=False)
    assert run is not None and run.turn == match.turn and run.search  # handed over, unplayed
    assert Move.objects.filter(match=match).count() == match.turn
    run = house_moves_play(match_id=match.pk, turn=match.turn, search=True, budget=0)
    after = Match.objects.get(pk=match.pk)  # the search seat leads again if it took the trick
    assert run is not None and run.turn == match.turn + 1 and run.search == (after.to_move == 0)
    assert Move.objects.get(match=match, turn=match.turn).seat == 0


@pytest.fixture
def api_and_bot(bot_token: tuple[Any, str]) -> tuple[APIClient, Any]:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {bot_token[1]}")
    return client, bot_token[0]


SEARCH_BUSCA = {
    "game": "busca",
    "options": {"eliminate_at": 100, "max_deals": 500},
    "seats": ["me", "house:ismcts", "house:ismcts", "house:ismcts"],
}


@pytest.mark.django_db
def test_a_resigned_practice_match_with_nobody_left_ends_unrated(
    api_and_bot: tuple[APIClient, Any], settings: Any
) -> None:
    api, _ = api_and_bot
    created = api.post("/api/v1/matches", SEARCH_BUSCA, format="json")
    assert created.status_code == 201, created.content
    match_id = created.json()["id"]
    resigned = api.post(f"/api/v1/matches/{match_id}/resign", {}, format="json")
    assert resigned.status_code == 200, resigned.content
    match = Match.objects.get(pk=match_id)
    assert match.status == Match.Status.ABORTED
    assert match.result == {"aborted": "no entrant remains"}
    assert house_moves_play(match_id=match_id, turn=match.turn) is None  # nothing left to think


@pytest.mark.django_db
def test_one_person_keeps_a_bounded_number_of_search_seats_busy(
    api_and_bot: tuple[APIClient, Any], settings: Any
) -> None:
    api, _ = api_and_bot
    settings.SEARCH_SEATS_PER_OWNER = 3
    first = api.post("/api/v1/matches", SEARCH_BUSCA, format="json")
    assert first.status_code == 201, first.content
    one_more = {**SEARCH_BUSCA, "seats": ["me", "house:ismcts-fast"] + ["house:greedy"] * 2}
    refused = api.post("/api/v1/matches", one_more, format="json")
    assert refused.status_code == 409, refused.content
    assert refused.json()["error"] == "too_many_search_seats"
    assert "at most 3" in refused.json()["detail"]
    cheap = {**SEARCH_BUSCA, "seats": ["me", "house:greedy", "house:greedy", "house:greedy"]}
    assert api.post("/api/v1/matches", cheap, format="json").status_code == 201
    api.post(f"/api/v1/matches/{first.json()['id']}/resign", {}, format="json")
    assert api.post("/api/v1/matches", one_more, format="json").status_code == 201


@pytest.mark.django_db
def test_a_practice_seat_that_times_out_for_good_ends_an_abandoned_match(
    api_and_bot: tuple[APIClient, Any], settings: Any
) -> None:
    api, _ = api_and_bot
    cheap = {"game": "busca", "options": {}, "seats": ["me"] + ["house:greedy"] * 3}
    match_id = api.post("/api/v1/matches", cheap, format="json").json()["id"]
    for _ in range(settings.TIMEOUTS_TO_FORFEIT):
        match = advance(match_id)
        if match.status != Match.Status.RUNNING:
            break
        overdue(match)
        matches.turn_time_out(match_id=match_id, turn=match.turn)
    match = Match.objects.get(pk=match_id)
    assert match.status == Match.Status.ABORTED, match.status
    assert Seat.objects.get(match=match, number=0).forfeited


def _bot_move(match: Match, bot: Any) -> Move:
    rules = engine.get(match.game)
    legal = rules.legal_moves(rules.load(match.snapshot))
    return matches.move_submit(
        match_id=match.pk,
        caller=Caller(bot.owner_id, bot.pk),
        turn=match.turn,
        move=rules.move_json(legal[0]),
    )


@pytest.mark.django_db
def test_cheap_house_moves_play_in_the_commit_of_the_move_that_made_them_due(
    bot_token: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """Against three random seats, the bot's next turn is open when its POST commits: no worker
    hop, and the bot's move and the house's replies go out as one change."""
    bot, _ = bot_token
    match = advance(bot_vs_house(bot).pk)  # the opening house moves, by the task
    assert match.to_move == 0
    with django_capture_on_commit_callbacks(execute=False) as dispatched:
        row = _bot_move(match, bot)
    after = Match.objects.get(pk=match.pk)
    assert after.to_move == 0 or not after.is_running
    assert after.turn > row.turn + 1  # the house's moves are in the log already
    by = list(Move.objects.filter(match=match, turn__gte=row.turn).values_list("by", flat=True))
    assert by == [Move.By.ENTRANT] + [Move.By.HOUSE] * (len(by) - 1)
    assert len(dispatched) == 1  # one change: one event, and no house task queued


@pytest.mark.django_db
def test_a_search_seat_or_a_paced_match_still_goes_through_a_worker(bot_token: Any) -> None:
    bot, _ = bot_token
    search = [
        SeatSpec(kind="bot", bot_id=bot.pk),
        SeatSpec(kind="house", strategy="house:ismcts-fast"),
    ]
    paced = [SeatSpec(kind="bot", bot_id=bot.pk), SeatSpec(kind="house")]
    for seats, pace in ((search + HOUSE[2:], 0.0), (paced + HOUSE[2:], 1.0)):
        match = advance(match_create(game="busca", seats=seats, options={}, house_pace=pace).pk)
        for _ in range(20):  # until a bot move makes a house seat due (a won trick: it leads)
            row = _bot_move(match, bot)
            match = Match.objects.get(pk=match.pk)
            if match.to_move != 0:
                break
        assert match.to_move != 0 and match.turn == row.turn + 1  # the house's turn, unplayed
