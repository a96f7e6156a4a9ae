"""Every package of the project is declared in pyproject.toml, so a plain install has it."""

from __future__ import annotations

import tomllib

from tests.processes import ROOT


def test_every_package_is_listed_in_pyproject() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(config["packages"])
    found = set()
    for top in ("games", "tournaments", "bots", "platform"):
        for init in (ROOT / top).rglob("__init__.py"):
            parts = init.parent.relative_to(ROOT).parts
            found.add(".".join(parts[1:] if parts[0] == "platform" else parts))
    assert found == listed
    for name, folder in config["package-dir"].items():
        assert (ROOT / folder / "__init__.py").exists(), name
