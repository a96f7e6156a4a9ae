"""Fixtures for the account tests: fast hashing, people, signed-in clients."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from rest_framework.test import APIClient

from accounts.services import account_create

PASSWORD = "correct horse battery"


@pytest.fixture(autouse=True)
def _fast_and_fresh(settings: Any) -> Iterator[None]:
    # The real hasher takes ~0.3 s per password; these tests make dozens.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    cache.clear()  # throttle counters
    yield
    cache.clear()


@pytest.fixture
def make_user() -> Callable[..., User]:
    def make(username: str = "ana", email: str | None = None) -> User:
        user = account_create(
            username=username, email=email or f"{username}@example.com", password=PASSWORD
        )
        assert isinstance(user, User)
        return user

    return make


@pytest.fixture
def ana(make_user: Callable[..., User]) -> User:
    return make_user("ana")


@pytest.fixture
def ana_client(ana: User) -> Client:
    client = Client()
    client.force_login(ana)
    return client


@pytest.fixture
def api() -> APIClient:
    return APIClient(enforce_csrf_checks=True)
