"""Why moves are refused: the exact reasons, the refusal lists of a seat, and the reason table."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.engine import IllegalMove
from games.engine.buraco import CERRADO, MANO_A_MANO
from games.engine.buraco.cards import hand_cards, hand_of
from games.engine.buraco.position import position
from games.engine.buraco.reasons import REASONS as BURACO_REASONS
from games.engine.buraco.state import WAITING
from games.engine.busca import GAME as BUSCA
from games.engine.busca.reasons import REASONS as BUSCA_REASONS
from games.engine.reasons import Reason

# Dealer seat 0: seat 1 leads the first trick holding coins and the Pita.
BUSCA_HANDS = [
    ["4S", "5S", "6S", "7S", "JS", "QS", "KS", "AS", "2S", "3S"],
    ["4C", "5C", "6C", "7C", "JC", "QC", "KC", "4D", "5D", "AD"],
    ["AC", "2C", "3C", "4H", "5H", "6H", "7H", "JH", "QH", "KH"],
    ["6D", "7D", "JD", "QD", "KD", "2D", "3D", "AH", "2H", "3H"],
]
WAIT = "wait for your turn"
DRAW_FIRST = "draw first: the top card of the stock, or the whole pile"
DRAWN = "you have already drawn this turn"
PILE_CARD = "cards taken from the pile cannot be discarded this turn"
LIMPIA_LAST = (
    "your side needs a canasta limpia to close: you would be left with one card to discard"
)


def busca_start() -> Any:
    return BUSCA.deal_from(BUSCA_HANDS, dealer=0)


def why(game: Any, state: Any, move: Any, seat: int | None = None) -> str:
    reason = game.why_illegal(state, move, seat)
    assert reason is not None, f"{move} is legal"
    with pytest.raises(IllegalMove) as raised:
        game.apply(state, move, seat=seat)
    assert str(raised.value) == str(reason)  # the API's detail is the same text
    return str(reason)


# --- Busca --------------------------------------------------------------------------------------


def test_busca_first_lead_bans_coins_and_the_pita() -> None:
    state = busca_start()
    assert why(BUSCA, state, {"play": "4D"}) == "coins cannot be led on the first trick"
    assert why(BUSCA, state, {"play": "AD"}) == "the Pita cannot be played on the first trick"
    assert why(BUSCA, state, {"play": "7H"}) == "you do not hold the 7 of cups"
    assert why(BUSCA, state, {"play": "3D"}) == "you do not hold the 3 of coins"
    assert why(BUSCA, state, {"play": "4C"}, seat=2) == WAIT
    assert why(BUSCA, state, {"lay": "4C"}) == (
        "only the dealer of a 3-player game lays a card, before the first lead"
    )
    assert BUSCA.why_illegal(state, {"play": "4C"}) is None
    assert BUSCA.why_illegal(state, {"play": "4C"}, seat=1) is None
    assert BUSCA.refusals(state, 1) == {
        "cards": {
            "4D": "coins cannot be led on the first trick",
            "5D": "coins cannot be led on the first trick",
            "AD": "the Pita cannot be played on the first trick",
        },
        "actions": {},
    }
    assert BUSCA.refusals(state, 2) == {"cards": dict.fromkeys(BUSCA_HANDS[2], WAIT), "actions": {}}


def test_busca_follow_suit_names_the_suit_as_the_rules_do() -> None:
    state = BUSCA.apply(busca_start(), {"play": "4C"})
    assert why(BUSCA, state, {"play": "4H"}) == "you must follow clubs"
    cups = {card: "you must follow clubs" for card in BUSCA_HANDS[2] if card.endswith("H")}
    assert BUSCA.refusals(state, 2) == {"cards": cups, "actions": {}}
    state = BUSCA.apply(state, {"play": "AC"})
    # Seat 3 holds no clubs: any card, coins too (only leading them is barred).
    assert BUSCA.refusals(state, 3) == {"cards": {}, "actions": {}}
    state = BUSCA.apply(BUSCA.apply(state, {"play": "6D"}), {"play": "4S"})
    # Seat 2 took the trick and leads the second: coins are free now.
    assert BUSCA.to_move(state) == 2
    state = BUSCA.apply(state, {"play": "4H"})
    assert why(BUSCA, state, {"play": "7D"}) == "you must follow cups"
    assert BUSCA.refusals(state, 3)["cards"] == {
        card: "you must follow cups"
        for card in BUSCA_HANDS[3]
        if card.endswith("D") and card != "6D"
    }


def test_busca_the_pita_stays_barred_when_following_on_the_first_trick() -> None:
    # Dealer 3: seat 0 leads; seat 1 holds no swords and keeps the Pita back.
    state = BUSCA.deal_from(BUSCA_HANDS, dealer=3)
    state = BUSCA.apply(state, {"play": "4S"})
    assert why(BUSCA, state, {"play": "AD"}) == "the Pita cannot be played on the first trick"
    assert BUSCA.refusals(state, 1)["cards"] == {
        "AD": "the Pita cannot be played on the first trick"
    }


def test_busca_three_player_dealer_lays_first() -> None:
    hands = [
        ["4C", "5C", "6C", "7C", "JC", "QC", "KC", "AC", "2C", "3C", "4D", "5D", "6D", "7D"],
        ["JD", "QD", "KD", "AD", "2D", "3D", "4H", "5H", "6H", "7H", "JH", "QH", "KH"],
        ["AH", "2H", "3H", "4S", "5S", "6S", "7S", "JS", "QS", "KS", "AS", "2S", "3S"],
    ]
    state = BUSCA.deal_from(hands, dealer=0)
    assert why(BUSCA, state, {"play": "4C"}) == "as the dealer, first lay one card face down"
    assert BUSCA.refusals(state, 0) == {"cards": {}, "actions": {}}
    laid = BUSCA.apply(state, {"lay": "AC"})
    # The laid card has left the dealer's hand: it is no longer listed.
    assert "AC" not in BUSCA.refusals(laid, 0)["cards"]
    assert BUSCA.refusals(laid, 0)["cards"]["4C"] == WAIT


def test_busca_game_over() -> None:
    state = BUSCA.new(3, players=2, eliminate_at=1)
    rng = random.Random(3)
    while BUSCA.to_move(state) is not None:
        state = BUSCA.apply(state, rng.choice(BUSCA.legal_moves(state)))
    assert why(BUSCA, state, {"play": "4C"}) == "the game is over"


# --- Buraco -------------------------------------------------------------------------------------


def mano(**kwargs: Any) -> Any:
    kwargs.setdefault("stock", ["3D", "8S"])
    return position(MANO_A_MANO, **kwargs)


def test_buraco_draw_step() -> None:
    state = mano(hands=[["5H", "6H", "9C", "KD"], ["KS", "QS"]], pile=["4C", "7H"])
    assert why(MANO_A_MANO, state, {"discard": "9C"}) == DRAW_FIRST
    assert why(MANO_A_MANO, state, {"meld": ["5H", "6H", "7H"]}) == DRAW_FIRST
    assert why(MANO_A_MANO, state, {"draw": "pile", "meld": ["4C", "5H", "6H"]}) == (
        "the pile's top card must go into a meld"
    )
    assert why(MANO_A_MANO, state, {"draw": "pile", "meld": ["6H", "7H", "8H"]}) == (
        "you do not hold the 8 of hearts: of the pile, only its top card goes into the meld"
    )
    assert why(MANO_A_MANO, state, {"draw": "stock"}, seat=1) == WAIT
    assert MANO_A_MANO.refusals(state, 0) == {
        "cards": {"9C": DRAW_FIRST, "KD": DRAW_FIRST},
        "actions": {"meld": DRAW_FIRST, "add": DRAW_FIRST, "discard": DRAW_FIRST},
    }
    assert MANO_A_MANO.refusals(state, 1) == {
        "cards": {"QS": WAIT, "KS": WAIT},
        "actions": dict.fromkeys(["draw", "take", "meld", "add", "discard"], WAIT),
    }


def test_buraco_take_refused_when_the_top_fits_nowhere_or_the_pile_is_empty() -> None:
    state = mano(hands=[["5H", "6H", "9C", "KD"], ["KS", "QS"]], pile=["7H", "4S"])
    assert MANO_A_MANO.refusals(state, 0)["actions"]["take"] == (
        "the pile's top card must go into a meld, and it fits none of your side's melds nor a"
        " new meld with your cards"
    )
    empty = mano(hands=[["5H", "6H", "9C", "KD"], ["KS", "QS"]])
    assert why(MANO_A_MANO, empty, {"draw": "pile", "meld": ["5H", "6H", "7H"]}) == (
        "the pile is empty"
    )
    assert MANO_A_MANO.refusals(empty, 0)["actions"]["take"] == "the pile is empty"
    dry = position(
        MANO_A_MANO,
        hands=[["5H", "6H", "9C", "KD"], ["KS", "QS"]],
        pile=["7H"],
        muertos=["taken", "taken"],
    )
    assert why(MANO_A_MANO, dry, {"draw": "stock"}) == "the stock is empty"
    assert MANO_A_MANO.refusals(dry, 0)["actions"] == {
        "draw": "the stock is empty",
        "meld": DRAW_FIRST,
        "add": DRAW_FIRST,
        "discard": DRAW_FIRST,
    }


def test_buraco_pile_cards_cannot_be_discarded_and_the_play_step_refusals() -> None:
    state = mano(hands=[["5H", "6H", "9C", "KD"], ["KS", "QS"]], pile=["4C", "7H"])
    state = MANO_A_MANO.apply(state, {"draw": "pile", "meld": ["5H", "6H", "7H"]})
    assert why(MANO_A_MANO, state, {"discard": "4C"}) == PILE_CARD
    assert why(MANO_A_MANO, state, {"draw": "stock"}) == DRAWN
    assert why(MANO_A_MANO, state, {"meld": ["9C", "KD", "4C"]}) == (
        "a meld is 3 or more cards of one suit in sequence, lowest first"
    )
    assert why(MANO_A_MANO, state, {"meld": ["9C", "KD"]}) == (
        "a meld is 3 or more cards in sequence"
    )
    assert why(MANO_A_MANO, state, {"add": 0, "cards": ["9C"], "end": "high"}) == (
        "the 9 of clubs does not fit at the high end of that meld"
    )
    assert why(MANO_A_MANO, state, {"add": 3, "cards": ["9C"], "end": "high"}) == (
        "your side has no such meld"
    )
    assert MANO_A_MANO.refusals(state, 0) == {
        "cards": {"4C": PILE_CARD},
        "actions": {
            "draw": DRAWN,
            "take": DRAWN,
            "meld": "a meld is 3 or more cards in sequence: your hand has none",
            "add": "none of your cards fits your side's melds",
        },
    }


def test_buraco_meld_shapes() -> None:
    state = mano(hands=[["KH", "AH", "2H", "2C", "6S", "2D", "9C"], ["KS", "QS"]], step="play")
    assert why(MANO_A_MANO, state, {"meld": ["KH", "AH", "2H"]}) == (
        "a sequence cannot go round the ace: king, ace, 2 is not a sequence"
    )
    assert why(MANO_A_MANO, state, {"meld": ["2C", "6S", "2D"]}) == (
        "a meld may hold only one wild card"
    )
    assert why(MANO_A_MANO, state, {"meld": ["KH", "KH", "AH"]}) == (
        "you do not hold another king of hearts"
    )


def test_buraco_close_conditions() -> None:
    state = mano(
        hands=[["5H", "6H", "7H", "9C"], ["KS", "QS"]], muertos=["taken", "waiting"], step="play"
    )
    assert why(MANO_A_MANO, state, {"meld": ["5H", "6H", "7H"]}) == LIMPIA_LAST
    assert MANO_A_MANO.refusals(state, 0) == {
        "cards": {},
        "actions": {
            "draw": DRAWN,
            "take": DRAWN,
            "meld": LIMPIA_LAST,
            "add": "your side has no meld to add to",
        },
    }
    last = mano(hands=[["9C"], ["KS", "QS"]], muertos=["taken", "waiting"], step="play")
    need = "your side needs a canasta limpia to close"
    assert why(MANO_A_MANO, last, {"discard": "9C"}) == need
    assert MANO_A_MANO.refusals(last, 0)["cards"] == {"9C": need}
    assert MANO_A_MANO.refusals(last, 0)["actions"]["discard"] == need
    cerrado = position(
        CERRADO,
        hands=[["9C"], ["KS", "QS"], ["4D"], ["5D"]],
        muertos=["taken", "waiting"],
        step="play",
    )
    assert why(CERRADO, cerrado, {"discard": "9C"}) == "your side needs a canasta to close"


def test_pile_take_would_leave_only_pile_cards() -> None:
    state = mano(hands=[["5H", "6H"], ["KS", "QS"]], pile=["4C", "9S", "7H"])
    assert why(MANO_A_MANO, state, {"draw": "pile", "meld": ["5H", "6H", "7H"]}) == (
        "you would have no card left that you may discard: cards taken from the pile cannot be"
        " discarded this turn"
    )


# --- refusals never show what the seat cannot know ----------------------------------------------


def _busca_reshuffled(state: Any, keep: set[int], rng: random.Random) -> Any:
    """Deal the start of ``state``'s deal again with the cards of the other seats mixed up."""
    hands = [BUSCA.view(state, s).get("hand") or [] for s in range(4)]
    pool = [card for s in range(4) if s not in keep for card in hands[s]]
    rng.shuffle(pool)
    for s in range(4):
        if s not in keep:
            hands[s], pool = pool[: len(hands[s])], pool[len(hands[s]) :]
    return BUSCA.deal_from(hands, dealer=state.deal.dealer)


