"""`meetsight oauth-client create`: the JSON it prints, and a clear refusal of a bad client."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from fixtures.served import run_cli, server_env


def test_create_prints_the_secret_once_and_refuses_bad_redirects(tmp_path: Path) -> None:
    org = str(run_cli(tmp_path, "org", "create", "CLI")["id"])
    base = ("oauth-client", "create", "--org", org, "--name", "Claude")
    created = run_cli(
        tmp_path,
        *base,
        "--redirect-uri",
        "https://claude.ai/api/mcp/auth_callback",
        "--confidential",
    )
    assert str(created["client_id"]).startswith("msc_")
    assert str(created["client_secret"]).startswith("mss_") and created["confidential"] is True
    public = run_cli(
        tmp_path, *base, "--redirect-uri", "http://127.0.0.1:3000/cb", "--scope", "meetings:read"
    )
    assert public["client_secret"] is None and public["scopes"] == ["meetings:read"]

    refused = subprocess.run(
        [sys.executable, "-m", "meetsight.cli", *base, "--redirect-uri", "http://a.example/cb"],
        env=server_env(tmp_path),
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert refused.returncode == 1
    assert "plain http only on a loopback host" in refused.stderr.decode()
    both = subprocess.run(
        [
            sys.executable,
            "-m",
            "meetsight.cli",
            *base,
            "--redirect-uri",
            "https://a.example/cb",
            "--public",
            "--confidential",
            "--json",
        ],
        env=server_env(tmp_path),
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert both.returncode == 2 and "not allowed with" in both.stderr.decode()
