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
import math
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import BigIntegerField, Count, Max
from django.db.models.functions import Coalesce
from django.utils import timezone
from openskill.models import PlackettLuce

from bots.models import Bot
from bots.owners import owner_groups
from core import events
from games.models import Match, Move, Seat, Table
from games.sides import side_of
from tournaments.ratings.models import Pool, Rating, RatingChange
from tournaments.ratings.selectors import leaderboard_group, ordinal, rating_row

log = logging.getLogger(__name__)

MODEL = PlackettLuce()
OWNER, ANCHOR = "owner", "anchor"
PAIR_WINDOW = timedelta(hours=24)  # RATING_PAIR_GAMES_PER_DAY counts over this window


@dataclass(frozen=True)
class Side:
    """The rated entrants of one side of a match and the side's place (1 = best)."""

    place: int
    subjects: tuple[int, ...]  # bot ids or user ids, by the pool


@dataclass(frozen=True)
class RatedMatch:
    pool: str
    sides: list[Side]


Owner = tuple[str, int]  # ("owner", owner group) or ("anchor", bot id): who a seat belongs to


@dataclass(frozen=True)
class _Entrant:
    seat: Seat
    pool: str
    subject: int  # the bot id or the user id the rating belongs to


def rated_match(match: Match, seats: list[Seat]) -> RatedMatch | None:
    """Return what of ``match`` is rated, or None when the match does not count.

    Only a contest between different owners counts (docs/ratings.md, "What counts"): an owner
    with seats on two sides has all of its seats left out, and a match with fewer than two
    sides left is unrated. So is a match a side resigned (or forfeited) before making
    ``RATING_MIN_MOVES`` moves, and one between two owners who have already had
    ``RATING_PAIR_GAMES_PER_DAY`` rated matches together in the last 24 hours.
    """
    places = (match.result or {}).get("places")
    if match.status != Match.Status.FINISHED or not places or len(places) != len(seats):
        return None
    friendly = match.kind == Match.Kind.TABLE
    if friendly and not Table.objects.filter(match=match, rated=True).exists():
        return None  # a lobby table its host did not make rated
    entrants = _entrants(seats)
    pools = {entrant.pool for entrant in entrants}
    if len(pools) != 1:
        return None
    pool = pools.pop()
    owners, person = _owners(entrants)
    sides_of: dict[Owner, set[int]] = {}
    for entrant in entrants:
        owner = owners[entrant.seat.number]
        sides_of.setdefault(owner, set()).add(side_of(match.game, entrant.seat.number))
    members: dict[int, list[int]] = {}
    side_places: dict[int, int] = {}
    side_owners: dict[int, set[Owner]] = {}
    people: set[int] = set()
    for entrant in entrants:
        number = entrant.seat.number
        if len(sides_of[owners[number]]) > 1:
            continue  # one owner on two sides (itself, or linked accounts) is no contest
        side = side_of(match.game, number)
        if entrant.subject not in members.setdefault(side, []):
            members[side].append(entrant.subject)
        side_owners.setdefault(side, set()).add(owners[number])
        if number in person:
            people.add(person[number])
        side_places[side] = min(side_places.get(side, places[number]), places[number])
    if len(members) < 2:
        return None
    if not _played(match, seats):
        return None
    if pair_limit_reached(match.game, pool, list(side_owners.values()), people):
        return None
    sides = [Side(side_places[side], tuple(subjects)) for side, subjects in members.items()]
    return RatedMatch(pool, sides)


def _entrants(seats: list[Seat]) -> list[_Entrant]:
    """Return the seats that may be rated: bots, people and a ladder's house anchors."""
    found: list[_Entrant] = []
    for seat in seats:
        if seat.kind == Seat.Kind.BOT and seat.bot_id is not None:
            found.append(_Entrant(seat, Pool.BOTS, seat.bot_id))
        elif seat.kind == Seat.Kind.HOUSE and seat.bot_id is not None:
            # A ladder anchor (docs/ladders.md): a house strategy rated as the bot row it plays
            # under, so the bots' scale stays tied to fixed strengths.
            found.append(_Entrant(seat, Pool.BOTS, seat.bot_id))
        elif seat.kind == Seat.Kind.USER and seat.user_id is not None:
            found.append(_Entrant(seat, Pool.PEOPLE, seat.user_id))
        # Otherwise the house: it is not rated, and its places are simply dropped.
    return found


