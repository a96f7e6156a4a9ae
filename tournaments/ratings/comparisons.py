"""Ratings from comparisons: the holders of one hand of one deal, ranked by what they made of it.

A duplicate set (docs/ladders.md) deals one seed at several tables; each hand is held by a
different entrant at each table. The entrants who held the same hand are compared: in Busca by
the Buscas they took (fewer is better; equal Buscas, then fewer penalty points taken in the deal,
the rules' own finishing order), in Buraco by their side's score minus the opponents'.
Each such group is one OpenSkill Plackett-Luce update, as a match between those entrants would
be, with their ranks in the comparison for places (docs/ratings.md, "Duplicate comparisons").
In a two-sided game a side's lead at one table is its entrant's play minus its opponent's, so
the two tables of a set make one comparison of two teams instead: each side's entrant at the
first table with the other side's at the second, against the other two.
Same cards, different tables: the luck of the deal is the same for every rank, so the update
measures play, not cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.utils import timezone

from games.sides import sport_places
from tournaments.ratings.models import Pool, RatingChange
from tournaments.ratings.services import MODEL, locked_ratings, rating_moved, ratings_saved


@dataclass(frozen=True)
class Holder:
    """One entrant's result with one hand: its bot, its table's match and what it made."""

    subject: int  # the bot id (an entered bot or a house anchor's row)
    match_id: int
    value: float  # what it is compared by, higher is better (docs/ratings.md)
    forfeited: bool = False
    result: float | None = None  # its plain result (minus Buscas; a side's lead), if not value


@dataclass(frozen=True)
class Team:
    """The side of one comparison: its entrants (one, or two in a two-sided game's pairing of
    tables), what it made and whether it forfeited."""

    members: tuple[Holder, ...]
    value: float
    forfeited: bool = False


def singles(group: list[Holder]) -> list[Team]:
    """Return one team per entrant of a hand's holders (an entrant twice: its mean value)."""
    return [Team((h,), h.value, h.forfeited) for h in _merged(group)]


def comparison_places(teams: list[Team]) -> list[int]:
    """Return each team's place: best value first, forfeits last, ties shared."""
    keys = [(t.forfeited, -t.value) for t in teams]
    return list(sport_places(keys))  # type: ignore[arg-type]


def ratings_record_comparisons(game: str, groups: list[list[Team]]) -> list[RatingChange]:
    """Move the bots-pool ratings by each comparison, in order; return the history rows.

    A comparison with fewer than two teams, or with one entrant on two of its teams, compares
    nothing and is left out; an entrant twice on one team counts once.
    """
    usable = []
    for teams in groups:
        teams = [Team(_once(t.members), t.value, t.forfeited) for t in teams]
        subjects = [h.subject for t in teams for h in t.members]
        if len(teams) >= 2 and len(subjects) == len(set(subjects)):
            usable.append(teams)
    if not usable:
        return []
    subjects = sorted({h.subject for teams in usable for t in teams for h in t.members})
    ratings = locked_ratings(game, Pool.BOTS, subjects)
    changes: list[RatingChange] = []
    now = timezone.now()
    for teams in usable:
        places = comparison_places(teams)
        before = [
            [MODEL.rating(mu=ratings[h.subject].mu, sigma=ratings[h.subject].sigma)
             for h in team.members]
            for team in teams
        ]
        updated = MODEL.rate(before, ranks=places, tau=settings.RATING_COMPARISON_TAU)
        changes += [
            rating_moved(ratings[holder.subject], new, match_id=holder.match_id, place=place,
                         now=now)
            for team, place, news in zip(teams, places, updated, strict=True)
            for holder, new in zip(team.members, news, strict=True)
        ]
    ratings_saved(game, Pool.BOTS, ratings, changes)
    return changes


def _once(members: tuple[Holder, ...]) -> tuple[Holder, ...]:
    seen: set[int] = set()
    kept = []
    for holder in members:
        if holder.subject not in seen:
            seen.add(holder.subject)
            kept.append(holder)
    return tuple(kept)


def _plain(holder: Holder) -> float:
    return holder.value if holder.result is None else holder.result


def _merged(group: list[Holder]) -> list[Holder]:
    """Return the group with each entrant once (its mean value; forfeited if it ever was)."""
    by_subject: dict[int, list[Holder]] = {}
    for holder in group:
        by_subject.setdefault(holder.subject, []).append(holder)
    return [
        Holder(
            subject=subject,
            match_id=held[0].match_id,
            value=sum(h.value for h in held) / len(held),
            forfeited=any(h.forfeited for h in held),
            result=sum(_plain(h) for h in held) / len(held),
        )
        for subject, held in by_subject.items()
    ]
