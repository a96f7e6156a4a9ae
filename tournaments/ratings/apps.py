from __future__ import annotations

from typing import Any

from django.apps import AppConfig


class RatingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments.ratings"
    label = "ratings"
    verbose_name = "Ratings and leaderboards"

    def ready(self) -> None:
        from games.signals import match_recorded

        match_recorded.connect(_rate, dispatch_uid="ratings.rate_recorded_match")


def _rate(sender: Any, match: Any, **kwargs: Any) -> None:
    """Rate a match in the transaction that records it; a sealed duplicate table waits for its
    round's end (tournaments.services.rounds), or its rating change would tell its result."""
    from tournaments.ratings.services import ratings_record

    if not match.sealed:
        ratings_record(match=match)
