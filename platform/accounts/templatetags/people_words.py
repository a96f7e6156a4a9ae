"""Template filters that put internal names into people's words."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
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


@register.simple_tag
def linked_names(people: list[dict[str, Any]]) -> SafeString:
    """Join names, each linked to its page when it has one: "<a href=…>ana</a>, bob".

    Used as ``{% linked_names m.others as others %}`` so a whole sentence around the list
    ("with {{ others }}") is one message for translators.
    """
    parts = [
        format_html('<a href="{}">{}</a>', p["url"], p["name"]) if p.get("url") else p["name"]
        for p in people
    ]
    return format_html_join(", ", "{}", ((part,) for part in parts))
