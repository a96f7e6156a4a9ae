"""Fixtures for the language tests: fast hashing, a person, fresh throttles."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache

from accounts.services import account_create

PASSWORD = "correct horse battery"


@pytest.fixture(autouse=True)
def _fast_and_fresh(settings: Any) -> Iterator[None]:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def ana(db: None) -> User:
    user = account_create(username="ana", email="ana@example.com", password=PASSWORD)
    assert isinstance(user, User)
    return user
