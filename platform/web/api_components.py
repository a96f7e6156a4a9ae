"""Typed responses in the OpenAPI schema: the bot-facing answers as components.

The views answer plain dicts (games/selectors.py, bots/stream.py): this hook describes them
without changing them. Game views and moves come from games/engine/schemas.py (JSON Schema
2020-12), turned into the OpenAPI 3.0 dialect (``nullable`` instead of ``"null"``).
``TYPED`` says which component each operation answers: the bot-facing ones here, tournaments
and leagues in api_components_events.py, accounts and bot management in
api_components_accounts.py (building blocks: api_shapes.py).
"""

from __future__ import annotations

from typing import Any

from games.engine import schemas
from web.api_components_accounts import COMPONENTS as ACCOUNT_COMPONENTS
from web.api_components_accounts import TYPED as ACCOUNT_TYPED
from web.api_components_events import COMPONENTS as EVENT_COMPONENTS
from web.api_components_events import TYPED as EVENT_TYPED
from web.api_shapes import (
    BOOL,
    FREE,
    GAME,
    INT,
    MAYBE_INT,
    MAYBE_TIME,
    NUMBER,
    REF,
    SEED,
    STR,
    TIME,
)
from web.api_shapes import obj as _object
from web.api_shapes import page as _page
from web.api_shapes import ref as _ref


