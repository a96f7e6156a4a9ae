"""Typed readers of environment variables that fail loudly on a bad value."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str = "") -> str:
    """Return the variable as text, or ``default`` when it is unset."""
    return os.environ.get(name, default)


def env_bool(name: str, default: bool = False) -> bool:
    """Return the variable as a boolean (1/0, true/false, yes/no, on/off)."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean (use 1/0, true/false, yes/no)")


def env_int(name: str, default: int, *, minimum: int | None = None) -> int:
    """Return the variable as an integer, at least ``minimum`` when one is given."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not an integer") from None
    if minimum is not None and value < minimum:
        raise ImproperlyConfigured(f"{name}={value} is below the minimum of {minimum}")
    return value


def env_float(name: str, default: float, *, minimum: float | None = None) -> float:
    """Return the variable as a number, at least ``minimum`` when one is given."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a number") from None
    if minimum is not None and value < minimum:
        raise ImproperlyConfigured(f"{name}={value} is below the minimum of {minimum}")
    return value


def env_list(name: str, default: list[str] | None = None) -> list[str]:
    """Return the variable as a comma-separated list, without blanks."""
    raw = os.environ.get(name)
    if raw is None:
        return list(default or [])
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_json_object(name: str) -> dict[str, Any]:
    """Return the variable as a JSON object ({} when unset)."""
    raw = os.environ.get(name)
    if raw is None or not raw.strip():
        return {}
    try:
        value = json.loads(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} is not JSON: {raw!r}") from None
    if not isinstance(value, dict):
        raise ImproperlyConfigured(f"{name} must be a JSON object, not {raw!r}")
    return value


@dataclass(frozen=True)
class Database:
    """A parsed ``DATABASE_URL``."""

    engine: str
    name: str
    user: str = ""
    password: str = ""
    host: str = ""
    port: str = ""
    options: tuple[tuple[str, str], ...] = ()


def parse_database_url(name: str, url: str) -> Database:
    """Parse ``postgres://user:pass@host:port/db`` or ``sqlite:///path`` (``name`` for errors)."""
    parts = urlsplit(url)
    if parts.scheme == "sqlite":
        path = unquote(parts.path)
        if not path or path == "/":
            raise ImproperlyConfigured(f"{name}={url!r} names no SQLite file (sqlite:///path)")
        if parts.netloc:
            raise ImproperlyConfigured(
                f"{name}={url!r}: write sqlite:///relative or sqlite:////abs"
            )
        return Database(engine="sqlite", name=path)
    if parts.scheme in {"postgres", "postgresql", "pgsql"}:
        db = unquote(parts.path.lstrip("/"))
        if not db:
            raise ImproperlyConfigured(f"{name}={url!r} names no database")
        try:
            port = str(parts.port or "")
        except ValueError:
            raise ImproperlyConfigured(f"{name}={url!r} has a bad port") from None
        return Database(
            engine="postgresql",
            name=db,
            user=unquote(parts.username or ""),
            password=unquote(parts.password or ""),
            host=parts.hostname or "",
            port=port,
            options=tuple(parse_qsl(parts.query)),
        )
    raise ImproperlyConfigured(
        f"{name} has the unsupported scheme {parts.scheme!r}; use postgres:// or sqlite:///"
    )


def env_redis_url(name: str) -> str:
    """Return a ``redis://`` or ``rediss://`` URL, or "" when the variable is unset."""
    url = os.environ.get(name, "").strip()
    if url and urlsplit(url).scheme not in {"redis", "rediss"}:
        raise ImproperlyConfigured(f"{name}={url!r} is not a redis:// or rediss:// URL")
    return url


def env_path(name: str, default: Path) -> Path:
    """Return the variable as a path, ``default`` when unset."""
    raw = os.environ.get(name)
    return Path(raw).expanduser().resolve() if raw else default
