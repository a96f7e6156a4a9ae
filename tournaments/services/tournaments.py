"""The tournament lifecycle: draft -> registration -> running -> finished, or cancelled."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from games import engine
from games.services.clock import clock_check
from games.services.errors import BadOptions
from games.services.matches import HOUSE_PACE_MAX
from tournaments.models import Entry, Round, Tournament
from tournaments.services import boards, duplicate
from tournaments.services.boards import HOUSE_PACE
from tournaments.services.errors import NotFound, TournamentError, WrongState
from tournaments.services.forfeits import tournament_abort_matches
from tournaments.services.formats import FORMATS_BY_GAME
from tournaments.services.permissions import check_manage
from tournaments.services.rounds import round_next
from tournaments.services.seeding import seeds_assign
from tournaments.services.seeds import seed_new
from tournaments.services.settlement import round_settle
from tournaments.services.tables_apart import owners_apart_check
from tournaments.services.tiebreaks import MAX_TIEBREAK_BOARDS

RULE_OPTIONS = {
    "busca": {"eliminate_at", "two_tied_double", "max_deals"},
    "buraco-cerrado": {"target", "deals", "joker_points", "pile_wilds", "close_needs", "max_deals"},
    "buraco-mano-a-mano": {
        "target",
        "deals",
        "joker_points",
        "pile_wilds",
        "close_needs",
        "max_deals",
    },
}
MAX_CAPACITY = 4096
Status = Tournament.Status


@dataclass(frozen=True)
class TournamentSpec:
    """What an organiser chooses when creating a tournament."""

    name: str
    game: str
    format: str
    options: dict[str, Any]
    move_timeout: float | None = None
    duplicate: bool = False
    third_place: bool = False
    advance: int = 2
    swiss_rounds: int | None = None
    seeding: str = Tournament.Seeding.DRAW
    open_to: str = Tournament.OpenTo.BOTS  # the audience: bots, people or both
    capacity: int = 16
    check_in: bool = False
    require_preflight: bool = False
    tiebreak_boards: int = 0
    clock: dict[str, Any] | None = None
    check_in_minutes: int = 30
    starts_at: datetime | None = None


def spec_check(spec: TournamentSpec) -> None:
    """Raise TournamentError unless the spec makes a tournament that can run."""
    if spec.game not in FORMATS_BY_GAME:
        raise TournamentError(f"unknown game {spec.game!r}", code="unknown_game")
    if spec.format not in FORMATS_BY_GAME[spec.game]:
        allowed = ", ".join(FORMATS_BY_GAME[spec.game])
        raise TournamentError(
            f"{spec.game} is played as {allowed}, not {spec.format!r}", code="bad_format"
        )
    unknown = set(spec.options) - RULE_OPTIONS[spec.game] - boards.PLATFORM_OPTIONS
    if unknown:
        raise TournamentError(
            f"unknown options for {spec.game}: {', '.join(sorted(unknown))}", code="bad_options"
        )
    house_pace_check(spec.options.get(HOUSE_PACE, 0))
    if type(spec.options.get(boards.CHAT, False)) is not bool:
        raise TournamentError("chat must be true or false", code="bad_options")
    try:
        engine.get(spec.game).new(0, **boards.rule_options(spec.options))
    except (TypeError, ValueError) as exc:
        raise TournamentError(f"bad options for {spec.game}: {exc}", code="bad_options") from None
    if spec.open_to not in Tournament.OpenTo.values:
        raise TournamentError(
            f"open_to (who may enter) must be bots, people or both, not {spec.open_to!r}"
        )
    if not 2 <= spec.capacity <= MAX_CAPACITY:
        raise TournamentError(f"capacity must be between 2 and {MAX_CAPACITY}")
    if spec.move_timeout is not None and not 0.5 <= spec.move_timeout <= 86400:
        raise TournamentError("move_timeout must be between 0.5 and 86400 seconds")
    try:
        clock_check(spec.clock)  # each match normalises it again (games/services/clock.py)
    except BadOptions as exc:
        raise TournamentError(exc.detail, code="bad_options") from None
    if spec.format == "table_knockout" and spec.advance not in (1, 2, 3):
        raise TournamentError("advance must be 1, 2 or 3 for a table knockout")
    if spec.swiss_rounds is not None and not 1 <= spec.swiss_rounds <= 64:
        raise TournamentError("swiss_rounds must be between 1 and 64")
    if not 0 <= spec.tiebreak_boards <= MAX_TIEBREAK_BOARDS:
        raise TournamentError(f"tiebreak_boards must be between 0 and {MAX_TIEBREAK_BOARDS}")
    if spec.check_in and spec.starts_at is None:
        raise TournamentError("a check-in needs a start time")
    if spec.duplicate and spec.capacity < duplicate.MIN_CAPACITY:
        raise TournamentError(
            f"duplicate boards compare one deal at two tables: capacity must be at least "
            f"{duplicate.MIN_CAPACITY}",
            code="bad_format",
        )


def house_pace_check(value: Any) -> None:
    """Raise bad_options unless ``value`` is a number of seconds from 0 to HOUSE_PACE_MAX."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TournamentError("house_pace must be a number of seconds", code="bad_options")
    if not 0 <= value <= HOUSE_PACE_MAX:
        raise TournamentError(
            f"house_pace must be between 0 and {HOUSE_PACE_MAX:g} seconds", code="bad_options"
        )


