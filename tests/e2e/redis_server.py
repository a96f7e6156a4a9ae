"""A Redis server of the test's own, on a spare port, that the test can kill and restart."""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.processes import free_port
from tests.services import on_ci


class RedisServer:
    """``redis-server`` without persistence: killed, it forgets everything, as a crash does."""

    def __init__(self, log_dir: Path) -> None:
        self.port = free_port()
        self.log_dir = log_dir
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        """Start it on its port (the same port after a kill) and wait until it answers."""
        self.starts += 1
        log = (self.log_dir / f"redis-{self.starts}.log").open("wb")
        args = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1"]
        args += ["--save", "", "--appendonly", "no"]
        self.process = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.05)
        raise AssertionError(f"redis-server did not answer on port {self.port}")

    def kill(self) -> None:
        """SIGKILL it: connections drop, the port refuses, its data is gone."""
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)
            self.process = None


@contextmanager
def redis_server(log_dir: Path) -> Iterator[RedisServer]:
    """Yield a running Redis server of the test's own; skip (fail on CI) without redis-server."""
    if shutil.which("redis-server") is None:
        if on_ci():
            pytest.fail("redis-server is not installed, and CI=true requires it")
        pytest.skip("redis-server is not installed")
    server = RedisServer(log_dir)
    server.start()
    try:
        yield server
    finally:
        server.kill()
