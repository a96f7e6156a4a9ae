"""Heartbeats, the platform's clock, and what an outage does to deadlines (README, "Operations")."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import AsyncClient, override_settings
from django.utils import timezone

from bots.services import bot_create
from core.heartbeats import clock_advance, heartbeat_record, sweep_claim, taking_moves_at
from core.models import Clock, Heartbeat
from games.models import Match, Move
from games.services.matches import SeatSpec, match_create, turn_time_out
from tests.games.conftest import advance
from web.health import QUEUES
from web.pulse import Pulse, broker_client

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def match(db: Any) -> Match:
    owner = get_user_model().objects.create_user("ada", "ada@example.org", "a-long-password-1")
    bot = bot_create(owner=owner, name="probe", games=[]).bot
    seats = [SeatSpec(kind="bot", bot_id=bot.pk)] + [SeatSpec(kind="house")] * 3
    created = match_create(game="busca", seats=seats, options={}, seed=42, move_timeout=5)
    opened = advance(created.pk)
    assert opened.to_move == 0 and opened.deadline is not None
    return opened


@override_settings(OUTAGE_GRACE=7, HEARTBEAT_STALE=3)
def test_the_first_web_heartbeat_after_an_outage_pushes_deadlines_back(match: Match) -> None:
    start = timezone.now()
    assert clock_advance(now=start) is None  # the first ever: nothing to make up for
    assert clock_advance(now=start + timedelta(seconds=2)) is None  # a short gap is no outage
    outage = clock_advance(now=start + timedelta(seconds=32))
    assert outage == timedelta(seconds=30)
    assert match.deadline is not None
    pushed = Match.objects.get(pk=match.pk).deadline
    assert pushed == match.deadline + timedelta(seconds=37)
    assert clock_advance(now=start + timedelta(seconds=33)) is None  # pushed once, not twice
    assert Match.objects.get(pk=match.pk).deadline == pushed


def test_no_time_out_before_a_web_heartbeat_passes_the_deadline(match: Match) -> None:
    overdue = timezone.now() - timedelta(seconds=1)
    Match.objects.filter(pk=match.pk).update(deadline=overdue)
    clock_advance(now=overdue - timedelta(seconds=1))  # the web was last seen before it
    assert turn_time_out(match_id=match.pk, turn=match.turn) is None
    assert not Move.objects.filter(match=match, turn=match.turn).exists()
    clock_advance(now=timezone.now())
    played = turn_time_out(match_id=match.pk, turn=match.turn)
    assert played is not None and played.by == Move.By.TIMEOUT


def test_no_time_out_before_any_web_process_ever_ran(match: Match) -> None:
    Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert not Clock.objects.exists()
    assert turn_time_out(match_id=match.pk, turn=match.turn) is None


def test_one_sweep_gets_through_per_interval(db: Any) -> None:
    assert sweep_claim(interval=60)
    assert not sweep_claim(interval=60)  # a second beat, or a worker, at the same time
    Clock.objects.filter(pk=1).update(swept_at=timezone.now() - timedelta(seconds=61))
    assert sweep_claim(interval=60)


@override_settings(EMBEDDED_WORKER=False, HEARTBEAT_STALE=3)
async def test_healthz_reports_each_kind_of_process_from_its_heartbeat() -> None:
    from asgiref.sync import sync_to_async

    started = timezone.now()
    for role in Heartbeat.Role.values:
        await sync_to_async(heartbeat_record)(
            role=role, process="host:1", started_at=started, queues=QUEUES
        )
    reply = await AsyncClient().get("/healthz")
    assert reply.status_code == 200, reply.json()
    assert reply.json()["checks"]["worker"] == {**reply.json()["checks"]["worker"], "ok": True}
    silent = timezone.now() - timedelta(seconds=4)
    await Heartbeat.objects.filter(role=Heartbeat.Role.BEAT).aupdate(at=silent)
    reply = await AsyncClient().get("/healthz")
    body = reply.json()
    assert reply.status_code == 503 and body["status"] == "failing"
    assert body["checks"]["beat"]["ok"] is False and "heartbeat" in body["checks"]["beat"]["error"]
    assert body["checks"]["web"]["ok"] and body["checks"]["worker"]["backend"] == "1 live"


@override_settings(EMBEDDED_WORKER=False, HEARTBEAT_STALE=3)
async def test_healthz_names_each_queue_without_a_live_consumer() -> None:
    """A live webhooks worker does not keep the match queue green: each queue needs its own."""
    from asgiref.sync import sync_to_async

    record = sync_to_async(heartbeat_record)
    started = timezone.now()
    await record(role="web", process="web:1", started_at=started)
    await record(role="beat", process="beat:1", started_at=started)
    await record(role="worker", process="hooks:1", started_at=started, queues=["webhooks"])
    await record(role="worker", process="search:1", started_at=started, queues=["search"])
    reply = await AsyncClient().get("/healthz")
    body = reply.json()
    assert reply.status_code == 503 and body["checks"]["worker"]["ok"], body
    failing = {name for name, check in body["checks"].items() if not check["ok"]}
    assert failing == {"queue:celery"}, body
    assert "celery queue" in body["checks"]["queue:celery"]["error"]
    await record(role="worker", process="match:1", started_at=started, queues=["celery"])
    reply = await AsyncClient().get("/healthz")
    assert reply.status_code == 200, reply.json()
    # The search worker goes silent: its queue alone fails.
    silent = timezone.now() - timedelta(seconds=4)
    await Heartbeat.objects.filter(process="search:1").aupdate(at=silent)
    body = (await AsyncClient().get("/healthz")).json()
    assert {name for name, check in body["checks"].items() if not check["ok"]} == {"queue:search"}


def test_healthz_watches_every_queue_that_a_task_is_routed_to() -> None:
    """The queues /healthz needs are the default one and every routed one, and the Procfile
    runs a worker for each (the docs and the code agree)."""
    from django.conf import settings

    routed = {route["queue"] for route in settings.CELERY_TASK_ROUTES.values()}
    assert set(QUEUES) == {"celery"} | routed
    procfile = (Path(settings.BASE_DIR) / "Procfile").read_text()
    consumed = set(re.findall(r"--queues=([\w,]+)", procfile))
    assert {name for spec in consumed for name in spec.split(",")} == set(QUEUES)


@override_settings(EMBEDDED=False, REDIS_URL="redis://127.0.0.1:1/0")
def test_a_web_process_that_cannot_reach_redis_records_no_heartbeat(db: Any) -> None:
    """Without the broker no move can be taken or delivered: the platform's clock stops."""
    pulse = Pulse()
    pulse.roles = {"web": lambda: True, "worker": lambda: True, "beat": lambda: False}
    broker_client.cache_clear()
    try:
        pulse.beat()
    finally:
        broker_client.cache_clear()
    assert list(Heartbeat.objects.values_list("role", flat=True)) == ["worker"]
    assert taking_moves_at() is None
