"""When this process started: the Last-Modified of what changes only with a deploy (/jsi18n/)."""

from __future__ import annotations

from datetime import UTC, datetime

STARTED_AT = datetime.now(UTC).replace(microsecond=0)
