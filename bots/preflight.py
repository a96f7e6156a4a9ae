"""Pre-flight checks: a short match against house bots before a bot competes (docs/bots.md).

``preflight_start`` records a running check and queues ``bots.preflight_run``: for a webhook
bot it first sends two signed calls (one it must echo, one with a wrong signature it must
refuse), then it starts the match: the bot in seat 0, ``house:greedy`` in the others, short
options, and the target competition's time per move. When the match ends, ``preflight_finish``
reads what it showed (the bot's moves, time-outs, refused answers and answer times) and
decides: passed or failed, with the reasons as codes.
"""

from __future__ import annotations

import json
import math
import secrets
from datetime import datetime, timedelta
from typing import Any

import httpx
from celery import current_app
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from bots import secrets_box
from bots.models import Bot, Preflight
from bots.webhooks import signed_post
from games import engine
from games.models import Match, Move, Seat
from games.services.delivery import answer_times
from games.services.errors import BadOptions, Conflict, NotFound
from games.services.matches import SeatSpec, match_create

# Short matches: enough moves for the figures (about 30 to 100 of the bot's), over in seconds.
SHORT_OPTIONS: dict[str, dict[str, Any]] = {
    "busca": {"eliminate_at": 5},
    "buraco-cerrado": {"deals": 1},
    "buraco-mano-a-mano": {"deals": 1},
}
HOUSE = "house:greedy"
PER_DAY = 20  # pre-flights a bot may start in 24 hours
MAX_MOVE_TIMEOUT = 120.0  # seconds: a pre-flight never waits longer for a move
WEBHOOK_CHECK_TIMEOUT = 10.0
START_WITHIN = timedelta(minutes=2)  # a check whose match has not begun by then has failed

# Why a check failed: code -> English text (the API's); pages translate them (preflight_words).
PROBLEMS = {
    "no_moves": "the bot made no move of its own",
    "timeouts": "{count} move(s) timed out",
    "forfeited": "the bot forfeited its seat (3 time-outs in a row)",
    "refused": "the API refused {count} of the bot's answers ({codes})",
    "slow": "the slowest 1% of answers took {p99} ms, over the {limit} ms limit",
    "not_finished": "the match did not finish: {status}",
    "not_started": "the check could not start: {detail}",
    "webhook_no_echo": "the webhook did not echo the signed pre-flight call: {detail}",
    "webhook_accepts_bad_signature": "the webhook accepted a call with a wrong signature",
}


def problem_text(problem: dict[str, Any]) -> str:
    """Return a problem of a report in English."""
    return PROBLEMS[problem["code"]].format(**problem)


def target_timeout(target: str, game: str) -> tuple[str, float]:
    """Return the game and the time a move of ``target`` (``ladder``, ``practice`` or
    ``tournament:N``); raise BadOptions for an unknown target."""
    from tournaments.models import Tournament  # tournaments sit above bots: read, never call

    if target.startswith("tournament:"):
        number = target.removeprefix("tournament:")
        tournament = Tournament.objects.filter(pk=int(number)).first() if number.isdigit() else None
        if tournament is None:
            raise NotFound(f"no tournament {number}")
        return tournament.game, tournament.move_timeout or settings.BOT_MOVE_TIMEOUT
    if target == "ladder":
        return game, float(getattr(settings, "LADDER_MOVE_TIMEOUT", settings.BOT_MOVE_TIMEOUT))
    if target == "practice":
        return game, settings.BOT_MOVE_TIMEOUT
    raise BadOptions("target must be ladder, practice or tournament:N", code="invalid")


def preflight_start(*, bot: Bot, game: str | None, target: str = "ladder") -> Preflight:
    """Record a pre-flight of ``bot`` and queue it; refuse a second one while one runs."""
    if target.startswith("tournament:"):
        game, timeout = target_timeout(target, "")
    else:
        if game not in engine.names():
            raise BadOptions(f"no game {game!r}", code="unknown_game")
        game, timeout = target_timeout(target, game)
    if not bot.is_active:
        raise BadOptions("the bot is retired", code="inactive_bot")
    if not bot.plays(game):
        raise BadOptions(f"{bot.name} does not play {game}", code="bad_game")
    with transaction.atomic():
        Bot.objects.select_for_update().filter(pk=bot.pk).first()  # one start at a time
        mine = Preflight.objects.filter(bot=bot)
        if mine.filter(status=Preflight.Status.RUNNING).exists():
            raise Conflict("a pre-flight of this bot is running", code="preflight_running")
        owners = Preflight.objects.filter(bot__owner_id=bot.owner_id, status="running").count()
        if owners >= settings.PRACTICE_MATCH_LIMIT:
            raise Conflict(
                f"{owners} pre-flights of your bots are running (at most "
                f"{settings.PRACTICE_MATCH_LIMIT}): wait for one to end",
                code="too_many_preflights",
            )
        since = timezone.now() - timedelta(days=1)
        if mine.filter(created_at__gte=since).count() >= PER_DAY:
            raise Conflict(
                f"{PER_DAY} pre-flights in 24 hours: try again later", code="too_many_preflights"
            )
        check = Preflight.objects.create(
            bot=bot, game=game, target=target, move_timeout=min(timeout, MAX_MOVE_TIMEOUT)
        )
        transaction.on_commit(lambda: _queue(check.pk))
    return check


