"""Expected 4xx answers log at INFO, not WARNING (web/log_filters.py); /favicon.ico exists."""

from __future__ import annotations

import logging

import pytest
from django.test import Client

from web.log_filters import ClientErrorsAtInfo


@pytest.mark.django_db
def test_a_not_found_logs_at_info(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.DEBUG, logger="django.request"):
        assert Client().get("/no-such-page/").status_code == 404
        assert Client().get("/api/v1/no-such-thing").status_code == 404
    records = [r for r in caplog.records if r.name == "django.request"]
    assert len(records) == 2
    assert all(r.levelno == logging.INFO and r.levelname == "INFO" for r in records)


def test_a_server_error_record_keeps_its_level() -> None:
    record = logging.LogRecord("django.request", logging.ERROR, "", 0, "boom", None, None)
    record.status_code = 500
    assert ClientErrorsAtInfo().filter(record) and record.levelno == logging.ERROR


@pytest.mark.django_db
def test_the_favicon_is_served() -> None:
    answer = Client().get("/favicon.ico")
    assert answer.status_code == 200 and answer["Content-Type"] == "image/svg+xml"
    assert b"<svg" in answer.content and "max-age" in answer["Cache-Control"]
