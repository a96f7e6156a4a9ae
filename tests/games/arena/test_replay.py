"""Counterfactual replay from a downloaded log: the exact position at turn T, then a new ending."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from games import engine
from games.arena.cli import main
from games.arena.entrants import Entrant
from games.arena.errors import ArenaError
from games.arena.replay import counterfactual, read_file, record_of, replay
from games.engine import strategies

OPTIONS = {
    "busca": {"players": 4, "eliminate_at": 3},
    "buraco-mano-a-mano": {"deals": 1},
}
BOTS = {
    "busca": "examples/busca_bot.py",
    "buraco-mano-a-mano": "examples/buraco_mano_a_mano_bot.py",
}


def logged_match(game_name: str, seed: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play a match of house bots; return its log body (as the API gives it once the match is
    over) and every state's dump, turn by turn, as the engine saw it."""
    game = engine.get(game_name)
    state = game.new(seed, **OPTIONS[game_name])
    rng = random.Random(seed)
    moves: list[dict[str, Any]] = []
    dumps = [game.dump(state)]
    while (seat := game.to_move(state)) is not None:
        legal = [game.move_json(m) for m in game.legal_moves(state)]
        name = "house:greedy" if len(moves) % 2 else "house:random"
        move = strategies.choose(name, game_name, game.view(state, seat), legal, rng)
        moves.append({"turn": len(moves), "seat": seat, "move": move, "by": "house"})
        state = game.apply(state, game.parse_move(move))
        dumps.append(game.dump(state))
    body = {
        "match": 9,
        "game": game_name,
        "status": "finished",
        "sealed": False,
        "moves": moves,
        "seed": str(seed),
        "options": OPTIONS[game_name],
    }
    return body, dumps


@pytest.mark.parametrize("game_name", list(OPTIONS))
def test_the_replay_rebuilds_exactly_the_logged_position(game_name: str, tmp_path: Path) -> None:
    body, dumps = logged_match(game_name, 41)
    path = tmp_path / "log.json"
    path.write_text(json.dumps(body))
    record = read_file(path)
    game = engine.get(game_name)
    turns = len(body["moves"])
    for turn in (0, 1, turns // 3, turns // 2, turns - 1):
        state = replay(game, record, turn)
        assert game.dump(state) == dumps[turn]
        seat = game.to_move(state)
        assert seat == body["moves"][turn]["seat"]
        done = counterfactual(record, seat, turn, Entrant(BOTS[game_name]), "house:greedy", 1)
        # What the author's bot is shown is that seat's view of the logged position.
        assert done.view == game.view(game.load(dumps[turn]), seat) and done.to_move == seat
        original = game.result(game.load(dumps[-1]))
        assert done.original == original
        assert done.new.tallies[seat].moves >= 1 and done.new.tallies[seat].fallbacks == 0


def test_the_command_prints_both_endings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body, dumps = logged_match("busca", 5)
    path = tmp_path / "log.json"
    path.write_text(json.dumps(body))
    argv = ["replay", str(path), "--seat", "2", "--from-turn", "12", "--bot", BOTS["busca"]]
    assert main(argv) == 0
    out = capsys.readouterr().out
    original = engine.get("busca").result(engine.get("busca").load(dumps[-1]))
    assert original is not None
    assert f"as played           {list(original.places)}" in out
    assert "your bot in seat 2" in out and "turn 12, seat" in out and "seat 2 hand:" in out
    assert main(argv) == 0
    assert capsys.readouterr().out == out  # the same seed, the same new ending


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"status": "running"}, "is still running"),
        ({"sealed": True}, "is sealed"),
        ({"seed": None}, "has no seed"),
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"moves": [{"turn": 0}]}, "'moves' is not a list"),
        ({"seed": "abc"}, "is not a whole number"),
    ],
)
def test_a_record_that_is_not_a_finished_match_is_refused(
    change: dict[str, Any], message: str
) -> None:
    body, _ = logged_match("busca", 3)
    body.update(change)
    body = {k: v for k, v in body.items() if v is not None}
    with pytest.raises(ArenaError, match=message):
        record_of(body)


@pytest.mark.parametrize(
    ("seat", "turn", "message"),
    [
        ("0", "100000", "--from-turn 100000: the log has turns 0 to"),
        ("0", "-1", "-1 is not between 0 and 1000000"),
        ("3", "3", "--seat 3: buraco-mano-a-mano here has seats 0 to 1"),
        ("4", "3", "4 is not between 0 and 3"),
    ],
)
def test_bad_replay_arguments_exit_with_code_2(
    seat: str, turn: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body, _ = logged_match("buraco-mano-a-mano", 2)
    path = tmp_path / "log.json"
    path.write_text(json.dumps(body))
    bot = BOTS["buraco-mano-a-mano"]
    with pytest.raises(SystemExit) as stop:
        main(["replay", str(path), "--seat", seat, "--from-turn", turn, "--bot", bot])
    assert stop.value.code == 2 and message in capsys.readouterr().err


def test_a_missing_or_broken_file_exits_with_code_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    for source, message in (
        (str(tmp_path / "none.json"), "cannot be read"),
        (str(broken), "not JSON"),
    ):
        with pytest.raises(SystemExit) as stop:
            main(["replay", source, "--seat", "0", "--from-turn", "0", "--bot", BOTS["busca"]])
        assert stop.value.code == 2 and message in capsys.readouterr().err