# The task that runs a check (bots/tasks.py), by name: services start tasks by name, so this
# module never imports the tasks that import it.
PREFLIGHT_TASK = "bots.preflight_run"


def _queue(preflight_id: int) -> None:
    current_app.send_task(PREFLIGHT_TASK, args=(preflight_id,))


def preflight_begin(preflight_id: int) -> Preflight | None:
    """Run the webhook check (webhook bots), then start the match; None if already begun."""
    check = Preflight.objects.select_related("bot").filter(pk=preflight_id).first()
    if check is None or check.status != Preflight.Status.RUNNING or check.match_id:
        return None
    webhook = webhook_check(check.bot) if check.bot.webhook_url else None
    report: dict[str, Any] = {"webhook": webhook}
    rules = engine.get(check.game)
    players = rules.seats(rules.new(0, **SHORT_OPTIONS[check.game]))
    seats = [SeatSpec(kind=Seat.Kind.BOT, bot_id=check.bot_id)]
    seats += [SeatSpec(kind=Seat.Kind.HOUSE, strategy=HOUSE) for _ in range(players - 1)]
    with transaction.atomic():
        check = Preflight.objects.select_for_update().get(pk=preflight_id)
        if check.match_id or check.status != Preflight.Status.RUNNING:
            return None
        match = match_create(
            game=check.game,
            seats=seats,
            options=SHORT_OPTIONS[check.game],
            move_timeout=check.move_timeout,
            created_by_id=check.bot.owner_id,
            kind=Match.Kind.PREFLIGHT,
        )
        check.match = match
        check.report = report
        check.save(update_fields=["match", "report"])
    return check


def preflight_fail_to_start(preflight_id: int, why: str) -> None:
    """Fail a check whose match could not be started (it is never left running)."""
    problem = {"code": "not_started", "detail": why}
    Preflight.objects.filter(pk=preflight_id, status=Preflight.Status.RUNNING).update(
        status=Preflight.Status.FAILED, finished_at=timezone.now(), report={"problems": [problem]}
    )


def webhook_check(bot: Bot) -> dict[str, Any]:
    """Send a signed call the webhook must echo and a badly signed one it must refuse."""
    try:
        secret = secrets_box.decrypt(bot.webhook_secret_encrypted)
    except ValueError:
        return {"echoed": False, "refused_bad_signature": False, "detail": "no webhook secret"}
    good_nonce, bad_nonce = secrets.token_hex(16), secrets.token_hex(16)
    result: dict[str, Any] = {"echoed": False, "refused_bad_signature": False, "detail": ""}
    try:
        reply = _signed_call(bot.webhook_url, secret, good_nonce)
        echoed = reply.status_code == 200 and reply.json().get("nonce") == good_nonce
        result["echoed"] = echoed
        if not echoed:
            result["detail"] = f"it answered {reply.status_code} without the nonce"
    except (httpx.HTTPError, ValueError, AttributeError, ValidationError) as exc:
        result["detail"] = f"the call failed: {type(exc).__name__}"
    try:
        wrong = secrets.token_urlsafe(32)
        reply = _signed_call(bot.webhook_url, wrong, bad_nonce)
        result["refused_bad_signature"] = 400 <= reply.status_code < 500
    except (httpx.HTTPError, ValidationError):
        result["refused_bad_signature"] = False
    return result


def _signed_call(url: str, secret: str, nonce: str) -> httpx.Response:
    body = json.dumps({"kind": "preflight", "nonce": nonce}, separators=(",", ":")).encode()
    timeout = min(WEBHOOK_CHECK_TIMEOUT, settings.WEBHOOK_TIMEOUT)
    return signed_post(url, secret=secret, body=body, timeout=timeout)


