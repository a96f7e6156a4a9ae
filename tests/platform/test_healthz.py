"""/healthz reports each service and answers 503 when one fails."""

from __future__ import annotations

import pytest
from django.test import AsyncClient, override_settings

pytestmark = pytest.mark.django_db(transaction=True)


async def test_reports_a_failing_cache_with_503() -> None:
    broken = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
        }
    }
    with override_settings(CACHES=broken, EMBEDDED_WORKER=False):
        reply = await AsyncClient().get("/healthz")
    body = reply.json()
    assert reply.status_code == 503
    assert body["status"] == "failing"
    assert body["checks"]["cache"]["ok"] is False
    assert body["checks"]["database"]["ok"] is True
