"""The arena's replay fetches a finished match's log from a running server, and only that."""

from __future__ import annotations

import random

import pytest

from games import engine
from games.arena.cli import main
from tests.e2e.stack import SharedStack, play_until_over

pytestmark = pytest.mark.fixed_stack


def test_the_replay_fetches_a_finished_match_and_is_refused_a_running_or_sealed_one(
    shared_stack: SharedStack, capsys: pytest.CaptureFixture[str]
) -> None:
    with shared_stack("embedded") as platform:
        bot = platform.createbot("replayer", owner="replay-owner")
        token = bot["token"]
        with platform.client(token) as client:
            options = {"eliminate_at": 2}
            finished = client.post("/matches", json={"game": "busca", "options": options}).json()
            final = play_until_over(client, finished["id"], random.Random(7))
            log = client.get(f"/matches/{finished['id']}/log").json()
            running = client.post("/matches", json={"game": "busca", "options": options}).json()
            running_log = client.get(f"/matches/{running['id']}/log").json()

        def replay(match_id: int) -> int:
            return main(
                ["replay", str(match_id), "--url", platform.url, "--token", token,
                 "--seat", "0", "--from-turn", "4", "--bot", "examples/busca_bot.py"]
            )  # fmt: skip

        assert replay(finished["id"]) == 0
        out = capsys.readouterr().out
        assert f"match {finished['id']} (busca): turn 4" in out
        assert f"as played           {final['result']['engine']['places']}" in out
        assert "your bot in seat 0" in out
        # The log the replay read is the engine's: replayed whole, it ends as the match did.
        rules = engine.get(log["game"])
        state = rules.new(int(log["seed"]), **log["options"])
        for entry in log["moves"]:
            state = rules.apply(state, rules.parse_move(entry["move"]))
        assert list(rules.result(state).places) == final["result"]["engine"]["places"]

        # A running match: the API gives no seed and no full log, and the replay says why.
        assert running_log["status"] == "running" and "seed" not in running_log
        with pytest.raises(SystemExit) as stop:
            replay(running["id"])
        assert stop.value.code == 2
        assert f"match {running['id']} is still running" in capsys.readouterr().err

        # A finished match sealed (a duplicate board whose round still runs): closed too.
        script = (
            "from games.models import Match; "
            f"Match.objects.filter(pk={finished['id']}).update(sealed=True)"
        )
        platform.run(script)
        with platform.client(token) as client:
            sealed_log = client.get(f"/matches/{finished['id']}/log").json()
        assert sealed_log["sealed"] and "seed" not in sealed_log and "record" not in sealed_log
        with pytest.raises(SystemExit) as stop:
            replay(finished["id"])
        assert stop.value.code == 2
        assert f"match {finished['id']} is sealed" in capsys.readouterr().err
