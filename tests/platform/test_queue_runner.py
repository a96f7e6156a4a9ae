"""The embedded search queue's runner: tasks run in its threads, a countdown is kept."""

from __future__ import annotations

import threading
import time

import pytest
from celery import shared_task
from django.conf import settings

from config.celery import app
from config.embedded import QueueRunner

ran: list[tuple[str, float, str]] = []
done = threading.Event()


@shared_task(name="tests.queue_runner_mark", ignore_result=True)
def mark(label: str) -> None:
    ran.append((label, time.monotonic(), threading.current_thread().name))
    if len(ran) == 2:
        done.set()


@pytest.mark.skipif(not settings.EMBEDDED, reason="the runner serves the in-memory broker")
def test_tasks_run_in_the_runner_threads_and_wait_for_their_countdown() -> None:
    runner = QueueRunner("runner-test", 1)
    threads = [threading.Thread(target=t, name=n, daemon=True) for n, t in runner.targets()]
    for thread in threads:
        thread.start()
    assert runner.ready.wait(10)
    try:
        sent = time.monotonic()
        app.send_task("tests.queue_runner_mark", ("later",), queue="runner-test", countdown=0.6)
        app.send_task("tests.queue_runner_mark", ("now",), queue="runner-test")
        assert done.wait(10), ran
    finally:
        runner.stop()
    (first, at_first, thread), (second, at_second, _) = ran
    assert (first, second) == ("now", "later")
    assert at_first - sent < 0.5 <= at_second - sent
    assert thread.startswith("celery-runner-test-")
