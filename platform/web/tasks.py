"""Diagnostic tasks."""

from __future__ import annotations

import platform
import sys
from typing import Any

from celery import shared_task

from core import events


@shared_task(name="web.ping", ignore_result=True)
def ping(group: str, payload: Any) -> None:
    """Send ``payload`` back to ``group`` as a ``ping.pong`` event."""
    events.group_send(group, {"type": "ping.pong", "payload": payload, "version": 0})


@shared_task(name="web.runtime_info")
def runtime_info() -> dict[str, str]:
    """Return where this worker found the ``platform`` module (the guard test asks for it)."""
    return {
        "platform_file": str(platform.__file__),
        "system": platform.system(),
        "stdlib": str(sys.modules["os"].__file__).rsplit("/", 1)[0],
    }
