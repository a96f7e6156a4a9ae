from django.apps import AppConfig


class AccountsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "accounts"

    def ready(self) -> None:
        """Connect the sign-in signals: a person's saved language, the lockout's counts."""
        from accounts import language, lockout  # noqa: F401
