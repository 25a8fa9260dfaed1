"""A small synchronous client for OpenAI-compatible chat completions that returns validated
Pydantic models.

Structured output is asked for with ``response_format: json_schema`` (strict). Servers that
reject it (many local and older ones) get ``json_object`` with the schema spelled out in the
system message instead; the client remembers that for its later calls. Either way the answer is
validated with Pydantic, and a malformed one gets one repair round trip before giving up.
"""

from __future__ import annotations

import copy
import json
import logging
import random
import re
import time
from collections.abc import Callable, Sequence
from email.utils import parsedate_to_datetime
from typing import Any, TypeVar

import httpx
from pydantic import BaseModel, ValidationError

from meetsight.intelligence.llm.config import LLMConfig

log = logging.getLogger(__name__)

M = TypeVar("M", bound=BaseModel)
Message = dict[str, str]

# 408/409/425 are "try again" answers too; every other 4xx is a mistake that a retry repeats.
_TRANSIENT_STATUSES = frozenset({408, 409, 425, 429})
_STRUCTURED_HINT = re.compile(r"response_format|json_schema|structured output", re.IGNORECASE)
_MAX_TOKENS_HINT = re.compile(r"max_completion_tokens", re.IGNORECASE)
_TEMPERATURE_HINT = re.compile(r"temperature", re.IGNORECASE)
_FENCE = re.compile(r"^\s*```(?:json)?\s*(.*?)\s*```\s*$", re.DOTALL | re.IGNORECASE)


class LLMError(Exception):
    """The model gave no usable answer. ``transient``: trying again later may succeed."""

    def __init__(self, reason: str, transient: bool) -> None:
        super().__init__(reason)
        self.reason = reason
        self.transient = transient


class MalformedAnswer(Exception):
    """An answer that arrived but cannot be used; worth one repair round trip."""


class _BadRequest(Exception):
    """HTTP 400: maybe a parameter this server does not take (see ``LLMClient._adapt``)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def strict_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The model's JSON schema in the form strict structured output accepts: every object closed
    (``additionalProperties: false``) with all its properties required (optional fields stay
    nullable, so the model writes ``null`` for them). Keywords strict mode refuses or that only
    cost tokens (``default``, string lengths, titles) go; Pydantic still checks the lengths."""
    schema = copy.deepcopy(model.model_json_schema())

    def visit(node: Any) -> None:
        if isinstance(node, dict):
            node.pop("default", None)
            for keyword in ("title", "minLength", "maxLength"):
                if not isinstance(node.get(keyword), dict):  # a field may be named "title"
                    node.pop(keyword, None)
            if node.get("type") == "object" or "properties" in node:
                props = node.get("properties", {})
                node["additionalProperties"] = False
                node["required"] = list(props)
            for value in node.values():
                visit(value)
        elif isinstance(node, list):
            for item in node:
                visit(item)

    visit(schema)
    return schema


def parse_answer(content: str | None, model: type[M], context: dict[str, Any] | None = None) -> M:
    """Validate one answer's text; raises :class:`MalformedAnswer` saying what is wrong."""
    if not content or not content.strip():
        raise MalformedAnswer("the answer was empty")
    text = content.strip()
    fenced = _FENCE.match(text)  # json_object answers from some models come in a code fence
    if fenced:
        text = fenced.group(1)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MalformedAnswer(f"the answer is not JSON ({exc.msg} at position {exc.pos})") from None
    if not isinstance(data, dict):
        raise MalformedAnswer("the answer is not a JSON object")
    try:
        return model.model_validate(data, context=context)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or 'answer'}: {err['msg']}"
            for err in exc.errors()[:8]
        )
        raise MalformedAnswer(f"the answer does not match the schema ({problems})") from None


