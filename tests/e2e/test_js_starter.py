"""The JavaScript starter bot (examples/js/bot.mjs) plays a practice match on a live server.

Plain Node with its built-in fetch: the test runs ``node examples/js/bot.mjs`` as a reader
would, against the shared embedded platform, and checks on the API that the match it started
is finished.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from tests.e2e.stack import SharedStack
from tests.processes import ROOT

pytestmark = pytest.mark.fixed_stack

BOT = ROOT / "examples" / "js" / "bot.mjs"


def node() -> str:
    found = shutil.which("node")
    if found is None:
        pytest.fail("node is not installed: the JavaScript starter bot needs Node.js 18 or later")
    return found


def test_the_js_starter_bot_plays_a_practice_match(shared_stack: SharedStack) -> None:
    with shared_stack("embedded") as platform:
        bot = platform.createbot("js-starter", owner="js-starter-owner")
        args = [node(), str(BOT), "--url", platform.url, "--token", bot["token"]]
        args += ["--practice", "busca", "--options", json.dumps({"eliminate_at": 4})]
        played = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=120)
        output = played.stdout + played.stderr
        assert played.returncode == 0, output
        ended = re.search(r"INFO match (\d+) finished: place [1-4] of 4 \(seat 0\)", played.stdout)
        assert ended, output
        with platform.client(bot["token"]) as client:
            match = client.get(f"/matches/{ended.group(1)}").json()
    assert match["status"] == "finished", match
    assert match["game"] == "busca" and match["options"]["eliminate_at"] == 4
    assert sorted(match["result"]["places"])[0] == 1
