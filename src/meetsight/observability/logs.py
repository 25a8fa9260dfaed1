"""Log set-up for `meetsight serve` and `meetsight worker`: text or JSON lines (log_format), each
naming the request id and job id of the work it was written under."""

from __future__ import annotations

import json
import logging
import logging.config
from datetime import UTC, datetime
from typing import Any

from meetsight.config import Settings
from meetsight.observability.context import job_id_var, request_id_var

# What LogRecord carries anyway; everything else on a record came in `extra=` and is a field.
_STANDARD = frozenset(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {
    "message",
    "asctime",
    "request_id",
    "job_id",
    "color_message",  # uvicorn's coloured copy of the message
}


class ContextIds(logging.Filter):
    """Stamp each record with the request and job it was written under."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "request_id", None) is None:
            record.request_id = request_id_var.get()
        if getattr(record, "job_id", None) is None:
            record.job_id = job_id_var.get()
        return True


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in ("request_id", "job_id"):
            value = getattr(record, name, None)
            if value:
                entry[name] = value
        for name, value in vars(record).items():
            if name not in _STANDARD and not name.startswith("_"):
                entry[name] = value
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str)


class TextFormatter(logging.Formatter):
    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        ids = [
            f"{name}={value}"
            for name in ("request_id", "job_id")
            if (value := getattr(record, name, None))
        ]
        return f"{line} [{' '.join(ids)}]" if ids else line


def logging_config(settings: Settings) -> dict[str, Any]:
    """A dictConfig for the whole process: uvicorn's loggers write through the same handler."""
    formatter = JsonFormatter if settings.log_format == "json" else TextFormatter
    level = settings.log_level.upper()
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"ids": {"()": ContextIds}},
        "formatters": {"main": {"()": formatter}},
        "handlers": {
            "stderr": {
                "class": "logging.StreamHandler",
                "stream": "ext://sys.stderr",
                "formatter": "main",
                "filters": ["ids"],
            }
        },
        "root": {"handlers": ["stderr"], "level": level},
        "loggers": {
            "uvicorn": {"handlers": [], "propagate": True, "level": level},
            "uvicorn.error": {"handlers": [], "propagate": True, "level": level},
            # meetsight.access writes one line a request, with its id and route
            "uvicorn.access": {"handlers": [], "propagate": False, "level": "WARNING"},
        },
    }


def configure_logging(settings: Settings) -> None:
    logging.config.dictConfig(logging_config(settings))
