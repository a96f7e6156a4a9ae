"""Reach the real PostgreSQL and Redis: skip when they do not answer, fail instead on CI."""

from __future__ import annotations

import atexit
import os
import socket
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

POSTGRES_HOST = os.environ.get("TEST_POSTGRES_HOST", "127.0.0.1")
POSTGRES_PORT = int(os.environ.get("TEST_POSTGRES_PORT", "5432"))
POSTGRES_USER = os.environ.get("TEST_POSTGRES_USER", "postgres")
# The scaled stacks' Redis: TEST_REDIS_URL, or database TEST_REDIS_DB (scripts/pytest.sh gives
# each xdist worker its own) of the local server.
REDIS_URL = os.environ.get("TEST_REDIS_URL") or (
    f"redis://127.0.0.1:6379/{int(os.environ.get('TEST_REDIS_DB', '15'))}"
)


def on_ci() -> bool:
    """Tell whether this run is CI's, where a missing service is a failure."""
    return os.environ.get("CI", "").lower() in {"1", "true", "yes"}


def _answers(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


def require(service: str, host: str, port: int) -> None:
    """Skip (or on CI fail) the calling test when ``host:port`` does not answer."""
    if _answers(host, port):
        return
    reason = f"{service} does not answer on {host}:{port}"
    if on_ci():
        pytest.fail(f"{reason}, and CI=true requires it")
    pytest.skip(f"{reason}; start it to run this test")


def require_redis() -> str:
    """Return the Redis URL the tests use, once Redis answers."""
    require("Redis", "127.0.0.1", 6379)
    return REDIS_URL


_ADMIN = f"host={POSTGRES_HOST} port={POSTGRES_PORT} user={POSTGRES_USER} dbname=postgres"
_TEMPLATE: list[str] = []  # this test process's migrated template database, made once


def _url(name: str) -> str:
    return f"postgres://{POSTGRES_USER}@{POSTGRES_HOST}:{POSTGRES_PORT}/{name}"


def _drop(name: str) -> None:
    import psycopg

    with psycopg.connect(_ADMIN, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _migrated_template(migrate: Callable[[str], None]) -> str:
    """Return the name of a database migrated once in this test process (dropped at exit)."""
    if not _TEMPLATE:
        import psycopg

        name = f"cardtables_template_{uuid.uuid4().hex[:10]}"
        with psycopg.connect(_ADMIN, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        atexit.register(_drop, name)
        migrate(_url(name))
        _TEMPLATE.append(name)
    return _TEMPLATE[0]


@contextmanager
def fresh_postgres_database(
    migrated: Callable[[str], None] | None = None,
) -> Iterator[str]:
    """Create a PostgreSQL database; yield its URL; drop it afterwards.

    Empty, or with ``migrated`` (a function that migrates the database at a URL) a copy of a
    template that function migrated once in this test process (``CREATE DATABASE … TEMPLATE``).
    """
    require("PostgreSQL", POSTGRES_HOST, POSTGRES_PORT)
    import psycopg

    name = f"cardtables_test_{uuid.uuid4().hex[:10]}"
    admin = _ADMIN
    template = f' TEMPLATE "{_migrated_template(migrated)}"' if migrated is not None else ""
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"{template}')
    try:
        yield f"postgres://{POSTGRES_USER}@{POSTGRES_HOST}:{POSTGRES_PORT}/{name}"
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
