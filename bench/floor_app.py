"""The floor: the smallest Django + DRF app that does what a bare bot request does.

``GET /me`` with ``Authorization: Bearer <key>``: DRF's token authentication (one query, the
token joined with its user) and a JSON answer, behind two middleware. bench/request_floor.py
serves it with the same uvicorn settings as ``manage.py serve`` and measures the platform's
``GET /api/v1/bot/me`` against it, side by side.

    FLOOR_DATABASE=sqlite:/tmp/floor.sqlite3 python -m uvicorn bench.floor_app:application
    FLOOR_DATABASE=postgres://user@host:5432/name ...

``setup()`` migrates the database and returns a token's key (bench/request_floor.py calls it).
"""

from __future__ import annotations

import os
from typing import Any
from urllib.parse import urlsplit

import django
from django.conf import settings


def _database(url: str) -> dict[str, Any]:
    """The database settings the platform uses for the same engine (its fastest honest form:
    WAL for SQLite; for PostgreSQL a connection pool, since ASGI runs sync code on changing
    threads, where per-thread connections would be opened anew)."""
    if url.startswith("sqlite:"):
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": url.removeprefix("sqlite:"),
            "OPTIONS": {"init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"},
        }
    parts = urlsplit(url)
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": parts.path.lstrip("/"),
        "USER": parts.username or "",
        "HOST": parts.hostname or "",
        "PORT": str(parts.port or ""),
        "OPTIONS": {"pool": {"min_size": 1, "max_size": 10, "timeout": 20}},
    }


if not settings.configured:
    settings.configure(
        DEBUG=False,
        SECRET_KEY="bench-floor-only-not-secret",
        ALLOWED_HOSTS=["127.0.0.1", "localhost"],
        INSTALLED_APPS=[
            "django.contrib.contenttypes",
            "django.contrib.auth",
            "rest_framework",
            "rest_framework.authtoken",
        ],
        MIDDLEWARE=[
            "django.middleware.security.SecurityMiddleware",
            "django.middleware.common.CommonMiddleware",
        ],
        ROOT_URLCONF="bench.floor_app",
        DATABASES={"default": _database(os.environ.get("FLOOR_DATABASE", "sqlite:floor.sqlite3"))},
        USE_TZ=True,
        REST_FRAMEWORK={
            "DEFAULT_AUTHENTICATION_CLASSES": [],  # the view names its own (below)
            "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
            "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
        },
    )
    django.setup()

from django.core.asgi import get_asgi_application  # noqa: E402
from django.urls import path  # noqa: E402
from rest_framework.authentication import TokenAuthentication  # noqa: E402
from rest_framework.request import Request  # noqa: E402
from rest_framework.response import Response  # noqa: E402
from rest_framework.views import APIView  # noqa: E402


class BearerAuthentication(TokenAuthentication):
    keyword = "Bearer"


class Me(APIView):
    authentication_classes = [BearerAuthentication]

    def get(self, request: Request) -> Response:
        return Response({"id": request.user.pk, "name": request.user.get_username()})


urlpatterns = [path("me", Me.as_view())]
application = get_asgi_application()


def setup() -> str:
    """Migrate the floor's database; return the key of a token (made once)."""
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from rest_framework.authtoken.models import Token

    call_command("migrate", verbosity=0, interactive=False)
    user, _ = get_user_model().objects.get_or_create(username="floor")
    token, _ = Token.objects.get_or_create(user=user)
    return str(token.key)
