"""Under ASGI the middleware's hooks run in the event loop: a bare bot request hops to a thread
only for what Django hops for in any app (the request signal, the view, rendering, closing),
and a session that changed is still saved (in a thread)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from asgiref import sync
from asgiref.sync import sync_to_async
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import AsyncClient

from bots.services import bot_create

pytestmark = pytest.mark.django_db(transaction=True)


def _count_hops(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    hops: Counter[str] = Counter()
    plain = sync.SyncToAsync.__call__

    def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
        hops[getattr(self.func, "__qualname__", repr(self.func))] += 1
        return plain(self, *args, **kwargs)

    monkeypatch.setattr(sync.SyncToAsync, "__call__", counted)
    return hops


async def test_a_bare_bot_request_hops_to_a_thread_only_for_the_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cache.clear()
    owner = await sync_to_async(get_user_model().objects.create_user)("hop", "h@example.org", "x")
    token = (await sync_to_async(bot_create)(owner=owner, name="hopper", games=[])).token
    client, bearer = AsyncClient(), {"Authorization": f"Bearer {token}"}
    assert (await client.get("/api/v1/bot/me", headers=bearer)).status_code == 200
    hops = _count_hops(monkeypatch)
    assert (await client.get("/api/v1/bot/me", headers=bearer)).status_code == 200
    middleware = [name for name in hops if "Middleware" in name or "process_" in name]
    assert middleware == [], hops
    assert sum(hops.values()) <= 4, hops  # request signal, view, render, close


async def test_a_sign_in_still_saves_its_session() -> None:
    await sync_to_async(get_user_model().objects.create_user)(
        "sal", "s@example.org", "pw-123-long-x"
    )
    client = AsyncClient()
    page = await client.get("/accounts/login/")
    token = page.cookies["csrftoken"].value
    signed = await client.post(
        "/accounts/login/",
        {"username": "sal", "password": "pw-123-long-x", "csrfmiddlewaretoken": token},
    )
    assert signed.status_code == 302, signed.content[:300]
    me = await client.get("/api/v1/auth/me")
    assert me.status_code == 200 and me.json()["username"] == "sal"
