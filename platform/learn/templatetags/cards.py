"""Card pictures for the rules pages, drawn in HTML and CSS (no images).

``{% card "AD" "busca" %}`` draws one card; ``{% cards "5H 6H 7H" "buraco" %}`` draws a row.
A card written with a trailing ``*`` (``"2C*"``) is a wild standing in for another card, and
``"back"`` is a face-down card. Each picture names its card for screen readers.
"""

from __future__ import annotations

from django import template
from django.templatetags.static import static
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.card_style import LATIN, card_style

register = template.Library()

SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def _rank_name(rank: str, latin: bool = False) -> str:
    if latin and rank in "JQK":  # the Spanish deck's sota, caballo and rey, as the table says
        return {
            "J": pgettext("Spanish deck: the sota", "jack"),
            "Q": pgettext("Spanish deck: the caballo", "knight"),
            "K": pgettext("Spanish deck: the rey", "king"),
        }[rank]
    names = {
        "A": pgettext("card rank", "Ace"),
        "K": pgettext("card rank", "King"),
        "Q": pgettext("card rank", "Queen"),
        "J": pgettext("card rank", "Jack"),
        "T": "10",
    }
    return names.get(rank, rank)


def _suit_name(suit: str, deck: str) -> str:
    if deck == "busca":
        names = {
            "D": pgettext("Spanish suit", "coins"),
            "H": pgettext("Spanish suit", "cups"),
            "S": pgettext("Spanish suit", "swords"),
            "C": pgettext("Spanish suit", "clubs"),
        }
    else:
        names = {
            "C": pgettext("French suit", "clubs"),
            "D": pgettext("French suit", "diamonds"),
            "H": pgettext("French suit", "hearts"),
            "S": pgettext("French suit", "spades"),
        }
    return names[suit]


def card_label(code: str, deck: str, latin: bool = False) -> str:
    """Return the words for a card: "Ace of coins (the Pita)", "2 of clubs, as a wild"; Busca's
    figures by the Spanish deck's names when ``latin`` (the table's card style)."""
    wild = code.endswith("*")
    code = code.rstrip("*")
    if code == "back":
        return _("a face-down card")
    if code == "JK":
        return _("Joker, as a wild") if wild else _("Joker")
    rank, suit = code[:-1], code[-1]
    label = _("%(rank)s of %(suit)s") % {
        "rank": _rank_name(rank, latin),
        "suit": _suit_name(suit, deck),
    }
    if deck == "busca" and code == "AD":
        label = _("%(card)s (the Pita)") % {"card": label}
    if wild:
        label = _("%(card)s, as a wild") % {"card": label}
    return label


# The Spanish deck's corner numbers of the engine's A, J, Q and K (as the table draws them).
LATIN_INDEX = {"A": "1", "J": "10", "Q": "11", "K": "12"}


def _latin(context: template.Context, deck: str) -> bool:
    """Tell whether Busca's cards are drawn with the Spanish suits for this reader (their
    card style: games/card_style.py), as the table draws them."""
    return deck == "busca" and card_style(context.get("request")) == LATIN


@register.simple_tag(takes_context=True)
def card(context: template.Context, code: str, deck: str = "buraco") -> SafeString:
    """Draw one card; ``code`` is rank then suit (``"7H"``, ``"TS"``), ``"JK"`` or ``"back"``.
    Busca's cards follow the reader's card style: the Spanish suits and numbers, or French."""
    return _card(code, deck, _latin(context, deck))


def _card(code: str, deck: str, latin: bool) -> SafeString:
    wild = code.endswith("*")
    plain = code.rstrip("*")
    label = card_label(code, deck, latin)
    if plain == "back":
        return format_html('<span class="pc pc-back" role="img" aria-label="{}"></span>', label)
    if plain == "JK":
        rank, suit, symbol = "★", "J", _("Joker")
    else:
        rank, suit = plain[:-1], plain[-1]
        rank = "10" if rank == "T" else rank
        symbol = SYMBOLS[suit]
    classes = f"pc suit-{suit}" + (" pc-wild" if wild else "")
    if latin and plain not in ("JK", "back"):
        return format_html(
            '<span class="{} pc-latin" role="img" aria-label="{}">'
            '<span class="pc-rank" aria-hidden="true">{}</span>'
            '<svg class="pc-suit" aria-hidden="true" focusable="false" viewBox="0 0 24 24">'
            '<use href="{}#latin-{}"></use></svg></span>',
            classes,
            label,
            LATIN_INDEX.get(plain[0], rank),
            static("games/suits.svg"),
            suit,
        )
    return format_html(
        '<span class="{}" role="img" aria-label="{}">'
        '<span class="pc-rank" aria-hidden="true">{}</span>'
        '<span class="pc-suit" aria-hidden="true">{}</span></span>',
        classes,
        label,
        rank,
        symbol,
    )


@register.simple_tag(takes_context=True)
def cards(context: template.Context, codes: str, deck: str = "buraco") -> SafeString:
    """Draw a row of cards, given as one string separated by spaces."""
    latin = _latin(context, deck)
    return format_html(
        '<span class="pc-row">{}</span>',
        format_html_join("", "{}", ((_card(code, deck, latin),) for code in codes.split())),
    )
