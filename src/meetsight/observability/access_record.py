"""The access line's LogRecord, made from a template of its fixed fields.

`Logger.makeRecord` builds every field of a record afresh: the level's name, the file name and
module split out of the path (pure-Python `os.path` calls), the thread's and the process's
names. For the access line all of these are the same request after request: here they are
taken once per process and thread from a record the standard way made, and each line copies
them and sets what changes (the times, the arguments, the extra fields). The record has the
same fields in the same order (the JSON formatter writes the extra ones in that order). When a
custom record factory is installed (`logging.setLogRecordFactory`), records are made its way.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Mapping
from typing import Any

# When logging was imported: relativeCreated counts from it, as LogRecord's does.
_START = float(getattr(logging, "_startTime", time.time()))


class AccessRecords:
    def __init__(self, logger: logging.Logger, pathname: str, lineno: int, func: str, msg: str):
        self._logger = logger
        self._where = (pathname, lineno, func, msg)
        # By (level, process id, thread id): a forked process or another thread has its own.
        self._templates: dict[tuple[int, int, int], dict[str, Any]] = {}

    def make(
        self, level: int, args: tuple[Any, ...], extra: Mapping[str, Any]
    ) -> logging.LogRecord:
        """What `logger.makeRecord(name, level, pathname, lineno, msg, args, None, func, extra)`
        makes. `extra` must not name a record's own field (makeRecord's KeyError)."""
        pathname, lineno, func, msg = self._where
        if logging.getLogRecordFactory() is not logging.LogRecord:
            return self._logger.makeRecord(
                self._logger.name, level, pathname, lineno, msg, args, None, func, dict(extra)
            )
        key = (level, os.getpid(), threading.get_ident())
        template = self._templates.get(key)
        if template is None:
            first = logging.LogRecord(
                self._logger.name, level, pathname, lineno, msg, (), None, func
            )
            template = self._templates[key] = dict(vars(first))
        record = logging.LogRecord.__new__(logging.LogRecord)
        fields = record.__dict__
        fields.update(template)
        now = time.time()
        fields["created"] = now
        fields["msecs"] = int((now - int(now)) * 1000) + 0.0
        fields["relativeCreated"] = (now - _START) * 1000
        # LogRecord's own rule: a lone non-empty mapping is the arguments by name.
        if args and len(args) == 1 and isinstance(args[0], Mapping) and args[0]:
            fields["args"] = args[0]
        else:
            fields["args"] = args
        fields.update(extra)
        return record
