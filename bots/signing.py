"""The signature of the platform's webhook calls (docs/bots.md, "Webhooks")."""

from __future__ import annotations

import hashlib
import hmac


def signature(secret: str, timestamp: str, body: bytes) -> str:
    """Return the ``X-Signature`` value: HMAC-SHA256 of ``timestamp + "." + body``."""
    mac = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256)
    return "sha256=" + mac.hexdigest()
