"""The engines' refusal reasons in people's words: their English templates (marked for
``makemessages`` in games/engine/*/reasons.py) rendered through the active language's catalog.

The HTTP API keeps the engine's English (``str(reason)``); the table's texts use ``people_text``.

Busca's suits are named as its reader's table draws them (games/card_style.py): coins, cups,
swords and clubs with the Spanish suits; diamonds, hearts, spades and clubs with French faces.
A page or socket sets its reader's style with ``deck_style`` around what it renders.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.utils.translation import gettext, pgettext

from games.card_style import FRENCH, LATIN
from games.engine.busca.reasons import SPANISH_DECK
from games.engine.reasons import Reason, gettext_noop

_style: ContextVar[str] = ContextVar("card_style", default=LATIN)

# Busca's templates that name a Spanish suit, as French faces name it (marked for makemessages;
# the suits' own names are Buraco's phrases: games/engine/buraco/reasons.py).
FRENCH_WORDS = {
    "ace of coins (the Pita)": gettext_noop("ace of diamonds (the Pita)"),
    "coins cannot be led on the first trick": gettext_noop(
        "diamonds cannot be led on the first trick"
    ),
}
FRENCH_SUITS = {"coins": "diamonds", "cups": "hearts", "swords": "spades", "clubs": "clubs"}


@contextmanager
def deck_style(style: str) -> Iterator[None]:
    """Name Busca's suits as ``style`` (``latin`` or ``french``) draws them, within the block."""
    token = _style.set(style)
    try:
        yield
    finally:
        _style.reset(token)


def people_text(reason: Reason) -> str:
    """Return ``reason`` in the active language (nested card and suit names too), its suits
    named as the reader's card style draws them."""
    if _style.get() != FRENCH:
        return reason.render(gettext, pgettext)
    return reason.render(_french, _french_in)


def _french(template: str) -> str:
    return gettext(FRENCH_WORDS.get(template, template))


def _french_in(context: str, template: str) -> str:
    if context == SPANISH_DECK and template in FRENCH_SUITS:
        return gettext(FRENCH_SUITS[template])
    return pgettext(context, template)
