"""``manage.py createbot``: what it prints names what it printed, once."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

pytestmark = pytest.mark.django_db


def created(*args: str) -> list[str]:
    get_user_model().objects.get_or_create(username="ada")
    out = StringIO()
    call_command("createbot", "--owner", "ada", *args, stdout=out)
    return out.getvalue().splitlines()


def test_one_token_is_it_and_a_token_with_a_webhook_secret_are_them(settings: Any) -> None:
    settings.WEBHOOK_HTTP_HOSTS = ["127.0.0.1"]  # a local webhook, as in development
    lines = created("--name", "solo")
    assert lines[1].startswith("token: ctb_") and lines[-1] == "Keep it: it is not shown again."
    hooked = created("--name", "hooked", "--webhook", "http://127.0.0.1:9/hook")
    assert any(line.startswith("webhook secret: ") for line in hooked)
    assert hooked[-1] == "Keep them: they are not shown again."
