"""`import platform` is the standard library's module in every process the project starts."""

from __future__ import annotations

import platform
import sysconfig
from pathlib import Path

import pytest
from celery import Celery

from tests.processes import ROOT, celery_worker, environment, manage, migrate, server
from tests.services import require_redis

STDLIB = Path(sysconfig.get_paths()["stdlib"]).resolve()


def is_stdlib(path: str) -> bool:
    return Path(path).resolve().parent == STDLIB


def test_in_the_test_process() -> None:
    assert is_stdlib(platform.__file__)
    assert platform.system()
    assert not (ROOT / "platform" / "__init__.py").exists()


@pytest.mark.fixed_stack
def test_in_a_manage_py_process(tmp_path: Path) -> None:
    out = manage(environment(tmp_path), "shell", "-c", "import platform; print(platform.__file__)")
    assert is_stdlib(out.strip().splitlines()[-1])


@pytest.mark.fixed_stack
def test_in_the_asgi_server(tmp_path: Path) -> None:
    env = environment(tmp_path)
    migrate(env)
    with server(env, tmp_path) as srv:
        import httpx

        body = httpx.get(f"{srv.url}/healthz", timeout=10).json()
    # /healthz answers with platform.python_version(): a shadowing package has no such function.
    assert body["python"] == platform.python_version()


@pytest.mark.fixed_stack
def test_in_a_celery_worker_started_from_the_root(tmp_path: Path) -> None:
    redis_url = require_redis()
    env = environment(tmp_path, REDIS_URL=redis_url)
    with celery_worker(env, tmp_path):
        client = Celery(broker=redis_url, backend=redis_url)
        info = client.send_task("web.runtime_info").get(timeout=20)
    assert is_stdlib(info["platform_file"])
    assert info["system"] == platform.system()
