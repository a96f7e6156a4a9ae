"""The Busca game object's contract: options, seeds, wire forms, errors, views, rendering."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games import engine
from games.engine import IllegalMove, InvalidMove
from games.engine.busca import GAME, deal_from


def test_registry() -> None:
    game = engine.get("busca")
    assert game is GAME
    assert (game.name, game.min_players, game.max_players) == ("busca", 2, 4)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"player": 4}, "unknown option.*player"),
        ({"players": 5}, "players must be integer 2 to 4"),
        ({"players": "4"}, "players must be integer 2 to 4"),
        ({"players": True}, "players must be integer 2 to 4"),
        ({"eliminate_at": 0}, "eliminate_at must be integer 1 to 100"),
        ({"eliminate_at": 1_000_000_000}, "eliminate_at must be integer 1 to 100"),
        ({"eliminate_at": 31.0}, "eliminate_at must be integer 1 to 100"),
        ({"two_tied_double": 1}, "two_tied_double must be true or false"),
        ({"max_deals": -1}, "max_deals must be integer 1 to 500"),
        ({"max_deals": 1_000_000_000}, "max_deals must be integer 1 to 500"),
    ],
)
def test_bad_options(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        GAME.new(1, **options)


def test_bad_seed() -> None:
    with pytest.raises(ValueError, match="seed"):
        GAME.new("7")  # type: ignore[arg-type]


def test_same_seed_same_game() -> None:
    big = 2**127 + 12345
    assert GAME.new(big) == GAME.new(big)
    hands = {GAME.new(seed).deal.hands for seed in range(20)}
    assert len(hands) == 20
    dealers = {GAME.new(seed).deal.dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hand_sizes(players: int) -> None:
    state = GAME.new(3, players=players)
    sizes = GAME.view(state, None)["hand_sizes"]
    expected = {2: [20, 20], 3: [13, 13, 13], 4: [10] * 4}[players]
    dealer = state.deal.dealer
    if players == 3:
        expected[dealer] = 14
        assert GAME.view(state, None)["step"] == "lay"
        assert GAME.to_move(state) == dealer
    else:
        assert GAME.to_move(state) == (dealer + 1) % players
    assert sizes == expected
    assert GAME.seats(state) == players and GAME.deals(state) == 1


@pytest.mark.parametrize(
    ("obj", "message"),
    [
        ("7S", "a move is an object"),
        ({"play": "7S", "lay": "4C"}, "a move is an object"),
        ({}, "a move is an object"),
        ({"discard": "7S"}, "unknown move kind 'discard'"),
        ({"play": "8S"}, "'8S' is not a Busca card"),
        ({"play": "7s"}, "'7s' is not a Busca card"),
        ({"play": 7}, "a card is a string"),
        ({"lay": None}, "a card is a string"),
    ],
)
def test_parse_move_rejects(obj: Any, message: str) -> None:
    with pytest.raises(InvalidMove, match=message):
        GAME.parse_move(obj)
    with pytest.raises(InvalidMove):
        GAME.apply(GAME.new(1), obj)


def test_wire_forms() -> None:
    play, lay = GAME.parse_move({"play": "AD"}), GAME.parse_move({"lay": "4C"})
    assert GAME.move_json(play) == {"play": "AD"} and GAME.public_move(play) == {"play": "AD"}
    assert GAME.move_json(lay) == {"lay": "4C"} and GAME.public_move(lay) == {"lay": None}
    assert repr(play) == "Move(play AD)"


def test_apply_does_not_mutate() -> None:
    state = GAME.new(11)
    before = GAME.dump(state)
    GAME.apply(state, GAME.legal_moves(state)[0])
    assert GAME.dump(state) == before


def test_wrong_seat_message() -> None:
    state = GAME.new(2)
    seat = GAME.to_move(state)
    assert seat is not None
    with pytest.raises(IllegalMove, match=r"^wait for your turn$"):
        GAME.apply(state, GAME.legal_moves(state)[0], seat=(seat + 1) % 4)
    GAME.apply(state, GAME.legal_moves(state)[0], seat=seat)


def test_views_and_render() -> None:
    state = GAME.new(5)
    seat = GAME.to_move(state)
    mine = GAME.view(state, seat)
    spectator = GAME.view(state, None)
    assert len(mine["hand"]) == 10 and mine["legal_moves"]
    assert "hand" not in spectator and "legal_moves" not in spectator
    assert spectator["last_deal"] is None and spectator["first_trick"] is True
    json.dumps(mine)
    text = GAME.render(mine)
    assert "Busca deal 1" in text and "hand:" in text and "legal:" in text
    assert "hand:" not in GAME.render(spectator)
    with pytest.raises(ValueError):
        GAME.view(state, 4)


def test_finished_game_view_and_record() -> None:
    whole = [[r + s for r in "A234567JQK"] for s in "CDHS"]
    state = deal_from(whole, 3, totals=[0, 30, 30, 30])
    while GAME.to_move(state) is not None:
        state = GAME.apply(state, GAME.legal_moves(state)[0])
    view = GAME.view(state, 0)
    assert view["step"] == "over" and view["to_move"] is None
    assert view["result"]["places"] == [1, 2, 2, 2]
    assert view["out"] == [{"seat": s, "deal": 1, "total": 33} for s in (1, 2, 3)]
    assert "Busca deal 1" in GAME.render(view) and "result" in GAME.render(view)
    record = GAME.record(state)
    assert record["result"] == view["result"]
    [deal] = record["deals"]
    assert deal["hands"] == [sorted_hand(h) for h in whole]
    assert len(deal["moves"]) == 40 and deal["buscas"] == [0, 3, 3, 3]


def sorted_hand(hand: list[str]) -> list[str]:
    order = "4567JQKA23"
    return sorted(hand, key=lambda c: order.index(c[0]))


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        ([["AC"]] * 4, "must hold 10 different cards"),
        ([[r + s for r in "A234567JQK"] for s in "CCHS"], "must hold the 40 cards"),
    ],
)
def test_deal_from_checks(hands: list[list[str]], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        deal_from(hands, 0)


def _late_state(moves: int = 400) -> Any:
    state = GAME.new(3)
    for _ in range(moves):
        state = GAME.apply(state, GAME.legal_moves(state)[0])
    assert state.match.history  # some deals are over
    return state


def test_finished_deals_are_dumped_once_and_round_trip() -> None:
    from games.engine.busca import state as busca_state

    state = _late_state()
    dumped = json.loads(json.dumps(GAME.dump(state)))
    assert GAME.load(dumped) == state
    assert isinstance(dumped["state"][9][4], str)  # the finished deals, as one text
    before = busca_state._history_text.cache_info()
    GAME.dump(state)  # the next move of the same deal: its finished deals are not encoded again
    after = busca_state._history_text.cache_info()
    assert (after.hits, after.misses) == (before.hits + 1, before.misses)


def test_a_version_1_snapshot_still_loads() -> None:
    from games.engine.busca import state as busca_state

    state = _late_state()
    old = {"busca": 1, "state": busca_state._plain(state)}  # what matches stored before
    assert GAME.load(json.loads(json.dumps(old))) == state
