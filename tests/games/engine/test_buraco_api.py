"""The engine contract for both Buraco variants: options, wire form, views, records, errors."""

from __future__ import annotations

from typing import Any

import pytest

from games import engine
from games.engine import IllegalMove, InvalidMove
from games.engine.buraco import CERRADO, MANO_A_MANO, Rules
from games.engine.buraco.position import position


@pytest.mark.parametrize(("name", "seats"), [("buraco-cerrado", 4), ("buraco-mano-a-mano", 2)])
def test_registry_and_new(name: str, seats: int) -> None:
    game = engine.get(name)
    assert game.name == name
    assert game.min_players == game.max_players == seats
    state = game.new(2**127 + 12345)
    assert game.seats(state) == seats
    assert game.deals(state) == 1
    assert game.new(2**127 + 12345) == state
    view = game.view(state, game.to_move(state))
    assert view["step"] == "draw"
    assert view["legal_moves"] == [{"draw": "stock"}]
    assert len(view["hand"]) == 11
    assert view["stock"] == (42 if seats == 4 else 60)
    assert "deal 1" in game.render(view)


def test_rules_tell_the_variants_apart() -> None:
    assert isinstance(CERRADO.rules, Rules)
    assert CERRADO.rules._replace(
        name="x", players=2, jokers=0, pile_shown=True, close_needs="limpia", muerto_per="player"
    ) == (MANO_A_MANO.rules._replace(name="x"))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"colour": 1}, "unknown option"),
        ({"target": 0}, "target"),
        ({"target": "3000"}, "target"),
        ({"deals": -1}, "deals"),
        ({"joker_points": 30}, "joker_points"),
        ({"pile_wilds": "yes"}, "pile_wilds"),
        ({"close_needs": "sucia"}, "close_needs"),
        ({"max_deals": 0}, "max_deals"),
        ({"max_deals": 1_000_000_000}, "max_deals must be integer 1 to 50"),
        ({"target": 10**9}, "target must be integer 100 to 10000"),
        ({"deals": 10**9}, "deals must be null or integer 1 to 20"),
        ({"joker_points": 50.0}, "joker_points must be 20 or 50"),
        ({"joker_points": True}, "joker_points"),
    ],
)
def test_bad_options(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        CERRADO.new(1, **options)


def test_close_needs_defaults_per_variant() -> None:
    assert CERRADO.new(1).options.close_needs == "any"
    assert MANO_A_MANO.new(1).options.close_needs == "limpia"


@pytest.mark.parametrize(
    "obj",
    [
        {"draw": "stock"},
        {"draw": "pile", "meld": ["5H", "6H", "7H"]},
        {"draw": "pile", "add": 3, "cards": ["8H", "9H"], "end": "high"},
        {"meld": ["4H", "5H", "2S"]},
        {"add": 0, "cards": ["6C"], "end": "low"},
        {"discard": "JK"},
    ],
)
def test_moves_round_trip(obj: dict[str, Any]) -> None:
    move = CERRADO.parse_move(obj)
    assert CERRADO.move_json(move) == obj
    assert CERRADO.public_move(move) == obj


@pytest.mark.parametrize(
    "obj",
    [
        "discard 9D",
        {},
        {"discard": "1D"},
        {"discard": 9},
        {"draw": "deck"},
        {"draw": "pile"},
        {"draw": "stock", "meld": ["5H"]},
        {"meld": []},
        {"meld": "5H 6H 7H"},
        {"meld": ["5H", "6H", "ZZ"]},
        {"add": 1, "cards": ["6C"]},
        {"add": 1, "cards": ["6C"], "end": "middle"},
        {"add": -1, "cards": ["6C"], "end": "low"},
        {"add": True, "cards": ["6C"], "end": "low"},
        {"add": 1, "end": "low"},
        {"draw": "pile", "add": 0, "cards": ["6C"]},
        {"discard": "9D", "extra": 1},
    ],
)
def test_malformed_moves(obj: Any) -> None:
    with pytest.raises(InvalidMove):
        MANO_A_MANO.parse_move(obj)


def test_an_add_without_end_names_the_problem() -> None:
    with pytest.raises(InvalidMove, match="end"):
        MANO_A_MANO.parse_move({"add": 1, "cards": ["6C"]})


def test_it_is_another_seats_turn() -> None:
    state = CERRADO.new(5)
    other = (CERRADO.to_move(state) or 0) + 2
    with pytest.raises(IllegalMove, match=r"^wait for your turn$"):
        CERRADO.apply(state, CERRADO.parse_move({"draw": "stock"}), seat=other % 4)


def test_a_finished_match_takes_no_move() -> None:
    state = position(
        MANO_A_MANO,
        hands=[["KD"], ["3S"]],
        step="play",
        muertos=["taken", "waiting"],
        options={"deals": 1},
        melds=[[["5H", "6H", "7H", "8H", "9H", "TH", "JH"]], []],
    )
    state = MANO_A_MANO.apply(state, MANO_A_MANO.parse_move({"discard": "KD"}))
    assert MANO_A_MANO.to_move(state) is None
    assert MANO_A_MANO.legal_moves(state) == []
    with pytest.raises(IllegalMove, match="over"):
        MANO_A_MANO.apply(state, MANO_A_MANO.parse_move({"draw": "stock"}))
    record = MANO_A_MANO.record(state)
    assert record["result"]["places"] == [1, 2]
    assert record["deals"][0]["scores"][0]["close"] == 100


def test_views_hide_other_hands_and_the_closed_pile() -> None:
    state = position(
        CERRADO,
        hands=[["KD", "9C"], ["3S", "4S"], ["QC", "QD"], ["5S", "6S"]],
        pile=["3C", "8H", "TD"],
        stock=["8D"],
        turn=0,
    )
    partner = CERRADO.view(state, 2)
    assert partner["hand"] == ["QC", "QD"]
    assert partner["pile"] == {"top": "TD", "size": 3}
    assert partner["legal_moves"] == []
    spectator = CERRADO.view(state, None)
    assert spectator["hand"] is None
    assert spectator["hand_sizes"] == [2, 2, 2, 2]
    open_pile = position(MANO_A_MANO, hands=[["KD"], ["3S"]], pile=["3C", "8H"], stock=["8D"])
    assert MANO_A_MANO.view(open_pile, None)["pile"]["cards"] == ["3C", "8H"]


def test_the_record_holds_every_deal_and_replays() -> None:
    game = MANO_A_MANO
    state = game.new(99, deals=2)
    moves = []
    while game.to_move(state) is not None:
        move = game.legal_moves(state)[-1]
        moves.append(game.move_json(move))
        state = game.apply(state, move)
    record = game.record(state)
    assert len(record["deals"]) == 2
    first = record["deals"][0]
    assert len(first["hands"]) == 2 and all(len(hand) == 11 for hand in first["hands"])
    assert len(first["muertos"]) == 2 and len(first["stock"]) == 60
    assert [m["move"] for deal in record["deals"] for m in deal["moves"]] == moves
    replay = game.new(record["seed"], **record["options"])
    for obj in moves:
        replay = game.apply(replay, game.parse_move(obj))
    assert replay == state


@pytest.mark.parametrize(
    "obj",
    [
        {"discard": "ad"},
        {"discard": "7h"},
        {"discard": "jk"},
        {"meld": ["5h", "6H", "7H"]},
        {"add": 0, "cards": ["6c"], "end": "low"},
        {"draw": "pile", "meld": ["5H", "6h", "7H"]},
    ],
)
def test_lower_case_cards_are_malformed(obj: dict[str, Any]) -> None:
    """A card is upper case, as DESIGN.md writes it; Busca refuses "7s" the same way."""
    with pytest.raises(InvalidMove, match="unknown card"):
        MANO_A_MANO.parse_move(obj)


@pytest.mark.parametrize(
    "obj",
    ["discard 9D", {}, {"discard": "ad"}, {"discard": "1D"}, {"add": 1, "cards": ["6C"]}],
)
def test_apply_parses_a_wire_move_with_the_engines_errors(obj: Any) -> None:
    state = CERRADO.new(3)
    with pytest.raises(InvalidMove):
        CERRADO.apply(state, obj)


def test_apply_takes_a_wire_move_like_busca() -> None:
    state = CERRADO.new(3)
    assert CERRADO.apply(state, {"draw": "stock"}) == CERRADO.apply(
        state, CERRADO.parse_move({"draw": "stock"})
    )
    with pytest.raises(IllegalMove):
        CERRADO.apply(state, {"discard": "9D"})
