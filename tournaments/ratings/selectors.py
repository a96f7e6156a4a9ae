"""Reads about ratings: the leaderboards, one subject's rating and history."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.paginator import Paginator
from django.db.models import Count, F, OuterRef, Q, QuerySet, Subquery, Value, Window
from django.db.models.functions import RowNumber

from bots.models import Bot
from games import engine
from games.models import Seat
from tournaments.ladders.services.anchors import SYSTEM_USER
from tournaments.ratings.interval_cache import rank_intervals_cached
from tournaments.ratings.models import Pool, Rating, RatingChange
from tournaments.ratings.uncertainty import settled_pairs, skill_interval

PAGE_SIZE = 50
HISTORY_POINTS = 30  # ordinals per sparkline
Z = 3  # the display rating is mu - Z sigma: about 99.7% sure the skill is at least that
# Rank intervals are sampled among a page's rows and this many neighbours on each side: the
# entrants further away almost never swap with the page's, and sampling a whole board of
# thousands would slow every page. 1,000 fixed-seed draws of ~100 entrants take ~0.04 s.
RANK_CONTEXT = 25
RANK_DRAWS = 1000
RANK_SEED = 0


class UnknownBoard(LookupError):
    """No leaderboard, or no rating on it, by that name."""


def board_check(*, game: str, pool: str) -> None:
    """Raise UnknownBoard unless ``game`` and ``pool`` name a leaderboard."""
    if game not in engine.names():
        raise UnknownBoard(f"no game {game!r}; the games are {', '.join(engine.names())}")
    if pool not in Pool.values:
        raise UnknownBoard(f"no pool {pool!r}; the pools are {', '.join(Pool.values)}")


def leaderboard_group(game: str, pool: str) -> str:
    """Return the channel-layer group of one leaderboard's live events."""
    return f"leaderboard.{game}.{pool}"


def ordinal(mu: float, sigma: float) -> float:
    """Return the display rating: a conservative estimate of the skill."""
    return mu - Z * sigma


def is_provisional(sigma: float) -> bool:
    """Tell whether a rating is still too uncertain to be taken at face value."""
    return sigma >= settings.RATING_PROVISIONAL_SIGMA


def is_house(rating: Rating) -> bool:
    """Tell whether a rating is a house anchor's: a house strategy rated as a bot on the
    ladders (tournaments.ladders.services.anchors), owned by the house's system user."""
    bot = rating.bot
    return bot is not None and bot.owner.get_username() == SYSTEM_USER


def rating_row(
    rating: Rating, *, rank: int | None = None, history: list[float] | None = None
) -> dict[str, Any]:
    """Return one rating as public JSON (a leaderboard row)."""
    low, high = skill_interval(rating.mu, rating.sigma)
    row: dict[str, Any] = {
        "rank": rank,
        "name": rating.name,
        "kind": rating.kind,
        "rating": round(rating.ordinal, 1),
        "mu": round(rating.mu, 3),
        "sigma": round(rating.sigma, 3),
        "skill_low": round(low, 3),
        "skill_high": round(high, 3),
        "games": rating.games,
        "wins": rating.wins,
        "provisional": is_provisional(rating.sigma),
        "listed": rating.games >= settings.LEADERBOARD_MIN_GAMES,
        "house": is_house(rating),
    }
    if history is not None:
        row["history"] = history
    return row


def _board(game: str, pool: str) -> QuerySet[Rating]:
    return Rating.objects.filter(game=game, pool=pool).select_related("bot__owner", "user")


def _listed(game: str, pool: str) -> QuerySet[Rating]:
    return _board(game, pool).filter(games__gte=settings.LEADERBOARD_MIN_GAMES)


