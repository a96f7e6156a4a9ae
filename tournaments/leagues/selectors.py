"""Reads of leagues: format entries and history, standings, and the public JSON shapes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import QuerySet

from tournaments import formats
from tournaments.formats.base import Entry, Outcome, Pairing, Round
from tournaments.formats.base import Settings as FormatSettings
from tournaments.leagues.models import Division, Fixture, League, LeagueRound, Membership, Season


def memberships_of(division: Division) -> QuerySet[Membership]:
    return division.memberships.select_related("bot", "user").order_by("id")


def _owner(member: Membership) -> int | None:
    if member.bot_id is not None:
        return int(member.bot.owner_id)
    return member.user_id


def division_entries(*, division: Division) -> list[Entry]:
    """Return the division's members as format entries (withdrawn ones too: they forfeit)."""
    return [
        Entry(id=m.pk, seed=n, owner=_owner(m))
        for n, m in enumerate(memberships_of(division), start=1)
    ]


def _bracket(season: Season) -> str:
    return "rr" if season.format == Season.Format.ROUND_ROBIN else "swiss"


def _pair(fixture: Fixture, bracket: str) -> tuple[Pairing, Outcome]:
    outcome = fixture.outcome or {}
    return (
        Pairing(key=fixture.key, entries=tuple(fixture.members), bracket=bracket),
        Outcome(
            key=fixture.key,
            places={int(k): int(v) for k, v in outcome.get("places", {}).items()},
            score={int(k): float(v) for k, v in outcome.get("score", {}).items()},
        ),
    )


def division_history(
    *, division: Division, before: int | None = None, for_pairing: bool = False
) -> list[Round]:
    """Return the decided fixtures, round by round, as the formats read them.

    A double forfeit is a loss for everyone, which the formats' places cannot say (a shared
    place is a draw), so the standings leave it out: it scores 0 and counts as a loss here.
    Pairing keeps it, so that the two are not paired again.
    """
    bracket = _bracket(division.season)
    rounds = division.rounds.order_by("number").prefetch_related("fixtures")
    if before is not None:
        rounds = rounds.filter(number__lt=before)
    history: list[Round] = []
    for rnd in rounds:
        if rnd.status == LeagueRound.Status.SCHEDULED:
            continue
        pairs = [
            _pair(f, bracket)
            for f in rnd.fixtures.all()
            if f.is_decided and (for_pairing or not (f.outcome or {}).get("double_forfeit"))
        ]
        history.append(pairs)
    return history


@dataclass
class StandingRow:
    """One line of a division's table."""

    membership: Membership
    rank: int
    points: float
    tiebreaks: dict[str, float] = field(default_factory=dict)
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    forfeits: int = 0
    byes: int = 0

    @property
    def active(self) -> bool:
        return self.membership.is_active

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "member": member_json(self.membership),
            "points": self.points,
            "tiebreaks": self.tiebreaks,
            "played": self.played,
            "won": self.won,
            "drawn": self.drawn,
            "lost": self.lost,
            "forfeits": self.forfeits,
            "byes": self.byes,
        }


def _count(row: StandingRow, fixture: Fixture) -> None:
    """Add one decided fixture to a member's counts."""
    outcome = fixture.outcome or {}
    me = str(row.membership.pk)
    if fixture.status == Fixture.Status.BYE:
        row.byes += 1
        return
    row.played += 1
    places = outcome.get("places", {})
    if outcome.get("double_forfeit"):
        row.lost += 1
    elif len(set(places.values())) == 1:
        row.drawn += 1
    elif places.get(me) == 1 and list(places.values()).count(1) == 1:
        row.won += 1
    else:
        row.lost += 1
    if row.membership.pk in outcome.get("forfeited", []):
        row.forfeits += 1


def division_standings(*, division: Division) -> list[StandingRow]:
    """Return the division's table: the format's points and tie-breaks, plus W/D/L counts."""
    members = {m.pk: m for m in memberships_of(division)}
    if not members:
        return []
    if len(members) < 2:  # the formats rank two entries or more; a lone member just leads
        rows = {pk: StandingRow(member, 1, 0.0) for pk, member in members.items()}
    else:
        season = division.season
        fmt = formats.get(season.format)
        settings = FormatSettings(game=season.league.game, rounds=season.rounds)
        standings = fmt.standings(
            division_entries(division=division), division_history(division=division), settings
        )
        rows = {
            s.entry: StandingRow(members[s.entry], s.rank, float(s.points), dict(s.tiebreaks))
            for s in standings
            if s.entry in members
        }
    fixtures = Fixture.objects.filter(round__division=division).exclude(
        status=Fixture.Status.PLAYING
    )
    for fixture in fixtures:
        for member in fixture.members:
            if member in rows:
                _count(rows[member], fixture)
    return sorted(rows.values(), key=lambda r: (r.rank, r.membership.pk))


# --- JSON shapes of the API ---------------------------------------------------------------------


def member_json(member: Membership) -> dict[str, Any]:
    return {
        "id": member.pk,
        "kind": member.kind,
        "name": member.label,
        "bot": member.bot_id,
        "user": member.user_id,
        "status": member.status,
    }


def league_json(league: League) -> dict[str, Any]:
    return {
        "id": league.pk,
        "slug": league.slug,
        "name": league.name,
        "game": league.game,
        "options": league.options,
        "members": league.members,
        "organiser": league.organiser.get_username(),
        "description": league.description,
        "auto_next_season": league.auto_next_season,
        "clock": league.clock,
    }


def season_json(season: Season) -> dict[str, Any]:
    return {
        "id": season.pk,
        "league": season.league.slug,
        "number": season.number,
        "status": season.status,
        "format": season.format,
        "starts_at": season.starts_at.isoformat(),
        "round_interval": season.round_interval.total_seconds(),
        "round_window": season.round_window.total_seconds(),
        "rounds": season.rounds,
        "promote": season.promote,
        "relegate": season.relegate,
        "version": season.version,
        "divisions": [
            {"id": d.pk, "level": d.level, "name": d.name} for d in season.divisions.all()
        ],
    }


def fixture_json(fixture: Fixture, members: dict[int, Membership]) -> dict[str, Any]:
    return {
        "id": fixture.pk,
        "key": fixture.key,
        "status": fixture.status,
        "members": [member_json(members[m]) for m in fixture.members if m in members],
        "match": fixture.match_id,
        "match_url": f"/api/v1/matches/{fixture.match_id}" if fixture.match_id else None,
        "outcome": fixture.outcome,
        "seed_index": fixture.seed_index,
    }


def round_json(rnd: LeagueRound, *, fixtures: bool = True) -> dict[str, Any]:
    """A round with its deadline, seed commitments (seeds once finished) and fixtures."""
    body: dict[str, Any] = {
        "id": rnd.pk,
        "season": rnd.season_id,
        "division": rnd.division_id,
        "number": rnd.number,
        "status": rnd.status,
        "opens_at": rnd.opens_at.isoformat(),
        "deadline": rnd.deadline.isoformat(),
        "opened_at": rnd.opened_at.isoformat() if rnd.opened_at else None,
        "finished_at": rnd.finished_at.isoformat() if rnd.finished_at else None,
        "seed_hashes": rnd.seed_hashes,
        "seeds": rnd.seeds if rnd.seeds_revealed else None,
    }
    if fixtures:
        members = {m.pk: m for m in memberships_of(rnd.division)}
        body["fixtures"] = [fixture_json(f, members) for f in rnd.fixtures.order_by("id")]
    return body
