"""Settings of the LLM engine: which OpenAI-compatible endpoint, which model, and the budgets."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class LLMConfig:
    base_url: str  # up to the API root, e.g. "https://api.openai.com/v1"
    model: str
    # repr=False: the key must never reach logs or tracebacks through the config's repr
    api_key: str | None = field(default=None, repr=False)
    timeout_seconds: float = 60.0
    connect_timeout_seconds: float = 10.0
    max_retries: int = 3  # retries after the first attempt, for transient failures only
    max_input_tokens: int = 12000  # budget of one request: instructions, schema and transcript
    max_output_tokens: int = 2000
    backoff_base_seconds: float = 0.5  # retry n waits about base * 2**n, with jitter
    backoff_max_seconds: float = 8.0
    retry_after_cap_seconds: float = 5.0  # a server's Retry-After is honoured up to this
    map_workers: int = 3  # parts of a long transcript analysed at the same time

    def __post_init__(self) -> None:
        if not self.base_url or not self.model:
            raise ValueError("LLMConfig needs a base_url and a model")
        if self.max_retries < 0 or self.max_input_tokens <= 0 or self.max_output_tokens <= 0:
            raise ValueError("LLMConfig budgets must be positive")
