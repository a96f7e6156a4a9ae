"""TV: the featured live match, as Lichess TV shows one (docs/web.md, "TV").

The current round of a running tournament comes first; otherwise any running match. Among the
candidates the highest-rated wins (the mean of its seats' best ratings in the game; house seats
have none), then the most recently active. A match stays featured until it ends.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import DatabaseError
from django.db.models import Q, QuerySet

from games import engine
from games.models import Match, Seat

log = logging.getLogger(__name__)
CANDIDATES = 200  # running matches looked at, most recently active first


def tv_games() -> list[str]:
    return engine.names()


def _running(game: str | None) -> QuerySet[Match]:
    # A sealed match (duplicate boards) shows spectators no cards: nothing to watch.
    rows = Match.objects.filter(status=Match.Status.RUNNING, sealed=False)
    return rows.filter(game=game) if game else rows


def _in_tournament_rounds(rows: QuerySet[Match]) -> list[Match]:
    try:
        found = rows.filter(
            tournament_game__pairing__round__status="running",
            tournament_game__pairing__tournament__status="running",
        )
        return list(found.order_by("-updated_at")[:CANDIDATES])
    except (DatabaseError, LookupError, ValueError):  # tournaments missing: any match will do
        log.debug("tournament rounds are not available", exc_info=True)
        return []


def _ratings(matches: list[Match]) -> dict[int, float]:
    """Return each match's mean seat rating (best ordinal of the seat's bot or person)."""
    seats = list(
        Seat.objects.filter(match__in=matches).values_list("match_id", "bot_id", "user_id")
    )
    try:
        from tournaments.ratings.models import Rating

        games = {m.game for m in matches}
        bots = {b for _, b, _ in seats if b}
        users = {u for _, _, u in seats if u}
        best: dict[tuple[str, str, int], float] = {}
        rows = Rating.objects.filter(Q(bot_id__in=bots) | Q(user_id__in=users), game__in=games)
        for game, bot, user, value in rows.values_list("game", "bot_id", "user_id", "ordinal"):
            key = (game, "bot", bot) if bot else (game, "user", user)
            best[key] = max(value, best.get(key, value))
    except (ImportError, DatabaseError):
        log.debug("ratings are not available", exc_info=True)
        return {}
    game_of = {m.pk: m.game for m in matches}
    values: dict[int, list[float]] = {}
    for match_id, bot, user in seats:
        key = (game_of[match_id], "bot", bot) if bot else (game_of[match_id], "user", user)
        if key in best:
            values.setdefault(match_id, []).append(best[key])
    return {m: sum(v) / len(v) for m, v in values.items()}


def featured(game: str | None = None, *, showing: int | None = None) -> Match | None:
    """Return the match TV shows: ``showing`` while it runs, else the best candidate."""
    rows = _running(game)
    if showing is not None:
        kept = rows.filter(pk=showing).first()
        if kept is not None:
            return kept
    candidates = _in_tournament_rounds(rows) or list(rows.order_by("-updated_at")[:CANDIDATES])
    if not candidates:
        return None
    rating = _ratings(candidates)
    order = {m.pk: i for i, m in enumerate(candidates)}  # most recently active first
    return max(candidates, key=lambda m: (rating.get(m.pk, float("-inf")), -order[m.pk]))


def current_json(game: str | None, showing: int | None) -> dict[str, Any]:
    """Return what /tv/current.json answers: the featured match, or none."""
    match = featured(game, showing=showing)
    return {"match": match.pk if match else None, "game": match.game if match else None}


def tournament_of(match: Match) -> tuple[Any, int | None]:
    """Return the tournament and the round number ``match`` is played in (or None, None)."""
    try:
        from tournaments.models import PairingMatch

        link = (
            PairingMatch.objects.filter(match=match)
            .select_related("pairing__round", "pairing__tournament")
            .first()
        )
    except (ImportError, DatabaseError):
        return None, None
    if link is None:
        return None, None
    return link.pairing.tournament, link.pairing.round.number
