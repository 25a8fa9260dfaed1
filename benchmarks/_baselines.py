"""The baselines the REST benchmark compares against, served by the same uvicorn settings."""

from __future__ import annotations

import json
from typing import Any

from fastapi import FastAPI

FIXED = {
    "statusCode": 200,
    "count": 1,
    "error": None,
    "data": {
        "meetingId": "0192f0c4-0000-7000-8000-000000000000",
        "name": "Fixed",
        "status": "completed",
    },
}
FIXED_BYTES = json.dumps(FIXED).encode()

fastapi_app = FastAPI()


@fastapi_app.get("/fixed")
async def fixed() -> dict[str, Any]:
    return FIXED


async def bare_asgi_app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] != "http":
        return
    await send(
        {
            "type": "http.response.start",
            "status": 200,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(FIXED_BYTES)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": FIXED_BYTES})
