"""Sparklines: a rating's recent history as a small inline SVG, drawn on the server."""

from __future__ import annotations

from django.utils.formats import number_format
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

WIDTH = 120
HEIGHT = 28
PAD = 3


def sparkline_points(values: list[float], *, width: int = WIDTH, height: int = HEIGHT) -> str:
    """Return the SVG polyline points of ``values``, left to right, higher values up."""
    if not values:
        return ""
    low, high = min(values), max(values)
    span = high - low
    step = (width - 2 * PAD) / (len(values) - 1) if len(values) > 1 else 0.0
    points = []
    for i, value in enumerate(values):
        x = PAD + i * step if len(values) > 1 else width / 2
        # A flat history is drawn across the middle rather than along an edge.
        y = height / 2 if span == 0 else PAD + (high - value) / span * (height - 2 * PAD)
        points.append(f"{x:.1f},{y:.1f}")
    return " ".join(points)


def sparkline_svg(values: list[float], *, width: int = WIDTH, height: int = HEIGHT) -> SafeString:
    """Return an inline SVG of ``values`` with a text alternative for screen readers."""
    if not values:
        return format_html('<span class="sparkline-none">{}</span>', _("no games yet"))
    points = sparkline_points(values, width=width, height=height)
    last_x, last_y = points.rsplit(" ", 1)[-1].split(",")
    first, last = (number_format(round(v, 1), 1, use_l10n=True) for v in (values[0], values[-1]))
    label = (
        ngettext(
            "Rating over the last %(n)s game: %(first)s to %(last)s",
            "Rating over the last %(n)s games: %(first)s to %(last)s",
            len(values),
        )
        % {"n": len(values), "first": first, "last": last}
        if len(values) > 1
        else _("Rating after one game: %(rating)s") % {"rating": last}
    )
    return format_html(
        '<svg class="sparkline" width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img" '
        'aria-label="{label}"><title>{label}</title>'
        '<polyline points="{points}" fill="none" stroke="currentColor" stroke-width="1.5" '
        'stroke-linejoin="round" stroke-linecap="round"/>'
        '<circle cx="{x}" cy="{y}" r="2.5" fill="currentColor"/></svg>',
        w=width,
        h=height,
        label=label,
        points=points,
        x=last_x,
        y=last_y,
    )
