"""The typed environment readers fail loudly on bad values."""

from __future__ import annotations

import subprocess

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_int, env_list, env_redis_url, parse_database_url
from tests.processes import PYTHON, ROOT


def test_bool_accepts_the_usual_spellings(monkeypatch: pytest.MonkeyPatch) -> None:
    for raw, expected in [("1", True), ("yes", True), ("On", True), ("0", False), ("off", False)]:
        monkeypatch.setenv("X_FLAG", raw)
        assert env_bool("X_FLAG") is expected
    monkeypatch.delenv("X_FLAG")
    assert env_bool("X_FLAG", True) is True


def test_bad_values_raise_improperly_configured(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("X_FLAG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="X_FLAG='maybe' is not a boolean"):
        env_bool("X_FLAG")
    monkeypatch.setenv("X_NUM", "ten")
    with pytest.raises(ImproperlyConfigured, match="X_NUM='ten' is not an integer"):
        env_int("X_NUM", 1)
    monkeypatch.setenv("X_NUM", "-3")
    with pytest.raises(ImproperlyConfigured, match="below the minimum of 0"):
        env_int("X_NUM", 1, minimum=0)
    monkeypatch.setenv("X_REDIS", "http://localhost")
    with pytest.raises(ImproperlyConfigured, match="not a redis://"):
        env_redis_url("X_REDIS")


def test_lists_drop_blanks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("X_LIST", "a, b,,c ")
    assert env_list("X_LIST") == ["a", "b", "c"]


def test_database_urls() -> None:
    pg = parse_database_url("D", "postgres://bob:p%40ss@db.local:6543/games?sslmode=require")
    assert (pg.engine, pg.name, pg.user, pg.password, pg.host, pg.port) == (
        "postgresql",
        "games",
        "bob",
        "p@ss",
        "db.local",
        "6543",
    )
    assert dict(pg.options) == {"sslmode": "require"}
    assert parse_database_url("D", "sqlite:////tmp/x.sqlite3").name.endswith("/tmp/x.sqlite3")
    for bad, message in [
        ("mysql://x/y", "unsupported scheme 'mysql'"),
        ("postgres://host/", "names no database"),
        ("sqlite://", "names no SQLite file"),
    ]:
        with pytest.raises(ImproperlyConfigured, match=message):
            parse_database_url("D", bad)


def test_a_bad_setting_stops_the_process_with_a_clear_message(tmp_path: object) -> None:
    done = subprocess.run(
        [PYTHON, "manage.py", "check"],
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "DATABASE_URL": "mysql://nope/x", "VAR_DIR": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert "DATABASE_URL has the unsupported scheme 'mysql'" in done.stderr
