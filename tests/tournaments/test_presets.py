"""The tournament form starts from presets, each of which makes a tournament that can run."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tournaments.models import Tournament
from tournaments.presets import PRESETS

pytestmark = pytest.mark.django_db


@pytest.fixture
def client(settings: Any) -> Client:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    person = get_user_model().objects.create_user("org", "org@example.org", "a-long-password-1")
    c = Client()
    c.force_login(person)
    return c


def form_values(page: str) -> dict[str, str]:
    """Read the values a browser would send from the rendered form (no JS, details closed)."""
    start = page.index('<form method="post" class="stack"')
    form = page[start:page.index("</form>", start)]
    values: dict[str, str] = {}
    for tag in re.findall(r"<input[^>]*>", form):
        name = re.search(r'name="([^"]+)"', tag)
        if not name:
            continue
        kind = re.search(r'type="([^"]+)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        if kind and kind.group(1) == "checkbox":
            if " checked" in tag:
                values[name.group(1)] = "on"
        elif value:
            values[name.group(1)] = value.group(1)
    for name, body in re.findall(r'<select name="([^"]+)"[^>]*>(.*?)</select>', form, re.S):
        chosen = re.search(r'<option value="([^"]*)"[^>]*selected', body)
        assert chosen, f"nothing chosen in {name}"
        values[name] = chosen.group(1)
    return values


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.key)
def test_each_preset_fills_the_form_and_makes_a_valid_tournament(
    client: Client, preset: Any
) -> None:
    page = client.get(f"/tournaments/new?preset={preset.key}").content.decode()
    assert str(preset.title) in page and 'id="advanced-options"' in page
    values = form_values(page)
    assert "<details" in page and not any("{" in value for value in values.values())
    assert values["game"] == preset.fields["game"] and values["format"] == preset.fields["format"]
    values["name"] = f"Cup {preset.key}"
    created = client.post("/tournaments/new", values)
    assert created.status_code == 302, created.content.decode()[-2000:]
    tournament = Tournament.objects.get(name=f"Cup {preset.key}")
    assert tournament.game == preset.fields["game"]
    assert tournament.format == preset.fields["format"]
    assert tournament.open_to == preset.fields["open_to"]
    assert tournament.capacity == preset.fields["capacity"]


def test_the_named_presets_exist() -> None:
    titles = [str(p.title) for p in PRESETS]
    assert "Busca table knockout, 16 people" in titles and "Mano a Mano bots, Swiss" in titles


def test_a_format_the_game_does_not_have_is_refused_in_words_with_the_options_open(
    client: Client,
) -> None:
    page = client.get("/tournaments/new?preset=busca-knockout-people").content.decode()
    values = {**form_values(page), "name": "Odd cup", "format": "single_elimination"}
    answer = client.post("/tournaments/new", values)
    assert answer.status_code == 400
    text = answer.content.decode()
    assert "Busca is played as: table knockout, Swiss, round robin." in text
    assert '<details id="advanced-options" open>' in text
    assert "single_elimination" not in text.split('<select name="format"')[0]


def test_messages_say_what_happened(client: Client) -> None:
    page = client.get("/tournaments/new?preset=busca-knockout-people").content.decode()
    client.post("/tournaments/new", {**form_values(page), "name": "Noche de Busca"})
    tournament = Tournament.objects.get(name="Noche de Busca")
    opened = client.post(f"/tournaments/{tournament.pk}/open", follow=True).content.decode()
    assert "Noche de Busca is open for entries." in opened
    entered = client.post(
        f"/tournaments/{tournament.pk}/entries", {"kind": "user"}, follow=True
    ).content.decode()
    assert "You entered Noche de Busca." in entered and "Done." not in entered
