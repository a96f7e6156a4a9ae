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

One call rates one set, and the set is one rated contest between every two owners in it
(``RatingChange.occasion``): a comparison between owners who have had their
``RATING_PAIR_GAMES_PER_DAY`` contests of the last 24 hours is left out, as a match is.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.utils import timezone

from bots.owners import owner_groups
from games.sides import sport_places
from tournaments.ratings.models import Pool, RatingChange
from tournaments.ratings.services import (
    MODEL,
    OWNER,
    Owner,
    locked_ratings,
    pair_limit_reached,
    rating_moved,
    ratings_saved,
)


@dataclass(frozen=True)
class Holder:
    """One entrant's result with one hand: its bot, its table's match and what it made."""

    subject: int  # the bot id (an entered bot or a house anchor's row)
    match_id: int
    value: float  # what it is compared by, higher is better (docs/ratings.md)
    forfeited: bool = False
    result: float | None = None  # its plain result (minus Buscas; a side's lead), if not value
    person: int | None = None  # the user behind an entered bot; None for a house anchor


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
    """Move the bots-pool ratings by the comparisons of one set, in order; return the history
    rows, each naming the set's first table as its occasion.

    A comparison with fewer than two teams, or with one entrant on two of its teams, compares
    nothing and is left out; so is one between owners over their day's limit. An entrant twice
    on one team counts once.
    """
    usable = []
    for teams in groups:
        teams = [Team(_once(t.members), t.value, t.forfeited) for t in teams]
        subjects = [h.subject for t in teams for h in t.members]
        if len(teams) >= 2 and len(subjects) == len(set(subjects)):
            usable.append(teams)
    usable = _within_pair_limits(game, usable)
    if not usable:
        return []
    occasion = min(h.match_id for teams in usable for t in teams for h in t.members)
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
                         now=now, occasion=occasion)
            for team, place, news in zip(teams, places, updated, strict=True)
            for holder, new in zip(team.members, news, strict=True)
        ]
    ratings_saved(game, Pool.BOTS, ratings, changes)
    return changes


def _within_pair_limits(game: str, comparisons: list[list[Team]]) -> list[list[Team]]:
    """Return the comparisons whose owners, team against team, are within the day's limit."""
    people = {h.person for teams in comparisons for t in teams for h in t.members}
    group_of = owner_groups({p for p in people if p is not None})
    kept = []
    for teams in comparisons:
        sides: list[set[Owner]] = [
            {(OWNER, group_of[h.person]) for h in t.members if h.person is not None}
            for t in teams
        ]
        present = {h.person for t in teams for h in t.members if h.person is not None}
        if not pair_limit_reached(game, Pool.BOTS, sides, present):
            kept.append(teams)
    return kept


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
            person=held[0].person,
        )
        for subject, held in by_subject.items()
    ]
