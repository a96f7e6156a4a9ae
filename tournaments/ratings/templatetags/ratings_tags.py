"""Template helpers of the leaderboard pages."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from tournaments.ratings.sparkline import sparkline_svg

register = template.Library()


@register.filter
def sparkline(values: list[float]) -> SafeString:
    """Draw a rating history as an inline SVG."""
    return sparkline_svg(list(values or []))
