from django.apps import AppConfig


class BotsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "bots"

    def ready(self) -> None:
        from django.db.models.signals import post_delete, post_save

        from bots import receivers, schema, token_cache  # noqa: F401  (schema: drf-spectacular)
        from bots.models import Bot, BotToken
        from core.signals import platform_resumed
        from games.signals import match_finished, turn_opened

        turn_opened.connect(receivers.turn_opened, dispatch_uid="bots.webhook_turn")
        # A kept token row (bots/token_cache.py) is forgotten when its bot or itself changes.
        for model, receiver in (
            (Bot, token_cache.bot_changed),
            (BotToken, token_cache.token_changed),
        ):
            for signal in (post_save, post_delete):
                signal.connect(receiver, sender=model, dispatch_uid=f"bots.forget.{model.__name__}")
        platform_resumed.connect(receivers.platform_resumed, dispatch_uid="bots.webhook_again")
        match_finished.connect(receivers.match_finished, dispatch_uid="bots.preflight_finish")