@pytest.mark.parametrize("seed", range(12))
def test_busca_refusals_ignore_hidden_cards(seed: int) -> None:
    rng = random.Random(seed)
    state = BUSCA.new(seed)
    leader = BUSCA.to_move(state)
    assert leader is not None
    follower = (leader + 1) % 4
    other = _busca_reshuffled(state, {leader, follower}, rng)
    assert BUSCA.view(other, follower)["hand"] == BUSCA.view(state, follower)["hand"]
    lead = BUSCA.legal_moves(state)[0]
    for seat in range(4):
        if seat in (leader, follower):
            assert BUSCA.refusals(state, seat) == BUSCA.refusals(other, seat)
    state, other = BUSCA.apply(state, lead), BUSCA.apply(other, lead)
    assert BUSCA.refusals(state, follower) == BUSCA.refusals(other, follower)


def _buraco_hidden_mixed(game: Any, state: Any, seat: int, rng: random.Random) -> Any:
    """Return ``state`` with every card ``seat`` cannot see dealt out again at random."""
    hands = [list(hand_cards(hand)) for hand in state.hands]
    waiting = [side for side in (0, 1) if state.muerto_state[side] == WAITING]
    hidden_pile = not game.rules.pile_shown and len(state.pile) > 1
    parts: list[list[int]] = [hands[s] for s in range(len(hands)) if s != seat]
    parts.append(list(state.stock))
    parts.extend(list(state.muertos[side]) for side in waiting)
    if hidden_pile:
        parts.append(list(state.pile[:-1]))
    pool = [card for part in parts for card in part]
    rng.shuffle(pool)
    cut: list[tuple[int, ...]] = []
    for part in parts:
        cut.append(tuple(pool[: len(part)]))
        pool = pool[len(part) :]
    new_hands = list(state.hands)
    others = [s for s in range(len(hands)) if s != seat]
    for s, cards in zip(others, cut, strict=False):
        new_hands[s] = hand_of(cards)
    rest = cut[len(others) :]
    stock, rest = rest[0], rest[1:]
    muertos = list(state.muertos)
    for side in waiting:
        muertos[side], rest = rest[0], rest[1:]
    pile = (*rest[0], state.pile[-1]) if hidden_pile else state.pile
    return state._replace(hands=tuple(new_hands), stock=stock, muertos=tuple(muertos), pile=pile)


