"""Every package of the project, and every folder of templates or static files inside one, is
found by the packages configuration of pyproject.toml: a plain install has them all, and the
set-up prints no "absent from the packages configuration" warnings."""

from __future__ import annotations

import tomllib

from setuptools import find_namespace_packages

from tests.processes import ROOT

DATA = {".html", ".txt", ".css", ".js", ".svg"}


def _found() -> set[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    find = config["packages"]["find"]
    assert find["namespaces"] is True
    found: set[str] = set()
    for where in find["where"]:
        found |= set(
            find_namespace_packages(
                where=str(ROOT / where), include=find["include"], exclude=find["exclude"]
            )
        )
    return found


def test_every_package_and_data_folder_is_found() -> None:
    found = _found()
    wanted = set()
    for top in ("games", "tournaments", "bots", "platform"):
        for path in (ROOT / top).rglob("*"):
            if "__pycache__" in path.parts or "node_modules" in path.parts or not path.is_file():
                continue
            if path.name == "__init__.py" or path.suffix in DATA:
                parts = path.parent.relative_to(ROOT).parts
                wanted.add(".".join(parts[1:] if parts[0] == "platform" else parts))
    assert wanted - found == set()
    assert not any(name.startswith(("tests", "bench", "platform")) for name in found)
