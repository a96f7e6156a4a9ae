from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"

    def ready(self) -> None:
        from games.signals import match_recorded
        from tournaments.services.settlement import on_match_recorded

        match_recorded.connect(on_match_recorded, dispatch_uid="tournaments.match_recorded")
