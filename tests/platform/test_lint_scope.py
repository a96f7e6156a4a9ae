"""`make test` lints the project's own files: the guide's mybot.py at the root does not break it."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.processes import ROOT

RUFF = ROOT / ".venv" / "bin" / "ruff"
GUIDE_BOT = ROOT / "mybot.py"


def ruff(*args: str) -> subprocess.CompletedProcess[str]:
    """Run ruff as scripts/test.sh does (from the repository root)."""
    return subprocess.run([str(RUFF), *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


@pytest.fixture
def guide_bot() -> Iterator[Path]:
    """Save docs/bots.md's mybot.py at the repository root, as the guide's reader does."""
    if GUIDE_BOT.exists():
        pytest.skip("a mybot.py of your own is at the repository root")
    guide = (ROOT / "docs" / "bots.md").read_text()
    code = re.search(r"```python\n(# mybot\.py\n.*?)```", guide, re.S)
    assert code, "docs/bots.md shows mybot.py"
    GUIDE_BOT.write_text(code.group(1))
    try:
        yield GUIDE_BOT
    finally:
        GUIDE_BOT.unlink()


@pytest.mark.skipif(not RUFF.exists(), reason="ruff is installed by scripts/setup.sh")
def test_the_guides_bot_at_the_root_does_not_break_the_lint(guide_bot: Path) -> None:
    done = ruff("check", ".")
    assert done.returncode == 0, done.stdout
    listed = ruff("check", "--show-files", ".").stdout
    assert "mybot.py" not in listed


@pytest.mark.skipif(not RUFF.exists(), reason="ruff is installed by scripts/setup.sh")
def test_every_python_file_of_the_project_is_still_linted() -> None:
    listed = {Path(line.strip()) for line in ruff("check", "--show-files", ".").stdout.splitlines()}
    ours = [
        path
        for top in ("games", "bots", "tournaments", "platform", "tests", "examples", "bench")
        for path in (ROOT / top).rglob("*.py")
        if "migrations" not in path.parts
    ] + [ROOT / "manage.py"]
    missing = [str(p.relative_to(ROOT)) for p in ours if p.resolve() not in listed]
    assert not missing, missing
