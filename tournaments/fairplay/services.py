"""The fair-play report of one tournament, ladder or leaderboard pool (docs/fair-play.md).

Reads the scope's finished, unsealed matches (the latest ``FAIR_PLAY_MAX_MATCHES``), turns each
into ``SeatInfo`` rows (owners from ``bots.owners``: linked accounts count as one owner; house
seats, ladder anchors included, belong to nobody) and hands them to the pure evidence and
statistics modules. Pairs of owners that met ``min_meetings`` times are tested; Benjamini-
Hochberg at ``FAIR_PLAY_FDR`` flags pairs. Only staff and a tournament's organiser may read
it; nothing here punishes anyone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db.models import Count, Max, QuerySet

from bots.owners import owner_groups
from games.engine.busca import GAME as BUSCA
from games.models import Match, Seat
from games.sides import side_of
from tournaments.fairplay.evidence import SeatInfo, add_match
from tournaments.fairplay.stats import (
    GiftTally,
    PairEvidence,
    benjamini_hochberg,
    gift_difference,
    pair_tests,
)
from tournaments.ladders.models import Ladder
from tournaments.models import Tournament
from tournaments.ratings.models import Pool, Rating, RatingChange


class UnknownScope(Exception):
    """No such tournament, ladder or leaderboard."""


@dataclass(frozen=True)
class Scope:
    """What one report covers."""

    kind: str  # "tournament", "ladder" or "leaderboard"
    game: str
    pool: str | None = None
    tournament_id: int | None = None
    organiser_id: int | None = None
    name: str = ""

    @property
    def key(self) -> str:
        return f"{self.kind}:{self.tournament_id or ''}:{self.game}:{self.pool or ''}"

    @property
    def min_meetings(self) -> int:
        if self.kind == "tournament":
            return int(settings.FAIR_PLAY_MIN_MEETINGS_TOURNAMENT)
        return int(settings.FAIR_PLAY_MIN_MEETINGS)


def tournament_scope(tournament_id: int) -> Scope:
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        raise UnknownScope(f"no tournament {tournament_id}")
    return Scope(
        kind="tournament",
        game=tournament.game,
        tournament_id=tournament.pk,
        organiser_id=tournament.organiser_id,
        name=tournament.name,
    )


def ladder_scope(game: str) -> Scope:
    if not Ladder.objects.filter(game=game).exists():
        raise UnknownScope(f"no ladder of {game!r}")
    return Scope(kind="ladder", game=game, name=game)


def leaderboard_scope(game: str, pool: str) -> Scope:
    if pool not in Pool.values or not Rating.objects.filter(game=game, pool=pool).exists():
        raise UnknownScope(f"no leaderboard of {game!r} and pool {pool!r}")
    return Scope(kind="leaderboard", game=game, pool=pool, name=f"{game} {pool}")


def can_view(user: Any, scope: Scope) -> bool:
    """Staff see every report; a tournament's organiser sees that tournament's."""
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_staff:
        return True
    return scope.kind == "tournament" and scope.organiser_id == user.pk


def scope_matches(scope: Scope) -> QuerySet[Match]:
    """Return the scope's finished, revealed matches, newest first."""
    matches = Match.objects.filter(status=Match.Status.FINISHED, sealed=False, game=scope.game)
    if scope.kind == "tournament":
        matches = matches.filter(tournament_game__pairing__tournament_id=scope.tournament_id)
    elif scope.kind == "ladder":
        matches = matches.filter(kind=Match.Kind.LADDER)
    else:
        rated = RatingChange.objects.filter(rating__game=scope.game, rating__pool=scope.pool)
        matches = matches.filter(pk__in=rated.values("match_id"))
    return matches.order_by("-id")


@dataclass(frozen=True)
class Gifts:
    """One direction of a pair's Busca gifts, as the report shows it."""

    given_to: float | None  # points a trick X's cards carried to Y
    given_rest: float | None  # ... to the rest of its tables
    others_to: float | None  # points a trick everyone else's cards carried to Y
    others_rest: float | None
    tricks_to: int
    difference: float | None
    z: float | None
    p: float | None

    def to_json(self) -> dict[str, Any]:
        return {
            "points_to_other": _round(self.given_to),
            "points_to_rest": _round(self.given_rest),
            "others_to_other": _round(self.others_to),
            "others_to_rest": _round(self.others_rest),
            "tricks_to_other": self.tricks_to,
            "difference": _round(self.difference),
            "z": _round(self.z, 2),
            "p": _round(self.p, 6),
        }


