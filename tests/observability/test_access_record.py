"""The access line's record made from a template: the fields makeRecord gives, in its order."""

from __future__ import annotations

import logging
import threading

import pytest

from meetsight.observability.access_record import AccessRecords

TIMES = ("created", "msecs", "relativeCreated")


def _both(logger: logging.Logger) -> tuple[logging.LogRecord, logging.LogRecord]:
    args = ("GET", "/api/v1/meetings", 200, 1.25)
    extra = {"method": "GET", "path": "/api/v1/meetings", "route": "/x", "status": 200}
    made = AccessRecords(logger, "/src/meetsight/obs.py", 88, "observe", "%s %s %d %.1f ms")
    ours = made.make(logging.INFO, args, extra)
    again = made.make(logging.INFO, args, extra)  # from the template this time
    assert vars(again).keys() == vars(ours).keys()
    theirs = logger.makeRecord(
        logger.name, logging.INFO, "/src/meetsight/obs.py", 88, "%s %s %d %.1f ms", args,
        None, "observe", extra,
    )  # fmt: skip
    return again, theirs


def test_same_fields_in_the_same_order_as_make_record() -> None:
    ours, theirs = _both(logging.getLogger("meetsight.access.test"))
    assert type(ours) is logging.LogRecord
    assert list(vars(ours)) == list(vars(theirs))
    for name, value in vars(theirs).items():
        if name not in TIMES:
            assert vars(ours)[name] == value, name
    assert abs(ours.created - theirs.created) < 1
    assert abs(ours.relativeCreated - theirs.relativeCreated) < 1000
    assert ours.msecs == int((ours.created - int(ours.created)) * 1000)
    assert ours.getMessage() == theirs.getMessage() == "GET /api/v1/meetings 200 1.2 ms"
    assert ours.filename == "obs.py" and ours.module == "obs"


def test_another_thread_gets_its_own_name() -> None:
    logger = logging.getLogger("meetsight.access.test")
    made = AccessRecords(logger, __file__, 1, "observe", "%s")
    assert made.make(logging.INFO, ("a",), {}).threadName == threading.current_thread().name
    seen: list[str | None] = []
    worker = threading.Thread(
        target=lambda: seen.append(made.make(logging.INFO, ("a",), {}).threadName), name="other"
    )
    worker.start()
    worker.join()
    assert seen == ["other"]


def test_a_custom_record_factory_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    class Custom(logging.LogRecord):
        pass

    monkeypatch.setattr(logging, "_logRecordFactory", Custom)
    ours, _ = _both(logging.getLogger("meetsight.access.test"))
    assert type(ours) is Custom
