"""``manage.py serve`` with several worker processes: they die with their parent."""

from __future__ import annotations

import os
import signal
import socket
import time
from pathlib import Path

import httpx
import pytest

from tests.processes import PYTHON, Process, environment, free_port, migrate, start

pytestmark = pytest.mark.fixed_stack


def children_of(pid: int) -> list[int]:
    """Return the live (not zombie) processes whose parent is ``pid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if fields[0] != "Z" and int(fields[1]) == pid:
            found.append(int(entry.name))
    return found


def is_running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def port_is_free(port: int) -> bool:
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
        try:
            sock.bind(("127.0.0.1", port))
            sock.listen()
        except OSError:
            return False
    return True


def serve(env: dict[str, str], port: int, log: Path) -> Process:
    args = [PYTHON, "manage.py", "serve", "--port", str(port), "--workers", "2"]
    process = start(args, env, log)
    stop_at = time.monotonic() + 60
    while time.monotonic() < stop_at:
        assert process.popen.poll() is None, process.output()
        try:
            httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=5)  # any answer will do
            if len(children_of(process.popen.pid)) >= 2:
                return process
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    raise AssertionError(f"serve did not answer:\n{process.output()}")


def test_killing_serve_ends_its_workers_and_frees_the_port(tmp_path: Path) -> None:
    env = environment(tmp_path, EMBEDDED_WORKER="false")
    migrate(env)
    port = free_port()
    first = serve(env, port, tmp_path / "serve-1.log")
    workers = children_of(first.popen.pid)
    os.kill(first.popen.pid, signal.SIGKILL)  # the parent only, as an OOM killer would
    first.popen.wait(5)
    try:
        stop_at = time.monotonic() + 10
        while time.monotonic() < stop_at and not port_is_free(port):
            time.sleep(0.2)
        assert port_is_free(port), f"orphans hold port {port}: {workers}"
        while time.monotonic() < stop_at and any(is_running(pid) for pid in workers):
            time.sleep(0.2)
        assert not [pid for pid in workers if is_running(pid)]
    finally:
        for pid in workers:
            if is_running(pid):
                os.kill(pid, signal.SIGKILL)
    second = serve(env, port, tmp_path / "serve-2.log")
    try:
        assert httpx.get(f"http://127.0.0.1:{port}/", timeout=10).status_code == 200
    finally:
        second.stop(signal.SIGINT)

