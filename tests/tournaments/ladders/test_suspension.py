"""A bot that keeps timing out on a ladder is suspended, its owner sees why, and it may rejoin."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from bots.models import Bot
from games import engine
from games.models import Match
from games.services.callers import Caller
from games.services.matches import match_resign, move_submit, turn_time_out
from tests.games.conftest import advance
from tests.tournaments.ladders.conftest import join, passed_check
from tournaments.ladders.models import LadderEntry
from tournaments.ladders.services.health import (
    FORFEITS_IN_A_ROW,
    MIN_MOVES,
    recent_timeout_share,
)
from tournaments.ladders.services.schedule import ladder_schedule

pytestmark = pytest.mark.django_db
MANO = "buraco-mano-a-mano"


def time_out_until_it_forfeits(match: Match, bot: Bot) -> Match:
    """Let every turn of ``bot`` time out: the third in a row forfeits, the house plays on."""
    for _ in range(10):
        match = advance(match.pk)
        if not match.is_running:
            return match
        seat = match.seats.get(number=match.to_move)
        assert seat.bot_id == bot.pk
        turn_time_out(match_id=match.pk, turn=match.turn, now_due=True)
    raise AssertionError("the match did not end")


def test_forfeiting_ladder_matches_in_a_row_suspends_the_bot(
    make_bot: Callable[..., Bot], settings: Any
) -> None:
    settings.LADDER_ANCHORS = ["house:greedy"]
    settings.LADDER_MATCHES_PER_BOT = 1
    sleepy = make_bot("sleepy")
    join(sleepy, MANO)
    for round_ in range(FORFEITS_IN_A_ROW):
        entry = LadderEntry.objects.get(bot=sleepy)
        assert entry.status == LadderEntry.Status.ACTIVE, f"suspended too early ({round_})"
        [match] = ladder_schedule(game=MANO, seed=round_)
        match = time_out_until_it_forfeits(match, sleepy)
        assert match.seats.get(bot=sleepy).forfeited
    entry = LadderEntry.objects.get(bot=sleepy)
    assert entry.status == LadderEntry.Status.SUSPENDED
    assert "forfeited 2 ladder matches in a row" in entry.reason
    assert (entry.matches, entry.forfeits, entry.timeouts) == (2, 2, 6)
    assert recent_timeout_share(bot_id=sleepy.pk, game=MANO) == (6, 6)
    assert ladder_schedule(game=MANO, seed=7) == []

    owner = Client()
    owner.force_login(sleepy.owner)
    page = owner.get(reverse("my-bot", args=[sleepy.pk])).content.decode()
    assert 'data-status="suspended"' in page and entry.reason in page

    # Its pre-flight check from before the suspension no longer counts: a new one is needed.
    again = owner.post(
        f"/api/v1/ladders/{MANO}/entries", {"bot": "sleepy"}, content_type="application/json"
    )
    assert again.status_code == 400 and again.json()["error"] == "preflight_required"
    assert "suspended" in again.json()["detail"]
    passed_check(sleepy, MANO)
    reply = owner.post(
        f"/api/v1/ladders/{MANO}/entries", {"bot": "sleepy"}, content_type="application/json"
    )
    assert reply.status_code == 201 and reply.json()["status"] == "active"
    assert reply.json()["reason"] == ""


def test_an_anchor_is_never_suspended(make_bot: Callable[..., Bot], settings: Any) -> None:
    settings.LADDER_ANCHORS = ["house:greedy"]
    bot = make_bot("player")
    join(bot, MANO)
    [match] = ladder_schedule(game=MANO, seed=1)[:1]
    time_out_until_it_forfeits(match, bot)
    anchor = LadderEntry.objects.get(anchor="house:greedy")
    assert anchor.status == LadderEntry.Status.ACTIVE and anchor.matches == 0


def test_timing_out_too_often_suspends_the_bot_even_without_forfeits(
    make_bot: Callable[..., Bot], settings: Any
) -> None:
    settings.LADDER_ANCHORS = ["house:greedy"]
    settings.LADDER_MATCHES_PER_BOT = 1
    flaky = make_bot("flaky")
    join(flaky, MANO)
    [match] = ladder_schedule(game=MANO, seed=3)
    caller = Caller(user_id=flaky.owner_id, bot_id=flaky.pk)
    for n in range(MIN_MOVES):
        match = advance(match.pk)
        assert match.is_running and match.seats.get(number=match.to_move).bot_id == flaky.pk
        if n % 2:
            turn_time_out(match_id=match.pk, turn=match.turn, now_due=True)
        else:
            rules = engine.get(MANO)
            move = rules.move_json(rules.legal_moves(rules.load(match.snapshot))[0])
            move_submit(match_id=match.pk, caller=caller, turn=match.turn, move=move)
    seat = match.seats.get(bot=flaky)
    match_resign(match_id=match.pk, seat=seat.number)
    entry = LadderEntry.objects.get(bot=flaky)
    assert entry.forfeits_in_a_row == 1 < FORFEITS_IN_A_ROW
    assert entry.status == LadderEntry.Status.SUSPENDED
    assert entry.reason == f"{MIN_MOVES // 2} of its last {MIN_MOVES} ladder moves timed out"


def test_an_owner_joins_and_leaves_from_the_bot_page(make_bot: Callable[..., Bot]) -> None:
    bot = make_bot("pager")
    Bot.objects.filter(pk=bot.pk).update(games=["busca", MANO])
    owner = Client()
    owner.force_login(bot.owner)
    page = reverse("my-bot", args=[bot.pk])
    html = owner.get(page).content.decode()
    assert 'data-game="busca" data-status="none"' in html
    cerrado = html.split('data-game="buraco-cerrado"')[1].split("</li>")[0]
    assert 'value="join"' not in cerrado and "does not play this game" in cerrado
    action = reverse("my-bot-ladder", args=[bot.pk, MANO])
    assert owner.post(action, {"action": "join"}).status_code == 302
    assert LadderEntry.objects.get(bot=bot).status == LadderEntry.Status.ACTIVE
    html = owner.get(page).content.decode()
    assert f'data-game="{MANO}" data-status="active"' in html and "pager is on the" in html
    owner.post(action, {"action": "leave"})
    assert LadderEntry.objects.get(bot=bot).status == LadderEntry.Status.LEFT
    refused = owner.post(
        reverse("my-bot-ladder", args=[bot.pk, "buraco-cerrado"]), {"action": "join"}
    )
    assert refused.status_code == 302
    assert not LadderEntry.objects.filter(bot=bot, ladder__game="buraco-cerrado").exists()
    assert "pager does not play" in owner.get(page).content.decode()
    stranger = Client()
    stranger.force_login(make_bot("other").owner)
    assert stranger.post(action, {"action": "join"}).status_code == 404
    assert owner.post(action, {"action": "dance"}).status_code == 404
