"""The Python bot client against the real server: whole matches, a restart, refusals, webhooks."""

from __future__ import annotations

import hashlib
import hmac
import importlib.util
import logging
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest

from bots.client import Bot, GreedyBot, RandomBot, verify_webhook, webhook_server
from tests.e2e.test_pull_bots import is_sport_ranking
from tests.processes import (
    PYTHON,
    ROOT,
    Process,
    environment,
    free_port,
    manage,
    migrate,
    server,
    start,
    wait_healthy,
)
from tests.stack_shell import StackShell

pytestmark = [pytest.mark.timeout(120), pytest.mark.fixed_stack]

BUSCA = {"eliminate_at": 5}


@dataclass
class Platform:
    url: str
    env: dict[str, str]
    tokens: dict[str, str]
    webhook_secret: str
    webhook_port: int


def printed(out: str) -> dict[str, str]:
    """Return what ``createbot`` printed (token, webhook secret), by name."""
    return dict(line.split(": ", 1) for line in out.splitlines() if ": " in line)


def create_bot(env: dict[str, str], name: str, *extra: str) -> dict[str, str]:
    """Create a bot of admin with ``createbot`` while the platform runs."""
    return printed(manage(env, "createbot", "--owner", "admin", "--name", name, *extra))


def set_up(
    tmp: Path, bots: dict[str, tuple[str, ...]]
) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """Migrate, load the demo and create admin's ``bots`` (name: createbot's extra arguments),
    in one Django shell; return the environment and what createbot printed for each bot."""
    env = environment(tmp, WEBHOOK_HTTP_HOSTS="127.0.0.1")
    migrate(env)
    shell = StackShell(env)
    try:
        shell.command("demo")
        made = {
            name: printed(shell.command("createbot", "--owner", "admin", "--name", name, *extra))
            for name, extra in bots.items()
        }
    finally:
        shell.close()
    return env, made


@pytest.fixture(scope="module")
def platform(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Platform]:
    tmp = tmp_path_factory.mktemp("client")
    port = free_port()
    names = ("poller", "streamer", "stubborn", "buraco", "buraco-rival", "buraco-house")
    bots: dict[str, tuple[str, ...]] = {name: () for name in names}
    bots["hooked"] = ("--webhook", f"http://127.0.0.1:{port}/")
    env, made = set_up(tmp, bots)
    tokens = {name: made[name]["token"] for name in bots}
    with server(env, tmp) as srv:
        yield Platform(srv.url, env, tokens, made["hooked"]["webhook secret"], port)


def log_of(url: str, match_id: int) -> list[dict[str, Any]]:
    moves: list[dict[str, Any]] = httpx.get(f"{url}/api/v1/matches/{match_id}/log").json()["moves"]
    return moves


def assert_played_through(url: str, match_id: int, seat: int = 0) -> None:
    """Every turn is logged once, and the client's seat played its own moves (no time-out)."""
    moves = log_of(url, match_id)
    assert [m["turn"] for m in moves] == list(range(len(moves)))
    ours = [m for m in moves if m["seat"] == seat]
    assert ours and all(m["by"] == "entrant" for m in ours), ours


class Noting(GreedyBot):
    """A greedy bot that says what it thinks: a note and a logging line each turn."""

    def choose(self, view: dict[str, Any], legal_moves: list[dict[str, Any]]) -> Any:
        self.note(f"{len(legal_moves)} choices", eval=-1.25, confidence=0.5)
        logging.getLogger("noting").info("hand of %d", len(view.get("hand") or []))
        return super().choose(view, legal_moves)


def notes_of(url: str, token: str, match_id: int) -> list[dict[str, Any]]:
    """Return the notes of a match as the bot (its owner) reads them."""
    headers = {"Authorization": f"Bearer {token}"}
    body = httpx.get(f"{url}/api/v1/matches/{match_id}", headers=headers, timeout=30).json()
    notes: list[dict[str, Any]] = body["notes"]
    return notes