def leaderboard_index() -> list[dict[str, Any]]:
    """Return every game and pool with how many ratings it lists and holds."""
    counts = {
        (row["game"], row["pool"]): row
        for row in Rating.objects.values("game", "pool").annotate(
            rated=Count("id"),
            listed=Count("id", filter=Q(games__gte=settings.LEADERBOARD_MIN_GAMES)),
        )
    }
    return [
        {
            "game": game,
            "pool": pool,
            "listed": counts.get((game, pool), {}).get("listed", 0),
            "rated": counts.get((game, pool), {}).get("rated", 0),
        }
        for game in engine.names()
        for pool in Pool.values
    ]


def rated_count(*, game: str, pool: str) -> int:
    """Return how many bots or people hold a rating on a board, listed or not yet."""
    return _board(game, pool).count()


def histories(rating_ids: list[int], *, points: int = HISTORY_POINTS) -> dict[int, list[float]]:
    """Return the last ``points`` ordinals of each rating, oldest first."""
    latest = (
        RatingChange.objects.filter(rating_id__in=rating_ids)
        .annotate(back=Window(RowNumber(), partition_by=F("rating_id"), order_by=F("id").desc()))
        .filter(back__lte=points)
        .order_by("rating_id", "id")
        .values_list("rating_id", "ordinal_after")
    )
    out: dict[int, list[float]] = {rating_id: [] for rating_id in rating_ids}
    for rating_id, value in latest:
        out[rating_id].append(round(value, 2))
    return out


@dataclass(frozen=True)
class LeaderboardPage:
    """One page of a leaderboard."""

    game: str
    pool: str
    number: int
    pages: int
    count: int
    rows: list[dict[str, Any]]
    settled: bool = True  # every row's order against the next one's is settled

    @property
    def unsettled(self) -> int:
        """Return how many of the page's rows could still swap with the row below."""
        return sum(row.get("settled_with_next") is False for row in self.rows)

    @property
    def pairs(self) -> int:
        """Return how many of the page's rows have a row below to compare with."""
        return sum(row.get("settled_with_next") is not None for row in self.rows)

    @property
    def has_next(self) -> bool:
        return self.number < self.pages

    @property
    def has_previous(self) -> bool:
        return self.number > 1


def leaderboard_page(
    *, game: str, pool: str, page: int = 1, per_page: int = PAGE_SIZE
) -> LeaderboardPage:
    """Return one page of a leaderboard, best first, each row with its recent history.

    Raises UnknownBoard, and django.core.paginator.InvalidPage for a page out of range.
    """
    board_check(game=game, pool=pool)
    ratings = _listed(game, pool).order_by("-ordinal", "-games", "id")
    paginator = Paginator(ratings, per_page)
    current = paginator.page(page)
    items = list(current.object_list)
    recent = histories([r.pk for r in items])
    first = current.start_index()
    rows = [rating_row(r, rank=first + i, history=recent[r.pk]) for i, r in enumerate(items)]
    _add_rank_intervals(rows, items, ratings, first=first)
    return LeaderboardPage(
        game,
        pool,
        current.number,
        paginator.num_pages,
        paginator.count,
        rows,
        settled=all(row["settled_with_next"] is not False for row in rows),
    )


def _add_rank_intervals(
    rows: list[dict[str, Any]], items: list[Rating], ordered: QuerySet[Rating], *, first: int
) -> None:
    """Give each row the ranks it could hold (``rank_low``, ``rank_high``) and whether its
    order against the next entrant, on this page or the next, is settled.

    The ranks are sampled among the rows and RANK_CONTEXT neighbours on each side (module
    tournaments.ratings.uncertainty); ``settled_with_next`` is None for the board's last entrant.
    """
    if not rows:
        return
    start = max(0, first - 1 - RANK_CONTEXT)
    end = first - 1 + len(items)
    above = list(ordered.values_list("mu", "sigma")[start : first - 1])
    below = list(ordered.values_list("mu", "sigma")[end : end + RANK_CONTEXT])
    window = [*above, *((r.mu, r.sigma) for r in items), *below]
    intervals = rank_intervals_cached(window, draws=RANK_DRAWS, seed=RANK_SEED)
    settled = settled_pairs(intervals)
    offset = first - 1 - len(above)  # the rank before the window's first entrant
    for i, row in enumerate(rows):
        at = len(above) + i
        low, high = intervals[at]
        row["rank_low"] = offset + low
        row["rank_high"] = offset + high
        row["settled_with_next"] = settled[at] if at < len(settled) else None


