"""The one form of a link to a moment (`activities.serializers.moment_url`), which the MCP tools,
REST answers and web pages all use."""

from __future__ import annotations

from meetsight.activities.serializers import activity_url, moment_url


def test_a_moment_is_the_page_with_seconds_to_two_decimals() -> None:
    page = activity_url("https://ms.example", "meeting", "a1")
    assert moment_url("https://ms.example", "a1", 61) == f"{page}?t=61.00"
    assert moment_url("https://ms.example/", "a1", 61.257) == f"{page}?t=61.26"
    assert moment_url("https://ms.example", "a1", 0.0) == f"{page}?t=0.00"


def test_relative_for_the_web_pages_and_the_page_without_a_time() -> None:
    assert moment_url("", "a1", 12.5) == "/app/conversations/a1?t=12.50"
    assert moment_url("https://ms.example", "a1", None) == "https://ms.example/app/conversations/a1"
