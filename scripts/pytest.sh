#!/usr/bin/env bash
# Run pytest in two parts: everything but the tests marked ``serial`` on TEST_WORKERS processes
# (pytest-xdist; default 2), then the ``serial`` ones alone (they measure time under load; see
# tests/conftest.py). Extra arguments go to both parts. TEST_WORKERS=1 runs everything in one
# process, in one part.
#
# Each worker gets a Redis database of its own for the scaled stacks' queues: TEST_REDIS_DB,
# TEST_REDIS_FIRST_DB (15) - N for worker N, an environment variable of its process (the
# ``env:`` of an xdist --tx spec), so one worker's stack never runs another's tasks.
# PostgreSQL needs nothing: pytest-django suffixes the test database per worker and every stack
# makes its own. With REDIS_URL set (CI's second pass) the in-process platform's cache, channel
# layer and broker would be one Redis database for every worker, so that pass runs in one
# process.
set -uo pipefail
cd "$(dirname "$0")/.."
workers=${TEST_WORKERS:-2}
if [ -n "${REDIS_URL:-}" ]; then workers=1; fi
if [ "$workers" -le 1 ]; then
  exec .venv/bin/pytest "$@"
fi
specs=()
for n in $(seq 0 $((workers - 1))); do
  specs+=(--tx "popen//env:TEST_REDIS_DB=$((${TEST_REDIS_FIRST_DB:-15} - n))")
done
started=$(date +%s)
.venv/bin/pytest "${specs[@]}" --dist load -m "not serial" "$@"
parallel=$?
echo "== the parallel part ($workers workers) took $(( $(date +%s) - started )) s, exit $parallel"
started=$(date +%s)
.venv/bin/pytest -m serial "$@"
serial=$?
echo "== the serial part took $(( $(date +%s) - started )) s, exit $serial"
# 5 is "no test collected": fine for one part (a run of a few files), not for both.
if [ "$parallel" -eq 5 ] && [ "$serial" -eq 5 ]; then exit 5; fi
for code in "$parallel" "$serial"; do
  if [ "$code" -ne 0 ] && [ "$code" -ne 5 ]; then exit "$code"; fi
done
exit 0