def rating_of(*, game: str, pool: str, name: str) -> Rating:
    """Return the rating of the bot or person called ``name``; raise UnknownBoard if none."""
    board_check(game=game, pool=pool)
    board = _board(game, pool)
    if pool == Pool.BOTS:
        rating = board.filter(bot__name=name).first()
    else:
        username = get_user_model().USERNAME_FIELD
        rating = board.filter(**{f"user__{username}": name}).first()
    if rating is None:
        raise UnknownBoard(f"{name!r} has no {pool} rating in {game}")
    return rating


def rank_of(rating: Rating) -> int | None:
    """Return the place of a listed rating on its leaderboard (None while unlisted)."""
    if rating.games < settings.LEADERBOARD_MIN_GAMES:
        return None
    same = Q(ordinal=rating.ordinal)
    ahead = (
        Q(ordinal__gt=rating.ordinal)
        | (same & Q(games__gt=rating.games))
        | (same & Q(games=rating.games, id__lt=rating.pk))
    )
    return _listed(rating.game, rating.pool).filter(ahead).count() + 1


def rating_detail(*, game: str, pool: str, name: str) -> dict[str, Any]:
    """Return one subject's rating with its full history, oldest first."""
    rating = rating_of(game=game, pool=pool, name=name)
    changes = _with_version(RatingChange.objects.filter(rating=rating), rating.bot_id)
    body = rating_row(rating, rank=rank_of(rating))
    body["game"] = game
    body["pool"] = pool
    body["history"] = [
        {
            "match": change.match_id,
            "at": change.created_at.isoformat(),
            "place": change.place,
            "mu": round(change.mu_after, 3),
            "sigma": round(change.sigma_after, 3),
            "rating": round(change.ordinal_after, 1),
            "change": round(
                change.ordinal_after - ordinal(change.mu_before, change.sigma_before), 1
            ),
            "version": change.version or None,  # type: ignore[attr-defined]
        }
        for change in changes
    ]
    return body


def _with_version(changes: QuerySet[RatingChange], bot_id: int | None) -> QuerySet[RatingChange]:
    """Return ``changes`` in order, each with the ``version`` its bot played that match as."""
    if bot_id is None:
        return changes.annotate(version=Value("")).order_by("id")
    seat = Seat.objects.filter(match_id=OuterRef("match_id"), bot_id=bot_id)
    return changes.annotate(version=Subquery(seat.values("bot_version")[:1])).order_by("id")


def versions_of(bot: Bot) -> list[dict[str, Any]]:
    """Return, for each game the bot is rated in, its versions in the order it first stated
    them: each with its rated games, its rating after the last one, and its rating's path
    (the last ``HISTORY_POINTS`` ratings, for a sparkline). Games played with no version
    stated come under ``None``."""
    first_seen = dict(bot.versions.values_list("version", "first_seen"))
    games = []
    for rating in Rating.objects.filter(bot=bot, pool=Pool.BOTS).order_by("game"):
        runs: dict[str, dict[str, Any]] = {}
        for change in _with_version(RatingChange.objects.filter(rating=rating), bot.pk):
            version = change.version or ""  # type: ignore[attr-defined]
            run = runs.setdefault(
                version,
                {
                    "version": version or None,
                    "first_seen": first_seen.get(version),
                    "current": version == bot.version,
                    "games": 0,
                    "path": [],
                },
            )
            run["games"] += 1
            run["rating"] = round(change.ordinal_after, 1)
            run["path"] = [*run["path"][-(HISTORY_POINTS - 1) :], round(change.ordinal_after, 2)]
        games.append({"game": rating.game, "versions": list(runs.values())})
    return games