def _owners(entrants: list[_Entrant]) -> tuple[dict[int, Owner], dict[int, int]]:
    """Return seat number -> owner (a bot's person, a person themself, or the anchor itself)
    and seat number -> person (the user behind a bot or person seat).

    People count as one owner when ``bots.owners`` says so (the same account, or linked ones).
    A house anchor is the house: each anchor stands for itself, as it always has.
    """
    bot_ids = [e.subject for e in entrants if e.seat.kind == Seat.Kind.BOT]
    bot_owner = dict(Bot.objects.filter(pk__in=bot_ids).values_list("pk", "owner_id"))
    person: dict[int, int] = {}
    for entrant in entrants:
        if entrant.seat.kind == Seat.Kind.BOT:
            person[entrant.seat.number] = int(bot_owner[entrant.subject])
        elif entrant.seat.kind == Seat.Kind.USER:
            person[entrant.seat.number] = entrant.subject
    groups = owner_groups(set(person.values()))
    owners: dict[int, Owner] = {}
    for entrant in entrants:
        number = entrant.seat.number
        if number in person:
            owners[number] = (OWNER, groups[person[number]])
        else:
            owners[number] = (ANCHOR, entrant.subject)
    return owners, person


def _played(match: Match, seats: list[Seat]) -> bool:
    """Tell whether every side that resigned or forfeited had made its minimum of moves."""
    forfeited = set((match.result or {}).get("forfeited") or [])
    if not forfeited:
        return True
    needed: int = settings.RATING_MIN_MOVES
    by_side: dict[int, list[int]] = {}
    for seat in seats:
        by_side.setdefault(side_of(match.game, seat.number), []).append(seat.number)
    quitters = {side_of(match.game, number) for number in forfeited}
    made = dict(
        Move.objects.filter(match=match, by=Move.By.ENTRANT)
        .values_list("seat")
        .annotate(n=Count("id"))
        .values_list("seat", "n")
    )
    return all(sum(made.get(n, 0) for n in by_side[side]) >= needed for side in quitters)


def pair_limit_reached(
    game: str, pool: str, side_owners: list[set[Owner]], people: set[int]
) -> bool:
    """Tell whether two owners of different sides have had their rated contests of the day.

    ``people`` are the users behind the rated seats. Their rated contests of the last 24 hours
    are read with everyone who took part, and each of those is asked for its owner group, so
    a contest against a linked account of one of them counts for the same pair. A contest is a
    match, or a ladder set's comparisons as a whole (``RatingChange.occasion``).
    """
    groups = [{key for kind, key in owners if kind == OWNER} for owners in side_owners]
    if sum(1 for side in groups if side) < 2:
        return False  # against a house anchor there is no pair to farm
    limit: int = settings.RATING_PAIR_GAMES_PER_DAY
    field = "rating__bot__owner_id" if pool == Pool.BOTS else "rating__user_id"
    recent = RatingChange.objects.filter(
        rating__game=game, rating__pool=pool, created_at__gte=timezone.now() - PAIR_WINDOW
    ).annotate(contest=Coalesce("occasion", "match_id", output_field=BigIntegerField()))
    theirs = recent.filter(**{f"{field}__in": people}).values("contest")
    rows = list(
        recent.filter(contest__in=theirs)
        .exclude(**{f"{field}__isnull": True})
        .values_list("contest", field)
    )
    group_of = owner_groups({int(person) for _, person in rows})
    present = set().union(*groups)
    met: dict[int, set[int]] = {}
    for contest, person in rows:
        group = group_of[int(person)]
        if group in present:
            met.setdefault(contest, set()).add(group)
    for i, first in enumerate(groups):
        for second in groups[i + 1 :]:
            for a in first:
                for b in second:
                    together = sum(1 for found in met.values() if a in found and b in found)
                    if together >= limit:
                        return True
    return False


