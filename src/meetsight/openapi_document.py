"""The served OpenAPI document, completed with what FastAPI cannot infer from the handlers.

Handlers raise AppError subclasses and one handler renders them as the error envelope, so FastAPI
sees none of those responses; and its default 422 body (`HTTPValidationError`) is not what the app
sends. This module declares, for every operation, the error statuses it can answer with the
envelope's schema; and the two credential kinds, the `X-Total-Count` header of paginated
listings, the file formats of the transcript download and the thumbnail's JPEG. Schemathesis
checks the served document against real responses (tests/fuzz), so a status or content type the
app sends but the document omits fails a test.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

from meetsight.schemas import ErrorEnvelope

ERROR_SCHEMA_NAME = "ErrorEnvelope"
_ERROR_REF = {"$ref": f"#/components/schemas/{ERROR_SCHEMA_NAME}"}
_FASTAPI_VALIDATION = ("HTTPValidationError", "ValidationError")

ERROR_DESCRIPTIONS = {
    400: "Malformed request (unreadable body, bad multipart, bytes that are not UTF-8)",
    401: "Missing or invalid API key or Bearer token",
    403: "The credential lacks the scope this operation needs",
    404: "Not found, or not in the credential's organization",
    409: "Conflicts with an existing resource",
    413: "Body or upload larger than the configured limit",
    415: "Unsupported media type (multipart/form-data is for uploads only)",
    422: "A parameter or field is invalid; the message names it",
    416: "The Range starts past the end of the file; Content-Range gives its size",
    429: "Rate limit exceeded; see Retry-After",
    503: "The media store (an S3 bucket) did not answer; try again later",
    507: "The media store is out of space",
}
# Every operation checks a credential and its scope, validates what it reads (the request guard
# answers 400 for bytes that are not UTF-8 in a query, security/request_guard.py), and is
# rate-limited.
_EVERY_OPERATION = (400, 401, 403, 422, 429)
# Statuses that depend on what an operation does, beyond its shape (method, path, body).
_EXTRA_STATUSES: dict[tuple[str, str], tuple[int, ...]] = {
    ("post", "/api/v1/smart-categories"): (409,),
    ("patch", "/api/v1/smart-categories/{category_id}"): (409,),
    ("get", "/api/v1/call-notes"): (404,),  # callId of another organization or kind
    ("post", "/api/v1/meetings/{activity_id}/reprocess"): (409,),  # processing already runs
    ("post", "/api/v1/calls/{activity_id}/reprocess"): (409,),
    ("delete", "/api/v1/meetings/{activity_id}/notes/{note_id}"): (409,),  # a derived note
    ("delete", "/api/v1/calls/{activity_id}/notes/{note_id}"): (409,),
    # a name, CRM id or domain another account or deal holds
    ("post", "/api/v1/accounts"): (409,),
    ("patch", "/api/v1/accounts/{account_id}"): (409,),
    ("post", "/api/v1/deals"): (409,),
    ("patch", "/api/v1/deals/{deal_id}"): (409,),
    ("post", "/api/v1/trackers"): (409,),  # a name taken in the organization
    ("patch", "/api/v1/trackers/{tracker_id}"): (409,),
    ("post", "/api/v1/ask"): (404,),  # accountId of no account of the organization
}
SECURITY_SCHEMES = {
    "ApiKey": {"type": "apiKey", "in": "header", "name": "x-api-key"},
    "Bearer": {"type": "http", "scheme": "bearer", "description": "OAuth access token"},
}
TRANSCRIPT_FILES = {
    "application/x-subrip": "SubRip (format=srt)",
    "text/vtt": "WebVTT (format=vtt)",
    "text/plain": "Plain text (format=txt)",
}

TRANSCRIPT_JSON_FILE = {
    "type": "array",
    "description": "The transcript file (format=json)",
    "items": {
        "type": "object",
        "required": ["startTime", "endTime", "participantName", "content"],
        "properties": {
            "startTime": {"type": "number"},
            "endTime": {"type": "number"},
            "participantName": {"type": "string"},
            "content": {"type": "string"},
        },
    },
}


def install_openapi(app: FastAPI) -> None:
    """Make `app.openapi()` return the completed document (built once, then cached)."""
    build = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = complete_document(build())
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def complete_document(document: dict[str, Any]) -> dict[str, Any]:
    """Declare error responses, listing headers and transcript formats in `document`."""
    schemas = document.setdefault("components", {}).setdefault("schemas", {})
    schemas[ERROR_SCHEMA_NAME] = ErrorEnvelope.model_json_schema(mode="serialization")
    document["components"]["securitySchemes"] = SECURITY_SCHEMES
    document["security"] = [{name: []} for name in SECURITY_SCHEMES]
    for path, item in document.get("paths", {}).items():
        for method, operation in item.items():
            _declare_errors(method, path, operation)
            _declare_total_header(operation)
            if path.endswith("/transcript") and method == "get":
                _declare_transcript_files(operation)
            if path.endswith(("/thumbnail", "/media")) and method == "get":
                _declare_stored_file(operation, jpeg=path.endswith("/thumbnail"))
    for name in _FASTAPI_VALIDATION:
        schemas.pop(name, None)
    return document


def error_statuses(method: str, path: str, operation: dict[str, Any]) -> list[int]:
    """The error statuses an operation can answer, from its shape and the extras table."""
    statuses = set(_EVERY_OPERATION)
    body = operation.get("requestBody")
    if body is not None:
        statuses.update((413, 415))  # over MEETSIGHT_MAX_BODY_BYTES; multipart off uploads
        if "multipart/form-data" in body.get("content", {}):
            statuses.update((503, 507))
    if "{" in path:
        statuses.add(404)
    statuses.update(_EXTRA_STATUSES.get((method, path), ()))
    return sorted(statuses)


def _declare_errors(method: str, path: str, operation: dict[str, Any]) -> None:
    responses = operation.setdefault("responses", {})
    for status in error_statuses(method, path, operation):
        responses[str(status)] = {
            "description": ERROR_DESCRIPTIONS[status],
            "content": {"application/json": {"schema": dict(_ERROR_REF)}},
        }


def _declare_total_header(operation: dict[str, Any]) -> None:
    names = {p.get("name") for p in operation.get("parameters", ()) if p.get("in") == "query"}
    if not {"limit", "page"} <= names:
        return
    for status, response in operation.get("responses", {}).items():
        if status.startswith("2"):
            response.setdefault("headers", {})["X-Total-Count"] = {
                "description": "Items matching the filters, over all pages",
                "schema": {"type": "integer", "minimum": 0},
                "required": True,
            }


def _declare_stored_file(operation: dict[str, Any], *, jpeg: bool) -> None:
    """A file from the media store: whole (200) or the asked Range (206), any media type for a
    recording (the one it was uploaded as)."""
    binary = {"schema": {"type": "string", "format": "binary"}}
    content = {"image/jpeg": binary} if jpeg else {"*/*": binary}
    responses = operation["responses"]
    responses["200"]["content"] = content
    responses["206"] = {
        "description": "The part of the file that Range asked for",
        "content": content,
    }
    for status in ("416", "503"):
        responses[status] = {
            "description": ERROR_DESCRIPTIONS[int(status)],
            "content": {"application/json": {"schema": dict(_ERROR_REF)}},
        }


def _declare_transcript_files(operation: dict[str, Any]) -> None:
    content = operation["responses"]["200"].setdefault("content", {})
    envelope = content.get("application/json", {}).get("schema")
    if envelope is not None:  # format=json is a bare array of segments, not the envelope
        content["application/json"]["schema"] = {"anyOf": [envelope, TRANSCRIPT_JSON_FILE]}
    for media_type, description in TRANSCRIPT_FILES.items():
        content[media_type] = {"schema": {"type": "string", "description": description}}
