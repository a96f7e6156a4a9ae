"""Reads about ladders: the list, one ladder's entrants and running matches, a bot's entries."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Q

from bots.models import Bot
from games import engine
from games.models import Match, Seat
from games.selectors import shown_turn
from tournaments.ladders.luck import luck_summary
from tournaments.ladders.models import Ladder, LadderEntry, LadderTable
from tournaments.ratings.interval_cache import rank_intervals_cached
from tournaments.ratings.models import Pool, Rating
from tournaments.ratings.selectors import ordinal
from tournaments.ratings.services import MODEL
from tournaments.ratings.uncertainty import settled_pairs, skill_interval
from tournaments.ratings.views import game_title

RUNNING_SHOWN = 100  # running matches a ladder page lists (LADDER_MAX_RUNNING bounds them anyway)

RANKED = 100  # entrants given rank intervals (sampled: the cost grows with the square)
RANK_DRAWS = 1000  # sampled boards for them (fixed seed: the same page every time)


def ladder_version(*, game: str) -> int | None:
    """Return the version of a ladder's live page (0 before its first change), None if no game."""
    if game not in engine.names():
        return None
    version = Ladder.objects.filter(game=game).values_list("version", flat=True).first()
    return int(version or 0)


def _running(game: str | None = None) -> Any:
    rows = Match.objects.filter(kind=Match.Kind.LADDER, status=Match.Status.RUNNING)
    return rows if game is None else rows.filter(game=game)


def ladder_index() -> list[dict[str, Any]]:
    """Return every ladder (one per game) with how many bots and matches it has."""
    active = LadderEntry.Status.ACTIVE
    counts = {
        row["ladder__game"]: row
        for row in LadderEntry.objects.values("ladder__game").annotate(
            bots=Count("id", filter=Q(status=active, anchor="")),
            anchors=Count("id", filter=Q(status=active) & ~Q(anchor="")),
        )
    }
    running = dict(_running().values("game").annotate(n=Count("id")).values_list("game", "n"))
    return [
        {
            "game": game,
            "bots": counts.get(game, {}).get("bots", 0),
            "anchors": counts.get(game, {}).get("anchors", 0),
            "running": running.get(game, 0),
        }
        for game in engine.names()
    ]


def _entry_row(entry: LadderEntry, rating: Rating | None, running: int) -> dict[str, Any]:
    mu, sigma = (rating.mu, rating.sigma) if rating is not None else (MODEL.mu, MODEL.sigma)
    return {
        "name": entry.bot.name,
        "kind": "anchor" if entry.anchor else "bot",
        "strategy": entry.anchor or None,
        "status": entry.status,
        "rating": round(ordinal(mu, sigma), 1),
        "mu": round(mu, 2),
        "sigma": round(sigma, 2),
        "games": rating.games if rating is not None else 0,
        "running": running,
        "joined_at": entry.joined_at.isoformat(),
    }


def ladder_entrants(game: str) -> list[dict[str, Any]]:
    """Return the active entrants of a ladder, by conservative rating, best first."""
    entries = list(
        LadderEntry.objects.filter(ladder__game=game, status=LadderEntry.Status.ACTIVE)
        .select_related("bot")
        .order_by("id")
    )
    ids = [entry.bot_id for entry in entries]
    ratings = {
        r.bot_id: r
        for r in Rating.objects.filter(
            game=game,
            pool=Pool.BOTS,
            bot__ladder_entries__ladder__game=game,
            bot__ladder_entries__status=LadderEntry.Status.ACTIVE,
        )
    }
    loads = dict(
        Seat.objects.filter(match__in=_running(game), bot_id__in=ids)
        .values("bot_id")
        .annotate(n=Count("match_id", distinct=True))
        .values_list("bot_id", "n")
    )
    rows = [_entry_row(e, ratings.get(e.bot_id), loads.get(e.bot_id, 0)) for e in entries]
    rows.sort(key=lambda row: (-row["rating"], -row["games"], row["name"]))
    with_uncertainty(rows)
    return rows


def with_uncertainty(rows: list[dict[str, Any]]) -> None:
    """Give each row its skill's 95% interval and, for the first ``RANKED``, the ranks it could
    hold and whether its order against the next row is settled (tournaments/ratings/uncertainty).
    Rows past ``RANKED`` get the skill interval only (``rank_low`` and the rest are None)."""
    for rank, row in enumerate(rows, start=1):
        low, high = skill_interval(row["mu"], row["sigma"])
        row.update(rank=rank, skill_low=round(low, 1), skill_high=round(high, 1))
        row.update(rank_low=None, rank_high=None, settled_with_next=None)
    ranked = rows[:RANKED]
    intervals = rank_intervals_cached([(r["mu"], r["sigma"]) for r in ranked], draws=RANK_DRAWS)
    settled = settled_pairs(intervals)
    for i, (row, (low, high)) in enumerate(zip(ranked, intervals, strict=True)):
        row.update(rank_low=low, rank_high=high)
        row["settled_with_next"] = settled[i] if i < len(settled) else None


