"""Log lines escape control characters taken from requests, in the text and the JSON format:
a path with %0a cannot write a line of its own, CR cannot hide what came before it, an ANSI
escape cannot reach the terminal of whoever tails the log, and a traceback's lines never
start at column 0 where only records start."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import pytest

from meetsight.config import Settings
from meetsight.observability.logs import ContextIds, JsonFormatter, TextFormatter, logging_config

FORGED = "2026-11-26 10:00:00,000 INFO meetsight.access GET /admin 200 1.0 ms"
HOSTILE = {
    "LF": "\n",
    "CR": "\r",
    "CRLF": "\r\n",
    "NEL": "\u0085",
    "LINE SEPARATOR": "\u2028",
    "ANSI": "\x1b[2J\x1b[31m",
    "NUL": "\x00",
    "DEL": "\x7f",
    "TAB": "\t",
}
CONTROLS = {chr(c) for c in [*range(0x20), *range(0x7F, 0xA0), 0x2028, 0x2029]}


@contextmanager
def captured(logger_name: str, log_format: str) -> Iterator[io.StringIO]:
    """What `logger_name` writes through the formatter `meetsight serve` configures."""
    config = logging_config(Settings(log_format=log_format))
    formatter = config["formatters"]["main"]["()"]()
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(formatter)
    handler.addFilter(ContextIds())
    logger = logging.getLogger(logger_name)
    level, propagate = logger.level, logger.propagate
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False
    try:
        yield stream
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
        logger.propagate = propagate


def _no_raw_controls(text: str) -> None:
    assert not CONTROLS & set(text), repr(text)


@pytest.mark.parametrize("log_format", ["text", "json"])
async def test_a_request_path_cannot_forge_an_access_line(
    client: httpx.AsyncClient, log_format: str
) -> None:
    path = "/api/v1/meetings%0a" + FORGED.replace(" ", "%20") + "%0d%1b%5b31m"
    with captured("meetsight.access", log_format) as stream:
        response = await client.get(path)
    assert response.status_code == 404
    lines = stream.getvalue().splitlines()
    assert len(lines) == 1, lines
    line = lines[0]
    if log_format == "json":
        entry = json.loads(line)
        line = entry["message"]
        _no_raw_controls(entry["path"])
    _no_raw_controls(line)
    assert "meetings\\n2026-11-26" in line and "\\r\\x1b[31m" in line


@pytest.mark.parametrize("log_format", ["text", "json"])
@pytest.mark.parametrize("label", sorted(HOSTILE))
def test_every_control_character_is_written_escaped(log_format: str, label: str) -> None:
    hostile = f"name{HOSTILE[label]}{FORGED}"
    with captured("meetsight.test", log_format) as stream:
        logging.getLogger("meetsight.test").warning(
            "key %s revoked", hostile, extra={"key_name": hostile}
        )
    out = stream.getvalue()
    assert out.count("\n") == 1 and out.endswith("\n"), repr(out)
    record = out[:-1]
    if log_format == "json":
        entry = json.loads(record)
        record = entry["message"] + entry["key_name"]
    _no_raw_controls(record)
    assert FORGED in record


@pytest.mark.parametrize("log_format", ["text", "json"])
def test_a_traceback_keeps_its_lines_but_forges_none(log_format: str) -> None:
    try:
        raise ValueError(f"bad id\n{FORGED}\x1b[2J")
    except ValueError:
        with captured("meetsight.test", log_format) as stream:
            logging.getLogger("meetsight.test").exception("request failed")
    out = stream.getvalue()
    if log_format == "json":
        (line,) = out.splitlines()
        exception = json.loads(line)["exception"]
        assert "Traceback" in exception and "\x1b" not in exception
        return
    lines = out.splitlines()
    assert len(lines) > 3 and "Traceback" in lines[1]
    # Only the record itself starts at column 0; the forged text stays indented.
    assert [line for line in lines if not line.startswith(" ")] == [lines[0]]
    assert any(line.strip() == FORGED + "\\x1b[2J" for line in lines)


def test_text_and_json_formatters_are_the_ones_configured() -> None:
    """The tests above go through logging_config(); it must still pick these classes."""
    text = logging_config(Settings(log_format="text"))["formatters"]["main"]["()"]
    json_ = logging_config(Settings(log_format="json"))["formatters"]["main"]["()"]
    assert (text, json_) == (TextFormatter, JsonFormatter)