def tournament_create(*, organiser: Any, spec: TournamentSpec) -> Tournament:
    """Create a draft tournament organised by ``organiser``."""
    spec_check(spec)
    tournament = Tournament.objects.create(
        organiser=organiser if organiser is not None and organiser.pk else None,
        seed=str(seed_new()),
        **spec.__dict__,
    )
    return tournament


def tournament_locked(tournament_id: int) -> Tournament:
    tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    if tournament is None:
        raise NotFound(f"no tournament {tournament_id}")
    return tournament


def registration_open(*, tournament_id: int, user: Any) -> Tournament:
    """Open a draft tournament's registration."""
    from tournaments.services.events import event_on_commit

    with transaction.atomic():
        tournament = tournament_locked(tournament_id)
        check_manage(user, tournament)
        if tournament.status != Status.DRAFT:
            raise WrongState(f"registration opens from a draft, not from {tournament.status}")
        tournament.status = Status.REGISTRATION
        tournament.save(update_fields=["status"])
        event_on_commit(tournament.pk, "status", status=tournament.status)
    return tournament


PARTNER_NEVER_ACCEPTED = "the partner did not accept the invitation before the start"


def tournament_start(*, tournament_id: int, user: Any = None, due: bool = False) -> Tournament:
    """Start a tournament now: drop unchecked entries, seed, and start round 1.

    ``due`` is the tick's call at the scheduled time (no user; does nothing before it).
    """
    from tournaments.services.events import event_on_commit

    with transaction.atomic():
        tournament = tournament_locked(tournament_id)
        if due:
            ready = tournament.status == Status.REGISTRATION and not tournament.paused
            if not ready or not tournament.starts_at or tournament.starts_at > timezone.now():
                return tournament
        else:
            check_manage(user, tournament)
        if tournament.status not in (Status.DRAFT, Status.REGISTRATION):
            raise WrongState(f"the tournament is {tournament.status}")
        Entry.objects.filter(tournament=tournament, status=Entry.Status.INVITED).update(
            status=Entry.Status.DROPPED, reason=PARTNER_NEVER_ACCEPTED
        )
        entries = list(Entry.objects.filter(tournament=tournament, status=Entry.Status.ACTIVE))
        if tournament.check_in:
            absent = [e for e in entries if e.checked_in_at is None and not e.replacement]
            Entry.objects.filter(pk__in=[e.pk for e in absent]).update(status=Entry.Status.DROPPED)
            entries = [e for e in entries if e not in absent]
        if len(entries) < 2:
            if due:  # nobody to play: the scheduled start cancels the tournament
                tournament.status = Status.CANCELLED
                tournament.save(update_fields=["status"])
                event_on_commit(tournament.pk, "status", status=tournament.status)
                return tournament
            raise WrongState(f"a tournament needs 2 entries to start, it has {len(entries)}")
        seeds_assign(tournament, entries)
        try:
            owners_apart_check(tournament, entries)
            if tournament.duplicate:
                _duplicate_check(tournament, entries)
        except TournamentError:
            if not due:
                raise
            # The scheduled start cannot keep owners apart: cancel, as with no field.
            tournament.status = Status.CANCELLED
            tournament.save(update_fields=["status"])
            event_on_commit(tournament.pk, "status", status=tournament.status)
            return tournament
        tournament.status = Status.RUNNING
        tournament.started_at = timezone.now()
        tournament.save(update_fields=["status", "started_at"])
        event_on_commit(tournament.pk, "status", status=tournament.status)
        round_next(tournament)
    return tournament