class LLMClient:
    def __init__(
        self,
        config: LLMConfig,
        *,
        transport: httpx.BaseTransport | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.config = config
        self._sleep = sleep
        self._url = config.base_url.rstrip("/") + "/chat/completions"
        headers = {"Content-Type": "application/json"}
        if config.api_key:
            headers["Authorization"] = f"Bearer {config.api_key}"
        self._http = httpx.Client(
            headers=headers,
            timeout=httpx.Timeout(config.timeout_seconds, connect=config.connect_timeout_seconds),
            transport=transport,
        )
        # What this server takes, learned from its 400 answers and kept for later calls.
        self.structured = True  # response_format json_schema, else json_object
        self.max_tokens_key = "max_tokens"  # newer OpenAI models want max_completion_tokens
        self.send_temperature = True  # reasoning models refuse any temperature but their own
        self.requests = 0  # HTTP requests sent, for reports and tests

    def close(self) -> None:
        self._http.close()

    def complete_json(
        self,
        messages: Sequence[Message],
        schema_model: type[M],
        name: str,
        *,
        context: dict[str, Any] | None = None,
    ) -> M:
        """Ask for one JSON answer matching ``schema_model``; ``context`` reaches its validators
        (allowed line indices, category keys...)."""
        conversation = [dict(m) for m in messages]
        last_problem = ""
        for attempt in range(2):  # the answer, then one repair
            content: str | None = None
            try:
                content = self._complete(conversation, schema_model, name)
                return parse_answer(content, schema_model, context)
            except MalformedAnswer as exc:
                last_problem = str(exc)
                log.warning("LLM answer for %s unusable (attempt %d): %s", name, attempt + 1, exc)
            if content:  # some servers refuse an empty assistant turn
                conversation.append({"role": "assistant", "content": content})
            conversation.append(
                {
                    "role": "user",
                    "content": (
                        f"Your previous answer could not be used: {last_problem}. Answer again "
                        "with only one JSON object that matches the schema, shorter if needed."
                    ),
                }
            )
        raise LLMError(f"malformed answer after one repair: {last_problem}", transient=False)

    def _complete(self, messages: list[Message], schema_model: type[BaseModel], name: str) -> str:
        schema = strict_schema(schema_model)
        while True:  # each 400 about a parameter teaches one adaptation, so this ends
            try:
                return _content(self._post(self._payload(messages, schema, name)))
            except _BadRequest as exc:
                if not self._adapt(exc.message):
                    raise LLMError(
                        f"HTTP 400 from the LLM: {exc.message}", transient=False
                    ) from None

    def _adapt(self, message: str) -> bool:
        """Change what the next request sends after a 400 that names a parameter; False when
        there is nothing left to change."""
        if self.structured and _STRUCTURED_HINT.search(message):
            log.info("server refused json_schema output; using json_object from now on")
            self.structured = False
        elif self.max_tokens_key == "max_tokens" and _MAX_TOKENS_HINT.search(message):
            self.max_tokens_key = "max_completion_tokens"
        elif self.send_temperature and _TEMPERATURE_HINT.search(message):
            self.send_temperature = False
        else:
            return False
        return True

    def _payload(
        self, messages: list[Message], schema: dict[str, Any], name: str
    ) -> dict[str, Any]:
        if self.structured:
            response_format: dict[str, Any] = {
                "type": "json_schema",
                "json_schema": {"name": name, "schema": schema, "strict": True},
            }
        else:
            response_format = {"type": "json_object"}
            messages = _with_schema_in_system(messages, schema)
        payload: dict[str, Any] = {"model": self.config.model, "messages": messages}
        if self.send_temperature:
            payload["temperature"] = 0  # the same transcript should give the same analysis
        payload[self.max_tokens_key] = self.config.max_output_tokens
        payload["response_format"] = response_format
        return payload

    def _post(self, payload: dict[str, Any]) -> dict[str, Any]:
        """POST with retries on transient failures; returns the decoded response body."""
        attempts = self.config.max_retries + 1
        for attempt in range(attempts):
            retry_after: float | None = None
            self.requests += 1
            try:
                response = self._http.post(self._url, json=payload)
            except httpx.TimeoutException as exc:
                problem = f"{type(exc).__name__}: the request timed out"
            except httpx.TransportError as exc:
                problem = f"{type(exc).__name__}: {exc}"
            else:
                status = response.status_code
                if 200 <= status < 300:
                    try:
                        body = response.json()
                    except ValueError:
                        problem = f"HTTP {status} with a body that is not JSON"
                    else:
                        if isinstance(body, dict):
                            return body
                        problem = f"HTTP {status} with a body that is not a JSON object"
                else:
                    message = self._redact(_error_message(response))
                    if status == 400:
                        raise _BadRequest(message)
                    if status not in _TRANSIENT_STATUSES and status < 500:
                        raise LLMError(f"HTTP {status} from the LLM: {message}", transient=False)
                    problem = f"HTTP {status}: {message}"
                    retry_after = _retry_after(response)
            if attempt == attempts - 1:
                break
            delay = self._delay(attempt, retry_after)
            log.warning("LLM request failed (%s); retry %d in %.2fs", problem, attempt + 1, delay)
            self._sleep(delay)
        raise LLMError(f"LLM request failed after {attempts} attempts: {problem}", transient=True)

    def _redact(self, text: str) -> str:
        # some servers echo the key they refused; it must not reach logs or stored errors
        key = self.config.api_key
        return text.replace(key, "***") if key else text

    def _delay(self, attempt: int, retry_after: float | None) -> float:
        if retry_after is not None:
            return min(retry_after, self.config.retry_after_cap_seconds)
        config = self.config
        ceiling = min(config.backoff_max_seconds, config.backoff_base_seconds * 2**attempt)
        return ceiling * random.uniform(0.5, 1.0)  # jitter spreads concurrent workers apart


def _content(body: dict[str, Any]) -> str:
    choices = body.get("choices")
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        raise MalformedAnswer("the response has no choices")
    choice = choices[0]
    if choice.get("finish_reason") == "length":
        raise MalformedAnswer("the answer was cut off at the output token limit")
    message = choice.get("message") or {}
    if message.get("refusal"):
        raise MalformedAnswer(f"the model refused: {str(message['refusal'])[:200]}")
    content = message.get("content")
    if not isinstance(content, str) or not content.strip():
        raise MalformedAnswer("the answer was empty")
    return content


def _with_schema_in_system(messages: list[Message], schema: dict[str, Any]) -> list[Message]:
    spelled = (
        "Reply with one JSON object only, no prose and no code fence, matching this JSON "
        f"schema exactly:\n{json.dumps(schema, ensure_ascii=False)}"
    )
    out = [dict(m) for m in messages]
    if out and out[0].get("role") == "system":
        out[0]["content"] = f"{out[0]['content']}\n\n{spelled}"
    else:
        out.insert(0, {"role": "system", "content": spelled})
    return out


def _error_message(response: httpx.Response) -> str:
    try:
        body = response.json()
    except ValueError:
        return response.text[:300] or response.reason_phrase
    error = body.get("error") if isinstance(body, dict) else None
    if isinstance(error, dict):
        return str(error.get("message") or error)[:300]
    return str(error or body)[:300]


def _retry_after(response: httpx.Response) -> float | None:
    value = response.headers.get("retry-after")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:  # the HTTP-date form
        return max(0.0, parsedate_to_datetime(value).timestamp() - time.time())
    except (TypeError, ValueError):
        return None
