from django.apps import AppConfig


class BotsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "bots"

    def ready(self) -> None:
        from bots import receivers, schema  # noqa: F401  (schema: the token scheme for drf-spectacular)
        from core.signals import platform_resumed
        from games.signals import match_finished, turn_opened

        turn_opened.connect(receivers.turn_opened, dispatch_uid="bots.webhook_turn")
        platform_resumed.connect(receivers.platform_resumed, dispatch_uid="bots.webhook_again")
        match_finished.connect(receivers.match_finished, dispatch_uid="bots.preflight_finish")
