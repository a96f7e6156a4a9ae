"""Serve HTTP and WebSocket with uvicorn; in embedded mode also the Celery worker and beat."""

from __future__ import annotations

import os
from typing import Any

import uvicorn
from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from config.parent import PARENT_VARIABLE


class Command(BaseCommand):
    help = "Serve the site (HTTP + WebSocket); embedded mode runs the worker and beat as threads."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--host", default=settings.SERVE_HOST, help="default: HOST")
        parser.add_argument("--port", type=int, default=settings.SERVE_PORT, help="default: PORT")
        parser.add_argument("--workers", type=int, default=1, help="ASGI processes (scaled out)")

    def handle(self, *args: Any, host: str, port: int, workers: int, **options: Any) -> None:
        self.stdout.write(f"serving on http://{host}:{port}/ (Ctrl-C stops)")
        if workers > 1:
            # The worker processes end when this one does, even on SIGKILL (config/parent.py).
            os.environ[PARENT_VARIABLE] = str(os.getpid())
        uvicorn.run(
            "config.asgi:application",
            host=host,
            port=port,
            workers=workers,
            lifespan="on",
            log_level="warning",
            ws_ping_interval=20,
            timeout_graceful_shutdown=5,
            # The app decides what X-Forwarded-For is worth (BEHIND_PROXY, core/addresses.py);
            # uvicorn would otherwise trust it from any local client and rewrite the address.
            proxy_headers=False,
        )
