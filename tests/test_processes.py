"""The test harness (tests/processes.py): a started process stops on SIGINT even when this test
run was started with SIGINT ignored (a shell's background job: ``nohup make test &``)."""

from __future__ import annotations

import signal
import time
from pathlib import Path

from tests.processes import PYTHON, environment, start


def test_a_child_stops_on_sigint_though_the_run_ignores_it(tmp_path: Path) -> None:
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        child = start(
            [PYTHON, "-c", "import time; time.sleep(60)"], environment(tmp_path), tmp_path / "c.log"
        )
    finally:
        signal.signal(signal.SIGINT, before)
    time.sleep(0.5)  # Python has set its handlers up
    began = time.monotonic()
    assert child.stop(signal.SIGINT, timeout=10) != 0
    assert time.monotonic() - began < 5
