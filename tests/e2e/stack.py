"""The whole platform as real processes, in either runtime mode, for end-to-end tests.

embedded: one server process (SQLite file, in-memory broker, worker and beat as threads).
scaled:   PostgreSQL + Redis, a server process, a Celery worker process and a beat process.
"""

from __future__ import annotations

import random
import re
import secrets
import signal
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from tests.processes import (
    PYTHON,
    Process,
    celery_worker,
    environment,
    free_port,
    manage,
    migrate,
    start,
    wait_healthy,
)
from tests.services import fresh_postgres_database, require_redis
from tests.stack_shell import StackShell

MODES = ["embedded", "scaled"]


@dataclass
class Stack:
    mode: str
    env: dict[str, str]
    var: Path
    port: int = field(default_factory=free_port)
    web: Process | None = None
    worker: Process | None = None
    search_worker: Process | None = None  # split_search: the search queue's own process
    worker_stack: ExitStack = field(default_factory=ExitStack)
    beats: list[Process] = field(default_factory=list)
    shell: StackShell | None = None  # one long-lived Django shell (tests/stack_shell.py)

    def manage(self, *args: str) -> str:
        """Run a management command in the stack's shell; return what it printed."""
        assert self.shell is not None
        return self.shell.command(*args)

    def run(self, code: str) -> str:
        """Run Python code with Django set up, in the stack's shell; return what it printed."""
        assert self.shell is not None
        return self.shell.run(code)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start_web(self) -> None:
        args = [PYTHON, "manage.py", "serve", "--port", str(self.port)]
        self.web = start(args, self.env, self.var / f"web-{time.monotonic_ns()}.log")
        wait_healthy(self.url, self.web)

    def stop_web(self, sig: int = signal.SIGINT) -> None:
        if self.web is not None:
            self.web.stop(sig)
            self.web = None

    def start_beat(self) -> Process:
        """Start a beat process (scaled out); a second one plays "two beats by mistake"."""
        args = [
            PYTHON,
            "-m",
            "celery",
            "-A",
            "config",
            "beat",
            "--loglevel=WARNING",
            f"--schedule={self.var / f'beat-schedule-{len(self.beats)}'}",
        ]
        beat = start(args, self.env, self.var / f"beat-{len(self.beats)}.log")
        self.beats.append(beat)
        return beat

    def stop_beats(self, sig: int = signal.SIGTERM) -> None:
        for beat in self.beats:
            beat.stop(sig)
        self.beats.clear()

    def start_worker(self, split_search: bool = False) -> Process | None:
        """Start the worker (scaled out); ``split_search`` gives the search queue a process of
        its own, as the Procfile does."""
        if self.mode != "scaled":
            return None
        queues = "celery,webhooks" if split_search else "celery,webhooks,search"
        self.worker = self.worker_stack.enter_context(celery_worker(self.env, self.var, queues))
        if split_search:
            self.search_worker = self.worker_stack.enter_context(
                celery_worker(self.env, self.var, "search", name="search")
            )
        return self.worker

    def createbot(self, name: str, *extra: str, owner: str = "admin") -> dict[str, str]:
        """Create a bot of ``owner`` (a new person of that name unless it exists)."""
        if owner != "admin":
            script = (
                "from django.contrib.auth import get_user_model; "
                f"get_user_model().objects.get_or_create(username={owner!r})"
            )
            self.run(script)
        out = self.manage("createbot", "--owner", owner, "--name", name, *extra)
        found = dict(re.findall(r"^(token|webhook secret): (\S+)$", out, re.M))
        return {"token": found["token"], "secret": found.get("webhook secret", "")}

    @contextmanager
    def person(self, name: str = "admin") -> Iterator[httpx.Client]:
        """Yield an API client signed in as the person ``name`` (a session): organisers act so.

        A bot token acts only as its bot, so creating, starting and managing events, or
        entering a pair of bots, needs a person's session; the client sends the CSRF token.
        """
        password = secrets.token_urlsafe(16)
        script = (
            "from django.contrib.auth import get_user_model; "
            f"u = get_user_model().objects.get(username={name!r}); "
            f"u.set_password({password!r}); u.save()"
        )
        self.run(script)
        with httpx.Client(base_url=f"{self.url}/api/v1", timeout=40) as client:
            login = client.post("/auth/login", json={"username": name, "password": password})
            assert login.status_code == 200, login.text
            client.headers["X-CSRFToken"] = client.cookies["csrftoken"]
            yield client

    def client(self, token: str) -> httpx.Client:
        return httpx.Client(
            base_url=f"{self.url}/api/v1", headers={"Authorization": f"Bearer {token}"}, timeout=40
        )


# tests/conftest.py's ``shared_stack`` fixture: a mode -> that mode's shared platform.
SharedStack = Callable[[str], AbstractContextManager[Stack]]


@contextmanager
def stack(
    mode: str,
    var: Path,
    redis_url: str | None = None,
    split_search: bool = False,
    **settings: str,
) -> Iterator[Stack]:
    """Run the platform in ``mode`` until the block ends (scaled: on ``redis_url`` if given,
    e.g. a Redis server of the test's own that it can kill, else the tests' shared Redis;
    ``split_search``: a worker process of its own for the search queue, as in the Procfile)."""
    with ExitStack() as outer:
        if mode == "scaled":
            redis_url = redis_url or require_redis()

            def migrate_at(url: str) -> None:
                manage(environment(var, DATABASE_URL=url), "migrate", "--no-input", "-v0")

            database = outer.enter_context(fresh_postgres_database(migrated=migrate_at))
            # Its own keys: a shared stack and a test's own may use one Redis database at once
            # (one xdist worker's), and must not take each other's tasks, events or caches.
            settings.setdefault("REDIS_PREFIX", f"stack-{uuid.uuid4().hex[:12]}")
            env = environment(var, REDIS_URL=redis_url, DATABASE_URL=database, **settings)
        else:
            env = environment(var, **settings)
            migrate(env)  # a copy of this test process's migrated file
        env.setdefault("SWEEP_INTERVAL", "0.5")
        shell = StackShell(env)
        outer.callback(shell.close)
        shell.command("demo")
        platform = Stack(mode, env, var, shell=shell)
        outer.callback(platform.worker_stack.close)
        if mode == "scaled":
            platform.start_worker(split_search)
            platform.start_beat()
            outer.callback(platform.stop_beats)
        platform.start_web()
        outer.callback(platform.stop_web)
        yield platform


def play_until_over(
    client: httpx.Client,
    match_id: int,
    rng: random.Random,
    *,
    timeout: float = 240,
    on_move: Any = None,
) -> dict[str, Any]:
    """Play random legal moves for every open turn of this bot until the match ends."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        turns = client.get("/bot/turns", params={"wait": 2}).json()["turns"]
        for turn in turns:
            reply = client.post(
                f"/matches/{turn['match']}/moves",
                json={"turn": turn["turn"], "move": rng.choice(turn["legal_moves"])},
            )
            assert reply.status_code in (200, 409), reply.text
            if on_move is not None:
                on_move(turn)
        if not turns:
            state = client.get(f"/matches/{match_id}").json()
            if state["status"] != "running":
                return state
    raise AssertionError(f"match {match_id} did not finish in {timeout} s")
