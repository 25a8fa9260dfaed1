"""The LLM intelligence engine: any OpenAI-compatible chat-completions endpoint."""

from meetsight.intelligence.llm.client import LLMClient, LLMError
from meetsight.intelligence.llm.config import LLMConfig
from meetsight.intelligence.llm.engine import LLMEngine

__all__ = ["LLMClient", "LLMConfig", "LLMEngine", "LLMError"]
