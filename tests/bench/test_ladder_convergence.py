"""bench.ladder_convergence's runs played at once (``--jobs``) find what one at a time finds:
each run is its own seed's, whatever process plays it."""

from __future__ import annotations

import re

import pytest

from bench import ladder_convergence

ARGS = ["--games", "busca", "--strong", "none", "--runs", "2", "--max-deals", "40"]


def run_lines(capsys: pytest.CaptureFixture[str], jobs: int) -> list[str]:
    ladder_convergence.main([*ARGS, "--schedules", "single,duplicate", "--jobs", str(jobs)])
    out = capsys.readouterr().out
    lines = [re.sub(r"\[\d+ s( of runs)?\]", "", line) for line in out.splitlines()]
    return sorted(line for line in lines if " run " in line or "deals to tell" in line)


def test_runs_played_at_once_find_what_one_at_a_time_finds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    alone = run_lines(capsys, 1)
    assert len([line for line in alone if " run " in line]) == 4  # two schedules, two runs
    assert run_lines(capsys, 2) == alone


def test_jobs_must_be_one_or_more(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        ladder_convergence.main([*ARGS, "--jobs", "0"])
    assert "--jobs takes 1 or more" in capsys.readouterr().err


def test_single_deals_are_rated_by_the_measure_of_the_comparisons(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A plain single deal ranks its seats as a duplicate comparison ranks holders (Busca: fewer
    Buscas, then fewer points), so the factor single : duplicate measures the cards alone."""
    states: list[object] = []
    rated: list[list[float]] = []
    real_play = ladder_convergence.play

    def play(*args: object) -> object:
        states.append(real_play(*args))  # type: ignore[arg-type]
        return states[-1]

    monkeypatch.setattr(ladder_convergence, "play", play)
    tiers = ladder_convergence.tiers_of("busca", None, None)
    ladder = ladder_convergence.Ladder("busca", tiers, "single", seed=3)
    monkeypatch.setattr(ladder, "rate", lambda groups: rated.extend(v for _, v in groups))
    for _ in range(3):
        ladder.round()
    measured = [
        [ladder_convergence.value("busca", state, seat) for seat in range(4)] for state in states
    ]
    assert rated == measured and len(rated) == 6
    assert any(len(set(values)) == 4 for values in rated)  # the points part them, not places


def test_progress_lines_show_a_long_run_as_it_goes(capsys: pytest.CaptureFixture[str]) -> None:
    ladder_convergence.main([*ARGS, "--runs", "1", "--schedules", "single", "--progress", "12"])
    seen = capsys.readouterr()
    lines = [line for line in seen.err.splitlines() if "(single, seed 1:" in line]
    assert len(lines) == 3  # 12, 24 and 36 deals passed, in rounds of two tables, to 40
    assert "tiers' mean mu" in lines[0] and "(single" not in seen.out


def test_progress_must_not_be_negative(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        ladder_convergence.main([*ARGS, "--progress", "-1"])
    assert "--progress takes 0 or more" in capsys.readouterr().err
