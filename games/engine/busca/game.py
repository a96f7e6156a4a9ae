"""The Busca game object: dealing, legal moves, applying moves, the end of deals and games."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.engine.base import JSON, IllegalMove, Result
from games.engine.busca import moves as mv
from games.engine.busca import state as st
from games.engine.busca import views
from games.engine.busca.cards import (
    ALL,
    CARD_TEXT,
    COINS,
    LAST_TRICK_POINTS,
    NOT_COINS,
    NOT_PITA,
    PITA_CARD,
    POINTS,
    SUIT_MASK_OF,
    mask_of,
)
from games.engine.busca.moves import LAY_OFFSET, LAY_TABLE, PLAY_TABLE, Move, move_list
from games.engine.busca.reasons import REASONS, card_name, suit_name
from games.engine.busca.scoring import deal_buscas, eliminated, sport_places
from games.engine.busca.state import (
    LAY,
    NO_CARD,
    OVER,
    PLAY,
    Deal,
    DealRecord,
    Match,
    Options,
    Out,
    State,
    Trick,
    new_state,
)
from games.engine.options import options_check
from games.engine.reasons import Reason

HAND_SIZES = {4: 10, 3: 13, 2: 20}


def lead_mask(hand: int, first: bool) -> int:
    """Return the cards of ``hand`` that may lead a trick."""
    if not first:
        return hand
    if hand & NOT_COINS:
        return hand & NOT_COINS
    return hand & NOT_PITA  # all coins: any coin but the Pita


def follow_mask(hand: int, lead: int, first: bool) -> int:
    """Return the cards of ``hand`` that may follow the lead card ``lead``."""
    legal = hand & SUIT_MASK_OF[lead] or hand
    if first:
        # "Nobody may play the Pita on the first trick" overrides "follow suit": a player whose
        # only card of the led suit is the Pita may play any other card. (Coins are led on the
        # first trick only by a hand of all ten coins, so with 40 cards this cannot arise.)
        legal = legal & NOT_PITA or hand & NOT_PITA or hand
    return legal


def parse_options(options: Mapping[str, Any]) -> Options:
    """Return checked options; raise ValueError naming the bad one and its bound."""
    return Options(**options_check("busca", options))


def _deal_rng(seed: int, number: int) -> random.Random:
    # A string seed is hashed (SHA-512), so the deals of one seed are unrelated.
    return random.Random(f"busca/{seed}/{number}")


def _begin(deal: Deal, match: Match) -> State:
    """Return the state at the start of ``deal``."""
    n = len(deal.seats)
    dealer = deal.seats.index(deal.dealer)
    leader = (dealer + 1) % n
    taken = (0,) * n
    if n == 3:
        return State(
            LAY, dealer, ALL, (), leader, (), taken, deal.hands[dealer] << LAY_OFFSET, deal, match
        )
    legal = lead_mask(deal.hands[leader], True)
    return State(PLAY, leader, ALL, (), leader, (), taken, legal, deal, match)


def _shuffled_deal(match: Match, number: int, dealer: int, seats: tuple[int, ...]) -> Deal:
    """Deal all 40 cards from the seed's shuffle for deal ``number``."""
    deck = list(range(40))
    _deal_rng(match.seed, number).shuffle(deck)
    n = len(seats)
    size = HAND_SIZES[n]
    first = seats.index(dealer) + 1
    hands = [0] * n
    for k in range(n):
        hands[(first + k) % n] = mask_of(deck[k * size : (k + 1) * size])
    if n == 3:
        hands[first - 1] |= 1 << deck[39]  # the 14th card to the dealer
    return Deal(number, dealer, seats, tuple(hands), NO_CARD)


