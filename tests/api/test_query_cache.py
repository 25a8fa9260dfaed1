"""parse_query_cached: a repeated query string is the same model; refusals and long strings are
never kept."""

from __future__ import annotations

import pytest
from fastapi.exceptions import RequestValidationError
from starlette.requests import Request

from meetsight.activities.query_params import MeetingListQuery
from meetsight.request_params import PARSED_QUERY_MAX_BYTES, parse_query, parse_query_cached


def _request(query: bytes) -> Request:
    return Request({"type": "http", "method": "GET", "path": "/", "query_string": query})


def test_a_repeated_string_gives_the_same_model_as_a_parse() -> None:
    first = parse_query_cached(MeetingListQuery, _request(b"limit=7&status=completed"))
    again = parse_query_cached(MeetingListQuery, _request(b"limit=7&status=completed"))
    assert again is first
    assert first == parse_query(MeetingListQuery, _request(b"limit=7&status=completed"))


def test_a_refused_string_is_refused_every_time() -> None:
    for _ in range(2):
        with pytest.raises(RequestValidationError):
            parse_query_cached(MeetingListQuery, _request(b"limit=0"))


def test_a_long_string_is_parsed_each_time() -> None:
    query = b"limit=3&" + b"&".join(b"unknown%d=1" % i for i in range(PARSED_QUERY_MAX_BYTES // 8))
    assert len(query) > PARSED_QUERY_MAX_BYTES
    first = parse_query_cached(MeetingListQuery, _request(query))
    assert first.limit == 3
    assert parse_query_cached(MeetingListQuery, _request(query)) is not first
