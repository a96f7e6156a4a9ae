"""The local arena (python -m games.arena): deterministic runs, intervals, faulty bots, errors."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

import pytest

from games.arena.cli import main
from games.arena.entrants import Entrant
from games.arena.run import Outcome, Plan, standings
from games.arena.stats import Z95, mean_ci

BUSCA_BOT = "examples/busca_bot.py"
SHORT = ["--option", "eliminate_at=2", "--quiet", "--json"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main(list(argv)) == 0
    body: dict[str, Any] = json.loads(capsys.readouterr().out)
    return body


def test_a_tiny_run_is_the_same_with_the_same_seed_in_parallel_or_not(
    capsys: pytest.CaptureFixture[str],
) -> None:
    entrants = [BUSCA_BOT, "house:greedy", "house:random"]
    first = run(capsys, *entrants, "--matches", "6", "--seed", "3", "--jobs", "2", *SHORT)
    again = run(capsys, *entrants, "--matches", "6", "--seed", "3", "--jobs", "2", *SHORT)
    alone = run(capsys, *entrants, "--matches", "6", "--seed", "3", "--jobs", "1", *SHORT)
    other = run(capsys, *entrants, "--matches", "6", "--seed", "4", "--jobs", "1", *SHORT)
    assert first == again == alone
    assert first["game"] == "busca" and first["options"]["players"] == 3  # named by the file
    assert first["boards"] == 2 and first["matches"] == 6
    rows = first["entrants"]
    assert [r["entrant"] for r in rows] == entrants
    # 3 seats: the places of a match add up to 6 at most (1 + 2 + 3, less with shared places).
    assert 3.0 < sum(r["mean_place"]["mean"] for r in rows) <= 6.0
    assert all(r["buscas_per_deal"]["n"] == 2 and r["fallbacks"] == 0 for r in rows)
    assert [r["moves"] for r in rows] != [r["moves"] for r in other["entrants"]]


def test_matches_round_up_to_whole_boards_and_the_table_reads(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert (
        main(
            [
                "house:greedy",
                "house:random",
                "--game",
                "buraco-mano-a-mano",
                "--option",
                "deals=1",
                "--matches",
                "3",
                "--jobs",
                "1",
                "--quiet",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "4 matches = 2 boards x 2 seat rotations" in out
    assert "mean place" in out and "win rate" in out and "Buscas/deal" not in out


def test_the_interval_is_the_mean_plus_or_minus_1_96_standard_errors() -> None:
    estimate = mean_ci([1.0, 2.0, 3.0, 4.0])
    # sample variance 5/3; standard error sqrt(5/3 / 4) = 0.6454972
    assert estimate.mean == 2.5 and estimate.n == 4
    assert estimate.half == pytest.approx(1.959964 * 0.6454972, rel=1e-6)
    assert estimate.low == pytest.approx(1.2348, abs=1e-4)
    assert estimate.high == pytest.approx(3.7652, abs=1e-4)
    assert mean_ci([0.0, 0.0, 0.0]).half == 0.0
    assert math.isinf(mean_ci([7.0]).half)
    with pytest.raises(ValueError):
        mean_ci([])


def test_the_board_is_the_unit_of_the_intervals() -> None:
    plan = Plan("busca", {}, (Entrant("house:greedy"), Entrant("house:random")), 2, 1)

    def outcome(board: int, rotation: int, places: list[int], scores: list[int]) -> Outcome:
        return Outcome(board, rotation, 4, places, scores, [10, 10], [0, 0], [[], []])

    done = [
        outcome(0, 0, [1, 2], [0, 4]),
        outcome(0, 1, [2, 1], [2, 2]),
        outcome(1, 0, [1, 2], [1, 3]),
        outcome(1, 1, [1, 2], [1, 5]),
    ]
    first, second = standings(plan, done)
    # Board means of the first entrant: places (1.5, 1.0), wins (0.5, 1.0), Buscas a deal
    # ((0 + 2) / 8, (1 + 1) / 8) = (0.25, 0.25).
    assert first.place.mean == 1.25 and first.place.n == 2
    assert first.place.half == pytest.approx(Z95 * 0.25)  # s = 0.3536, s / sqrt(2) = 0.25
    assert first.win.mean == 0.75
    assert first.buscas_per_deal is not None and first.buscas_per_deal.mean == 0.25
    assert first.buscas_per_deal.half == 0.0
    assert second.place.mean == 1.75 and second.moves == 40


FAULTY = '''
from bots.client import Bot

class Faulty(Bot):
    """Busca: exits on its second call; else raises on every third call, answers an illegal
    card on every third, and plays the others."""

    calls = 0

    def choose(self, view, legal_moves):
        Faulty.calls += 1
        if Faulty.calls == 2:
            raise SystemExit(4)
        if Faulty.calls % 3 == 0:
            raise ValueError("no idea")
        if Faulty.calls % 3 == 1:
            return {"play": "XX"}
        return legal_moves[0]
'''


def test_a_bot_that_raises_or_answers_illegally_is_reported_and_the_run_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bot = tmp_path / "faulty_bot.py"
    bot.write_text(FAULTY)
    args = [str(bot), "house:greedy", "house:greedy", "--game", "busca", "--matches", "3"]
    assert main([*args, "--jobs", "2", "--option", "eliminate_at=1"]) == 0
    out = capsys.readouterr().out
    assert "#1" in out and "fallback(s)" in out
    assert "choose() raised ValueError: no idea" in out
    assert "answered {'play': 'XX'}" in out
    assert "choose() raised SystemExit: 4" in out
    faulty, greedy, _ = run(capsys, *args, "--jobs", "1", *SHORT)["entrants"]
    assert faulty["fallbacks"] >= faulty["moves"] * 2 // 3 > 0
    assert len(faulty["fallback_reasons"]) == 5 and greedy["fallbacks"] == 0


STUCK = """
import time


