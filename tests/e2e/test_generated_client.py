"""The OpenAPI schema is good enough to generate a client: a bot written on it plays a match.

Against a real server (embedded), the test fetches /api/schema/, generates a Python client with
openapi-python-client (offline: it reads the file), type-checks it and the bot with mypy
--strict, and plays one practice Busca match with that bot against house bots.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import httpx
import pytest

from tests.e2e.stack import SharedStack

pytestmark = pytest.mark.fixed_stack

BIN = Path(sys.executable).parent
# The one file the generator copies unchanged whatever the schema (client.py, the httpx
# wrapper) forwards ``*args: object`` to httpx's ``__exit__``: mypy 2 refuses it. Every file
# generated from our schema (models and operations) must be clean.
TEMPLATE_DEFECT = re.compile(r"^cardtables_client/client\.py:\d+: error: .*__a?exit__")

BOT = '''
"""A tiny bot on the generated client: it plays the first legal move of every turn."""

from __future__ import annotations

import sys

from cardtables_client import AuthenticatedClient
from cardtables_client.api.bot import bot_turns
from cardtables_client.api.v1 import (
    v1_matches_create,
    v1_matches_moves_create,
    v1_matches_retrieve,
)
from cardtables_client.models import (
    BuscaView,
    GameEnum,
    Match,
    MatchCreateRequest,
    MatchCreateRequestOptions,
    MoveAccepted,
    MoveRequest,
    TurnList,
)


def play(base_url: str, token: str) -> Match:
    client = AuthenticatedClient(base_url=base_url, token=token, raise_on_unexpected_status=True)
    options = MatchCreateRequestOptions.from_dict({"eliminate_at": 4})
    body = MatchCreateRequest(game=GameEnum.BUSCA, options=options)
    match = v1_matches_create.sync(client=client, body=body)
    assert isinstance(match, Match), match
    moves = 0
    for _ in range(2000):
        state = v1_matches_retrieve.sync(match.id, client=client)
        assert isinstance(state, Match)
        if state.status != "running":
            print("moves", moves)
            return state
        turns = bot_turns.sync(client=client, wait=2)
        assert isinstance(turns, TurnList), turns
        for turn in turns.turns:
            view = turn.view
            assert isinstance(view, BuscaView) and isinstance(view.hand, list)
            choice = turn.legal_moves[0]
            reply = v1_matches_moves_create.sync(
                turn.match, client=client, body=MoveRequest(turn=turn.turn, move=choice.to_dict())
            )
            assert isinstance(reply, MoveAccepted) and reply.accepted, reply
            moves += 1
    raise AssertionError("the match did not end")


if __name__ == "__main__":
    final = play(sys.argv[1], sys.argv[2])
    print("status", final.status)
'''


def run(args: list[str], cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    env["PYTHONPATH"] = str(cwd)
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


def test_a_bot_on_the_generated_client_plays_a_practice_match(
    tmp_path: Path, shared_stack: SharedStack
) -> None:
    out = tmp_path / "gen"
    out.mkdir()
    with shared_stack("embedded") as platform:
        schema = httpx.get(f"{platform.url}/api/schema/", params={"format": "json"}, timeout=60)
        assert schema.status_code == 200
        (out / "openapi.json").write_text(json.dumps(schema.json()))
        generated = run(
            [
                str(BIN / "openapi-python-client"),
                "generate",
                "--path",
                "openapi.json",
                "--meta",
                "none",
                "--output-path",
                "cardtables_client",
            ],
            out,
        )
        assert generated.returncode == 0, generated.stdout + generated.stderr
        assert (out / "cardtables_client" / "models" / "busca_view.py").exists()
        (out / "tiny_bot.py").write_text(textwrap.dedent(BOT))
        checked = run(
            [str(BIN / "mypy"), "--strict", "--no-incremental", "cardtables_client", "tiny_bot.py"],
            out,
            timeout=180,
        )
        errors = [line for line in checked.stdout.splitlines() if ": error:" in line]
        assert all(TEMPLATE_DEFECT.match(line) for line in errors), checked.stdout
        bot = platform.createbot("generated", owner="generated-owner")
        played = run([sys.executable, "tiny_bot.py", platform.url, bot["token"]], out)
    assert played.returncode == 0, played.stdout + played.stderr
    assert "status finished" in played.stdout, played.stdout
