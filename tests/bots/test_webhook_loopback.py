"""Webhooks on the author's own machine: 127.0.0.1 and localhost when WEBHOOK_LOOPBACK allows.

Embedded mode allows them by default, scaled mode refuses them unless the setting says so; no
other loopback spelling, and no name that resolves to a loopback address, ever gets through.
"""

from __future__ import annotations

import socket
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from rest_framework.test import APIClient

from bots import webhooks
from bots.client import main, parser, webhook_mismatch
from bots.services import webhook_url_check
from tests.bots.test_webhook_addresses import fake_resolver, listener  # noqa: F401 (a fixture)
from tests.processes import PYTHON, ROOT, environment


@pytest.fixture
def loopback(settings: Any) -> Any:
    settings.WEBHOOK_HTTP_HOSTS = []
    settings.WEBHOOK_LOOPBACK = True
    return settings


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:8765/",
        "http://localhost:8765/turn",
        "http://LOCALHOST:50000/",
        "https://127.0.0.1:8443/hook",
    ],
)
def test_this_machine_is_allowed_when_the_setting_says_so(loopback: Any, url: str) -> None:
    target = webhooks.webhook_target(url)
    assert target.address == "127.0.0.1"


def test_localhost_goes_to_127_0_0_1_without_asking_dns(
    loopback: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A resolver (or /etc/hosts) that sends localhost elsewhere is never asked."""
    resolver = fake_resolver({"localhost": ["10.0.0.1"]})
    monkeypatch.setattr(socket, "getaddrinfo", resolver)
    target = webhooks.webhook_target("http://localhost:8765/")
    assert (target.address, target.host_header()) == ("127.0.0.1", "localhost:8765")
    assert resolver.asked == []


def test_a_loopback_call_reaches_the_local_server(
    loopback: Any,
    listener: tuple[int, list[dict[str, str]]],  # noqa: F811 (the fixture imported above)
) -> None:
    port, seen = listener
    reply = webhooks.webhook_post(
        f"http://localhost:{port}/turn", content=b"{}", headers={}, timeout=5
    )
    assert reply.status_code == 200 and seen[0]["Host"] == f"localhost:{port}"


@pytest.mark.parametrize(
    ("url", "why"),
    [
        ("http://127.0.0.1/", "1024 or above"),  # no port: 80
        ("http://localhost:22/", "1024 or above"),  # a system service's port
        ("http://127.0.0.2:8765/", "https"),  # another loopback address: not by name
        ("https://127.0.0.2:8765/", "not a public address"),
        ("https://[::1]:8765/", "not a public address"),
        ("https://[::ffff:127.0.0.1]:8765/", "not a public address"),
        ("https://0.0.0.0:8765/", "not a public address"),
        ("http://localhost.:8765/", "https"),  # a spelling that would go to DNS
    ],
)
def test_other_spellings_and_low_ports_stay_refused(loopback: Any, url: str, why: str) -> None:
    with pytest.raises(ValidationError, match=why):
        webhook_url_check(url)


def test_a_name_resolving_to_loopback_stays_refused(
    loopback: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(socket, "getaddrinfo", fake_resolver({"mine.test": ["127.0.0.1"]}))
    with pytest.raises(ValidationError, match="not a public address"):
        webhook_url_check("https://mine.test:8765/")


@pytest.mark.parametrize("url", ["http://127.0.0.1:8765/", "https://localhost:8765/"])
def test_without_the_setting_this_machine_is_refused(settings: Any, url: str) -> None:
    settings.WEBHOOK_HTTP_HOSTS = []
    settings.WEBHOOK_LOOPBACK = False
    with pytest.raises(ValidationError, match="WEBHOOK_LOOPBACK is off"):
        webhook_url_check(url)


def test_a_host_listed_by_hand_is_checked_as_before(settings: Any) -> None:
    """WEBHOOK_HTTP_HOSTS=127.0.0.1 (the tests' stacks) allows any port, with or without it."""
    settings.WEBHOOK_HTTP_HOSTS = ["127.0.0.1"]
    for loopback in (True, False):
        settings.WEBHOOK_LOOPBACK = loopback
        assert webhooks.webhook_target("http://127.0.0.1:9/hook").port == 9


@pytest.mark.django_db
def test_the_api_refuses_this_machine_when_scaled(settings: Any) -> None:
    settings.WEBHOOK_HTTP_HOSTS = []
    settings.WEBHOOK_LOOPBACK = False
    owner = get_user_model().objects.create_user("far", "far@example.org", "pw")
    api = APIClient()
    api.force_authenticate(owner)
    body = {"name": "local", "webhook_url": "http://127.0.0.1:8765/"}
    refused = api.post("/api/v1/bots", body, format="json")
    assert refused.status_code == 400, refused.content
    assert refused.json()["error"] == "invalid"
    assert "WEBHOOK_LOOPBACK" in refused.json()["detail"]
    settings.WEBHOOK_LOOPBACK = True
    created = api.post("/api/v1/bots", body, format="json")
    assert created.status_code == 201, created.content
    assert created.json()["webhook_secret"]


@pytest.mark.parametrize(
    ("redis", "expected"), [(None, "True"), ("redis://127.0.0.1:6379/0", "False")]
)
def test_the_default_follows_the_mode(tmp_path: Path, redis: str | None, expected: str) -> None:
    settings = {} if redis is None else {"REDIS_URL": redis}
    code = "import django; django.setup(); from django.conf import settings; "
    code += "print(settings.WEBHOOK_LOOPBACK)"
    shown = subprocess.run(
        [PYTHON, "-c", code],
        cwd=ROOT,
        env={**environment(tmp_path, **settings), "DJANGO_SETTINGS_MODULE": "config.settings"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert shown.stdout.strip() == expected, shown.stderr


def test_the_client_says_when_calls_would_not_reach_it() -> None:
    assert webhook_mismatch("http://127.0.0.1:8765/", 8765) is None
    assert webhook_mismatch("https://bots.example.org/turn", 8765) is None  # a tunnel, say
    assert "no webhook" in str(webhook_mismatch(None, 8765))
    assert "not on port 9000" in str(webhook_mismatch("http://localhost:8765/", 9000))


@pytest.mark.parametrize(
    ("argv", "why"),
    [
        (["--webhook", "--port", "8765"], "needs the bot's webhook secret"),
        (["--webhook", "--secret", "s", "--practice", "busca"], "need --token too"),
        (["--webhook", "--secret", "s", "--matches", "1"], "need --token too"),
        (["--practice", "busca"], "required: --token"),
    ],
)
def test_the_command_line_says_what_webhook_mode_needs(
    monkeypatch: pytest.MonkeyPatch, capsys: Any, argv: list[str], why: str
) -> None:
    monkeypatch.delenv("CARDTABLES_WEBHOOK_SECRET", raising=False)
    with pytest.raises(SystemExit):
        main(argv=argv)
    assert why in capsys.readouterr().err


def test_the_secret_may_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDTABLES_WEBHOOK_SECRET", "from-env")
    args = parser().parse_args(["--webhook", "--port", "9001"])
    assert (args.secret, args.port, args.token) == ("from-env", 9001, "")
