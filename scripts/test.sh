#!/usr/bin/env bash
# Set up, then run ruff, mypy --strict on the engines and the whole pytest suite.
# Extra arguments go to pytest. Tests that need PostgreSQL or Redis skip when those do not
# answer, except with CI=true, where they fail instead.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
echo "== ruff check"
.venv/bin/ruff check .
echo "== mypy --strict games/engine tournaments/formats"
.venv/bin/mypy --strict games/engine tournaments/formats
echo "== pytest (scripts/pytest.sh: TEST_WORKERS processes, then the serial tests alone)"
scripts/pytest.sh --durations=20 "$@"