def _duplicate_check(tournament: Tournament, entries: list[Entry]) -> None:
    """Refuse a duplicate field that cannot keep one deal, one seat per entrant."""
    from tournaments.services.formats import format_of, seeded_entries, settings_of

    duplicate.owner_check_field(entries)
    first = format_of(tournament).first_round(seeded_entries(tournament), settings_of(tournament))
    duplicate.field_check(tournament, first)


def tournament_pause(*, tournament_id: int, user: Any) -> Tournament:
    """Pause: running matches go on, but no new round starts."""
    return _set_paused(tournament_id, user, True)


def tournament_resume(*, tournament_id: int, user: Any) -> Tournament:
    """Resume, and draw the next round if the last one finished while paused."""
    return _set_paused(tournament_id, user, False)


def _set_paused(tournament_id: int, user: Any, paused: bool) -> Tournament:
    from tournaments.services.events import event_on_commit

    with transaction.atomic():
        tournament = tournament_locked(tournament_id)
        check_manage(user, tournament)
        if tournament.status in (Status.FINISHED, Status.CANCELLED):
            raise WrongState(f"the tournament is {tournament.status}")
        if tournament.paused == paused:
            raise WrongState("the tournament is already " + ("paused" if paused else "running"))
        tournament.paused = paused
        tournament.save(update_fields=["paused"])
        event_on_commit(tournament.pk, "paused" if paused else "resumed")
        if not paused and tournament.is_running:
            rounds_catch_up(tournament)
    return tournament


def rounds_catch_up(tournament: Tournament) -> None:
    """Settle a last round with no match left and draw the next (after a pause or a failure)."""
    last = Round.objects.filter(tournament=tournament).order_by("-number").first()
    if last is None:
        round_next(tournament)
        return
    last = Round.objects.select_for_update().get(pk=last.pk)
    if last.status == Round.Status.RUNNING:
        round_settle(tournament, last)
    elif tournament.is_running:
        round_next(tournament)


def tournament_cancel(*, tournament_id: int, user: Any) -> Tournament:
    """Cancel at any point; running matches are stopped without a result."""
    from tournaments.services.events import event_on_commit

    with transaction.atomic():
        tournament = tournament_locked(tournament_id)
        check_manage(user, tournament)
        if tournament.status in (Status.FINISHED, Status.CANCELLED):
            raise WrongState(f"the tournament is already {tournament.status}")
        tournament.status = Status.CANCELLED
        tournament.finished_at = timezone.now()
        tournament.save(update_fields=["status", "finished_at"])
        event_on_commit(tournament.pk, "status", status=tournament.status)
        transaction.on_commit(lambda: tournament_abort_matches(tournament_id=tournament_id))
    return tournament


def tournaments_due(now: datetime | None = None) -> list[int]:
    """Return the ids of tournaments whose scheduled start has come."""
    now = now or timezone.now()
    due = Tournament.objects.filter(
        status=Status.REGISTRATION, paused=False, starts_at__lte=now
    ).order_by("starts_at")
    return list(due.values_list("id", flat=True)[:100])


def tournaments_stalled(now: datetime | None = None) -> list[int]:
    """Return running tournaments whose last round may have no match left (repair candidates)."""
    now = now or timezone.now()
    quiet = now - timedelta(seconds=5)
    running = Tournament.objects.filter(status=Status.RUNNING, paused=False)
    stalled = []
    for tournament in running.only("id")[:200]:
        last = Round.objects.filter(tournament=tournament).order_by("-number").first()
        if last is None or last.status == Round.Status.FINISHED:
            stalled.append(tournament.pk)
            continue
        idle = last.started_at < quiet
        if idle and not last.pairings.filter(games__match__status="running").exists():
            stalled.append(tournament.pk)
    return stalled


def tournament_repair(*, tournament_id: int) -> None:
    """Move a stalled tournament on (the tick's safety net; safe to run twice)."""
    with transaction.atomic():
        tournament = tournament_locked(tournament_id)
        if tournament.is_running and not tournament.paused:
            rounds_catch_up(tournament)
