"""Pre-flight checks: starting one, what it refuses, and how a finished match is judged."""

from __future__ import annotations

import time
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from bots.models import Preflight
from bots.preflight import (
    PER_DAY,
    START_WITHIN,
    passed_recently,
    percentile,
    preflight_begin,
    preflight_finish,
    preflight_latest,
    preflight_start,
    problems_of,
)
from bots.services import bot_create
from games import engine
from games.models import Match, Seat
from games.services.callers import Caller
from games.services.delivery import turns_mark_delivered
from games.services.errors import Conflict
from games.services.matches import move_submit, turn_time_out
from tests.games.conftest import advance
from tournaments.services.tournaments import (
    TournamentSpec,
    registration_open,
    tournament_create,
)

pytestmark = pytest.mark.django_db


def _play(check: Preflight, *, time_out_first: int = 0) -> Match:
    """Play the check's match: the bot's moves through move_submit, handed over first."""
    match = Match.objects.get(pk=check.match_id)
    rules = engine.get(match.game)
    caller = Caller(check.bot.owner_id, check.bot_id)
    for _ in range(5000):
        match = advance(match.pk)
        if not match.is_running:
            return match
        if time_out_first:
            time_out_first -= 1
            turn_time_out(match_id=match.pk, turn=match.turn, now_due=True)
            continue
        turns_mark_delivered(turns=[(match.pk, match.to_move, match.turn)])
        time.sleep(0.001)
        move = rules.move_json(rules.legal_moves(rules.load(match.snapshot))[0])
        move_submit(match_id=match.pk, caller=caller, turn=match.turn, move=move)
    raise AssertionError("the check's match did not end")


def test_a_bot_that_answers_every_turn_passes(bot_token: tuple[Any, str]) -> None:
    bot, _ = bot_token
    check = preflight_start(bot=bot, game="buraco-mano-a-mano", target="practice")
    assert check.status == "running" and check.match_id is None
    begun = preflight_begin(check.pk)
    assert begun is not None and preflight_begin(check.pk) is None  # begun once only
    match = Match.objects.get(pk=begun.match_id)
    assert match.kind == Match.Kind.PREFLIGHT and match.options == {"deals": 1}
    seats = list(Seat.objects.filter(match=match).order_by("number"))
    assert [s.kind for s in seats] == ["bot", "house"] and seats[0].bot_id == bot.pk
    _play(begun)
    done = preflight_finish(match.pk)
    assert done is not None and done.status == "passed", done.report
    report = done.report
    assert report["moves"] > 10 and report["timeouts"] == 0 and report["refused"] == {}
    times = report["answer_ms"]
    assert times["count"] == report["moves"]
    assert 0 <= times["p50"] <= times["p99"] <= times["worst"] < times["limit"]
    assert report["webhook"] is None and report["problems"] == []
    assert passed_recently(bot, "buraco-mano-a-mano")
    assert not passed_recently(bot, "busca")
    assert preflight_finish(match.pk) is None  # decided once


def test_time_outs_fail_the_check_with_the_reason(bot_token: tuple[Any, str]) -> None:
    bot, _ = bot_token
    check = preflight_begin(preflight_start(bot=bot, game="buraco-mano-a-mano").pk)
    assert check is not None
    _play(check, time_out_first=2)
    done = preflight_finish(check.match_id or 0)
    assert done is not None and done.status == "failed"
    assert [p["code"] for p in done.report["problems"]] == ["timeouts"]
    assert done.report["problems"][0]["count"] == 2
    assert not passed_recently(bot, "buraco-mano-a-mano")


def test_one_check_at_a_time_and_a_daily_cap(bot_token: tuple[Any, str]) -> None:
    bot, _ = bot_token
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {bot_token[1]}")
    url = f"/api/v1/bots/{bot.pk}/preflight"
    first = api.post(url, {"game": "busca"}, format="json")
    assert first.status_code == 202, first.content
    body = first.json()
    assert body["status"] == "running" and body["target"] == "ladder"
    again = api.post(url, {"game": "busca"}, format="json")
    assert again.status_code == 409 and again.json()["error"] == "preflight_running"
    Preflight.objects.update(status="failed", finished_at=timezone.now())
    for _ in range(PER_DAY - 1):
        Preflight.objects.create(
            bot=bot, game="busca", target="ladder", move_timeout=5, status="failed"
        )
    capped = api.post(url, {"game": "busca"}, format="json")
    assert capped.status_code == 409 and capped.json()["error"] == "too_many_preflights"
    listed = api.get(url, {"game": "busca"}).json()
    assert listed["count"] == PER_DAY and listed["results"][0]["bot"] == bot.name


