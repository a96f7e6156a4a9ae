from __future__ import annotations

from django.apps import AppConfig


class FairPlayConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments.fairplay"
    label = "fairplay"
    verbose_name = "Fair-play reports"
