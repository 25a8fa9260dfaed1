"""Which engine runs for an organization, and the fallback to the built-in one.

The service-wide default comes from ``MEETSIGHT_INTELLIGENCE_ENGINE`` (auto: the LLM engine when
``MEETSIGHT_LLM_BASE_URL`` is set); an organization may pin ``settings["intelligenceEngine"]`` to
"builtin" or "llm" (``meetsight org engine``). When the LLM engine fails, the activity gets the
built-in results and ``engineError`` records why: the stage never ends with nothing.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
from collections.abc import Sequence
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.config import Settings
from meetsight.intelligence.builtin.engine import BuiltinEngine
from meetsight.intelligence.conversation import (
    CategorySpec,
    Conversation,
    ObjectiveSpec,
    Question,
)
from meetsight.intelligence.engine_interface import Engine
from meetsight.intelligence.llm.config import LLMConfig
from meetsight.intelligence.llm.engine import LLMEngine
from meetsight.intelligence.results import ChatAnswer, Intelligence
from meetsight.intelligence.turns import answer_to_segments, by_turns, result_to_segments
from meetsight.organizations.models import Organization

log = logging.getLogger("meetsight.intelligence")

_lock = threading.Lock()
_builtin: BuiltinEngine | None = None
_llm: dict[LLMConfig, LLMEngine] = {}

ENGINE_CHOICES = ("builtin", "llm")


def builtin_engine() -> BuiltinEngine:
    global _builtin
    with _lock:
        if _builtin is None:
            _builtin = BuiltinEngine()
        return _builtin


def llm_config(settings: Settings) -> LLMConfig | None:
    if not settings.llm_base_url:
        return None
    return LLMConfig(
        base_url=settings.llm_base_url,
        model=settings.llm_model,
        api_key=settings.llm_api_key,
        timeout_seconds=settings.llm_timeout_seconds,
        max_retries=settings.llm_max_retries,
        max_input_tokens=settings.llm_max_input_tokens,
    )


async def organization_engine(session: AsyncSession, settings: Settings, org_id: str) -> Engine:
    """The engine the organization chose in its settings, else the service's default."""
    org = await session.get(Organization, org_id)
    return engine_for(settings, org.settings if org is not None else None)


def engine_for(settings: Settings, org_settings: dict[str, Any] | None) -> Engine:
    choice = (org_settings or {}).get("intelligenceEngine") or settings.intelligence_engine
    config = llm_config(settings)
    if choice == "builtin" or config is None:
        # "llm" without an endpoint configured runs built-in; analyze() records why.
        return builtin_engine()
    with _lock:
        engine = _llm.get(config)
        if engine is None:
            engine = _llm[config] = LLMEngine(config)
        return engine


def wants_llm_without_endpoint(settings: Settings, org_settings: dict[str, Any] | None) -> bool:
    choice = (org_settings or {}).get("intelligenceEngine") or settings.intelligence_engine
    return choice == "llm" and llm_config(settings) is None


def analyze(
    engine: Engine,
    conversation: Conversation,
    categories: Sequence[CategorySpec],
    objectives: Sequence[ObjectiveSpec],
) -> Intelligence:
    """The engine's results, read from speaker turns where meetsight cut the segments
    (`turns.by_turns`), their line indices the transcript's segment positions."""
    turns, first = by_turns(conversation, whole_sentences=conversation.own_segments)
    return result_to_segments(_analyze(engine, turns, categories, objectives), first)


def _analyze(
    engine: Engine,
    conversation: Conversation,
    categories: Sequence[CategorySpec],
    objectives: Sequence[ObjectiveSpec],
) -> Intelligence:
    builtin = builtin_engine()
    if engine is builtin:
        return builtin.analyze(conversation, categories, objectives)
    try:
        return engine.analyze(conversation, categories, objectives)
    except Exception as exc:  # any failure of the LLM path falls back; the reason is kept
        log.warning("%s failed, using the built-in engine: %s", engine.name, exc)
        result = builtin.analyze(conversation, categories, objectives)
        return dataclasses.replace(result, engine_error=f"{engine.name}: {_reason(exc)}")


def answer(engine: Engine, conversation: Conversation, question: Question) -> ChatAnswer:
    """The engine's answer, read with caption pieces joined into their sentences where meetsight
    cut them (`turns.by_turns`); citations name segment positions."""
    turns, first = by_turns(conversation, whole_sentences=False)
    return answer_to_segments(_answer(engine, turns, question), first)


def _answer(engine: Engine, conversation: Conversation, question: Question) -> ChatAnswer:
    builtin = builtin_engine()
    if engine is builtin:
        return builtin.answer(conversation, question)
    try:
        return engine.answer(conversation, question)
    except Exception as exc:
        log.warning("%s failed to answer, using the built-in engine: %s", engine.name, exc)
        return builtin.answer(conversation, question)


def _reason(exc: Exception) -> str:
    return str(getattr(exc, "reason", None) or exc) or type(exc).__name__
