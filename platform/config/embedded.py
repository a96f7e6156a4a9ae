"""The embedded runtime: a Celery worker, search threads and beat as threads of the server
process.

Used when REDIS_URL is unset (the in-memory broker only reaches threads of one process).
The ASGI application starts it on lifespan start-up and stops it on shutdown, so Ctrl-C on
the server leaves nothing running.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from typing import Any

from celery import beat, worker
from celery.utils.nodenames import anon_nodename
from django.conf import settings
from django.db import close_old_connections
from kombu import Exchange, Queue

from config.celery import app
from games.services import thinking

log = logging.getLogger(__name__)


class _WorkController(worker.WorkController):
    """A worker that reports when its consumer is ready to take tasks."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        self.ready = threading.Event()
        super().__init__(*args, **kwargs)

    def on_consumer_ready(self, consumer: object) -> None:
        self.ready.set()


class QueueRunner:
    """One thread that runs the tasks of one queue, one at a time, in the server process.

    It consumes the queue straight from the broker and calls each task in this thread, then
    acknowledges it; a task that fails is logged and dropped, as a worker would.
    """

    def __init__(self, queue: str) -> None:
        self.queue = Queue(queue, Exchange(queue), routing_key=queue)
        self.ready = threading.Event()
        self._stopping = threading.Event()

    def run(self) -> None:
        with (
            app.connection_for_read() as connection,
            connection.Consumer([self.queue], callbacks=[self._run], accept=["json"]),
        ):
            self.ready.set()
            while not self._stopping.is_set():
                try:
                    connection.drain_events(timeout=0.5)
                except TimeoutError:
                    continue

    def _run(self, body: Any, message: Any) -> None:
        name = message.headers.get("task")
        try:
            args, kwargs, _embed = body
            close_old_connections()
            app.tasks[name](*args, **kwargs)
        except Exception:
            log.exception("embedded %s task %s failed", self.queue.name, name)
        finally:
            close_old_connections()
            message.ack()

    def stop(self) -> None:
        self._stopping.set()


@dataclass
class EmbeddedRuntime:
    """The worker and beat threads, once started."""

    worker: _WorkController | None = None
    search: list[QueueRunner] = field(default_factory=list)
    beat: beat.Service | None = None
    threads: list[threading.Thread] = field(default_factory=list)

    def start(self) -> None:
        """Start the worker, search worker and beat threads; wait until the workers take tasks.

        House search moves have threads of their own (settings.CELERY_TASK_ROUTES sends them to
        the ``search`` queue; a QueueRunner takes it), so they never take the threads that bot,
        tournament and ladder turns need. One process holds one Celery worker only: a second
        WorkController in the same process stops the first one's consumer.
        """
        self.worker = _WorkController(
            app=app,
            hostname=anon_nodename(hostname="embedded"),
            pool="threads",
            concurrency=settings.EMBEDDED_WORKER_CONCURRENCY,
            queues=["celery", "webhooks"],
            loglevel="WARNING",
            without_heartbeat=True,
            without_mingle=True,
            without_gossip=True,
            ready_callback=None,
        )
        self.search = [QueueRunner("search") for _ in range(settings.EMBEDDED_SEARCH_CONCURRENCY)]
        # An in-memory scheduler: beat's schedule lives in settings, nothing to persist.
        self.beat = beat.Service(app=app, scheduler_cls="celery.beat:Scheduler", max_interval=1)
        targets = [("celery-worker", self.worker.start), ("celery-beat", self.beat.start)]
        targets += [(f"celery-search-{n}", runner.run) for n, runner in enumerate(self.search)]
        for name, target in targets:
            thread = threading.Thread(target=target, name=name, daemon=True)
            thread.start()
            self.threads.append(thread)
        waiting = [self.worker.ready] + [runner.ready for runner in self.search]
        if not all(ready.wait(timeout=30) for ready in waiting):
            raise RuntimeError("the embedded Celery workers did not start within 30 s")
        log.info("embedded Celery worker and beat started")

    def alive(self) -> bool:
        """Tell whether both threads still run."""
        return bool(self.threads) and all(thread.is_alive() for thread in self.threads)

    def worker_alive(self) -> bool:
        """Tell whether the worker thread still runs (its heartbeat says so)."""
        return self._thread_alive("celery-worker")

    def beat_alive(self) -> bool:
        """Tell whether the beat thread still runs (its heartbeat says so)."""
        return self._thread_alive("celery-beat")

    def _thread_alive(self, name: str) -> bool:
        return any(thread.name == name and thread.is_alive() for thread in self.threads)

    def stop(self) -> None:
        """Stop beat and the worker and wait for their threads."""
        if self.beat is not None:
            self.beat.stop()
        for runner in self.search:
            runner.stop()
        thinking.shutdown()
        if self.worker is not None:
            self.worker.stop(in_sighandler=False, exitcode=0)
        for thread in self.threads:
            thread.join(timeout=10)
        self.threads.clear()


runtime = EmbeddedRuntime()
