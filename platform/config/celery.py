"""The Celery application; tasks are found in every installed app's tasks module."""

from __future__ import annotations

import os
import threading
from typing import Any

from celery import Celery, signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


class CardTablesCelery(Celery):
    """Celery with one result backend per process instead of one per thread.

    Under ASGI each request's sync code runs in a thread of its own, so Celery's per-thread
    backend would be built, connections and all, for every request that queues a task. The
    process only sends tasks from there and never waits on results in those threads, and the
    Redis client pools its connections safely across threads.
    """

    def _get_backend(self) -> Any:
        backend = super()._get_backend()
        backend.thread_safe = True
        return backend


app = CardTablesCelery("cardtables")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


# --- heartbeats and the worker's own sweep (README, "Operations") ------------------------------
# A worker or beat process of its own runs its consumer or scheduler on the main thread; the
# embedded ones run on threads of the server process, whose pulse speaks for them.


@signals.worker_ready.connect
def _worker_ready(**kwargs: Any) -> None:
    if threading.current_thread() is not threading.main_thread():
        return
    from django.conf import settings

    from games.tasks import sweep
    from web.pulse import pulse, repeat

    consumed = sorted(app.amqp.queues.consume_from)  # the worker's --queues
    pulse.join("worker", queues=lambda: consumed)
    # Time-outs must not depend on beat alone: every worker offers to sweep, one gets through.
    repeat("sweep", settings.SWEEP_INTERVAL, sweep)


@signals.beat_init.connect
def _beat_init(**kwargs: Any) -> None:
    if threading.current_thread() is not threading.main_thread():
        return
    from web.pulse import pulse

    pulse.join("beat")


@signals.worker_shutdown.connect
def _worker_shutdown(**kwargs: Any) -> None:
    if threading.current_thread() is not threading.main_thread():
        return
    from web.pulse import pulse

    pulse.stop()
