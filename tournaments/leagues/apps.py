from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments.leagues"
    label = "leagues"
    verbose_name = "Leagues"

    def ready(self) -> None:
        from games.signals import match_recorded
        from tournaments.leagues.services.rounds import match_recorded_receiver

        match_recorded.connect(match_recorded_receiver, dispatch_uid="leagues.match_recorded")
