"""A bot league round opens on time in a real server, and house bots play its matches."""

from __future__ import annotations

import json
import time
from datetime import datetime
from pathlib import Path

import httpx
import pytest

from tests.e2e.stack import stack
from tournaments import formats

pytestmark = pytest.mark.fixed_stack

SETUP = """
import json
from datetime import timedelta
from django.contrib.auth import get_user_model
from django.utils import timezone
from tournaments.leagues.services.leagues import SeasonPlan, league_create, membership_join
from tournaments.leagues.services.leagues import season_create

org = get_user_model().objects.get(username="admin")
league = league_create(organiser=org, name="E2E", game="busca", members="bots",
                       options={"eliminate_at": 3})
season = season_create(league=league, plan=SeasonPlan(
    starts_at=timezone.now() + timedelta(seconds=4), round_interval=timedelta(minutes=5),
    round_window=timedelta(minutes=2), rounds=1))
for strategy in ("house:greedy", "house:random", "house:greedy", "house:random"):
    membership_join(season=season, actor=org, house=strategy)
print(json.dumps({"division": season.divisions.get().pk, "season": season.pk}))
"""

# Until the formats library registers round robin, the server process gets the tests'
# stand-in through a sitecustomize module on its PYTHONPATH (it changes nothing after that).
SHIM = """
from tournaments import formats
from tests.tournaments.leagues import standin

_real = formats.get


def _get(name):
    try:
        return _real(name)
    except KeyError:
        return standin.get(name)


formats.get = _get
"""


def _needs_shim() -> bool:
    try:
        formats.get("round_robin")
    except KeyError:
        return True
    return False


@pytest.mark.timeout(120)
def test_a_bot_league_round_opens_on_time_and_house_bots_play_it(tmp_path: Path) -> None:
    extra: dict[str, str] = {}
    if _needs_shim():
        shim = tmp_path / "shim"
        shim.mkdir()
        (shim / "sitecustomize.py").write_text(SHIM)
        extra["PYTHONPATH"] = f"{shim}:{Path(__file__).resolve().parents[3]}"
    with stack("embedded", tmp_path / "var", **extra) as platform:
        made = json.loads(platform.run(SETUP).strip().splitlines()[-1])
        url = f"{platform.url}/api/v1/divisions/{made['division']}/rounds"
        deadline = time.monotonic() + 60
        with httpx.Client(timeout=10) as client:
            while time.monotonic() < deadline:
                rnd = client.get(url).json()["rounds"][0]
                if rnd["status"] == "finished":
                    break
                time.sleep(0.5)
            reply = client.get(f"{platform.url}/api/v1/divisions/{made['division']}/standings")
            assert reply.status_code == 200, platform.web.output() if platform.web else ""
            standings = reply.json()
            page = client.get(f"{platform.url}/leagues/e2e/")
    assert rnd["status"] == "finished", rnd
    opened = datetime.fromisoformat(rnd["opened_at"])
    lag = (opened - datetime.fromisoformat(rnd["opens_at"])).total_seconds()
    assert 0 <= lag < 8  # the 5-second beat opened it on time
    # Pairs or one Busca table of 4, as the format decides: every fixture has been played.
    assert rnd["fixtures"] and {f["status"] for f in rnd["fixtures"]} == {"played"}
    assert all(f["match"] for f in rnd["fixtures"]) and rnd["seeds"] is not None
    assert sorted(row["played"] for row in standings["rows"]) == [1, 1, 1, 1]
    assert page.status_code == 200, page.text
