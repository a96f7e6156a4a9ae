"""A league's ``chat`` option (issue 25): as for tournaments, the organiser turns free-text chat
on for the league's tables; off by default; the engine never sees it; only true or false."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from games.models import Match
from tests.tournaments.leagues.conftest import T0
from tournaments.leagues.models import League, Season
from tournaments.leagues.services.errors import LeagueError
from tournaments.leagues.services.leagues import membership_join
from tournaments.leagues.services.rounds import leagues_tick

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("chat", "on"), [(None, False), (False, False), (True, True)])
def test_the_league_tables_chat_as_the_league_says(
    make_league: Callable[..., League],
    make_season: Callable[..., Season],
    organiser: Any,
    chat: bool | None,
    on: bool,
) -> None:
    options: dict[str, Any] = {"deals": 1} | ({} if chat is None else {"chat": chat})
    season = make_season(make_league(**options))
    for _ in range(4):
        membership_join(season=season, actor=organiser, house="house:greedy")
    assert leagues_tick(now=T0).opened
    matches = list(Match.objects.all())
    assert len(matches) == 2 and all(m.chat is on for m in matches)
    assert all(m.options == {"deals": 1} for m in matches)  # the engine never sees it


@pytest.mark.parametrize("bad", ["yes", 1, None])
def test_a_league_chat_is_true_or_false(make_league: Callable[..., League], bad: Any) -> None:
    with pytest.raises(LeagueError, match="chat must be true or false"):
        make_league(deals=1, chat=bad)
