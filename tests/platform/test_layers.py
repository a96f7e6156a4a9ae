"""The layers hold (docs/DESIGN.md, "Layers"): the apps and core never import the site, core
imports no app (import-linter's contracts in pyproject.toml), and no module imports itself
through others, not even from inside a function (``typing.TYPE_CHECKING`` imports aside: they
never run)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

import grimp

from tests.processes import ROOT

PACKAGES = ("core", "config", "web", "accounts", "learn", "games", "tournaments", "bots")


def circles(modules: Iterable[str], imports: Callable[[str], Iterable[str]]) -> list[list[str]]:
    """Return the import circles among ``modules``: the strongly connected components of more
    than one module (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(modules):
        if root in index:
            continue
        work = [(root, iter(sorted(imports(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(imports(child)))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_circle_finder_finds_circles() -> None:
    graph = {"a": ["b"], "b": ["c"], "c": ["a", "d"], "d": [], "e": ["e2"], "e2": ["e"]}
    assert sorted(circles(graph, lambda m: graph[m])) == [["a", "b", "c"], ["e", "e2"]]
    assert circles({"a": ["b"], "b": []}, lambda m: {"a": ["b"], "b": []}[m]) == []


def test_no_import_circle_anywhere() -> None:
    graph = grimp.build_graph(*PACKAGES, exclude_type_checking_imports=True)
    found = circles(graph.modules, graph.find_modules_directly_imported_by)
    assert found == [], found


def test_the_layer_contracts_are_kept() -> None:
    lint = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run([str(lint)], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 kept, 0 broken" in done.stdout
