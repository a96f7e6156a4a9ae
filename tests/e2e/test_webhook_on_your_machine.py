"""A webhook bot on the author's own machine: an embedded platform with no settings calls
``python -m bots.client --webhook`` at http://localhost:PORT/, and the bot plays a practice
match to the end (docs/bots.md, "Webhooks", "On your own machine")."""

from __future__ import annotations

import json
import re
from pathlib import Path

import httpx
import pytest

from tests.processes import PYTHON, environment, free_port, manage, migrate, server, start

pytestmark = [pytest.mark.timeout(240), pytest.mark.fixed_stack]


def test_the_client_serves_a_webhook_bot_that_plays_a_practice_match(tmp_path: Path) -> None:
    env = environment(tmp_path)  # embedded, as `make run`: WEBHOOK_LOOPBACK is on by default
    for name in ("WEBHOOK_HTTP_HOSTS", "WEBHOOK_LOOPBACK"):
        env.pop(name, None)
    migrate(env)
    person = "from django.contrib.auth.models import User; User.objects.create_user('me')"
    manage(env, "shell", "-c", person)
    port = free_port()
    hook = f"http://localhost:{port}/"
    out = manage(env, "createbot", "--owner", "me", "--name", "local", "--webhook", hook)
    found = dict(re.findall(r"^(token|webhook secret): (\S+)$", out, re.M))
    with server(env, tmp_path) as platform:
        args = [
            PYTHON, "-m", "bots.client", "--webhook", "--port", str(port),
            "--url", platform.url, "--token", found["token"], "--strategy", "greedy",
            "--practice", "busca", "--options", json.dumps({"eliminate_at": 3}),
            "--matches", "1",
        ]  # fmt: skip
        secret = {"CARDTABLES_WEBHOOK_SECRET": found["webhook secret"]}
        client = start(args, {**env, **secret}, tmp_path / "client.log")
        try:
            code = client.popen.wait(180)
        finally:
            client.stop()
        said = client.output()
        assert code == 0, said
        assert "bot local (id" in said and "webhook mode" in said, said
        assert f"webhook: serving on http://127.0.0.1:{port}/" in said
        assert "bad or old signature" not in said and "WARNING" not in said, said
        finished = re.search(r"match (\d+) finished: place \d of 4", said)
        assert finished, said
        match_id = int(finished.group(1))
        state = httpx.get(f"{platform.url}/api/v1/matches/{match_id}", timeout=30).json()
        moves = httpx.get(f"{platform.url}/api/v1/matches/{match_id}/log", timeout=30).json()
    assert state["status"] == "finished" and state["game"] == "busca"
    ours = [m for m in moves["moves"] if m["seat"] == 0]
    assert ours and all(m["by"] == "entrant" for m in ours), ours  # answered, never timed out
