#!/usr/bin/env bash
# Run pytest in two parts: everything but the tests marked ``serial`` on TEST_WORKERS processes
# (pytest-xdist; default 3), then the ``serial`` ones alone (they measure time under load; see
# tests/conftest.py). Extra arguments go to both parts. TEST_WORKERS=1 runs everything in one
# process, in one part.
#
# Each worker gets a Redis database of its own for the scaled stacks' queues: TEST_REDIS_DB,
# TEST_REDIS_FIRST_DB (15) - N for worker N, an environment variable of its process, so one
# worker's stack never runs another's tasks.
# PostgreSQL needs nothing: pytest-django suffixes the test database per worker and every stack
# makes its own. With REDIS_URL set (CI's second pass) to a database number, redis://host/D,
# worker N's in-process platform (cache, channel layer, broker) uses database D - N, so D must
# stay clear of the stacks' databases (CI uses 7).
set -uo pipefail
cd "$(dirname "$0")/.."
workers=${TEST_WORKERS:-3}  # more than the 2 cores: most tests wait on their platform processes
redis_base="" redis_db=""
if [ -n "${REDIS_URL:-}" ]; then
  if [[ "$REDIS_URL" =~ ^(redis://[^/?]+)/([0-9]+)$ ]]; then
    redis_base=${BASH_REMATCH[1]} redis_db=${BASH_REMATCH[2]}
    if [ "$redis_db" -lt $((workers - 1)) ]; then workers=1; fi
  else
    workers=1  # no database number to count down from: one process
  fi
fi
if [ "$workers" -le 1 ]; then
  exec .venv/bin/pytest "$@"
fi
# Each worker's python is a wrapper that sets its variables (an xdist spec's env: cannot hold a
# URL: the spec is split at //).
wrappers=$(mktemp -d)
trap 'rm -rf "$wrappers"' EXIT
specs=()
for n in $(seq 0 $((workers - 1))); do
  wrapper="$wrappers/python$n"
  {
    echo '#!/bin/sh'
    echo "export TEST_REDIS_DB=$((${TEST_REDIS_FIRST_DB:-15} - n))"
    if [ -n "$redis_base" ]; then echo "export REDIS_URL=$redis_base/$((redis_db - n))"; fi
    echo "exec $PWD/.venv/bin/python \"\$@\""
  } > "$wrapper"
  chmod +x "$wrapper"
  specs+=(--tx "popen//python=$wrapper")
done
started=$(date +%s)
.venv/bin/pytest "${specs[@]}" --dist worksteal -m "not serial" "$@"
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