def _end_deal(state: State, tricks: tuple[Trick, ...], taken: list[int]) -> State:
    """Score the finished deal, put players out, and start the next deal or end the game."""
    deal, match = state.deal, state.match
    opts = match.options
    winner = tricks[-1].winner
    taken[winner] += LAST_TRICK_POINTS + (POINTS[deal.laid] if deal.laid != NO_CARD else 0)
    buscas = deal_buscas(taken, two_tied_double=opts.two_tied_double)
    totals = list(match.totals)
    for i, seat in enumerate(deal.seats):
        totals[seat] += buscas[i]
    out_seats = eliminated(deal.seats, totals, opts.eliminate_at)
    outs = tuple(
        Out(seat, deal.number, totals[seat], taken[deal.seats.index(seat)]) for seat in out_seats
    )
    record = DealRecord(deal, tricks, tuple(taken), tuple(buscas), tuple(out_seats))
    still_in = tuple(s for s in deal.seats if s not in out_seats)
    capped = len(still_in) > 1 and deal.number >= opts.max_deals
    match = Match(
        match.seed, opts, tuple(totals), match.out + outs, (*match.history, record), capped
    )
    if len(still_in) == 1 or capped:
        return State(OVER, 0, 0, (), 0, tricks, tuple(taken), 0, deal, match)
    dealer = next((s for s in still_in if s > deal.dealer), still_in[0])
    return _begin(_shuffled_deal(match, deal.number + 1, dealer, still_in), match)


