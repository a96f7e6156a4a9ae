"""The Celery application; tasks are found in every installed app's tasks module."""

from __future__ import annotations

import os
from typing import Any

from celery import Celery

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