class Stuck:
    def choose(self, view, legal_moves):
        if view.get("turn", 0) % 2 == 0:
            time.sleep(3600)  # never answers in time
        return legal_moves[0]
"""


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_bot_that_never_answers_is_cut_off_at_the_move_time_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], jobs: str
) -> None:
    bot = tmp_path / "stuck_bot.py"
    bot.write_text(STUCK)
    args = [str(bot), "house:greedy", "--game", "busca", "--matches", "2", "--jobs", jobs]
    body = run(capsys, *args, "--move-timeout", "0.05", *SHORT)
    stuck, greedy = body["entrants"]
    assert stuck["fallbacks"] > 0 and greedy["fallbacks"] == 0
    assert "MoveTimeout: no answer within 0.05 s" in stuck["fallback_reasons"][0]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["nofile.py", "house:greedy", "--game", "busca"], "nofile.py: no such file"),
        ([BUSCA_BOT, "house:greedy", "--move-timeout", "0"], "0 is not between 0.01 and 3600"),
        ([BUSCA_BOT, "house:nobody", "house:greedy"], "unknown house strategy 'house:nobody'"),
        ([BUSCA_BOT, "house:greedy", "--matches", "0"], "0 is not between 1 and 100000"),
        ([BUSCA_BOT, "house:greedy", "--matches", "100001"], "not between 1 and 100000"),
        ([BUSCA_BOT, "house:greedy", "--jobs", "0"], "0 is not between 1 and 256"),
        ([BUSCA_BOT, "house:greedy", "--seed", "x"], "'x' is not a whole number"),
        ([BUSCA_BOT, "house:greedy", "--option", "eliminate_at=0"], "eliminate_at must be"),
        ([BUSCA_BOT, "house:greedy", "--option", "colour=red"], "colour"),
        ([BUSCA_BOT], "busca takes 2 to 4 entrants (one a seat), not 1"),
        (["house:greedy", "house:greedy"], "cannot tell the game from the bot files"),
        (
            [BUSCA_BOT, "house:greedy", "--game", "buraco-cerrado"],
            "has 4 seats: give 4 entrants, not 2",
        ),
        ([f"{BUSCA_BOT}:Nope", "house:greedy"], "no class Nope"),
    ],
)
def test_bad_arguments_exit_with_code_2_and_say_why(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("def broken(:\n", "fails to import: SyntaxError"),
        ("import no_such_module_here\n", "fails to import: ModuleNotFoundError"),
        ("GAME = 'busca'\nX = 1\n", "no class with a choose(view, legal_moves) method"),
        (
            "GAME = 'busca'\nclass A:\n    def choose(self, v, m): return m[0]\n"
            "class B:\n    def choose(self, v, m): return m[0]\n",
            "several bot classes (A, B)",
        ),
        (
            "GAME = 'busca'\nclass A:\n    def __init__(self): raise RuntimeError('nope')\n"
            "    def choose(self, v, m): return m[0]\n",
            "A() fails: RuntimeError: nope",
        ),
        ("import sys\nsys.exit(3)\n", "exits when imported"),
    ],
)
def test_a_bad_bot_file_exits_with_code_2_and_says_why(
    source: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bot = tmp_path / "bad_bot.py"
    bot.write_text(source)
    with pytest.raises(SystemExit) as stop:
        main([str(bot), "house:greedy", "--game", "busca"])
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


def test_a_plain_class_without_the_client_plays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bot = tmp_path / "plain.py"
    bot.write_text(
        "GAME = 'busca'\nclass First:\n    def choose(self, view, moves):\n"
        "        return moves[-1]\n"
    )
    rows = run(capsys, str(bot), "house:random", "--matches", "2", "--jobs", "1", *SHORT)
    assert rows["entrants"][0]["fallbacks"] == 0 and rows["entrants"][0]["moves"] > 0


def test_the_progress_bar_counts_every_match(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                BUSCA_BOT,
                "house:random",
                "--matches",
                "20",
                "--jobs",
                "1",
                "--option",
                "eliminate_at=1",
            ]
        )
        == 0
    )
    err = capsys.readouterr().err
    assert "20/20 matches" in err and "10/20 matches" in err


def test_the_guides_bot_plays_in_the_arena_as_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/bots.md's mybot.py, saved as the reader saves it, runs with no --game."""
    guide = (Path(__file__).resolve().parents[3] / "docs" / "bots.md").read_text()
    code = re.search(r"```python\n(# mybot\.py\n.*?)```", guide, re.S)
    assert code, "docs/bots.md shows mybot.py"
    bot = tmp_path / "mybot.py"
    bot.write_text(code.group(1))
    houses = ["house:greedy"] * 3
    body = run(capsys, str(bot), *houses, "--matches", "4", "--jobs", "1", *SHORT)
    assert body["game"] == "busca" and body["entrants"][0]["fallbacks"] == 0