class Busca:
    """Busca for 2 to 4 players, deal after deal until one is left (see docs/rules.md)."""

    name = "busca"
    min_players = 2
    max_players = 4
    refusal_actions: tuple[str, ...] = ()  # refusals name cards only: a turn plays one card

    def new(self, seed: int, **options: Any) -> State:
        """Return a new game: the first dealer and every shuffle come from ``seed``."""
        if type(seed) is not int:
            raise ValueError(f"the seed must be an integer, not {seed!r}")
        opts = parse_options(options)
        seats = tuple(range(opts.players))
        dealer = _deal_rng(seed, 0).randrange(opts.players)
        match = Match(seed, opts, (0,) * opts.players, (), (), False)
        return _begin(_shuffled_deal(match, 1, dealer, seats), match)

    def deal_from(
        self,
        hands: Sequence[Sequence[str] | None],
        dealer: int,
        *,
        seed: int = 0,
        deal: int = 1,
        totals: Sequence[int] | None = None,
        out: Sequence[int] = (),
        **options: Any,
    ) -> State:
        """Return a game at the start of deal ``deal`` with the given hands, one per seat.

        For tests and puzzles: seats with an empty hand (or None) are out, in the order
        ``out`` gives (all put out by the previous deal unless listed in order); ``totals``
        are the Buscas before this deal. Later deals are shuffled from ``seed``.
        """
        opts = parse_options({"players": len(hands), **options})
        seats = tuple(s for s, h in enumerate(hands) if h)
        if dealer not in seats:
            raise ValueError(f"the dealer (seat {dealer}) must be a seat with a hand")
        n = len(seats)
        size = HAND_SIZES.get(n, 0)
        masks = []
        for seat in seats:
            cards = [mv.parse_card(c) for c in hands[seat] or ()]
            want = size + (1 if n == 3 and seat == dealer else 0)
            if len(cards) != want or len(set(cards)) != want:
                raise ValueError(f"seat {seat} must hold {want} different cards")
            masks.append(mask_of(cards))
        if sum(masks) != ALL:
            raise ValueError("the hands must hold the 40 cards exactly once")
        totals = tuple(totals) if totals is not None else (0,) * opts.players
        gone = [s for s in out if s not in seats]
        gone += [s for s in range(opts.players) if s not in seats and s not in gone]
        outs = tuple(Out(s, deal - 1, totals[s], 0) for s in gone)
        match = Match(seed, opts, totals, outs, (), False)
        return _begin(Deal(deal, dealer, seats, tuple(masks), NO_CARD), match)

    def to_move(self, state: State) -> int | None:
        """Return the seat that must act, or None when the game is over."""
        return None if state.step == OVER else state.deal.seats[state.turn]

    def legal_moves(self, state: State) -> list[Move]:
        """Return every legal move of the seat to act (empty when the game is over)."""
        if state.step == LAY:
            return move_list(state.legal >> LAY_OFFSET, LAY_TABLE)
        return move_list(state.legal, PLAY_TABLE)

    def apply(self, state: State, move: Move | JSON, *, seat: int | None = None) -> State:
        """Return the state after ``move``; raise IllegalMove saying why it is not allowed.

        ``move`` is a Move or its wire form; ``seat``, if given, must be the seat to act.
        """
        if type(move) is not Move:
            move = mv.parse_move(move)
        if not state.legal >> move & 1 or (seat is not None and seat != self.to_move(state)):
            raise IllegalMove(why_illegal(state, move, seat))
        if move >= LAY_OFFSET:
            card = move - LAY_OFFSET
            deal = state.deal._replace(laid=card)
            leader = state.leader
            legal = lead_mask(deal.hands[leader] & ~(1 << card), True)
            return new_state(
                State,
                (
                    PLAY,
                    leader,
                    ALL ^ (1 << card),
                    (),
                    leader,
                    (),
                    state.taken,
                    legal,
                    deal,
                    state.match,
                ),
            )
        remaining = state.remaining ^ (1 << move)
        trick = (*state.trick, move)
        deal = state.deal
        n = len(deal.seats)
        if len(trick) < n:
            turn = state.turn + 1
            if turn == n:
                turn = 0
            legal = follow_mask(deal.hands[turn] & remaining, trick[0], not state.tricks)
            return new_state(
                State,
                (
                    PLAY,
                    turn,
                    remaining,
                    trick,
                    state.leader,
                    state.tricks,
                    state.taken,
                    legal,
                    deal,
                    state.match,
                ),
            )
        lead = trick[0]
        suit = lead // 10
        best, pos, points = lead, 0, 0
        for i, card in enumerate(trick):
            points += POINTS[card]
            if card > best and card // 10 == suit:
                best, pos = card, i
        winner = (state.leader + pos) % n
        tricks = (*state.tricks, Trick(state.leader, trick, winner, points))
        taken = list(state.taken)
        taken[winner] += points
        if remaining:
            legal = deal.hands[winner] & remaining
            return new_state(
                State,
                (
                    PLAY,
                    winner,
                    remaining,
                    (),
                    winner,
                    tricks,
                    tuple(taken),
                    legal,
                    deal,
                    state.match,
                ),
            )
        return _end_deal(state, tricks, taken)

    def why_illegal(
        self, state: State, move: Move | JSON, seat: int | None = None
    ) -> Reason | None:
        """Return why ``move`` by ``seat`` is refused now, or None if it is legal.

        ``move`` is a Move or its wire form (InvalidMove if that is malformed).
        """
        if type(move) is not Move:
            move = mv.parse_move(move)
        if state.legal >> move & 1 and (seat is None or seat == self.to_move(state)):
            return None
        return why_illegal(state, move, seat)

    def refusals(
        self, state: State, seat: int, render: Callable[[Reason], str] = str
    ) -> dict[str, dict[str, str]]:
        """Return why each card of ``seat``'s hand cannot be played now (see ``refusals``);
        ``render`` turns each reason into text (the Django layer renders it in the reader's
        language)."""
        return refusals(state, seat, render)

    def view(self, state: State, seat: int | None) -> dict[str, JSON]:
        """Return what ``seat`` may see (None: a spectator), JSON-ready."""
        return views.view(self, state, seat)

    def render(self, view: dict[str, JSON]) -> str:
        """Return a plain-text picture of a view, for logs and the command line."""
        return views.render(view)

    def result(self, state: State) -> Result | None:
        """Return places and Busca totals per seat once the game is over."""
        if state.step != OVER:
            return None
        match = state.match
        keys: list[tuple[int, ...]] = [(-(10**9), total, 0) for total in match.totals]
        for out in match.out:
            keys[out.seat] = (-out.deal, out.total, out.points)
        order = [o.seat for o in match.out]
        return Result(
            places=tuple(sport_places(keys)),
            scores=match.totals,
            detail={"out_order": order, "deals": state.deal.number, "capped": match.capped},
        )

    def scores(self, state: State) -> tuple[int, ...]:
        """Return the Busca totals so far per seat (fewer is better)."""
        return tuple(state.match.totals)

    def record(self, state: State) -> dict[str, JSON]:
        """Return every deal's hands, laid card and moves, and the result: for replays."""
        return views.record(self, state)

    def dump(self, state: State) -> dict[str, JSON]:
        """Return ``state`` as JSON-ready data that ``load`` turns back into an equal state."""
        return st.dump(state)

    def load(self, data: dict[str, JSON]) -> State:
        """Rebuild a state from ``dump``'s data."""
        return st.load(data)

    def parse_move(self, obj: JSON) -> Move:
        """Return the move of a wire object; raise InvalidMove if it is malformed."""
        return mv.parse_move(obj)

    def move_json(self, move: Move) -> JSON:
        """Return the wire form of ``move``."""
        return mv.move_json(move)

    def public_move(self, move: Move) -> JSON:
        """Return what others may see of ``move`` (a laid card stays hidden)."""
        return mv.public_move(move)

    def seats(self, state: State) -> int:
        """Return the number of seats in the game."""
        return state.match.options.players

    def deals(self, state: State) -> int:
        """Return the number of deals begun so far."""
        return state.deal.number


