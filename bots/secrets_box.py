"""Encrypt webhook secrets at rest with a key from the environment."""

from __future__ import annotations

import base64
import hashlib

from cryptography.fernet import Fernet, InvalidToken
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured


def _fernet() -> Fernet:
    key = settings.WEBHOOK_ENCRYPTION_KEY
    if not key:
        # Embedded mode: derive a key from SECRET_KEY (itself from the environment or var/).
        digest = hashlib.sha256(b"webhook-secrets:" + settings.SECRET_KEY.encode()).digest()
        key = base64.urlsafe_b64encode(digest).decode()
    try:
        return Fernet(key)
    except ValueError as exc:
        raise ImproperlyConfigured(f"WEBHOOK_ENCRYPTION_KEY is not a Fernet key: {exc}") from exc


def encrypt(secret: str) -> str:
    """Return ``secret`` encrypted for storage."""
    return _fernet().encrypt(secret.encode()).decode()


def decrypt(stored: str) -> str:
    """Return the secret from its stored form; raise ValueError if the key cannot open it."""
    try:
        return _fernet().decrypt(stored.encode()).decode()
    except InvalidToken as exc:
        raise ValueError("the webhook secret cannot be decrypted with this key") from exc
