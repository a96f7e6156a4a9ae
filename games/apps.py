from __future__ import annotations

from typing import Any

from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"

    def ready(self) -> None:
        from core.signals import platform_resumed

        platform_resumed.connect(_push_back_deadlines, dispatch_uid="games.deadlines")


def _push_back_deadlines(*, outage: Any, **kwargs: Any) -> None:
    from games.services.deadlines import deadlines_push_back

    deadlines_push_back(outage=outage)
