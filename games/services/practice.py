"""Practice matches: a bot or a person against house bots and their owner's own bots.

Another person's bot takes a seat only through a challenge it accepts (challenges.py). Each
bot or person may have ``PRACTICE_MATCH_LIMIT`` practice and challenge matches running, and
may abort the ones they started.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import QuerySet

from bots.models import Bot
from games import engine
from games.engine import strategies
from games.models import Match, Seat
from games.services.callers import Caller
from games.services.errors import BadOptions, Conflict, NotFound, Refused
from games.services.matches import SeatSpec, match_abort, match_create
from games.services.search_seats import search_seats_check


def seats_needed(game: str, options: dict[str, Any]) -> int:
    """Return how many seats ``game`` with ``options`` has (bad options: BadOptions)."""
    try:
        rules = engine.get(game)
    except KeyError as exc:
        raise BadOptions(str(exc.args[0]), code="unknown_game") from None
    try:
        return rules.seats(rules.new(0, **options))
    except (TypeError, ValueError) as exc:
        raise BadOptions(f"bad options for {game}: {exc}") from None


def seat_spec(entry: Any, caller: Caller, game: str, rival: Bot | None = None) -> SeatSpec:
    """Return who takes the seat ``entry`` names; ``rival`` is a challenged bot allowed in."""
    if entry == "me":
        if caller.bot_id is not None:
            return SeatSpec(kind=Seat.Kind.BOT, bot_id=caller.bot_id)
        return SeatSpec(kind=Seat.Kind.USER, user_id=caller.user_id)
    if isinstance(entry, str) and entry in strategies.names():
        return SeatSpec(kind=Seat.Kind.HOUSE, strategy=entry)
    if isinstance(entry, dict) and set(entry) == {"bot"} and isinstance(entry["bot"], str):
        bot = Bot.objects.filter(name=entry["bot"], is_active=True).first()
        if bot is None:
            raise BadOptions(f"no bot named {entry['bot']!r}", code="unknown_bot")
        if bot.owner_id != caller.user_id and (rival is None or bot.pk != rival.pk):
            raise BadOptions(
                f"{bot.name} belongs to another person: challenge it with "
                "POST /api/v1/challenges, and the match starts when it accepts",
                code="challenge_required",
            )
        if not bot.plays(game):
            raise BadOptions(f"{bot.name} does not play {game}", code="not_accepted")
        return SeatSpec(kind=Seat.Kind.BOT, bot_id=bot.pk)
    raise BadOptions(
        f"a seat is 'me', one of {strategies.names()}, or {{\"bot\": name}}; not {entry!r}",
        code="bad_seat",
    )


def running_practice_of(caller: Caller) -> QuerySet[Match]:
    """Return the running practice and challenge matches where the caller has a seat."""
    if caller.bot_id is not None:
        seated = {"seats__kind": Seat.Kind.BOT, "seats__bot_id": caller.bot_id}
    else:
        seated = {"seats__kind": Seat.Kind.USER, "seats__user_id": caller.user_id}
    return Match.objects.filter(
        status=Match.Status.RUNNING,
        kind__in=[Match.Kind.PRACTICE, Match.Kind.CHALLENGE],
        **seated,
    ).distinct()


def rows_lock(user_ids: list[int], bot_ids: list[int | None]) -> None:
    """Lock the rows of people, then of bots, each by id: every path that counts matches or
    challenges takes its locks in this one order, so that the counts cannot race and the locks
    cannot deadlock."""
    users = sorted(set(user_ids))
    list(get_user_model().objects.select_for_update().filter(pk__in=users).order_by("pk"))
    bots = sorted({b for b in bot_ids if b is not None})
    list(Bot.objects.select_for_update().filter(pk__in=bots).order_by("pk"))


def caller_lock(caller: Caller) -> None:
    """Lock the caller's person and bot rows (see ``rows_lock``)."""
    rows_lock([caller.user_id], [caller.bot_id])


def practice_limit_check(caller: Caller, *, who: str = "you", owner_too: bool = True) -> None:
    """Raise Conflict ``too_many_matches`` when the caller has the most practice and challenge
    matches allowed running; ``owner_too`` also counts every one its person (and their bots)
    started, so that many bots of one person do not multiply the limit."""
    limit = settings.PRACTICE_MATCH_LIMIT
    hint = f"(at most {limit}); finish or abort one: POST /api/v1/matches/{{id}}/abort"
    running = running_practice_of(caller).count()
    if running >= limit:
        raise Conflict(
            f"{who} already {'play' if who == 'you' else 'plays'} {running} practice or "
            f"challenge matches {hint}",
            code="too_many_matches",
        )
    started = Match.objects.filter(
        status=Match.Status.RUNNING,
        kind__in=[Match.Kind.PRACTICE, Match.Kind.CHALLENGE],
        created_by_id=caller.user_id,
    ).count()
    if owner_too and started >= limit:
        raise Conflict(
            f"{who}: the person behind started {started} practice or challenge matches that "
            f"are still running, with their bots {hint}",
            code="too_many_matches",
        )


def practice_match_create(
    *,
    caller: Caller,
    game: str,
    options: dict[str, Any] | None = None,
    seats: list[Any] | None = None,
    move_timeout: float | None = None,
    clock: dict[str, Any] | None = None,
) -> Match:
    """Start a practice match; seats default to the caller then greedy house bots."""
    options = dict(options or {})
    needed = seats_needed(game, options)
    entries = list(seats) if seats else ["me"] + ["house:greedy"] * (needed - 1)
    if "me" not in entries:
        raise BadOptions("the caller must take a seat: put 'me' among the seats", code="bad_seat")
    specs = [seat_spec(entry, caller, game) for entry in entries]
    with transaction.atomic():
        caller_lock(caller)
        practice_limit_check(caller)
        search_seats_check(owner_id=caller.user_id, specs=specs)
        return match_create(
            game=game,
            seats=specs,
            options=options,
            move_timeout=move_timeout,
            created_by_id=caller.user_id,
            kind=Match.Kind.PRACTICE,
            clock=clock,
        )


def practice_match_abort(*, match_id: int, caller: Caller) -> Match:
    """Abort a practice or challenge match the caller started (a bot: one it sits in)."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        raise NotFound(f"no match {match_id}")
    if not match.is_practice:
        raise Conflict(
            f"match {match_id} is a {match.kind} match: only practice and challenge matches "
            "can be aborted",
            code="not_abortable",
        )
    seated = caller.bot_id is None or bool(caller.seats_in(match.seats.all()))
    if match.created_by_id != caller.user_id or not seated:
        raise Refused(f"match {match_id} was not started by you", code="not_your_match")
    if match.status == Match.Status.FINISHED:
        raise Conflict(f"match {match_id} is already finished", code="not_abortable")
    if match.turn > 0 and _entrants(match) > 1:
        # Such a match is rated: aborting a losing one would dodge the rating.
        raise Conflict(
            f"match {match_id} has begun between two entrants and counts for their ratings: "
            "resign instead (POST /api/v1/matches/{id}/resign)",
            code="not_abortable",
        )
    return match_abort(match_id=match.pk, reason="aborted by its owner")


def _entrants(match: Match) -> int:
    """Return how many different bots and people play in ``match`` (the house not counted)."""
    seats = match.seats.exclude(kind=Seat.Kind.HOUSE).values_list("bot_id", "user_id")
    return len({("bot", b) if b is not None else ("user", u) for b, u in seats})
