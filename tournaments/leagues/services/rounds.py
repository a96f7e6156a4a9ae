"""Run a season: open rounds at their time, record outcomes, forfeit at the deadline."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games.models import Match, Move, Seat
from games.services.errors import TurnNotOpen
from games.services.matches import SeatSpec, match_create, match_resign
from games.sides import side_of
from tournaments import formats
from tournaments.formats.base import Entry, Pairing
from tournaments.formats.base import Settings as FormatSettings
from tournaments.leagues.models import Fixture, LeagueRound, Membership, Season
from tournaments.leagues.selectors import division_entries, division_history
from tournaments.leagues.services.events import standings_changed
from tournaments.leagues.services.leagues import season_next_create
from tournaments.leagues.services.seeds import seeds_top_up
from tournaments.services.boards import CHAT

# A person plays a league match asynchronously within the round window, so a move may wait a
# day; a bot answers in seconds. Neither may exceed the window itself (or match_create's cap).
PERSON_LEAGUE_MOVE_TIMEOUT = timedelta(hours=24)


def move_timeout_for(*, members: list[Membership], window: timedelta) -> float:
    """Return the per-move timeout of a league match: min(window, 24 h) if a person plays."""
    people = any(m.user_id is not None for m in members)
    limit = PERSON_LEAGUE_MOVE_TIMEOUT if people else timedelta(seconds=settings.BOT_MOVE_TIMEOUT)
    return max(min(limit, window).total_seconds(), 1.0)


def seat_spec(member: Membership) -> SeatSpec:
    """Return who takes a member's seat."""
    if member.bot_id is not None:
        return SeatSpec(kind=Seat.Kind.BOT, bot_id=member.bot_id)
    if member.user_id is not None:
        return SeatSpec(kind=Seat.Kind.USER, user_id=member.user_id)
    return SeatSpec(kind=Seat.Kind.HOUSE, strategy=member.house, tag=member.house_tag)


def format_settings(season: Season) -> FormatSettings:
    return FormatSettings(game=season.league.game, rounds=season.rounds)


@dataclass
class TickReport:
    """What one tick did (ids of the rounds it opened and closed)."""

    opened: list[int] = field(default_factory=list)
    closed: list[int] = field(default_factory=list)


def leagues_tick(*, now: datetime | None = None) -> TickReport:
    """Close overdue rounds, then open due ones; running it twice changes nothing more."""
    now = now or timezone.now()
    report = TickReport()
    overdue = LeagueRound.objects.filter(status=LeagueRound.Status.OPEN, deadline__lte=now)
    for round_id in overdue.order_by("deadline", "id").values_list("id", flat=True)[:200]:
        if round_close(round_id=round_id, now=now):
            report.closed.append(round_id)
    due = LeagueRound.objects.filter(status=LeagueRound.Status.SCHEDULED, opens_at__lte=now)
    for round_id in due.order_by("opens_at", "number", "id").values_list("id", flat=True)[:200]:
        if round_open(round_id=round_id, now=now):
            report.opened.append(round_id)
    return report


def round_open(*, round_id: int, now: datetime | None = None) -> bool:
    """Open a due round: pair it with the season's format and start its matches.

    Return False when it is not due, its previous round is still open, or another worker
    opened it first.
    """
    now = now or timezone.now()
    with transaction.atomic():
        rnd = LeagueRound.objects.select_related("division", "season__league").get(pk=round_id)
        earlier = rnd.division.rounds.filter(number__lt=rnd.number)
        if earlier.exclude(status=LeagueRound.Status.FINISHED).exists():
            return False  # round k+1 is paired from round k's results
        # Claim the round with a conditional UPDATE: two ticks (overlapping beats, or a beat
        # and a retry) may both see it due, but only one UPDATE matches status=scheduled; the
        # other waits on the row lock, re-reads the row and updates nothing, so the fixtures
        # and matches are created exactly once.
        claimed = LeagueRound.objects.filter(
            pk=round_id, status=LeagueRound.Status.SCHEDULED, opens_at__lte=now
        ).update(status=LeagueRound.Status.OPEN, opened_at=now)
        if not claimed:
            return False
        rnd.refresh_from_db()
        season = rnd.season
        if season.status == Season.Status.SCHEDULED:
            Season.objects.filter(pk=season.pk).update(status=Season.Status.RUNNING)
        pairings = _pairings(rnd)
        members = {m.pk: m for m in rnd.division.memberships.select_related("bot", "user")}
        seeds_top_up(rnd, sum(1 for p in pairings if not p.is_bye))
        seed_index = 0
        for pairing in pairings:
            fixture = Fixture(round=rnd, key=pairing.key, members=list(pairing.entries))
            seats = [members[e] for e in pairing.entries]
            if pairing.is_bye:
                _decide(fixture, {pairing.entries[0]: 1}, {}, [], Fixture.Status.BYE, now)
                continue
            fixture.seed_index = seed_index
            seed_index += 1
            gone = [m.pk for m in seats if not m.is_active]
            if gone:
                _decide_by_forfeit(fixture, gone, now)
                continue
            fixture.match = _start_match(rnd, seats, int(rnd.seeds[fixture.seed_index]))
            fixture.save()
        if not pairings or not rnd.fixtures.filter(status=Fixture.Status.PLAYING).exists():
            _round_finish(rnd, now)
        standings_changed(season_id=season.pk, division_id=rnd.division_id, reason="opened")
    return True


