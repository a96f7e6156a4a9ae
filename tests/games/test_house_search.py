"""The search house bots (house:ismcts, house:ismcts-fast) are offered wherever house bots are:
practice seats over the API, and they play their seats' turns."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from games.models import Move
from tests.games.conftest import advance

# The long-poll reads the database from the shared thread pool: the data must be committed.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(
    ("game", "seats"),
    [
        ("busca", ["me", "house:ismcts-fast", "house:ismcts", "house:greedy"]),
        ("buraco-mano-a-mano", ["me", "house:ismcts-fast"]),
    ],
)
def test_a_practice_match_seats_search_house_bots(
    api: APIClient, game: str, seats: list[str]
) -> None:
    options: dict[str, Any] = {"eliminate_at": 5} if game == "busca" else {"deals": 1}
    response = api.post(
        "/api/v1/matches", {"game": game, "options": options, "seats": seats}, format="json"
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert [s["kind"] for s in body["seats"]] == ["bot"] + ["house"] * (len(seats) - 1)
    match = advance(body["id"])
    assert match.to_move == 0 or not match.is_running
    # Turn by turn until each search seat has played: the bot plays its first legal move.
    for _ in range(40):
        played = set(
            Move.objects.filter(match=match, by=Move.By.HOUSE).values_list("seat", flat=True)
        )
        if {1}.issubset(played) and (game != "busca" or 2 in played):
            break
        listed = api.get("/api/v1/bot/turns")
        assert listed.status_code == 200, listed.json()
        turn = listed.json()["turns"][0]
        reply = api.post(
            f"/api/v1/matches/{match.pk}/moves",
            {"turn": turn["turn"], "move": turn["legal_moves"][0]},
            format="json",
        )
        assert reply.status_code == 200, reply.json()
        match = advance(match.pk)
    else:
        raise AssertionError("the search seats never played")


def test_an_unknown_house_level_is_refused(api: APIClient) -> None:
    response = api.post(
        "/api/v1/matches",
        {"game": "busca", "seats": ["me", "house:ismcts-slow", "house:greedy", "house:greedy"]},
        format="json",
    )
    assert response.status_code == 400
    assert "house:ismcts" in response.json()["detail"]


def test_tournament_labels_name_the_search_levels_in_words() -> None:
    from tournaments.words import name_words

    assert name_words("Fast search house bot B") == "Fast search house bot B"
    assert name_words("ana (house: house:ismcts)") == "ana (the search house bot plays for them)"
