"""The engine is a library: importing every module of games/engine loads no Django."""

from __future__ import annotations

import subprocess
import sys

SCRIPT = """
import importlib, pkgutil, sys
import games.engine as engine
for info in pkgutil.walk_packages(engine.__path__, "games.engine."):
    importlib.import_module(info.name)
loaded = sorted(m for m in sys.modules if m == "django" or m.startswith("django."))
assert not loaded, loaded
"""


def test_engine_imports_no_django() -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
