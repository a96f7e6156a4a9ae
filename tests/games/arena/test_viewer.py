"""The arena's replays: ``--save FILE`` writes the site's replay JSON for the run's first match,
``view FILE`` serves the site's viewer for it on 127.0.0.1, and ``replay FILE`` reopens it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from games import engine
from games.arena.cli import main
from games.arena.viewer import load
from games.replay_format import document_moves, is_document
from tests.processes import ROOT, free_port, start

GAME = "buraco-mano-a-mano"
NOTER = """
from bots.client import Bot

GAME = "buraco-mano-a-mano"


class Noter(Bot):
    def choose(self, view, legal_moves):
        self.note(f"{len(legal_moves)} choices", eval=len(view["hand"]) / 10, confidence=0.5)
        return legal_moves[0]
"""


def saved(tmp_path: Path, *entrants: str, jobs: int = 1) -> dict[str, Any]:
    path = tmp_path / "saved.json"
    argv = [*entrants, "--game", GAME, "--option", "deals=1", "--matches", "2"]
    assert main([*argv, "--jobs", str(jobs), "--quiet", "--json", "--save", str(path)]) == 0
    body: dict[str, Any] = json.loads(path.read_text())
    return body


def test_save_writes_the_first_match_with_timings_and_the_client_bots_notes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bot = tmp_path / "noter.py"
    bot.write_text(NOTER)
    body = saved(tmp_path, str(bot), "house:greedy")
    out, err = capsys.readouterr()
    assert json.loads(out)["matches"] == 2  # --json still prints only JSON
    assert f"python -m games.arena view {tmp_path / 'saved.json'}" in err
    assert is_document(body) and body["game"] == GAME and not body["truncated"]
    assert body["seats"] == [
        {"seat": 0, "kind": "bot", "name": str(bot)},
        {"seat": 1, "kind": "house", "name": "house:greedy"},
    ]
    assert body["arena"] == {"seed": 1, "board": 0, "rotation": 0}
    moves = document_moves(body)
    assert moves and [m["turn"] for m in moves] == list(range(len(moves)))
    assert all(m["by"] == "entrant" and m["timing"]["think_ms"] >= 0 for m in moves)
    mine = [m for m in moves if m["seat"] == 0]
    assert mine and all(
        m["note"]["eval"] is not None and "choices" in m["note"]["text"] for m in mine
    )
    assert all("note" not in m for m in moves if m["seat"] == 1)
    # The frames are the game replayed from the seed: the last one is the saved result.
    game = engine.get(GAME)
    state = game.new(int(body["seed"]), **body["options"])
    for move in moves:
        state = game.apply(state, game.parse_move(move["move"]))
    assert list(game.result(state).places) == body["result"]["places"]
    assert body["frames"][-1]["view"]["step"] == game.view(state, None)["step"]
    # The replay command reopens any position of the saved file.
    argv = ["replay", str(tmp_path / "saved.json"), "--seat", "0", "--from-turn", "4"]
    assert main([*argv, "--bot", str(bot)]) == 0
    assert "turn 4" in capsys.readouterr().out


def test_save_refuses_a_missing_folder_before_playing(tmp_path: Path) -> None:
    argv = ["house:greedy", "house:random", "--game", GAME, "--matches", "2"]
    with pytest.raises(SystemExit) as stop:
        main([*argv, "--save", str(tmp_path / "nowhere" / "saved.json")])
    assert stop.value.code == 2


def test_view_reads_a_match_log_too_and_refuses_what_is_not_a_finished_match(
    tmp_path: Path,
) -> None:
    body = saved(tmp_path, "house:greedy", "house:random")
    log = {
        "match": 7,
        "game": GAME,
        "status": "finished",
        "sealed": False,
        "seed": body["seed"],
        "options": body["options"],
        "moves": document_moves(body),
    }
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log))
    again = load(path)
    assert again["match"] == 7 and again["frames"] == body["frames"]
    running = tmp_path / "running.json"
    running.write_text(json.dumps({**log, "status": "running"}))
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    for bad in (running, broken, tmp_path / "missing.json"):
        with pytest.raises(SystemExit) as stop:
            main(["view", str(bad)])
        assert stop.value.code == 2


def serving(process: Any, timeout: float = 30) -> str:
    """Wait for ``view`` to print its address; return it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        text = process.output()
        if "http://" in text:
            return text.split("http://", 1)[1].split()[0].rstrip("/")
        if process.popen.poll() is not None:
            raise AssertionError(f"view exited early:\n{text}")
        time.sleep(0.1)
    raise AssertionError(f"view printed no address:\n{process.output()}")


def test_view_serves_the_saved_match_with_the_sites_viewer(tmp_path: Path) -> None:
    path = tmp_path / "first.json"
    play = [sys.executable, "-m", "games.arena", "house:greedy", "house:random", "--game", GAME]
    play += ["--option", "deals=1", "--matches", "4", "--jobs", "2", "--quiet", "--save", str(path)]
    done = subprocess.run(play, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    port = free_port()
    args = [sys.executable, "-m", "games.arena", "view", str(path), "--port", str(port)]
    viewer = start([*args, "--lang", "es"], dict(os.environ), tmp_path / "view.log")
    try:
        assert serving(viewer) == f"127.0.0.1:{port}"
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10) as http:
            page = http.get("/")
            assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
            html = page.text
            assert (
                '<html lang="es">' in html
                and "Repetición de Buraco Mano a Mano (first.json)" in html
            )
            assert 'data-json="/replay.json"' in html and "/static/games/replay.js" in html
            assert f"python -m games.arena replay {path}" in html
            document = http.get("/replay.json").json()
            assert document == json.loads(path.read_text())
            download = http.get("/replay.json?download=1")
            assert download.headers["content-disposition"] == 'attachment; filename="first.json"'
            events = http.get("/events.ndjson")
            assert events.headers["content-disposition"] == (
                'attachment; filename="first-events.ndjson"'
            )
            head, *moves = [json.loads(line) for line in events.text.splitlines()]
            assert head["game"] == GAME and head["seed"] == document["seed"]
            assert moves == document_moves(document)
            for name in ("replay.js", "cards.js", "texts.js", "replay.css", "table.css"):
                assert http.get(f"/static/games/{name}").status_code == 200, name
            assert http.get("/static/games/../viewer.py").status_code == 404
            assert http.get("/static/games/nothing.js").status_code == 404
    finally:
        assert viewer.stop() == 0
