"""The Buraco game objects: the engine contract (base.Game) over the shared rummy core."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.engine.base import JSON, IllegalMove, Result
from games.engine.buraco import moves as wire
from games.engine.buraco.cards import (
    card_text,
    hand_cards,
    hand_of,
    hand_size,
    parse_card,
)
from games.engine.buraco.legal import legal_moves
from games.engine.buraco.melds import CANASTA_BONUS, Meld, natural
from games.engine.buraco.public import pile_cards_held
from games.engine.buraco.refusals import ACTIONS, refusals, why_illegal
from games.engine.buraco.render import render_view
from games.engine.buraco.rules import Options, Rules, make_options
from games.engine.buraco.state import (
    MUERTO_STATES,
    OVER,
    STEPS,
    DealRecord,
    Log,
    Move,
    SideScore,
    State,
    deal_cards,
    first_dealer,
    log_moves,
    start_deal,
)
from games.engine.buraco.turns import perform
from games.engine.reasons import Reason


def _texts(cards: Any) -> list[str]:
    return [card_text(card) for card in cards]


class Buraco:
    """One Buraco variant, fixed by its ``Rules``."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.name = rules.name
        self.min_players = rules.players
        self.max_players = rules.players
        self.refusal_actions = ACTIONS  # the actions ``refusals`` may name

    def __repr__(self) -> str:
        return f"<Buraco {self.name}>"

    # --- playing -----------------------------------------------------------------------------

    def new(self, seed: int, **options: Any) -> State:
        """Return the start of a match; the same seed and options give the same match."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be an integer, not {seed!r}")
        opts = make_options(self.rules, options)
        dealer = first_dealer(self.rules, seed)
        return start_deal(self.rules, opts, seed, 1, dealer, (0, 0), ())

    def to_move(self, state: State) -> int | None:
        """Return the seat that must act, or None when the match is over."""
        return None if state.step == OVER else state.turn

    def legal_moves(self, state: State) -> list[Move]:
        """Return every legal move of the seat to act."""
        return list(legal_moves(state))

    def apply(self, state: State, move: Move | JSON, seat: int | None = None) -> State:
        """Return the state after ``move``; raise IllegalMove, saying why, if it is not legal.

        ``move`` is a Move or its wire form (InvalidMove if that is malformed), as in Busca.
        """
        if not isinstance(move, tuple):
            move = wire.parse_move(move)
        if state.step == OVER or (seat is not None and seat != state.turn):
            raise IllegalMove(why_illegal(state, move, seat))
        if move not in legal_moves(state):
            raise IllegalMove(why_illegal(state, move))
        return perform(state, move)

    def why_illegal(
        self, state: State, move: Move | JSON, seat: int | None = None
    ) -> Reason | None:
        """Return why ``move`` by ``seat`` is refused now (a Reason), or None if it is legal.

        ``move`` is a Move or its wire form (InvalidMove if that is malformed).
        """
        if not isinstance(move, tuple):
            move = wire.parse_move(move)
        if state.step == OVER or (seat is not None and seat != state.turn):
            return why_illegal(state, move, seat)
        if move in legal_moves(state):
            return None
        return why_illegal(state, move)

    def refusals(
        self, state: State, seat: int, render: Callable[[Reason], str] = str
    ) -> dict[str, dict[str, str]]:
        """Return why ``seat``'s cards and actions are refused now (see ``refusals``);
        ``render`` turns each reason into text (the Django layer renders it in the reader's
        language)."""
        return refusals(state, seat, render)

    def result(self, state: State) -> Result | None:
        """Return the result once the match is over: places and scores per seat."""
        if state.places is None:
            return None
        return Result(
            places=state.places,
            scores=self.scores(state),
            detail={"totals": list(state.totals), "deals": state.deal},
        )

    def scores(self, state: State) -> tuple[int, ...]:
        """Return the scores so far per seat (its side's total of finished deals)."""
        return tuple(state.totals[seat & 1] for seat in range(len(state.hands)))

    def seats(self, state: State) -> int:
        """Return the number of seats."""
        return len(state.hands)

    def deals(self, state: State) -> int:
        """Return the number of deals begun so far."""
        return state.deal

    # --- moves on the wire -------------------------------------------------------------------

    def parse_move(self, obj: JSON) -> Move:
        """Return the move of a wire object; raise InvalidMove if it is malformed."""
        return wire.parse_move(obj)

    def move_json(self, move: Move) -> JSON:
        """Return the wire form of a move."""
        return wire.move_json(move)

    def public_move(self, move: Move) -> JSON:
        """Return what everyone may see of a move: all of it (a stock draw names no card)."""
        return wire.move_json(move)

    # --- what leaves the engine ----------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, JSON]:
        """Return what ``seat`` may see (None: a spectator) as a JSON-ready dict."""
        rules, options = self.rules, state.options
        joker_points = options.joker_points
        acting = seat is not None and state.step != OVER and seat == state.turn
        pile: dict[str, JSON] = {
            "top": card_text(state.pile[-1]) if state.pile else None,
            "size": len(state.pile),
        }
        if rules.pile_shown:
            pile["cards"] = _texts(state.pile)
        last = state.history[-1] if state.history else None
        view: dict[str, JSON] = {
            "game": self.name,
            "seat": seat,
            "seats": len(state.hands),
            "sides": [[s for s in range(len(state.hands)) if s & 1 == side] for side in (0, 1)],
            "deal": state.deal,
            "dealer": state.dealer,
            "step": STEPS[state.step],
            "to_move": self.to_move(state),
            "hand": _texts(hand_cards(state.hands[seat])) if seat is not None else None,
            "hand_sizes": [hand_size(hand) for hand in state.hands],
            "melds": [
                [_meld_json(number, meld, joker_points) for number, meld in enumerate(melds)]
                for melds in state.melds
            ],
            "pile": pile,
            "stock": len(state.stock),
            "muertos": [MUERTO_STATES[s] for s in state.muerto_state],
            "totals": list(state.totals),
            "scores": [state.totals[s & 1] for s in range(len(state.hands))],
            "target": options.target,
            "options": options.to_json(),
            "last_deal": _deal_json(last) if last else None,
            "taken": _texts(state.taken) if acting else [],
            "pile_cards_held": [_texts(sorted(held.elements())) for held in pile_cards_held(state)],
            "legal_moves": [wire.move_json(m) for m in legal_moves(state)] if acting else [],
        }
        result = self.result(state)
        view["result"] = result.to_json() if result else None
        return view

    def render(self, view: dict[str, JSON]) -> str:
        """Return a plain-text picture of a view."""
        return render_view(view)

    def record(self, state: State) -> dict[str, JSON]:
        """Return the full record of the match: every deal's cards, moves and scores."""
        deals: list[dict[str, JSON]] = []
        records = list(state.history)
        if state.step != OVER:
            records.append(DealRecord(state.dealer, log_moves(state.log), _NO_SCORES, -1))
        for number, item in enumerate(records, start=1):
            hands, muertos, stock = deal_cards(self.rules, state.seed, number)
            entry: dict[str, JSON] = {
                "number": number,
                "dealer": item.dealer,
                "hands": [_texts(hand) for hand in hands],
                "muertos": [_texts(muerto) for muerto in muertos],
                "stock": _texts(stock),
                "moves": [{"seat": s, "move": wire.move_json(m)} for s, m in item.moves],
            }
            if item.scores is not _NO_SCORES:
                entry.update(_deal_json(item))
            deals.append(entry)
        result = self.result(state)
        return {
            "game": self.name,
            "seed": state.seed,
            "options": state.options.to_json(),
            "deals": deals,
            "totals": list(state.totals),
            "result": result.to_json() if result else None,
        }

    # --- snapshots -----------------------------------------------------------------------------

    def dump(self, state: State) -> dict[str, JSON]:
        """Return the state as JSON; ``load`` gives back an equal state."""
        return {
            "game": self.name,
            "seed": state.seed,
            "options": state.options.to_json(),
            "deal": state.deal,
            "dealer": state.dealer,
            "hands": [_texts(hand_cards(hand)) for hand in state.hands],
            "stock": _texts(state.stock),
            "pile": _texts(state.pile),
            "melds": [[list(meld) for meld in melds] for melds in state.melds],
            "muertos": [_texts(muerto) for muerto in state.muertos],
            "muerto_state": list(state.muerto_state),
            "turn": state.turn,
            "step": state.step,
            "locked": _texts(hand_cards(state.locked)),
            "taken": _texts(state.taken),
            "pending": state.pending,
            "totals": list(state.totals),
            "log": [[s, wire.move_json(m)] for s, m in log_moves(state.log)],
            "history": [
                {
                    "dealer": item.dealer,
                    "moves": [[s, wire.move_json(m)] for s, m in item.moves],
                    "scores": [list(score) for score in item.scores],
                    "closer": item.closer,
                }
                for item in state.history
            ],
            "places": list(state.places) if state.places is not None else None,
        }

    def load(self, data: dict[str, JSON]) -> State:
        """Return the state that ``dump`` wrote."""
        if data.get("game") != self.name:
            raise ValueError(f"this snapshot is of {data.get('game')!r}, not {self.name!r}")

        def cards(texts: list[str]) -> tuple[int, ...]:
            return tuple(parse_card(text) for text in texts)

        def moves(items: list[list[Any]]) -> tuple[tuple[int, Move], ...]:
            return tuple((int(s), wire.parse_move(m)) for s, m in items)

        log: Log = ()
        for seat, move in moves(data["log"]):
            log = (seat, move, log)
        history = tuple(
            DealRecord(
                item["dealer"],
                moves(item["moves"]),
                (SideScore(*item["scores"][0]), SideScore(*item["scores"][1])),
                item["closer"],
            )
            for item in data["history"]
        )
        return State(
            rules=self.rules,
            options=Options(**data["options"]),
            seed=data["seed"],
            deal=data["deal"],
            dealer=data["dealer"],
            hands=tuple(hand_of(cards(hand)) for hand in data["hands"]),
            stock=cards(data["stock"]),
            pile=cards(data["pile"]),
            melds=(
                tuple(Meld(*meld) for meld in data["melds"][0]),
                tuple(Meld(*meld) for meld in data["melds"][1]),
            ),
            muertos=(cards(data["muertos"][0]), cards(data["muertos"][1])),
            muerto_state=(data["muerto_state"][0], data["muerto_state"][1]),
            turn=data["turn"],
            step=data["step"],
            locked=hand_of(cards(data["locked"])),
            taken=cards(data["taken"]),
            pending=data["pending"],
            totals=(data["totals"][0], data["totals"][1]),
            log=log,
            history=history,
            places=tuple(data["places"]) if data["places"] is not None else None,
        )


_NO_SCORES = (SideScore(0, 0, 0, 0, 0), SideScore(0, 0, 0, 0, 0))


def _meld_json(number: int, meld: Meld, joker_points: int) -> dict[str, JSON]:
    kind = meld.kind()
    return {
        "number": number,
        "cards": _texts(meld.cards()),
        "kind": kind,
        "points": meld.points(joker_points),
        "bonus": CANASTA_BONUS[kind],
        "wild": (
            {"at": meld.wild_pos - meld.low, "for": _texts((natural(meld.suit, meld.wild_pos),))[0]}
            if meld.wild_pos
            else None
        ),
    }


def _deal_json(item: DealRecord) -> dict[str, JSON]:
    return {
        "scores": [score.to_json() for score in item.scores],
        "closer": item.closer if item.closer >= 0 else None,
    }