@pytest.mark.parametrize("game", [CERRADO, MANO_A_MANO], ids=lambda g: g.name)
@pytest.mark.parametrize("seed", range(4))
def test_buraco_refusals_ignore_hidden_cards(game: Any, seed: int) -> None:
    rng = random.Random(seed)
    state = game.new(seed, deals=1)
    checked = 0
    for _ in range(400):
        if game.to_move(state) is None:
            break
        seat = game.to_move(state)
        for viewer in {seat, (seat + 1) % game.seats(state)}:
            other = _buraco_hidden_mixed(game, state, viewer, rng)
            assert game.view(other, viewer)["hand"] == game.view(state, viewer)["hand"]
            assert game.refusals(other, viewer) == game.refusals(state, viewer)
            checked += 1
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    assert checked > 50


# --- the table ----------------------------------------------------------------------------------


@pytest.mark.parametrize("table", [BUSCA_REASONS, BURACO_REASONS], ids=["busca", "buraco"])
def test_every_template_renders_and_translates_through_one_function(table: Any) -> None:
    for code, template in table.templates.items():
        names = [part.split("}")[0] for part in template.split("{")[1:]]
        reason = table(
            code, **{name: table("rank.2") if "rank.2" in table else "x" for name in names}
        )
        assert isinstance(reason, Reason) and str(reason)
        assert "{" not in str(reason)
    nested = BUSCA_REASONS("follow_suit", suit=BUSCA_REASONS("suit.H"))
    assert str(nested) == "you must follow cups"
    marked = nested.render(lambda text: f"<{text}>")
    assert marked == "<you must follow <cups>>"
    assert nested.to_json() == {
        "code": "follow_suit",
        "params": {"suit": {"code": "suit.H", "params": {}, "text": "cups"}},
        "text": "you must follow cups",
    }


