"""The embedded runtime: a Celery worker, search threads and beat as threads of the server
process.

Used when REDIS_URL is unset (the in-memory broker only reaches threads of one process).
The ASGI application starts it on lifespan start-up and stops it on shutdown, so Ctrl-C on
the server leaves nothing running.
"""

from __future__ import annotations

import logging
import queue
import threading
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from celery import beat, worker
from celery.utils.nodenames import anon_nodename
from django.conf import settings
from django.db import close_old_connections
from kombu import Exchange, Queue

from config.celery import app
from games.services import thinking

log = logging.getLogger(__name__)
EMBEDDED_WORKER_QUEUES = ("celery", "webhooks")  # the worker thread's; search has a runner


class _WorkController(worker.WorkController):
    """A worker that reports when its consumer is ready to take tasks."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        self.ready = threading.Event()
        super().__init__(*args, **kwargs)

    def on_consumer_ready(self, consumer: object) -> None:
        self.ready.set()


class QueueRunner:
    """Threads that run the tasks of one queue in the server process, ``concurrency`` at once.

    One thread consumes the queue straight from the broker; a task with a countdown (an ETA)
    waits on a timer, not in a runner. The runner threads call each task, as a worker would: a
    task that fails is logged and dropped. (One process holds one Celery worker only: a second
    WorkController in the same process stops the first one's consumer.)
    """

    def __init__(self, name: str, concurrency: int) -> None:
        self.queue = Queue(name, Exchange(name), routing_key=name)
        self.concurrency = concurrency
        self.ready = threading.Event()
        self._stopping = threading.Event()
        self._due: queue.Queue[tuple[str, list[Any], dict[str, Any]] | None] = queue.Queue()
        self._timers: list[threading.Timer] = []

    def targets(self) -> list[tuple[str, Any]]:
        """Return the threads to start: (name, target) each."""
        name = self.queue.name
        runners = [(f"celery-{name}-{n}", self._work) for n in range(self.concurrency)]
        return [(f"celery-{name}-consumer", self._consume), *runners]

    def _consume(self) -> None:
        with (
            app.connection_for_read() as connection,
            connection.Consumer([self.queue], callbacks=[self._received], accept=["json"]),
        ):
            self.ready.set()
            while not self._stopping.is_set():
                try:
                    connection.drain_events(timeout=0.5)
                except TimeoutError:
                    continue

    def _received(self, body: Any, message: Any) -> None:
        try:
            args, kwargs, _embed = body
            task = (str(message.headers.get("task")), list(args), dict(kwargs))
        except (TypeError, ValueError):
            log.error("embedded %s queue: a message that is no task", self.queue.name)
            message.ack()
            return
        wait = _seconds_until(message.headers.get("eta"))
        if wait > 0:
            timer = threading.Timer(wait, self._due.put, args=(task,))
            timer.daemon = True
            timer.start()
            self._timers = [t for t in self._timers if t.is_alive()] + [timer]
        else:
            self._due.put(task)
        message.ack()

    def _work(self) -> None:
        while (task := self._due.get()) is not None:
            name, args, kwargs = task
            try:
                close_old_connections()
                app.tasks[name](*args, **kwargs)
            except Exception:
                log.exception("embedded %s task %s failed", self.queue.name, name)
            finally:
                close_old_connections()

    def stop(self) -> None:
        self._stopping.set()
        for timer in self._timers:
            timer.cancel()
        for _ in range(self.concurrency):
            self._due.put(None)


def _seconds_until(eta: str | None) -> float:
    """Return the seconds until a task message's ETA (0: none, or past)."""
    if not eta:
        return 0.0
    at = datetime.fromisoformat(eta)
    at = at if at.tzinfo else at.replace(tzinfo=UTC)
    return max(0.0, (at - datetime.now(UTC)).total_seconds())


@dataclass
class EmbeddedRuntime:
    """The worker and beat threads, once started."""

    worker: _WorkController | None = None
    search: QueueRunner | None = None
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
            queues=list(EMBEDDED_WORKER_QUEUES),
            loglevel="WARNING",
            without_heartbeat=True,
            without_mingle=True,
            without_gossip=True,
            ready_callback=None,
        )
        self.search = QueueRunner("search", settings.EMBEDDED_SEARCH_CONCURRENCY)
        # An in-memory scheduler: beat's schedule lives in settings, nothing to persist.
        self.beat = beat.Service(app=app, scheduler_cls="celery.beat:Scheduler", max_interval=1)
        targets = [("celery-worker", self.worker.start), ("celery-beat", self.beat.start)]
        targets += self.search.targets()
        for name, target in targets:
            thread = threading.Thread(target=target, name=name, daemon=True)
            thread.start()
            self.threads.append(thread)
        if not all(ready.wait(timeout=30) for ready in (self.worker.ready, self.search.ready)):
            raise RuntimeError("the embedded Celery workers did not start within 30 s")
        log.info("embedded Celery worker and beat started")

    def alive(self) -> bool:
        """Tell whether both threads still run."""
        return bool(self.threads) and all(thread.is_alive() for thread in self.threads)

    def worker_alive(self) -> bool:
        """Tell whether the worker thread still runs (its heartbeat says so)."""
        return self._thread_alive("celery-worker")

    def live_queues(self) -> list[str]:
        """Return the queues whose consumer thread runs here: the worker's and the search
        runner's (each named in the worker heartbeat, for /healthz)."""
        live = list(EMBEDDED_WORKER_QUEUES) if self._thread_alive("celery-worker") else []
        if self.search is not None and all(
            self._thread_alive(name) for name, _ in self.search.targets()
        ):
            live.append(self.search.queue.name)
        return live

    def beat_alive(self) -> bool:
        """Tell whether the beat thread still runs (its heartbeat says so)."""
        return self._thread_alive("celery-beat")

    def _thread_alive(self, name: str) -> bool:
        return any(thread.name == name and thread.is_alive() for thread in self.threads)

    def stop(self) -> None:
        """Stop beat and the worker and wait for their threads."""
        if self.beat is not None:
            self.beat.stop()
        if self.search is not None:
            self.search.stop()
        thinking.shutdown()
        if self.worker is not None:
            self.worker.stop(in_sighandler=False, exitcode=0)
        for thread in self.threads:
            thread.join(timeout=10)
        self.threads.clear()


runtime = EmbeddedRuntime()
