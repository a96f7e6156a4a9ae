"""The engine and the formats are libraries: importing every module of them loads no Django."""

from __future__ import annotations

import subprocess
import sys

import pytest

SCRIPT = """
import importlib, pkgutil, sys
package = importlib.import_module(sys.argv[1])
for info in pkgutil.walk_packages(package.__path__, sys.argv[1] + "."):
    importlib.import_module(info.name)
loaded = sorted(m for m in sys.modules if m == "django" or m.startswith("django."))
assert not loaded, loaded
"""


@pytest.mark.parametrize("package", ["games.engine", "tournaments.formats"])
def test_library_imports_no_django(package: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, package], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