def percentile(values: list[int], share: float) -> int | None:
    """Return the nearest-rank percentile of ``values`` (None when there are none)."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def preflight_finish(match_id: int) -> Preflight | None:
    """Decide the pre-flight of a match that has ended; None if there is none to decide."""
    with transaction.atomic():
        check = Preflight.objects.select_for_update().filter(match_id=match_id).first()
        if check is None or check.status != Preflight.Status.RUNNING:
            return None
        match = Match.objects.get(pk=match_id)
        if match.is_running:
            return None
        seat = Seat.objects.get(match=match, number=0)
        times = answer_times(match_id, 0)
        moves = Move.objects.filter(match=match, seat=0, by=Move.By.ENTRANT).count()
        limit = round(check.move_timeout * 1000)
        report = dict(check.report)
        report.update(
            {
                "moves": moves,
                "timeouts": seat.timeouts,
                "forfeited": seat.forfeited,
                "refused": dict(seat.refusals or {}),
                "answer_ms": {
                    "count": len(times),
                    "p50": percentile(times, 0.50),
                    "p99": percentile(times, 0.99),
                    "worst": max(times) if times else None,
                    "limit": limit,
                },
                "match_status": match.status,
            }
        )
        report["problems"] = problems_of(report)
        check.report = report
        check.status = Preflight.Status.FAILED if report["problems"] else Preflight.Status.PASSED
        check.finished_at = timezone.now()
        check.save(update_fields=["report", "status", "finished_at"])
    return check


def problems_of(report: dict[str, Any]) -> list[dict[str, Any]]:
    """Return why a finished check fails (empty: it passed)."""
    found: list[dict[str, Any]] = []
    if report["match_status"] != Match.Status.FINISHED:
        found.append({"code": "not_finished", "status": report["match_status"]})
    if not report["moves"]:
        found.append({"code": "no_moves"})
    if report["timeouts"]:
        found.append({"code": "timeouts", "count": report["timeouts"]})
    if report["forfeited"]:
        found.append({"code": "forfeited"})
    refused = report["refused"]
    if refused:
        codes = ", ".join(f"{code} {count}" for code, count in sorted(refused.items()))
        found.append({"code": "refused", "count": sum(refused.values()), "codes": codes})
    times = report["answer_ms"]
    if times["p99"] is not None and times["p99"] > times["limit"]:
        found.append({"code": "slow", "p99": times["p99"], "limit": times["limit"]})
    webhook = report.get("webhook")
    if webhook is not None:
        if not webhook["echoed"]:
            found.append({"code": "webhook_no_echo", "detail": webhook["detail"] or "no echo"})
        if not webhook["refused_bad_signature"]:
            found.append({"code": "webhook_accepts_bad_signature"})
    return found


def preflight_latest(bot: Bot, game: str | None = None) -> Preflight | None:
    """Return the bot's latest check (of ``game``), deciding it first if its match has ended."""
    rows = Preflight.objects.filter(bot=bot)
    if game is not None:
        rows = rows.filter(game=game)
    check = rows.first()
    if check is None or check.status != Preflight.Status.RUNNING:
        return check
    if check.match_id is None:
        if check.created_at < timezone.now() - START_WITHIN:  # its task was lost
            preflight_fail_to_start(check.pk, "it did not start in time; run it again")
            check.refresh_from_db()
        return check
    if not Match.objects.filter(pk=check.match_id, status=Match.Status.RUNNING).exists():
        check = preflight_finish(check.match_id) or check
    return check


def passed_recently(
    bot: Bot, game: str, *, hours: float | None = None, after: datetime | None = None
) -> bool:
    """Tell whether ``bot`` passed a pre-flight of ``game`` within ``hours``
    (PREFLIGHT_VALID_HOURS by default) and, if given, after ``after`` (a suspension)."""
    hours = settings.PREFLIGHT_VALID_HOURS if hours is None else hours
    since = timezone.now() - timedelta(hours=hours)
    if after is not None:
        since = max(since, after)
    return Preflight.objects.filter(
        bot=bot, game=game, status=Preflight.Status.PASSED, finished_at__gte=since
    ).exists()


def preflight_json(check: Preflight) -> dict[str, Any]:
    """Return a pre-flight as the API shows it."""
    report = check.report or {}
    return {
        "id": check.pk,
        "bot": check.bot.name,
        "game": check.game,
        "target": check.target,
        "move_timeout": check.move_timeout,
        "status": check.status,
        "match": check.match_id,
        "created_at": check.created_at.isoformat(),
        "finished_at": check.finished_at.isoformat() if check.finished_at else None,
        "report": {
            **report,
            "problems": [
                {**problem, "detail": problem_text(problem)}
                for problem in report.get("problems", [])
            ],
        },
    }
