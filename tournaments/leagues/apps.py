from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments.leagues"
    label = "leagues"
    verbose_name = "Leagues"