def test_the_api_refuses_what_it_cannot_check(bot_token: tuple[Any, str], owner: Any) -> None:
    bot, token = bot_token
    other = bot_create(owner=owner, name="other", games=["busca"]).bot
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    assert (
        APIClient().post(f"/api/v1/bots/{bot.pk}/preflight", {"game": "busca"}).status_code == 401
    )
    # A token acts only as its own bot, even for a bot of the same owner.
    assert api.post(f"/api/v1/bots/{other.pk}/preflight", {"game": "busca"}).status_code == 404
    url = f"/api/v1/bots/{bot.pk}/preflight"
    assert api.post(url, {}, format="json").json()["error"] == "invalid"
    assert api.post(url, {"game": "chess"}, format="json").json()["error"] == "invalid"
    assert api.post(url, {"game": "busca", "target": "x"}, format="json").status_code == 400
    missing = api.post(url, {"target": "tournament:999999"}, format="json")
    assert missing.status_code == 404 and missing.json()["error"] == "not_found"
    assert api.get(url, {"game": "chess"}).status_code == 400
    # Another person cannot see or start a check of this bot.
    stranger = get_user_model().objects.create_user("eve", "eve@example.org", "a-long-password-1")
    theirs = APIClient()
    theirs.force_authenticate(stranger)
    assert theirs.get(url).status_code == 404
    assert theirs.post(url, {"game": "busca"}, format="json").status_code == 404
    # Its owner, signed in, can.
    mine = APIClient()
    mine.force_authenticate(owner)
    assert mine.post(url, {"game": "busca"}, format="json").status_code == 202
    # A bot that does not play the game.
    only = mine.post(
        f"/api/v1/bots/{other.pk}/preflight", {"game": "buraco-cerrado"}, format="json"
    )
    assert only.status_code == 400 and only.json()["error"] == "bad_game"


def test_a_check_is_recent_only_for_a_while(bot_token: tuple[Any, str], settings: Any) -> None:
    bot, _ = bot_token
    long_ago = timezone.now() - timedelta(hours=settings.PREFLIGHT_VALID_HOURS + 1)
    Preflight.objects.create(
        bot=bot,
        game="busca",
        target="ladder",
        move_timeout=5,
        status="passed",
        finished_at=long_ago,
    )
    assert not passed_recently(bot, "busca")
    assert passed_recently(bot, "busca", hours=settings.PREFLIGHT_VALID_HOURS + 2)


def test_the_problems_of_a_report() -> None:
    base: dict[str, Any] = {
        "match_status": "finished",
        "moves": 30,
        "timeouts": 0,
        "forfeited": False,
        "refused": {},
        "answer_ms": {"count": 30, "p50": 5, "p99": 40, "worst": 40, "limit": 10000},
        "webhook": None,
    }
    assert problems_of(base) == []
    slow = {**base, "answer_ms": {**base["answer_ms"], "p99": 12000, "worst": 13000}}
    assert [p["code"] for p in problems_of(slow)] == ["slow"]
    refused = problems_of({**base, "refused": {"illegal_move": 2, "invalid_move": 1}})
    assert refused == [{"code": "refused", "count": 3, "codes": "illegal_move 2, invalid_move 1"}]
    webhook = {"echoed": True, "refused_bad_signature": False, "detail": ""}
    assert [p["code"] for p in problems_of({**base, "webhook": webhook})] == [
        "webhook_accepts_bad_signature"
    ]
    aborted = problems_of({**base, "match_status": "aborted", "moves": 0})
    assert [p["code"] for p in aborted] == ["not_finished", "no_moves"]
    assert percentile([], 0.5) is None
    assert percentile([5, 1, 3, 2, 4], 0.5) == 3
    assert percentile(list(range(1, 101)), 0.99) == 99
    assert percentile([7], 0.99) == 7


def test_a_check_that_never_began_fails_with_the_reason(bot_token: tuple[Any, str]) -> None:
    bot, _ = bot_token
    check = preflight_start(bot=bot, game="busca")
    assert preflight_latest(bot, "busca").status == "running"  # type: ignore[union-attr]
    Preflight.objects.filter(pk=check.pk).update(
        created_at=timezone.now() - START_WITHIN - timedelta(seconds=1)
    )
    latest = preflight_latest(bot, "busca")
    assert latest is not None and latest.status == "failed"
    assert [p["code"] for p in latest.report["problems"]] == ["not_started"]
    assert preflight_begin(check.pk) is None  # a failed check never starts a match late
    # The next check may start: the failed one no longer blocks it.
    assert preflight_start(bot=bot, game="busca").status == "running"


