"""The embedded runtime: a Celery worker and beat as threads of the server process.

Used when REDIS_URL is unset (the in-memory broker only reaches threads of one process).
The ASGI application starts it on lifespan start-up and stops it on shutdown, so Ctrl-C on
the server leaves nothing running.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field

from celery import beat, worker
from celery.utils.nodenames import anon_nodename
from django.conf import settings

from config.celery import app

log = logging.getLogger(__name__)


class _WorkController(worker.WorkController):
    """A worker that reports when its consumer is ready to take tasks."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        self.ready = threading.Event()
        super().__init__(*args, **kwargs)

    def on_consumer_ready(self, consumer: object) -> None:
        self.ready.set()


@dataclass
class EmbeddedRuntime:
    """The worker and beat threads, once started."""

    worker: _WorkController | None = None
    beat: beat.Service | None = None
    threads: list[threading.Thread] = field(default_factory=list)

    def start(self) -> None:
        """Start the worker and beat threads and wait until the worker takes tasks."""
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
        # An in-memory scheduler: beat's schedule lives in settings, nothing to persist.
        self.beat = beat.Service(app=app, scheduler_cls="celery.beat:Scheduler", max_interval=1)
        targets = {"celery-worker": self.worker.start, "celery-beat": self.beat.start}
        for name, target in targets.items():
            thread = threading.Thread(target=target, name=name, daemon=True)
            thread.start()
            self.threads.append(thread)
        if not self.worker.ready.wait(timeout=30):
            raise RuntimeError("the embedded Celery worker did not start within 30 s")
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
        if self.worker is not None:
            self.worker.stop(in_sighandler=False, exitcode=0)
        for thread in self.threads:
            thread.join(timeout=10)
        self.threads.clear()


runtime = EmbeddedRuntime()
