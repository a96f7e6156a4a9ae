"""Every 4xx and 5xx under /api/ is {"error", "detail"} JSON; no input makes a server error."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client, override_settings
from rest_framework.test import APIClient

from tests.games.test_match_api import my_turn, start

pytestmark = pytest.mark.django_db(transaction=True)

HUGE = 10**20  # beyond the database's bigint


def is_error(reply: Any, status: int, code: str) -> None:
    assert reply.status_code == status, (reply.status_code, reply.content[:300])
    assert reply["Content-Type"].startswith("application/json"), reply["Content-Type"]
    body = reply.json()
    assert set(body) >= {"error", "detail"}, body
    assert body["error"] == code, body
    assert isinstance(body["detail"], str) and body["detail"]


@pytest.mark.parametrize(
    "url", ["/api/v1/nowhere", "/api/nowhere/", "/api/v1/matches/abc", "/api/v1/matches/1/x"]
)
def test_an_unknown_url_under_api_is_a_json_404(url: str) -> None:
    is_error(Client().get(url), 404, "not_found")
    is_error(Client().post(url, {}), 404, "not_found")


def test_an_unknown_page_outside_api_stays_html() -> None:
    reply = Client().get("/nowhere/")
    assert reply.status_code == 404 and reply["Content-Type"].startswith("text/html")


@override_settings(ROOT_URLCONF="tests.platform.failing_urls")
def test_a_server_error_under_api_is_json_and_stays_html_elsewhere() -> None:
    client = Client(raise_request_exception=False)
    is_error(client.get("/api/v1/test-bug"), 500, "server_error")
    is_error(client.get("/api/v1/test-plain-bug"), 500, "server_error")
    assert "a bug" not in client.get("/api/v1/test-bug").json()["detail"]  # no internals
    page = client.get("/test-bug/")
    assert page.status_code == 500 and page["Content-Type"].startswith("text/html")
    is_error(client.get("/api/v1/nowhere"), 404, "not_found")


def test_method_not_allowed_and_unsupported_media_type(api: APIClient) -> None:
    is_error(api.delete("/api/v1/matches"), 405, "method_not_allowed")
    is_error(api.put("/api/v1/bot/turns"), 405, "method_not_allowed")
    is_error(api.post("/api/v1/bot/events"), 405, "method_not_allowed")
    reply = api.post("/api/v1/matches", data="game=busca", content_type="text/plain")
    is_error(reply, 415, "unsupported_media_type")


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/matches/{id}",
        "/api/v1/matches/{id}/log",
        "/api/v1/divisions/{id}",
        "/api/v1/divisions/{id}/standings",
        "/api/v1/divisions/{id}/rounds",
        "/api/v1/seasons/{id}",
        "/api/v1/league-rounds/{id}",
        "/api/v1/tournaments/{id}",
    ],
)
@pytest.mark.parametrize("number", [987654, HUGE])
def test_an_unknown_id_on_get_is_not_found(api: APIClient, path: str, number: int) -> None:
    is_error(api.get(path.format(id=number)), 404, "not_found")


@pytest.mark.parametrize("number", [987654, HUGE])
def test_an_unknown_id_on_post_is_not_found(api: APIClient, number: int) -> None:
    body = {"turn": 0, "move": {"play": "4C"}}
    is_error(api.post(f"/api/v1/matches/{number}/moves", body, format="json"), 404, "not_found")
    is_error(api.post(f"/api/v1/matches/{number}/resign", {}, format="json"), 404, "not_found")


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("depth", [5000, 100])
def test_a_deeply_nested_move_is_a_400(api: APIClient, depth: int) -> None:
    match = start(api, options={"eliminate_at": 5})
    turn = my_turn(api, match["id"])
    body = json.dumps({"turn": turn["turn"], "move": {"play": "@"}}).replace('"@"', nested(depth))
    reply = Client(raise_request_exception=False).post(
        f"/api/v1/matches/{match['id']}/moves",
        data=body,
        content_type="application/json",
        HTTP_AUTHORIZATION=api._credentials["HTTP_AUTHORIZATION"],
    )
    is_error(reply, 400, "parse_error")
    assert "deep" in reply.json()["detail"]
    fine = api.post(
        f"/api/v1/matches/{match['id']}/moves",
        {"turn": turn["turn"], "move": turn["legal_moves"][0]},
        format="json",
    )
    assert fine.status_code == 200, fine.content


def test_deep_options_and_seats_are_a_400(api: APIClient) -> None:
    client = Client(raise_request_exception=False)
    auth = api._credentials["HTTP_AUTHORIZATION"]
    for body in (
        json.dumps({"game": "busca", "options": {"x": "@"}}).replace('"@"', nested(5000)),
        json.dumps({"game": "busca", "seats": "@"}).replace('"@"', nested(3000)),
    ):
        reply = client.post(
            "/api/v1/matches", data=body, content_type="application/json", HTTP_AUTHORIZATION=auth
        )
        is_error(reply, 400, "parse_error")


@pytest.fixture
def organiser(owner: Any) -> APIClient:
    client = APIClient()
    client.force_login(owner)
    return client


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("check_in_minutes", 10**20),
        ("check_in_minutes", 10**6),
        ("capacity", 10**20),
        ("swiss_rounds", 10**20),
        ("move_timeout", 1e300),
        ("advance", 10**20),
        ("tiebreak_boards", 21),
        ("tiebreak_boards", -1),
    ],
)
def test_tournament_numbers_beyond_their_bounds_are_a_400(
    organiser: APIClient, field: str, value: Any
) -> None:
    body = {"name": "Big", "game": "busca", "format": "table_knockout", field: value}
    if field == "swiss_rounds":
        body["format"] = "swiss"
    if field == "check_in_minutes":
        body["check_in"] = True
    reply = organiser.post("/api/v1/tournaments", body, format="json")
    is_error(reply, 400, "invalid")
    assert field in reply.json()["detail"]


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("round_interval", 1e300),
        ("round_window", 1e300),
        ("round_interval", 10**20),
        ("promote", 10**20),
        ("relegate", 10**20),
    ],
)
def test_season_numbers_beyond_their_bounds_are_a_400(
    organiser: APIClient, field: str, value: Any
) -> None:
    reply = organiser.post(
        "/api/v1/leagues",
        {"name": "Huge", "game": "buraco-mano-a-mano", "members": "bots"},
        format="json",
    )
    assert reply.status_code == 201, reply.content
    season = {
        "starts_at": "2030-01-07T18:00:00+00:00",
        "round_interval": 604800,
        "round_window": 86400,
        "rounds": 3,
        field: value,
    }
    reply = organiser.post(f"/api/v1/leagues/{reply.json()['slug']}/seasons", season, format="json")
    is_error(reply, 400, "invalid")
    assert field in reply.json()["detail"]


def test_join_with_an_id_beyond_bigint_is_not_a_server_error(organiser: APIClient) -> None:
    league = organiser.post(
        "/api/v1/leagues",
        {"name": "Ids", "game": "buraco-mano-a-mano", "members": "bots"},
        format="json",
    ).json()
    season = organiser.post(
        f"/api/v1/leagues/{league['slug']}/seasons",
        {
            "starts_at": "2030-01-07T18:00:00+00:00",
            "round_interval": 604800,
            "round_window": 86400,
            "rounds": 3,
        },
        format="json",
    ).json()
    for body in ({"bot": HUGE}, {"division": HUGE, "house": "house:greedy"}):
        reply = organiser.post(f"/api/v1/seasons/{season['id']}/members", body, format="json")
        assert reply.status_code in (400, 404), reply.content
        assert set(reply.json()) >= {"error", "detail"}


def test_json_error_bodies_are_json(api: APIClient) -> None:
    reply = api.post("/api/v1/matches", data="{oops", content_type="application/json")
    is_error(reply, 400, "parse_error")
    assert json.loads(reply.content)["detail"]


@pytest.mark.parametrize("path", ["/api/v1/auth/login", "/api/v1/auth/signup"])
def test_a_deeply_nested_sign_in_body_is_a_400(path: str) -> None:
    body = json.dumps({"username": "@", "password": "x"}).replace('"@"', nested(5000))
    reply = Client(raise_request_exception=False).post(
        path, data=body, content_type="application/json"
    )
    is_error(reply, 400, "parse_error")


def test_a_suspicious_request_under_api_is_a_json_400(api: APIClient) -> None:
    """Django refuses some requests itself (too many fields): JSON under /api/, not HTML."""
    query = "&".join(f"f{n}=1" for n in range(1200))
    reply = Client(raise_request_exception=False).get(f"/api/v1/matches?{query}")
    is_error(reply, 400, "bad_request")
    page = Client(raise_request_exception=False).get(f"/tournaments/?{query}")
    assert page.status_code == 400 and page["Content-Type"].startswith("text/html")


@pytest.mark.parametrize("number", ["²", "٣", "9" * 5000])
def test_numbers_in_a_query_that_int_cannot_read_are_a_400(api: APIClient, number: str) -> None:
    """``"²".isdigit()`` is true but ``int("²")`` fails; so do 5000 digits."""
    client = Client(raise_request_exception=False)
    auth = api._credentials["HTTP_AUTHORIZATION"]
    reply = client.get("/api/v1/bot/turns", {"wait": number}, HTTP_AUTHORIZATION=auth)
    is_error(reply, 400, "bad_request")
    match = start(api, options={"eliminate_at": 5})
    reply = client.get(f"/api/v1/matches/{match['id']}", {"seat": number}, HTTP_AUTHORIZATION=auth)
    assert reply.status_code in (400, 403), reply.content
    assert set(reply.json()) >= {"error", "detail"}
    reply = client.get("/api/v1/leaderboards/busca/bots", {"page": number})
    assert reply.status_code in (400, 404), reply.content
    assert set(reply.json()) >= {"error", "detail"}
    page = client.get("/leaderboards/busca/bots/", {"page": number})
    assert page.status_code in (200, 404), page.status_code


@pytest.mark.parametrize("when", ["9999-12-31T23:00:00Z", "0001-01-01T00:00:00Z"])
def test_dates_at_the_ends_of_the_calendar_are_not_a_server_error(
    organiser: APIClient, when: str
) -> None:
    """A season or tournament so far away that its schedule leaves the calendar: a 400."""
    league = organiser.post(
        "/api/v1/leagues",
        {"name": f"Far {when[:4]}", "game": "buraco-mano-a-mano", "members": "bots"},
        format="json",
    ).json()
    season = {"starts_at": when, "round_interval": 604800, "round_window": 86400, "rounds": 100}
    reply = organiser.post(f"/api/v1/leagues/{league['slug']}/seasons", season, format="json")
    assert reply.status_code in (201, 400), reply.content
    body = {"name": "Far", "game": "busca", "format": "table_knockout", "starts_at": when}
    for extra in ({}, {"check_in": True, "check_in_minutes": 1440}):
        reply = organiser.post("/api/v1/tournaments", body | extra, format="json")
        assert reply.status_code in (201, 400), reply.content
        if reply.status_code == 201:
            opened = organiser.post(f"/api/v1/tournaments/{reply.json()['id']}/open", {})
            assert opened.status_code in (200, 400, 409), opened.content
