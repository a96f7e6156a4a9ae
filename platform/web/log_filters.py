"""Logging filters named in settings.LOGGING."""

from __future__ import annotations

import logging


class ClientErrorsAtInfo(logging.Filter):
    """Log Django's 4xx answers ("Not Found: /x", "Bad Request: /y") at INFO: a refusal is the
    platform working as documented, not something for an operator to look at. 5xx stay ERROR."""

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if isinstance(status, int) and 400 <= status < 500 and record.levelno == logging.WARNING:
            record.levelno = logging.INFO
            record.levelname = logging.getLevelName(logging.INFO)
        return True
