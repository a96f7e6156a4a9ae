"""Security headers: a Content-Security-Policy without inline script, HSTS over https."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from tests.processes import ROOT, environment, manage

pytestmark = pytest.mark.django_db
PAGES = ["/", "/accounts/login/", "/accounts/signup/", "/tournaments/", "/leagues/", "/api/docs/"]


def policy(reply: Any) -> dict[str, list[str]]:
    header = reply.headers.get("Content-Security-Policy", "")
    directives = [part.strip().split() for part in header.split(";") if part.strip()]
    return {d[0]: d[1:] for d in directives}


@pytest.mark.parametrize("path", PAGES)
def test_every_page_has_a_policy_without_inline_script(path: str) -> None:
    reply = Client().get(path)
    assert reply.status_code == 200
    rules = policy(reply)
    assert rules.get("script-src") == ["'self'"], rules
    assert rules.get("object-src") == ["'none'"] and rules.get("frame-ancestors") == ["'none'"]
    for tag in re.findall(rb"<script\b[^>]*>", reply.content):
        assert b" src=" in tag, f"inline script on {path}: {tag!r}"


def test_only_the_api_docs_allow_inline_style() -> None:
    assert "'unsafe-inline'" not in policy(Client().get("/"))["style-src"]
    assert "'unsafe-inline'" in policy(Client().get("/api/docs/"))["style-src"]


def test_no_template_holds_inline_script_or_event_handlers() -> None:
    templates = [
        p
        for p in ROOT.rglob("templates/**/*.html")
        if ".venv" not in p.parts and "var" not in p.parts
    ]
    assert templates
    offenders: list[str] = []
    for path in templates:
        text = Path(path).read_text()
        for tag in re.findall(r"<script\b[^>]*>", text):
            if "src=" not in tag:
                offenders.append(f"{path}: {tag}")
        offenders += [f"{path}: {m}" for m in re.findall(r"\s(on[a-z]+)\s*=", text)]
        offenders += [f"{path}: javascript: URL" for _ in re.findall(r"javascript:", text)]
    assert offenders == []


def test_hsts_once_cookies_are_secure(settings: Any) -> None:
    settings.SECURE_HSTS_SECONDS = 0
    assert "Strict-Transport-Security" not in Client().get("/", secure=True).headers
    settings.SECURE_HSTS_SECONDS = 31_536_000  # what SECURE_COOKIES=1 sets
    reply = Client().get("/", secure=True)
    assert reply.headers["Strict-Transport-Security"].startswith("max-age=31536000")


def test_secure_cookies_turn_hsts_on(tmp_path: Path) -> None:
    code = "from django.conf import settings; print(settings.SECURE_HSTS_SECONDS)"
    plain = manage(environment(tmp_path), "shell", "-c", code)
    assert plain.strip().splitlines()[-1] == "0"
    secure = manage(environment(tmp_path, SECURE_COOKIES="1"), "shell", "-c", code)
    assert secure.strip().splitlines()[-1] == "31536000"
