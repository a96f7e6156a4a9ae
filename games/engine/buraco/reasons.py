"""Every reason Buraco gives for refusing a move, in one table (code -> English template).

Card names, suit names and the ends of a meld are phrases of the same table, so a translation
of the table covers whole sentences. ``MeldError`` is the ValueError that the meld rules raise,
carrying its reason.
"""

from __future__ import annotations

from games.engine.buraco.cards import JOKER, RANKS, SUITS
from games.engine.reasons import Reason, Table, gettext_noop

REASONS = Table(
    {
        # whose turn, which step
        "game_over": gettext_noop("the game is over"),
        "not_your_turn": gettext_noop("wait for your turn"),
        "draw_first": gettext_noop("draw first: the top card of the stock, or the whole pile"),
        "already_drawn": gettext_noop("you have already drawn this turn"),
        "stock_empty": gettext_noop("the stock is empty"),
        "pile_empty": gettext_noop("the pile is empty"),
        # taking the pile
        "top_must_meld": gettext_noop("the pile's top card must go into a meld"),
        "top_fits_nowhere": gettext_noop(
            "the pile's top card must go into a meld, and it fits none of your side's melds"
            " nor a new meld with your cards"
        ),
        "take_not_held": gettext_noop(
            "you do not hold the {card}: of the pile, only its top card goes into the meld"
        ),
        "take_fewest": gettext_noop(
            "take the pile with only the cards needed to place its top card, and add more"
            " after the take"
        ),
        "take_no_hand_wilds": gettext_noop(
            "in this match wild cards from your hand cannot help take the pile"
        ),
        "take_not_now": gettext_noop("the pile cannot be taken that way now"),
        # cards and hands
        "not_held": gettext_noop("you do not hold the {card}"),
        "not_held_another": gettext_noop("you do not hold another {card}"),
        "pile_card_discard": gettext_noop(
            "cards taken from the pile cannot be discarded this turn"
        ),
        "no_discard_left": gettext_noop(
            "you would have no card left that you may discard: cards taken from the pile"
            " cannot be discarded this turn"
        ),
        "close_needs": gettext_noop("your side needs {canasta} to close"),
        "close_needs_last_card": gettext_noop(
            "your side needs {canasta} to close: you would be left with one card to discard"
        ),
        "discard_not_now": gettext_noop("that card cannot be discarded now"),
        "move_not_now": gettext_noop("that move is not allowed now"),
        # melds
        "no_meld": gettext_noop("your side has no such meld"),
        "no_melds_to_add": gettext_noop("your side has no meld to add to"),
        "nothing_fits": gettext_noop("none of your cards fits your side's melds"),
        "no_meld_in_hand": gettext_noop(
            "a meld is 3 or more cards in sequence: your hand has none"
        ),
        "meld_short": gettext_noop("a meld is 3 or more cards in sequence"),
        "meld_long": gettext_noop("a meld holds at most 14 cards, from ace to ace"),
        "meld_not_run": gettext_noop(
            "a meld is 3 or more cards of one suit in sequence, lowest first"
        ),
        "meld_wraps": gettext_noop(
            "a sequence cannot go round the ace: king, ace, 2 is not a sequence"
        ),
        "one_wild": gettext_noop("a meld may hold only one wild card"),
        "add_nothing": gettext_noop("add at least one card"),
        "no_room_one": gettext_noop(
            "there is no room at the {end} end: a sequence ends at the ace"
        ),
        "no_room": gettext_noop(
            "there is no room for {count} more cards at the {end} end: a sequence ends at the ace"
        ),
        "does_not_fit_end": gettext_noop("the {card} does not fit at the {end} end of that meld"),
        "does_not_fit": gettext_noop("the {card} does not fit in that meld"),
        "full_run_wild": gettext_noop(
            "a full 14-card meld cannot take the card its wild stands for: the wild has nowhere"
            " to move"
        ),
        "wild_no_room": gettext_noop(
            "the wild cannot move to the {end} end: the sequence ends at the ace"
        ),
        # phrases used inside the reasons
        "canasta": gettext_noop("a canasta"),
        "canasta_limpia": gettext_noop("a canasta limpia"),
        "end.low": gettext_noop("low"),
        "end.high": gettext_noop("high"),
        "card": gettext_noop("{rank} of {suit}"),
        "card.joker": gettext_noop("joker"),
        "suit.C": gettext_noop("clubs"),
        "suit.D": gettext_noop("diamonds"),
        "suit.H": gettext_noop("hearts"),
        "suit.S": gettext_noop("spades"),
        "rank.A": gettext_noop("ace"),
        "rank.2": "2",
        "rank.3": "3",
        "rank.4": "4",
        "rank.5": "5",
        "rank.6": "6",
        "rank.7": "7",
        "rank.8": "8",
        "rank.9": "9",
        "rank.T": "10",
        "rank.J": gettext_noop("jack"),
        "rank.Q": gettext_noop("queen"),
        "rank.K": gettext_noop("king"),
    }
)


class MeldError(ValueError):
    """A meld or an addition that the rules do not allow; ``reason`` says why."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(str(reason))
        self.reason = reason


def card_name(card: int) -> Reason:
    """Return the name of ``card`` ("5 of hearts", "joker")."""
    if card == JOKER:
        return REASONS("card.joker")
    rank, suit = RANKS[(card & 15) - 1], SUITS[card >> 4]
    return REASONS("card", rank=REASONS(f"rank.{rank}"), suit=REASONS(f"suit.{suit}"))


def end_name(end: int) -> Reason:
    """Return the name of a meld's end (0 low, 1 high)."""
    return REASONS("end.high" if end else "end.low")


def canasta_needed(close_needs: str) -> Reason:
    """Return the canasta a close needs under the option ``close_needs``."""
    return REASONS("canasta_limpia" if close_needs == "limpia" else "canasta")
