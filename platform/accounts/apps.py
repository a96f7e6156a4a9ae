from django.apps import AppConfig


class AccountsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "accounts"

    def ready(self) -> None:
        """Connect the sign-in signal that applies a person's saved language."""
        from accounts import language  # noqa: F401
