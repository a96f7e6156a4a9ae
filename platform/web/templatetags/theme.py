"""The colour theme in templates: ``{% current_theme as THEME %}`` (web/theme.py)."""

from __future__ import annotations

from typing import Any

from django import template

from web.theme import theme_of

register = template.Library()


@register.simple_tag(takes_context=True)
def current_theme(context: Any) -> str:
    """Return "light", "dark" or "auto" from the request's ``theme`` cookie."""
    return theme_of(context.get("request"))
