"""A person's signed-in sessions: end them all, or keep them across a password change.

Sessions live in the database (Django's default engine), so a person's sessions are found by
reading the live rows. Signing out everywhere is rare, so the scan is affordable; bot tokens
are not sessions and stay valid until revoked.
"""

from __future__ import annotations

from collections.abc import Iterator
from importlib import import_module
from typing import Any

from django.conf import settings
from django.contrib.auth import HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.models import AbstractBaseUser
from django.contrib.sessions.models import Session
from django.utils import timezone


def _sessions_of(user: AbstractBaseUser) -> Iterator[tuple[Session, dict[str, Any]]]:
    for row in Session.objects.filter(expire_date__gt=timezone.now()).iterator():
        data = row.get_decoded()
        if data.get(SESSION_KEY) == str(user.pk):
            yield row, data


def sessions_end(*, user: AbstractBaseUser, keep: str | None = None) -> int:
    """End every session of ``user`` but the one keyed ``keep``; return how many ended."""
    ended = [row.pk for row, _ in _sessions_of(user) if row.pk != keep]
    Session.objects.filter(pk__in=ended).delete()
    return len(ended)


def sessions_restamp(*, user: AbstractBaseUser) -> int:
    """Keep ``user``'s other sessions valid after a password change (they asked to)."""
    store = import_module(settings.SESSION_ENGINE).SessionStore
    stamp = user.get_session_auth_hash()
    kept = 0
    for row, data in _sessions_of(user):
        if data.get(HASH_SESSION_KEY) != stamp:
            session = store(session_key=row.pk)
            session[HASH_SESSION_KEY] = stamp
            session.save()
            kept += 1
    return kept