def test_the_bot_page_runs_a_check_and_shows_it_in_words(
    bot_token: tuple[Any, str], owner: Any
) -> None:
    bot, _ = bot_token
    page = Client()
    page.force_login(owner)
    started = page.post(f"/accounts/bots/{bot.pk}/preflight/", {"game": "busca"}, follow=True)
    assert started.status_code == 200
    text = started.content.decode()
    assert "Pre-flight check" in text and "under way" in text
    check = Preflight.objects.get(bot=bot)
    problems = [{"code": "timeouts", "count": 2}, {"code": "webhook_accepts_bad_signature"}]
    report = {
        "moves": 30,
        "timeouts": 2,
        "forfeited": False,
        "refused": {},
        "answer_ms": {"count": 28, "p50": 12, "p99": 80, "worst": 95, "limit": 10000},
        "webhook": {"echoed": True, "refused_bad_signature": False, "detail": ""},
        "problems": problems,
    }
    Preflight.objects.filter(pk=check.pk).update(status="failed", report=report)
    text = page.get(f"/accounts/bots/{bot.pk}/").content.decode()
    assert "2 moves ran out of time." in text and "99% within 80 ms" in text
    assert "check X-Signature on every call" in text
    spanish = page.get(f"/accounts/bots/{bot.pk}/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Pre-flight check" not in spanish and "2 moves ran out of time." not in spanish
    # Another person's bot: not theirs to check.
    stranger = get_user_model().objects.create_user("mallory", "m@example.org", "a-long-pass-9")
    page.force_login(stranger)
    assert page.post(f"/accounts/bots/{bot.pk}/preflight/", {"game": "busca"}).status_code == 404


def test_a_tournament_may_take_only_checked_bots(bot_token: tuple[Any, str], owner: Any) -> None:
    bot, token = bot_token
    organiser = get_user_model().objects.create_user("olga", "o@example.org", "a-long-pass-7")
    spec = TournamentSpec(
        name="Checked cup",
        game="busca",
        format="table_knockout",
        options={"eliminate_at": 5},
        require_preflight=True,
    )
    tournament = tournament_create(organiser=organiser, spec=spec)
    registration_open(tournament_id=tournament.pk, user=organiser)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    url = f"/api/v1/tournaments/{tournament.pk}/entries"
    refused = api.post(url, {"kind": "bot", "bot": bot.pk}, format="json")
    assert refused.status_code == 400 and refused.json()["error"] == "preflight_required"
    assert f"tournament:{tournament.pk}" in refused.json()["detail"]
    assert APIClient().get(f"/api/v1/tournaments/{tournament.pk}").json()["require_preflight"]
    # A passed check of another game does not count; one of this game does.
    Preflight.objects.create(
        bot=bot,
        game="buraco-cerrado",
        target="ladder",
        move_timeout=5,
        status="passed",
        finished_at=timezone.now(),
    )
    assert api.post(url, {"kind": "bot", "bot": bot.pk}, format="json").status_code == 400
    Preflight.objects.create(
        bot=bot,
        game="busca",
        target=f"tournament:{tournament.pk}",
        move_timeout=5,
        status="passed",
        finished_at=timezone.now(),
    )
    entered = api.post(url, {"kind": "bot", "bot": bot.pk}, format="json")
    assert entered.status_code == 201, entered.content
    # The check's target: that tournament's game and time a move.
    check = preflight_start(bot=bot, game=None, target=f"tournament:{tournament.pk}")
    assert check.game == "busca" and check.move_timeout == 10.0


def test_one_owner_runs_a_bounded_number_of_checks(
    bot_token: tuple[Any, str], owner: Any, settings: Any
) -> None:
    settings.PRACTICE_MATCH_LIMIT = 2
    bots = [bot_token[0]] + [
        bot_create(owner=owner, name=f"many{n}", games=[]).bot for n in range(2)
    ]
    for bot in bots[:2]:
        assert preflight_start(bot=bot, game="busca").status == "running"
    with pytest.raises(Conflict) as refused:
        preflight_start(bot=bots[2], game="busca")
    assert refused.value.code == "too_many_preflights"
