"""The match tests' fixtures (a person, a bot with its token, an API client as that bot)."""

from tests.games.conftest import _fresh_cache, api, bot_token, owner

__all__ = ["_fresh_cache", "api", "bot_token", "owner"]
