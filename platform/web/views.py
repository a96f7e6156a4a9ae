"""Site-wide pages and the health endpoint."""

from __future__ import annotations

import platform
from pathlib import Path

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache

from bots import client as bot_client
from web.health import check_all
from web.home import home_context


def home(request: HttpRequest) -> HttpResponse:
    """Show the home page: live matches, tournaments, leaderboards, and a way to play."""
    return render(request, "web/home.html", home_context(request.user))


@never_cache
async def healthz(request: HttpRequest) -> JsonResponse:
    """Report the database, broker, channel layer, cache, and the live web, worker and beat
    processes (200 only when every one is there)."""
    checks = await check_all()
    healthy = all(check["ok"] for check in checks.values())
    body = {
        "status": "ok" if healthy else "failing",
        "mode": "embedded" if settings.EMBEDDED else "scaled-out",
        "python": platform.python_version(),
        "checks": checks,
    }
    return JsonResponse(body, status=200 if healthy else 503)


FAVICON = Path(__file__).resolve().parent / "static" / "web" / "favicon.svg"


def favicon(request: HttpRequest) -> HttpResponse:
    """Answer /favicon.ico, which browsers ask for whatever the page says, with the site's icon
    (an SVG), cached for a day."""
    response = HttpResponse(FAVICON.read_bytes(), content_type="image/svg+xml")
    response["Cache-Control"] = "public, max-age=86400"
    return response


def client_file(request: HttpRequest) -> HttpResponse:
    """Serve the Python bot client (bots/client.py) as it is: one file, httpx its only need, so
    an author without the platform's source can run it (the bot page shows how)."""
    response = HttpResponse(Path(bot_client.__file__).read_bytes(), content_type="text/x-python")
    response["Content-Disposition"] = 'attachment; filename="client.py"'
    response["Cache-Control"] = "public, max-age=3600"
    return response
