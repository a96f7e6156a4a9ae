"""The TypeScript client generated from the OpenAPI schema plays a practice match.

Against a real server (embedded), the test fetches /api/schema/, generates the types with
openapi-typescript (offline: it reads the file), type-checks them and clients/typescript/bot.ts
(openapi-fetch on those types) with ``tsc --noEmit --strict``, compiles the bot with tsc and
runs it with node: it starts a Busca practice match and plays it to the end.

The npm tools come from clients/typescript/package-lock.json: scripts/setup.sh (``make test``)
installs them with ``npm ci --prefix clients/typescript`` when npm is there.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import httpx
import pytest

from tests.e2e.stack import SharedStack
from tests.processes import ROOT

pytestmark = pytest.mark.fixed_stack

PROJECT = ROOT / "clients" / "typescript"
INSTALL = "npm ci --prefix clients/typescript"


def tools() -> Path:
    """Return the project's node_modules; fail (not skip) saying how to install it."""
    if shutil.which("node") is None:
        pytest.fail(f"node is not installed: install Node.js 18 or later and npm, then {INSTALL}")
    modules = PROJECT / "node_modules"
    for tool in ("openapi-typescript", "tsc"):
        if not (modules / ".bin" / tool).exists():
            pytest.fail(
                f"clients/typescript/node_modules/.bin/{tool} is missing: run `{INSTALL}` "
                "(scripts/setup.sh does it when npm is installed)"
            )
    return modules


def run(args: list[str], cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        args, cwd=cwd, env=dict(os.environ), capture_output=True, text=True, timeout=timeout
    )


def test_a_bot_on_the_generated_typescript_client_plays_a_practice_match(
    tmp_path: Path, shared_stack: SharedStack
) -> None:
    modules = tools()
    # A copy of the project, so that the test leaves no schema.ts or dist/ in the checkout.
    work = tmp_path / "typescript"
    work.mkdir()
    for name in ("package.json", "tsconfig.json", "bot.ts"):
        shutil.copy(PROJECT / name, work / name)
    (work / "node_modules").symlink_to(modules, target_is_directory=True)
    bin_ = work / "node_modules" / ".bin"
    with shared_stack("embedded") as platform:
        schema = httpx.get(f"{platform.url}/api/schema/", params={"format": "json"}, timeout=60)
        assert schema.status_code == 200
        (work / "openapi.json").write_text(json.dumps(schema.json()))
        generated = run([str(bin_ / "openapi-typescript"), "openapi.json", "-o", "schema.ts"], work)
        assert generated.returncode == 0, generated.stdout + generated.stderr
        types = (work / "schema.ts").read_text()
        assert '"/api/v1/bot/turns": {' in types and "MoveAccepted: {" in types
        checked = run([str(bin_ / "tsc"), "--noEmit", "--strict", "-p", "tsconfig.json"], work)
        assert checked.returncode == 0, checked.stdout + checked.stderr
        built = run([str(bin_ / "tsc"), "-p", "tsconfig.json"], work)
        assert built.returncode == 0, built.stdout + built.stderr
        bot = platform.createbot("typescript", owner="typescript-owner")
        played = run(["node", "dist/bot.js", "--url", platform.url, "--token", bot["token"]], work)
    assert played.returncode == 0, played.stdout + played.stderr
    assert "status finished" in played.stdout.splitlines(), played.stdout + played.stderr
