"""Fixtures for pre-flight tests: the games fixtures (a person, a bot with its token)."""

from tests.games.conftest import _fresh_cache, api, bot_token, owner

__all__ = ["_fresh_cache", "api", "bot_token", "owner"]
