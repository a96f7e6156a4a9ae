"""A house entrant keeps its event letter at the table ("Greedy house bot B" in the standings
and on the table alike, issue 24): a match's seat gives it as ``tag``."""

from __future__ import annotations

from typing import Any

import pytest

from games.house_names import house_label
from games.models import Match
from games.pages import seat_name
from games.selectors import seats_of
from tests.tournaments.conftest import house_tournament
from tournaments.models import Entry, Pairing
from tournaments.services.tournaments import tournament_start

pytestmark = pytest.mark.django_db


def test_a_tables_house_seats_carry_their_entrants_letters(organiser: Any) -> None:
    tournament = house_tournament(organiser, "busca", "table_knockout", 8)
    tournament_start(tournament_id=tournament.pk, user=organiser)
    labels = {e.pk: e.label for e in Entry.objects.filter(tournament=tournament)}
    seen = set()
    for pairing in Pairing.objects.filter(tournament=tournament):
        for match in Match.objects.filter(tournament_game__pairing=pairing):
            entrants = {labels[e] for e in pairing.entries}
            for seat in seats_of(match):
                name = house_label(seat["name"], seat["tag"] or "")
                assert name in entrants, (name, entrants)
                seen.add(name)
            for row in match.seats.all():
                assert seat_name(row) in entrants
    # Letters beyond the table's own seat order were given: "Greedy house bot C" and so on.
    assert {"Greedy house bot C", "Random house bot D"} <= seen
