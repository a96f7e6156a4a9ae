"""Rating updates: OpenSkill Plackett-Luce, run in the transaction that records each match.

A match counts when its rated seats (bots or people; house seats are left out, except a ladder's
house anchors, which are rated as their bot rows) form two sides
or more and all belong to one pool. Each side is one team: a seat alone in Busca and Mano a
Mano, the two partners in Cerrado. Ranks are the match's places, where forfeits already come
last. A lobby table's match counts only when its host made the table rated. The leaderboard
hears about the change only after commit.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from openskill.models import PlackettLuce

from config import events
from games.models import Match, Seat, Table
from games.sides import side_of
from tournaments.ratings.models import Pool, Rating, RatingChange
from tournaments.ratings.selectors import leaderboard_group, ordinal, rating_row

log = logging.getLogger(__name__)

MODEL = PlackettLuce()


@dataclass(frozen=True)
class Side:
    """The rated entrants of one side of a match and the side's place (1 = best)."""

    place: int
    subjects: tuple[int, ...]  # bot ids or user ids, by the pool


@dataclass(frozen=True)
class RatedMatch:
    pool: str
    sides: list[Side]


def rated_match(match: Match, seats: list[Seat]) -> RatedMatch | None:
    """Return what of ``match`` is rated, or None when the match does not count."""
    places = (match.result or {}).get("places")
    if match.status != Match.Status.FINISHED or not places or len(places) != len(seats):
        return None
    friendly = match.kind == Match.Kind.TABLE
    if friendly and not Table.objects.filter(match=match, rated=True).exists():
        return None  # a lobby table its host did not make rated
    pools: set[str] = set()
    members: dict[int, list[int]] = {}
    side_places: dict[int, int] = {}
    for seat in seats:
        if seat.kind == Seat.Kind.BOT and seat.bot_id is not None:
            pools.add(Pool.BOTS)
            subject = seat.bot_id
        elif seat.kind == Seat.Kind.HOUSE and seat.bot_id is not None:
            # A ladder anchor (docs/ladders.md): a house strategy rated as the bot row it plays
            # under, so the bots' scale stays tied to fixed strengths.
            pools.add(Pool.BOTS)
            subject = seat.bot_id
        elif seat.kind == Seat.Kind.USER and seat.user_id is not None:
            pools.add(Pool.PEOPLE)
            subject = seat.user_id
        else:
            continue  # the house is not rated, and its places are simply dropped
        side = side_of(match.game, seat.number)
        if subject not in members.setdefault(side, []):
            members[side].append(subject)
        side_places[side] = min(side_places.get(side, places[seat.number]), places[seat.number])
    if len(pools) != 1 or len(members) < 2:
        return None
    everyone = [subject for subjects in members.values() for subject in subjects]
    if len(everyone) != len(set(everyone)):
        return None  # an entrant on two sides (playing itself) says nothing about its skill
    sides = [Side(side_places[side], tuple(subjects)) for side, subjects in members.items()]
    return RatedMatch(pools.pop(), sides)


def _locked_ratings(game: str, pool: str, subjects: list[int]) -> dict[int, Rating]:
    """Return the ratings of ``subjects``, made if missing, locked in id order."""
    field = "bot_id" if pool == Pool.BOTS else "user_id"
    board = Rating.objects.filter(game=game, **{f"{field}__in": subjects})
    have = set(board.values_list(field, flat=True))
    fresh = [
        Rating(
            game=game,
            pool=pool,
            mu=MODEL.mu,
            sigma=MODEL.sigma,
            ordinal=ordinal(MODEL.mu, MODEL.sigma),
            **{field: subject},
        )
        for subject in sorted(subjects)
        if subject not in have
    ]
    # Another match may make the same rows at the same moment: the unique constraints keep one,
    # and inserting in subject order keeps two such inserts from waiting on each other.
    Rating.objects.bulk_create(fresh, ignore_conflicts=True)
    # Locking in id order means two matches that share entrants queue instead of deadlocking.
    rows = board.select_for_update(of=("self",)).select_related("bot", "user").order_by("id")
    return {getattr(row, field): row for row in rows}


def ratings_record(*, match: Match) -> list[RatingChange]:
    """Move the ratings of the entrants of a finished ``match``; return the history rows.

    Call it inside the transaction that records the match (the ``match_recorded`` signal).
    """
    seats = list(Seat.objects.filter(match=match).order_by("number"))
    rated = rated_match(match, seats)
    if rated is None or RatingChange.objects.filter(match=match).exists():
        return []
    subjects = [subject for side in rated.sides for subject in side.subjects]
    ratings = _locked_ratings(match.game, rated.pool, subjects)
    teams = [
        [MODEL.rating(mu=ratings[s].mu, sigma=ratings[s].sigma) for s in side.subjects]
        for side in rated.sides
    ]
    updated = MODEL.rate(teams, ranks=[side.place for side in rated.sides])
    changes: list[RatingChange] = []
    now = timezone.now()
    for side, team in zip(rated.sides, updated, strict=True):
        for subject, new in zip(side.subjects, team, strict=True):
            rating = ratings[subject]
            changes.append(
                RatingChange(
                    rating=rating,
                    match=match,
                    place=side.place,
                    mu_before=rating.mu,
                    sigma_before=rating.sigma,
                    mu_after=new.mu,
                    sigma_after=new.sigma,
                    ordinal_after=ordinal(new.mu, new.sigma),
                )
            )
            rating.mu, rating.sigma = new.mu, new.sigma
            rating.ordinal = ordinal(new.mu, new.sigma)
            rating.games += 1
            rating.wins += side.place == 1
            rating.updated_at = now
    Rating.objects.bulk_update(
        list(ratings.values()), ["mu", "sigma", "ordinal", "games", "wins", "updated_at"]
    )
    RatingChange.objects.bulk_create(changes)
    _announce_on_commit(match, rated.pool, list(ratings.values()), changes)
    return changes


def _announce_on_commit(
    match: Match, pool: str, ratings: list[Rating], changes: list[RatingChange]
) -> None:
    """Send the changed leaderboard rows to its group once the transaction commits."""
    ids = [change.pk for change in changes if change.pk is not None]
    if len(ids) == len(changes):
        version = max(ids)
    else:  # a backend that does not return ids from bulk inserts
        version = RatingChange.objects.filter(match=match).aggregate(v=Max("id"))["v"]
    event: dict[str, Any] = {
        "type": "leaderboard.event",
        "game": match.game,
        "pool": pool,
        "match": match.pk,
        "version": version,
        "rows": [rating_row(rating) for rating in ratings],
    }
    group = leaderboard_group(match.game, pool)
    transaction.on_commit(lambda: _send(group, event))


def _send(group: str, event: dict[str, Any]) -> None:
    try:
        events.group_send(group, event)
    except Exception:  # a lost event must never undo or block a recorded match
        log.exception("could not send an event to %s", group)
