"""Settings from MEETSIGHT_* environment variables; the only module that reads the environment."""

from __future__ import annotations

import os
import secrets
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

# 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h, 8 h: ten attempts over 23.7 hours.
DEFAULT_WEBHOOK_RETRY_DELAYS = (
    30.0,
    120.0,
    600.0,
    1800.0,
    3600.0,
    7200.0,
    14400.0,
    28800.0,
    28800.0,
)


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="MEETSIGHT_", extra="ignore")

    data_dir: Path = Field(default=Path(".meetsight"), description="SQLite file and local media")
    database_url: str | None = Field(default=None, description="SQLAlchemy URL; default SQLite")
    public_url: str | None = Field(default=None, description="The spec's {base_url}")
    auth_url: str | None = Field(default=None, description="The spec's {auth_url}")
    host: str = Field(default="127.0.0.1", description="Address `meetsight serve` listens on")
    port: int = Field(default=8000, description="Port `meetsight serve` listens on")
    secret_key: str | None = Field(
        default=None, description="HMAC secret for keys and tokens; default: a file in data_dir"
    )
    previous_secret_keys: list[str] = Field(
        default_factory=list,
        description="Secrets being rotated out (JSON list): API keys made with them still work",
    )
    max_upload_bytes: int = Field(default=2 * 1024**3, description="Largest accepted upload")
    max_transcript_bytes: int = Field(default=50 * 1024**2, description="Largest transcript file")
    max_media_seconds: float = Field(
        default=4 * 3600,
        gt=0,
        description="Longest recording processed, by its header or decoded (docs/processing.md)",
    )
    # Transcript limits (meetsight.transcripts.limits; docs/processing.md#transcript-limits): an
    # import over one is refused at upload, recognition splits text longer than a segment's.
    transcript_max_segments: int = Field(
        default=50_000, ge=1, description="Segments in one transcript (48 h at one per 3.5 s)"
    )
    transcript_max_segment_chars: int = Field(
        default=1_000_000, ge=100, description="Characters in one segment (a whole-text export)"
    )
    transcript_max_chars: int = Field(
        default=5_000_000, ge=100, description="Characters in one transcript (48 h of speech)"
    )
    transcript_max_speakers: int = Field(
        default=200, ge=1, description="Distinct speakers in one transcript"
    )
    transcript_max_participants: int = Field(
        default=300, ge=1, description="People attached to one imported conversation"
    )
    api_key_cache_seconds: float = Field(
        default=2.0, description="How long a verified API key is trusted without a lookup"
    )
    # OAuth authorization server (meetsight.auth.oauth; docs/oauth.md)
    oauth_code_seconds: float = Field(
        default=60.0, gt=0, description="An authorization code must be exchanged within this"
    )
    oauth_access_token_seconds: int = Field(
        default=3600, ge=60, description="Lifetime of an OAuth access token"
    )
    oauth_refresh_token_seconds: int = Field(
        default=30 * 86400, ge=3600, description="Lifetime of a refresh token (renewed on use)"
    )
    media_url_allow_private: bool = Field(
        default=False, description="Let mediaUrl fetches reach loopback and private addresses"
    )
    media_url_connect_timeout: float = Field(
        default=10.0, gt=0, description="Seconds to resolve and connect to a mediaUrl host"
    )
    media_url_read_timeout: float = Field(
        default=60.0, gt=0, description="Longest silence while downloading a mediaUrl"
    )
    media_url_total_timeout: float = Field(
        default=2 * 3600.0, gt=0, description="Deadline for a whole mediaUrl download"
    )
    # media store (meetsight.storage; docs/storage.md): the local folder data_dir/media unless
    # media_url names an S3-compatible bucket. Credentials left unset fall back to boto3's chain
    # (AWS_ACCESS_KEY_ID..., ~/.aws, an instance role).
    media_url: str | None = Field(
        default=None, description="s3://bucket/prefix to keep media in S3; unset: data_dir/media"
    )
    media_s3_endpoint_url: str | None = Field(
        default=None, description="S3 API root for MinIO, Ceph, R2...; unset: AWS"
    )
    media_s3_region: str | None = Field(default=None, description="Bucket region, e.g. eu-west-1")
    media_s3_access_key_id: str | None = Field(
        default=None, description="S3 access key; unset: boto3's chain (AWS_*, ~/.aws, a role)"
    )
    media_s3_secret_access_key: str | None = Field(
        default=None, description="S3 secret key, with media_s3_access_key_id"
    )
    media_s3_addressing_style: Literal["auto", "path", "virtual"] = Field(
        default="auto", description="path for most self-hosted servers"
    )
    media_s3_multipart_threshold: int = Field(
        default=16 * 1024**2, ge=5 * 1024**2, description="Files this large upload in parts"
    )
    media_s3_part_size: int = Field(
        default=8 * 1024**2, ge=5 * 1024**2, le=5 * 1024**3, description="Bytes per upload part"
    )
    media_s3_connect_timeout: float = Field(default=5.0, gt=0, description="Seconds per attempt")
    media_s3_read_timeout: float = Field(default=60.0, gt=0, description="Longest silence")
    media_s3_max_attempts: int = Field(
        default=3, ge=1, description="Tries per S3 request before it counts as unavailable"
    )
    # webhooks (meetsight.webhooks; docs/webhooks.md)
    webhook_allow_private: bool = Field(
        default=False, description="Let webhook deliveries reach loopback and private addresses"
    )
    webhook_timeout_seconds: float = Field(
        default=10.0, gt=0, description="Seconds an endpoint has to answer one attempt"
    )
    webhook_retry_delays: list[float] = Field(
        default_factory=lambda: list(DEFAULT_WEBHOOK_RETRY_DELAYS),
        description="Seconds before each retry of a failed delivery (JSON list); about a day",
    )
    workers: int = Field(default=1, ge=0, description="Processing workers embedded in serve")
    job_lease_seconds: float = Field(
        default=60.0, gt=0, description="A job whose worker is silent this long is taken again"
    )
    job_poll_seconds: float = Field(default=1.0, gt=0, description="Idle workers look this often")
    worker_shutdown_grace_seconds: float = Field(
        default=10.0,
        ge=0,
        description="On SIGTERM a running job may finish this long before it is given back",
    )
    shutdown_timeout_seconds: float = Field(
        default=30.0, gt=0, description="On SIGTERM in-flight requests get this long to finish"
    )
    # speech recognition (meetsight.speech)
    asr_model: str = Field(
        default="base", description='"base", "tiny.en" or a path to a CTranslate2 Whisper folder'
    )
    asr_device: Literal["auto", "cpu", "cuda"] = Field(
        default="auto", description="Where recognition runs; auto: CUDA when CTranslate2 sees a GPU"
    )
    asr_compute_type: str = Field(
        default="auto", description="CTranslate2 compute type; auto: int8 on CPU, float16 on CUDA"
    )
    asr_backend: Literal["local", "openai"] = Field(
        default="local", description="local: faster-whisper here; openai: a transcription API"
    )
    asr_openai_url: str = Field(
        default="https://api.openai.com", description="Base URL of /v1/audio/transcriptions"
    )
    asr_openai_api_key: str | None = Field(default=None, description="Bearer key of asr_openai_url")
    asr_openai_model: str = Field(default="whisper-1", description="Model name sent to it")
    asr_threads: int = Field(
        default_factory=lambda: os.cpu_count() or 1,
        ge=1,
        description="CPU threads per recognition (CTranslate2 intra-op threads)",
        json_schema_extra={"doc_default": "the CPU count"},
    )
    # intelligence (meetsight.intelligence): the built-in engine needs nothing; an OpenAI-compatible
    # endpoint makes the LLM engine available (the default engine when set, or per organization).
    intelligence_engine: Literal["auto", "builtin", "llm"] = Field(
        default="auto", description="auto: the LLM when llm_base_url is set, else built-in"
    )
    llm_base_url: str | None = Field(
        default=None, description="OpenAI-compatible API root, e.g. https://api.openai.com/v1"
    )
    llm_model: str = Field(default="gpt-4o-mini", description="Model name sent to llm_base_url")
    llm_api_key: str | None = Field(default=None, description="Bearer key of llm_base_url")
    llm_timeout_seconds: float = Field(default=60.0, gt=0, description="Per request")
    llm_max_retries: int = Field(default=3, ge=0, description="Retries of a failed LLM request")
    llm_max_input_tokens: int = Field(default=12000, ge=1000, description="Per request")
    log_level: str = Field(default="info", description="debug, info, warning or error")
    log_format: Literal["text", "json"] = Field(
        default="text", description="json: one JSON object a line, with request and job ids"
    )
    # Prometheus metrics (meetsight.observability; docs/operations.md#metrics)
    metrics_enabled: bool = Field(default=True, description="Serve /metrics on the API port")
    metrics_token: str | None = Field(
        default=None,
        description="Bearer token /metrics asks for; unset: only loopback clients are served",
    )
    worker_metrics_host: str = Field(
        default="127.0.0.1", description="Address of `meetsight worker --metrics-port`"
    )
    worker_metrics_port: int | None = Field(
        default=None, ge=0, le=65535, description="Port of a standalone worker's /metrics"
    )
    # MCP endpoint (meetsight.mcp): DNS-rebinding protection. Empty lists mean "the host of
    # public_url and loopback names, any port"; "*" allows everything.
    mcp_allowed_hosts: list[str] = Field(
        default_factory=list,
        description='Host header values accepted at /api/v1/mcp ("h:*": any port)',
    )
    mcp_allowed_origins: list[str] = Field(
        default_factory=list,
        description='Origin header values accepted at /api/v1/mcp ("o:*": any port)',
    )

    # rate limits (meetsight.ratelimit; docs/limits.md): `limits` notation, windows separated by ";"
    rate_limits_enabled: bool = Field(
        default=True, description="Off only for test apps that send bursts on purpose"
    )
    rate_limits: str = Field(
        default="35/second;200/10 seconds;1000/minute",
        description="Per credential (API key, OAuth grant), REST and MCP together",
    )
    rate_limits_unauthenticated: str = Field(
        default="10/second;100/minute",
        description="Per client address, for requests with a missing or wrong credential",
    )
    redis_url: str | None = Field(
        default=None, description="redis://, rediss:// or unix://: rate limits shared by processes"
    )
    rate_limit_key_prefix: str = Field(default="meetsight", description="Redis key prefix")
    # security basics (meetsight.security)
    cors_origins: list[str] = Field(
        default_factory=list,
        description='Origins allowed to call the API from a browser (JSON list; "*" for any)',
    )
    max_body_bytes: int = Field(
        default=1024 * 1024, ge=1024, description="Largest request body, uploads excepted"
    )

    # web sign-in (meetsight.web; docs/web-auth.md)
    session_max_age_seconds: int = Field(
        default=7 * 24 * 3600, ge=60, description="A web session ends this long after sign-in"
    )
    session_idle_seconds: int = Field(
        default=12 * 3600, ge=60, description="A web session unused this long ends"
    )
    signin_max_failures: int = Field(
        default=5, ge=1, description="Failed sign-ins for one email that lock it"
    )
    signin_failure_window_seconds: int = Field(
        default=15 * 60, ge=1, description="The window in which failures are counted"
    )
    signin_lockout_seconds: int = Field(
        default=15 * 60, ge=1, description="How long a locked email is refused"
    )

    @field_validator("webhook_retry_delays")
    @classmethod
    def _delays_valid(cls, value: list[float]) -> list[float]:
        if len(value) > 50 or any(d < 0 or d > 7 * 86400 for d in value):
            raise ValueError("at most 50 delays, each from 0 to 604800 seconds")
        return value

    @field_validator("rate_limits", "rate_limits_unauthenticated")
    @classmethod
    def _limits_parse(cls, value: str) -> str:
        from limits import parse_many  # only the check; meetsight.ratelimit parses for use

        try:
            parse_many(value)
        except ValueError:
            raise ValueError(
                f"{value!r} is not a list of windows such as '35/second;200/10 seconds'"
            ) from None
        return value

    @field_validator("media_url")
    @classmethod
    def _media_url_parse(cls, value: str | None) -> str | None:
        if not value:
            return None
        parse_s3_url(value)
        return value

    @property
    def sqlite_path(self) -> Path:
        return self.data_dir / "meetsight.db"

    @property
    def media_dir(self) -> Path:
        return self.data_dir / "media"

    def resolved_database_url(self) -> str:
        if self.database_url:
            return normalise_database_url(self.database_url)
        return f"sqlite+aiosqlite:///{self.sqlite_path}"

    def resolved_public_url(self) -> str:
        return (self.public_url or f"http://{self.host}:{self.port}").rstrip("/")

    def resolved_auth_url(self) -> str:
        return (self.auth_url or self.resolved_public_url()).rstrip("/")

    def previous_hmac_secrets(self) -> list[bytes]:
        """Secrets rotated out that API keys may still have been made with."""
        return [s.encode() for s in self.previous_secret_keys if s]

    def hmac_secret(self) -> bytes:
        """The server secret; generated once into the data dir when not configured."""
        if self.secret_key:
            return self.secret_key.encode()
        path = self.data_dir / "secret.key"
        if not path.exists():
            self.data_dir.mkdir(parents=True, exist_ok=True)
            path.write_text(secrets.token_urlsafe(48))
            path.chmod(0o600)
        return path.read_text().strip().encode()


