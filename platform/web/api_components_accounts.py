"""Typed responses of the account and bot-management operations (see web/api_components.py).

The views answer the dicts of platform/accounts/api.py (``me_json``) and bots/api.py
(``bot_json``, ``token_json``). ``BotInfo`` (GET /bot/me) is in web/api_components.py.
"""

from __future__ import annotations

from typing import Any

from web.api_shapes import (
    BOOL,
    GAME,
    INT,
    MAYBE_INT,
    MAYBE_TIME,
    NUMBER,
    STR,
    TIME,
    array,
    nullable,
    obj,
    page,
    ref,
)

SHOWN_ONCE = "shown once: store it now"

COMPONENTS: dict[str, Any] = {
    "Account": obj(
        {
            "id": INT,
            "username": STR,
            "email": STR,
            "time_zone": {**STR, "description": "an IANA time zone name"},
            "date_joined": TIME,
        },
        description="your own account",
    ),
    "Accepted": obj({"detail": STR}, description="the request was taken; `detail` says what"),
    "BotToken": obj(
        {
            "id": INT,
            "prefix": {**STR, "description": "the token's first characters, to tell it apart"},
            "created_at": TIME,
            "last_used_at": MAYBE_TIME,
            "revoked_at": MAYBE_TIME,
        }
    ),
    "IssuedToken": {
        "allOf": [ref("BotToken"), obj({"token": {**STR, "description": SHOWN_ONCE}})],
    },
    "OwnBot": {
        "allOf": [
            ref("BotInfo"),
            obj({"tokens": array(ref("BotToken"))}),
        ],
        "description": "one of your bots with its tokens (never the tokens themselves)",
    },
    "CreatedBot": {
        "allOf": [
            ref("BotInfo"),
            obj(
                {
                    "token": {**STR, "description": SHOWN_ONCE},
                    "webhook_secret": {**STR, "description": SHOWN_ONCE + " (webhook bots)"},
                },
                optional=("webhook_secret",),
            ),
        ]
    },
    "ChangedBot": {
        "allOf": [
            ref("BotInfo"),
            obj(
                {"webhook_secret": {**STR, "description": "a new webhook's secret, " + SHOWN_ONCE}},
                optional=("webhook_secret",),
            ),
        ]
    },
    "BotList": page("BotInfo"),
    "WebhookSecret": obj({"webhook_secret": {**STR, "description": SHOWN_ONCE}}),
    "PreflightReport": {
        "type": "object",
        "description": "what the check showed; only `webhook` while it runs (docs/bots.md)",
        "properties": {
            "webhook": nullable(
                obj(
                    {"echoed": BOOL, "refused_bad_signature": BOOL, "detail": STR},
                    description="webhook bots: the signed call echoed, the badly signed refused",
                )
            ),
            "moves": {**INT, "description": "the bot's own moves"},
            "timeouts": INT,
            "forfeited": BOOL,
            "refused": {
                "type": "object",
                "additionalProperties": INT,
                "description": "refused answers (4xx) by error code",
            },
            "answer_ms": obj(
                {
                    "count": INT,
                    "p50": MAYBE_INT,
                    "p99": MAYBE_INT,
                    "worst": MAYBE_INT,
                    "limit": {**INT, "description": "the time a move, in ms"},
                },
                description="ms from a turn's first delivery to the move's arrival",
            ),
            "match_status": STR,
            "problems": array(
                {
                    **obj({"code": STR, "detail": STR}),
                    "additionalProperties": True,
                    "description": "why it failed: a stable code, English text, its numbers",
                }
            ),
        },
    },
    "Preflight": obj(
        {
            "id": INT,
            "bot": STR,
            "game": GAME,
            "target": STR,
            "move_timeout": NUMBER,
            "status": {"type": "string", "enum": ["running", "passed", "failed"]},
            "match": MAYBE_INT,
            "created_at": TIME,
            "finished_at": MAYBE_TIME,
            "report": ref("PreflightReport"),
        },
        description="a pre-flight check: a short match against house bots",
    ),
    "PreflightPage": page("Preflight"),
}

TYPED: dict[tuple[str, str], tuple[str, str]] = {
    ("/api/v1/auth/login", "post"): ("200", "Account"),
    ("/api/v1/auth/signup", "post"): ("201", "Account"),
    ("/api/v1/auth/me", "get"): ("200", "Account"),
    ("/api/v1/auth/password-reset", "post"): ("202", "Accepted"),
    ("/api/v1/bots", "get"): ("200", "BotList"),
    ("/api/v1/bots", "post"): ("201", "CreatedBot"),
    ("/api/v1/bots/{bot_id}", "get"): ("200", "OwnBot"),
    ("/api/v1/bots/{bot_id}", "patch"): ("200", "ChangedBot"),
    ("/api/v1/bots/{bot_id}/tokens", "post"): ("201", "IssuedToken"),
    ("/api/v1/bots/{bot_id}/webhook-secret", "post"): ("201", "WebhookSecret"),
    ("/api/v1/bots/{bot_id}/preflight", "post"): ("202", "Preflight"),
    ("/api/v1/bots/{bot_id}/preflight", "get"): ("200", "PreflightPage"),
}
