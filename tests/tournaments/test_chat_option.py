"""A tournament's ``chat`` option (issue 25): the organiser turns free-text chat on for the
event's tables; off by default; not a rule option; anything but true or false is refused."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Match
from tests.tournaments.conftest import house_tournament
from tournaments.services.errors import TournamentError
from tournaments.services.tournaments import tournament_start

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("chat", "on"), [(None, False), (False, False), (True, True)])
def test_the_tables_chat_as_the_event_says(organiser: Any, chat: bool | None, on: bool) -> None:
    options: dict[str, Any] = {"deals": 1} | ({} if chat is None else {"chat": chat})
    cup = house_tournament(
        organiser, "buraco-mano-a-mano", "single_elimination", 2, options=options
    )
    tournament_start(tournament_id=cup.pk, user=organiser)
    matches = Match.objects.filter(tournament_game__pairing__tournament=cup)
    assert matches.exists() and all(m.chat is on for m in matches)
    assert all("chat" not in m.options for m in matches)  # the engine never sees it


@pytest.mark.parametrize("bad", ["yes", 1, None])
def test_chat_is_true_or_false(organiser: Any, bad: Any) -> None:
    with pytest.raises(TournamentError, match="chat must be true or false"):
        house_tournament(
            organiser, "buraco-mano-a-mano", "single_elimination", 2, options={"chat": bad}
        )