def to_openapi(node: Any) -> Any:
    """Return a JSON Schema 2020-12 node in the OpenAPI 3.0 dialect."""
    if isinstance(node, list):
        return [to_openapi(item) for item in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key == "$ref":
            out[key] = REF + value.removeprefix("#/$defs/")
        elif key == "const":
            out["enum"] = [value]
        elif key == "type" and isinstance(value, list):
            kinds = [kind for kind in value if kind != "null"]
            out["type"] = kinds[0]
            if "null" in value:
                out["nullable"] = True
        elif key in ("oneOf", "anyOf") and {"type": "null"} in value:
            rest = [item for item in value if item != {"type": "null"}]
            inner = to_openapi(rest[0]) if len(rest) == 1 else {key: to_openapi(rest)}
            if "$ref" in inner:
                out["allOf"] = [inner]
            else:
                out.update(inner)
            out["nullable"] = True
        elif key not in ("$schema", "$id", "$defs"):
            out[key] = to_openapi(value)
    if "enum" in out and "type" not in out and out["enum"]:
        first = out["enum"][0]
        out["type"] = "string" if isinstance(first, str) else "integer"
    return out


GAME_RESULT = {
    "description": "the engine's result: places (1 = first) and scores per seat, with the "
    "game's details (the `result` of the game's view)",
    "oneOf": [_ref("BuscaResult"), _ref("BuracoResult")],
}
RESULT = {
    "type": "object",
    "description": "a finished match's result: `places` (1 = first, forfeiting sides last), "
    "`scores`, the `forfeited` seats and the engine's own result (`engine`); a match ended by "
    "resignation has `reason` instead of `engine`; an aborted one only `aborted`",
    "properties": {
        "places": {"type": "array", "items": INT},
        "scores": {"type": "array", "items": INT},
        "forfeited": {"type": "array", "items": INT},
        "engine": _ref("GameResult"),
        "reason": {"type": "string", "enum": ["resignation"]},
        "aborted": STR,
    },
}

COMPONENTS: dict[str, Any] = {
    "GameResult": GAME_RESULT,
    "MatchResult": RESULT,
    "Turn": _object(
        {
            "match": INT,
            "turn": {**INT, "description": "0-based index of the move now due"},
            "game": GAME,
            "seat": INT,
            "deadline": MAYBE_TIME,
            "view": _ref("AnyView"),
            "legal_moves": {"type": "array", "items": _ref("AnyMove")},
            "clock": _ref("TurnClock"),
        },
        optional=("clock",),
        description="a turn: what the seat sees and the moves it may make; send one to "
        "POST /api/v1/matches/{match}/moves with `turn`. `clock` only in clocked matches",
    ),
    "TimeBank": _object(
        {"bank": NUMBER, "increment": NUMBER},
        description="a Fischer clock: each entrant seat starts with `bank` seconds and gains "
        "`increment` seconds a move (docs/bots.md, Time banks)",
    ),
    "TurnClock": _object(
        {
            "bank": {**NUMBER, "description": "seconds left in the seat's bank"},
            "increment": NUMBER,
            "transit": {
                **NUMBER,
                "nullable": True,
                "description": "the seat's measured network round trip (median), seconds",
            },
            "allowance": {**NUMBER, "description": "seconds of transit not charged to the bank"},
            "samples": {**INT, "description": "transit measurements so far"},
        }
    ),
    "TurnAck": _object({"match": INT, "turn": INT, "transit_ms": INT}),
    "Challenge": _object(
        {
            "kind": {"type": "string", "enum": ["challenge"]},
            "id": INT,
            "game": GAME,
            "from": STR,
            "to": STR,
            "options": FREE,
            "seats": {"type": "array", "items": {}},
            "move_timeout": {"type": "number", "nullable": True},
            "status": STR,
            "reason": STR,
            "match": MAYBE_INT,
            "created_at": TIME,
            "expires_at": TIME,
        }
    ),
    "TurnList": _object(
        {
            "turns": {"type": "array", "items": _ref("Turn")},
            "challenges": {"type": "array", "items": _ref("Challenge")},
            "closed": {
                "type": "string",
                "enum": ["superseded"],
                "description": "only when a newer long-poll of the token closed this one",
            },
            "finished": {
                "type": "array",
                "items": INT,
                "description": "only when a match of this bot ended while it waited: their ids "
                "(the wait ends then, so a bot learns of it at once)",
            },
        },
        optional=("closed", "finished"),
    ),
    "SeatInfo": _object(
        {
            "seat": INT,
            "kind": STR,
            "name": STR,
            "bot": MAYBE_INT,
            "user": {**STR, "nullable": True},
            "version": {
                **STR,
                "nullable": True,
                "description": "the version its bot stated when the match began (Bot-Version)",
            },
            "forfeited": BOOL,
            "timeouts": INT,
            "bank": {**NUMBER, "description": "clocked matches: seconds left in its bank"},
            "transit": {
                **NUMBER,
                "nullable": True,
                "description": "clocked matches: the measured network round trip, seconds",
            },
        },
        optional=("bank", "transit"),
    ),
    "Match": _object(
        {
            "id": INT,
            "game": GAME,
            "options": FREE,
            "status": STR,
            "turn": {**MAYBE_INT, "description": "null to a reader not seated while sealed"},
            "version": {**MAYBE_INT, "description": "null to a reader not seated while sealed"},
            "to_move": MAYBE_INT,
            "deadline": MAYBE_TIME,
            "move_timeout": {"type": "number"},
            "clock": {"allOf": [_ref("TimeBank")], "nullable": True},
            "seats": {"type": "array", "items": _ref("SeatInfo")},
            "sealed": BOOL,
            "view": {"allOf": [_ref("AnyView")], "nullable": True},
            "result": {"allOf": [_ref("MatchResult")], "nullable": True},
            "created_at": TIME,
            "finished_at": MAYBE_TIME,
            "seed": SEED,
            "seat": INT,
            "legal_moves": {"type": "array", "items": _ref("AnyMove")},
            "refusals": {
                "type": "object",
                "additionalProperties": {"type": "object", "additionalProperties": STR},
                "description": "why the seat's cards and actions are refused now (docs/web.md)",
            },
            "notes": {
                "type": "array",
                "items": _ref("TurnNote"),
                "description": "the moves' notes you may read: your own bots' always, a "
                "published bot's once the match is over (docs/bots.md, \"Notes\")",
            },
        },
        optional=("seed", "seat", "legal_moves", "refusals", "notes"),
        description="a match: `view` is the caller's seat's view (a spectator's when not "
        "seated; null while sealed); `seat`, `legal_moves` and `refusals` only to a seat",
    ),
    "MatchRow": _object(
        {
            "id": INT,
            "game": GAME,
            "status": STR,
            "turn": {**MAYBE_INT, "description": "null while sealed"},
            "created_at": TIME,
        }
    ),
    "LoggedMove": _object(
        {
            "turn": INT,
            "seat": INT,
            "move": {
                "type": "object",
                "additionalProperties": True,
                "description": 'the move (a Busca lay is `{"lay": null}` until the end)',
            },
            "by": STR,
            "at": TIME,
            "timing": _ref("MoveTiming"),
            "note": _ref("MoveNote"),
        },
        optional=("timing", "note"),
    ),
    "MoveTiming": _object(
        {
            "delivered_at": {**MAYBE_TIME, "description": "the turn's first delivery to the bot"},
            "arrived_at": {**TIME, "description": "when the move arrived and was logged"},
            "think_ms": {**MAYBE_INT, "description": "from the first delivery to the arrival"},
            "transit_ms": {
                **MAYBE_INT,
                "description": "clocked matches: the transit allowance the move was given",
            },
            "bank_ms": {**MAYBE_INT, "description": "clocked matches: the bank left after it"},
        },
        description="an entrant move's timings: your own seats' during play, every seat's once "
        "the match is over and unsealed",
    ),
    "MoveNote": _object(
        {
            "seat": INT,
            "text": STR,
            "eval": {**NUMBER, "nullable": True},
            "confidence": {**NUMBER, "nullable": True},
        },
        description="what the bot said it was thinking with the move (docs/bots.md, \"Notes\")",
    ),
    "TurnNote": _object(
        {
            "turn": INT,
            "seat": INT,
            "text": STR,
            "eval": {**NUMBER, "nullable": True},
            "confidence": {**NUMBER, "nullable": True},
        },
    ),
    "MatchLog": _object(
        {
            "match": INT,
            "game": STR,
            "status": STR,
            "sealed": BOOL,
            "moves": {"type": "array", "items": _ref("LoggedMove")},
            "seed": SEED,
            "options": FREE,
            "record": {**FREE, "nullable": True, "description": "null for an aborted match"},
        },
        optional=("seed", "options", "record"),
        description="the public moves; once over and unsealed, every move, the seed and "
        "the full record",
    ),
    "MoveAccepted": _object(
        {
            "match": INT,
            "turn": INT,
            "seat": INT,
            "move": _ref("AnyMove"),
            "accepted": {"type": "boolean", "enum": [True]},
            "next_turn": {
                "allOf": [_ref("Turn")],
                "nullable": True,
                "description": "your next turn in this match when this move made it due at "
                "once (house seats play in the same commit): play it without waiting for the "
                "long-poll or the stream, which hand it over too; null otherwise",
            },
            "status": {
                **STR,
                "description": "the match's status after this move and the house moves it made "
                "due: `running`, or `finished` when it ended the match (no turn will come)",
            },
        }
    ),
    "EventLine": {
        "description": "one line of GET /api/v1/bot/events (NDJSON); `event` tells which",
        "oneOf": [_ref(f"{name}Event") for name in ("Turn", "Challenge", "Keepalive")]
        + [_ref("MatchStartedEvent"), _ref("MatchFinishedEvent"), _ref("ClosedEvent")],
    },
    "ClosedEvent": _object(
        {
            "event": {"type": "string", "enum": ["closed"]},
            "reason": {"type": "string", "enum": ["superseded"]},
            "detail": STR,
        }
    ),
    "TurnEvent": {
        "allOf": [_object({"event": {"type": "string", "enum": ["turn"]}}), _ref("Turn")]
    },
    "ChallengeEvent": {
        "allOf": [_object({"event": {"type": "string", "enum": ["challenge"]}}), _ref("Challenge")]
    },
    "KeepaliveEvent": _object({"event": {"type": "string", "enum": ["keepalive"]}}),
    "MatchStartedEvent": _object(
        {"event": {"type": "string", "enum": ["match_started"]}, "match": INT}
    ),
    "MatchFinishedEvent": _object(
        {
            "event": {"type": "string", "enum": ["match_finished"]},
            "match": INT,
            "result": {"allOf": [_ref("MatchResult")], "nullable": True},
        }
    ),
    "WebhookBody": {
        "allOf": [_ref("Turn")],
        "description": "the body of a webhook POST: one turn (signed: docs/bots.md, Webhooks)",
    },
    "Budget": _object(
        {
            "name": STR,
            "scope": {**STR, "enum": ["token", "bot", "owner"]},
            "limit": INT,
            "used": {**MAYBE_INT, "description": "null where it cannot be counted now"},
            "remaining": MAYBE_INT,
            "window": {**MAYBE_INT, "description": "seconds it counts over; null: at once"},
            "reset": {**MAYBE_INT, "description": "seconds until one more is free"},
            "detail": STR,
        }
    ),
    "BotLimits": _object(
        {"bot": STR, "budgets": {"type": "array", "items": _ref("Budget")}},
        description='the calling bot\'s budgets (docs/bots.md, "Limits a bot can read")',
    ),
    "BotInfo": _object(
        {
            "id": INT,
            "name": STR,
            "owner": STR,
            "description": STR,
            "games": {"type": "array", "items": GAME},
            "mode": STR,
            "webhook_url": {**STR, "nullable": True},
            "accepts_challenges": BOOL,
            "auto_accept_per_hour": INT,
            "notes_public": {**BOOL, "description": "its moves' notes shown to all once over"},
            "plays_with_people": {
                **BOOL,
                "description": "its owner allows it in tournaments and leagues open to people",
            },
            "version": {**STR, "nullable": True, "description": "the version it last stated"},
            "created_at": TIME,
        }
    ),
    "Entry": _object(
        {
            "id": INT,
            "name": STR,
            "kind": STR,
            "status": STR,
            "seed": {**MAYBE_INT, "description": "1 = the top seed"},
            "bot": {**STR, "nullable": True},
            "partner_bot": {**STR, "nullable": True},
            "user": {**STR, "nullable": True},
            "partner": {**STR, "nullable": True},
            "strategy": {**STR, "nullable": True},
            "replacement": {**STR, "nullable": True},
            "checked_in": BOOL,
            "reason": {**STR, "nullable": True},
        },
        description="a tournament entry (a bot enters, checks in and withdraws itself)",
    ),
    "GameSchema": {
        "type": "object",
        "description": "a JSON Schema (draft 2020-12) document: `$defs` holds the game's view "
        "and move; `properties.view` and `properties.move` point at them",
        "required": ["$schema", "$defs"],
        "properties": {"$schema": STR, "$id": STR, "title": STR, "$defs": FREE},
        "additionalProperties": True,
    },
}


COMPONENTS["MatchPage"] = _page("MatchRow")
COMPONENTS["ChallengePage"] = _page("Challenge")

# (path, method) -> (status, component): what each bot-facing operation answers.
TYPED: dict[tuple[str, str], tuple[str, str]] = {
    ("/api/v1/bot/turns", "get"): ("200", "TurnList"),
    ("/api/v1/bot/me", "get"): ("200", "BotInfo"),
    ("/api/v1/bot/limits", "get"): ("200", "BotLimits"),
    ("/api/v1/matches", "get"): ("200", "MatchPage"),
    ("/api/v1/matches", "post"): ("201", "Match"),
    ("/api/v1/matches/{match_id}", "get"): ("200", "Match"),
    ("/api/v1/matches/{match_id}/log", "get"): ("200", "MatchLog"),
    ("/api/v1/matches/{match_id}/moves", "post"): ("200", "MoveAccepted"),
    ("/api/v1/matches/{match_id}/ack", "post"): ("200", "TurnAck"),
    ("/api/v1/matches/{match_id}/resign", "post"): ("200", "Match"),
    ("/api/v1/matches/{match_id}/abort", "post"): ("200", "Match"),
    ("/api/v1/challenges", "get"): ("200", "ChallengePage"),
    ("/api/v1/challenges", "post"): ("201", "Challenge"),
    ("/api/v1/challenges/{challenge_id}/accept", "post"): ("200", "Challenge"),
    ("/api/v1/challenges/{challenge_id}/decline", "post"): ("200", "Challenge"),
    ("/api/v1/challenges/{challenge_id}/cancel", "post"): ("200", "Challenge"),
    ("/api/v1/games/{game}/schema", "get"): ("200", "GameSchema"),
    ("/api/v1/tournaments/{tournament_id}/entries", "post"): ("201", "Entry"),
    **{
        (f"/api/v1/tournaments/{{tournament_id}}/entries/{{entry_id}}/{action}", "post"): (
            "200",
            "Entry",
        )
        for action in ("accept", "check-in", "decline", "replace", "withdraw")
    },
}
TYPED.update(EVENT_TYPED)
TYPED.update(ACCOUNT_TYPED)
STREAMED = {("/api/v1/bot/events", "get"): ("200", "application/x-ndjson", "EventLine")}


def add_components(result: dict[str, Any], generator: Any, request: Any, public: bool) -> Any:
    """Add the game and response components and point the bot-facing operations at them."""
    components = result.setdefault("components", {}).setdefault("schemas", {})
    components.update(to_openapi(schemas.DEFS))
    components.update(COMPONENTS)
    components.update(EVENT_COMPONENTS)
    components.update(ACCOUNT_COMPONENTS)
    paths = result.get("paths", {})
    for (path, method), (status, name) in TYPED.items():
        operation = paths[path][method]
        response = operation.setdefault("responses", {}).setdefault(status, {})
        response.setdefault("description", name)
        response["content"] = {"application/json": {"schema": _ref(name)}}
    for (path, method), (status, media, name) in STREAMED.items():
        paths[path][method]["responses"][status]["content"] = {media: {"schema": _ref(name)}}
    return result