def test_poll_plays_a_whole_busca_match(platform: Platform) -> None:
    bot = Noting(platform.url, platform.tokens["poller"], seed=1)
    stats = bot.run(mode="poll", practice="busca", options=BUSCA, stop_after=60)
    [(match_id, result)] = stats.results.items()
    assert is_sport_ranking(result["places"])  # shared places happen: (1, 2, 2, 4)
    assert stats.moves > 0 and stats.rejected == stats.fallbacks == 0
    # Against cheap house seats most next turns come back in the move's answer.
    assert stats.handed_back > stats.moves / 2, stats
    assert bot.match(match_id)["status"] == "finished"
    assert_played_through(platform.url, match_id)
    # Every move carried its note: what note() said and the logging line of that choice.
    notes = notes_of(platform.url, platform.tokens["poller"], match_id)
    assert len(notes) == stats.moves
    said = re.compile(r"\d+ choices\nhand of \d+")
    assert all(said.fullmatch(n["text"]) and n["eval"] == -1.25 for n in notes), notes[:3]
    assert not any("note" in m for m in log_of(platform.url, match_id))  # others: none


def test_stream_plays_a_whole_busca_match(platform: Platform) -> None:
    started: list[int] = []
    finished: list[tuple[int, Any]] = []

    class Hooked(RandomBot):
        def on_match_started(self, match_id: int) -> None:
            started.append(match_id)

        def on_match_finished(self, match_id: int, result: Any) -> None:
            finished.append((match_id, result))

    bot = Hooked(platform.url, platform.tokens["streamer"], seed=2)
    bot.version = "stream-1.0"  # --bot-version: stated on every request, kept by the match
    stats = bot.run(mode="stream", practice="busca", options=BUSCA, stop_after=60)
    assert bot.me()["version"] == "stream-1.0"
    assert len(stats.results) == 1
    [match_id] = stats.results
    assert started == [match_id] and finished == [(match_id, stats.results[match_id])]
    assert bot.match(match_id)["seats"][0]["version"] == "stream-1.0"
    assert stats.moves > 0 and stats.rejected == 0
    assert stats.handed_back > stats.moves / 2, stats  # the stream repeats them: played once
    assert_played_through(platform.url, match_id)


def test_a_refused_move_falls_back_to_a_random_legal_one(platform: Platform) -> None:
    class Stubborn(RandomBot):
        tried = False

        def choose(self, view: dict[str, Any], legal_moves: list[dict[str, Any]]) -> Any:
            if not self.tried:
                self.tried = True
                return {"play": "ZZ"}  # no such card: 422 invalid_move
            return super().choose(view, legal_moves)

    bot = Stubborn(platform.url, platform.tokens["stubborn"], seed=3)
    stats = bot.run(mode="poll", practice="busca", options=BUSCA, stop_after=60)
    assert stats.rejected == 1 and stats.fallbacks == 1
    [match_id] = stats.results
    assert_played_through(platform.url, match_id)  # the fallback was ours, not a time-out


def test_a_webhook_bot_plays_a_whole_match(platform: Platform) -> None:
    hook_bot = Noting(seed=4)
    httpd = webhook_server(hook_bot, platform.webhook_secret, "127.0.0.1", platform.webhook_port)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        starter = Bot(platform.url, platform.tokens["hooked"])
        match_id = int(starter.start_match("busca", BUSCA)["id"])
        deadline = time.monotonic() + 60
        while starter.match(match_id)["status"] == "running":
            assert time.monotonic() < deadline, "the webhook match did not finish"
            time.sleep(0.3)
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert hook_bot.stats.moves > 0
    assert_played_through(platform.url, match_id)
    notes = notes_of(platform.url, platform.tokens["hooked"], match_id)
    assert len(notes) == hook_bot.stats.moves and all(
        " choices\nhand of " in n["text"] for n in notes
    )


