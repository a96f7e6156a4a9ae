"""Schemathesis over the whole API schema, as a bot and as a signed-in person, on a live server.

It checks that no request gets a server error and that every answer is in the schema (status
codes, content types, bodies). The run is bounded: schemathesis' coverage phase (the edge
values of every parameter and field, about 60 cases per operation) plus ``FUZZ_EXAMPLES`` random
cases per operation (15 by default): three to four minutes on two cores. Run it longer by hand::

    FUZZ_EXAMPLES=500 .venv/bin/pytest tests/platform/test_schema_fuzz.py -p no:cacheprovider

The platform runs as real processes (tests/e2e/stack.py) in the mode of this test run: scaled
out (PostgreSQL + Redis, a worker and beat) when ``DATABASE_URL`` is set, as in .ci/run's
second pass, else embedded. The server runs with ``LONG_POLL_MAX=1``, so the schema bounds
the long-poll's ``wait`` to 1 s and the fuzzer cannot park on it for 30 s a case.

Left out, with the reason:
- ``GET /api/v1/bot/events``: a stream that never ends by design (keep-alives every 15 s).
  Its admission (token, rate limit, method) is the same code as ``/bot/turns``, which is
  fuzzed, and tests/e2e/test_pull_bots.py plays whole matches over it.
- ``POST /api/v1/auth/logout``, ``/signup`` and ``/login`` in the person's run: they end or
  replace the session the run uses. They take no session, and the bot's run calls them.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import httpx
import pytest

from tests.e2e.stack import stack
from tests.processes import PYTHON, ROOT

FUZZ_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "15"))
MODE = "scaled" if os.environ.get("DATABASE_URL") else "embedded"
CHECKS = ",".join(
    [
        "not_a_server_error",
        "status_code_conformance",
        "content_type_conformance",
        "response_schema_conformance",
    ]
)
NEVER_ENDS = "/api/v1/bot/events"
ENDS_THE_SESSION = ["/api/v1/auth/logout", "/api/v1/auth/signup", "/api/v1/auth/login"]


def seed_data(url: str, session: httpx.Client, bot: httpx.Client) -> None:
    """Give the fuzzer objects to find: a league with a one-member division, a tournament,
    practice matches (small ids come up often in generated paths)."""
    league = session.post(
        f"{url}/api/v1/leagues",
        json={"name": "Fuzz league", "game": "buraco-mano-a-mano", "members": "bots"},
    )
    assert league.status_code == 201, league.text
    season = session.post(
        f"{url}/api/v1/leagues/{league.json()['slug']}/seasons",
        json={
            "starts_at": "2031-01-06T18:00:00Z",
            "round_interval": 604800,
            "round_window": 86400,
            "rounds": 2,
        },
    )
    assert season.status_code == 201, season.text
    member = session.post(
        f"{url}/api/v1/seasons/{season.json()['id']}/members", json={"house": "house:greedy"}
    )
    assert member.status_code in (201, 403), member.text
    tournament = session.post(
        f"{url}/api/v1/tournaments",
        json={"name": "Fuzz cup", "game": "busca", "format": "table_knockout"},
    )
    assert tournament.status_code == 201, tournament.text
    for body in ({"game": "busca", "options": {"eliminate_at": 3}}, {"game": "buraco-mano-a-mano"}):
        match = bot.post(f"{url}/api/v1/matches", json=body)
        assert match.status_code == 201, match.text


def signed_in(url: str) -> httpx.Client:
    """Sign a new person up through the API; return a client with the session and CSRF token."""
    client = httpx.Client(timeout=30)
    reply = client.post(
        f"{url}/api/v1/auth/signup",
        json={"username": "fuzzer", "email": "fuzzer@example.org", "password": "a-long-pass-123"},
    )
    assert reply.status_code == 201, reply.text
    client.headers["X-CSRFToken"] = client.cookies["csrftoken"]
    return client


def schemathesis(
    url: str, headers: dict[str, str], exclude: list[str], log: Path
) -> subprocess.Popen[bytes]:
    """Start schemathesis over the schema at ``url``, its report going to ``log``.

    One worker per run: the bot's and the person's runs go side by side instead (Hypothesis
    is not thread-safe enough for several workers in one process).
    """
    args = [
        PYTHON,
        "-m",
        "schemathesis.cli",
        "run",
        f"{url}/api/schema/",
        "--checks",
        CHECKS,
        "--max-examples",
        str(FUZZ_EXAMPLES),
        "--phases",
        "examples,coverage,fuzzing",
        "--workers",
        "1",
        "--request-timeout",
        "30",
        "--seed",
        os.environ.get("FUZZ_SEED", "20261201"),
        "--no-shrink",
    ]
    for name, value in headers.items():
        args += ["--header", f"{name}: {value}"]
    for path in exclude:
        args += ["--exclude-path", path]
    with log.open("wb") as out:
        return subprocess.Popen(
            args, cwd=log.parent, stdout=out, stderr=subprocess.STDOUT, env=_plain_env()
        )


def finished(run: subprocess.Popen[bytes], log: Path) -> str:
    """Wait for a schemathesis run; return its report; fail on any finding."""
    try:
        code = run.wait(timeout=1200)
    except subprocess.TimeoutExpired:
        run.kill()
        raise
    report = log.read_text(errors="replace")
    assert code == 0, f"schemathesis found problems (full report: {log}):\n{report[-15000:]}"
    assert "Tested: " in report
    return report


def _plain_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SCHEMATHESIS_")}
    env["PYTHONPATH"] = str(ROOT)
    return env


@pytest.mark.timeout(1500)
def test_the_whole_schema_as_a_bot_and_as_a_person(tmp_path: Path) -> None:
    settings = {"BOT_RATE_LIMIT": "1000000", "LONG_POLL_MAX": "1"}
    with stack(MODE, tmp_path, **settings) as platform:
        token = platform.createbot("fuzzer-bot")["token"]
        session = signed_in(platform.url)
        bot = httpx.Client(headers={"Authorization": f"Bearer {token}"}, timeout=30)
        seed_data(platform.url, session, bot)
        schema = httpx.get(f"{platform.url}/api/schema/?format=json", timeout=30).json()
        assert (
            schema["paths"]["/api/v1/bot/turns"]["get"]["parameters"][0]["schema"]["maximum"] == 1
        )
        bot_log, person_log = (
            tmp_path / "schemathesis-bot.txt",
            tmp_path / "schemathesis-person.txt",
        )
        cookies = "; ".join(f"{k}={v}" for k, v in session.cookies.items())
        person = {
            "Cookie": cookies,
            "X-CSRFToken": session.cookies["csrftoken"],
            # Not a Bearer token, so the server reads the session; without a header of its own
            # schemathesis would invent Bearer tokens for the operations that accept one.
            "Authorization": "Session",
        }
        runs = [
            (
                schemathesis(
                    platform.url, {"Authorization": f"Bearer {token}"}, [NEVER_ENDS], bot_log
                ),
                bot_log,
            ),
            (
                schemathesis(platform.url, person, [NEVER_ENDS, *ENDS_THE_SESSION], person_log),
                person_log,
            ),
        ]
        try:
            for run, log in runs:
                finished(run, log)
        finally:
            for run, _ in runs:
                if run.poll() is None:
                    run.kill()
                    run.wait()
        assert session.get(f"{platform.url}/api/v1/auth/me").status_code == 200