def why_illegal(state: State, move: Move, seat: int | None) -> Reason:
    """Return why ``move`` (by ``seat``, None: the seat to act) is not legal in ``state``."""
    if state.step == OVER:
        return REASONS("game_over")
    if seat is not None and seat != state.deal.seats[state.turn]:
        return REASONS("not_your_turn")
    card = move.card
    hand = state.deal.hands[state.turn] & state.remaining
    if state.step == LAY and not move.is_lay:
        return REASONS("lay_first")
    if state.step == PLAY and move.is_lay:
        return REASONS("nothing_to_lay")
    if not hand >> card & 1:
        return REASONS("not_held", card=card_name(card))
    first = not state.tricks
    if card == PITA_CARD and first:
        return REASONS("pita_first_trick")
    if state.trick:
        return REASONS("follow_suit", suit=suit_name(state.trick[0]))
    if first and 1 << card & COINS:
        return REASONS("coins_first_lead")
    return REASONS("not_now", card=card_name(card))


def refusals(
    state: State, seat: int, render: Callable[[Reason], str] = str
) -> dict[str, dict[str, str]]:
    """Return ``{"cards": {card text: reason}, "actions": {}}`` for ``seat``'s hand now.

    Each card of the hand that no legal move uses gets the reason it is refused: the rule that
    bars it, "wait for your turn" when another seat is to act, "the game is over" at the end.
    Only the seat's own cards and the cards on the table decide it: nothing hidden shows.
    """
    cards: dict[str, str] = {}
    if seat not in state.deal.seats:
        return {"cards": cards, "actions": {}}
    hand = state.deal.hands[state.deal.seats.index(seat)] & state.remaining
    if state.step == OVER:
        shared: Reason | None = REASONS("game_over")
    elif seat != state.deal.seats[state.turn]:
        shared = REASONS("not_your_turn")
    else:
        shared = None
        hand &= ~(state.legal >> LAY_OFFSET if state.step == LAY else state.legal)
    text = render(shared) if shared is not None else ""
    offset = LAY_OFFSET if state.step == LAY else 0
    for card in range(40):
        if hand >> card & 1:
            cards[CARD_TEXT[card]] = text or render(why_illegal(state, Move(offset + card), seat))
    return {"cards": cards, "actions": {}}
