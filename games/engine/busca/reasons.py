"""Every reason Busca gives for refusing a move, in one table (code -> English template).

Card and suit names are phrases of the same table, named as RULES.md names them for the
Spanish deck: coins, cups, swords and clubs; the ace of coins is the Pita.
"""

from __future__ import annotations

from games.engine.busca.cards import CARD_TEXT, PITA_CARD, SUITS
from games.engine.reasons import Reason, Table, gettext_noop, pgettext

# The suits of the Spanish deck: "clubs" (bastos) is not the French deck's clubs. The context
# is written out in each call, as makemessages reads only literal strings.
SPANISH_DECK = "Spanish deck"
REASONS = Table(
    {
        # refusals
        "game_over": gettext_noop("the game is over"),
        "not_your_turn": gettext_noop("wait for your turn"),
        "lay_first": gettext_noop("as the dealer, first lay one card face down"),
        "nothing_to_lay": gettext_noop(
            "only the dealer of a 3-player game lays a card, before the first lead"
        ),
        "not_held": gettext_noop("you do not hold the {card}"),
        "pita_first_trick": gettext_noop("the Pita cannot be played on the first trick"),
        "follow_suit": gettext_noop("you must follow {suit}"),
        "coins_first_lead": gettext_noop("coins cannot be led on the first trick"),
        "not_now": gettext_noop("the {card} cannot be played now"),
        # phrases used inside the reasons
        "card": gettext_noop("{rank} of {suit}"),
        "card.pita": gettext_noop("ace of coins (the Pita)"),
        "suit.C": pgettext("Spanish deck", "clubs"),
        "suit.D": pgettext("Spanish deck", "coins"),
        "suit.H": pgettext("Spanish deck", "cups"),
        "suit.S": pgettext("Spanish deck", "swords"),
        "rank.A": gettext_noop("ace"),
        "rank.2": "2",
        "rank.3": "3",
        "rank.4": "4",
        "rank.5": "5",
        "rank.6": "6",
        "rank.7": "7",
        "rank.J": gettext_noop("jack"),
        "rank.Q": gettext_noop("queen"),
        "rank.K": gettext_noop("king"),
    },
    contexts={f"suit.{suit}": SPANISH_DECK for suit in SUITS},
)


def suit_name(card: int) -> Reason:
    """Return the name of ``card``'s suit ("cups")."""
    return REASONS(f"suit.{SUITS[card // 10]}")


def card_name(card: int) -> Reason:
    """Return the name of ``card`` ("7 of cups", "ace of coins (the Pita)")."""
    if card == PITA_CARD:
        return REASONS("card.pita")
    text = CARD_TEXT[card]
    return REASONS("card", rank=REASONS(f"rank.{text[0]}"), suit=suit_name(card))
