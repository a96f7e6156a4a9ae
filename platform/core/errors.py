"""The one root of the errors services raise (``ServiceError``); each app derives its own in at
most one module (games/services/errors.py, tournaments/services/errors.py, …), and
core/api_errors.py maps every one to its status and ``{"error": code, "detail": text}``."""

from __future__ import annotations


class ServiceError(Exception):
    """A request that a service cannot serve: an HTTP status, a machine-readable code and an
    English detail."""

    status = 400
    code = "bad_request"

    def __init__(self, detail: str, *, code: str | None = None) -> None:
        super().__init__(detail)
        self.detail = detail
        if code is not None:
            self.code = code

    def to_json(self) -> dict[str, str]:
        return {"error": self.code, "detail": self.detail}
