"""``{{ value|number }}``: a number as the reader's language writes it ("3.120" in Spanish),
with up to two decimals; ``{{ value|number:"fixed" }}`` keeps two. See core/numbers.py."""

from __future__ import annotations

from decimal import Decimal

from django import template

from core.numbers import FIXED_TWO, UP_TO_TWO, number_words

register = template.Library()


@register.filter(is_safe=False)
def number(value: float | int | Decimal | str | None, style: str = "") -> str:
    """Return ``value`` in the active language's digits grouping; text that is not a number
    comes back as it was (a dash, a word)."""
    if isinstance(value, str):
        try:
            value = Decimal(value)
        except ArithmeticError:
            return value
    return number_words(value, FIXED_TWO if style == "fixed" else UP_TO_TWO)
