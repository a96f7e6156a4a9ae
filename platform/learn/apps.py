from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LearnConfig(AppConfig):
    """The pages that teach: the rules of each game and the docs served from docs/."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "learn"
    verbose_name = _("Learn")
