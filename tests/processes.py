"""Start the real server and Celery worker as subprocesses, as a user would, and stop them."""

from __future__ import annotations

import atexit
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
from celery import Celery

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable

# Settings a test process may carry that must not leak into a server the test configures.
MODE_VARIABLES = (
    "DATABASE_URL",
    "REDIS_URL",
    "REDIS_PREFIX",
    "EMBEDDED_WORKER",
    "VAR_DIR",
    "SECRET_KEY",
)


# A migrated SQLite file, made once per test process; its path goes to every subprocess (a
# benchmark's smoke run starts its own platforms through this module) in this variable.
SQLITE_TEMPLATE_VARIABLE = "TEST_SQLITE_TEMPLATE"


def sqlite_template() -> Path:
    """Return a migrated SQLite file to copy: the one this process, or the test process that
    started it, made; else make it now (and remove it when this process exits)."""
    known = os.environ.get(SQLITE_TEMPLATE_VARIABLE)
    if known and Path(known).exists():
        return Path(known)
    folder = Path(tempfile.mkdtemp(prefix="sqlite-template-"))
    atexit.register(shutil.rmtree, folder, True)
    manage(environment(folder), "migrate", "--no-input", "-v0")
    os.environ[SQLITE_TEMPLATE_VARIABLE] = str(folder / "db.sqlite3")
    return folder / "db.sqlite3"


def migrate(env: dict[str, str]) -> None:
    """Migrate the database ``env`` points at, as ``manage.py migrate`` would.

    An embedded (SQLite) database starts as a copy of a file migrated once (sqlite_template):
    migrating costs seconds, and a stack boots dozens of times a run. A PostgreSQL database is
    migrated as asked (``tests.services.fresh_postgres_database(migrated=True)`` clones one).
    """
    target = Path(env["VAR_DIR"]) / "db.sqlite3"
    if env.get("DATABASE_URL") or target.exists():
        manage(env, "migrate", "--no-input", "-v0")
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(sqlite_template(), target)


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def environment(var_dir: Path, **settings: str) -> dict[str, str]:
    """Return an environment for a subprocess: this one, with only the given mode settings."""
    env = {k: v for k, v in os.environ.items() if k not in MODE_VARIABLES}
    env.update({"VAR_DIR": str(var_dir), "SECRET_KEY": "test-only-not-secret", **settings})
    env.setdefault("PYTHONUNBUFFERED", "1")
    return env


def manage(env: dict[str, str], *args: str) -> str:
    """Run a management command to completion; return its output; raise if it fails."""
    done = subprocess.run(
        [PYTHON, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    if done.returncode:
        raise AssertionError(f"manage.py {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
    return done.stdout


@dataclass
class Process:
    """A running subprocess whose output goes to a log file."""

    popen: subprocess.Popen[bytes]
    log: Path

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def stop(self, sig: int = signal.SIGINT, timeout: float = 20) -> int:
        """Signal the process group, wait for it, and return the exit code."""
        if self.popen.poll() is None:
            os.killpg(self.popen.pid, sig)
            try:
                self.popen.wait(timeout)
            except subprocess.TimeoutExpired:
                os.killpg(self.popen.pid, signal.SIGKILL)
                self.popen.wait(5)
                raise AssertionError(f"did not stop on signal {sig}:\n{self.output()}") from None
        return self.popen.returncode


def _default_interrupt() -> None:
    """Give the child SIGINT's default handling. A shell runs a background command with SIGINT
    ignored, and children inherit that; Python then never raises KeyboardInterrupt, and a
    ``Process.stop()`` by SIGINT waits in vain (a test run under ``nohup … &`` saw it)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(args: list[str], env: dict[str, str], log: Path) -> Process:
    """Start ``args`` from the repository root in a new process group."""
    handle = log.open("wb")
    popen = subprocess.Popen(
        args,
        cwd=ROOT,
        env=env,
        stdout=handle,
        stderr=subprocess.STDOUT,
        start_new_session=True,
        preexec_fn=_default_interrupt,
    )
    return Process(popen, log)


def wait_healthy(base_url: str, process: Process, timeout: float = 60) -> dict[str, object]:
    """Poll ``/healthz`` until it answers 200; return its body."""
    deadline = time.monotonic() + timeout
    last = ""
    while time.monotonic() < deadline:
        if process.popen.poll() is not None:
            raise AssertionError(f"the server exited early:\n{process.output()}")
        try:
            reply = httpx.get(f"{base_url}/healthz", timeout=5)
            if reply.status_code == 200:
                body: dict[str, object] = reply.json()
                return body
            last = reply.text
        except httpx.HTTPError as exc:
            last = repr(exc)
        time.sleep(0.2)
    raise AssertionError(f"/healthz never answered 200 (last: {last}):\n{process.output()}")


@dataclass
class Server:
    """A serving ASGI process and its address."""

    process: Process
    port: int

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"


@contextmanager
def server(env: dict[str, str], log_dir: Path) -> Iterator[Server]:
    """Run ``manage.py serve`` on a free port until the block ends."""
    port = free_port()
    process = start([PYTHON, "manage.py", "serve", "--port", str(port)], env, log_dir / "web.log")
    try:
        wait_healthy(f"http://127.0.0.1:{port}", process)
        yield Server(process, port)
    finally:
        process.stop()


@contextmanager
def celery_worker(
    env: dict[str, str], log_dir: Path, queues: str = "celery,webhooks,search", name: str = "worker"
) -> Iterator[Process]:
    """Run a Celery worker process (Redis broker) until the block ends, once it answers.

    One process takes every queue unless ``queues`` says otherwise (the Procfile gives the
    search queue a process of its own; tests that measure that isolation do the same)."""
    args = [
        PYTHON,
        "-m",
        "celery",
        "-A",
        "config",
        "worker",
        "--pool=threads",
        "--concurrency=4",
        "--loglevel=INFO",
        f"--queues={queues}",
        "-n",
        f"{name}@%h",
    ]
    process = start(args, env, log_dir / f"{name}.log")
    try:
        redis_url = env["REDIS_URL"]
        probe = Celery(broker=redis_url, backend=redis_url)
        if env.get("REDIS_PREFIX"):  # the platform's keys (settings.REDIS_PREFIX)
            keys = {"global_keyprefix": f"{env['REDIS_PREFIX']}:"}
            probe.conf.broker_transport_options = keys
            probe.conf.result_backend_transport_options = keys
        try:
            probe.send_task("web.runtime_info").get(timeout=60)
        except Exception as exc:
            message = f"the worker did not answer ({exc!r}):\n{process.output()}"
            raise AssertionError(message) from exc
        yield process
    finally:
        process.stop(signal.SIGTERM)


@contextmanager
def celery_beat(env: dict[str, str], log_dir: Path) -> Iterator[Process]:
    """Run a Celery beat process until the block ends (/healthz wants one scaled out)."""
    args = [
        PYTHON,
        "-m",
        "celery",
        "-A",
        "config",
        "beat",
        "--loglevel=WARNING",
        f"--schedule={log_dir / 'beat-schedule'}",
    ]
    process = start(args, env, log_dir / "beat.log")
    try:
        yield process
    finally:
        process.stop(signal.SIGTERM)