def test_illegal_move_carries_the_reason_with_its_code() -> None:
    with pytest.raises(IllegalMove) as raised:
        BUSCA.apply(busca_start(), {"play": "AD"})
    reason = raised.value.args[0]
    assert isinstance(reason, Reason) and reason.code == "pita_first_trick"


# --- refusals agree with the legal moves -----------------------------------------------------


@pytest.mark.parametrize("game", [BUSCA, CERRADO, MANO_A_MANO], ids=lambda g: g.name)
def test_refusals_name_exactly_what_no_legal_move_uses(game: Any) -> None:
    rng = random.Random(11)
    state = game.new(11, **({"players": 3} if game is BUSCA else {"deals": 1}))
    for _ in range(300):
        seat = game.to_move(state)
        if seat is None:
            break
        legal = [game.move_json(m) for m in game.legal_moves(state)]
        refused = game.refusals(state, seat)
        hand = set(game.view(state, seat)["hand"])
        used: set[str] = set()
        kinds: set[str] = set()
        for move in legal:
            if "play" in move or "lay" in move:
                used.add(move.get("play") or move["lay"])
                continue
            if move.get("draw") == "stock":
                kinds.add("draw")
            elif move.get("draw") == "pile":
                kinds.add("take")
            else:
                kinds.add(next(k for k in ("meld", "add", "discard") if k in move))
            for key in ("meld", "cards", "discard"):
                value = move.get(key)
                used.update([value] if isinstance(value, str) else value or [])
        assert set(refused["cards"]) == hand - used
        assert all(refused["cards"].values())
        if game is not BUSCA:
            assert set(refused["actions"]) == {"draw", "take", "meld", "add", "discard"} - kinds
            assert all(refused["actions"].values())
        for reason in (*refused["cards"].values(), *refused["actions"].values()):
            assert "seat" not in reason and "{" not in reason
        state = game.apply(state, rng.choice(game.legal_moves(state)))
