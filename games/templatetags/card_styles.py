"""``{% card_style as style %}``: the person's Busca card style (games/card_style.py)."""

from __future__ import annotations

from typing import Any

from django import template

from games.card_style import STYLES
from games.card_style import card_style as style_of

register = template.Library()


@register.simple_tag(takes_context=True)
def card_style(context: Any) -> str:
    """Return ``latin`` or ``french`` for the page's request."""
    return style_of(context.get("request"))


@register.simple_tag
def card_styles() -> list[tuple[str, str]]:
    """Return the styles a person may choose, with their words."""
    return [(key, str(words)) for key, words in STYLES.items()]