@dataclass(frozen=True)
class PairRow:
    """One tested pair of owners."""

    owners: tuple[str, str]
    entrants: tuple[list[str], list[str]]  # the bots (or people) each owner played with
    meetings: int
    deals: int
    decided: int
    wins: int  # the first owner placed above the second
    expected_wins: float
    head_to_head_p: float | None
    gifts: tuple[Gifts, Gifts] | None  # first to second, second to first (Busca only)
    p: float
    q: float  # the BH-adjusted p-value
    flagged: bool
    matches: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "owners": list(self.owners),
            "entrants": [list(names) for names in self.entrants],
            "meetings": self.meetings,
            "deals": self.deals,
            "head_to_head": {
                "decided": self.decided,
                "wins": self.wins,
                "expected_wins": round(self.expected_wins, 2),
                "p": _round(self.head_to_head_p, 6),
            },
            "gifts": None if self.gifts is None else [g.to_json() for g in self.gifts],
            "p": _round(self.p, 6),
            "q": _round(self.q, 6),
            "flagged": self.flagged,
            "matches": self.matches,
        }


@dataclass(frozen=True)
class Report:
    scope: Scope
    matches_read: int
    truncated: bool  # more matches than FAIR_PLAY_MAX_MATCHES: the oldest were left out
    pairs_met: int
    pairs_tested: int
    rows: list[PairRow]  # the tested pairs, flagged first, then by p

    @property
    def flagged(self) -> list[PairRow]:
        return [row for row in self.rows if row.flagged]


def _round(value: float | None, digits: int = 3) -> float | None:
    if value is None or value != value or value in (float("inf"), float("-inf")):
        return None if value is None or value != value else value
    return round(value, digits)


def fair_play_report(scope: Scope) -> Report:
    """Return the scope's report, cached until a match is added (or for a while)."""
    matches = scope_matches(scope)
    latest = matches.aggregate(latest=Max("id"), count=Count("id"))
    key = (
        f"fairplay:{scope.key}:{latest['latest']}:{latest['count']}:"
        f"{scope.min_meetings}:{settings.FAIR_PLAY_FDR}:{settings.FAIR_PLAY_MAX_MATCHES}"
    )
    report = cache.get(key)
    if report is None:
        report = _build(scope, matches, int(latest["count"] or 0))
        cache.set(key, report, settings.FAIR_PLAY_CACHE_SECONDS)
    return report


