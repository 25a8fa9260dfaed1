"""The Host/Origin allow-lists built from settings."""

from __future__ import annotations

from pathlib import Path

from meetsight.config import Settings
from meetsight.mcp.origins import origin_policy


def test_defaults_allow_the_public_host_and_loopback(tmp_path: Path) -> None:
    policy = origin_policy(Settings(data_dir=tmp_path, public_url="https://meet.example.com"))
    assert policy.host_allowed("meet.example.com")
    assert policy.host_allowed("127.0.0.1:8000") and policy.host_allowed("localhost")
    assert policy.host_allowed("[::1]:9000")
    assert not policy.host_allowed("evil.example") and not policy.host_allowed(None)
    assert not policy.host_allowed("localhost.evil.example")
    assert not policy.host_allowed("localhost:80.evil")
    assert policy.origin_allowed(None)  # not a browser
    assert policy.origin_allowed("https://meet.example.com")
    assert policy.origin_allowed("http://localhost:6274")
    assert not policy.origin_allowed("https://evil.example")
    assert not policy.origin_allowed("http://meet.example.com")  # another scheme


def test_configured_lists_replace_the_defaults(tmp_path: Path) -> None:
    settings = Settings(
        data_dir=tmp_path,
        mcp_allowed_hosts=["api.example.com", "internal:*"],
        mcp_allowed_origins=["https://app.example.com/"],
    )
    policy = origin_policy(settings)
    assert policy.host_allowed("API.example.com") and policy.host_allowed("internal:8443")
    assert not policy.host_allowed("localhost:8000")
    assert policy.origin_allowed("https://app.example.com")
    assert not policy.origin_allowed("http://localhost:3000")


def test_a_star_allows_everything(tmp_path: Path) -> None:
    policy = origin_policy(Settings(data_dir=tmp_path, mcp_allowed_hosts=["*"]))
    assert policy.host_allowed("anything.example:1234")


def test_building_the_server_leaves_root_logging_alone() -> None:
    import logging

    from meetsight.mcp.server import build_mcp_server

    root = logging.getLogger()
    saved = (list(root.handlers), root.level)
    root.handlers[:] = []  # as in a fresh process, where basicConfig would install its handler
    root.setLevel(logging.WARNING)
    try:
        build_mcp_server()
        assert root.handlers == [] and root.level == logging.WARNING
    finally:
        root.handlers[:], _ = saved
        root.setLevel(saved[1])
