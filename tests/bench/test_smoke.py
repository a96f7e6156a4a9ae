"""Every benchmark still runs: each is smoke-run (``--smoke``: its own code path at a tiny size)
as ``python -m`` runs it, and must exit 0 and print its report's figures. Nothing about speed is
asserted. bench.fair_play's smoke run is in test_fair_play.py; bench.colluders is its helper."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.processes import MODE_VARIABLES, sqlite_template  # mode settings never reach it
from tests.services import POSTGRES_HOST, POSTGRES_PORT, require, require_redis

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 300  # seconds: a platform-starting smoke run takes about 30 on a busy 2-core machine

def starts(module: str, words: tuple[str, ...], *, scaled: bool = False) -> object:
    """A benchmark that starts a platform of its own, in a fixed mode (scaled: needs both
    services)."""
    return pytest.param(module, words, scaled, id=module, marks=pytest.mark.fixed_stack)


SMOKES = [
    pytest.param(
        "games.engine.bench",
        ("busca: ", "buraco-cerrado: ", "buraco-mano-a-mano: ", "deals/s", "moves/s"),
        False,
        id="games.engine.bench",
    ),
    pytest.param(
        "bench.ismcts_strength",
        ("busca, search at", "buraco-mano-a-mano, search at", "duplicate deals", "95% CI"),
        False,
        id="bench.ismcts_strength",
    ),
    pytest.param(
        "bench.ladder_convergence",
        ("busca: ", "whole", "single", "duplicate", "deals to tell the tiers apart", "factor"),
        False,
        id="bench.ladder_convergence",
    ),
    pytest.param(
        "bench.ladder_schedule",
        ("bots: pass", "reads + plan", "matches started"),
        False,
        id="bench.ladder_schedule",
    ),
    starts("bench.api_load", ("req/s", "bots at full load", "bots at half load", "p99", "ratio")),
    starts("bench.event_latency", ("scaled out", "events: p50", "p99", "max"), scaled=True),
    starts("bench.freeze", ("alone", "under attack", "p99", "refused", "database is locked")),
    starts("bench.request_floor", ("the floor", "404 under /api/", "POST -> next turn", "ratio")),
    starts("bench.two_bots", ("platform (embedded)", "engine alone (arena)", "moves/s")),
    starts("bench.spectators", ("ASGI process", "p50", "p99", "events arrived"), scaled=True),
    starts("bench.tournament", ("matches/s", "scheduling with injected results", "µs/entrant")),
    starts("bench.ws_latency", ("task events: p50", "p95", "p99", "max")),
]


@pytest.mark.parametrize(("module", "words", "scaled"), SMOKES)
def test_the_benchmark_smoke_runs(module: str, words: tuple[str, ...], scaled: bool) -> None:
    if scaled:
        require_redis()
        require("PostgreSQL", POSTGRES_HOST, POSTGRES_PORT)
    sqlite_template()  # its embedded platforms copy this process's migrated file (the variable)
    env = {k: v for k, v in os.environ.items() if k not in MODE_VARIABLES}
    done = subprocess.run(
        [sys.executable, "-m", module, "--smoke"],
        cwd=ROOT,
        env=env,  # TEST_REDIS_DB goes along: a scaled platform uses this worker's Redis database
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    shown = f"stdout:\n{done.stdout}\nstderr (end):\n{done.stderr[-4000:]}"
    assert done.returncode == 0, shown
    missing = [word for word in words if word not in done.stdout]
    assert not missing, f"{missing} not in the report; {shown}"