def _pairings(rnd: LeagueRound) -> list[Pairing]:
    fmt = formats.get(rnd.season.format)
    entries: list[Entry] = division_entries(division=rnd.division)
    if len(entries) < 2:
        return [Pairing(key=f"R{rnd.number}-bye-{e.id}", entries=(e.id,)) for e in entries]
    settings_ = format_settings(rnd.season)
    if rnd.number == 1:
        found: list[Pairing] | None = fmt.first_round(entries, settings_)
    else:
        history = division_history(division=rnd.division, before=rnd.number, for_pairing=True)
        found = fmt.next_round(entries, history, settings_)
    return list(found or [])


def _start_match(rnd: LeagueRound, seats: list[Membership], seed: int) -> Match:
    league = rnd.season.league
    options = dict(league.options)
    chat = options.pop(CHAT, False) is True  # the platform's option, not the engine's
    if league.game == "busca":
        options["players"] = len(seats)
    return match_create(
        game=league.game,
        seats=[seat_spec(m) for m in seats],
        options=options,
        chat=chat,
        seed=seed,
        move_timeout=move_timeout_for(members=seats, window=rnd.season.round_window),
        clock=league.clock,
        created_by_id=league.organiser_id,
    )


def _decide(
    fixture: Fixture,
    places: dict[int, int],
    score: dict[int, float],
    forfeited: list[int],
    status: str,
    now: datetime,
) -> None:
    """Store a fixture's outcome (member ids as JSON keys)."""
    fixture.outcome = {
        "places": {str(k): v for k, v in places.items()},
        "score": {str(k): v for k, v in score.items()},
        "forfeited": sorted(forfeited),
        "double_forfeit": bool(forfeited) and set(forfeited) == set(fixture.members),
    }
    fixture.status = status
    fixture.decided_at = now
    fixture.save()


def _decide_by_forfeit(fixture: Fixture, forfeited: list[int], now: datetime) -> None:
    """Decide a fixture by forfeit: the others share first place, the forfeiters come last.

    When every member forfeits nobody wins: all are placed last and the outcome is marked
    ``double_forfeit``, which the standings count as a loss for each.
    """
    stayed = [m for m in fixture.members if m not in forfeited]
    places = {m: 1 for m in stayed} | {m: len(stayed) + 1 for m in forfeited}
    if not stayed:
        places = {m: len(fixture.members) for m in fixture.members}
    _decide(fixture, places, {}, forfeited, Fixture.Status.FORFEITED, now)


def match_outcome(fixture: Fixture, match: Match) -> tuple[dict[int, int], dict[int, float]]:
    """Return places and tie-break points per member, read from a finished match."""
    result: dict[str, Any] = match.result or {}
    places = {member: int(result["places"][seat]) for seat, member in enumerate(fixture.members)}
    scores = result.get("scores")
    score: dict[int, float] = {}
    if scores:
        for seat, member in enumerate(fixture.members):
            if match.game == "busca":
                score[member] = -float(scores[seat])  # fewer Buscas is better
            else:
                mine = side_of(match.game, seat)
                others = [s for n, s in enumerate(scores) if side_of(match.game, n) != mine]
                score[member] = float(scores[seat]) - float(sum(others))
    return places, score


def match_recorded_receiver(sender: Any, match: Match, **kwargs: Any) -> None:
    """Record a league match's outcome in the transaction that records the match."""
    fixture_id = Fixture.objects.filter(match_id=match.pk).values_list("id", flat=True).first()
    if fixture_id is None:
        return
    now = timezone.now()
    # Lock the round before the fixture (as round_close does) so the two never deadlock, and
    # so two matches finishing at once finish the round exactly once.
    round_id = Fixture.objects.values_list("round_id", flat=True).get(pk=fixture_id)
    rnd = LeagueRound.objects.select_for_update().select_related("season").get(pk=round_id)
    fixture = Fixture.objects.select_for_update().get(pk=fixture_id)
    if fixture.is_decided:
        return  # decided by the league first (a forfeit at the deadline)
    places, score = match_outcome(fixture, match)
    forfeited_seats = set((match.result or {}).get("forfeited") or [])
    forfeited = [m for seat, m in enumerate(fixture.members) if seat in forfeited_seats]
    status = Fixture.Status.FORFEITED if forfeited else Fixture.Status.PLAYED
    _decide(fixture, places, score, forfeited, status, now)
    if set(forfeited) == set(fixture.members):
        _decide_by_forfeit(fixture, forfeited, now)
    if (
        rnd.status == LeagueRound.Status.OPEN
        and not rnd.fixtures.filter(status=Fixture.Status.PLAYING).exists()
    ):
        _round_finish(rnd, now)
    standings_changed(season_id=rnd.season_id, division_id=rnd.division_id, reason="played")


