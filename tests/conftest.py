"""Suite-wide collection rules."""

from __future__ import annotations

import os

import pytest

from tests.e2e.stack import MODES

# .ci/run runs the suite twice: embedded, then with DATABASE_URL and REDIS_URL. Tests
# parametrised over MODES start their own stacks in both modes whatever this process's settings
# are, so the second pass would only repeat them; it sets this variable to leave them out.
SKIP_VARIABLE = "SKIP_BOTH_MODE_STACKS"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if os.environ.get(SKIP_VARIABLE, "").lower() not in {"1", "true", "yes"}:
        return
    kept, left = [], []
    for item in items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        (left if set(map(str, params.values())) & set(MODES) else kept).append(item)
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = kept
