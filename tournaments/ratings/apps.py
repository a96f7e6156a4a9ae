from __future__ import annotations

from typing import Any

from django.apps import AppConfig


class RatingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments.ratings"
    label = "ratings"
    verbose_name = "Ratings and leaderboards"

    def ready(self) -> None:
        from bots.versions import version_changed
        from games.services.play_now import rating_source_add
        from games.signals import match_recorded

        match_recorded.connect(_rate, dispatch_uid="ratings.rate_recorded_match")
        rating_source_add(_person_rating)
        version_changed.connect(_widen, dispatch_uid="ratings.widen_new_version")


def _rate(sender: Any, match: Any, **kwargs: Any) -> None:
    """Rate a match in the transaction that records it; a sealed duplicate table waits for its
    round's end (tournaments.services.rounds), or its rating change would tell its result."""
    from tournaments.ratings.services import ratings_record

    if not match.sealed:
        ratings_record(match=match)


def _widen(sender: Any, bot_id: int, **kwargs: Any) -> None:
    """A bot stated a new version: its ratings grow less certain (docs/ratings.md)."""
    from tournaments.ratings.services import ratings_widen

    ratings_widen(bot_id=bot_id)


def _person_rating(game: str, user_id: int) -> float | None:
    """A person's display rating in ``game`` (people's pool), for Play now's pairing."""
    from tournaments.ratings.models import Pool, Rating

    row = Rating.objects.filter(game=game, pool=Pool.PEOPLE, user_id=user_id).first()
    return None if row is None else row.ordinal
