"""Suite-wide collection rules."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import AbstractContextManager, ExitStack, nullcontext
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings

from tests.e2e.stack import MODES, SharedStack, Stack, stack
from web.catalogs import compile_catalogs

# The translation catalogs are not committed as .mo (README "Languages"): compile the .po files
# now, at conftest import, before any test activates a language, so a run from a clean clone (or
# after editing a .po) sees fresh catalogs. Only the stale ones: cheap when nothing changed.
compile_catalogs(only_stale=True)

# .ci/run runs the suite twice: embedded, then with DATABASE_URL and REDIS_URL. Some tests run
# the same way whatever this process's settings are, so the second pass would only repeat them;
# it sets this variable to leave them out:
# - tests parametrised over MODES start their own stacks in both modes;
# - tests marked ``fixed_stack``, and the browser tests, start their own stack in one fixed mode;
# - the tests under PURE_DIRS touch no database and no Redis (the engines, the formats and the
#   local arena), and the benchmarks (on the engine alone, or on stacks of their own in fixed
#   modes).
SKIP_VARIABLE = "SKIP_BOTH_MODE_STACKS"

# House moves at a person's table are paced (PEOPLE_PACE, 0.6 s) for people's eyes; the tests
# play people's matches at once, in this process and in the stacks they start (whose
# environment is a copy of this one), except the tests of the pace itself.
os.environ.setdefault("PEOPLE_PACE", "0")
TESTS = Path(__file__).resolve().parent
PURE_DIRS = (
    TESTS / "games" / "engine",
    TESTS / "tournaments" / "formats",
    TESTS / "games" / "arena",
    TESTS / "bench",
)
FIXED_STACK_DIRS = (TESTS / "e2e" / "browser",)

# Tests that measure time under load (latency bounds, time-outs charged or not, a ladder's first
# result within minutes), whole files of them; a single such test elsewhere carries the
# ``serial`` mark itself (tests/e2e/test_pull_bots.py, test_fair_play.py). They run after the
# parallel part, alone (scripts/test.sh, .ci/run: ``-m serial``), so that another worker's
# stack never steals their cores.
SERIAL_FILES = {
    TESTS / "e2e" / "test_freeze.py",
    TESTS / "e2e" / "test_outages.py",
    TESTS / "e2e" / "test_ladder.py",
    TESTS / "e2e" / "test_preflight.py",
    TESTS / "games" / "services" / "test_transit_quota.py",
    TESTS / "bots" / "test_webhook_calls.py",
    TESTS / "bots" / "preflight" / "test_preflight.py",
}


@pytest.fixture(autouse=True)
def _people_unpaced(monkeypatch: pytest.MonkeyPatch) -> None:
    """People's matches play their house moves at once here (see PEOPLE_PACE above). Not
    through pytest-django's ``settings`` fixture: some tests name a parameter ``settings``."""
    monkeypatch.setattr(django_settings, "PEOPLE_PACE", 0, raising=False)


# The parallel part's longest files, longest first (from ``make test``'s slowest durations):
# they start at once instead of last, so no worker is left with one at the end while the
# others idle. A file not listed keeps its place after them; so does each file's own order.
SLOW_FIRST = (
    "bench/test_smoke.py",
    "platform/test_schema_fuzz.py",
    "e2e/test_duplicate_cheater.py",
    "core/test_live.py",
    "e2e/test_time_bank.py",
    "bots/test_client.py",
    "e2e/test_redis_outage.py",
    "e2e/test_token_holds.py",
    "e2e/test_webhook_outage.py",
    "platform/test_runtime.py",
    "tournaments/ladders/test_suspension.py",
    "tournaments/ladders/test_ratings.py",
    "e2e/browser/test_tv.py",
    "e2e/test_generated_client.py",
)


def _slow_first(item: pytest.Item) -> int:
    path = Path(str(item.path)).resolve()
    for rank, name in enumerate(SLOW_FIRST):
        if path == TESTS / name:
            return rank
    return len(SLOW_FIRST)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "fixed_stack: starts its own platform in a fixed mode (CI's second pass leaves it out)",
    )
    config.addinivalue_line(
        "markers", "serial: measures time under load; runs alone, after the parallel part"
    )


@pytest.fixture(autouse=True)
def _each_test_starts_in_the_default_language() -> Iterator[None]:
    """A request through the test client leaves its language active in the thread; reset it."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _answers_fit_the_schema(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every API test's JSON answers are checked against the OpenAPI schema (openapi_responses)."""
    from rest_framework.test import APIClient

    from tests.openapi_responses import check_response

    plain = APIClient.request

    def request(self: APIClient, **kwargs: Any) -> Any:
        response = plain(self, **kwargs)
        check_response(kwargs, response)
        return response

    monkeypatch.setattr(APIClient, "request", request)


def same_in_every_pass(item: pytest.Item) -> bool:
    """Return whether ``item`` runs the same whatever DATABASE_URL and REDIS_URL say."""
    params = getattr(getattr(item, "callspec", None), "params", {})
    if set(map(str, params.values())) & set(MODES):
        return True
    if item.get_closest_marker("fixed_stack") is not None:
        return True
    path = Path(str(item.path)).resolve()
    return any(path.is_relative_to(folder) for folder in PURE_DIRS + FIXED_STACK_DIRS)


@pytest.hookimpl(tryfirst=True)  # before ``-m`` reads the marks
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if Path(str(item.path)).resolve() in SERIAL_FILES:
            item.add_marker(pytest.mark.serial)
    items.sort(key=_slow_first)  # stable: each file keeps its own order
    if os.environ.get(SKIP_VARIABLE, "").lower() not in {"1", "true", "yes"}:
        return
    kept, left = [], []
    for item in items:
        (left if same_in_every_pass(item) else kept).append(item)
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = kept


@pytest.fixture(scope="session")
def shared_stack(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[SharedStack]:
    """One platform per mode for this worker process, started when first asked for.

    For the end-to-end tests that change no setting and stop no process: each uses it as
    ``with shared_stack(mode) as platform:`` instead of ``stack(mode, tmp_path)``, so the
    platform boots once, not once a test. Such tests make bots of names no other test uses,
    each of an owner of its own (``createbot(name, owner=...)``): one owner's bots and
    practice matches are bounded.
    """
    with ExitStack() as running:
        started: dict[str, Stack] = {}

        def shared(mode: str) -> AbstractContextManager[Stack]:
            if mode not in started:
                var = tmp_path_factory.mktemp(f"shared-{mode}")
                started[mode] = running.enter_context(stack(mode, var))
            return nullcontext(started[mode])

        yield shared
