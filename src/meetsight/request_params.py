"""Query parameters as one Pydantic model per endpoint, validated in a single call.

FastAPI resolves each declared parameter and dependency on its own; on a hot read that costs more
than the database query and the serialisation together (measured in benchmarks/rest_read.py).
Read endpoints therefore take the raw request and validate their query with one `model_validate`,
and the same models generate the OpenAPI parameters, so the documentation cannot drift.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Annotated, Any, TypeVar

from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError
from pydantic_core import PydanticCustomError
from starlette.requests import Request

from meetsight.pagination import MAX_LIMIT, MAX_PAGE

M = TypeVar("M", bound=BaseModel)


def _calendar_day(value: object) -> object:
    """Only the YYYY-MM-DD form the document declares (format: date): pydantic would also read
    a number, "0.0" included, as a Unix time and a date-time at midnight as its day."""
    if isinstance(value, str) and not _DAY.fullmatch(value):
        raise PydanticCustomError("date_from_datetime_parsing", "expected YYYY-MM-DD")
    return value


_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
# A query parameter that is a calendar day (e.g. search's fromDate and toDate).
QueryDay = Annotated[date, BeforeValidator(_calendar_day)]


def _json_day(value: object) -> object:
    """A JSON body's day is a YYYY-MM-DD string: a number is no day (pydantic would take 0 as
    1970-01-01)."""
    if not isinstance(value, str):
        raise PydanticCustomError("date_type", "expected a YYYY-MM-DD string")
    return _calendar_day(value)


# A JSON body's field that is a calendar day (e.g. POST /ask's fromDate and toDate).
BodyDay = Annotated[date, BeforeValidator(_json_day)]


class QueryModel(BaseModel):
    """Unknown parameters are ignored, as web APIs usually do; known ones are strict."""

    model_config = ConfigDict(extra="ignore", frozen=True, populate_by_name=False)


class PageQuery(QueryModel):
    limit: int = Field(10, ge=1, le=MAX_LIMIT, description="Items per page")
    page: int = Field(1, ge=1, le=MAX_PAGE, description="1-based page number")

    @property
    def offset(self) -> int:
        return (self.page - 1) * self.limit


def parse_query(model: type[M], request: Request) -> M:
    """The request's query as `model`, or the same 422 FastAPI gives for a bad parameter."""
    try:
        return model.model_validate(dict(request.query_params))
    except ValidationError as exc:
        errors = [{**e, "loc": ("query", *e["loc"])} for e in exc.errors(include_url=False)]
        raise RequestValidationError(errors) from None


_PARSED: dict[tuple[type[BaseModel], bytes], BaseModel] = {}
PARSED_QUERIES_KEPT = 1024
PARSED_QUERY_MAX_BYTES = 512


def parse_query_cached(model: type[M], request: Request) -> M:
    """parse_query for the hot reads, kept per query string: the same string always gives the
    same (frozen) model, so a repeated one is a dict hit instead of a parse and a validation.
    Only for models whose validation depends on the string alone (not on the clock or the
    database) and whose fields are immutable; a refused string is refused each time."""
    raw = request.scope.get("query_string", b"")
    if len(raw) > PARSED_QUERY_MAX_BYTES:
        return parse_query(model, request)  # kept strings stay small: 1,024 x 512 B at most
    key = (model, raw)
    found = _PARSED.get(key)
    if found is None:
        found = parse_query(model, request)
        if len(_PARSED) >= PARSED_QUERIES_KEPT:
            _PARSED.clear()  # a flood of distinct strings costs parses, never memory
        _PARSED[key] = found
    return found  # type: ignore[return-value]


def openapi_parameters(
    query: type[BaseModel] | None = None, *, path: tuple[str, ...] = ()
) -> dict[str, Any]:
    """`openapi_extra` for an endpoint that reads its parameters itself."""
    params: list[dict[str, Any]] = [
        {"name": name, "in": "path", "required": True, "schema": {"type": "string"}}
        for name in path
    ]
    if query is not None:
        schema = query.model_json_schema(by_alias=True)
        required = set(schema.get("required", ()))
        for name, prop in schema.get("properties", {}).items():
            description = prop.pop("description", None)
            prop.pop("title", None)
            entry: dict[str, Any] = {
                "name": name,
                "in": "query",
                "required": name in required,
                "schema": prop,
            }
            if description:
                entry["description"] = description
            params.append(entry)
    return {"parameters": params}
