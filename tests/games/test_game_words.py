"""Games in people's words: names, match titles, house bots by their style."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from games import pages
from games.forms import TableForm
from games.models import Seat
from games.services.matches import SeatSpec, match_create


@pytest.mark.django_db
def test_live_matches_name_house_bots_in_words_and_titles_the_match() -> None:
    user = get_user_model().objects.create_user("noa", "noa@example.org", "a-long-password-4")
    match = match_create(
        game="buraco-mano-a-mano",
        seats=[
            SeatSpec(kind=Seat.Kind.USER, user_id=user.pk),
            SeatSpec(kind=Seat.Kind.HOUSE, strategy="house:greedy"),
        ],
        seed=3,
    )
    [row] = [r for r in pages.live_matches() if r["match"].pk == match.pk]
    assert row["players"] == ["noa", "Greedy house bot"]
    assert row["game"] == "Buraco Mano a Mano"
    assert pages.match_title(match) == f"Buraco Mano a Mano #{match.pk}"


def test_the_play_form_names_house_bots_by_style() -> None:
    choices = dict(TableForm().fields["others"].choices)  # type: ignore[attr-defined]
    assert str(choices["house:greedy"]) == "Greedy house bot"
    assert str(choices["house:random"]) == "Random house bot"
