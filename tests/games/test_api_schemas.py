"""Real matches through the API, in all three games: every answer fits the OpenAPI schema.

A bot plays practice matches (greedy moves) against house bots; every turn, match state, move
answer and log is validated against the schema's components, every view and legal move against
the game's JSON Schema served at /api/v1/games/<game>/schema. And no bot-facing operation
answers a bare ``object``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from jsonschema_rs import Draft202012Validator as Compiled
from rest_framework.test import APIClient

from games.engine import strategies
from tests.games.conftest import advance
from tests.games.openapi_checks import Components
from tests.json_schemas import compiled

pytestmark = pytest.mark.django_db(transaction=True)

MATCHES = [
    ("busca", {"eliminate_at": 5}),
    ("buraco-cerrado", {"deals": 1}),
    ("buraco-mano-a-mano", {"deals": 1}),
]
# The bot-facing operations: each answers a named component.
BOT_FACING = {
    ("/api/v1/bot/turns", "get"): "TurnList",
    ("/api/v1/bot/events", "get"): "EventLine",
    ("/api/v1/bot/me", "get"): "BotInfo",
    ("/api/v1/matches", "get"): "MatchPage",
    ("/api/v1/matches", "post"): "Match",
    ("/api/v1/matches/{match_id}", "get"): "Match",
    ("/api/v1/matches/{match_id}/log", "get"): "MatchLog",
    ("/api/v1/matches/{match_id}/moves", "post"): "MoveAccepted",
    ("/api/v1/matches/{match_id}/resign", "post"): "Match",
    ("/api/v1/matches/{match_id}/abort", "post"): "Match",
    ("/api/v1/challenges", "get"): "ChallengePage",
    ("/api/v1/challenges", "post"): "Challenge",
    ("/api/v1/challenges/{challenge_id}/accept", "post"): "Challenge",
    ("/api/v1/challenges/{challenge_id}/decline", "post"): "Challenge",
    ("/api/v1/challenges/{challenge_id}/cancel", "post"): "Challenge",
    ("/api/v1/games/{game}/schema", "get"): "GameSchema",
    ("/api/v1/tournaments/{tournament_id}/entries", "post"): "Entry",
    ("/api/v1/tournaments/{tournament_id}/entries/{entry_id}/check-in", "post"): "Entry",
    ("/api/v1/tournaments/{tournament_id}/entries/{entry_id}/withdraw", "post"): "Entry",
}


def openapi() -> dict[str, Any]:
    reply = APIClient().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert reply.status_code == 200
    body: dict[str, Any] = reply.json()
    return body


def game_validators(api: APIClient, game: str) -> tuple[Compiled, ...]:
    reply = api.get(f"/api/v1/games/{game}/schema")
    assert reply.status_code == 200
    doc = reply.json()
    Draft202012Validator.check_schema(doc)
    return tuple(
        compiled({"$defs": doc["$defs"], "$ref": part["$ref"]})
        for part in (doc["properties"]["view"], doc["properties"]["move"])
    )


def test_bot_facing_operations_answer_named_components() -> None:
    paths = openapi()["paths"]
    for (path, method), name in BOT_FACING.items():
        responses = paths[path][method]["responses"]
        [ok] = [status for status in responses if status.startswith("2")]
        [content] = responses[ok]["content"].values()
        assert content["schema"] == {"$ref": f"#/components/schemas/{name}"}, (path, method)
    # Every answer of /bot/*, /matches*, /challenges* and /games/* is described: none bare.
    bare = [
        (path, method, status)
        for path, operations in paths.items()
        if path.startswith(("/api/v1/bot/", "/api/v1/matches", "/api/v1/challenges", "/api/v1/g"))
        for method, operation in operations.items()
        for status, response in operation["responses"].items()
        for content in response.get("content", {}).values()
        if content["schema"].get("type") == "object" and "properties" not in content["schema"]
    ]
    assert bare == []


def test_the_game_schema_endpoint() -> None:
    api = APIClient()
    for game, _ in MATCHES:
        _, moves = game_validators(api, game)
        assert moves.is_valid({"play": "7S"}) == (game == "busca")
    missing = api.get("/api/v1/games/chess/schema")
    assert missing.status_code == 404 and missing.json()["error"] == "not_found"


@pytest.mark.parametrize(("game", "options"), MATCHES)
def test_a_whole_match_through_the_api_fits_the_schema(
    api: APIClient, game: str, options: dict[str, Any]
) -> None:
    check = Components(openapi())
    views, moves = game_validators(api, game)
    policy = strategies.get("house:greedy", game)
    rng = random.Random(7)
    created = api.post("/api/v1/matches", {"game": game, "options": options}, format="json")
    assert created.status_code == 201
    assert check.errors("Match", created.json()) == []
    match_id = created.json()["id"]
    turns = 0
    for _ in range(2000):
        match = advance(match_id)
        if not match.is_running:
            break
        answer = api.get("/api/v1/bot/turns").json()
        assert check.errors("TurnList", answer) == []
        [turn] = answer["turns"]
        assert check.errors("WebhookBody", turn) == []
        assert check.errors("EventLine", {"event": "turn", **turn}) == []
        assert list(views.iter_errors(turn["view"])) == []
        assert all(moves.is_valid(move) for move in turn["legal_moves"])
        if turns % 4 == 0:  # a seat's state (refusals included) costs more: every 4th turn
            state = api.get(f"/api/v1/matches/{match_id}").json()
            assert check.errors("Match", state) == [], turns
        move = policy(turn["view"], turn["legal_moves"], rng)
        played = api.post(
            f"/api/v1/matches/{match_id}/moves",
            {"turn": turn["turn"], "move": move},
            format="json",
        )
        assert played.status_code == 200
        assert check.errors("MoveAccepted", played.json()) == []
        turns += 1
    final = api.get(f"/api/v1/matches/{match_id}").json()
    assert final["status"] == "finished" and turns > 3
    assert check.errors("Match", final) == []
    assert (
        check.errors(
            "MatchFinishedEvent",
            {"event": "match_finished", "match": match_id, "result": final["result"]},
        )
        == []
    )
    log = api.get(f"/api/v1/matches/{match_id}/log").json()
    assert "record" in log and check.errors("MatchLog", log) == []
    listed = api.get("/api/v1/matches").json()
    assert check.errors("MatchPage", listed) == []
    assert check.errors("BotInfo", api.get("/api/v1/bot/me").json()) == []


def test_an_aborted_match_fits_the_schema(api: APIClient) -> None:
    """An aborted match: a result without places, a log without a record (the fuzz found it)."""
    check = Components(openapi())
    created = api.post("/api/v1/matches", {"game": "busca"}, format="json").json()
    aborted = api.post(f"/api/v1/matches/{created['id']}/abort")
    assert aborted.status_code == 200 and aborted.json()["status"] == "aborted"
    assert check.errors("Match", aborted.json()) == []
    log = api.get(f"/api/v1/matches/{created['id']}/log").json()
    assert log["record"] is None and check.errors("MatchLog", log) == []


def test_the_components_are_strict() -> None:
    """A view of another game, a turn without its moves or a stray event fails."""
    check = Components(openapi())
    assert check.errors("EventLine", {"event": "keepalive"}) == []
    assert check.errors("EventLine", {"event": "nap"})
    assert check.errors("Turn", {"match": 1, "turn": 0, "game": "busca", "seat": 0})
    assert check.errors("AnyMove", {"discard": "7S", "play": "7S"})