def _build(scope: Scope, matches: QuerySet[Match], total: int) -> Report:
    limit = int(settings.FAIR_PLAY_MAX_MATCHES)
    rows = list(matches.values("id", "result", "record")[:limit])
    ids = [row["id"] for row in rows]
    seats = list(
        Seat.objects.filter(match_id__in=ids)
        .order_by("match_id", "number")
        .values("match_id", "number", "kind", "bot_id", "bot__name", "bot__owner_id", "user_id")
    )
    people = {s["bot__owner_id"] or s["user_id"] for s in seats if s["kind"] != Seat.Kind.HOUSE}
    people.discard(None)
    groups = owner_groups(people)
    names = dict(
        get_user_model().objects.filter(pk__in=set(groups.values())).values_list("pk", "username")
    )
    before = _ratings_before(scope.game, ids, seats)
    by_match: dict[int, list[dict[str, Any]]] = {}
    for seat in seats:
        by_match.setdefault(seat["match_id"], []).append(seat)
    pairs: dict[tuple[int, int], PairEvidence] = {}
    entrants: dict[int, set[str]] = {}
    for row in reversed(rows):  # oldest first: the games behind a figure in playing order
        places = (row["result"] or {}).get("places")
        infos: list[SeatInfo] = []
        for seat in by_match.get(row["id"], []):
            person = (
                None
                if seat["kind"] == Seat.Kind.HOUSE
                else (seat["bot__owner_id"] or seat["user_id"])
            )
            owner = None if person is None else groups.get(person, person)
            place = places[seat["number"]] if places and seat["number"] < len(places) else None
            mu, sigma = before.get((row["id"], seat["number"]), (25.0, 25.0 / 3.0))
            infos.append(SeatInfo(owner, side_of(scope.game, seat["number"]), place, mu, sigma))
            if owner is not None:
                label = seat["bot__name"] or names.get(person, str(person))
                entrants.setdefault(owner, set()).add(label)
        record = _busca_record(row["record"]) if scope.game == "busca" else None
        add_match(pairs, row["id"], infos, record)
    tested = [(k, e) for k, e in pairs.items() if e.meetings >= scope.min_meetings]
    tests = pair_tests([e for _, e in tested])
    rejected, adjusted = benjamini_hochberg([t.p for t in tests], float(settings.FAIR_PLAY_FDR))
    out: list[PairRow] = []
    for ((x, y), evidence), test, flag, q in zip(tested, tests, rejected, adjusted, strict=True):
        gifts = None
        if scope.game == "busca":
            gifts = (
                _gifts(evidence.x_to_y, test.x_to_y_z, test.x_to_y_p),
                _gifts(evidence.y_to_x, test.y_to_x_z, test.y_to_x_p),
            )
        out.append(
            PairRow(
                owners=(names.get(x, str(x)), names.get(y, str(y))),
                entrants=(sorted(entrants.get(x, ())), sorted(entrants.get(y, ()))),
                meetings=evidence.meetings,
                deals=evidence.deals,
                decided=len(evidence.probabilities),
                wins=evidence.wins,
                expected_wins=test.expected_wins,
                head_to_head_p=test.head_to_head_p,
                gifts=gifts,
                p=test.p,
                q=q,
                flagged=flag,
                matches=list(evidence.matches),
            )
        )
    out.sort(key=lambda r: (not r.flagged, r.p, r.owners))
    return Report(
        scope=scope,
        matches_read=len(rows),
        truncated=total > len(rows),
        pairs_met=len(pairs),
        pairs_tested=len(tested),
        rows=out,
    )


def _gifts(tally: GiftTally, z: float | None, p: float | None) -> Gifts:
    return Gifts(
        given_to=tally.to.mean,
        given_rest=tally.rest.mean,
        others_to=tally.others_to.mean,
        others_rest=tally.others_rest.mean,
        tricks_to=tally.to.n,
        difference=gift_difference(tally),
        z=z,
        p=p,
    )


def _ratings_before(
    game: str, ids: list[int], seats: list[dict[str, Any]]
) -> dict[tuple[int, int], tuple[float, float]]:
    """Return (mu, sigma) of each seat before its match: the match's rating change if rated,
    else the entrant's current rating; seats with neither get the starting rating."""
    changes = RatingChange.objects.filter(match_id__in=ids).values_list(
        "match_id", "rating__bot_id", "rating__user_id", "mu_before", "sigma_before"
    )
    rated: dict[tuple[int, str, int], tuple[float, float]] = {}
    for match_id, bot, user, mu, sigma in changes:
        subject = ("bot", bot) if bot is not None else ("user", user)
        rated[(match_id, *subject)] = (mu, sigma)  # type: ignore[index]
    current: dict[tuple[str, int], tuple[float, float]] = {}
    for bot, user, mu, sigma in Rating.objects.filter(game=game).values_list(
        "bot_id", "user_id", "mu", "sigma"
    ):
        current[("bot", bot) if bot is not None else ("user", user)] = (mu, sigma)
    out: dict[tuple[int, int], tuple[float, float]] = {}
    for seat in seats:
        subject = (
            ("bot", seat["bot_id"]) if seat["bot_id"] is not None else ("user", seat["user_id"])
        )
        found = rated.get((seat["match_id"], *subject)) or current.get(subject)  # type: ignore[arg-type]
        if found is not None:
            out[(seat["match_id"], seat["number"])] = found
    return out


def _busca_record(record: Any) -> dict[str, Any] | None:
    """Return a Busca match's record in ``Game.record`` form; a match ended by a resignation
    keeps the state it stopped in, whose finished deals count."""
    if not isinstance(record, dict):
        return None
    if record.get("unfinished"):
        try:
            return BUSCA.record(BUSCA.load(record.get("state")))  # type: ignore[arg-type]
        except (ValueError, TypeError, KeyError, IndexError):
            return None
    return record
