from __future__ import annotations

from django.urls import path

from bots import api, preflight_api, stream

urlpatterns = [
    path("bot/turns", stream.bot_turns, name="bot-turns"),
    path("bot/events", stream.bot_events, name="bot-events"),
    path("bot/me", api.BotMe.as_view(), name="bot-me"),
    path("bot/limits", api.BotLimits.as_view(), name="bot-limits"),
    path("bots", api.BotList.as_view(), name="bots"),
    path("bots/<int:bot_id>", api.BotDetail.as_view(), name="bot"),
    path("bots/<int:bot_id>/tokens", api.BotTokens.as_view(), name="bot-tokens"),
    path("bots/<int:bot_id>/tokens/<int:token_id>", api.BotTokenDetail.as_view(), name="bot-token"),
    path("bots/<int:bot_id>/preflight", preflight_api.BotPreflight.as_view(), name="bot-preflight"),
    path(
        "bots/<int:bot_id>/webhook-secret", api.WebhookSecret.as_view(), name="bot-webhook-secret"
    ),
]
