"""Busca's card style: the Spanish deck drawn with Latin suits, or with French faces.

Busca is played with a 40-card Spanish deck (coins, cups, swords, clubs). A person picks how the
table and the replay draw it: ``latin`` (the suits drawn as such) or ``french`` (♦ ♥ ♠ ♣). The
choice lives in the ``card_style`` cookie; without it, the page's language decides: Latin
where the game is played with Spanish cards (es, id, ko), French faces elsewhere. Buraco always
shows French faces: it is played with French cards.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from games.reader_language import scope_cookie

COOKIE = "card_style"
LATIN = "latin"
FRENCH = "french"
STYLES = {
    LATIN: _("Spanish suits (coins, cups, swords, clubs)"),
    FRENCH: _("French suits (♦ ♥ ♠ ♣)"),
}
LATIN_LANGUAGES = frozenset({"es", "id", "ko"})
COOKIE_AGE = 365 * 24 * 3600


def default_style(language: str | None) -> str:
    """Return the style a page in ``language`` shows when the person has not chosen one."""
    base = (language or "").lower().replace("_", "-").split("-")[0]
    return LATIN if base in LATIN_LANGUAGES else FRENCH


def scope_card_style(scope: dict[str, Any], language: str) -> str:
    """Return the card style of a socket's reader: their cookie, else ``language``'s default."""
    chosen = scope_cookie(scope, COOKIE)
    return str(chosen) if chosen in STYLES else default_style(language)


def card_style(request: HttpRequest | None) -> str:
    """Return the person's card style: their cookie, else the page language's default."""
    chosen = request.COOKIES.get(COOKIE) if request is not None else None
    if chosen in STYLES:
        return str(chosen)
    language = getattr(request, "LANGUAGE_CODE", None) or translation.get_language()
    return default_style(language)
