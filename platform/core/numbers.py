"""Numbers as the reader's language writes them, from CLDR through Babel: "3,120" in English
and Korean, "3.120" in Spanish, Portuguese and Indonesian, decimals with the language's comma.

The table's script writes them the same way (games/static/games/texts.js ``num``: Intl with
grouping always on), so a score reads alike on the page and at the table.
"""

from __future__ import annotations

from decimal import Decimal

from babel.numbers import format_decimal
from django.utils.translation import get_language, to_locale

# Up to two decimals, none when whole ("12.5", "3,120"); FIXED keeps two ("0.50").
UP_TO_TWO = "#,##0.##"
FIXED_TWO = "#,##0.00"


def number_words(value: float | int | Decimal | None, pattern: str = UP_TO_TWO) -> str:
    """Return ``value`` grouped and with the decimal mark of the active language ("" for None)."""
    if value is None:
        return ""
    return format_decimal(value, format=pattern, locale=to_locale(get_language() or "en"))
