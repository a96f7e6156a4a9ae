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