def parse_s3_url(url: str) -> tuple[str, str]:
    """(bucket, key prefix ending in "/" or empty) of s3://bucket/prefix."""
    if not url.startswith("s3://"):
        raise ValueError(f"{url!r}: media_url must look like s3://bucket/prefix")
    bucket, _, prefix = url.removeprefix("s3://").partition("/")
    if not bucket:
        raise ValueError(f"{url!r}: media_url names no bucket")
    prefix = prefix.strip("/")
    if ".." in prefix.split("/"):
        raise ValueError(f"{url!r}: the prefix must not contain '..'")
    return bucket, f"{prefix}/" if prefix else ""


class ClientSettings(BaseSettings):
    """What the remote commands (`meetsight upload`, `meetings list`...) need: where the server
    is and the API key; flags override them."""

    model_config = SettingsConfigDict(env_prefix="MEETSIGHT_", extra="ignore")

    server: str | None = Field(default=None, description="Base URL of a meetsight server")
    api_key: str | None = Field(default=None, description="API key the remote commands send")


def normalise_database_url(url: str) -> str:
    """Accept plain postgresql:// and sqlite:// URLs and pick the async drivers."""
    if url.startswith(("postgres://", "postgresql://")):
        return "postgresql+asyncpg://" + url.split("://", 1)[1]
    if url.startswith("sqlite://"):
        return "sqlite+aiosqlite://" + url.split("://", 1)[1]
    return url


@lru_cache
def get_settings() -> Settings:
    return Settings()