def _deadline_forfeiters(fixture: Fixture, match: Match) -> list[int]:
    """Return the members who lose by forfeit at the deadline.

    Those who made no move of their own forfeit; if everyone has played, the member whose
    move is due (the one holding the match up) does.
    """
    seats = {s.number: s for s in match.seats.all()}
    played = set(
        Move.objects.filter(match=match, by=Move.By.ENTRANT).values_list("seat", flat=True)
    )
    idle = [
        member
        for seat, member in enumerate(fixture.members)
        if seat not in played and seats[seat].kind != Seat.Kind.HOUSE
    ]
    if idle:
        return idle
    if match.to_move is not None:
        return [fixture.members[match.to_move]]
    return list(fixture.members)


def round_close(*, round_id: int, now: datetime | None = None) -> bool:
    """Close an overdue round: whoever has not played forfeits; return False if not due."""
    now = now or timezone.now()
    with transaction.atomic():
        # Lock the open matches before the round: a match being recorded holds its row and
        # then takes the round's (match_recorded_receiver), so the same order here cannot
        # deadlock with it.
        match_ids = Fixture.objects.filter(
            round_id=round_id, status=Fixture.Status.PLAYING, match__isnull=False
        ).values_list("match_id", flat=True)
        list(Match.objects.select_for_update().filter(pk__in=list(match_ids)).order_by("pk"))
        # skip_locked: another worker closing this round right now owns it; this tick moves
        # on instead of queueing behind it (SQLite ignores it; its writers queue anyway, and
        # the status check below then finds the round already finished).
        rnd = (
            LeagueRound.objects.select_for_update(skip_locked=True)
            .select_related("season")
            .filter(pk=round_id, status=LeagueRound.Status.OPEN, deadline__lte=now)
            .first()
        )
        if rnd is None:
            return False
        pending = list(
            rnd.fixtures.select_for_update(of=("self",))
            .filter(status=Fixture.Status.PLAYING)
            .select_related("match")
        )
        for fixture in pending:
            match = fixture.match
            assert match is not None
            forfeiters = _deadline_forfeiters(fixture, match)
            _decide_by_forfeit(fixture, forfeiters, now)
            _resign(match, [fixture.members.index(m) for m in forfeiters])
        _round_finish(rnd, now)
        standings_changed(season_id=rnd.season_id, division_id=rnd.division_id, reason="closed")
    return True


def _resign(match: Match, seats: list[int]) -> None:
    """Resign seats of a running match; the league has already decided its fixture."""
    for seat in seats:
        try:
            match_resign(match_id=match.pk, seat=seat)
        except TurnNotOpen:
            return  # the match ended with the first resignation


def _round_finish(rnd: LeagueRound, now: datetime) -> None:
    """Mark a round finished (its seeds become public) and finish the season after its last."""
    rnd.status = LeagueRound.Status.FINISHED
    rnd.finished_at = now
    rnd.save(update_fields=["status", "finished_at"])
    season = Season.objects.select_for_update().select_related("league").get(pk=rnd.season_id)
    if season.league_rounds.exclude(status=LeagueRound.Status.FINISHED).exists():
        return
    season.status = Season.Status.FINISHED
    season.finished_at = now
    season.save(update_fields=["status", "finished_at"])
    if season.league.auto_next_season:
        transaction.on_commit(lambda: _next_season_safely(season.pk))


def _next_season_safely(season_id: int) -> None:
    """Create the next season after the last round's transaction (it reads final standings)."""
    season = Season.objects.select_related("league").get(pk=season_id)
    if not season.league.seasons.filter(number__gt=season.number).exists():
        season_next_create(season=season)


def member_withdrawn(*, membership: Membership, now: datetime) -> None:
    """Forfeit a withdrawn member's open fixtures (later ones are forfeited as they open).

    The member's seat is resigned: a two-sided match ends at once, a Busca table plays on
    with the house in the seat, and the member is placed last either way.
    """
    open_fixtures = Fixture.objects.filter(
        round__division=membership.division_id,
        round__status=LeagueRound.Status.OPEN,
        status=Fixture.Status.PLAYING,
    ).select_related("match")
    for fixture in open_fixtures:
        if membership.pk in fixture.members and fixture.match is not None:
            seat = fixture.members.index(membership.pk)
            if not fixture.match.seats.get(number=seat).forfeited:
                _resign(fixture.match, [seat])
