from django.apps import AppConfig


class BotsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "bots"

    def ready(self) -> None:
        from bots import schema  # noqa: F401  (registers the token scheme with drf-spectacular)
