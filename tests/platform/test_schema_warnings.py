"""The OpenAPI schema generates with zero warnings, and every operation has a unique id under
the API's prefix (the two async bot endpoints keep the documented ``bot_turns`` and
``bot_events``, docs/bots.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from django.core.management import call_command

ASYNC_IDS = {"bot_turns", "bot_events"}


@pytest.mark.django_db
def test_the_schema_generates_without_warnings(tmp_path: Path) -> None:
    out = tmp_path / "schema.yml"
    call_command("spectacular", "--file", str(out), "--fail-on-warn", "--validate")
    schema = yaml.safe_load(out.read_text())
    ids = [
        operation["operationId"]
        for methods in schema["paths"].values()
        for operation in methods.values()
        if isinstance(operation, dict) and "operationId" in operation
    ]
    assert len(ids) == len(set(ids))
    assert {i for i in ids if not i.startswith("v1_")} == ASYNC_IDS
    assert not [i for i in ids if i.rsplit("_", 1)[-1].isdigit()]  # no numeral suffixes