def ladder_running(game: str) -> list[dict[str, Any]]:
    """Return the running matches of a ladder, newest first, with who plays them."""
    matches = list(_running(game).order_by("-id")[:RUNNING_SHOWN])
    seats: dict[int, list[str]] = {}
    for seat in Seat.objects.filter(match__in=matches).select_related("bot").order_by("number"):
        name = seat.bot.name if seat.bot is not None else seat.strategy
        seats.setdefault(seat.match_id, []).append(name)
    sets = {
        table.match_id: table
        for table in LadderTable.objects.filter(match__in=matches).select_related("set")
    }
    sizes = dict(
        LadderTable.objects.filter(set_id__in={t.set_id for t in sets.values()})
        .values("set_id")
        .annotate(n=Count("id"))
        .values_list("set_id", "n")
    )
    return [
        {
            "match": match.pk,
            "seats": seats.get(match.pk, []),
            "turn": shown_turn(match),  # None while sealed: how far a set's deal has gone
            "started_at": match.created_at.isoformat(),
            "set": _set_json(sets.get(match.pk), sizes),
        }
        for match in matches
    ]


def _set_json(table: LadderTable | None, sizes: dict[int, int]) -> dict[str, Any] | None:
    """Return the set a ladder match is a table of (None: a match from before sets)."""
    if table is None:
        return None
    return {
        "id": table.set_id,
        "kind": table.set.kind,
        "tables": sizes.get(table.set_id, 1),
        "table": table.rotation,
        "commitment": table.set.commitment,
    }


def ladder_detail(*, game: str) -> dict[str, Any]:
    """Return one ladder: its entrants and running matches (the game must exist)."""
    entrants = ladder_entrants(game)
    return {
        "game": game,
        "version": ladder_version(game=game) or 0,
        "entrants": entrants,
        # Settled: no two neighbours among the ranked entrants could still swap places.
        "settled": all(row["settled_with_next"] is not False for row in entrants),
        "running": ladder_running(game),
    }


def entry_json(entry: LadderEntry) -> dict[str, Any]:
    """Return one bot's entry on one ladder, as its owner sees it."""
    return {
        "game": entry.ladder.game,
        "bot": entry.bot.name,
        "status": entry.status,
        "reason": entry.reason,
        "joined_at": entry.joined_at.isoformat(),
        "status_changed_at": entry.status_changed_at.isoformat(),
        "last_scheduled_at": (
            entry.last_scheduled_at.isoformat() if entry.last_scheduled_at else None
        ),
        "matches": entry.matches,
        "timeouts": entry.timeouts,
        "forfeits": entry.forfeits,
    }


def entry_detail(*, game: str, bot_name: str) -> dict[str, Any] | None:
    """Return a bot's public entry on a ladder: its counts, its skill (the bots pool's rating
    and 95% interval) and, apart from it, the luck of its hands; None if it never joined."""
    entry = (
        LadderEntry.objects.filter(ladder__game=game, bot__name=bot_name)
        .select_related("ladder", "bot")
        .first()
    )
    if entry is None:
        return None
    rating = Rating.objects.filter(game=game, pool=Pool.BOTS, bot_id=entry.bot_id).first()
    mu, sigma = (rating.mu, rating.sigma) if rating is not None else (MODEL.mu, MODEL.sigma)
    low, high = skill_interval(mu, sigma)
    return {
        **entry_json(entry),
        "anchor": entry.anchor or None,
        "skill": {
            "mu": round(mu, 2),
            "sigma": round(sigma, 2),
            "rating": round(ordinal(mu, sigma), 1),
            "low": round(low, 2),
            "high": round(high, 2),
            "games": rating.games if rating is not None else 0,
        },
        "luck": luck_summary(entry.luck_total, entry.luck_squares, entry.duplicate_deals),
    }


def entries_public(bot: Bot) -> list[dict[str, Any]]:
    """Return the bot's ladders for its public page: each with its skill and its luck."""
    games = LadderEntry.objects.filter(bot=bot).values_list("ladder__game", flat=True)
    rows = []
    for game in sorted(games):
        found = entry_detail(game=game, bot_name=bot.name)
        if found is not None:
            rows.append({**found, "title": game_title(game)})
    return rows


def entries_of_bot(bot_id: int) -> list[LadderEntry]:
    """Return a bot's ladder entries (for its owner's bot page)."""
    return list(LadderEntry.objects.filter(bot_id=bot_id).select_related("ladder", "bot"))


def ladder_entries_shown(bot: Bot) -> list[dict[str, Any]]:
    """Return the bot's place on every ladder for its owner's page (status None: never joined)."""
    entries = {entry.ladder.game: entry for entry in entries_of_bot(bot.pk)}
    rows = []
    for game in engine.names():
        entry = entries.get(game)
        rows.append(
            {
                "game": game,
                "title": game_title(game),
                "plays": bot.plays(game),
                "status": entry.status if entry is not None else None,
                "reason": entry.reason if entry is not None else "",
                "matches": entry.matches if entry is not None else 0,
                "luck": (
                    luck_summary(entry.luck_total, entry.luck_squares, entry.duplicate_deals)
                    if entry is not None
                    else None
                ),
            }
        )
    return rows