def locked_ratings(game: str, pool: str, subjects: list[int]) -> dict[int, Rating]:
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
    ratings = locked_ratings(match.game, rated.pool, subjects)
    teams = [
        [MODEL.rating(mu=ratings[s].mu, sigma=ratings[s].sigma) for s in side.subjects]
        for side in rated.sides
    ]
    updated = MODEL.rate(teams, ranks=[side.place for side in rated.sides])
    now = timezone.now()
    changes = [
        rating_moved(ratings[subject], new, match_id=match.pk, place=side.place, now=now)
        for side, team in zip(rated.sides, updated, strict=True)
        for subject, new in zip(side.subjects, team, strict=True)
    ]
    ratings_saved(match.game, rated.pool, ratings, changes)
    return changes


def rating_moved(
    rating: Rating, new: Any, *, match_id: int, place: int, now: Any, occasion: int | None = None
) -> RatingChange:
    """Move ``rating`` to OpenSkill's ``new`` one after a result at ``place``; return the
    (unsaved) history row of the change (``occasion``: see ``RatingChange.occasion``)."""
    change = RatingChange(
        rating=rating,
        match_id=match_id,
        occasion=occasion,
        place=place,
        mu_before=rating.mu,
        sigma_before=rating.sigma,
        mu_after=new.mu,
        sigma_after=new.sigma,
        ordinal_after=ordinal(new.mu, new.sigma),
    )
    rating.mu, rating.sigma = new.mu, new.sigma
    rating.ordinal = ordinal(new.mu, new.sigma)
    rating.games += 1
    rating.wins += place == 1
    rating.updated_at = now
    return change


def ratings_saved(
    game: str, pool: str, ratings: dict[int, Rating], changes: list[RatingChange]
) -> None:
    """Write the moved ratings and their history rows; announce them once committed."""
    Rating.objects.bulk_update(
        list(ratings.values()), ["mu", "sigma", "ordinal", "games", "wins", "updated_at"]
    )
    RatingChange.objects.bulk_create(changes)
    if changes:
        _announce_on_commit(game, changes[0].match_id, pool, list(ratings.values()), changes)


def _announce_on_commit(
    game: str, match_id: int, pool: str, ratings: list[Rating], changes: list[RatingChange]
) -> None:
    """Send the changed leaderboard rows to its group once the transaction commits."""
    ids = [change.pk for change in changes if change.pk is not None]
    if len(ids) == len(changes):
        version = max(ids)
    else:  # a backend that does not return ids from bulk inserts
        version = RatingChange.objects.filter(match_id=match_id).aggregate(v=Max("id"))["v"]
    event: dict[str, Any] = {
        "type": "leaderboard.event",
        "game": game,
        "pool": pool,
        "match": match_id,
        "version": version,
        "rows": [rating_row(rating) for rating in ratings],
    }
    group = leaderboard_group(game, pool)
    transaction.on_commit(lambda: _send(group, event))


def _send(group: str, event: dict[str, Any]) -> None:
    try:
        events.group_send(group, event)
    except Exception:  # a lost event must never undo or block a recorded match
        log.exception("could not send an event to %s", group)


def ratings_widen(*, bot_id: int) -> list[Rating]:
    """Widen every rating of a bot that stated a new version: its mu stays, its sigma becomes
    sqrt(sigma^2 + RATING_VERSION_SIGMA^2), at most the starting sigma, so the leaderboard marks
    it provisional again until the new version has played (docs/ratings.md, "A new version")."""
    extra: float = settings.RATING_VERSION_SIGMA
    rows = list(Rating.objects.select_for_update().filter(bot_id=bot_id).order_by("id"))
    for row in rows:
        row.sigma = min(MODEL.sigma, math.hypot(row.sigma, extra))
        row.ordinal = ordinal(row.mu, row.sigma)
    Rating.objects.bulk_update(rows, ["sigma", "ordinal"])
    return rows

