"""Recordings for the player, with HTTP Range (RFC 9110 §14): the browser seeks by asking for
`Range: bytes=START-END` and gets 206 with that slice. The route (pages_conversation.py) serves
through the media store interface with `activities.media_response.stored_file_response`, the
same code as the REST `/media` endpoints, for the local folder and S3 alike; the parser is
named here too for the web tests."""

from __future__ import annotations

from meetsight.activities.media_response import RangeNotSatisfiable
from meetsight.activities.media_response import parse_range as wanted_range

__all__ = ["RangeNotSatisfiable", "wanted_range"]
