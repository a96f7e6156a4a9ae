"""Who an event is for (its audience: bots, people or both), and the consent a bot needs.

A tournament's ``open_to`` and a league's ``members`` hold its audience. A bot enters an event
whose audience includes people only if its owner allowed it (``Bot.plays_with_people``); the
check is made when it enters, so an entry made before the consent existed, or before it was
withdrawn, stays (docs/bots.md, "Events with people").
"""

from __future__ import annotations

from bots.models import Bot

BOTS, PEOPLE, BOTH = "bots", "people", "both"
AUDIENCES = (BOTS, PEOPLE, BOTH)


def with_people(audience: str) -> bool:
    """Tell whether people may play in an event for ``audience``."""
    return audience in (PEOPLE, BOTH)


def consent_missing(bot: Bot, audience: str) -> str | None:
    """Return why ``bot`` may not enter an event for ``audience``, or None if it may."""
    if not with_people(audience) or bot.plays_with_people:
        return None
    return (
        f"bot {bot.name!r} does not enter events with people: its owner has not allowed it "
        f"(plays_with_people, on the bot's page or PATCH /api/v1/bots/{bot.pk})"
    )
