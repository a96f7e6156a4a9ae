"""The Play form reads and judges only the options of the chosen game."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games.forms import TableForm
from games.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def client(settings: Any) -> Client:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    person = get_user_model().objects.create_user("ana", "ana@example.org", "a-long-password-1")
    c = Client()
    c.force_login(person)
    return c


def test_busca_options_are_read_and_buraco_options_ignored_even_when_wrong() -> None:
    form = TableForm(
        {"game": "busca", "players": "3", "eliminate_at": "21", "target": "nonsense",
         "deals": "-4", "move_timeout": "30", "others": "invite"}
    )
    assert form.is_valid(), form.errors
    assert form.options() == {"players": 3, "eliminate_at": 21}


def test_buraco_options_are_judged_in_words_and_busca_options_ignored() -> None:
    form = TableForm(
        {"game": "buraco-cerrado", "target": "50", "players": "9", "eliminate_at": "x",
         "move_timeout": "30", "others": "invite"}
    )
    assert not form.is_valid()
    assert set(form.errors) == {"target"}
    assert form.errors["target"] == ["Points to win must be at least 100."]
    form = TableForm(
        {"game": "buraco-mano-a-mano", "target": "", "deals": "2", "move_timeout": "30",
         "others": "invite"}
    )
    assert form.is_valid(), form.errors
    assert form.options() == {"target": 3000, "deals": 2}


def test_the_page_groups_options_by_game_with_their_explanations_and_rules(client: Client) -> None:
    page = client.get("/play/").content.decode()
    assert 'data-option-group="busca" data-games="busca"' in page
    assert 'data-games="buraco-cerrado buraco-mano-a-mano"' in page
    assert "a player who reaches this many is out" in page
    assert "Leave empty to play to the points above" in page
    assert 'href="/rules/busca/"' in page and 'href="/rules/buraco-cerrado/"' in page
    assert 'id="rules-labels"' in page and "games/play.js" in page


def test_a_table_opens_with_the_chosen_games_options_only(client: Client) -> None:
    answer = client.post(
        "/play/",
        {"game": "busca", "players": "2", "eliminate_at": "15", "target": "7",
         "deals": "99", "move_timeout": "20", "others": "house:greedy"},
    )
    assert answer.status_code == 302
    table = Table.objects.get()
    assert table.options == {"players": 2, "eliminate_at": 15} and not table.rated
    lobby = client.get(answer["Location"]).content.decode()
    assert "You opened a table of Busca" in lobby
    assert "Players: 2" in lobby and "Out at: 15" in lobby
    assert "Seat 0" not in lobby and "Host" in lobby


def test_a_wrong_seconds_per_move_is_said_in_words(client: Client) -> None:
    answer = client.post(
        "/play/", {"game": "busca", "players": "4", "move_timeout": "1", "others": "invite"}
    )
    assert answer.status_code == 400
    assert "Seconds per move must be at least 5." in answer.content.decode()
