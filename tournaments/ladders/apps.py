from django.apps import AppConfig


class LaddersConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments.ladders"
    label = "ladders"
    verbose_name = "Ladders"

    def ready(self) -> None:
        from games.signals import match_recorded
        from tournaments.ladders.services.health import match_recorded_receiver

        match_recorded.connect(match_recorded_receiver, dispatch_uid="ladders.match_recorded")
