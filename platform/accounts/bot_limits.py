"""The bot page's "Limits": the budgets of GET /api/v1/bot/limits (bots.limits), in words."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from bots.limits import budgets_of
from bots.models import Bot

WORDS = {
    "requests": _("Requests in any minute, per token"),
    "practice_matches": _("Practice and challenge matches it plays at once"),
    "practice_matches_started": _(
        "Practice and challenge matches you started at once, with all your bots"
    ),
    "preflight_checks": _("Pre-flight checks in 24 hours"),
    "challenges_waiting": _("Challenges of your bots waiting for an answer"),
    "challenges_per_hour": _("Challenges it makes in an hour"),
    "versions_per_day": _("New versions in 24 hours"),
    "event_streams": _("Event streams open at once, per token"),
    "long_polls": _("Waiting long-polls at once, per token"),
}


def limits_shown(bot: Bot) -> list[dict[str, Any]]:
    """Return the bot's budgets for its page: each with its words in the reader's language."""
    return [
        {**budget.to_json(), "words": WORDS.get(budget.name, budget.name)}
        for budget in budgets_of(bot)
    ]
