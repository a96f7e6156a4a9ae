"""Typed responses of the account and bot-management operations (see web/api_components.py).

The views answer the dicts of platform/accounts/api.py (``me_json``) and bots/api.py
(``bot_json``, ``token_json``). ``BotInfo`` (GET /bot/me) is in web/api_components.py.
"""

from __future__ import annotations

from typing import Any

from web.api_shapes import INT, MAYBE_TIME, STR, TIME, array, obj, ref

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
    "BotList": obj({"results": array(ref("BotInfo"))}),
    "WebhookSecret": obj({"webhook_secret": {**STR, "description": SHOWN_ONCE}}),
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
}
