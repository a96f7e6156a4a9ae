#!/usr/bin/env bash
# Create .venv if it is missing and install the project (editable) with its dev tools.
# Re-installs only when pyproject.toml changed since the last install.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3.11}
command -v "$PYTHON" >/dev/null 2>&1 || PYTHON=python3
if [ ! -x .venv/bin/python ]; then
  echo "creating .venv with $($PYTHON --version)"
  "$PYTHON" -m venv .venv
  .venv/bin/python -m pip install --quiet --upgrade pip
fi
stamp=.venv/.installed-$(sha256sum pyproject.toml | cut -c1-16)-${EXTRAS:-dev}
if [ ! -f "$stamp" ]; then
  echo "installing the project and its dependencies into .venv"
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[${EXTRAS:-dev}]"
  rm -f .venv/.installed-*
  touch "$stamp"
fi
# The translation catalogs: locale/*/LC_MESSAGES/*.po -> .mo with Babel (no system gettext).
.venv/bin/python manage.py compilecatalogs -v0
# The TypeScript client's tools (clients/typescript; docs/bots.md, "A TypeScript client"), pinned
# by its package-lock.json: installed when npm is there, again only when the lock changed.
if command -v npm >/dev/null 2>&1; then
  npm_stamp=clients/typescript/node_modules/.installed-$(sha256sum clients/typescript/package-lock.json | cut -c1-16)
  if [ ! -f "$npm_stamp" ]; then
    echo "installing the TypeScript client's tools: npm ci --prefix clients/typescript"
    if npm_out=$(npm ci --prefix clients/typescript --prefer-offline --no-audit --no-fund --loglevel=error \
        --fetch-retries=1 --fetch-retry-mintimeout=2000 --fetch-retry-maxtimeout=10000 2>&1); then
      touch "$npm_stamp"
    else
      echo "npm ci --prefix clients/typescript failed, so tests/e2e/test_typescript_client.py will fail:"
      printf '%s\n' "$npm_out" | grep -v '^npm error  *at ' | head -n 4 || true
    fi
  fi
else
  echo "npm is not installed: tests/e2e/test_typescript_client.py needs Node.js 18+ and npm (then: npm ci --prefix clients/typescript)"
fi
