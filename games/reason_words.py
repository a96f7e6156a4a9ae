"""The engines' refusal reasons in people's words: their English templates (marked for
``makemessages`` in games/engine/*/reasons.py) rendered through the active language's catalog.

The HTTP API keeps the engine's English (``str(reason)``); the table's texts use ``people_text``.
"""

from __future__ import annotations

from django.utils.translation import gettext, pgettext

from games.engine.reasons import Reason


def people_text(reason: Reason) -> str:
    """Return ``reason`` in the active language (nested card and suit names too)."""
    return reason.render(gettext, pgettext)
