"""Template filters that put internal names into people's words."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext as _

from games.pages import game_label

register = template.Library()


@register.filter
def game_names(games: list[str] | None) -> str:
    """Name a list of games in words ("Busca, Buraco Cerrado"); empty means every game."""
    if not games:
        return _("every game")
    return ", ".join(game_label(game) for game in games)


@register.filter
def turn_words(mode: str) -> str:
    """Say how a bot gets its turns."""
    return _("the server calls its webhook") if mode == "webhook" else _("it asks the server")