def example(name: str) -> ModuleType:
    """Import ``examples/<name>.py`` (the examples folder is not a package: it goes on the path,
    as it is when an example runs, for the helpers the examples share)."""
    folder = str(ROOT / "examples")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    spec = importlib.util.spec_from_file_location(name, ROOT / "examples" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_two_client_bots_play_a_mano_a_mano_match(platform: Platform) -> None:
    # Two client bots face each other, so this needs no Buraco house strategy.
    rival = RandomBot(platform.url, platform.tokens["buraco-rival"], seed=5)
    rival_stats: list[Any] = []
    thread = threading.Thread(
        target=lambda: rival_stats.append(rival.run(mode="stream", max_matches=1, stop_after=60)),
        daemon=True,
    )
    thread.start()
    bot = example("buraco_mano_a_mano_bot").ManoAManoBot(platform.url, platform.tokens["buraco"])
    stats = bot.run(
        practice="buraco-mano-a-mano",
        options={"deals": 1},
        seats=["me", {"bot": "buraco-rival"}],
        stop_after=60,
    )
    thread.join(30)
    [(match_id, result)] = stats.results.items()
    assert sorted(result["places"]) in ([1, 2], [1, 1])
    assert rival_stats and list(rival_stats[0].results) == [match_id]
    assert_played_through(platform.url, match_id, seat=0)
    assert_played_through(platform.url, match_id, seat=1)


def test_poll_plays_a_mano_a_mano_match_against_the_house(platform: Platform) -> None:
    bot = GreedyBot(platform.url, platform.tokens["buraco-house"], seed=8)
    stats = bot.run(practice="buraco-mano-a-mano", options={"deals": 1}, stop_after=60)
    [(match_id, result)] = stats.results.items()
    assert len(result["places"]) == 2 and stats.rejected == 0
    assert_played_through(platform.url, match_id)


def test_the_client_survives_a_server_restart(tmp_path: Path) -> None:
    env, made = set_up(tmp_path, {"restarter": ()})
    token = made["restarter"]["token"]
    port = free_port()
    url = f"http://127.0.0.1:{port}"

    def serve(log: str) -> Process:
        args = [PYTHON, "manage.py", "serve", "--port", str(port)]
        process = start(args, env, tmp_path / log)
        wait_healthy(url, process)
        return process

    three_moves = threading.Event()

    class Counting(RandomBot):
        def choose(self, view: dict[str, Any], legal_moves: list[dict[str, Any]]) -> Any:
            if self.stats.moves >= 3:
                three_moves.set()
            return super().choose(view, legal_moves)

    bot = Counting(url, token, seed=6)
    outcome: list[Any] = []
    first = serve("web-1.log")
    runner = threading.Thread(
        target=lambda: outcome.append(
            bot.run(mode="poll", practice="busca", options=BUSCA, stop_after=80)
        ),
        daemon=True,
    )
    runner.start()
    second: Process | None = None
    try:
        assert three_moves.wait(30), "the bot did not get going"
        first.stop()
        time.sleep(1)  # the client now fails to connect and backs off
        second = serve("web-2.log")
        runner.join(75)
        assert outcome, "the bot did not finish its match after the restart"
        stats = outcome[0]
        assert stats.retries > 0
        [match_id] = stats.results
        moves = log_of(url, match_id)
        assert [m["turn"] for m in moves] == list(range(len(moves)))
    finally:
        first.stop()
        if second is not None:
            second.stop()


def sign(secret: str, stamp: str, body: bytes) -> str:
    return (
        "sha256="
        + hmac.new(secret.encode(), f"{stamp}.".encode() + body, hashlib.sha256).hexdigest()
    )


def test_verify_webhook_accepts_a_good_signature_and_rejects_bad_or_old_ones() -> None:
    body = b'{"match":1,"turn":0}'
    now = str(int(time.time()))
    assert verify_webhook("s3cret", now, body, sign("s3cret", now, body))
    assert verify_webhook("s3cret", now, body.decode(), sign("s3cret", now, body))
    assert not verify_webhook("s3cret", now, body, sign("other", now, body))
    assert not verify_webhook("s3cret", now, body + b" ", sign("s3cret", now, body))
    assert not verify_webhook("s3cret", now, body, "sha256=" + "0" * 64)
    assert not verify_webhook("s3cret", now, body, "")
    old = str(int(time.time()) - 301)
    assert not verify_webhook("s3cret", old, body, sign("s3cret", old, body))
    assert verify_webhook("s3cret", old, body, sign("s3cret", old, body), max_age=600)
    assert not verify_webhook("s3cret", "soon", body, sign("s3cret", "soon", body))


@pytest.mark.parametrize(
    ("name", "cls", "game", "options"),
    [
        ("busca_bot", "BuscaBot", "busca", {}),
        ("busca_bot", "BuscaBot", "busca", {"players": 3}),
        ("buraco_cerrado_bot", "CerradoBot", "buraco-cerrado", {"deals": 1}),
        ("buraco_mano_a_mano_bot", "ManoAManoBot", "buraco-mano-a-mano", {"deals": 1}),
    ],
)
def test_example_bots_choose_legal_moves_in_whole_games(
    name: str, cls: str, game: str, options: dict[str, Any]
) -> None:
    from games import engine

    bot: Bot = getattr(example(name), cls)(seed=7)
    rules = engine.get(game)
    for seed in range(3):
        state = rules.new(seed, **options)
        while (seat := rules.to_move(state)) is not None:
            legal = [rules.move_json(m) for m in rules.legal_moves(state)]
            move = bot.choose(rules.view(state, seat), legal)
            assert move in legal
            state = rules.apply(state, rules.parse_move(move))


def test_the_command_line_reads_the_address_from_cardtables_url(platform: Platform) -> None:
    """docs/bots.md's five-minute bot: CARDTABLES_URL instead of --url."""
    token = create_bot(platform.env, "from-env")["token"]
    env = {**platform.env, "CARDTABLES_URL": platform.url}
    args = ["--token", token, "--strategy", "greedy", "--practice", "busca", "--matches", "1"]
    done = subprocess.run(
        [PYTHON, "-m", "bots.client", *args, "--options", '{"eliminate_at": 3}'],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=90,
    )
    assert done.returncode == 0, done.stderr
    assert f"on {platform.url}, poll mode" in done.stderr
    assert "finished: place" in done.stderr


def test_a_connection_error_names_the_address(tmp_path: Path) -> None:
    """A bot pointed at the wrong address says which address it tried, and how to change it."""
    nowhere = f"http://127.0.0.1:{free_port()}"
    done = subprocess.run(
        [PYTHON, "-m", "bots.client", "--token", "ctb_x"],
        cwd=ROOT,
        env={**environment(tmp_path), "CARDTABLES_URL": nowhere},
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 1, done.stderr
    assert f"cannot reach the platform at {nowhere}" in done.stderr
    assert "CARDTABLES_URL" in done.stderr


def test_think_waits_before_each_choice_and_refuses_bad_values(capsys: Any) -> None:
    """``--think SECONDS`` makes a bot as slow as one that thinks: 0 to 60 s, else a clear no."""
    from bots.client import parser

    assert parser().parse_args(["--token", "t", "--think", "0.05"]).think == 0.05
    assert parser().parse_args(["--token", "t"]).think == 0.0
    for bad, why in [("-1", "between 0 and 60"), ("61", "between 0 and 60"), ("soon", "not a")]:
        with pytest.raises(SystemExit):
            parser().parse_args(["--token", "t", "--think", bad])
        assert why in capsys.readouterr().err


def test_the_guides_log_lines_are_the_clients_format() -> None:
    """The lines the guide shows (docs/bots.md, step 4) are what the client prints."""
    from bots.client import LOG_FORMAT, LOG_TIME

    guide = (ROOT / "docs" / "bots.md").read_text()
    shown = re.findall(r"^(\d\d:\d\d:\d\d INFO .+)$", guide, flags=re.MULTILINE)
    assert len(shown) >= 3, "the guide shows no client log lines"
    record = logging.LogRecord(
        "bots.client", logging.INFO, __file__, 1, "match 1 started", (), None
    )
    printed = logging.Formatter(LOG_FORMAT, LOG_TIME).format(record)
    assert re.fullmatch(r"\d\d:\d\d:\d\d INFO match 1 started", printed), printed
    assert any(line.endswith("INFO match 1 started (busca)") for line in shown)
