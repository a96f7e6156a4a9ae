#!/usr/bin/env bash
# Set up, migrate, create the demo data and serve on http://127.0.0.1:${PORT:-8000}.
# With no settings in the environment this is the embedded mode: SQLite under var/, and the
# Celery worker and beat as threads of the server. Ctrl-C stops everything.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
.venv/bin/python manage.py migrate --no-input -v0
.venv/bin/python manage.py demo
exec .venv/bin/python manage.py serve --host "${HOST:-127.0.0.1}" --port "${PORT:-8000}"
