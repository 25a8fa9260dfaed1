"""Log set-up for `meetsight serve` and `meetsight worker`: text or JSON lines (log_format), each
naming the request id and job id of the work it was written under.

Log lines carry what requests sent (paths, ids, names, user agents, uvicorn's own complaints
about a bad request line). Control characters in them are written escaped, in both formats: a
path with %0a cannot start a line that looks like a record of its own, a CR cannot hide what
came before it on a terminal, and an ANSI escape cannot recolour or rewrite the screen of
whoever tails the log. A traceback keeps its line breaks, each of its lines indented, so that
every line starting at column 0 is a record.
"""

from __future__ import annotations

import json
import logging
import logging.config
import re
import time
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


# C0 controls (tab, LF and CR included), DEL, C1 controls (NEL among them), and the Unicode line
# and paragraph separators some viewers break lines on.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_CONTROL_BUT_NEWLINE = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
TRACEBACK_INDENT = "    "


def _escaped(match: re.Match[str]) -> str:
    char = match.group()
    return _NAMED.get(char) or (
        f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}"
    )


def escape_controls(text: str) -> str:
    """`text` on one line: every control character as a visible escape (\\n, \\x1b...)."""
    return _CONTROL.sub(_escaped, text)


def escape_block(text: str, indent: str = "") -> str:
    """A multi-line text (a traceback): its line breaks kept, every other control escaped, and
    each line after the first indented by `indent`."""
    lines = _CONTROL_BUT_NEWLINE.sub(_escaped, text).split("\n")
    return "\n".join([lines[0], *(indent + line for line in lines[1:])])


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
            "message": escape_controls(record.getMessage()),
        }
        for name in ("request_id", "job_id"):
            value = getattr(record, name, None)
            if value:
                entry[name] = value
        for name, value in vars(record).items():
            if name not in _STANDARD and not name.startswith("_"):
                entry[name] = escape_controls(value) if isinstance(value, str) else value
        if record.exc_info:
            entry["exception"] = escape_block(self.formatException(record.exc_info))
        return json.dumps(entry, default=str)


class TextFormatter(logging.Formatter):
    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s %(message)s")
        # The date and time to the second, made once a second (every access line needs one).
        self._second: int | None = None
        self._stamp = ""

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        if datefmt is not None or not self.default_msec_format:
            return super().formatTime(record, datefmt)
        second = int(record.created)
        if second != self._second:
            self._stamp = time.strftime(self.default_time_format, self.converter(record.created))
            self._second = second
        return self.default_msec_format % (self._stamp, record.msecs)

    def formatMessage(self, record: logging.LogRecord) -> str:
        return escape_controls(super().formatMessage(record))

    def formatException(self, ei: Any) -> str:
        return TRACEBACK_INDENT + escape_block(super().formatException(ei), TRACEBACK_INDENT)

    def formatStack(self, stack_info: str) -> str:
        return TRACEBACK_INDENT + escape_block(stack_info, TRACEBACK_INDENT)

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
